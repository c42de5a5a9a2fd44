"""Ferguson's pairing game: empty one box, split the other into two non-empty boxes.

>>> from grundy import solve
>>> r = solve("ferguson 3 4")
>>> r.grundy, [str(p) for p in r.winning_moves]
(2, ['ferguson 1 3'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.catalog.impartial._heaps import HeapRow
from grundy.core.game import Answer, MisereAnswer, Play, Player
from grundy.core.text import short_number as _short

__all__ = ["Ferguson", "ferguson_grundy"]

_SYNTAX = "ferguson M N  (two boxes, each M, N >= 1)"

Boxes = tuple[int, int]


def _trailing_ones(x: int) -> int:
    return (x ^ (x + 1)).bit_length() - 1


def ferguson_grundy(m: int, n: int) -> int:
    """G(m, n) = the number of trailing 1-bits of (m-1) OR (n-1).

    Proof (by induction on m + n): splitting a box of k gives (a, k-a); with
    x = a-1, y = k-a-1 (x + y = k-2) the value x|y ends in exactly t 1-bits
    iff the low t bits of x and y cover 0..t-1, bit t is 0 in both, and the
    low t+1 bits of x + y lie in [2^t - 1, 2^(t+1) - 2]: that is, iff bit t of
    k-1 is 1. So the values reachable by splitting k are the set bits of k-1,
    and G(m, n) = mex(bits of m-1 and of n-1) = trailing ones of (m-1)|(n-1).

    >>> [ferguson_grundy(1, n) for n in range(1, 9)]
    [0, 1, 0, 2, 0, 1, 0, 3]
    """
    return _trailing_ones((m - 1) | (n - 1))


def _splits_with_value(k: int, t: int) -> Iterator[Boxes]:
    """Every split ``(a, k-a)``, ``a <= k-a``, of a box of k with value ``t``."""
    if k < 2 or not (k - 1) >> t & 1:
        return
    big_k = k - 2
    mask = (1 << t) - 1
    w = (big_k & ((1 << (t + 1)) - 1)) - mask  # the AND of the low t bits of x and y
    free = mask & ~w
    free_bits = [1 << i for i in range(t) if free >> i & 1]
    high = big_k >> (t + 1)
    step = 1 << (t + 1)
    for xh in range(high + 1):
        for index in range(1 << len(free_bits)):
            s = 0
            for j, bit in enumerate(free_bits):
                if index >> j & 1:
                    s |= bit
            x = (w | s) + step * xh
            y = big_k - x
            if x <= y:
                yield (x + 1, y + 1)
        if step * xh > big_k - step * xh:
            return


def _count_splits_with_value(k: int, t: int) -> int:
    if k < 2 or not (k - 1) >> t & 1:
        return 0
    big_k = k - 2
    mask = (1 << t) - 1
    w = (big_k & ((1 << (t + 1)) - 1)) - mask
    ordered = (1 << (t - w.bit_count())) * ((big_k >> (t + 1)) + 1)
    middle = 1 if big_k % 2 == 0 and _trailing_ones(big_k // 2) == t else 0
    return (ordered + middle) // 2


def _misere_set(k: int) -> bool:
    """Boxes of a misère P-position: 1 or 2 (mod 3)-sized."""
    return k == 1 or k % 3 == 2


@dataclass(frozen=True)
class Ferguson(HeapRow[Boxes]):
    """Ferguson's pairing game. A position is two boxes of m, n >= 1 counters.
    A move empties one box and splits the other into two non-empty boxes, so a
    box of 1 cannot be split; (1, 1) has no move.

    Normal play: G(m, n) = trailing 1-bits of (m-1) | (n-1) (see
    :func:`ferguson_grundy`); so (m, n) is a P-position iff m and n are both odd.
    Misère play of one position: P iff both boxes are 1 or 2 (mod 3), except (1, 1).

    >>> Ferguson().grundy_formula((4, 6))
    3
    >>> sorted(Ferguson().split_moves((2, 4)))
    [((1, 1),), ((1, 3),), ((2, 2),)]
    """

    name = "ferguson"
    rule = (
        "two boxes of counters: empty one box and split the other into two non-empty "
        "boxes; the last mover wins"
    )
    example = "ferguson 3 4"
    syntax = _SYNTAX
    heap_count = 2
    heap_word = "box"
    least_heap = 1

    @staticmethod
    def _boxes(state: Boxes) -> list[int]:
        m, n = state
        return [k for k in ((m,) if m == n else (m, n)) if k >= 2]

    def moves(self, state: Boxes) -> Iterator[Boxes]:
        for k in self._boxes(state):
            for a in range(1, k // 2 + 1):
                yield (a, k - a)

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values naming both boxes (the heaps of :meth:`board`): each move
        empties one box and splits the other.

        >>> [(p.after, p.cells) for p in Ferguson().plays((1, 4))]
        [(((1, 3),), (0, 1)), (((2, 2),), (0, 1))]
        """
        for option in self.split_moves(state):
            yield Play(option, player, (0, 1), self.describe_move(state, option))

    def grundy_formula(self, state: Boxes) -> int:
        return ferguson_grundy(*state)

    def formula_name(self) -> str:
        return "Ferguson's game: G(m, n) = trailing 1-bits of (m-1) OR (n-1) (proof in docs)"

    def options_with_value(self, state: Boxes, value: int) -> Iterator[tuple[Boxes, ...]]:
        for k in self._boxes(state):
            for pair in _splits_with_value(k, value):
                yield (pair,)

    def count_options_with_value(self, state: Boxes, value: int) -> int:
        return sum(_count_splits_with_value(k, value) for k in self._boxes(state))

    def misere_solve(self, states: Sequence[Boxes], max_moves: int) -> Answer | None:
        if len(states) != 1:
            return None
        m, n = states[0]
        p_position = _misere_set(m) and _misere_set(n) and (m, n) != (1, 1)
        method = "Ferguson misère: P iff both boxes are 1 or 2 (mod 3), except (1, 1)"
        why = (
            "Misère (the last mover loses): (1, 1) has no move, so it is won by the player "
            "to move.",
            "From boxes that are each 1 or 2 (mod 3) (not both 1), every split of a box "
            "k = 2 (mod 3) gives a box that is 0 or 1 (mod 3) and not 1, or (1, 1).",
            "Any other box can be split back into such a pair: 3j into (1, 3j-1), "
            "3j+1 into (2, 3j-1).",
        )
        if p_position:
            return MisereAnswer("P", method, (*why, f"({m}, {n}) is such a pair: P."), (), 0)
        winning: list[tuple[int, tuple[Any, ...]]] = []
        total = 0
        for k in self._boxes((m, n)):
            if k % 3 == 0:
                total += 1
                if len(winning) < max_moves:
                    winning.append((0, ((1, k - 1),)))
            elif k % 3 == 1 and k >= 4:
                count = (k // 2 + 1) // 3  # a = 2 (mod 3), 2 <= a <= k/2
                total += count
                a = 2
                while a <= k // 2 and len(winning) < max_moves:
                    winning.append((0, ((a, k - a),)))
                    a += 3
        return MisereAnswer(
            "N", method, (*why, f"({m}, {n}) is not such a pair: N."), tuple(winning), total
        )

    def describe_move(self, state: Boxes, option: tuple[Boxes, ...]) -> str:
        a, b = option[0]
        m, n = state
        k = a + b
        empty = n if k == m else m
        return f"empty the box of {empty}, split the box of {k} into {a} and {b}"

    def explain(self, states: Sequence[Boxes], values: Sequence[int]) -> list[str]:
        lines = [
            "Ferguson: splitting a box of k reaches exactly the values t with bit t of k-1 "
            "set, so G(m, n) = mex = trailing 1-bits of (m-1) OR (n-1)."
        ]
        for (m, n), v in list(zip(states, values, strict=True))[:6]:
            x = (m - 1) | (n - 1)
            shown = bin(x)[2:]
            shown = shown if len(shown) <= 40 else "..." + shown[-30:]
            lines.append(f"  ({_short(m)}, {_short(n)}): (m-1)|(n-1) = {shown} in binary, G = {v}")
        if len(states) == 1 and len(values) == 1:
            lines.append(
                "  Outcome: P iff both boxes are odd (then every split leaves an even box)."
            )
        return lines
