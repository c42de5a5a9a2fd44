"""The table base: games on a table of rectangular pieces of cake, ``R`` rows by ``C``
columns each (Cutcake, and CGSuite's ``GenCutcake`` family in :mod:`.cakes`).

A state is a sorted tuple of pieces ``(rows, cols)``; a move changes one piece into
others. The base gives parsing (one ``RxC`` per argument), printing, the board (each piece
a grid of squares), the key of a piece (transposing one negates its value: Left's and
Right's directions swap) and :func:`changed_piece`, the piece a move changed and what it
left, for the move's words.

>>> from grundy.cgt.games.cutcake import Cutcake
>>> Cutcake().parse_args(["2x3", "1x2"])
[((2, 3),), ((1, 2),)]
>>> from grundy.cgt.games.cakes import Eatcake
>>> Eatcake().parse_args(["0x0", "1x2"])  # an eaten table (Cutcake refuses 0x0)
[(), ((1, 2),)]
>>> changed_piece(((1, 2), (2, 3)), ((1, 1), (1, 2), (1, 2)))
([(2, 3)], [(1, 1), (1, 2)])
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._shapes import board_size
from grundy.core.board import Board, Grid, combine
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError

__all__ = ["Piece", "PieceTable", "TableState", "changed_piece", "table_syntax"]

Piece = tuple[int, int]
#: A sorted tuple of pieces ``(rows, cols)``.
TableState = tuple[Piece, ...]


def table_syntax(name: str) -> str:
    """The syntax of a table game called ``name``."""
    return f"{name} RxC...  (one rectangle of R rows and C columns per argument)"


@dataclass(frozen=True)
class PieceTable(PartisanGame[TableState]):
    """A game on a table of rectangular pieces; each argument is one table of one piece."""

    merges_components = True
    #: True: ``0x0`` is a table with nothing left (all eaten), as it prints.
    empty_table: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name and "syntax" not in cls.__dict__:  # every table game is written alike
            cls.syntax = table_syntax(cls.name)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError(f"{self.name} needs at least one rectangle", self.syntax)
        shape, empty = "a rectangle is RxC", "the rectangle {} is empty"
        return [
            ()
            if self.empty_table and a == "0x0"
            else (board_size(a, self.syntax, shape=shape, empty=empty),)
            for a in args
        ]

    def format_state(self, state: Any) -> str:
        return " ".join(f"{r}x{c}" for r, c in state) or "0x0"

    def board(self, state: Any) -> Board | None:
        """Each piece of cake as a grid of squares (None past 40 squares a side)."""
        if not state or any(r > 40 or c > 40 for r, c in state):
            return None
        return combine([Grid(r, c, ("cake",) * (r * c)) for r, c in state])

    def signed_region_key(self, region: TableState) -> tuple[Hashable, bool]:
        """A piece, or its transpose (negated) when that is smaller."""
        ((r, c),) = region
        return ((c, r), True) if c < r else ((r, c), False)


def changed_piece(state: TableState, after: TableState) -> tuple[list[Piece], list[Piece]]:
    """The pieces of ``state`` gone from ``after`` and the pieces of ``after`` new to it."""
    rest = list(after)
    gone = []
    for piece in state:
        if piece in rest:
            rest.remove(piece)
        else:
            gone.append(piece)
    return gone, rest
