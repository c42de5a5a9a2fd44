"""Values too large for the table of canonical games: a number plus a small core.

The table (:mod:`grundy.cgt._table`) holds an integer ``n`` as a chain of ``n`` games, so it
refuses numbers past :data:`~grundy.cgt._table.MAX_INTEGER` in size or with denominators past
``2**MAX_DENOMINATOR_BITS``. A *pair* ``(x, gid)`` stands for the value ``x + G`` (``x`` a
dyadic :class:`~fractions.Fraction`, ``G`` the game ``gid`` of the table). It rests on the
number-translation theorem: when ``G`` is not a number, the canonical form of ``x + G`` is
``{x + G^L | x + G^R}``, so the canonical form of ``x + G`` is ``G``'s with ``x`` added to
every number in it, and every question about it reduces to ``G`` and ``x``.

A pair is *normal* when it is the one way of writing its value:

- ``(0, gid)`` when the value fits the table (every number of its canonical form does): the
  table's id, exactly as without this module;
- ``(x, 0)`` for a number ``x`` that does not fit (id 0 is the game 0);
- ``(x, core)`` for any other value, ``x`` its Left stop and ``core`` the value less ``x``
  (Left stop 0), which must fit the table; a value whose numbers lie too far apart for any
  translate to fit is refused in one line (:class:`~grundy.errors.UnsupportedError`).

Every function here works in time bounded by the size of the cores, never by the size of
``x``.

>>> from fractions import Fraction as F
>>> big = number(F(2**100))
>>> big
(Fraction(1267650600228229401496703205376, 1), 0)
>>> add(big, number(F(-(2**100)) + 3)) == number(F(3))
True
>>> le(number(F(2**100)), big), le(big, number(F(2**100) - 1))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from grundy.cgt import _table as T
from grundy.errors import UnsupportedError

__all__ = [
    "Pair",
    "add",
    "birthday",
    "fits",
    "ge_zero",
    "le",
    "make",
    "neg",
    "normal",
    "number",
    "number_birthday",
    "options",
    "split",
    "translate_id",
]

Pair = tuple[Fraction, int]
_ZERO = Fraction(0)


def fits(x: Fraction) -> bool:
    """True when the table holds the number ``x`` (as :func:`~grundy.cgt._table.number_id`
    does: at most ``MAX_INTEGER`` in size, denominator at most ``2**MAX_DENOMINATOR_BITS``)."""
    return abs(x) <= T.MAX_INTEGER and x.denominator.bit_length() <= T.MAX_DENOMINATOR_BITS + 1


def number(x: Fraction) -> Pair:
    """The normal pair of the dyadic number ``x``."""
    if fits(x):
        return (_ZERO, T.number_id(x))
    return (x, 0)


def _below(gid: int) -> list[int]:
    """Every game of ``gid``'s canonical form down to its numbers, in increasing id order
    (options have smaller ids than the game)."""
    seen = {gid}
    todo = [gid]
    while todo:
        g = todo.pop()
        if T.NUMBER[g] is not None:
            continue
        for o in (*T.LEFT[g], *T.RIGHT[g]):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return sorted(seen)


def _numbers(gid: int) -> set[Fraction]:
    out: set[Fraction] = set()
    for g in _below(gid):
        num = T.NUMBER[g]
        if num is not None:
            out.add(num)
    return out


def translate_id(x: Fraction, gid: int) -> int:
    """The table's id of ``x + G`` (every number of it must fit), built as ``G``'s canonical
    form with ``x`` added to its numbers (number translation)."""
    made: dict[int, int] = {}
    for g in _below(gid):
        num = T.NUMBER[g]
        if num is not None:
            made[g] = T.number_id(x + num)
        else:
            made[g] = T.make([made[o] for o in T.LEFT[g]], [made[o] for o in T.RIGHT[g]])
    return made[gid]


def _too_wide() -> UnsupportedError:
    return UnsupportedError(
        "the value's numbers lie too far apart for the canonical-value engine (a value "
        f"beyond its table must be a number plus a game whose numbers lie within "
        f"{T.MAX_INTEGER:,} of each other, with denominators up to 2^{T.MAX_DENOMINATOR_BITS})"
    )


def _shift(gid: int, s: Fraction) -> int:
    """The id of ``G - s`` (``s`` a number of the table)."""
    if s == 0:
        return gid
    try:
        return T.add(gid, T.number_id(-s))
    except UnsupportedError as error:
        if not _about_numbers(error):
            raise
        raise _too_wide() from None


def normal(x: Fraction, gid: int) -> Pair:
    """The normal pair of the value ``x + G``."""
    num = T.NUMBER[gid]
    if num is not None:
        return number(x + num)
    if x == 0:
        return (_ZERO, gid)
    if all(fits(x + n) for n in _numbers(gid)):
        return (_ZERO, translate_id(x, gid))
    s = T.LSTOP[gid]
    return (x + s, _shift(gid, s))


def split(p: Pair) -> Pair:
    """The value of ``p`` as ``x + core`` with a small core (the core 0 for a number)."""
    x, gid = p
    if x != 0:
        return p
    num = T.NUMBER[gid]
    if num is not None:
        return (num, 0)
    s = T.LSTOP[gid]
    return (s, _shift(gid, s))


def add(a: Pair, b: Pair) -> Pair:
    """The normal pair of the sum."""
    if not a[0] and not b[0]:
        try:
            return (_ZERO, T.add(a[1], b[1]))
        except UnsupportedError as error:  # a number on the way does not fit: cores, then
            if not _about_numbers(error):  # translate; a nimber or ups too many: refused
                raise
    (x, g), (y, h) = split(a), split(b)
    try:
        core = T.add(g, h)
    except UnsupportedError as error:
        if not _about_numbers(error):
            raise
        raise _too_wide() from None
    return normal(x + y, core)


def _about_numbers(error: UnsupportedError) -> bool:
    """Whether the table refused a number (rather than a nimber or a count of ups)."""
    return str(error).startswith("the number ")


def neg(a: Pair) -> Pair:
    """The normal pair of the negative."""
    if not a[0]:
        return (_ZERO, T.neg(a[1]))
    return normal(-a[0], T.neg(a[1]))


def ge_zero(x: Fraction, gid: int) -> bool:
    """``x + G >= 0``, from the stops where they decide it, else in the table.

    A positive Right stop means ``x + G > 0``, a negative Left stop ``x + G < 0``, and stops
    of both signs ``x + G || 0``; otherwise ``-x`` is a stop of ``G``, a number of the table.
    """
    num = T.NUMBER[gid]
    if num is not None:
        return x + num >= 0
    left, right = x + T.LSTOP[gid], x + T.RSTOP[gid]
    if right > 0:
        return True
    if left < 0 or (left > 0 and right < 0):
        return False
    return T.le(T.number_id(-x), gid)


def le(a: Pair, b: Pair) -> bool:
    """``a <= b``."""
    if not a[0] and not b[0]:
        return T.le(a[1], b[1])
    (x, g), (y, h) = split(a), split(b)
    try:
        diff = T.add(h, T.neg(g))
    except UnsupportedError as error:
        if not _about_numbers(error):
            raise
        raise _too_wide() from None
    return ge_zero(y - x, diff)


def make(lefts: Sequence[Pair], rights: Sequence[Pair]) -> Pair:
    """The normal pair of ``{lefts | rights}``.

    Options beyond the table are translated by one of them, ``s``, into the table; when the
    game made there is not a number, the value is ``s`` plus it (number translation).
    When it is a number, the value is the simplest number ``z`` with every Left option
    ``<| z`` and ``z <|`` every Right option (the simplicity rule, which does not commute
    with translation): those ``z`` form an interval, found in the table, moved by ``s``.
    """
    if not any(p[0] for p in (*lefts, *rights)):
        return (_ZERO, T.make([p[1] for p in lefts], [p[1] for p in rights]))
    s = next(p[0] for p in (*lefts, *rights) if p[0])
    try:
        shifted_l = [_inside(add(p, (-s, 0))) for p in lefts]
        shifted_r = [_inside(add(p, (-s, 0))) for p in rights]
    except UnsupportedError:
        raise _too_wide() from None
    made = T.make(shifted_l, shifted_r)
    if T.NUMBER[made] is None:
        return normal(s, made)
    lo = _bound(shifted_l, "L")
    hi = _bound(shifted_r, "R")
    low = None if lo is None else lo[0] + s
    high = None if hi is None else hi[0] + s
    candidates = []
    if low is None or high is None or low < high:
        candidates.append(T.simplest_between(low, high))
    if lo is not None and lo[1]:
        candidates.append(lo[0] + s)
    if hi is not None and hi[1]:
        candidates.append(hi[0] + s)
    return number(min(candidates, key=number_birthday))


def _bound(ids: Sequence[int], side: str) -> tuple[Fraction, bool] | None:
    """The end of the numbers ``z`` with ``G <| z`` for every ``G`` of ``ids`` (side ``L``;
    ``z <| G`` for side ``R``): ``(end, closed)``, or None when there is none.

    For Left's ``G``: every ``z`` above ``G``'s Right stop (``G - z`` then has a negative
    Right stop, so ``G - z`` is not ``>= 0``), none below it, and at the stop as the table
    says; a number ``a``: every ``z > a``. Right's mirror it with the Left stop.
    """
    out: tuple[Fraction, bool] | None = None
    for g in ids:
        num = T.NUMBER[g]
        if num is not None:
            end, closed = num, False
        elif side == "L":
            end = T.RSTOP[g]
            closed = not T.le(T.number_id(end), g)
        else:
            end = T.LSTOP[g]
            closed = not T.le(g, T.number_id(end))
        if out is None or (end > out[0] if side == "L" else end < out[0]):
            out = (end, closed)
        elif end == out[0]:
            out = (end, out[1] and closed)
    return out


def _inside(p: Pair) -> int:
    if p[0]:
        raise UnsupportedError("beyond the table")
    return p[1]


def number_birthday(x: Fraction) -> int:
    """The birthday of the number ``x``: ``|x|`` for an integer, ``floor(|x|) + k + 1`` for an
    odd numerator over ``2**k``.

    >>> [number_birthday(Fraction(n, 4)) for n in (0, 1, 2, 4, 5, -7)]
    [0, 3, 2, 1, 4, 4]
    """
    a = abs(x)
    if a.denominator == 1:
        return int(a)
    return int(a.__floor__()) + a.denominator.bit_length()


def birthday(p: Pair) -> int:
    """The birthday of ``x + G``: its numbers' by the formula, 1 + the options' above."""
    x, gid = p
    if not x:
        return T.BIRTHDAY[gid]
    days: dict[int, int] = {}
    for g in _below(gid):
        num = T.NUMBER[g]
        if num is not None:
            days[g] = number_birthday(x + num)
        else:
            days[g] = 1 + max(days[o] for o in (*T.LEFT[g], *T.RIGHT[g]))
    return days[gid]


def options(p: Pair, side: str) -> list[Pair]:
    """Left's (``side == "L"``) or Right's options of ``x + G`` in canonical form."""
    x, gid = p
    num = T.NUMBER[gid]
    if num is None:
        return [normal(x, o) for o in (T.LEFT[gid] if side == "L" else T.RIGHT[gid])]
    v = x + num
    if not x:
        return [(_ZERO, o) for o in (T.LEFT[gid] if side == "L" else T.RIGHT[gid])]
    if v.denominator == 1:
        if (v > 0) == (side == "L"):
            return [number(v - 1 if v > 0 else v + 1)]
        return []
    step = Fraction(1, v.denominator)
    return [number(v - step if side == "L" else v + step)]
