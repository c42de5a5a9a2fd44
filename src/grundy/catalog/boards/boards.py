"""Shared parsing of board sizes and board text for the search games, and the frame of
their pictures (a labelled SVG grid)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, ClassVar

from grundy.core.text import svg_document, svg_number
from grundy.errors import InvalidSpecError, SearchLimitError
from grundy.search.protocol import DRAW, LOSS

__all__ = [
    "CELL",
    "SizedSearch",
    "board_rows",
    "board_svg",
    "check_search_size",
    "check_turns",
    "line_caption",
    "parse_size",
    "x_o_pieces",
]

#: The side of one cell in a board picture (SVG units).
CELL = 36
_MARGIN = 22
_LABEL = "#666"


def parse_size(
    params: str | None, name: str, syntax: str, *, default: tuple[int, int]
) -> tuple[int, int]:
    """``"AxB"`` as ``(A, B)``, both from 1 to 16; ``default`` when absent.

    >>> parse_size("5x4", "connect4", "connect4:CxR", default=(7, 6))
    (5, 4)
    """
    if params is None:
        return default
    a, x, b = params.lower().partition("x")
    shown = _trim(params)
    if not x or not (a + b).isascii() or not a.isdigit() or not b.isdigit():
        raise InvalidSpecError(f"{name}:{shown} needs a size like 4x4", syntax)
    if len(a.lstrip("0")) > 2 or len(b.lstrip("0")) > 2:  # measured before int(): no digit limit
        raise InvalidSpecError(f"{name}:{shown}: both sides must be from 1 to 16", syntax)
    first, second = int(a), int(b)
    if not (1 <= first <= 16 and 1 <= second <= 16):
        raise InvalidSpecError(f"{name}:{shown}: both sides must be from 1 to 16", syntax)
    return first, second


def board_rows(text: str, rows: int, cols: int, cells: str, syntax: str) -> list[str]:
    """Split board text (rows top to bottom, optionally separated by ``/``) into rows.

    >>> board_rows("x.o/.../...", 3, 3, "xo.", "tictactoe BOARD")
    ['x.o', '...', '...']

    Rows separated by ``/`` must each have the board's width (they are never re-flowed):

    >>> board_rows("xo/.../....", 3, 3, "xo.", "tictactoe BOARD")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: the board 'xo/.../....' has a row of 2 cells (row 1, 'xo'); \
each of the 3 rows must have 3 cells (expected: tictactoe BOARD)
    """
    shown = _trim(text)
    flat = text.replace("/", "").lower()
    if len(flat) != rows * cols:
        raise InvalidSpecError(
            f"the board {shown!r} has {len(flat)} cells, expected {rows}x{cols} = {rows * cols}",
            syntax,
        )
    if "/" in text:
        lines = text.lower().split("/")
        if len(lines) != rows:
            raise InvalidSpecError(
                f"the board {shown!r} has {len(lines)} rows separated by '/', expected {rows}",
                syntax,
            )
        for r, line in enumerate(lines, 1):
            if len(line) != cols:
                raise InvalidSpecError(
                    f"the board {shown!r} has a row of {len(line)} cells (row {r}, "
                    f"{_trim(line)!r}); each of the {rows} rows must have {cols} cells",
                    syntax,
                )
    bad = sorted(set(flat) - set(cells))
    if bad:
        raise InvalidSpecError(
            f"the board {shown!r} has the character {_trim(bad[0])!r}; use only {' '.join(cells)}",
            syntax,
        )
    return [flat[r * cols : (r + 1) * cols] for r in range(rows)]


def _trim(text: str, most: int = 60) -> str:
    """``text`` cut for an error message."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def check_search_size(
    game: Any, state: Any, estimate: int, max_positions: int, *, slack: int, smaller: str
) -> None:
    """Refuse at once a search whose estimated size is far beyond ``max_positions``.

    ``estimate`` is the game's own count (or upper bound) of the positions
    reachable from ``state``; the search may well visit far fewer (alpha-beta
    prunes), so only an estimate above ``slack`` times the limit is refused,
    each game's ``slack`` measured on boards that finish and boards that do not.
    Raises :class:`~grundy.errors.SearchLimitError` with one line naming both
    numbers and ``smaller``, a suggestion of what can be asked instead.

    >>> check_search_size(None, 0, 10**13, 20_000_000, slack=8, smaller="a smaller board")
    Traceback (most recent call last):
    ...
    grundy.errors.SearchLimitError: about 1.0e+13 positions to search, far beyond the limit \
of 20,000,000 (max_positions, CLI --max-positions N); ask about a smaller board
    """
    if estimate <= slack * max_positions:
        return
    name = "" if game is None else f"{game.spec_name()} {game.format_state(state)}: "
    error = SearchLimitError(max_positions)
    error.args = (
        f"{name}about {_sci(estimate)} positions to search, far beyond the limit of "
        f"{max_positions:,} (max_positions, CLI --max-positions N); ask about {smaller}",
    )
    raise error


def _sci(n: int) -> str:
    """``n`` as ``1.2e+13`` (integer arithmetic; no floats).

    >>> _sci(70_730_000_000_000), _sci(999)
    ('7.1e+13', '999')
    """
    if n < 10_000:
        return str(n)
    digits = len(str(n)) - 1
    tenths = (n * 10 + 10**digits // 2) // 10**digits  # n / 10^digits rounded, times 10
    if tenths >= 100:
        tenths, digits = tenths // 10, digits + 1
    return f"{tenths // 10}.{tenths % 10}e+{digits:02d}"


def board_svg(
    rows: int,
    cols: int,
    cell: Callable[[int, int, float, float], str],
    *,
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    title: str,
    caption: str = "",
    background: str = "#ffffff",
) -> str:
    """An SVG board of ``rows`` x ``cols`` cells with the labels of the text grid.

    ``cell(r, c, x, y)`` gives the SVG elements of the cell in row ``r`` (0 on top) and
    column ``c`` whose top left corner is at ``(x, y)``; each cell is :data:`CELL` wide.

    >>> svg = board_svg(1, 2, lambda r, c, x, y: "", row_labels="1", col_labels="ab", title="t")
    >>> svg.count("<text"), svg.count("<rect")
    (3, 1)
    """
    n = svg_number
    width = max(_MARGIN + cols * CELL + 6, _MARGIN + 7 * len(caption))  # room for the words
    height = _MARGIN + rows * CELL + (24 if caption else 6)
    body = [
        f'<rect x="{_MARGIN}" y="{_MARGIN}" width="{cols * CELL}" height="{rows * CELL}" '
        f'fill="{background}" stroke="#333" stroke-width="1.5"/>'
    ]
    style = f'font-size="12" fill="{_LABEL}" text-anchor="middle"'
    for c, label in enumerate(col_labels):
        x = _MARGIN + (c + 0.5) * CELL
        body.append(f'<text x="{n(x)}" y="{_MARGIN - 7}" {style}>{label}</text>')
    for r, label in enumerate(row_labels):
        y = _MARGIN + (r + 0.5) * CELL + 4
        body.append(f'<text x="{_MARGIN / 2}" y="{n(y)}" {style}>{label}</text>')
    for r in range(rows):
        for c in range(cols):
            body.append(cell(r, c, _MARGIN + c * CELL, _MARGIN + r * CELL))
    if caption:
        y = _MARGIN + rows * CELL + 17
        body.append(
            f'<text x="{_MARGIN}" y="{y}" font-size="12" fill="#333">{escape(caption)}</text>'
        )
    return svg_document(width, height, body, title=title)


def line_caption(ended: Any, mover: str, line: str, board: str) -> str:
    """The words under a board of a game of lines (``ended``: the search's terminal value,
    or None): who made the line, a draw, or who moves.

    >>> line_caption(None, "x", "four in a row", "board")
    'x to move'
    >>> line_caption(LOSS, "x", "four in a row", "board")
    'o has four in a row'
    """
    if ended == LOSS:
        return f"{'o' if mover == 'x' else 'x'} has {line}"
    if ended == DRAW:
        return f"a draw: the {board} is full"
    return f"{mover} to move"


def x_o_pieces(cells: str) -> tuple[str, ...]:
    """The pieces of a board written in ``x``, ``o`` and empty cells (``.``), row by row.

    >>> x_o_pieces("x.o")
    ('x', 'empty', 'o')
    """
    return tuple({"x": "x", "o": "o"}.get(ch, "empty") for ch in cells)


def check_turns(  # noqa: PLR0917 - the board's text, its two sides, the rule, the words
    text: str, x: int, o: int, ended: Callable[[int], bool], line: str, syntax: str
) -> int:
    """The stones (a mask) of the player to move on a board of ``x`` and ``o`` stones (masks),
    checked: ``x`` moves first, so ``x`` has as many stones as ``o`` or one more, and the
    player to move has no ``line`` (``ended``: the game would have ended earlier).

    >>> check_turns("xo.x", 0b1001, 0b10, lambda m: False, "a line", "SYNTAX")
    2
    >>> check_turns("xx", 0b11, 0, lambda m: False, "a line", "SYNTAX")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: the board 'xx' has 2 x and 0 o; x moves first, so x = o ...
    """
    nx, no = x.bit_count(), o.bit_count()
    if nx not in (no, no + 1):
        raise InvalidSpecError(
            f"the board {text!r} has {nx} x and {no} o; x moves first, so x = o or o + 1", syntax
        )
    mine = x if nx == no else o
    if ended(mine):
        raise InvalidSpecError(
            f"the board {text!r} has {line} for the player to move, so the game ended earlier",
            syntax,
        )
    return mine


class SizedSearch:
    """A board game searched by two-player search whose search is refused at once when its
    estimated size is far beyond the limit (:func:`check_search_size`): the game gives
    :attr:`search_slack`, :meth:`search_estimate` and :meth:`smaller_search`."""

    #: How many times the limit an estimate may be before the search is refused.
    search_slack: ClassVar[int]

    def search_estimate(self, state: Any) -> int:
        """The game's count (or upper bound) of the positions reachable from ``state``."""
        raise NotImplementedError

    def smaller_search(self) -> str:
        """What can be asked instead, for the message that refuses a search."""
        raise NotImplementedError

    def check_search_size(self, state: Any, max_positions: int) -> None:
        """Refuse at once (:class:`~grundy.errors.SearchLimitError`) a position whose
        search is far beyond ``max_positions`` (see :attr:`search_slack`)."""
        check_search_size(
            self,
            state,
            self.search_estimate(state),
            max_positions,
            slack=self.search_slack,
            smaller=self.smaller_search(),
        )
