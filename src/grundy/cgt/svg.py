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

from fractions import Fraction
from html import escape

from grundy.cgt import _table as T
from grundy.cgt.notation import to_unicode
from grundy.cgt.thermo import thermograph
from grundy.cgt.value import GameLike, game_of
from grundy.core.text import svg_document

__all__ = ["thermograph_svg"]


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@T.guarded
def thermograph_svg(g: GameLike, *, width: int = 360, height: int = 300) -> str:
    """An SVG picture of the thermograph of ``g``, with its mean and temperature."""
    game = game_of(g)
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
    margin = 40
    scale_x = (width - 2 * margin) / float(xmax - xmin)
    scale_t = (height - 2 * margin) / float(top - start)

    def px(t: Fraction, x: Fraction) -> str:
        across = margin + float(xmax - x) * scale_x
        up = height - margin - float(t - start) * scale_t
        return f"{across:.2f},{up:.2f}"

    def line(points: list[tuple[Fraction, Fraction]], colour: str) -> str:
        pts = " ".join(px(t, x) for t, x in points)
        return f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>'

    plain_title = to_unicode(str(game))
    title = escape(plain_title)
    axis_y = height - margin - float(0 - start) * scale_t
    zero_x = margin + float(xmax) * scale_x
    parts = [
        f'<g font-size="12"><rect width="{width}" height="{height}" fill="white"/>',
        f'<line x1="{margin}" y1="{axis_y:.2f}" x2="{width - margin}" y2="{axis_y:.2f}" '
        'stroke="#999"/>',
    ]
    if xmin <= 0 <= xmax:
        parts.append(
            f'<line x1="{zero_x:.2f}" y1="{margin}" x2="{zero_x:.2f}" y2="{height - margin}" '
            'stroke="#ccc" stroke-dasharray="4 3"/>'
        )
    parts.append(line(left, "#1f5fbf"))
    parts.append(line(right, "#c0392b"))
    parts.append(
        f'<text x="{margin}" y="20">{title}: mean {_fmt(tg.mast)}, '
        f"temperature {_fmt(tg.temperature)}</text>"
    )
    parts.append(
        f'<text x="{width - margin}" y="{axis_y + 16:.2f}" text-anchor="end">x (Left ←)</text>'
    )
    parts.append("</g>")
    return svg_document(width, height, parts, title=f"thermograph of {plain_title}") + "\n"
