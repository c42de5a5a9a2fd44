"""The game of divisors: replace a number N by one of its divisors d < N; 1 cannot move.

>>> from grundy import solve
>>> r = solve("divisors 12 5")
>>> r.grundy, [str(p) for p in r.winning_moves]
(2, ['divisors 3 5', 'divisors 2 5'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.catalog.impartial.factoring import factorization_note, factorize
from grundy.core.game import Answer, HeapGame, Move
from grundy.core.misere import sj_answer
from grundy.core.text import short_number as _short
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = ["Divisors", "count_divisors_with_omega", "divisors_with_omega"]

_SYNTAX = "divisors N...  (each N >= 1)"


def divisors_with_omega(factors: dict[int, int], k: int) -> Iterator[int]:
    """Every divisor with exactly ``k`` prime factors (with multiplicity), lazily.

    An exponent vector ``(e_1, ..., e_r)`` with ``0 <= e_i <= a_i`` and sum ``k``
    is walked like an odometer (no recursion).

    >>> sorted(divisors_with_omega({2: 2, 3: 1}, 2))
    [4, 6]
    """
    primes = list(factors)
    caps = [factors[p] for p in primes]
    r = len(primes)
    if k < 0 or k > sum(caps):
        return
    # suffix[i]: most factors the primes i.. can contribute
    suffix = [0] * (r + 1)
    for i in range(r - 1, -1, -1):
        suffix[i] = suffix[i + 1] + caps[i]
    exps = [0] * r

    def fill(start: int, remaining: int) -> None:
        """Greedy: as many factors as possible to the last primes, the first get the rest."""
        for i in range(start, r):
            e = max(0, remaining - suffix[i + 1])
            exps[i] = e
            remaining -= e

    fill(0, k)
    while True:
        d = 1
        for p, e in zip(primes, exps, strict=True):
            if e:
                d *= p**e
        yield d
        # Next vector: find the rightmost i < r-1 that can grow while the rest can still fit.
        moved = False
        for i in range(r - 2, -1, -1):
            rest = sum(exps[i + 1 :])
            if exps[i] < caps[i] and rest >= 1:
                exps[i] += 1
                fill(i + 1, rest - 1)
                moved = True
                break
        if not moved:
            return


def count_divisors_with_omega(factors: dict[int, int], k: int) -> int:
    """How many divisors have exactly ``k`` prime factors: [x^k] of prod (1 + x + ... + x^a).

    >>> count_divisors_with_omega({2: 2, 3: 1}, 1)
    2
    """
    poly = [1]
    for a in factors.values():
        new = [0] * (len(poly) + a)
        for i, c in enumerate(poly):
            for j in range(a + 1):
                new[i + j] += c
        poly = new
    return poly[k] if 0 <= k < len(poly) else 0


@dataclass(frozen=True)
class Divisors(HeapGame):
    """The game of divisors. A component is a number N >= 1; a move replaces N
    by a divisor d of N with d < N. The number 1 has no move.

    G(N) = Omega(N), the number of prime factors of N counted with
    multiplicity: every proper divisor has fewer prime factors, and dropping
    any number of them is a move, so N is a Nim heap of Omega(N). (Not the XOR
    of the exponents: that is the game where one prime's exponent is lowered.)

    Values need the factorisation of N (:mod:`grundy.catalog.impartial.factoring`).

    >>> Divisors().grundy_formula(360)
    6
    >>> sorted(Divisors().moves(12))
    [1, 2, 3, 4, 6]
    """

    name = "divisors"
    sj_hypothesis = True
    rule = "replace a number N by one of its divisors d < N; 1 cannot move; the last mover wins"
    example = "divisors 12 5"
    syntax = _SYNTAX
    #: The smallest state: there is no heap 0, so there is no table of heaps 0..N.
    first_state = 1

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        states = super().parse_args(args)
        for a, n in zip(args, states, strict=True):
            if n < 1:
                raise InvalidSpecError(
                    f"a number in divisors must be at least 1, got {a!r}", _SYNTAX
                )
        return states

    def moves(self, state: int) -> Iterator[int]:
        factors = factorize(state)
        total = sum(factors.values())
        for k in range(total):
            yield from divisors_with_omega(factors, k)

    def grundy_formula(self, state: int) -> int:
        try:
            return sum(factorize(state).values())
        except UnsupportedError as err:
            raise UnsupportedError(
                f"divisors {_short(state)}: its Grundy value Omega(N) needs its prime factors, "
                f"and {err}; on its own the number is an N-position (move to 1): "
                f"ask 'grundy solve divisors {_short(state)}' alone"
            ) from None

    def outcome_theorem(self, state: int, misere: bool) -> Answer | None:
        """The outcome of a lone number whose factorisation is out of reach (else None: the
        value Omega(N) answers everything).

        Under normal play every N > 1 wins by moving to 1, which has no move.
        Under misère play a number that is not prime (Omega >= 2) wins by moving
        to one of its prime factors, which then cannot be named.

        >>> Divisors().outcome_theorem(12, False) is None
        True
        """
        try:
            factorize(state)
        except UnsupportedError as err:
            why = f"the factorisation was not found: {err}"
            if not misere:
                return Answer.theorem(
                    "N",
                    "divisors: a lone number N > 1 is an N-position, since 1 has no move "
                    f"; its Grundy value Omega(N) is not known, as {why}",
                    (
                        f"{_short(state)} > 1, and the divisor 1 has no move, so replacing "
                        f"{_short(state)} by 1 wins; it is the only winning move (every other "
                        "divisor d > 1 can itself move to 1).",
                    ),
                    winning=(Move((1,), f"replace {_short(state)} by its divisor 1"),),
                    winning_total=1,
                )
            return Answer(
                "N",
                "divisors, misère: a lone number that is not prime is an N-position "
                f"(Omega(N) >= 2; misère Nim on one heap); no winning move is named, as {why}",
                (
                    f"{_short(state)} is not prime, so it has at least two prime factors; "
                    "replacing it by one of its prime factors leaves the opponent a number "
                    "whose only move is to 1, the last move, which loses under misère play. "
                    "No such factor could be found, so no move is named.",
                ),
            )
        return None

    def formula_name(self) -> str:
        return "divisors: G(N) = Omega(N), prime factors with multiplicity (a Nim heap)"

    def options_with_value(self, state: int, value: int) -> Iterator[tuple[int, ...]]:
        factors = factorize(state)
        if value < sum(factors.values()):
            for d in divisors_with_omega(factors, value):
                yield (d,)

    def count_options_with_value(self, state: int, value: int) -> int:
        factors = factorize(state)
        if value >= sum(factors.values()):
            return 0
        return count_divisors_with_omega(factors, value)

    def misere_solve(self, states: Sequence[int], max_moves: int) -> Answer | None:
        """Misère play: N *is* the Nim heap Omega(N) (as a game tree), so misère Nim applies.

        >>> Divisors().misere_solve([2, 3], 10).outcome
        'N'
        """
        values = [self.grundy_formula(n) for n in states]
        return sj_answer(
            self,
            states,
            values,
            max_moves,
            "misère Nim theorem (Bouton 1901): each N is the Nim heap Omega(N) as a game tree",
        )

    def describe_move(self, state: int, option: tuple[int, ...]) -> str:
        return f"replace {_short(state)} by its divisor {_short(option[0])}"

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        lines = [
            "Divisors: G(N) = Omega(N), the number of prime factors of N with multiplicity "
            "(a move can drop any number of them, and only drops)."
        ]
        notes = set()
        for n, v in list(zip(states, values, strict=True))[:10]:
            factors = factorize(n)
            note = factorization_note(factors)
            if note:
                notes.add(note)
            text = " * ".join(
                _short(p) if e == 1 else f"{_short(p)}^{e}" for p, e in factors.items()
            )
            lines.append(f"  {_short(n)} = {text or '1'}: G = {v}")
        if len(states) > 10:
            lines.append(f"  ... and {len(states) - 10} more numbers")
        lines.extend(f"  Note: {n}" for n in sorted(notes))
        return lines
