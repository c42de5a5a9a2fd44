"""Canonical forms from Conway's definitions alone; shares no code with ``grundy.cgt``.

A form is an ``int`` id into one table of ``(left ids, right ids)``; equal option sets
get one id, so two canonical forms are equal exactly when their ids are. Everything
here follows the definitions in *On Numbers and Games* and Siegel's *Combinatorial Game
Theory* (ch. II):

* ``le(g, h)``: ``g <= h`` unless some ``g^L >= h`` or some ``h^R <= g``;
* :func:`canon`: delete dominated options and bypass reversible ones until neither is left
  (options given canonical, the result is canonical);
* numbers, stops, and thermographs (walls from the options' walls, ``t >= 0``) on the
  canonical form.

No ``x + *n`` arithmetic, no number shortcuts in ``<=``, no region splitting: slow and plain.

>>> one = canon([ZERO], [])
>>> half = canon([ZERO], [one])
>>> star = canon([ZERO], [ZERO])
>>> number_of(half), outcome(star), temperature_of(canon([one], [neg(half)]))
(Fraction(1, 2), 'N', Fraction(3, 4))
>>> from_braces("{2|-1/2}") == canon([from_braces("2")], [neg(half)])
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction

__all__ = [
    "ZERO",
    "add",
    "canon",
    "canonical",
    "from_braces",
    "is_canonical_braces",
    "le",
    "make",
    "mean_of",
    "neg",
    "nimber_form",
    "number_form",
    "number_of",
    "outcome",
    "stops",
    "temperature_of",
]

_LEFT: list[frozenset[int]] = []
_RIGHT: list[frozenset[int]] = []
_IDS: dict[tuple[frozenset[int], frozenset[int]], int] = {}


def make(left: Iterable[int], right: Iterable[int]) -> int:
    """The id of the form ``{left | right}`` (not simplified)."""
    key = (frozenset(left), frozenset(right))
    gid = _IDS.get(key)
    if gid is None:
        gid = len(_LEFT)
        _LEFT.append(key[0])
        _RIGHT.append(key[1])
        _IDS[key] = gid
    return gid


ZERO = make((), ())

_LE: dict[tuple[int, int], bool] = {}


def le(g: int, h: int) -> bool:
    """``g <= h`` by the definition."""
    key = (g, h)
    found = _LE.get(key)
    if found is None:
        found = not any(le(h, gl) for gl in _LEFT[g]) and not any(le(hr, g) for hr in _RIGHT[h])
        _LE[key] = found
    return found


def lt(g: int, h: int) -> bool:
    return le(g, h) and not le(h, g)


def outcome(g: int) -> str:
    """``L``, ``R``, ``N`` or ``P`` from the comparisons with 0."""
    ge0, le0 = le(ZERO, g), le(g, ZERO)
    return {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}[
        (ge0, le0)
    ]


_CANON: dict[int, int] = {}


def canon(left: Iterable[int], right: Iterable[int]) -> int:
    """The canonical form of ``{left | right}`` whose options are canonical forms."""
    start = make(left, right)
    found = _CANON.get(start)
    if found is not None:
        return found
    ls, rs = set(_LEFT[start]), set(_RIGHT[start])
    while True:
        # dominated: a Left option <= another, a Right option >= another (distinct
        # canonical forms are never equal, so this keeps one of each value)
        ls = {a for a in ls if not any(b != a and le(a, b) for b in ls)}
        rs = {a for a in rs if not any(b != a and le(b, a) for b in rs)}
        g = make(ls, rs)
        new_ls: set[int] = set()
        new_rs: set[int] = set()
        changed = False
        for a in ls:  # reversible: some a^R <= g; replaced by that a^R's Left options
            through = next((ar for ar in _RIGHT[a] if le(ar, g)), None)
            if through is None:
                new_ls.add(a)
            else:
                new_ls |= _LEFT[through]
                changed = True
        for b in rs:  # reversible: some b^L >= g; replaced by that b^L's Right options
            through = next((bl for bl in _LEFT[b] if le(g, bl)), None)
            if through is None:
                new_rs.add(b)
            else:
                new_rs |= _RIGHT[through]
                changed = True
        if not changed:
            _CANON[start] = g
            return g
        ls, rs = new_ls, new_rs


_NEG: dict[int, int] = {}


def neg(g: int) -> int:
    """``-g``: the options swapped and negated."""
    found = _NEG.get(g)
    if found is None:
        found = make((neg(r) for r in _RIGHT[g]), (neg(x) for x in _LEFT[g]))
        _NEG[g] = found
    return found


_ADD: dict[tuple[int, int], int] = {}


def add(g: int, h: int) -> int:
    """The canonical form of ``g + h`` (both canonical): the sum's options, canonicalised."""
    key = (min(g, h), max(g, h))
    found = _ADD.get(key)
    if found is None:
        found = canon(
            [add(x, h) for x in _LEFT[g]] + [add(g, x) for x in _LEFT[h]],
            [add(x, h) for x in _RIGHT[g]] + [add(g, x) for x in _RIGHT[h]],
        )
        _ADD[key] = found
    return found


_NUMBER: dict[int, Fraction | None] = {}


def number_of(g: int) -> Fraction | None:
    """The number a canonical form is, or None: options numbers, every ``g^L < g^R``.

    A canonical number is ``{}`` (0), ``{n-1|}`` (n > 0), ``{|n+1}`` (n < 0) or
    ``{x - 2^-k | x + 2^-k}``.
    """
    if g in _NUMBER:
        return _NUMBER[g]
    ls, rs = [number_of(x) for x in _LEFT[g]], [number_of(x) for x in _RIGHT[g]]
    out: Fraction | None = None
    if None not in ls and None not in rs and all(lt(a, b) for a in _LEFT[g] for b in _RIGHT[g]):
        lo = [x for x in ls if x is not None]
        hi = [x for x in rs if x is not None]
        assert len(lo) <= 1 and len(hi) <= 1, "not a canonical form"
        if lo and hi:
            out = (lo[0] + hi[0]) / 2
        elif lo:
            out = lo[0] + 1
        elif hi:
            out = hi[0] - 1
        else:
            out = Fraction(0)
    _NUMBER[g] = out
    return out


def number_form(x: Fraction) -> int:
    """The canonical form of the dyadic number ``x``, by the definitions above."""
    x = Fraction(x)
    if x.denominator == 1:
        n = x.numerator
        if n == 0:
            return ZERO
        return (
            make([number_form(Fraction(n - 1))], [])
            if n > 0
            else make([], [number_form(Fraction(n + 1))])
        )
    d = x.denominator
    assert d & (d - 1) == 0, f"{x} is not dyadic"
    step = Fraction(1, d)
    return make([number_form(x - step)], [number_form(x + step)])


def nimber_form(n: int) -> int:
    """``*n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}``."""
    below = [nimber_form(k) for k in range(n)]
    return make(below, below)


_STOPS: dict[int, tuple[Fraction, Fraction]] = {}


def stops(g: int) -> tuple[Fraction, Fraction]:
    """(Left stop, Right stop) of a canonical form: the number, or the best option's stop."""
    found = _STOPS.get(g)
    if found is None:
        x = number_of(g)
        if x is not None:
            found = (x, x)
        else:
            found = (
                max(stops(a)[1] for a in _LEFT[g]),
                min(stops(b)[0] for b in _RIGHT[g]),
            )
        _STOPS[g] = found
    return found


# --- thermographs -------------------------------------------------------------------------
# A line on t >= 0: points (t, x) from t = 0 upwards, joined by straight segments, and the
# slope after the last point.
Line = tuple[tuple[tuple[Fraction, Fraction], ...], Fraction]


def _at(line: Line, t: Fraction) -> Fraction:
    points, slope = line
    for (t0, x0), (t1, x1) in itertools.pairwise(points):
        if t0 <= t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    t_end, x_end = points[-1]
    return x_end + slope * (t - t_end)


def _slope_after(line: Line, t: Fraction) -> Fraction:
    points, slope = line
    for (t0, x0), (t1, x1) in itertools.pairwise(points):
        if t0 <= t < t1:
            return (x1 - x0) / (t1 - t0)
    return slope


def _tilt(line: Line, a: int) -> Line:
    """``x + a*t``."""
    points, slope = line
    return tuple((t, x + a * t) for t, x in points), slope + a


def _extreme(lines: list[Line], upper: bool) -> Line:
    """The pointwise max (``upper``) or min of straight-segment lines, exactly."""
    pick = max if upper else min
    ts = sorted({t for points, _ in lines for t, _ in points})
    cuts = set(ts)
    bounds = [*ts, ts[-1] + 1]  # the last piece stands for the ray beyond
    for lo, hi in itertools.pairwise(bounds):
        ray = hi == bounds[-1]
        for i, f in enumerate(lines):
            for g in lines[i + 1 :]:
                df = _at(f, lo) - _at(g, lo)
                dslope = _slope_after(g, lo) - _slope_after(f, lo)
                if dslope != 0:
                    t = lo + df / dslope
                    if lo < t and (ray or t < hi):
                        cuts.add(t)
    points = tuple((t, pick(_at(f, t) for f in lines)) for t in sorted(cuts))
    t_end = points[-1][0]
    beyond = pick(lines, key=lambda f: _at(f, t_end + 1))
    return points, _slope_after(beyond, t_end)


_WALLS: dict[int, tuple[Line, Line, Fraction, Fraction]] = {}


def _walls(g: int) -> tuple[Line, Line, Fraction, Fraction]:
    """(left wall, right wall, mean, temperature) of a canonical form, walls on t >= 0."""
    found = _WALLS.get(g)
    if found is not None:
        return found
    x = number_of(g)
    if x is not None:
        mast: Line = (((Fraction(0), x),), Fraction(0))
        k = x.denominator.bit_length() - 1  # x = m / 2^k
        found = (mast, mast, x, Fraction(-1, 2**k))
    else:
        # L(t) = max over g^L of (right wall of g^L)(t) - t; R(t) = min over g^R of left + t
        left = _extreme([_tilt(_walls(a)[1], -1) for a in _LEFT[g]], upper=True)
        right = _extreme([_tilt(_walls(b)[0], 1) for b in _RIGHT[g]], upper=False)
        ts = sorted({t for t, _ in left[0]} | {t for t, _ in right[0]})
        gap = [_at(left, t) - _at(right, t) for t in ts]
        assert gap[0] >= 0, "a left stop below the right stop"
        temp: Fraction | None = None
        for i, d in enumerate(gap):
            if d <= 0:
                if i == 0:
                    temp = ts[0]
                else:  # the gap closes linearly between ts[i-1] and ts[i]
                    temp = ts[i - 1] + gap[i - 1] * (ts[i] - ts[i - 1]) / (gap[i - 1] - d)
                break
        if temp is None:  # it closes on the last rays
            closing = right[1] - left[1]
            assert closing > 0
            temp = ts[-1] + gap[-1] / closing
        m = _at(left, temp)
        assert m == _at(right, temp)

        def upto(line: Line) -> Line:
            return (*((t, v) for t, v in line[0] if t < temp), (temp, m)), Fraction(0)

        found = (upto(left), upto(right), m, temp)
    _WALLS[g] = found
    return found


def mean_of(g: int) -> Fraction:
    return _walls(g)[2]


def temperature_of(g: int) -> Fraction:
    """The temperature: ``-2^-k`` for a number ``m/2^k``; else where the walls meet."""
    return _walls(g)[3]


# --- the braces notation ``grundy`` prints: {L,...|R,...} with numbers and *n as leaves ------


def _parse(text: str, i: int) -> tuple[int, int]:
    if text[i] == "{":
        sides: list[list[int]] = [[], []]
        side = 0
        i += 1
        while text[i] != "}":
            if text[i] == "|":
                assert side == 0, f"two bars in {text!r}"
                side = 1
                i += 1
                continue
            if text[i] == ",":
                i += 1
                continue
            g, i = _parse(text, i)
            sides[side].append(g)
        assert side == 1, f"no bar in {text!r}"
        return make(sides[0], sides[1]), i + 1
    j = i
    while j < len(text) and text[j] not in ",|}":
        j += 1
    leaf = text[i:j]
    if leaf.startswith("*"):
        return nimber_form(int(leaf[1:] or "1")), j
    return number_form(Fraction(leaf)), j


def _raw_from_braces(text: str) -> int:
    g, end = _parse(text, 0)
    assert end == len(text), f"trailing text in {text!r}"
    return g


_CANON_OF_RAW: dict[int, int] = {}


def canonical(g: int) -> int:
    """The canonical form of any form (a ``make`` id), from the bottom up."""
    found = _CANON_OF_RAW.get(g)
    if found is None:
        found = canon([canonical(x) for x in _LEFT[g]], [canonical(x) for x in _RIGHT[g]])
        _CANON_OF_RAW[g] = found
    return found


def from_braces(text: str) -> int:
    """The canonical form of a game written ``{L,...|R,...}`` (leaves: numbers, ``*``, ``*n``)."""
    return canonical(_raw_from_braces(text))


def is_canonical_braces(text: str) -> bool:
    """Whether the braces text already is a canonical form (nothing dominated or reversible)."""
    raw = _raw_from_braces(text)
    return canonical(raw) == raw
