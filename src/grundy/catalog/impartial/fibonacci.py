"""Fibonacci Nim: one pile; a move may take at most twice what the opponent just took.

The state is ``(n, cap)``: n counters left, and the mover may remove 1 to
``cap`` of them (never more than n). After removing k the opponent's cap is
2k. A game starts as ``fibonacci N``, where the first move may take 1 to N-1
(not the whole pile), i.e. the state ``(N, N-1)``.

Theorem (Whinihan 1963): with ``z(n)`` the smallest term of the Zeckendorf
representation of n (n as a sum of non-consecutive Fibonacci numbers),
``(n, cap)`` with n > 0 is an N-position exactly when ``cap ≥ z(n)``. So
``fibonacci N`` is lost by the first player exactly when N is a Fibonacci
number.

>>> from grundy import solve
>>> [str(m) for m in solve("fibonacci 20").winning_moves]
['fibonacci 18 4']
>>> solve("fibonacci 21").outcome
'P'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.board import Board, Heaps
from grundy.core.game import Answer, ImpartialGame, MisereAnswer, Play, Player
from grundy.core.params import parse_natural
from grundy.core.text import short_number as _short
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = [
    "FibonacciNim",
    "fibonacci_winning_takes",
    "is_fibonacci_p",
    "zeckendorf",
]

_SYNTAX = "fibonacci N [CAP]  (a pile of N; CAP = most the mover may take, default N-1)"

#: Largest n for which the Grundy value of an N-position is searched.
SEARCH_LIMIT = 400

#: The Fibonacci numbers 1, 2, 3, 5, ... computed so far (grown on demand).
_FIBS = [1, 2]

#: Most winning moves a large N-position passes to :func:`~grundy.solve`.
_THEOREM_MOVES = 1000

#: Winning takes written out in the explanation.
_SHOWN = 10

#: Most moves :meth:`FibonacciNim.moves` will list (a search beyond this is hopeless).
MOVE_LIMIT = 1_000_000


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf representation of n ≥ 0: non-consecutive Fibonacci numbers, largest first.

    Greedy: take the largest Fibonacci number that fits, repeat (Zeckendorf's
    theorem: the result is the unique such representation).

    >>> zeckendorf(100)
    [89, 8, 3]
    >>> zeckendorf(0)
    []
    """
    fibs = _FIBS
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    out: list[int] = []
    i = bisect_right(fibs, n) - 1
    while n:
        while fibs[i] > n:
            i -= 1
        out.append(fibs[i])
        n -= fibs[i]
        i -= 2  # the next term cannot be the neighbour
    return out


def _smallest_term(n: int) -> int:
    terms = zeckendorf(n)
    return terms[-1]


def is_fibonacci_p(n: int, cap: int) -> bool:
    """True when ``(n, cap)`` is a P-position: n = 0, or cap < the smallest Zeckendorf term.

    >>> is_fibonacci_p(13, 12), is_fibonacci_p(12, 1), is_fibonacci_p(12, 0)
    (True, False, True)
    """
    return n == 0 or min(cap, n) < _smallest_term(n)


def fibonacci_winning_takes(n: int, cap: int) -> list[int]:
    """Every k (1 ≤ k ≤ min(cap, n)) whose removal leaves a P-position.

    If removing k leaves m = n - k with 2k < z(m), then k < z(m)/2, so the
    terms of k are at least two places below z(m) and Zeckendorf(n) is
    Zeckendorf(m) followed by Zeckendorf(k). Hence a winning k is always a sum
    of the j smallest terms of n, and such a sum wins exactly when it is all of
    n or 2k is less than the next term up. The smallest term alone always
    wins (the next term is at least twice as big plus one).

    >>> zeckendorf(12), fibonacci_winning_takes(12, 11)
    ([8, 3, 1], [1])
    >>> zeckendorf(17), fibonacci_winning_takes(17, 16)
    ([13, 3, 1], [1, 4])
    """
    cap = min(cap, n)
    terms = zeckendorf(n)
    out: list[int] = []
    k = 0
    for j in range(len(terms) - 1, -1, -1):
        k += terms[j]
        if k > cap:
            break
        if j == 0 or 2 * k < terms[j - 1]:
            out.append(k)
    return out


@dataclass(frozen=True)
class FibonacciNim(ImpartialGame[tuple[int, int]]):
    """Fibonacci Nim on the state ``(n, cap)``.

    A move removes k counters with ``1 ≤ k ≤ min(cap, n)`` and gives the
    state ``(n - k, 2k)``; the player who cannot move loses (normally because
    the pile is empty; ``(n, 0)`` with n > 0, e.g. ``fibonacci 1``, also has
    no move). The cap is stored as ``min(cap, n)``.

    Outcomes and winning moves are by Whinihan's theorem for any n; Grundy
    values of N-positions have no known closed form (Larsson and
    Rubinstein-Salzedo 2016 describe those up to 3) and are searched for small n.

    >>> sorted(FibonacciNim().moves((5, 2)))
    [(3, 3), (4, 2)]
    >>> FibonacciNim().grundy_formula((13, 12))
    0
    """

    name = "fibonacci"
    rule = (
        "one pile; the first move takes 1..N-1, then each move takes 1 to twice the "
        "opponent's last take (or 1..CAP from the state N CAP); the last mover wins"
    )
    example = "fibonacci 20"
    syntax = _SYNTAX

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) not in (1, 2):
            raise InvalidSpecError(
                f"fibonacci needs a pile size and an optional cap, got {len(args)} arguments",
                _SYNTAX,
            )
        n = parse_natural(args[0], "the pile size N", _SYNTAX)
        cap = parse_natural(args[1], "the cap", _SYNTAX) if len(args) == 2 else max(n - 1, 0)
        return [(n, min(cap, n))]

    def board(self, state: Any) -> Board | None:
        """The pile, as a heap of counters (the most a move may take is in the spec).

        >>> FibonacciNim().board((5, 2))
        Heaps(heaps=(5,), last=())
        """
        return Heaps((state[0],))

    def format_state(self, state: Any) -> str:
        n, cap = state
        return str(n) if cap == max(n - 1, 0) else f"{n} {cap}"

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values naming the pile (the one heap of :meth:`board`).

        >>> [(p.after, p.cells) for p in FibonacciNim().plays((3, 2))]
        [(((2, 2),), (0,)), (((1, 1),), (0,))]
        """
        for option in self.split_moves(state):
            yield Play(option, player, (0,), self.describe_move(state, option))

    def moves(self, state: tuple[int, int]) -> Iterator[tuple[int, int]]:
        n, cap = state
        if min(cap, n) > MOVE_LIMIT:
            raise UnsupportedError(
                f"fibonacci {_short(n)} {_short(cap)} has too many moves to list; "
                "the formula answers it alone (normal play), but not inside a search"
            )
        return ((n - k, min(2 * k, n - k)) for k in range(1, min(cap, n) + 1))

    def grundy_formula(self, state: tuple[int, int]) -> int | None:
        n, cap = state
        if is_fibonacci_p(n, cap):
            return 0
        if n > SEARCH_LIMIT:
            takes = fibonacci_winning_takes(n, cap)
            raise UnsupportedError(
                f"fibonacci {_short(n)} {_short(cap)} is an N-position (the player to move "
                f"wins by taking {_short(takes[0])}), but Grundy values of Fibonacci Nim "
                "N-positions have no known closed form and this pile is too large to search"
            )
        return None

    def misere_solve(self, states: Sequence[tuple[int, int]], max_moves: int) -> Answer | None:
        """Misère Fibonacci Nim, one pile: the last counter is poison.

        Theorem: for n ≥ 1 and cap ≥ 1, the winning takes from misère (n, cap)
        are exactly those from normal (n-1, cap). Proof by induction on n:
        taking the whole pile loses at once, and any other take k leaves
        (n-k ≥ 1, 2k ≥ 1), a misère P-position iff normal (n-1-k, 2k) is a
        P-position. With no move (n = 0, or cap = 0) the player to move wins.
        So misère (n, cap) is lost iff cap < z(n-1) (n ≥ 2), or n = 1 with
        cap ≥ 1. A sum of several piles is left to the generic search.

        >>> FibonacciNim().misere_solve([(5, 4)], 10).winning
        ((0, ((4, 2),)), (0, ((1, 1),)))
        """
        if len(states) != 1:
            return None
        n, cap = states[0]
        method = (
            "misère Fibonacci Nim: the winning takes from (n, cap) are those of normal "
            "play from (n-1, cap) (Whinihan's theorem there)"
        )
        if n == 0 or cap == 0:
            why = "No move is possible, so the player to move wins (the last mover lost)."
            return MisereAnswer("N", method, (why,), (), 0)
        lines = [
            "Misère play: whoever takes the last counter loses, so it is never taken while "
            "another move exists; the game is normal Fibonacci Nim on the other "
            f"{_short(n - 1)} counters.",
            *self.explain([(n - 1, min(cap, n - 1))], [0])[1:],
        ]
        takes = fibonacci_winning_takes(n - 1, cap)
        if not takes:
            return MisereAnswer("P", method, tuple(lines), (), 0)
        winning = tuple((0, ((n - k, min(2 * k, n - k)),)) for k in takes[:max_moves])
        return MisereAnswer("N", method, tuple(lines), winning, len(takes))

    def formula_name(self) -> str:
        return "Whinihan 1963: (n, cap) is a P-position iff cap < smallest Zeckendorf term of n"

    def outcome_theorem(self, state: tuple[int, int], misere: bool) -> Answer | None:
        """A large N-position alone: the outcome and its winning moves, by the theorem.

        Its Grundy value has no closed form and is beyond search, so the result
        has ``grundy = None``. At most ``_THEOREM_MOVES`` moves are passed on.
        """
        n, cap = state
        if misere or n <= SEARCH_LIMIT or is_fibonacci_p(n, cap):
            return None
        takes = fibonacci_winning_takes(n, cap)
        return Answer.theorem(
            "N",
            self.formula_name() + "; the Grundy value of this N-position is not known "
            "(no closed form, too large to search)",
            tuple(self.explain([state], [1])),
            winning=tuple(((n - k, min(2 * k, n - k)),) for k in takes[:_THEOREM_MOVES]),
            winning_total=len(takes),
        )

    def options_with_value(
        self, state: tuple[int, int], value: int
    ) -> Iterable[tuple[tuple[int, int], ...]] | None:
        if value != 0:
            return None
        n, _ = state
        return [((n - k, min(2 * k, n - k)),) for k in fibonacci_winning_takes(*state)]

    def count_options_with_value(self, state: tuple[int, int], value: int) -> int | None:
        return len(fibonacci_winning_takes(*state)) if value == 0 else None

    def describe_move(self, state: tuple[int, int], option: tuple[tuple[int, int], ...]) -> str:
        n, _ = state
        ((m, _),) = option
        k = n - m
        return f"take {_short(k)} (the opponent may then take up to {_short(2 * k)})"

    def explain(self, states: Sequence[tuple[int, int]], values: Sequence[int]) -> list[str]:
        lines = [
            "Whinihan's theorem: (n, cap) is won by the player to move iff cap is at least "
            "the smallest term of the Zeckendorf representation of n (n as a sum of "
            "non-consecutive Fibonacci numbers)."
        ]
        for n, cap in states:
            if n == 0:
                lines.append("The pile is empty: no move.")
                continue
            terms = zeckendorf(n)
            shown = " + ".join(_short(t) for t in terms[:8])
            if len(terms) > 8:
                shown += f" + ... ({len(terms)} terms)"
            z = terms[-1]
            lines.append(f"Zeckendorf: {_short(n)} = {shown}; smallest term {_short(z)}.")
            if cap < z:
                lines.append(
                    f"The cap {_short(cap)} is below {_short(z)}: whatever k is taken, "
                    "the opponent can take the smallest term of what is left."
                )
            else:
                takes = fibonacci_winning_takes(n, cap)
                lines.append(
                    f"The cap {_short(cap)} reaches {_short(z)}: take it; what is left has "
                    "a smallest term more than twice as big, out of the opponent's reach."
                )
                if len(takes) > 1:
                    rest = ", ".join(_short(k) for k in takes[1:_SHOWN])
                    if len(takes) > _SHOWN:
                        rest += f", ... ({len(takes) - 1} in all)"
                    lines.append(
                        "Taking a sum of the smallest terms also wins when twice it is below "
                        f"the next term: here also {rest}."
                    )
        return lines
