"""Tic-tac-toe: X and O mark empty cells of a 3x3 grid in turn, X first.

Three marks of one player in a row, column or diagonal win at once; a full
grid without such a line is a draw. A position is the nine cells row by row
(``x``, ``o``, ``.``; ``/`` between rows allowed), and the player to move is
inferred from the counts.

>>> from grundy import solve
>>> r = solve("tictactoe .........")
>>> r.value, r.outcome
('draw', 'D')
>>> [str(m) for m in solve("tictactoe xx.oo....").winning_moves]
['tictactoe xxxoo....']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.catalog.boards.boards import (
    CELL,
    board_rows,
    board_svg,
    check_turns,
    line_caption,
    x_o_pieces,
)
from grundy.core.board import Grid
from grundy.core.game import GameType, Play, Player
from grundy.core.text import labelled_grid
from grundy.errors import InvalidSpecError
from grundy.search.protocol import DRAW, LOSS
from grundy.search.ruleset import TwoPlayerRuleset

__all__ = ["LINES", "TicTacToe"]

_SYNTAX = 'tictactoe BOARD  (nine cells x o . row by row, e.g. "x.o......")'

#: The eight winning lines as 9-bit masks (cell i is bit i, row by row).
LINES = tuple(
    sum(1 << i for i in line)
    for line in (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),
        (0, 3, 6), (1, 4, 7), (2, 5, 8),
        (0, 4, 8), (2, 4, 6),
    )
)  # fmt: skip

_NAMES = (
    "top left", "top", "top right",
    "left", "centre", "right",
    "bottom left", "bottom", "bottom right",
)  # fmt: skip


def _line(marks: int) -> bool:
    return any(marks & line == line for line in LINES)


@dataclass(frozen=True)
class TicTacToe(TwoPlayerRuleset):
    """Tic-tac-toe; a state is ``x | o << 9`` (a bit per marked cell).

    >>> g = TicTacToe()
    >>> g.format_state(g.parse_args(["x.o/.../..."])[0])
    'x.o......'
    """

    name = "tictactoe"
    rule = (
        "x and o mark empty cells in turn, x first; three in a row, column or diagonal win; "
        "a full grid is a draw"
    )
    example = "tictactoe xo.x.o..."
    aliases = ("ttt", "noughts-and-crosses")
    #: A full board with no line is a draw; the mover is recorded in the state.
    game_type: ClassVar[GameType] = GameType(impartial=False, draws=True, summable=False)
    syntax = _SYNTAX

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) != 1:
            raise InvalidSpecError("tictactoe takes one board of nine cells", _SYNTAX)
        grid = "".join(board_rows(args[0], 3, 3, "xo.", _SYNTAX))
        x = sum(1 << i for i, ch in enumerate(grid) if ch == "x")
        o = sum(1 << i for i, ch in enumerate(grid) if ch == "o")
        check_turns(args[0], x, o, _line, "a line", _SYNTAX)
        return [x | o << 9]

    def format_state(self, state: Any) -> str:
        x, o = state & 511, state >> 9
        return "".join("x" if x >> i & 1 else "o" if o >> i & 1 else "." for i in range(9))

    def _caption(self, state: int) -> str:
        """The words under the board: who moves, or how the game ended."""
        mover = "xo"[self._sides(state)[2] // 9]
        return line_caption(self.terminal_value(state), mover, "three in a row", "grid")

    def board(self, state: Any) -> Grid:
        """The 3x3 grid of crosses and noughts."""
        return Grid(3, 3, x_o_pieces(self.format_state(state)))

    def text_board(self, state: Any) -> list[str]:
        """The grid (columns a to c, rows 1 to 3) and who moves.

        >>> g = TicTacToe()
        >>> print("\\n".join(g.text_board(g.parse_args(["xo.x.o..."])[0])))
           a b c
        1  x o .
        2  x . o
        3  . . .
        x to move
        """
        cells = self.format_state(state)
        rows = [cells[i : i + 3] for i in (0, 3, 6)]
        return [*labelled_grid(rows, "123", "abc"), self._caption(state)]

    def svg(self, state: Any) -> str:
        """The grid as a picture: x a red cross, o a blue ring.

        >>> g = TicTacToe()
        >>> svg = g.svg(g.parse_args(["xo......."])[0])
        >>> svg.count("<line"), svg.count("<circle")
        (2, 1)
        """
        cells = self.format_state(state)
        m = CELL // 4

        def cell(r: int, c: int, x: float, y: float) -> str:
            out = (
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#333"/>'
            )
            mark = cells[3 * r + c]
            if mark == "x":
                out += "".join(
                    f'<line x1="{x + m}" y1="{y1}" x2="{x + CELL - m}" y2="{y2}" '
                    'stroke="#d62728" stroke-width="4" stroke-linecap="round"/>'
                    for y1, y2 in ((y + m, y + CELL - m), (y + CELL - m, y + m))
                )
            elif mark == "o":
                out += (
                    f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - m}" '
                    'fill="none" stroke="#1f77b4" stroke-width="4"/>'
                )
            return out

        return board_svg(
            3,
            3,
            cell,
            row_labels="123",
            col_labels="abc",
            title=f"tictactoe {cells}",
            caption=self._caption(state),
        )

    def _sides(self, state: int) -> tuple[int, int, int]:
        """``(marks of the mover, marks of the other, shift of the mover's marks)``."""
        x, o = state & 511, state >> 9
        if x.bit_count() == o.bit_count():
            return x, o, 0
        return o, x, 9

    def terminal_value(self, state: Any) -> str | None:
        _, other, _ = self._sides(state)
        if _line(other):
            return LOSS
        if (state & 511) | (state >> 9) == 511:
            return DRAW
        return None

    def moves(self, state: Any) -> list[Any]:
        _, other, shift = self._sides(state)
        if _line(other):
            return []
        used = (state & 511) | (state >> 9)
        return [state | 1 << (i + shift) for i in range(9) if not used >> i & 1]

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play`: the cell it marks.

        >>> [(p.cells, p.words) for p in TicTacToe().plays(0)][4]
        ((4,), 'x in the centre cell')
        """
        _, other, shift = self._sides(state)
        if _line(other):
            return
        used = (state & 511) | (state >> 9)
        for i in range(9):
            if not used >> i & 1:
                yield Play((state | 1 << (i + shift),), None, (i,), self._words(shift, i))

    def _words(self, shift: int, cell: int) -> str:
        return f"{'xo'[shift // 9]} in the {_NAMES[cell]} cell"

    def describe_move(self, state: Any, after: Any) -> str:
        _, _, shift = self._sides(state)
        return self._words(shift, ((after ^ state) >> shift).bit_length() - 1)
