"""The stone base: grid games of Left's stones ``x`` and Right's stones ``o`` that move
about the board (Clobber, Anti-Clobber, Konane).

A ruleset writes its rule as :meth:`StoneGame.stone_moves`: each move as the board after
it and the single-bit masks of the cells it names (where the stone starts, where it
stops). The base gives the placements (the cells, for the move values and their words),
the moves of each player, and :func:`swap_key`, a region's key up to the symmetries of
the square and the colour swap. The board must be given (a board of stones has no empty
default).

>>> from grundy.cgt.games.clobber import Clobber
>>> g = Clobber()
>>> (s,) = g.parse_args(["xo"])
>>> [cells for _, cells in g.placements(s, "L")]
[((0, 0), (0, 1))]
>>> swap_key(s)  # x o keeps its colours (its mirror o x swapped is x o again)
((1, 2, (1,), (2,)), False)
>>> swap_key(g.parse_args(["xxo"])[0])  # mirrored and swapped, x x o is x o o: negated
((1, 3, (1,), (6,)), True)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._grid import row_images, rows_of
from grundy.cgt.games._shapes import GridGame, Placement
from grundy.core.game import LEFT, Player

__all__ = ["StoneGame", "steps_onto", "swap_key"]


@dataclass(frozen=True)
class StoneGame(GridGame):
    """A grid game of stones: the state is ``(h, w, x, o, ...)``, one mask per symbol but
    the blank."""

    symbols = "xo."
    pieces: ClassVar[dict[str, str]] = {"x": "black", "o": "white", ".": "empty"}
    needs_board = True

    def stone_moves(self, state: Any, left: bool) -> Iterator[tuple[Any, int, int]]:
        """Each move of Left (``left``) or Right: the board after it, and the cell where
        the stone starts and the one where it stops (single-bit masks)."""
        raise NotImplementedError

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        stride = state[1] + 1
        for after, *marks in self.stone_moves(state, player == LEFT):
            yield after, tuple(divmod(m.bit_length() - 1, stride) for m in marks)

    def left_moves(self, state: Any) -> Iterator[Any]:
        return (after for after, _, _ in self.stone_moves(state, True))

    def right_moves(self, state: Any) -> Iterator[Any]:
        return (after for after, _, _ in self.stone_moves(state, False))


def steps_onto(mine: int, target: int, w: int) -> Iterator[tuple[int, int]]:
    """Each stone of ``mine`` next to a cell of ``target`` (orthogonally, on a board ``w``
    wide, rows ``w + 1`` bits apart): the stone's bit and the target cell's, rightwards,
    leftwards, downwards, then upwards.

    >>> list(steps_onto(0b1, 0b10, 3))
    [(1, 2)]
    """
    for shift in (1, w + 1):
        for forward in (True, False):
            src = mine & (target >> shift) if forward else mine & (target << shift)
            while src:
                low = src & -src
                yield low, low << shift if forward else low >> shift
                src ^= low


def swap_key(region: tuple[int, ...]) -> tuple[Hashable, bool]:
    """The least image of the board ``(h, w, x, o, ...)`` under the 8 symmetries of the
    square, or the least with ``x`` and ``o`` swapped when that is strictly less (``True``:
    swapped, the value negated)."""
    h, w, *masks = region
    images = [i for _, i in row_images(h, w, [rows_of(h, w, m) for m in masks])]
    plain = min((i[0], i[1], *i[2]) for i in images)
    swapped = min((i[0], i[1], i[2][1], i[2][0], *i[2][2:]) for i in images)
    return (swapped, True) if swapped < plain else (plain, False)
