"""A heap game's Grundy table as a notebook value, and its plot as SVG (no matplotlib).

:func:`tabulate` gives a :class:`HeapTable`: ``str`` of it is ``grundy table``'s text,
Jupyter shows the plot and the text; :func:`plot` gives the plot alone, an SVG
string that Jupyter draws (values against heaps, the preperiod and the periods
marked when a period is known).

>>> from grundy.heap.games import KAYLES
>>> t = tabulate(KAYLES, 12)
>>> t
HeapTable(game='kayles', last=12, period=None)
>>> print(t)
kayles: Grundy values of heaps 0..12
 0:   0   1   2   3   1   4   3   2   1   4
10:   2   6   4
Periodicity: no period seen in the values of heaps 0..12
>>> svg = plot(KAYLES, 200)
>>> svg.startswith("<svg") and "preperiod 71" in svg and "period 12" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.text import svg_document, svg_number
from grundy.heap.period import Periodicity, periodicity
from grundy.heap.tools import heap_periodicity, heap_table, require_heap_game

__all__ = ["HeapTable", "SvgPicture", "plot", "plot_svg", "rows_of_ten", "tabulate"]

#: Heaps shown when no ``last`` is given and no period is found.
DEFAULT_LAST = 100

#: The largest table :func:`tabulate` chooses by itself.
MOST_HEAPS = 4000


class SvgPicture(str):
    """SVG text that Jupyter draws as a picture (``_repr_svg_``); otherwise a plain ``str``
    (write it to a ``.svg`` file as it is)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True, repr=False)
class HeapTable:
    """The Grundy values of heaps ``0..last`` of a heap game, and their periodicity.

    ``str(t)`` is the text ``grundy table GAME -n LAST`` prints; :meth:`svg` is the plot.
    """

    game: str
    values: tuple[int, ...]
    periodicity: Periodicity

    @property
    def last(self) -> int:
        """The largest heap in the table."""
        return len(self.values) - 1

    def __str__(self) -> str:
        width = len(str(self.last))
        return (
            f"{self.game}: Grundy values of heaps 0..{self.last}\n"
            + rows_of_ten(self.values, 0, width)
            + f"Periodicity: {self.periodicity.reason}"
        )

    def __repr__(self) -> str:
        return (
            f"HeapTable(game={self.game!r}, last={self.last}, period={self.periodicity.period!r})"
        )

    def svg(self, *, width: int = 640, height: int = 260) -> SvgPicture:
        """The plot of the values against the heaps (see :func:`plot_svg`)."""
        return plot_svg(self.values, self.periodicity, game=self.game, width=width, height=height)

    def _repr_svg_(self) -> str:
        return str(self.svg())

    def _repr_html_(self) -> str:
        return f"<div>{self.svg()}<pre>{html.escape(str(self))}</pre></div>"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``grundy table --json``: game, values and periodicity."""
        return {
            "game": self.game,
            "values": list(self.values),
            "periodicity": self.periodicity.to_dict(),
        }


def tabulate(game: Any, last: int | None = None) -> HeapTable:
    """The table of heaps ``0..last`` of a heap ruleset (``grundy.parse_ruleset("kayles")``).

    Without ``last``: when a period is proved (:func:`heap_periodicity`), the smallest
    table from the preperiod plus three periods, doubling, whose values prove it (at most
    :data:`MOST_HEAPS` heaps); else :data:`DEFAULT_LAST` heaps.
    """
    heap = require_heap_game(game)
    if last is not None:
        values = tuple(int(v) for v in heap_table(heap, last).tolist())
        return HeapTable(heap.spec_name(), values, periodicity(heap, values))
    found = heap_periodicity(heap)
    if not (found.proved and found.preperiod is not None and found.period is not None):
        values = tuple(int(v) for v in heap_table(heap, DEFAULT_LAST).tolist())
        return HeapTable(heap.spec_name(), values, periodicity(heap, values))
    last = max(found.preperiod + 3 * found.period, 30)
    while True:  # the smallest table (doubling) whose own check proves the period
        values = tuple(int(v) for v in heap_table(heap, last).tolist())
        per = periodicity(heap, values)
        if per.proved or last >= MOST_HEAPS:
            return HeapTable(heap.spec_name(), values, per)
        last = min(2 * last, MOST_HEAPS)


def plot(game: Any, last: int | None = None) -> SvgPicture:
    """The plot of a heap game's Grundy values (an SVG string Jupyter draws); see
    :func:`tabulate` for ``last``."""
    return tabulate(game, last).svg()


def _step(span: int, most: int = 10) -> int:
    """A tick spacing of 1, 2, 5, 10, 20, 50, ... giving at most ``most`` intervals.

    >>> [_step(n) for n in (5, 12, 30, 100, 2000)]
    [1, 2, 5, 10, 200]
    """
    step, i = 1, 0
    while span > most * step:
        step = step * 5 // 2 if i % 3 == 1 else step * 2
        i += 1
    return step


def plot_svg(
    values: Sequence[int],
    per: Periodicity | None = None,
    *,
    game: str = "",
    width: int = 640,
    height: int = 260,
) -> SvgPicture:
    """``G(n)`` against ``n`` for the heaps of ``values``: axes with ticks and labels, a
    dot (or a line, past 300 heaps) per value, the preperiod and each period marked
    when ``per`` has a period."""
    last = len(values) - 1
    top = max(max(values, default=0), 1)
    left, right, above, below = 44, 16, 36, 40
    plot_w, plot_h = width - left - right, height - above - below

    def px(n: float) -> float:
        return left + (n / max(last, 1)) * plot_w

    def py(g: float) -> float:
        return above + plot_h - (g / top) * plot_h

    num = svg_number
    parts = [f'<rect width="{width}" height="{height}" fill="white"/>']
    if per is not None and per.period is not None and per.preperiod is not None:
        e, p = per.preperiod, per.period
        start, shade = e, False
        while start <= last:
            if shade:
                x0, x1 = px(start - 0.5), px(min(start + p, last + 1) - 0.5)
                parts.append(
                    f'<rect x="{num(x0)}" y="{above}" width="{num(x1 - x0)}" '
                    f'height="{plot_h}" fill="#eef3fb"/>'
                )
            start, shade = start + p, not shade
        xe = num(px(e - 0.5)) if e > 0 else num(px(0))
        status = "proved" if per.proved else "observed"
        parts.append(
            f'<line x1="{xe}" y1="{above}" x2="{xe}" y2="{above + plot_h}" '
            'stroke="#c0392b" stroke-dasharray="4 3"/>'
            f'<text x="{xe}" y="{above - 4}" font-size="11" fill="#c0392b">'
            f"preperiod {e}, period {p} ({status})</text>"
        )
    base_y = num(above + plot_h)
    parts.append(
        f'<line x1="{left}" y1="{base_y}" x2="{left + plot_w}" y2="{base_y}" stroke="#666"/>'
        f'<line x1="{left}" y1="{above}" x2="{left}" y2="{base_y}" stroke="#666"/>'
    )
    step = _step(last)
    for n in range(0, last + 1, step):
        x = num(px(n))
        parts.append(
            f'<line x1="{x}" y1="{base_y}" x2="{x}" y2="{num(above + plot_h + 4)}" '
            f'stroke="#666"/><text x="{x}" y="{num(above + plot_h + 15)}" font-size="10" '
            f'text-anchor="middle">{n}</text>'
        )
    for g in range(0, top + 1, _step(top, 6)):
        y = num(py(g))
        parts.append(
            f'<line x1="{left - 4}" y1="{y}" x2="{left}" y2="{y}" stroke="#666"/>'
            f'<text x="{left - 6}" y="{num(py(g) + 3)}" font-size="10" '
            f'text-anchor="end">{g}</text>'
        )
    if last > 300:
        pts = " ".join(f"{num(px(n))},{num(py(v))}" for n, v in enumerate(values))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="#1f5fbf" stroke-width="1"/>')
    else:
        r = 2.5 if last <= 120 else 1.6
        parts.extend(
            f'<circle cx="{num(px(n))}" cy="{num(py(v))}" r="{r}" fill="#1f5fbf"/>'
            for n, v in enumerate(values)
        )
    parts.append(
        f'<text x="{num(left + plot_w / 2)}" y="{height - 6}" font-size="11" '
        'text-anchor="middle">heap n</text>'
        f'<text x="12" y="{num(above + plot_h / 2)}" font-size="11" text-anchor="middle" '
        f'transform="rotate(-90 12 {num(above + plot_h / 2)})">G(n)</text>'
    )
    name = f" of {game}" if game else ""
    parts.append(
        f'<text x="{left}" y="14" font-size="12">Grundy values{html.escape(name)}, '
        f"heaps 0..{last}</text>"
    )
    title = f"Grundy values{name}, heaps 0..{last}"
    return SvgPicture(svg_document(width, height, parts, title=title))


def rows_of_ten(values: Sequence[int] | Any, first: int, width: int) -> str:
    """Rows ``"heap: v v ... v"`` of ten values (the last may be shorter), heap numbers
    right-aligned to ``width`` (``grundy table``'s text); one %-format over the piece.

    >>> import numpy as np
    >>> print(rows_of_ten(np.arange(12), 0, 2), end="")
     0:   0   1   2   3   4   5   6   7   8   9
    10:  10  11
    """
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    arr = np.asarray(values, dtype=np.int64)
    full = len(arr) // 10
    row = f"%{width}d: " + " ".join(["%3d"] * 10) + "\n"
    grid = np.empty((full, 11), dtype=np.int64)
    grid[:, 0] = first + 10 * np.arange(full, dtype=np.int64)
    grid[:, 1:] = arr[: 10 * full].reshape(full, 10)
    text = (row * full) % tuple(grid.ravel().tolist())
    rest = arr[10 * full :].tolist()
    if rest:
        text += f"{first + 10 * full:>{width}}: " + " ".join(f"{v:>3}" for v in rest) + "\n"
    return text
