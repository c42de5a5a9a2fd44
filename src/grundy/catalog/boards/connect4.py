"""Connect Four on a board of C columns and R rows (``connect4:CxR``, default 7x6).

Players X (first) and O drop stones in turn into a column that is not full;
a stone falls to the lowest empty cell. Four stones of one player in a line
(across, up or diagonal) win at once; a full board without such a line is a
draw. A position is written as the board rows from top to bottom, separated
by ``/`` (``x``, ``o``, ``.``), or as the columns played so far (``4453``,
columns counted from 1); the player to move is inferred.

>>> from grundy import solve
>>> r = solve("connect4:4x4")
>>> r.value, r.remoteness
('draw', None)
>>> from grundy import parse
>>> str(parse("connect4:5x4 3"))
'connect4:5x4 ...../...../...../..x..'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any, ClassVar

from grundy.catalog.boards.boards import (
    CELL,
    SizedSearch,
    board_rows,
    board_svg,
    check_turns,
    line_caption,
    parse_size,
    x_o_pieces,
)
from grundy.core.board import Grid
from grundy.core.game import GameType, Play, Player
from grundy.core.text import labelled_grid
from grundy.errors import InvalidSpecError
from grundy.search.protocol import DRAW, LOSS
from grundy.search.ruleset import TwoPlayerRuleset

__all__ = ["ConnectFour"]

_SYNTAX = (
    'connect4:CxR [BOARD]  (BOARD: rows top to bottom of x o ., or the columns played, "4453")'
)

#: Boards up to this many cells are solved whole by retrograde analysis.
RETROGRADE_CELLS = 20

#: A search is refused at once when :meth:`ConnectFour.search_estimate` is above this many
#: times ``max_positions``. Measured: connect4:6x4 (estimate 1.6e8) is solved in 1.7M nodes
#: and connect4:4x6 (4.5e7) in 0.7M, but connect4:5x5 (1.7e8) not within 20M; the estimate
#: counts positions, not the nodes alpha-beta visits, so this line is a measured one.
SEARCH_SLACK = 8


@dataclass(frozen=True)
class ConnectFour(SizedSearch, TwoPlayerRuleset):
    """Connect Four with ``cols`` columns of ``rows`` cells.

    A state is one int: ``mask << S | mine`` where ``mask`` has a bit per
    stone, ``mine`` the stones of the player to move, and each column takes
    ``rows + 1`` bits (an empty guard bit on top keeps lines from wrapping).

    >>> g = ConnectFour(4, 4)
    >>> s = g.after_columns([1, 1, 2])
    >>> g.format_state(s)
    '..../..../o.../xx..'
    >>> len(list(g.moves(s)))
    4
    """

    cols: int = 7
    rows: int = 6
    name = "connect4"
    rule = (
        "drop a stone into a column (it falls to the lowest empty cell); four of your stones "
        "in a row, column or diagonal win; a full board is a draw"
    )
    example = "connect4:4x4 ..../..../..../xo.."
    search_slack = SEARCH_SLACK
    aliases = ("connect-four",)
    #: A full board with no line is a draw; the mover is recorded in the state.
    game_type: ClassVar[GameType] = GameType(impartial=False, draws=True, summable=False)

    @classmethod
    def from_params(cls, params: str | None) -> ConnectFour:
        return _factory(params)

    syntax = _SYNTAX
    _shift: int = field(init=False, repr=False, compare=False)
    _bottoms: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _tops: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _full: int = field(init=False, repr=False, compare=False)
    _order: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        h1 = self.rows + 1
        bottoms = tuple(1 << (c * h1) for c in range(self.cols))
        tops = tuple(1 << (c * h1 + self.rows - 1) for c in range(self.cols))
        full = sum(((1 << self.rows) - 1) << (c * h1) for c in range(self.cols))
        centre = (self.cols - 1) / 2
        order = tuple(sorted(range(self.cols), key=lambda c: (abs(c - centre), c)))
        object.__setattr__(self, "_shift", self.cols * h1)
        object.__setattr__(self, "_bottoms", bottoms)
        object.__setattr__(self, "_tops", tops)
        object.__setattr__(self, "_full", full)
        object.__setattr__(self, "_order", order)

    # ----- the position language ------------------------------------------------

    def params_text(self) -> str:
        return f"{self.cols}x{self.rows}"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) > 1:
            raise InvalidSpecError("connect4 takes one board", _SYNTAX)
        if not args:
            return [0]
        text = args[0]
        if text.isascii() and text.isdigit():
            return [self.after_columns([int(ch) for ch in text])]
        return [self._from_board(text)]

    def after_columns(self, columns: Sequence[int]) -> int:
        """The state after stones dropped in ``columns`` (counted from 1)."""
        state = 0
        for n, c in enumerate(columns, 1):
            if not 1 <= c <= self.cols:
                raise InvalidSpecError(f"column {c} is not on a board of {self.cols}", _SYNTAX)
            if self.terminal_value(state) is not None:
                raise InvalidSpecError(f"the game is over before move {n}", _SYNTAX)
            mask = state >> self._shift
            if mask & self._tops[c - 1]:
                raise InvalidSpecError(f"column {c} is full at move {n}", _SYNTAX)
            state = self._play(state, c - 1)
        return state

    def _from_board(self, text: str) -> int:
        grid = board_rows(text, self.rows, self.cols, "xo.", _SYNTAX)
        h1 = self.rows + 1
        xs = os_ = 0
        for r, line in enumerate(grid):
            height = self.rows - 1 - r
            for c, ch in enumerate(line):
                bit = 1 << (c * h1 + height)
                if ch == "x":
                    xs |= bit
                elif ch == "o":
                    os_ |= bit
        mask = xs | os_
        for c in range(self.cols):
            col = (mask >> (c * h1)) & ((1 << self.rows) - 1)
            if col & (col + 1):
                raise InvalidSpecError(
                    f"the board {text!r} has a stone floating in column {c + 1}", _SYNTAX
                )
        mine = check_turns(text, xs, os_, self._aligned, "four in a row", _SYNTAX)
        return (mask << self._shift) | mine

    def format_state(self, state: Any) -> str:
        mask = state >> self._shift
        mine = state & ((1 << self._shift) - 1)
        x_to_move = mask.bit_count() % 2 == 0
        h1 = self.rows + 1
        lines = []
        for height in range(self.rows - 1, -1, -1):
            row = []
            for c in range(self.cols):
                bit = 1 << (c * h1 + height)
                if not mask & bit:
                    row.append(".")
                else:
                    row.append("x" if bool(mine & bit) == x_to_move else "o")
            lines.append("".join(row))
        return "/".join(lines)

    # ----- pictures ----------------------------------------------------------------

    def _caption(self, state: int) -> str:
        """The words under the board: who moves, or how the game ended."""
        mover = "x" if (state >> self._shift).bit_count() % 2 == 0 else "o"
        return line_caption(self.terminal_value(state), mover, "four in a row", "board")

    def board(self, state: Any) -> Grid:
        """The board, top row first."""
        pieces = x_o_pieces(self.format_state(state).replace("/", ""))
        return Grid(self.rows, self.cols, pieces, drops=True)

    def text_board(self, state: Any) -> list[str]:
        """The board, columns numbered from 1 (the moves), rows from the bottom, and who moves.

        >>> g = ConnectFour(4, 4)
        >>> print("\\n".join(g.text_board(g.after_columns([1, 1, 2]))))
           1 2 3 4
        4  . . . .
        3  . . . .
        2  o . . .
        1  x x . .
        o to move
        """
        rows = self.format_state(state).split("/")
        row_labels = [str(self.rows - r) for r in range(self.rows)]
        col_labels = [str(c + 1) for c in range(self.cols)]
        return [*labelled_grid(rows, row_labels, col_labels), self._caption(state)]

    def svg(self, state: Any) -> str:
        """The board as a picture: red discs for x, yellow for o, on a blue frame.

        >>> g = ConnectFour(4, 4)
        >>> g.svg(g.after_columns([1, 1, 2])).count("<circle")
        16
        """
        rows = self.format_state(state).split("/")
        colour = {"x": "#d62728", "o": "#f2c500", ".": "#ffffff"}
        half = CELL / 2

        def cell(r: int, c: int, x: float, y: float) -> str:
            return (
                f'<circle cx="{x + half}" cy="{y + half}" r="{half - 4}" '
                f'fill="{colour[rows[r][c]]}" stroke="#123f7a"/>'
            )

        return board_svg(
            self.rows,
            self.cols,
            cell,
            row_labels=[str(self.rows - r) for r in range(self.rows)],
            col_labels=[str(c + 1) for c in range(self.cols)],
            title=f"{self.spec_name()} {'/'.join(rows)}",
            caption=self._caption(state),
            background="#1f5fbf",
        )

    # ----- the rules -------------------------------------------------------------

    def _aligned(self, p: int) -> bool:
        h = self.rows
        m = p & (p >> 1)
        if m & (m >> 2):
            return True
        m = p & (p >> h)
        if m & (m >> (2 * h)):
            return True
        m = p & (p >> (h + 1))
        if m & (m >> (2 * h + 2)):
            return True
        m = p & (p >> (h + 2))
        return bool(m & (m >> (2 * h + 4)))

    def _play(self, state: int, c: int) -> int:
        s = self._shift
        mask = state >> s
        mine = state & ((1 << s) - 1)
        return ((mask | (mask + self._bottoms[c])) << s) | (mine ^ mask)

    def terminal_value(self, state: Any) -> str | None:
        s = self._shift
        mask = state >> s
        if self._aligned((state & ((1 << s) - 1)) ^ mask):
            return LOSS
        if mask == self._full:
            return DRAW
        return None

    def moves(self, state: Any) -> list[Any]:
        s = self._shift
        mask = state >> s
        mine = state & ((1 << s) - 1)
        theirs = mine ^ mask
        if self._aligned(theirs):
            return []
        return [
            ((mask | (mask + self._bottoms[c])) << s) | theirs
            for c in self._order
            if not mask & self._tops[c]
        ]

    def expand(self, state: int) -> tuple[str | None, list[int]]:
        """``(terminal value, moves)`` at once (the alignment test runs once)."""
        s = self._shift
        mask = state >> s
        theirs = (state & ((1 << s) - 1)) ^ mask
        if self._aligned(theirs):
            return LOSS, []
        if mask == self._full:
            return DRAW, []
        tops, bottoms = self._tops, self._bottoms
        return None, [
            ((mask | (mask + bottoms[c])) << s) | theirs for c in self._order if not mask & tops[c]
        ]

    def use_retrograde(self, state: Any) -> bool:
        return self.cols * self.rows <= RETROGRADE_CELLS

    def search_estimate(self, state: Any) -> int:
        """An upper bound on the positions reachable from ``state``: for every way of
        adding ``k`` stones to the columns, the ``C(k, k // 2)`` ways to colour them.

        >>> ConnectFour(4, 4).search_estimate(0)
        201755
        """
        mask = state >> self._shift
        h1 = self.rows + 1
        poly = [1]  # poly[k]: ways to add k stones to the columns seen so far
        for c in range(self.cols):
            free = self.rows - ((mask >> (c * h1)) & ((1 << self.rows) - 1)).bit_count()
            new = [0] * (len(poly) + free)
            for i, ways in enumerate(poly):
                for j in range(free + 1):
                    new[i + j] += ways
            poly = new
        return sum(ways * comb(k, k // 2) for k, ways in enumerate(poly))

    def smaller_search(self) -> str:
        """A smaller board, or more stones played on this one.

        >>> ConnectFour().check_search_size(0, 20_000_000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.errors.SearchLimitError: connect4:7x6 ......./...: about 7.1e+13 positions \
to search, far beyond the limit of 20,000,000 (max_positions, CLI \
--max-positions N); ask about a smaller board (e.g. connect4:5x4 or connect4:6x4) or a position \
with more stones played (e.g. connect4:7x6 44444433)
        """
        return (
            "a smaller board (e.g. connect4:5x4 or connect4:6x4) or a position with more "
            f"stones played (e.g. {self.spec_name()} {_example_columns(self.cols)})"
        )

    def _winning_cells(self, p: int, mask: int) -> int:
        """Empty cells that would complete four for the player with stones ``p``."""
        r = (p << 1) & (p << 2) & (p << 3)
        for s in (self.rows + 1, self.rows, self.rows + 2):
            pair = (p << s) & (p << (2 * s))
            r |= pair & (p << (3 * s))
            r |= pair & (p >> s)
            pair = (p >> s) & (p >> (2 * s))
            r |= pair & (p << s)
            r |= pair & (p >> (3 * s))
        return r & (self._full ^ mask)

    def order_moves(self, state: Any, options: list[Any]) -> list[Any]:
        """Negamax move order: a winning move first, then by threats made, centre first."""
        s = self._shift
        low = (1 << s) - 1

        def key(after: int) -> int:
            mask = after >> s
            mover = (after & low) ^ mask
            if self._aligned(mover):
                return -1000
            return -self._winning_cells(mover, mask).bit_count()

        return sorted(options, key=key)

    def column_of(self, state: Any, after: Any) -> int:
        """The column (from 1) of the move from ``state`` to ``after``."""
        new: int = (after >> self._shift) ^ (state >> self._shift)
        return (new.bit_length() - 1) // (self.rows + 1) + 1

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play`: the cell the stone lands in
        (an index of :meth:`board`, top row first).

        >>> g = ConnectFour(4, 4)
        >>> [(p.cells, p.words) for p in g.plays(g.after_columns([1, 1, 2]))][:2]
        [((9,), 'o in column 2'), ((14,), 'o in column 3')]
        """
        h1 = self.rows + 1
        for after in self.moves(state):
            new: int = (after >> self._shift) ^ (state >> self._shift)
            col, height = divmod(new.bit_length() - 1, h1)
            cell = (self.rows - 1 - height) * self.cols + col
            yield Play((after,), None, (cell,), self.describe_move(state, after))

    def describe_move(self, state: Any, after: Any) -> str:
        mover = "x" if (state >> self._shift).bit_count() % 2 == 0 else "o"
        return f"{mover} in column {self.column_of(state, after)}"


def _factory(params: str | None) -> ConnectFour:
    cols, rows = parse_size(params, "connect4", _SYNTAX, default=(7, 6))
    return ConnectFour(cols, rows)


def _example_columns(cols: int) -> str:
    """A few stones dropped in the middle columns, as a column string."""
    mid = (cols + 1) // 2
    return str(mid) * 6 + str(max(1, mid - 1)) * 2 if cols <= 9 else "1"
