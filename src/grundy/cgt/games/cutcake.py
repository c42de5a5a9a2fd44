"""Cutcake (Winning Ways, ch. 2): Left cuts a rectangle vertically, Right horizontally.

A cake of R rows and C columns of squares: Left's move cuts one rectangle
along a vertical grid line (between two columns) into two; Right's cuts one
along a horizontal line (between two rows). A 1xC strip is C-1 free moves for
Left. Transposing a piece negates its value.

>>> from grundy.cgt import value_of
>>> g = Cutcake()
>>> [str(value_of(g, s)) for s in g.parse_args(["1x4", "2x2", "2x4"])]
['3', '0', '1']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._pieces import PieceTable, TableState, changed_piece
from grundy.core.game import LEFT, RIGHT, Play, Player

__all__ = ["Cutcake"]

#: A sorted tuple of pieces ``(rows, cols)``.
CutcakeState = TableState


@dataclass(frozen=True)
class Cutcake(PieceTable):
    """Cutcake; a state is a sorted tuple of rectangles ``(rows, cols)``."""

    name = "cutcake"
    rule = (
        "Left cuts one rectangle into two along a vertical line between columns, "
        "Right along a horizontal line between rows; who cannot cut loses"
    )
    example = "cutcake 4x6"
    memo_family = "cutcake"
    #: A move's cells name the line it cuts along (:meth:`plays`): a front end shows the
    #: move as a cut between squares, not as squares taken.
    cut_lines: ClassVar[bool] = True

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which piece is cut into which two.

        >>> Cutcake().describe_move(((2, 4),), ((2, 1), (2, 3)), "L")
        'Left cuts the 2x4 piece into 2x1 and 2x3'
        """
        gone, rest = changed_piece(state, after)
        if len(gone) != 1 or len(rest) != 2:
            return super().describe_move(state, after, side)
        (r, c), (a, b) = gone[0], sorted(rest)
        who = "Left" if side == "L" else "Right"
        return f"{who} cuts the {r}x{c} piece into {a[0]}x{a[1]} and {b[0]}x{b[1]}"

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The cuts as values, in the order of :meth:`left_moves` / :meth:`right_moves`.
        A cut names the squares just past its line and past the mirror line (the same
        cut): Left's cut between columns ``k-1`` and ``k`` of a piece of ``C`` columns
        names columns ``k`` and ``C-k``, Right's rows ``k`` and ``R-k``; the pieces'
        squares counted one piece after another, row by row (as :meth:`board` draws them;
        none on a table that has no board).

        >>> [p.cells for p in Cutcake().plays(((2, 3),), "L")]
        [(1, 2, 4, 5)]
        >>> [p.cells for p in Cutcake().plays(((1, 2), (2, 2)), "R")]
        [(4, 5)]
        """
        side = RIGHT if player == RIGHT else LEFT
        moves = self.left_moves if side == LEFT else self.right_moves
        drawn = self.board(state) is not None  # no board (a piece past 40 a side): no cells
        cells = (
            _cut_cells(offset, piece, k, side == LEFT) if drawn else ()
            for offset, piece in _offsets(state)
            for k in range(1, piece[1 if side == LEFT else 0] // 2 + 1)
        )
        for after, named in zip(moves(state), cells, strict=True):
            yield Play((after,), player, named, self.describe_move(state, after, side))

    def left_moves(self, state: CutcakeState) -> Iterator[CutcakeState]:
        for i, (r, c) in enumerate(state):
            rest = state[:i] + state[i + 1 :]
            for k in range(1, c // 2 + 1):
                yield tuple(sorted((*rest, (r, k), (r, c - k))))

    def right_moves(self, state: CutcakeState) -> Iterator[CutcakeState]:
        for i, (r, c) in enumerate(state):
            rest = state[:i] + state[i + 1 :]
            for k in range(1, r // 2 + 1):
                yield tuple(sorted((*rest, (k, c), (r - k, c))))

    def regions(self, state: CutcakeState) -> Iterator[CutcakeState]:
        for piece in state:
            if piece != (1, 1):
                yield (piece,)


def _offsets(state: CutcakeState) -> Iterator[tuple[int, tuple[int, int]]]:
    """Each piece with the index of its first square on the table's board."""
    offset = 0
    for r, c in state:
        yield offset, (r, c)
        offset += r * c


def _cut_cells(offset: int, piece: tuple[int, int], k: int, vertical: bool) -> tuple[int, ...]:
    """The squares just past the ``k``-th line of ``piece`` and past its mirror line:
    columns ``k`` and ``C-k`` for a vertical cut, rows ``k`` and ``R-k`` for a horizontal one.

    >>> _cut_cells(0, (2, 4), 1, True), _cut_cells(6, (3, 2), 1, False)
    ((1, 3, 5, 7), (8, 9, 10, 11))
    """
    r, c = piece
    lines = sorted({k, (c if vertical else r) - k})
    if vertical:
        return tuple(offset + i * c + j for i in range(r) for j in lines)
    return tuple(offset + i * c + j for i in lines for j in range(c))
