"""Shape bases: what a board game is besides its rule (CGSuite's ``GridGame``).

A grid ruleset declares its cells (:attr:`GridGame.symbols`, :attr:`GridGame.pieces`)
and writes its rule as :meth:`GridGame.placements`: the cells a player's move covers and
the board after it. The base gives everything else: ``name:RxC`` and rows separated by
``/`` (parsing and printing), the structured board, the text board, the move values
(:class:`~grundy.core.game.Play`, with the cells a front end clicks) and their words,
the split into regions, the symmetry keys, and the impartial variant of the rule
(:attr:`GridGame.impartial`: both players have every move).

A state is ``(h, w, mask, ...)``: one bit mask per symbol but the last (which is the
blank), cell ``(r, c)`` at bit ``r * (w + 1) + c`` (see :mod:`._grid`).

>>> from grundy.cgt.games.cram import Cram
>>> g = Cram.from_params("2x3")
>>> (s,) = g.parse_args([])
>>> g.format_state(s), g.spec_name()
('.../...', 'cram:2x3')
>>> [(p.cells, p.words) for p in g.plays(s, "L")][:2]
[((0, 3), 'Left places a vertical domino in column 1, rows 1-2'), \
((1, 4), 'Left places a vertical domino in column 2, rows 1-2')]
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._grid import (
    board_lines,
    components,
    format_rows,
    parse_rows,
    row_images,
    rows_of,
    trim,
)
from grundy.core.board import Grid, Strip
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = [
    "WHO",
    "GridGame",
    "StripGame",
    "board_size",
    "fits_bitboard",
    "played_words",
    "reverse_swap_key",
    "square_words",
    "stores_bitboard",
]

#: The players' names in a move's words.
WHO: dict[str, str] = {LEFT: "Left", RIGHT: "Right"}

#: A placement: the board after the move and the cells ``(r, c)`` it covers.
Placement = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


def square_words(cell: tuple[int, int]) -> str:
    """``row R, column C`` for a cell ``(r, c)`` counted from 0, numbered from 1.

    >>> square_words((0, 2))
    'row 1, column 3'
    """
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def played_words(game: PartisanGame[Any], state: Any, after: Any, side: str) -> str | None:
    """The words of ``side``'s play from ``state`` to ``after`` (:meth:`plays` of a shape
    base: their words are the rule's), or None when no play leads there."""
    player: Player = RIGHT if side == RIGHT else LEFT
    return next((p.words for p in game.plays(state, player) if p.after == (after,)), None)


def board_size(
    text: str,
    syntax: str,
    *,
    shape: str = "the board size must be RxC",
    empty: str = "the board {} has no cells",
) -> tuple[int, int]:
    """``RxC`` as ``(rows, cols)``; ``shape`` and ``empty`` say what is wrong otherwise.

    >>> board_size("3x4", "")
    (3, 4)
    """
    rows, sep, cols = text.lower().partition("x")
    if not sep:
        raise InvalidSpecError(f"{shape}, got {text!r}", syntax)
    r = parse_natural(rows, "the number of rows", syntax)
    c = parse_natural(cols, "the number of columns", syntax)
    if r < 1 or c < 1:
        raise InvalidSpecError(empty.format(text), syntax)
    return r, c


@dataclass(frozen=True)
class GridGame(PartisanGame[Any]):
    """A game on a rectangular board; ``rows`` and ``cols`` give the default (empty)
    board of ``name:RxC``, if any."""

    rows: int | None = None
    cols: int | None = None

    #: The cell characters: a mask in the state for each but the last (the blank).
    symbols: ClassVar[str] = ".#"
    #: The board piece (:data:`grundy.core.board.PIECES`) of each character.
    pieces: ClassVar[dict[str, str]] = {".": "empty", "#": "blocked"}
    #: True: both players have every move (the impartial variant of the rule).
    impartial: ClassVar[bool] = False
    #: True: a transposed region has the negative value (Domineering's players swap).
    transpose_negates: ClassVar[bool] = False
    #: The most cells a board may have (None: any).
    max_cells: ClassVar[int | None] = None
    #: True: a position always writes its board, even after ``name:RxC`` (a board of
    #: stones has no empty default); without arguments, ``NAME needs the board``.
    needs_board: ClassVar[bool] = False

    # ----- the rule ---------------------------------------------------------------------

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        """Every move of ``player``: the state after it and the cells it plays on."""
        raise NotImplementedError

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """What ``player``'s move on these cells does (rows and columns numbered from 1)."""
        where = ", ".join(square_words(cell) for cell in cells)
        return f"{WHO[player]} plays on {where}"

    def left_moves(self, state: Any) -> Iterator[Any]:
        return (after for after, _ in self.placements(state, LEFT))

    def right_moves(self, state: Any) -> Iterator[Any]:
        return (after for after, _ in self.placements(state, LEFT if self.impartial else RIGHT))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move of ``player`` as a value: the cells it covers (indices of
        :meth:`board`'s cells) and its words."""
        side: Player = RIGHT if player == RIGHT else LEFT
        w = state[1]
        for after, cells in self.placements(state, LEFT if self.impartial else side):
            index = tuple(r * w + c for r, c in cells)
            yield Play((after,), player, index, self.move_words(cells, side))

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        return played_words(self, state, after, side) or super().describe_move(state, after, side)

    # ----- the position language ----------------------------------------------------------

    @classmethod
    def from_params(cls, params: str | None) -> GridGame:
        return cls() if params is None else cls(*board_size(params, cls.syntax))

    def params_text(self) -> str | None:
        return None if self.rows is None else f"{self.rows}x{self.cols}"

    def board_text(self, args: Sequence[str]) -> str:
        """The rows written by ``args``: ``RxC`` (an empty board), the rows, or none (the
        board of ``name:RxC``)."""
        if not args:
            if self.rows is None or self.cols is None:
                raise InvalidSpecError("give the board size or the rows", self.syntax)
            return "/".join("." * self.cols for _ in range(self.rows))
        if len(args) == 1 and _is_size(args[0], self.symbols):
            r, c = board_size(args[0], self.syntax)
            return "/".join("." * c for _ in range(r))
        return "/".join(args)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if self.needs_board and not args:
            raise InvalidSpecError(f"{self.name} needs the board", self.syntax)
        h, w, masks = parse_rows(self.board_text(args), self.symbols, self.syntax)
        if self.rows is not None and (h, w) != (self.rows, self.cols):
            raise InvalidSpecError(
                f"the rows make a {h}x{w} board, not {self.rows}x{self.cols}", self.syntax
            )
        if self.max_cells is not None and h * w > self.max_cells:
            raise InvalidSpecError(
                f"the board has {h * w} cells; at most {self.max_cells}", self.syntax
            )
        return [(h, w, *masks)]

    def format_state(self, state: Any) -> str:
        return format_rows(state[0], state[1], state[2:], self.symbols)

    def board(self, state: Any) -> Grid:
        text = self.format_state(state).replace("/", "")
        return Grid(state[0], state[1], tuple(self.pieces[ch] for ch in text))

    def text_board(self, state: Any) -> list[str]:
        """The board as a grid, rows and columns numbered from 1 (``grundy play``)."""
        return board_lines(self.format_state(state))

    # ----- regions and symmetry (boards of one mask: the cells still in play) -------------

    def regions(self, state: Any) -> Iterator[Any]:
        _h, w, mask = state
        for comp in components(mask, w):
            if comp & (comp - 1):  # two cells at least
                nh, nw, (m,) = trim(w, (comp,))
                yield (nh, nw, m)

    def state_of_key(self, key: Any) -> Any:
        """A board whose region key is ``key`` (a checkpoint's record is checked on it,
        :mod:`grundy.cgt._verify_memo`): ``(h, w, rows, ...)``, the rows of each plane,
        back to ``(h, w, mask, ...)``.

        >>> from grundy.cgt.games.domineering import Domineering
        >>> Domineering().state_of_key((2, 3, (3, 7)))
        (2, 3, 115)
        >>> from grundy.cgt.games.fission import Fission
        >>> Fission().state_of_key((1, 3, (2,), (5,)))  # the stone rows, the empty rows
        (1, 3, 2, 5)
        """
        h, w, *planes = key
        return (h, w, *(pack_rows(rows, w) for rows in planes))

    def signed_region_key(self, region: Any) -> tuple[Hashable, bool]:
        """The least image of ``(h, w, mask, ...)`` under the 8 symmetries of the square
        (Domineering's key format: ``(h, w, rows, ...)``); negated when transposed, for a
        rule whose players swap then."""
        h, w, *masks = region
        images = row_images(h, w, [rows_of(h, w, m) for m in masks])
        transposed, best = min(
            ((t, (img[0], img[1], *img[2])) for t, img in images),
            key=lambda item: (item[1], item[0]),
        )
        return best, transposed and self.transpose_negates


def pack_rows(rows: Sequence[int], w: int) -> int:
    """One mask of a board ``w`` wide from its rows (the inverse of ``rows_of``)."""
    if any(not 0 <= row < 1 << w for row in rows):
        raise ValueError("a row wider than its board")
    return sum(row << (r * (w + 1)) for r, row in enumerate(rows))


@dataclass(frozen=True)
class StripGame(PartisanGame[str]):
    """A game on a row of cells written as text (Toads-and-Frogs, Toppling Dominoes): a
    state is the row itself. The ruleset declares its cells and writes its rule as
    :meth:`placements`; the base gives parsing (one row per argument), printing, the
    structured board, the move values and their words, and the impartial variant."""

    #: The cell characters allowed in a row.
    symbols: ClassVar[str] = "."
    #: The board piece (:data:`grundy.core.board.PIECES`) of each character.
    pieces: ClassVar[dict[str, str]] = {".": "empty"}
    #: What the arguments are called in messages (``row``, ``strip``).
    noun: ClassVar[str] = "row"
    #: True: both players have every move (the impartial variant of the rule).
    impartial: ClassVar[bool] = False

    def placements(self, state: str, player: Player) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Every move of ``player``: the row after it and the cells (indices) it plays on."""
        raise NotImplementedError

    def move_words(self, state: str, after: str, cells: tuple[int, ...], player: Player) -> str:
        """What ``player``'s move from ``state`` to ``after`` on these cells does (cells
        numbered from 1)."""
        return f"{WHO[player]} plays on " + ", ".join(str(i + 1) for i in cells)

    def left_moves(self, state: str) -> Iterator[str]:
        return (after for after, _ in self.placements(state, LEFT))

    def right_moves(self, state: str) -> Iterator[str]:
        return (after for after, _ in self.placements(state, LEFT if self.impartial else RIGHT))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        side: Player = RIGHT if player == RIGHT else LEFT
        for after, cells in self.placements(state, LEFT if self.impartial else side):
            yield Play((after,), player, cells, self.move_words(state, after, cells, side))

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        return played_words(self, state, after, side) or super().describe_move(state, after, side)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError(f"{self.name} needs a {self.noun}", self.syntax)
        out = []
        for a in args:
            row = a.lower()
            bad = set(row) - set(self.symbols)
            if bad:
                raise InvalidSpecError(
                    f"unexpected {sorted(bad)[0]!r} in the {self.noun} {a!r}", self.syntax
                )
            out.append(row)
        return out

    def format_state(self, state: Any) -> str:
        """The row; the empty row quoted, so that the spec reads back."""
        return str(state) or '""'

    def board(self, state: Any) -> Strip:
        return Strip(tuple(self.pieces[ch] for ch in state))


def reverse_swap_key(row: str, swap: dict[int, int]) -> tuple[str, bool]:
    """The least of a row, its reverse and their colour swaps (``swap``, a
    :meth:`str.maketrans` table): for a rule that reversing keeps and swapping the
    colours negates (True: the swapped row, whose value is the negative).

    >>> reverse_swap_key("rrb", str.maketrans("br", "rb"))
    ('bbr', True)
    """
    plain = min(row, row[::-1])
    swapped = plain.translate(swap)
    swapped = min(swapped, swapped[::-1])
    return (swapped, True) if swapped < plain else (plain, False)


def _is_size(arg: str, symbols: str) -> bool:
    """Whether ``arg`` is meant as ``RxC`` (a board of a game whose cells have no ``x``: any
    ``x`` without a ``.``, so that a wrong size is told as one)."""
    if "x" in symbols:
        return re.fullmatch(r"\d+[xX]\d+", arg) is not None
    return "x" in arg.lower() and "." not in arg


def fits_bitboard(key: Any) -> bool:
    """A key ``(h, w, ...)`` whose bitboard (rows ``w + 1`` bits apart) fits 64 bits."""
    return int(key[0]) * (int(key[1]) + 1) <= 64


def stores_bitboard(key: Any) -> bool:
    """A key the C memo of a bitboard walk can hold (read back from a checkpoint)."""
    h, w = int(key[0]), int(key[1])
    return h * w <= 64 and h * (w + 1) <= 64 + w
