"""Chomp on a bar of R rows and C columns (``chomp:RxC``) whose corner square is poisoned.

A move takes one remaining square together with every square above it and
to its right (rows counted from the poisoned row, columns from the poisoned
column); whoever must take the poisoned square loses, so a player facing the
poisoned square alone has no move and loses. A position is the lengths of
the rows, poisoned row first (non-increasing); with no arguments the full
bar. The first player wins every bar larger than 1x1 (a strategy-stealing
argument, which does not say how); the winning move is found by search.

Chomp is impartial: both players have the same moves. A lone bar is solved by
two-player search (who wins, in how many moves, and the fastest winning moves;
:attr:`~grundy.core.game.Ruleset.search_alone`); a bar in a sum has a Grundy
value, found by the generic impartial search.

>>> from grundy import solve
>>> r = solve("chomp:3x4")
>>> r.value, [str(m) for m in r.winning_moves]
('win', ['chomp:3x4 4 2 2'])
>>> solve("chomp:2x3 + nim 1").grundy  # chomp:2x3 has Grundy value 4
5
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from math import comb
from typing import Any

from grundy.catalog.boards.boards import CELL, SizedSearch, board_svg, parse_size
from grundy.core.board import Grid
from grundy.core.game import ImpartialGame, Play, Player
from grundy.core.params import parse_natural
from grundy.core.text import labelled_grid
from grundy.errors import InvalidSpecError

__all__ = ["Chomp"]

_SYNTAX = "chomp:RxC [ROW...]  (row lengths from the poisoned row, non-increasing)"

#: Bars with at most this many positions are solved whole by retrograde analysis.
RETROGRADE_POSITIONS = 2_000_000

#: A search is refused at once when the number of positions below the current one is above
#: this many times ``max_positions`` (chomp:16x16 has 6.0e8 of them).
SEARCH_SLACK = 10


@dataclass(frozen=True)
class Chomp(SizedSearch, ImpartialGame[int]):
    """Chomp, an impartial game; a state packs the row lengths, row ``i`` in bits ``i*b``
    up (``b`` bits each).

    >>> g = Chomp(2, 3)
    >>> [g.format_state(s) for s in g.moves(g.full())]
    ['1 1', '2 2', '3 0', '3 1', '3 2']
    """

    rows: int = 3
    cols: int = 4
    name = "chomp"
    rule = (
        "take a square and every square above and to the right of it; "
        "whoever must take the poisoned corner square loses"
    )
    example = "chomp:3x4"
    search_slack = SEARCH_SLACK
    search_alone = True

    @classmethod
    def from_params(cls, params: str | None) -> Chomp:
        return _factory(params)

    syntax = _SYNTAX
    _bits: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_bits", self.cols.bit_length())

    def params_text(self) -> str:
        return f"{self.rows}x{self.cols}"

    def lengths(self, state: int) -> list[int]:
        """The row lengths of ``state``, poisoned row first."""
        b, m = self._bits, (1 << self._bits) - 1
        return [(state >> (i * b)) & m for i in range(self.rows)]

    def pack(self, lengths: Sequence[int]) -> int:
        """The state with these row lengths."""
        return sum(n << (i * self._bits) for i, n in enumerate(lengths))

    def full(self) -> int:
        """The whole bar."""
        return self.pack([self.cols] * self.rows)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            return [self.full()]
        if len(args) > self.rows:
            raise InvalidSpecError(
                f"chomp:{self.params_text()} takes at most {self.rows} row lengths", _SYNTAX
            )
        lengths = [parse_natural(a, "a row length", _SYNTAX) for a in args]
        lengths += [0] * (self.rows - len(args))
        if not 1 <= lengths[0] <= self.cols:
            raise InvalidSpecError(
                f"the poisoned row must have 1 to {self.cols} squares, got {lengths[0]}", _SYNTAX
            )
        if any(b > a for a, b in pairwise(lengths)):
            raise InvalidSpecError(f"row lengths must not increase: {' '.join(args)}", _SYNTAX)
        return [self.pack(lengths)]

    def format_state(self, state: Any) -> str:
        return " ".join(str(n) for n in self.lengths(state))

    def board(self, state: Any) -> Grid:
        """The bar, the poisoned square at the bottom left; eaten squares are holes."""
        cells = {"X": "poison", "#": "cake", ".": "hole"}
        return Grid(
            self.rows, self.cols, tuple(cells[ch] for row in self._grid(state) for ch in row)
        )

    def _grid(self, state: int) -> list[str]:
        """The rows top to bottom (the poisoned row last): ``#`` a square, ``.`` eaten,
        ``X`` the poisoned square."""
        lengths = self.lengths(state)
        return [
            "".join(
                "X" if i == j == 0 else "#" if j < lengths[i] else "." for j in range(self.cols)
            )
            for i in reversed(range(self.rows))
        ]

    def text_board(self, state: Any) -> list[str]:
        """The bar, poisoned row (row 1) at the bottom and poisoned column (column 1) on
        the left, as the moves count them.

        >>> g = Chomp(3, 4)
        >>> print("\\n".join(g.text_board(g.pack([4, 2, 1]))))
           1 2 3 4
        3  # . . .
        2  # # . .
        1  X # # #
        X: the poisoned square (# a square, . eaten)
        """
        return [
            *labelled_grid(self._grid(state), self._row_labels(), self._col_labels()),
            "X: the poisoned square (# a square, . eaten)",
        ]

    def _row_labels(self) -> list[str]:
        return [str(self.rows - r) for r in range(self.rows)]

    def _col_labels(self) -> list[str]:
        return [str(c + 1) for c in range(self.cols)]

    def svg(self, state: Any) -> str:
        """The bar as a picture: squares of chocolate, the poisoned one dark red and crossed.

        >>> g = Chomp(2, 3)
        >>> svg = g.svg(g.pack([3, 1]))
        >>> svg.count('fill="#7b4a2a"'), svg.count('fill="#a4161a"')
        (3, 1)
        """
        grid = self._grid(state)

        def cell(r: int, c: int, x: float, y: float) -> str:
            ch, side = grid[r][c], CELL - 4
            if ch == ".":
                return (
                    f'<rect x="{x + 2}" y="{y + 2}" width="{side}" height="{side}" '
                    'fill="#f4efe9" stroke="#d8cfc4" stroke-dasharray="3 3"/>'
                )
            fill = "#a4161a" if ch == "X" else "#7b4a2a"
            out = (
                f'<rect x="{x + 2}" y="{y + 2}" width="{side}" height="{side}" rx="3" '
                f'fill="{fill}" stroke="#4a2a14"/>'
            )
            if ch == "X":
                out += "".join(
                    f'<line x1="{x + 10}" y1="{y1}" x2="{x + CELL - 10}" y2="{y2}" '
                    'stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>'
                    for y1, y2 in ((y + 10, y + CELL - 10), (y + CELL - 10, y + 10))
                )
            return out

        return board_svg(
            self.rows,
            self.cols,
            cell,
            row_labels=self._row_labels(),
            col_labels=self._col_labels(),
            title=f"{self.spec_name()} {self.format_state(state)}",
            caption="the crossed square is poisoned",
        )

    def moves(self, state: Any) -> list[Any]:
        return [after for _, _, after in self._bites(state)]

    def _bites(self, state: int) -> Iterator[tuple[int, int, int]]:
        """``(row, column, bar after)`` for each square that may be taken, rows counted
        from the poisoned row and columns from the poisoned column (from 0)."""
        lengths = self.lengths(state)
        for i, n in enumerate(lengths):
            for j in range(1 if i == 0 else 0, n):
                yield i, j, self.pack(lengths[:i] + [min(k, j) for k in lengths[i:]])

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play` naming the square taken (its
        cell of :meth:`board`, the poisoned row at the bottom).

        >>> g = Chomp(2, 3)
        >>> p = next(iter(g.plays(g.full())))
        >>> p.cells, p.words
        ((4,), 'take row 1, column 2 and everything above and to the right')
        """
        for i, j, after in self._bites(state):
            cell = (self.rows - 1 - i) * self.cols + j
            words = f"take row {i + 1}, column {j + 1} and everything above and to the right"
            yield Play((after,), player, (cell,), words)

    def use_retrograde(self, state: Any) -> bool:
        return comb(self.rows + self.cols, self.rows) <= RETROGRADE_POSITIONS

    def search_estimate(self, state: Any) -> int:
        """The number of positions reachable from ``state``: every shape of non-increasing
        rows inside it (``C(rows + cols, rows)`` for the whole bar, the empty shape included).

        >>> Chomp(16, 16).search_estimate(Chomp(16, 16).full())
        601080390
        """
        lengths = self.lengths(state)
        ways = [1] * (lengths[0] + 1)  # ways[v]: shapes of the rows so far ending in length v
        for n in lengths[1:]:
            below = list(itertools.accumulate(reversed(ways)))[::-1]  # sum of ways[v:]
            ways = [below[v] for v in range(n + 1)]
        return sum(ways)

    def smaller_search(self) -> str:
        return "a smaller bar (e.g. chomp:10x10) or a position with fewer squares"

    def describe_move(self, state: Any, option: Any) -> str:
        """Which square is taken (``option`` is the bar after the move, alone in a tuple).

        >>> g = Chomp(2, 3)
        >>> g.describe_move(g.full(), (g.pack([3, 1]),))
        'take row 2, column 2 and everything above and to the right'
        """
        return next(p.words for p in self.plays(state) if p.after == tuple(option))


def _factory(params: str | None) -> Chomp:
    rows, cols = parse_size(params, "chomp", _SYNTAX, default=(3, 4))
    return Chomp(rows, cols)
