"""Partizan Splittles (CGSuite's ``game.heap.PartizanSplittles``): a partizan subtraction
game in which the heap may also be split.

``partizan-splittles:L|R N...``: heaps of ``N`` counters. Left removes exactly ``s``
counters from one heap for some ``s`` in her set ``L``, Right for some ``s`` in his set
``R`` (sets written like ``1,3`` or ``2..5``), and the mover may leave what remains as one
heap or split it into two non-empty heaps. Who cannot move loses.

CGSuite defines ``Splittles(S)`` as the take-and-break game whose code has the digit 7 at
each place ``s`` in ``S`` (remove ``s``, leaving 0, 1 or 2 heaps) and
``PartizanSplittles(L, R)`` as Left playing ``Splittles(L)`` and Right ``Splittles(R)``;
so ``partizan-splittles:1,2|1,2`` is Kayles (code 0.77).

>>> from grundy.cgt import value_of
>>> g = PartizanSplittles.from_params("1|2")
>>> [str(value_of(g, s)) for s in g.parse_args(["1", "2", "3"])]
['1', '{1|0}', '{2|1}']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games.partizan_subtraction import HeapsState, PartizanSubtraction
from grundy.core.game import LEFT, RIGHT, Play, Player

__all__ = ["PartizanSplittles"]

_SYNTAX = "partizan-splittles:L|R N...  (L Left's set, R Right's, like 1,3|2..4; N heaps)"


@dataclass(frozen=True)
class PartizanSplittles(PartizanSubtraction):
    """Left subtracts a member of ``left_set``, Right of ``right_set``; either may then
    split what is left of the heap in two."""

    name = "partizan-splittles"
    aliases = ("partisan-splittles",)
    syntax = _SYNTAX
    rule = (
        "Left removes exactly s counters from one heap for some s in her set L, Right for "
        "some s in his set R, and the mover leaves the rest as one heap or splits it into "
        "two non-empty heaps; who cannot move loses"
    )
    example = "partizan-splittles:1,3|2,3 7"

    def _heap_moves(
        self, state: HeapsState, subset: tuple[int, ...]
    ) -> Iterator[tuple[HeapsState, int, tuple[int, ...]]]:
        """Each move: the heaps after it, the index of the heap played and what it leaves."""
        for i, n in enumerate(state):
            if n in state[:i]:
                continue
            rest = state[:i] + state[i + 1 :]
            for s in subset:
                r = n - s
                if r < 0:
                    continue
                leaves: list[tuple[int, ...]] = [()] if r == 0 else [(r,)]
                leaves += [(a, r - a) for a in range(1, r // 2 + 1)]
                for left in leaves:
                    yield tuple(sorted((*rest, *left))), i, left

    def _moves(self, state: HeapsState, subset: tuple[int, ...]) -> Iterator[HeapsState]:
        return (after for after, _, _ in self._heap_moves(state, subset))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values, in the order of :meth:`left_moves` / :meth:`right_moves`,
        each naming the heap it takes from (a heap of :meth:`board`), with the words
        :meth:`describe_move` gives the position it leads to.

        >>> g = PartizanSplittles.from_params("1,3|2,3")
        >>> [(p.after, p.cells) for p in g.plays((2, 4), "R")][:3]
        [(((4,),), (0,)), (((2, 2),), (1,)), (((1, 1, 2),), (1,))]
        """
        side: Player = RIGHT if player == RIGHT else LEFT
        subset = self.left_set if side == LEFT else self.right_set
        first: dict[HeapsState, str] = {}  # describe_move names the first move to a position
        for after, i, rest in self._heap_moves(state, subset):
            words = first.setdefault(after, _words(side, state[i], rest))
            yield Play((after,), player, (i,), words)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which heap loses how many counters, and what is left of it.

        >>> g = PartizanSplittles.from_params("1,3|2,3")
        >>> g.describe_move((7,), (1, 3), "L"), g.describe_move((7,), (5,), "R")
        ('Left takes 3 from the heap of 7 and splits the rest into 1 and 3', \
'Right takes 2 from the heap of 7')
        """
        player: Player = RIGHT if side == RIGHT else LEFT
        subset = self.left_set if player == LEFT else self.right_set
        found = next(
            (
                _words(player, state[i], rest)
                for a, i, rest in self._heap_moves(state, subset)
                if a == after
            ),
            None,
        )
        return found or super().describe_move(state, after, side)


def _words(player: Player, heap: int, left: tuple[int, ...]) -> str:
    who = "Left" if player == LEFT else "Right"
    words = f"{who} takes {heap - sum(left)} from the heap of {heap}"
    if len(left) == 2:
        words += f" and splits the rest into {left[0]} and {left[1]}"
    return words
