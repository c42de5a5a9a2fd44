"""The matrix pile game: an R by C grid of piles; stones move right or down.

>>> from grundy import solve
>>> r = solve("matrix:2x2 1 2 3 4")
>>> r.grundy, [str(p) for p in r.winning_moves]
(1, ['matrix:2x2 0 3 3 4', 'matrix:2x2 1 2 2 5'])
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.params import parse_natural
from grundy.core.text import short_number as _short
from grundy.errors import InvalidSpecError

__all__ = ["MatrixGame"]

_SYNTAX = "matrix:RxC a11 a12 ... (R*C pile sizes, row by row)"
_MAX_CELLS = 10_000

Grid = tuple[int, ...]


@dataclass(frozen=True)
class MatrixGame(ImpartialGame[Grid]):
    """The matrix pile game on an ``rows`` by ``cols`` grid (state: the piles
    row by row). A move takes one or more stones from one cell and puts them
    on the cell to its right or the cell below it; the last mover wins.

    This is staircase Nim: a stone at distance d = (R-1-i) + (C-1-j) from the
    bottom-right corner steps to distance d - 1. The Grundy value is the XOR
    of the piles at odd distance, i.e. of cells with (i + j) mod 2 != (R + C)
    mod 2 (the same with rows and columns counted from 0 or from 1). Proof:
    moving stones off an odd cell lowers one odd pile (so every smaller value
    is reachable, as in Nim), and moving onto an odd cell raises one odd pile,
    so no option keeps the value.

    >>> MatrixGame(2, 2).grundy_formula((1, 2, 3, 4))
    1
    """

    rows: int
    cols: int
    name = "matrix"
    rule = (
        "an R by C grid of piles; move one or more stones from a cell to its right or "
        "lower neighbour; the last mover wins"
    )
    example = "matrix:2x2 1 2 3 4"

    @classmethod
    def from_params(cls, params: str | None) -> MatrixGame:
        return _factory(params)

    syntax = _SYNTAX

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InvalidSpecError("matrix needs at least one row and one column", _SYNTAX)
        if self.rows * self.cols > _MAX_CELLS:
            raise InvalidSpecError(f"matrix has at most {_MAX_CELLS:,} cells", _SYNTAX)

    def params_text(self) -> str:
        return f"{self.rows}x{self.cols}"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        want = self.rows * self.cols
        if len(args) != want:
            raise InvalidSpecError(
                f"matrix:{self.params_text()} needs {want} pile sizes, got {len(args)}", _SYNTAX
            )
        return [tuple(parse_natural(a, "a pile size", _SYNTAX) for a in args)]

    def format_state(self, state: Any) -> str:
        return " ".join(str(v) for v in state)

    def _odd(self, index: int) -> bool:
        i, j = divmod(index, self.cols)
        return (self.rows - 1 - i + self.cols - 1 - j) % 2 == 1

    def _targets(self, index: int) -> list[int]:
        i, j = divmod(index, self.cols)
        out = []
        if j + 1 < self.cols:
            out.append(index + 1)
        if i + 1 < self.rows:
            out.append(index + self.cols)
        return out

    def _sources(self, index: int) -> list[int]:
        i, j = divmod(index, self.cols)
        out = []
        if j > 0:
            out.append(index - 1)
        if i > 0:
            out.append(index - self.cols)
        return out

    @staticmethod
    def _transfer(state: Grid, src: int, dst: int, k: int) -> Grid:
        cells = list(state)
        cells[src] -= k
        cells[dst] += k
        return tuple(cells)

    def moves(self, state: Grid) -> Iterator[Grid]:
        for index, pile in enumerate(state):
            for dst in self._targets(index):
                for k in range(1, pile + 1):
                    yield self._transfer(state, index, dst, k)

    def grundy_formula(self, state: Grid) -> int:
        x = 0
        for index, pile in enumerate(state):
            if self._odd(index):
                x ^= pile
        return x

    def formula_name(self) -> str:
        return "matrix pile game = staircase Nim: XOR of the piles at odd distance from the corner"

    def options_with_value(self, state: Grid, value: int) -> Iterator[tuple[Grid, ...]]:
        x = self.grundy_formula(state)
        for index, pile in enumerate(state):
            if not self._odd(index):
                continue
            new = pile ^ x ^ value
            if new < pile:  # take stones off this odd cell
                for dst in self._targets(index):
                    yield (self._transfer(state, index, dst, pile - new),)
            elif new > pile:  # bring stones from an even neighbour
                for src in self._sources(index):
                    if state[src] >= new - pile:
                        yield (self._transfer(state, src, index, new - pile),)

    def count_options_with_value(self, state: Grid, value: int) -> int:
        return sum(1 for _ in self.options_with_value(state, value))

    def _cell(self, index: int) -> str:
        i, j = divmod(index, self.cols)
        return f"({i + 1},{j + 1})"

    def describe_move(self, state: Grid, option: tuple[Grid, ...]) -> str:
        after = option[0]
        src = next(i for i, (a, b) in enumerate(zip(state, after, strict=True)) if b < a)
        dst = next(i for i, (a, b) in enumerate(zip(state, after, strict=True)) if b > a)
        way = "right" if dst == src + 1 and src % self.cols != self.cols - 1 else "down"
        return (
            f"move {state[src] - after[src]} from cell {self._cell(src)} {way} to {self._cell(dst)}"
        )

    def explain(self, states: Sequence[Grid], values: Sequence[int]) -> list[str]:
        lines = [
            "Staircase Nim: a stone at distance d from the bottom-right corner moves to "
            "distance d-1; only piles at odd distance (marked *) count, XORed as in Nim."
        ]
        for state, v in list(zip(states, values, strict=True))[:3]:
            width = max(len(str(p)) for p in state) + 1
            if self.rows * self.cols > 64 or width > 20:
                cells = [self._cell(i) for i in range(len(state)) if self._odd(i)]
                shown = ", ".join(cells[:12]) + (", ..." if len(cells) > 12 else "")
                lines.append(f"  odd cells (row, column): {shown}; G = {_short(v)}")
                continue
            for i in range(self.rows):
                row = []
                for j in range(self.cols):
                    index = i * self.cols + j
                    mark = "*" if self._odd(index) else " "
                    row.append(f"{state[index]:>{width}}{mark}")
                lines.append(("  " + " ".join(row)).rstrip())
            odd = [str(p) for index, p in enumerate(state) if self._odd(index)]
            lines.append(f"  G = {' XOR '.join(odd) or '0'} = {v}")
        return lines


def _factory(params: str | None) -> MatrixGame:
    if params is None:
        raise InvalidSpecError("matrix needs its size RxC, e.g. matrix:2x3", _SYNTAX)
    m = re.fullmatch(r"([0-9]+)[xX]([0-9]+)", params.strip())
    if m is None:
        shown = params if len(params) <= 60 else f"{params[:60]}... ({len(params):,} characters)"
        raise InvalidSpecError(f"matrix size must be RxC, e.g. 2x3, got {shown!r}", _SYNTAX)
    if any(len(g.lstrip("0")) > len(str(_MAX_CELLS)) for g in m.groups()):  # before int()
        raise InvalidSpecError(f"matrix has at most {_MAX_CELLS:,} cells", _SYNTAX)
    return MatrixGame(int(m.group(1)), int(m.group(2)))
