"""Thermographs drawn as SVG pictures (hand-written SVG text, no dependencies).

As in Winning Ways, ``x`` grows to the *left* (Left's side) and the
temperature ``t`` upwards; the walls are drawn from ``t = 0`` (from ``t = -1``
for a number) and the mast rises above the temperature.

>>> from grundy.cgt import CanonicalGame
>>> text = thermograph_svg(CanonicalGame("{2|-1/2}"))
>>> text.startswith("<svg") and "polyline" in text and text.rstrip().endswith("</svg>")
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import escape

from grundy.cgt import _table as T
from grundy.cgt.readable import pretty
from grundy.cgt.thermo import thermograph
from grundy.cgt.value import GameLike, game_of
from grundy.core.text import svg_document

__all__ = ["thermograph_svg"]


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@T.guarded
def thermograph_svg(
    g: GameLike, *, width: int = 360, height: int = 300, font_size: int = 12
) -> str:
    """An SVG picture of the thermograph of ``g``, with its mean and temperature.

    ``font_size`` is the title's size in pixels (tick labels are 2 smaller, axis names 1
    smaller) and the margins grow with it; a title too long for the width drops the
    value's name and keeps its mean and temperature (it is never cut off).

    >>> from grundy.cgt import CanonicalGame
    >>> big = thermograph_svg(CanonicalGame("{2|-1/2}"), width=640, height=440, font_size=20)
    >>> 'font-size="18"' in big and "{2 | -1/2}: mean 3/4" in big
    True
    """
    game = game_of(g)
    f = max(8, font_size)
    tg = thermograph(game)
    start = Fraction(0) if tg.temperature >= 0 else Fraction(-1)
    top = max(tg.temperature, Fraction(0)) + 1
    left = [(t, x) for t, x in tg.left_wall if t >= start]
    right = [(t, x) for t, x in tg.right_wall if t >= start]
    if not left or left[0][0] > start:
        left.insert(0, (start, tg.left_at(start)))
    if not right or right[0][0] > start:
        right.insert(0, (start, tg.right_at(start)))
    left.append((top, tg.mast))
    right.append((top, tg.mast))
    xs = [x for _, x in left + right]
    xmax, xmin = max(xs) + 1, min(xs) - 1
    margin = max(40, 3 * f)
    extra = f  # room on the right for the temperature axis's name beside its tick labels
    scale_x = (width - 2 * margin - extra) / float(xmax - xmin)
    scale_t = (height - 2 * margin) / float(top - start)

    def px(t: Fraction, x: Fraction) -> str:
        across = margin + float(xmax - x) * scale_x
        up = height - margin - float(t - start) * scale_t
        return f"{across:.2f},{up:.2f}"

    def line(points: list[tuple[Fraction, Fraction]], colour: str) -> str:
        pts = " ".join(px(t, x) for t, x in points)
        return f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>'

    name = pretty(game)
    axis_y = height - margin - float(0 - start) * scale_t
    parts = [f'<rect width="{width}" height="{height}" fill="white"/>']
    parts += _axes(
        xmin,
        xmax,
        start,
        top,
        px,
        width=width,
        height=height,
        margin=margin,
        axis_y=axis_y,
        font=f,
        extra=extra,
    )
    parts.append(line(left, "#1f5fbf"))
    parts.append(line(right, "#c0392b"))
    title = f"{name}: mean {_fmt(tg.mast)}, temperature {_fmt(tg.temperature)}"
    if len(title) * 0.62 * f > width - 8:  # the width of its letters, at most
        title = f"mean {_fmt(tg.mast)}, temperature {_fmt(tg.temperature)}"
    parts.append(f'<text x="4" y="{f + 6}" font-size="{f}">{escape(title)}</text>')
    return svg_document(width, height, parts, title=f"thermograph of {name}") + "\n"


def _step(span: Fraction, most: int = 8) -> Fraction:
    """The tick spacing: the smallest of 1/4, 1/2, 1, 2, 5, 10, 20, 50, ... giving at most
    ``most`` intervals over ``span``.

    >>> _step(Fraction(3)), _step(Fraction(1, 2)), _step(Fraction(40))
    (Fraction(1, 2), Fraction(1, 4), Fraction(5, 1))
    """
    step, i = Fraction(1, 4), 0
    while span / step > most:
        step *= Fraction(5, 2) if i and i % 3 == 0 else 2  # 1/4, 1/2, 1, 2, 5, 10, 20, 50, ...
        i += 1
    return step


def _ticks(low: Fraction, high: Fraction) -> list[Fraction]:
    """Multiples of :func:`_step` from ``low`` to ``high``."""
    step = _step(high - low)
    first = -((-low) // step) * step
    out = []
    t = first
    while t <= high:
        out.append(t)
        t += step
    return out


def _axes(
    xmin: Fraction,
    xmax: Fraction,
    start: Fraction,
    top: Fraction,
    px: Callable[[Fraction, Fraction], str],
    *,
    width: int,
    height: int,
    margin: int,
    axis_y: float,
    font: int = 12,
    extra: int = 0,
) -> list[str]:
    """The x axis at ``t = 0`` and the temperature axis at the right edge, with ticks,
    tick labels, a dashed line at ``x = 0`` and the names of both axes."""
    grey = 'stroke="#999"'
    right_x = width - margin - extra
    parts = [
        f'<line x1="{margin}" y1="{axis_y:.2f}" x2="{right_x}" y2="{axis_y:.2f}" {grey}/>',
        f'<line x1="{right_x}" y1="{margin}" x2="{right_x}" y2="{height - margin}" {grey}/>',
    ]
    if xmin <= 0 <= xmax:
        zx = px(start, Fraction(0)).split(",")[0]
        parts.append(
            f'<line x1="{zx}" y1="{margin}" x2="{zx}" y2="{height - margin}" '
            'stroke="#ccc" stroke-dasharray="4 3"/>'
        )
    for x in _ticks(xmin, xmax):
        tx = px(start, x).split(",")[0]
        parts.append(
            f'<line x1="{tx}" y1="{axis_y:.2f}" x2="{tx}" y2="{axis_y + 4:.2f}" {grey}/>'
            f'<text x="{tx}" y="{axis_y + font + 3:.2f}" font-size="{font - 2}" '
            f'text-anchor="middle">{_fmt(x)}</text>'
        )
    for t in _ticks(start, top):
        ty = px(t, xmin).split(",")[1]
        parts.append(
            f'<line x1="{right_x}" y1="{ty}" x2="{right_x + 4}" y2="{ty}" {grey}/>'
            f'<text x="{right_x + 7}" y="{float(ty) + font / 4:.2f}" font-size="{font - 2}">'
            f"{_fmt(t)}</text>"
        )
    parts.append(
        f'<text x="{margin + (right_x - margin) / 2:.1f}" y="{height - 6}" font-size="{font - 1}" '
        'text-anchor="middle">x (Left ← → Right)</text>'
    )
    mid = margin + (height - 2 * margin) / 2
    # Read bottom to top, its letters to the left of the edge (rotated the other way they
    # stood past the picture's right edge and were cut off).
    parts.append(
        f'<text x="{width - 4}" y="{mid:.1f}" font-size="{font - 1}" text-anchor="middle" '
        f'transform="rotate(-90 {width - 4} {mid:.1f})">temperature t</text>'
    )
    return parts
