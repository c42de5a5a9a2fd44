"""Hackenbush pictures as SVG, written by hand (no drawing library).

Vertices stand in layers by their distance from the ground; edges to the
ground end on the ground line; repeated edges bend apart; loops are small
circles; winning cuts are drawn thick and red.

>>> svg = picture_svg(((0, 1, 1), (1, 1, 1)), highlight=[0])
>>> svg.startswith("<svg") and svg.count("<path") == 2
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from grundy.core.text import svg_document
from grundy.errors import UnsupportedError
from grundy.hackenbush.graph import Picture

__all__ = ["MAX_DRAWN_EDGES", "combine_svgs", "picture_svg"]

#: The largest picture drawn (beyond this an SVG is no help to a reader).
MAX_DRAWN_EDGES = 20_000

_STEP_X = 60
_STEP_Y = 70
_MARGIN = 40
_GREEN = "#2a9d3a"
_RED = "#d62728"


def _layers(picture: Picture) -> list[list[int]]:
    adjacency: dict[int, list[int]] = {}
    for u, v, _ in picture:
        adjacency.setdefault(u, []).append(v)
        adjacency.setdefault(v, []).append(u)
    layers = [[0]]
    seen = {0}
    while True:
        nxt: list[int] = []
        for x in layers[-1]:
            for y in sorted(adjacency.get(x, ())):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        if not nxt:
            return layers
        layers.append(nxt)


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def picture_svg(
    picture: Picture,
    *,
    weighted: bool = False,
    highlight: Sequence[int] = (),
    title: str | None = None,
) -> str:
    """SVG text for ``picture``; edges whose index is in ``highlight`` are drawn red, and
    every vertex is labelled with its number (0, the ground, under the ground line).

    >>> svg = picture_svg(((0, 1, 1), (1, 2, 1)))
    >>> 'class="vertex">2</text>' in svg and "0 = the ground" in svg
    True
    """
    if len(picture) > MAX_DRAWN_EDGES:
        raise UnsupportedError(
            f"the picture has {len(picture):,} edges; pictures of at most "
            f"{MAX_DRAWN_EDGES:,} edges are drawn"
        )
    layers = _layers(picture)
    widest = max([len(layer) for layer in layers[1:]] + [1])
    ground_loops = sum(1 for u, v, _ in picture if u == v == 0)
    width = (widest + 1) * _STEP_X + ground_loops * 40 + 2 * _MARGIN
    top = 30 if title else 10
    height = top + (len(layers) - 1) * _STEP_Y + 2 * _MARGIN
    ground_y = height - _MARGIN
    inner = (widest + 1) * _STEP_X
    pos: dict[int, tuple[float, float]] = {}
    for d, layer in enumerate(layers[1:], 1):
        for k, x in enumerate(layer):
            pos[x] = (_MARGIN + inner * (k + 1) / (len(layer) + 1), ground_y - d * _STEP_Y)
    out = ['<rect width="100%" height="100%" fill="white"/>']
    if title:
        out.append(
            f'<text x="{_MARGIN / 2}" y="20" font-family="sans-serif" font-size="14">'
            f"{escape(title)}</text>"
        )
    out.append(
        f'<line x1="{_MARGIN / 2}" y1="{_num(ground_y)}" x2="{_num(width - _MARGIN / 2)}" '
        f'y2="{_num(ground_y)}" stroke="#6b4f2a" stroke-width="4"/>'
    )
    out.extend(_edges(picture, pos, ground_y, inner, set(highlight), weighted))
    out.extend(_vertices(pos, ground_y))
    return svg_document(width, height, out, title=title or "a Hackenbush picture")


def _edges(  # noqa: PLR0917
    picture: Picture,
    pos: dict[int, tuple[float, float]],
    ground_y: int,
    inner: int,
    marked: set[int],
    weighted: bool,
) -> list[str]:
    """The edges' paths (loops at the ground in a row right of the picture), then their
    weights when ``weighted``."""
    copies: dict[tuple[int, int], int] = {}
    for u, v, _ in picture:
        copies[(u, v)] = copies.get((u, v), 0) + 1
    seen: dict[tuple[int, int], int] = {}
    loop_slot = 0
    out: list[str] = []
    labels: list[str] = []
    for i, (u, v, w) in enumerate(picture):
        j = seen.get((u, v), 0)
        seen[(u, v)] = j + 1
        colour, stroke = (_RED, 4) if i in marked else (_GREEN, 2.5)
        style = f'fill="none" stroke="{colour}" stroke-width="{stroke}" stroke-linecap="round"'
        if u == v:
            if u == 0:
                cx = float(_MARGIN + inner + 20 + 40 * loop_slot)
                cy = float(ground_y)
                loop_slot += 1
                r: float = 24
            else:
                cx, cy = pos[u]
                r = 24 + 10 * j
            path, (mx, my) = _loop(cx, cy, r, f"{style}><title>{u}-{v}</title>")
        else:
            x2, y2 = pos[v]
            x1, y1 = (x2, ground_y) if u == 0 else pos[u]
            bend = (j - (copies[(u, v)] - 1) / 2) * 22
            path, (mx, my) = _arc(x1, y1, x2, y2, bend, f"{style}><title>{u}-{v}</title>")
        out.append(path)
        if weighted:
            labels.append(
                f'<text x="{_num(mx + 5)}" y="{_num(my - 3)}" font-family="sans-serif" '
                f'font-size="11" fill="#333">{w}</text>'
            )
    return out + labels


def _loop(cx: float, cy: float, r: float, rest: str) -> tuple[str, tuple[float, float]]:
    """A loop: a teardrop standing on the vertex ``(cx, cy)``; the path (``rest``: its
    style and title) and where its weight goes."""
    path = (
        f'<path d="M {_num(cx)} {_num(cy)} C {_num(cx - 0.9 * r)} {_num(cy - 1.5 * r)} '
        f'{_num(cx + 0.9 * r)} {_num(cy - 1.5 * r)} {_num(cx)} {_num(cy)}" {rest}</path>'
    )
    return path, (cx, cy - 1.1 * r)


def _arc(  # noqa: PLR0917
    x1: float, y1: float, x2: float, y2: float, bend: float, rest: str
) -> tuple[str, tuple[float, float]]:
    """An edge: a curve bent ``bend`` pixels from the straight line (repeated edges apart);
    the path (``rest``: its style and title) and where its weight goes (its middle)."""
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    mx = (x1 + x2) / 2 - dy / length * bend
    my = (y1 + y2) / 2 + dx / length * bend
    cx, cy = 2 * mx - (x1 + x2) / 2, 2 * my - (y1 + y2) / 2
    path = (
        f'<path d="M {_num(x1)} {_num(y1)} Q {_num(cx)} {_num(cy)} {_num(x2)} '
        f'{_num(y2)}" {rest}</path>'
    )
    return path, (mx, my)


def _vertices(pos: dict[int, tuple[float, float]], ground_y: int) -> list[str]:
    """The vertices as dots, then their numbers (so that a cut named "1-2" can be found),
    and the ground's, 0, under the ground line."""
    out = [
        f'<circle cx="{_num(px)}" cy="{_num(py)}" r="4" fill="black"><title>{x}</title></circle>'
        for x, (px, py) in pos.items()
    ]
    out.extend(
        f'<text x="{_num(px + 7)}" y="{_num(py - 6)}" font-family="sans-serif" '
        f'font-size="12" font-weight="bold" fill="#222" class="vertex">{x}</text>'
        for x, (px, py) in pos.items()
    )
    out.append(
        f'<text x="{_MARGIN / 2}" y="{_num(ground_y + 16)}" font-family="sans-serif" '
        f'font-size="12" fill="#222" class="vertex">0 = the ground</text>'
    )
    return out


def combine_svgs(pieces: list[str], title: str) -> str:
    """Put several SVG pictures side by side under one title."""
    sizes = []
    for p in pieces:
        m = re.match(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"', p)
        assert m is not None
        sizes.append((float(m.group(1)), float(m.group(2))))
    width = sum(w for w, _ in sizes)
    height = max(h for _, h in sizes) + 30
    out = [
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="20" font-family="sans-serif" font-size="14">{escape(title)}</text>',
    ]
    x = 0.0
    for p, (w, h) in zip(pieces, sizes, strict=True):
        body = p.split(">", 1)[1].rsplit("</svg>", 1)[0]
        out.append(f'<g transform="translate({_num(x)} {_num(height - h)})">{body}</g>')
        x += w
    return svg_document(width, height, out, title=title)
