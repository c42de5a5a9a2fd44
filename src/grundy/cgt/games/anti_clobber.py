"""Anti-Clobber (CGSuite's ``game.grid.AntiClobber``): Clobber played backwards in time.

Left's stones ``x`` and Right's ``o`` stand on a board of empty squares ``.`` and
non-squares ``#`` (rows separated by ``/``). A player moves one of their stones onto an
orthogonally adjacent *empty* square and leaves an enemy stone on the square it left
(CGSuite: ``GenClobber(clobbered => {Left => {0}, Right => {0}}, leftBehind => {Left => 2,
Right => 1})``). Who cannot move loses.

Each move fills one empty square, and stones move only onto empty squares, so parts of
the board joined by no path of squares never interact: the regions are the 4-connected
groups of squares that hold a stone and an empty square, keyed up to the 8 symmetries of
the square; swapping the colours negates the value.

>>> from grundy.cgt import value_of
>>> g = AntiClobber()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in ("x.", "x.o", ".x.", "xoxo/oo..")]
['1', '*', '0', '{*|-1}']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from grundy.cgt.games._grid import groups_with
from grundy.cgt.games._shapes import WHO, square_words
from grundy.cgt.games._stones import StoneGame, steps_onto, swap_key
from grundy.core.game import LEFT, Player

__all__ = ["AntiClobber", "AntiClobberState"]

#: ``(h, w, left stones, right stones, empty squares)`` as bit masks (see :mod:`._grid`);
#: the other cells are no squares.
AntiClobberState = tuple[int, int, int, int, int]

_SYNTAX = (
    "anti-clobber ROWS  (x Left's stone, o Right's, . empty, # no square; rows separated by /)"
)


@dataclass(frozen=True)
class AntiClobber(StoneGame):
    """Anti-Clobber on any board."""

    name = "anti-clobber"
    aliases = ("anticlobber",)
    syntax = _SYNTAX
    rule = (
        "a player moves one of their stones (Left x, Right o) onto an orthogonally adjacent "
        "empty square and leaves a stone of the other colour on the square it left (a "
        "Clobber move played backwards); who cannot move loses"
    )
    example = "anti-clobber xo./.ox"
    memo_family = "anti-clobber"
    symbols = "xo.#"
    pieces: ClassVar[dict[str, str]] = {"x": "black", "o": "white", ".": "empty", "#": "hole"}

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Which stone moves where, rows and columns numbered from 1.

        >>> g = AntiClobber()
        >>> (s,) = g.parse_args(["x."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left: x at row 1, column 1 moves to row 1, column 2, leaving an o'
        """
        a, b = ("x", "o") if player == LEFT else ("o", "x")
        return (
            f"{WHO[player]}: {a} at {square_words(cells[0])} moves to "
            f"{square_words(cells[1])}, leaving an {b}"
        )

    def stone_moves(
        self, state: AntiClobberState, left: bool
    ) -> Iterator[tuple[AntiClobberState, int, int]]:
        h, w, xs, os, es = state
        mine, theirs = (xs, os) if left else (os, xs)
        for low, dst in steps_onto(mine, es, w):  # onto an empty square
            new_mine, new_theirs = (mine ^ low) | dst, theirs | low
            if left:
                yield (h, w, new_mine, new_theirs, es ^ dst), low, dst
            else:
                yield (h, w, new_theirs, new_mine, es ^ dst), low, dst

    def regions(self, state: AntiClobberState) -> Iterator[AntiClobberState]:
        """The 4-connected groups of squares holding a stone and an empty square."""
        _h, w, xs, os, es = state
        return cast("Iterator[AntiClobberState]", groups_with(w, (xs, os, es), es, xs | os))

    def number_value(self, region: AntiClobberState) -> int | None:
        """0 when neither player's stones touch an empty square (nobody can move), else None."""
        _h, w, xs, os, es = region
        near = (es << 1) | (es >> 1) | (es << (w + 1)) | (es >> (w + 1))
        return 0 if not near & (xs | os) else None

    def signed_region_key(self, region: AntiClobberState) -> tuple[Hashable, bool]:
        """The least image under the symmetries of the square and the colour swap."""
        return swap_key(region)
