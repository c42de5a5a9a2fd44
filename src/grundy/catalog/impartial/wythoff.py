"""Wythoff's game: two piles; take any number from one pile, or the same number from both.

The P-positions are the pairs ``(⌊kφ⌋, ⌊kφ²⌋)`` and their mirror images,
``k = 0, 1, 2, ...`` with ``φ = (1+√5)/2`` (Wythoff 1907). Here they are
computed with exact integers (``⌊kφ⌋ = (k + isqrt(5k²)) // 2``), never with
floating point, so piles with thousands of digits are answered exactly.

>>> from grundy import solve
>>> r = solve("wythoff 4 6")
>>> r.outcome, [str(m) for m in r.winning_moves]
('N', ['wythoff 3 5'])
>>> [wythoff_pair(k) for k in range(5)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from math import isqrt
from typing import Any

from grundy.catalog.impartial._heaps import HeapRow
from grundy.core.game import Answer, MisereAnswer, Play, Player
from grundy.core.text import short_number as _short
from grundy.errors import UnsupportedError

__all__ = [
    "Wythoff",
    "is_wythoff_misere_p",
    "is_wythoff_p",
    "lower_wythoff",
    "wythoff_misere_p_options",
    "wythoff_p_options",
    "wythoff_pair",
    "wythoff_partner",
]

_SYNTAX = "wythoff A B  (two pile sizes)"

#: Largest a·b·(a+b) for which the Grundy value of an N-position is searched.
SEARCH_COST_LIMIT = 3_000_000

#: Most moves :meth:`Wythoff.moves` will list (a search beyond this is hopeless).
MOVE_LIMIT = 1_000_000

#: Where misère Wythoff differs from normal play: True marks a misère P-position.
_MISERE_SWAP = {
    (0, 0): False,
    (1, 2): False,
    (2, 1): False,
    (0, 1): True,
    (1, 0): True,
    (2, 2): True,
}


def lower_wythoff(k: int) -> int:
    """``⌊kφ⌋`` exactly: the smaller pile of the k-th P-position.

    ``kφ = (k + √(5k²)) / 2`` and, k being an integer, the floor of that equals
    ``(k + isqrt(5k²)) // 2``.

    >>> [lower_wythoff(k) for k in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    """
    return (k + isqrt(5 * k * k)) // 2


def wythoff_pair(k: int) -> tuple[int, int]:
    """The k-th P-position ``(⌊kφ⌋, ⌊kφ²⌋)``; the piles differ by exactly k.

    >>> wythoff_pair(3)
    (4, 7)
    """
    a = lower_wythoff(k)
    return a, a + k


def is_wythoff_p(a: int, b: int) -> bool:
    """True when ``(a, b)`` is a P-position (the player to move loses).

    >>> is_wythoff_p(3, 5), is_wythoff_p(5, 3), is_wythoff_p(3, 4)
    (True, True, False)
    """
    lo, hi = (a, b) if a <= b else (b, a)
    return lower_wythoff(hi - lo) == lo


def wythoff_partner(v: int) -> int:
    """The unique w such that ``(v, w)`` is a P-position.

    Every positive integer is exactly one of ``⌊kφ⌋`` or ``⌊kφ⌋ + k`` for some
    k ≥ 1 (the two Beatty sequences of φ and φ² partition them), so the
    partner exists and is unique. The index k is ``⌈v/φ⌉`` or ``⌈v/φ²⌉``;
    both candidates are found with ``isqrt`` and confirmed exactly.

    >>> [wythoff_partner(v) for v in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]
    """
    if v == 0:
        return 0
    r = isqrt(5 * v * v)
    k_low = (r - v) // 2  # about v/φ
    for k in range(max(k_low - 1, 1), k_low + 3):
        a = lower_wythoff(k)
        if a == v:
            return a + k
    k_up = (3 * v - r) // 2  # about v/φ²
    for k in range(max(k_up - 1, 1), k_up + 3):
        a = lower_wythoff(k)
        if a + k == v:
            return a
    raise AssertionError(f"no Wythoff partner found for {v}")  # pragma: no cover


def wythoff_p_options(a: int, b: int) -> list[tuple[int, int]]:
    """Every move from ``(a, b)`` to a P-position: at most three.

    A P-position reachable by lowering one pile keeps the other pile, so it is
    ``(partner(b), b)`` or ``(a, partner(a))``; one reachable by lowering both
    keeps the difference k, so it is the k-th pair. Each is a move only when
    it lowers a pile.

    >>> wythoff_p_options(4, 6)
    [(3, 5)]
    >>> wythoff_p_options(10, 20)
    [(10, 6)]
    >>> wythoff_p_options(7, 10)
    [(6, 10), (7, 4), (4, 7)]
    """
    out: list[tuple[int, int]] = []
    pa = wythoff_partner(b)
    if pa < a:
        out.append((pa, b))
    pb = wythoff_partner(a)
    if pb < b:
        out.append((a, pb))
    lo, hi = (a, b) if a <= b else (b, a)
    x, _ = wythoff_pair(hi - lo)
    if x < lo:
        d = lo - x
        out.append((a - d, b - d))
    return out


def is_wythoff_misere_p(a: int, b: int) -> bool:
    """True when ``(a, b)`` is a P-position of misère Wythoff (the last mover loses).

    The misère P-positions are the normal ones with (0, 0), (1, 2), (2, 1)
    replaced by (0, 1), (1, 0), (2, 2); checked by search for piles below 40.

    >>> [(a, b) for a in range(6) for b in range(6) if is_wythoff_misere_p(a, b)]
    [(0, 1), (1, 0), (2, 2), (3, 5), (5, 3)]
    """
    special = _MISERE_SWAP.get((a, b))
    return is_wythoff_p(a, b) if special is None else special


def _reaches(a: int, b: int, x: int, y: int) -> bool:
    return (x == a and y < b) or (y == b and x < a) or (0 < a - x == b - y)


def wythoff_misere_p_options(a: int, b: int) -> list[tuple[int, int]]:
    """Every move from ``(a, b)`` to a misère P-position.

    >>> wythoff_misere_p_options(3, 3)
    [(2, 2)]
    """
    out = [o for o in wythoff_p_options(a, b) if o not in _MISERE_SWAP]
    out += [o for o, p in _MISERE_SWAP.items() if p and _reaches(a, b, *o)]
    return out


def _distinct(options: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The first of each pair of piles up to order: ``(3, 5)`` and ``(5, 3)`` are one
    position (the rules treat the two piles alike), as from ``(5, 5)``.

    >>> _distinct([(3, 5), (5, 3), (1, 2)])
    [(3, 5), (1, 2)]
    """
    seen: set[tuple[int, int]] = set()
    out = []
    for x, y in options:
        key = (min(x, y), max(x, y))
        if key not in seen:
            seen.add(key)
            out.append((x, y))
    return out


@dataclass(frozen=True)
class Wythoff(HeapRow[tuple[int, int]]):
    """Wythoff's game on piles ``(a, b)``.

    A move removes one or more counters from one pile, or the same positive
    number from both piles; the player who cannot move (both piles empty)
    loses. The state is the pair of piles, in the order given.

    Closed form: ``(a, b)`` is a P-position exactly when, with ``a ≤ b`` and
    ``k = b - a``, ``a = ⌊kφ⌋`` (Wythoff 1907). So the Grundy value of a
    P-position is 0 by formula; the Grundy values of N-positions have no known
    closed form and come from the generic search (small positions only).
    Winning moves come from the formula for any size.

    >>> Wythoff().grundy_formula((6, 10))
    0
    >>> sorted(Wythoff().moves((1, 1)))
    [(0, 0), (0, 1), (1, 0)]
    """

    name = "wythoff"
    rule = (
        "two piles: remove one or more counters from one pile, or the same number from "
        "both; the last mover wins"
    )
    example = "wythoff 4 6"
    syntax = _SYNTAX
    heap_count = 2
    heap_word = "pile"

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values naming the piles they take from (the heaps of :meth:`board`:
        0 the first pile, 1 the second, both for a move on the diagonal).

        >>> [(p.after, p.cells) for p in Wythoff().plays((1, 1))]
        [(((0, 1),), (0,)), (((1, 0),), (1,)), (((0, 0),), (0, 1))]
        """
        a, b = state
        piles = chain(repeat((0,), a), repeat((1,), b), repeat((0, 1), min(a, b)))
        for option, cells in zip(self.split_moves(state), piles, strict=True):
            yield Play(option, player, cells, self.describe_move(state, option))

    def moves(self, state: tuple[int, int]) -> Iterator[tuple[int, int]]:
        a, b = state
        if a + b + min(a, b) > MOVE_LIMIT:
            raise UnsupportedError(
                f"wythoff {_short(a)} {_short(b)} has too many moves to list; "
                "the formula answers it alone, but not inside a search"
            )
        return self._moves(a, b)

    @staticmethod
    def _moves(a: int, b: int) -> Iterator[tuple[int, int]]:
        for x in range(a):
            yield (x, b)
        for y in range(b):
            yield (a, y)
        for d in range(1, min(a, b) + 1):
            yield (a - d, b - d)

    def grundy_formula(self, state: tuple[int, int]) -> int | None:
        a, b = state
        if is_wythoff_p(a, b):
            return 0
        if a * b * (a + b) > SEARCH_COST_LIMIT:
            moves = wythoff_p_options(a, b)
            shown = ", ".join(f"({_short(x)}, {_short(y)})" for x, y in moves)
            raise UnsupportedError(
                f"wythoff {_short(a)} {_short(b)} is an N-position (the player to move wins "
                f"by moving to {shown}), but Grundy values of Wythoff N-positions have no "
                "known closed form and this position is too large to search"
            )
        return None

    def formula_name(self) -> str:
        return "Wythoff 1907: P-positions (⌊kφ⌋, ⌊kφ²⌋), exact integer square roots"

    def outcome_theorem(self, state: tuple[int, int], misere: bool) -> Answer | None:
        """A large N-position alone: the outcome and every winning move, by the formula.

        Its Grundy value has no closed form and is beyond search, so the result
        has ``grundy = None``.
        """
        a, b = state
        if misere or is_wythoff_p(a, b) or a * b * (a + b) <= SEARCH_COST_LIMIT:
            return None
        moves = _distinct(wythoff_p_options(a, b))
        return Answer.theorem(
            "N",
            self.formula_name() + "; the Grundy value of this N-position is not known "
            "(no closed form, too large to search)",
            tuple(self.explain([state], [1])),
            winning=tuple((o,) for o in moves),
            winning_total=len(moves),
        )

    def misere_solve(self, states: Sequence[tuple[int, int]], max_moves: int) -> Answer | None:
        """Misère Wythoff, one pair of piles: the normal P-positions with three swapped.

        Claim: the misère P-positions are the normal ones with (0, 0), (1, 2),
        (2, 1) replaced by (0, 1), (1, 0), (2, 2). Proof: no move joins two of
        them (a normal pair (a, b) with b - a ≥ 2 has a ≥ 3, so it reaches none
        of the three new pairs, which reach no normal pair). From any other
        position but (0, 0): (1, 2) and (2, 1) move to (1, 0) and (0, 1); a
        position whose normal winning move went to (0, 0) is (0, n), (n, 0) or
        (n, n) and moves to (0, 1), (1, 0), (1, 0) or (2, 2); one whose normal
        move went to (1, 2) is (1, n>2), (n≥3, 2) or (1+d, 2+d) and moves to
        (1, 0), (2, 2) or (0, 1) (symmetrically for (2, 1)); all others keep
        their normal winning move. Also checked by search for piles below 40.
        A sum of several Wythoff games is left to the generic search.
        """
        if len(states) != 1:
            return None
        a, b = states[0]
        lines = [
            "Misère Wythoff (the last mover loses): the P-positions are those of normal "
            "play, except that (0, 0), (1, 2), (2, 1) are replaced by (0, 1), (1, 0), "
            "(2, 2)."
        ]
        method = "misère Wythoff: normal P-positions with (0,0),(1,2),(2,1) → (0,1),(1,0),(2,2)"
        if is_wythoff_misere_p(a, b):
            lines.append(f"({_short(a)}, {_short(b)}) is one of them: every move loses.")
            return MisereAnswer("P", method, tuple(lines), (), 0)
        opts = _distinct(wythoff_misere_p_options(a, b))
        lines.append(f"({_short(a)}, {_short(b)}) is not; the winning moves reach one.")
        winning = tuple((0, (o,)) for o in opts[:max_moves])
        return MisereAnswer("N", method, tuple(lines), winning, len(opts))

    def options_with_value(
        self, state: tuple[int, int], value: int
    ) -> Iterable[tuple[tuple[int, int], ...]] | None:
        if value != 0:
            return None
        return [(o,) for o in _distinct(wythoff_p_options(*state))]

    def count_options_with_value(self, state: tuple[int, int], value: int) -> int | None:
        return len(_distinct(wythoff_p_options(*state))) if value == 0 else None

    def describe_move(self, state: tuple[int, int], option: tuple[tuple[int, int], ...]) -> str:
        (a, b), ((x, y),) = state, option
        if x < a and y < b:
            return f"take {_short(a - x)} from both piles"
        if x < a:
            return f"take {_short(a - x)} from the first pile ({_short(a)} -> {_short(x)})"
        return f"take {_short(b - y)} from the second pile ({_short(b)} -> {_short(y)})"

    def explain(self, states: Sequence[tuple[int, int]], values: Sequence[int]) -> list[str]:
        lines = [
            "The P-positions of Wythoff's game are the pairs (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋+k), "
            "k = 0, 1, 2, ..., and their mirror images (φ = (1+√5)/2; Wythoff 1907)."
        ]
        for a, b in states:
            lo, hi = min(a, b), max(a, b)
            k = hi - lo
            x, y = wythoff_pair(k)
            head = f"({_short(a)}, {_short(b)}): the piles differ by k = {_short(k)}, and "
            head += f"⌊kφ⌋ = {_short(x)}, so the P-position with this difference is "
            head += f"({_short(x)}, {_short(y)})"
            if x == lo:
                lines.append(head + ": this is it, so every move leads to an N-position.")
                continue
            lines.append(head + ".")
            moves = wythoff_p_options(a, b)
            pairs = ", ".join(f"({_short(p)}, {_short(q)})" for p, q in moves)
            lines.append(
                f"  It is not this position, which therefore is an N-position; the P-positions "
                f"reachable in one move are {pairs}."
            )
        return lines
