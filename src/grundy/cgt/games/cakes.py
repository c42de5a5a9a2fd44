"""The cakes of CGSuite's ``GenCutcake`` besides Cutcake: Eatcake, Maundy Cake and
Turn-and-Eatcake.

A position is a table of rectangular pieces of cake, ``R`` rows by ``C`` columns, one per
argument (``RxC``), as in :mod:`.cutcake`. A move changes one piece; the pieces it leaves
are added to the table. Each rule is CGSuite's (``game.heap.constants``):

* **Eatcake** (``GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7"))``, also Bynum's
  game): Left eats one whole column of a piece, Right one whole row; what is left on
  either side of it (if anything) becomes a piece.
* **Maundy Cake** (``GenCutcake(TakeAndBreak("{2+}=.0"), ...)``): Left cuts a piece
  into two or more equal pieces by vertical cuts (``k`` pieces of ``C/k`` columns, ``k`` a
  divisor of ``C``), Right by horizontal cuts.
* **Turn-and-Eatcake** (Eatcake with ``twisted => true``): Left eats one whole row of a
  piece, Right one whole column, and every piece left from it is then turned a quarter
  (its rows become its columns).

In each, transposing a piece negates its value.

>>> from grundy.cgt import value_of
>>> [str(value_of(g, g.parse_args(["8x1"])[0])) for g in (Eatcake(), MaundyCake())]
['^', '-7']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games._pieces import Piece, PieceTable, TableState, changed_piece
from grundy.core.game import LEFT, RIGHT, Play, Player

__all__ = ["CakeGame", "Eatcake", "MaundyCake", "TurnAndEatcake"]

CakeState = TableState


def _eaten(n: int) -> Iterator[tuple[int, ...]]:
    """A line of ``n`` eaten at one place: the lengths left on its two sides (none of 0);
    one of each pair of mirror images."""
    for b in range((n - 1) // 2 + 1):
        yield tuple(k for k in (b, n - b - 1) if k)


def _columns(r: int, c: int) -> Iterator[tuple[int, ...]]:
    """The squares of each column of an ``r`` x ``c`` piece (row by row), one of each
    pair of mirror images, as :func:`_eaten` lists them."""
    return (tuple(i * c + j for i in range(r)) for j in range((c - 1) // 2 + 1))


def _rows(r: int, c: int) -> Iterator[tuple[int, ...]]:
    """The squares of each row of an ``r`` x ``c`` piece, as :func:`_columns`."""
    return (tuple(j * c + k for k in range(c)) for j in range((r - 1) // 2 + 1))


def _shared(n: int) -> Iterator[tuple[int, ...]]:
    """``n`` cut into ``k >= 2`` equal parts, for each divisor ``k`` of ``n``."""
    for k in range(2, n + 1):
        if n % k == 0:
            yield (n // k,) * k


@dataclass(frozen=True)
class CakeGame(PieceTable):
    """A game of ``GenCutcake``'s shape: each player changes one piece along one side."""

    empty_table = True

    def left_parts(self, r: int, c: int) -> Iterator[tuple[Piece, ...]]:
        """The pieces that each move of Left leaves of an ``r`` x ``c`` piece."""
        raise NotImplementedError

    def piece_moves(self, piece: Piece, left: bool) -> Iterator[tuple[Piece, ...]]:
        """The pieces that one move of Left (``left``) or Right leaves of ``piece``: Right's
        moves are Left's on the transposed piece, transposed back (in every cake here)."""
        r, c = piece
        if left:
            return self.left_parts(r, c)
        return (tuple((b, a) for a, b in parts) for parts in self.left_parts(c, r))

    def _moves(self, state: CakeState, left: bool) -> Iterator[CakeState]:
        for i, piece in enumerate(state):
            if piece in state[:i]:
                continue
            rest = state[:i] + state[i + 1 :]
            for parts in self.piece_moves(piece, left):
                yield tuple(sorted((*rest, *parts)))

    def piece_cells(self, piece: Piece, left: bool) -> Iterator[tuple[int, ...]]:
        """The squares (indices of the piece's grid, row by row) each move of
        :meth:`piece_moves` names, in the same order."""
        raise NotImplementedError

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values, in the order of :meth:`left_moves` / :meth:`right_moves`:
        each names the squares it eats (or where its cuts fall) on the table's board, the
        pieces' squares counted one piece after another (a piece of ``R`` rows and ``C``
        columns is ``R*C`` squares, row by row), so that a click on the board finds it
        (none on a table that has no board).

        >>> [p.cells for p in Eatcake().plays(((1, 2), (2, 2)), LEFT)]
        [(0,), (2, 4)]
        """
        side = RIGHT if player == RIGHT else LEFT
        left = side == LEFT
        drawn = self.board(state) is not None  # no board (a piece past 40 a side): no cells
        offset = 0
        for i, piece in enumerate(state):
            if piece not in state[:i]:
                rest = state[:i] + state[i + 1 :]
                for parts, cells in zip(
                    self.piece_moves(piece, left), self.piece_cells(piece, left), strict=True
                ):
                    after = tuple(sorted((*rest, *parts)))
                    named = tuple(offset + j for j in cells) if drawn else ()
                    yield Play((after,), player, named, self.describe_move(state, after, side))
            offset += piece[0] * piece[1]

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which piece becomes which.

        >>> Eatcake().describe_move(((2, 3),), ((2, 1), (2, 1)), "L")
        'Left turns the 2x3 piece into 2x1 and 2x1'
        """
        gone, rest = changed_piece(state, after)
        if len(gone) != 1:
            return super().describe_move(state, after, side)
        who = "Left" if side == LEFT else "Right"
        r, c = gone[0]
        into = " and ".join(f"{a}x{b}" for a, b in sorted(rest)) or "nothing"
        return f"{who} turns the {r}x{c} piece into {into}"

    def left_moves(self, state: CakeState) -> Iterator[CakeState]:
        return self._moves(state, True)

    def right_moves(self, state: CakeState) -> Iterator[CakeState]:
        return self._moves(state, False)

    def regions(self, state: CakeState) -> Iterator[CakeState]:
        for piece in state:
            yield (piece,)


@dataclass(frozen=True)
class Eatcake(CakeGame):
    """Eatcake: Left eats a column, Right a row."""

    name = "eatcake"
    rule = (
        "Left eats one whole column of a piece, Right one whole row; what is left on each "
        "side of it becomes a piece; who cannot move loses"
    )
    example = "eatcake 3x4"
    memo_family = "eatcake"

    def left_parts(self, r: int, c: int) -> Iterator[tuple[Piece, ...]]:
        return (tuple((r, k) for k in ks) for ks in _eaten(c))

    def piece_cells(self, piece: Piece, left: bool) -> Iterator[tuple[int, ...]]:
        return _columns(*piece) if left else _rows(*piece)


@dataclass(frozen=True)
class MaundyCake(CakeGame):
    """Maundy Cake: cut a piece into equal pieces, Left vertically, Right horizontally."""

    name = "maundy-cake"
    rule = (
        "Left cuts one piece into two or more equal pieces by vertical cuts, Right by "
        "horizontal cuts; who cannot cut loses"
    )
    example = "maundy-cake 6x12"
    memo_family = "maundy-cake"

    def left_parts(self, r: int, c: int) -> Iterator[tuple[Piece, ...]]:
        return (tuple((r, k) for k in ks) for ks in _shared(c))

    def piece_cells(self, piece: Piece, left: bool) -> Iterator[tuple[int, ...]]:
        """The first row of squares after each cut (in a piece's top row for Left's
        vertical cuts, its first column for Right's)."""
        r, c = piece
        n = c if left else r
        for k in range(2, n + 1):
            if n % k == 0:
                lines = range(n // k, n, n // k)
                yield tuple(j for j in lines) if left else tuple(j * c for j in lines)


@dataclass(frozen=True)
class TurnAndEatcake(CakeGame):
    """Turn-and-Eatcake: eat a row (Left) or a column (Right), then turn what is left."""

    name = "turn-and-eatcake"
    rule = (
        "Left eats one whole row of a piece, Right one whole column; what is left on each "
        "side of it becomes a piece, turned a quarter (rows become columns); who cannot "
        "move loses"
    )
    example = "turn-and-eatcake 3x4"
    memo_family = "turn-and-eatcake"

    def left_parts(self, r: int, c: int) -> Iterator[tuple[Piece, ...]]:
        return (tuple((c, k) for k in ks) for ks in _eaten(r))

    def piece_cells(self, piece: Piece, left: bool) -> Iterator[tuple[int, ...]]:
        return _rows(*piece) if left else _columns(*piece)
