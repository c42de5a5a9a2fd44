"""Exact piecewise-linear functions of the temperature ``t >= -1`` (for thermographs).

A :class:`Wall` is a list of points ``(t, x)`` with increasing ``t`` (the first
at ``t = -1``), joined by segments, and a slope for ``t`` past the last point.

>>> w = Wall(((Fraction(-1), Fraction(1)),), Fraction(-1))
>>> w.at(Fraction(2))
Fraction(-2, 1)
>>> upper(w, Wall.constant(Fraction(0))).points
((Fraction(-1, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(0, 1)))
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from grundy.core.limits import check_time

__all__ = ["START", "Wall", "lower", "upper"]

START = Fraction(-1)


@dataclass(frozen=True)
class Wall:
    """``x(t)`` through ``points``, then with slope ``tail`` (dx/dt) after the last one."""

    points: tuple[tuple[Fraction, Fraction], ...]
    tail: Fraction

    @staticmethod
    def constant(x: Fraction) -> Wall:
        """The vertical line ``x(t) = x``."""
        return Wall(((START, x),), Fraction(0))

    def at(self, t: Fraction) -> Fraction:
        """``x(t)``."""
        pts = self.points
        if t >= pts[-1][0]:
            return pts[-1][1] + self.tail * (t - pts[-1][0])
        for (t0, x0), (t1, x1) in itertools.pairwise(pts):
            if t0 <= t <= t1:
                return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
        return pts[0][1]

    def shift(self, sign: int) -> Wall:
        """``x(t) + sign * t``."""
        return Wall(tuple((t, x + sign * t) for t, x in self.points), self.tail + sign)

    def cut(self, top: Fraction, x: Fraction) -> Wall:
        """The wall up to ``t = top``, then the vertical line at ``x``."""
        pts = [p for p in self.points if p[0] < top]
        pts.append((top, x))
        return _simplify(pts, Fraction(0))


def _simplify(points: list[tuple[Fraction, Fraction]], tail: Fraction) -> Wall:
    out: list[tuple[Fraction, Fraction]] = []
    for p in points:
        if out and out[-1][0] == p[0]:
            continue
        if len(out) >= 2:
            (t0, x0), (t1, x1) = out[-2], out[-1]
            if (x1 - x0) * (p[0] - t1) == (p[1] - x1) * (t1 - t0):
                out.pop()
        out.append(p)
    if len(out) >= 2:
        (t0, x0), (t1, x1) = out[-2], out[-1]
        if (x1 - x0) == tail * (t1 - t0):
            out.pop()
    return Wall(tuple(out), tail)


def _combine(a: Wall, b: Wall, pick: Callable[[Fraction, Fraction], bool]) -> Wall:
    """The pointwise max (``pick`` = ``>=``) or min (``<=``) of two walls."""
    check_time()  # exact arithmetic on many points may be slow
    ts = sorted({t for t, _ in a.points} | {t for t, _ in b.points})
    grid: list[Fraction] = []
    for t0, t1 in itertools.pairwise(ts):
        grid.append(t0)
        d0, d1 = a.at(t0) - b.at(t0), a.at(t1) - b.at(t1)
        if d0 * d1 < 0:
            grid.append(t0 + (t1 - t0) * d0 / (d0 - d1))
    last = ts[-1]
    grid.append(last)
    d = a.at(last) - b.at(last)
    slope = a.tail - b.tail
    if slope and d * slope < 0:  # they cross after the last point
        grid.append(last - d / slope)
    end = grid[-1]
    points = [(t, a.at(t) if pick(a.at(t), b.at(t)) else b.at(t)) for t in grid]
    d_end = a.at(end) - b.at(end)
    if d_end == 0:
        tail = max(a.tail, b.tail) if pick(Fraction(1), Fraction(0)) else min(a.tail, b.tail)
    else:
        tail = a.tail if pick(a.at(end), b.at(end)) else b.tail
    return _simplify(points, tail)


def upper(a: Wall, b: Wall) -> Wall:
    """The pointwise maximum."""
    return _combine(a, b, lambda x, y: x >= y)


def lower(a: Wall, b: Wall) -> Wall:
    """The pointwise minimum."""
    return _combine(a, b, lambda x, y: x <= y)
