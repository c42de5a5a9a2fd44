"""Domineering by two-player search (``domineering-search:RxC``): who wins, and in how many moves.

Left places a domino on two empty cells one above the other (vertical),
Right on two empty cells side by side (horizontal); a player with no
place for a domino on their turn loses. Domineering is *partisan*: the
answer for a board is its outcome class: ``L`` (Left wins whoever starts),
``R`` (Right wins whoever starts), ``N`` (whoever moves first wins) or
``P`` (whoever moves first loses). A position is the board, rows top to
bottom (``.`` empty, ``#`` covered, ``/`` between rows allowed), then who
moves, ``L`` or ``R`` (default ``L``); ``value`` and the best moves are for
that player. For the canonical value (whoever moves first), use ``domineering``.

>>> from grundy import solve
>>> r = solve("domineering-search:2x2")
>>> r.outcome, r.value
('N', 'win')
>>> solve("domineering-search:1x3").outcome
'R'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from grundy.catalog.boards.boards import CELL, board_rows, board_svg, check_search_size, parse_size
from grundy.core.board import Grid
from grundy.core.text import labelled_grid
from grundy.errors import InvalidSpecError
from grundy.search.protocol import WIN, unpack
from grundy.search.ruleset import TwoPlayerRuleset, position_score

__all__ = ["Domineering", "outcome_class"]

_SYNTAX = "domineering-search:RxC [BOARD] [L|R]  (BOARD: rows top to bottom of . and #)"

#: Boards with at most this many empty cells are solved whole by retrograde analysis.
RETROGRADE_CELLS = 20

#: A search is refused at once when ``2 ** empty cells`` is above this many times
#: ``max_positions``. Measured: domineering-search:5x6 (2^30 = 1.1e9) is solved in 5M nodes (both
#: players first), domineering-search:6x6 (2^36 = 6.9e10) not within 20M.
SEARCH_SLACK = 200


def outcome_class(left_first_wins: bool, right_first_wins: bool) -> str:
    """The partisan outcome class from who wins when each player starts.

    >>> outcome_class(True, False), outcome_class(True, True), outcome_class(False, False)
    ('L', 'N', 'P')
    """
    if left_first_wins and right_first_wins:
        return "N"
    if left_first_wins:
        return "L"
    if right_first_wins:
        return "R"
    return "P"


@dataclass(frozen=True)
class Domineering(TwoPlayerRuleset):
    """Domineering; a state is ``board << 1 | mover`` (cell ``(r, c)`` is bit ``r*C + c``
    of ``board``, set when covered; ``mover`` 0 for Left, 1 for Right).

    >>> g = Domineering(2, 3)
    >>> [g.format_state(s) for s in g.moves(0)]
    ['#../#.. R', '.#./.#. R', '..#/..# R']
    """

    rows: int = 2
    cols: int = 2
    name: ClassVar[str] = "domineering-search"
    rule: ClassVar[str] = (
        "Left places vertical dominoes, Right horizontal ones, on empty cells; "
        "a player who cannot place one loses (partisan: outcome class L, R, N or P)"
    )
    example: ClassVar[str] = "domineering-search:3x3"
    family: ClassVar[str] = "partisan"

    @classmethod
    def from_params(cls, params: str | None) -> Domineering:
        return _factory(params)

    syntax: ClassVar[str] = _SYNTAX
    _full: int = field(init=False, repr=False, compare=False)
    _not_last_col: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        full = (1 << (self.rows * self.cols)) - 1
        last = sum(1 << (r * self.cols + self.cols - 1) for r in range(self.rows))
        object.__setattr__(self, "_full", full)
        object.__setattr__(self, "_not_last_col", full & ~last)

    def params_text(self) -> str:
        return f"{self.rows}x{self.cols}"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        args = list(args)
        mover = 0
        if args and args[-1].upper() in ("L", "R"):
            mover = 0 if args.pop().upper() == "L" else 1
        if len(args) > 1:
            raise InvalidSpecError("domineering-search takes one board and L or R", _SYNTAX)
        board = 0
        if args:
            grid = "".join(board_rows(args[0], self.rows, self.cols, ".#", _SYNTAX))
            board = sum(1 << i for i, ch in enumerate(grid) if ch == "#")
        return [board << 1 | mover]

    def format_state(self, state: Any) -> str:
        board, c = state >> 1, self.cols
        cells = "".join("#" if board >> i & 1 else "." for i in range(self.rows * c))
        grid = "/".join(cells[r * c : (r + 1) * c] for r in range(self.rows))
        return f"{grid} {'LR'[state & 1]}"

    def board(self, state: Any) -> Grid:
        """Covered cells blocked."""
        cells = "".join(self._grid(state))
        return Grid(
            self.rows, self.cols, tuple("blocked" if ch == "#" else "empty" for ch in cells)
        )

    def _grid(self, state: int) -> list[str]:
        """The rows top to bottom: ``.`` empty, ``#`` covered."""
        return self.format_state(state).split(" ")[0].split("/")

    def _caption(self, state: int) -> str:
        return "Right (horizontal) to move" if state & 1 else "Left (vertical) to move"

    def text_board(self, state: Any) -> list[str]:
        """The board (rows and columns numbered from 1 as the moves count them) and who moves.

        >>> g = Domineering(2, 3)
        >>> print("\\n".join(g.text_board(g.moves(0)[0])))
           1 2 3
        1  # . .
        2  # . .
        Right (horizontal) to move
        """
        rows = [str(r + 1) for r in range(self.rows)]
        cols = [str(c + 1) for c in range(self.cols)]
        return [*labelled_grid(self._grid(state), rows, cols), self._caption(state)]

    def svg(self, state: Any) -> str:
        """The board as a picture: covered cells shaded grey.

        >>> g = Domineering(2, 3)
        >>> g.svg(g.moves(0)[0]).count('fill="#8a8f98"')
        2
        """
        grid = self._grid(state)

        def cell(r: int, c: int, x: float, y: float) -> str:
            fill = "#8a8f98" if grid[r][c] == "#" else "#ffffff"
            return (
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                'stroke="#333"/>'
            )

        return board_svg(
            self.rows,
            self.cols,
            cell,
            row_labels=[str(r + 1) for r in range(self.rows)],
            col_labels=[str(c + 1) for c in range(self.cols)],
            title=f"{self.spec_name()} {self.format_state(state)}",
            caption=self._caption(state),
        )

    def _placements(self, state: int) -> list[int]:
        """Domino masks the player to move can place."""
        board = state >> 1
        empty = ~board & self._full
        if state & 1:
            starts = empty & (empty >> 1) & self._not_last_col
            step = 1
        else:
            starts = empty & (empty >> self.cols)
            step = self.cols
        out = []
        while starts:
            low = starts & -starts
            out.append(low | low << step)
            starts ^= low
        return out

    def moves(self, state: Any) -> list[Any]:
        board, flip = state >> 1, (state & 1) ^ 1
        return [(board | d) << 1 | flip for d in self._placements(state)]

    def use_retrograde(self, state: Any) -> bool:
        empty: int = self.rows * self.cols - (state >> 1).bit_count()
        return empty <= RETROGRADE_CELLS

    def search_estimate(self, state: Any) -> int:
        """An upper bound on the boards reachable from ``state``: ``2 ** empty cells``.

        >>> Domineering(6, 6).search_estimate(0)
        68719476736
        """
        empty: int = self.rows * self.cols - (state >> 1).bit_count()
        return 1 << empty

    def check_search_size(self, state: Any, max_positions: int) -> None:
        """Refuse at once (:class:`~grundy.errors.SearchLimitError`) a board whose search
        is far beyond ``max_positions`` (see :data:`SEARCH_SLACK`)."""
        check_search_size(
            self,
            state,
            self.search_estimate(state),
            max_positions,
            slack=SEARCH_SLACK,
            smaller="the canonical value (domineering:RxC, whoever moves first), a smaller "
            "board (e.g. domineering-search:5x5) or a board with more cells filled (#)",
        )

    def describe_move(self, state: Any, after: Any) -> str:
        placed = (after >> 1) ^ (state >> 1)
        first = (placed & -placed).bit_length() - 1
        r, c = divmod(first, self.cols)
        if state & 1:
            return f"Right: horizontal domino on row {r + 1}, columns {c + 1}-{c + 2}"
        return f"Left: vertical domino on column {c + 1}, rows {r + 1}-{r + 2}"

    def outcome_letter(self, state: Any, value: str, max_positions: int) -> str:
        other = state ^ 1
        other_wins = unpack(position_score(self, other, max_positions=max_positions))[0] == WIN
        mover_wins = value == WIN
        if state & 1:
            return outcome_class(other_wins, mover_wins)
        return outcome_class(mover_wins, other_wins)

    def explain_position(self, state: Any, value: str) -> list[str]:
        return [
            "Outcome class: L = Left (vertical) wins whoever starts, R = Right (horizontal) "
            "wins whoever starts, N = the first player wins, P = the second player wins."
        ]


def _factory(params: str | None) -> Domineering:
    rows, cols = parse_size(params, "domineering-search", _SYNTAX, default=(2, 2))
    return Domineering(rows, cols)
