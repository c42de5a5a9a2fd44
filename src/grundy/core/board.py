"""Structured boards: what a position looks like, declared once by its ruleset.

A ruleset's ``board(state)`` returns one of these frozen values (or None), in
the spirit of CGSuite's ``CharMap``/``Icons``: a :class:`Grid` of cells, a
one-dimensional :class:`Strip`, a row of :class:`Heaps`, a Hackenbush
:class:`Graph`, or a :class:`Panel` of several of them side by side. Each cell
holds a name from the small fixed vocabulary :data:`PIECES` and ``last``
marks what the last move touched (cell, heap or edge indices).

Every front end draws from these values only: :func:`board_text` for the
terminal (``grundy play``), :func:`board_svg` for notebooks and
``grundy draw``, :func:`board_json` for the web page.

>>> b = Grid(2, 3, ("black", "white", "empty", "empty", "empty", "black"))
>>> print("\\n".join(board_text(b)))
   1 2 3
1  x o .
2  . . x
>>> board_json(Strip(("x", "empty", "x")))
{'kind': 'strip', 'cells': ['x', 'empty', 'x'], 'last': []}
>>> board_svg(Heaps((3, 1))).count("<circle")
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from grundy.core.text import labelled_grid, short_number, short_repr, svg_document, svg_number
from grundy.errors import InvalidGameError

__all__ = [
    "EDGE_COLOURS",
    "PIECES",
    "Board",
    "Graph",
    "Grid",
    "Heaps",
    "Panel",
    "Strip",
    "board_json",
    "board_svg",
    "board_text",
    "combine",
    "layered_graph",
    "spread_graph",
]

#: The cell vocabulary: name -> one character for the terminal.
PIECES: dict[str, str] = {
    "empty": ".",  # a square nobody holds
    "hole": " ",  # no square here (eaten, off the board)
    "black": "x",  # Left's stone (Clobber, Konane)
    "white": "o",  # Right's stone
    "left": "L",  # a square or domino of Left's colour (Col, Snort, Toppling Dominoes)
    "right": "R",  # of Right's colour
    "green": "G",  # of either player's (Toppling Dominoes)
    "blocked": "#",  # a covered square (Domineering)
    "x": "X",  # a cross (tic-tac-toe, Connect Four, Treblecross)
    "o": "O",  # a nought
    "poison": "*",  # the poisoned square (Chomp)
    "toad": "T",  # Left's toad (Toads and Frogs)
    "frog": "F",  # Right's frog
    "cake": "#",  # a square of cake (Cutcake)
    "pin": "i",  # a standing pin (Kayles, Dawson's Kayles)
}

#: Edge colours of a :class:`Graph` (Left's blue, Right's red, either player's green, and
#: plain: an edge of a game without colours, Arc Kayles).
EDGE_COLOURS = ("green", "left", "right", "plain")

_FILL = {
    "empty": "#f7f4ea",
    "hole": "none",
    "left": "#1f5fbf",
    "right": "#c0392b",
    "green": "#2a9d3a",
    "blocked": "#8a8f98",
    "poison": "#5b2c83",
    "cake": "#e9c28b",
}
_STROKE = {"green": "#2a9d3a", "left": "#1f5fbf", "right": "#c0392b", "plain": "#333"}
_CELL = 36
_PAD = 8


def _check_cells(cells: tuple[str, ...], what: str) -> None:
    if not isinstance(cells, tuple):
        raise InvalidGameError(f"{what} cells must be a tuple of names")
    for c in cells:
        if c not in PIECES:
            raise InvalidGameError(f"unknown cell {c!r}; cells are {', '.join(PIECES)}")


@dataclass(frozen=True)
class Grid:
    """``rows`` x ``cols`` cells, row by row from the top; ``last``: cell indices;
    ``drops``: a move drops a piece into a column (Connect Four), so a front end lets a
    click anywhere in a column make it.

    >>> Grid(1, 2, ("x", "o")).cell(0, 1)
    'o'
    """

    rows: int
    cols: int
    cells: tuple[str, ...]
    last: tuple[int, ...] = ()
    drops: bool = False

    def __post_init__(self) -> None:
        _check_cells(self.cells, "a grid's")
        if len(self.cells) != self.rows * self.cols:
            raise InvalidGameError(
                f"a {self.rows}x{self.cols} grid has {self.rows * self.cols} cells, "
                f"got {len(self.cells)}"
            )

    def cell(self, r: int, c: int) -> str:
        """The cell in row ``r`` and column ``c`` (from 0)."""
        return self.cells[r * self.cols + c]


@dataclass(frozen=True)
class Strip:
    """A row of cells (Treblecross, Toads and Frogs, Toppling Dominoes)."""

    cells: tuple[str, ...]
    last: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_cells(self.cells, "a strip's")


@dataclass(frozen=True)
class Heaps:
    """Heaps of counters; ``last``: the indices of the heaps the last move touched."""

    heaps: tuple[int, ...]
    last: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not all(isinstance(h, int) and h >= 0 for h in self.heaps):
            raise InvalidGameError("heaps are non-negative ints")


@dataclass(frozen=True)
class Graph:
    """A graph: ``vertices`` are ``(name, x, y)`` on a lattice (``y`` counts up from the
    ground, vertex 0, in a Hackenbush picture); ``edges`` are ``(u, v, colour, label)``
    between vertex names, colour from :data:`EDGE_COLOURS` (``u == v``: a loop);
    ``last``: edge indices; ``ground``: False for a graph without one (Arc Kayles), whose
    vertex 0, if any, is a vertex like the others; ``counters``: ``(vertex, count)`` for a
    graph whose vertices hold counters (Weighted Arc Kayles), else empty.
    """

    vertices: tuple[tuple[int, int, int], ...]
    edges: tuple[tuple[int, int, str, str], ...]
    last: tuple[int, ...] = ()
    ground: bool = True
    counters: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        names = {v[0] for v in self.vertices}
        for u, v, colour, _ in self.edges:
            if colour not in EDGE_COLOURS or u not in names or v not in names:
                raise InvalidGameError(f"bad edge {u}-{v} ({colour})")
        for v, count in self.counters:
            if v not in names or not isinstance(count, int) or count < 0:
                raise InvalidGameError(f"bad counters {count!r} on vertex {v}")


@dataclass(frozen=True)
class Panel:
    """Several boards side by side (the components of a sum)."""

    parts: tuple[Board, ...]


Board = Grid | Strip | Heaps | Graph | Panel


def _check_board(board: object) -> None:
    """Refuse anything but a :class:`Panel` of boards (the renderers' last case)."""
    if not isinstance(board, Panel) or not all(
        isinstance(p, (Grid, Strip, Heaps, Graph, Panel)) for p in board.parts
    ):
        raise InvalidGameError(
            f"a board is a Grid, Strip, Heaps, Graph or Panel, got {short_repr(board)}"
        )


def combine(boards: Sequence[Board | None]) -> Board | None:
    """One board for the components of a sum: heaps merge into one row of heaps,
    anything else stands side by side; None when some component has no board.

    >>> combine([Heaps((3,)), Heaps((4,))])
    Heaps(heaps=(3, 4), last=())
    >>> combine([Heaps((3,)), None]) is None
    True
    """
    if not boards or any(b is None for b in boards):
        return None
    parts = [b for b in boards if b is not None]
    if len(parts) == 1:
        return parts[0]
    if all(isinstance(b, Heaps) for b in parts):
        return Heaps(tuple(h for b in parts if isinstance(b, Heaps) for h in b.heaps))
    return Panel(tuple(parts))


def layered_graph(edges: Sequence[tuple[int, int, str, str]]) -> Graph:
    """A :class:`Graph` of these edges with vertices placed in layers by their distance
    from the ground (vertex 0), the layers centred on one another.

    >>> layered_graph([(0, 1, "left", ""), (1, 7, "right", "")]).vertices
    ((0, 0, 0), (1, 0, 1), (7, 0, 2))
    """
    adjacency: dict[int, list[int]] = {0: []}
    for u, v, _, _ in edges:
        adjacency.setdefault(u, []).append(v)
        adjacency.setdefault(v, []).append(u)
    depth = {0: 0}
    layers = [[0]]
    while True:
        nxt: list[int] = []
        for x in layers[-1]:
            for y in sorted(adjacency.get(x, ())):
                if y not in depth:
                    depth[y] = len(layers)
                    nxt.append(y)
        if not nxt:
            break
        layers.append(nxt)
    stray = sorted(v for v in adjacency if v not in depth)  # cut off from the ground
    if stray:
        layers.append(stray)
    vertices = [
        (v, 2 * k - (len(layer) - 1), d)
        for d, layer in enumerate(layers)
        for k, v in enumerate(layer)
    ]
    return Graph(tuple(sorted(vertices)), tuple(edges))


def spread_graph(edges: Sequence[tuple[int, int, str, str]]) -> Graph:
    """A :class:`Graph` without a ground of these edges: each connected part in layers by
    the distance from its least vertex, the layers centred, the parts side by side.

    >>> spread_graph([(1, 2, "plain", ""), (2, 3, "plain", ""), (5, 5, "plain", "")]).vertices
    ((1, 0, 0), (2, 0, 1), (3, 0, 2), (5, 4, 0))
    """
    adjacency: dict[int, set[int]] = {}
    for u, v, _, _ in edges:
        adjacency.setdefault(u, set()).add(v)
        adjacency.setdefault(v, set()).add(u)
    placed: dict[int, tuple[int, int]] = {}
    left = 0  # the least x of the next part
    for root in sorted(adjacency):
        if root in placed:
            continue
        layers, seen = [[root]], {root}
        while nxt := sorted({y for x in layers[-1] for y in adjacency[x]} - seen):
            seen.update(nxt)
            layers.append(nxt)
        widest = max(len(layer) for layer in layers)
        for d, layer in enumerate(layers):
            for k, v in enumerate(layer):
                placed[v] = (left + widest - 1 + 2 * k - (len(layer) - 1), d)
        left += 2 * widest + 2
    vertices = tuple(sorted((v, x, y) for v, (x, y) in placed.items()))
    return Graph(vertices, tuple(edges), ground=False)


# ----- text ------------------------------------------------------------------------


def board_text(board: Board) -> list[str]:
    """Lines drawing ``board`` for a terminal (``grundy play`` prints them).

    >>> board_text(Heaps((3, 0)))
    ['heap 1: ●●● (3)', 'heap 2: (0)']
    >>> board_text(Strip(("toad", "empty", "frog")))
    ['T.F', '123']
    """
    if isinstance(board, Grid):
        rows = [
            "".join(PIECES[board.cell(r, c)] for c in range(board.cols)) for r in range(board.rows)
        ]
        return labelled_grid(
            rows, [str(r + 1) for r in range(board.rows)], [str(c + 1) for c in range(board.cols)]
        )
    if isinstance(board, Strip):
        line = "".join(PIECES[c] for c in board.cells)
        numbers = "".join(str((i + 1) % 10) for i in range(len(board.cells)))
        return [line, numbers]
    if isinstance(board, Heaps):
        return [f"heap {i + 1}: {_heap_line(h)}" for i, h in enumerate(board.heaps)]
    if isinstance(board, Graph):
        return [
            "edges: "
            + " ".join(
                f"{u}-{v}{':' + label if label else ''}"
                + ("" if colour == "plain" else f"({colour[0]})")
                for u, v, colour, label in board.edges
            )
            or "edges: none"
        ] + (
            ["counters: " + " ".join(f"{v}:{c}" for v, c in board.counters)]
            if board.counters
            else []
        )
    _check_board(board)
    lines: list[str] = []
    for k, part in enumerate(board.parts):
        lines.append(f"component {k + 1}:")
        lines.extend("  " + line for line in board_text(part))
    return lines


def _heap_line(n: int) -> str:
    if n <= 40:
        return f"{'●' * n} ({n})".lstrip()
    return f"{'●' * 40}… ({short_number(n)})"


# ----- JSON ------------------------------------------------------------------------


def board_json(board: Board) -> dict[str, Any]:
    """``board`` as a JSON-ready dict with a ``kind`` (grid, strip, heaps, graph, panel).

    >>> board_json(Grid(1, 2, ("x", "empty"), last=(0,)))
    {'kind': 'grid', 'rows': 1, 'cols': 2, 'cells': ['x', 'empty'], 'last': [0], 'drops': False}
    """
    if isinstance(board, Grid):
        return {
            "kind": "grid",
            "rows": board.rows,
            "cols": board.cols,
            "cells": list(board.cells),
            "last": list(board.last),
            "drops": board.drops,
        }
    if isinstance(board, Strip):
        return {"kind": "strip", "cells": list(board.cells), "last": list(board.last)}
    if isinstance(board, Heaps):
        return {"kind": "heaps", "heaps": list(board.heaps), "last": list(board.last)}
    if isinstance(board, Graph):
        return {
            "kind": "graph",
            "vertices": [list(v) for v in board.vertices],
            "edges": [list(e) for e in board.edges],
            "last": list(board.last),
            "ground": board.ground,
            "counters": [list(c) for c in board.counters],
        }
    _check_board(board)
    return {"kind": "panel", "parts": [board_json(p) for p in board.parts]}


# ----- SVG -------------------------------------------------------------------------


def board_svg(board: Board, *, title: str = "a board") -> str:
    """``board`` as one SVG document (:func:`~grundy.core.text.svg_document`).

    >>> import xml.dom.minidom
    >>> svg = board_svg(Grid(1, 2, ("black", "poison"), last=(1,)))
    >>> xml.dom.minidom.parseString(svg).documentElement.tagName
    'svg'
    """
    if not isinstance(board, (Grid, Strip, Heaps, Graph)):
        _check_board(board)
    width, height, body = _draw(board, 0, 0)
    return svg_document(width + 2 * _PAD, height + 2 * _PAD, body, title=title)


def _draw(board: Board, x0: float, y0: float) -> tuple[float, float, list[str]]:
    """``(width, height, elements)`` of ``board``, its corner at ``(x0 + PAD, y0 + PAD)``."""
    x0, y0 = x0 + _PAD, y0 + _PAD
    if isinstance(board, (Grid, Strip)):
        rows, cols = (board.rows, board.cols) if isinstance(board, Grid) else (1, len(board.cells))
        body: list[str] = []
        for i, cell in enumerate(board.cells):
            r, c = divmod(i, cols)
            body.extend(_cell(cell, x0 + c * _CELL, y0 + r * _CELL, i in board.last))
        return cols * _CELL, rows * _CELL, body
    if isinstance(board, Heaps):
        return _heaps(board, x0, y0)
    if isinstance(board, Graph):
        return _graph(board, x0, y0)
    body = []
    x = x0 - _PAD
    tallest = 0.0
    for part in board.parts:
        w, h, part_body = _draw(part, x, y0 - _PAD)
        body.extend(part_body)
        x += w + 2 * _PAD
        tallest = max(tallest, h)
    return x - x0 - _PAD, tallest, body


def _cell(cell: str, x: float, y: float, last: bool) -> list[str]:
    n = svg_number
    out = []
    if cell != "hole":
        fill = _FILL.get(cell, _FILL["empty"])
        out.append(
            f'<rect x="{n(x)}" y="{n(y)}" width="{_CELL}" height="{_CELL}" fill="{fill}" '
            f'stroke="{"#e0a000" if last else "#555"}" stroke-width="{3 if last else 1}" '
            f'data-cell="{escape(cell)}"/>'
        )
    cx, cy = n(x + _CELL / 2), n(y + _CELL / 2)
    if cell in ("black", "white"):
        fill = "#222" if cell == "black" else "#fff"
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="{fill}" stroke="#222"/>')
    elif cell == "pin":
        out.append(
            f'<ellipse cx="{cx}" cy="{cy}" rx="7" ry="14" fill="#fffdf5" stroke="#8a5a12" '
            'stroke-width="2"/>'
        )
    elif cell in ("x", "o", "toad", "frog", "poison"):
        glyph = {"x": "X", "o": "O", "toad": "T", "frog": "F", "poison": "☠"}[cell]
        colour = {"toad": "#1f5fbf", "frog": "#c0392b", "poison": "#fff"}.get(cell, "#222")
        out.append(
            f'<text x="{cx}" y="{n(y + _CELL / 2 + 7)}" font-size="20" text-anchor="middle" '
            f'fill="{colour}">{glyph}</text>'
        )
    return out


def _heaps(board: Heaps, x0: float, y0: float) -> tuple[float, float, list[str]]:
    step, per_row, most = 14, 5, 30
    tallest = max([min(h, most) for h in board.heaps] + [1])
    rows = -(-tallest // per_row)
    col_w = per_row * step + 12
    height = rows * step + 18
    base = y0 + rows * step
    body = []
    for i, h in enumerate(board.heaps):
        left = x0 + i * col_w
        colour = "#e0a000" if i in board.last else "#999"
        body.append(
            f'<line x1="{left}" y1="{base + 1}" x2="{left + per_row * step}" y2="{base + 1}" '
            f'stroke="{colour}"/>'
        )
        for k in range(min(h, most)):
            row, col = divmod(k, per_row)
            body.append(
                f'<circle cx="{left + col * step + step // 2}" cy="{base - row * step - step // 2}"'
                f' r="{step // 2 - 1}" fill="#e9a23b" stroke="#8a5a12"/>'
            )
        body.append(
            f'<text x="{left + per_row * step // 2}" y="{base + 15}" font-size="12" '
            f'text-anchor="middle" fill="#333">{escape(short_number(h))}</text>'
        )
    return max(1, len(board.heaps)) * col_w, height, body


def _graph(board: Graph, x0: float, y0: float) -> tuple[float, float, list[str]]:
    unit = 30
    where = {name: (x, y) for name, x, y in board.vertices}
    xs = [x for x, _ in where.values()] or [0]
    top = max([y for _, y in where.values()] + [0])
    lo = min(xs) - 2
    width = (max(xs) + 2 - lo) * unit
    height = (top + 1) * unit + (0 if board.ground else 12)  # room for a loop on top
    n = svg_number

    def at(v: int) -> tuple[float, float]:
        x, y = where[v]
        return x0 + (x - lo) * unit, y0 + height - unit / 2 - y * unit

    ground = y0 + height - unit / 2
    body = (
        [
            f'<line x1="{n(x0)}" y1="{n(ground)}" x2="{n(x0 + width)}" y2="{n(ground)}" '
            'stroke="#6b4f2a" stroke-width="4"/>'
        ]
        if board.ground
        else []
    )
    for i, (u, v, colour, label) in enumerate(board.edges):
        (x1, y1), (x2, y2) = at(u), at(v)
        if board.ground and u == 0 and v != 0:  # an edge to the ground ends on the ground
            x1 = x2
        elif board.ground and v == 0 and u != 0:
            x2 = x1
        wide = 5 if i in board.last else 3
        if u == v:
            path = f"M {n(x1)} {n(y1)} c -20 -30 20 -30 0 0"
        else:
            path = f"M {n(x1)} {n(y1)} L {n(x2)} {n(y2)}"
        body.append(
            f'<path d="{path}" fill="none" stroke="{_STROKE[colour]}" stroke-width="{wide}" '
            f'data-edge="{u}-{v}"/>'
        )
        if label:
            body.append(
                f'<text x="{n((x1 + x2) / 2 + 4)}" y="{n((y1 + y2) / 2)}" font-size="11">'
                f"{escape(label)}</text>"
            )
    counts = dict(board.counters)
    for v in where:
        if v == 0 and board.ground:
            continue
        x, y = at(v)
        body.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="4" fill="#333"/>')
        if not board.ground:  # the vertices by their numbers (a move names them)
            count = f" ●{counts[v]}" if v in counts else ""  # its counters
            body.append(
                f'<text x="{n(x + 6)}" y="{n(y - 6)}" font-size="11" fill="#333">{v}{count}</text>'
            )
    return width, height, body
