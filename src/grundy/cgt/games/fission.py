"""Fission (CGSuite's ``game.grid.Fission``): a stone splits in two, Left's vertically,
Right's horizontally.

Neutral stones ``x`` lie on a grid (``.`` empty, ``#`` no square). Left picks a stone
whose squares just north and south are both empty; the stone is removed and a stone is
put on each of those two squares. Right does the same east and west. Who cannot move
loses. A move changes a stone and the two squares next to it, and never the set of
squares (stones and empty ones), so the regions are the 4-connected groups of squares:
no move joins two of them. They are keyed up to the symmetries of the square (a
transposed region has the negative value), and walked in C where the compiled core runs
(``_core/fission.c`` on the one walk of ``_core/walk.h``, same keys).

>>> from grundy.cgt import value_of
>>> g = Fission()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in (".../.x./...", "./x/.", ".x.", "./x/./.")]
['0', '1', '-1', '2']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._grid import groups_with
from grundy.cgt.games._shapes import WHO, GridGame, Placement, fits_bitboard, square_words
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError

__all__ = ["Fission", "FissionState"]

#: ``(h, w, stones, empty squares)`` as bit masks (see :mod:`._grid`); ``#`` is neither.
FissionState = tuple[int, int, int, int]


@dataclass(frozen=True)
class Fission(GridGame):
    """Fission on any board."""

    name = "fission"
    syntax = (
        "fission ROWS  (x a stone, . empty, # no square; rows separated by /) or fission:RxC ROWS"
    )
    rule = (
        "Left removes a stone whose squares just north and south are both empty and puts a "
        "stone on each of them; Right does the same east and west; who cannot move loses"
    )
    example = "fission ...../..x../...../....."
    memo_family = "fission"
    symbols = "x.#"
    pieces: ClassVar[dict[str, str]] = {"x": "black", ".": "empty", "#": "hole"}
    transpose_negates = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args and self.rows is None:
            raise InvalidSpecError("fission needs the board", self.syntax)
        return super().parse_args(args)

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        h, w, stones, empty = state
        step = w + 1 if player == LEFT else 1
        # stones with an empty square on both sides in the player's direction
        free = stones & (empty << step) & (empty >> step)
        while free:
            low = free & -free
            free ^= low
            pair = (low << step) | (low >> step)
            after = (h, w, (stones ^ low) | pair, (empty & ~pair) | low)
            r, c = divmod(low.bit_length() - 1, w + 1)
            yield after, ((r, c),)

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Which stone splits, and which way.

        >>> g = Fission()
        >>> (s,) = g.parse_args(["./x/."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left splits the stone at row 2, column 1 north and south'
        """
        ((r, c),) = cells
        way = "north and south" if player == LEFT else "east and west"
        return f"{WHO[player]} splits the stone at {square_words((r, c))} {way}"

    def regions(self, state: Any) -> Iterator[Any]:
        _h, w, stones, empty = state
        return groups_with(w, (stones, empty), stones, empty)

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The compiled walk (``fission_value``), for keys whose board fits 64 bits."""
        return compiled_walk("fission", 7, fits_bitboard, fits_bitboard)
