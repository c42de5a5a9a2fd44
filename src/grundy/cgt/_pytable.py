"""The hash-consed table of canonical short games in pure Python (the reference twin of the
compiled table, ``grundy/_core/canon_*.c``; :mod:`grundy.cgt._table` picks one).

Every canonical game is an integer id. Game ``i`` is ``{LEFT[i] | RIGHT[i]}``,
both sorted tuples of smaller ids, so the table is in topological order and
two ids are equal exactly when the values are equal. Each id carries tags
worked out once when it is made: its number value (or None), its
``x + n.^ + *m`` form (or None), birthday, stops and a structural hash.

Numbers and ``x + n.^ + *m`` forms are compared and added arithmetically;
``<=``, sums and negatives are memoised on ids. Recursion goes down options
only, so its depth is bounded by birthdays.

>>> a = number_id(Fraction(1, 2))
>>> len(LEFT[a]), len(RIGHT[a])  # 1/2 = {0|1}
(1, 1)
>>> le(0, a), le(a, 0)
(True, False)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from grundy.core.limits import check_time
from grundy.errors import TableFullError, UnsupportedError

#: The names both tables give, declared once: those :mod:`grundy.cgt._table` rebinds to the
#: running table (its ``_NAMES``), the ones all three modules take from this one unchanged
#: (:data:`CONSTANTS`), then the others. The ``__all__`` of this module, of the compiled
#: table, :mod:`grundy.cgt._ctable` (which adds ``available`` and ``stats``), and of the
#: switch are made from them (checked in tests/kernels/test_table_names.py).
SWITCHED = (
    "LEFT",
    "RIGHT",
    "NUMBER",
    "NUS",
    "BIRTHDAY",
    "LSTOP",
    "RSTOP",
    "LSTOPF",
    "RSTOPF",
    "SHASH",
    "add",
    "le",
    "neg",
    "make",
    "intern",
    "number_id",
    "nus_id",
    "neg_memo",
    "size",
    "clear_memos",
    "compact",
)
CONSTANTS = (
    "MAX_DENOMINATOR_BITS",
    "MAX_INTEGER",
    "MAX_NIMBER",
    "MAX_UPS",
    "simplest_between",
)
TABLE_NAMES = (*SWITCHED, *CONSTANTS, "reset", "set_limit")

__all__ = ["CONSTANTS", "SWITCHED", "TABLE_NAMES"]
__all__.extend(TABLE_NAMES)

Nus = tuple[Fraction, int, int]

LEFT: list[tuple[int, ...]] = []
RIGHT: list[tuple[int, ...]] = []
NUMBER: list[Fraction | None] = []
NUS: list[Nus | None] = []
BIRTHDAY: list[int] = []
LSTOP: list[Fraction] = []
RSTOP: list[Fraction] = []
#: Stops (and numbers) as floats: rounding is monotone, so ``float(a) > float(b)`` proves ``a > b``.
LSTOPF: list[float] = []
RSTOPF: list[float] = []
SHASH: list[int] = []
_index: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
_nus_index: dict[Nus, int] = {}
_le_memo: dict[int, bool] = {}
_add_memo: dict[int, int] = {}
_neg_memo: dict[int, int] = {}
_make_memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
_SHIFT = 40  # ids below 2**40 pack two to a memo key
_TICKS = [0]  # comparisons worked out (a rough count: threads may miss an update)

#: Values are stored with all their options, so size costs time and memory: ``*n`` has
#: ``n`` options (``*256`` takes a third of a second to build), an integer ``n`` is a chain of
#: ``n`` games, ``n.^`` one of ``n`` (and comparisons recurse down it). Past these bounds
#: :class:`UnsupportedError` is raised at once instead of building for minutes.
MAX_NIMBER = 256
MAX_INTEGER = 100_000
MAX_UPS = 256
MAX_DENOMINATOR_BITS = 44  # the compiled table's numbers are int64: x * 2**44


_INTERN_LOCK = threading.Lock()
#: The most games the table holds (0: no bound); past it :class:`TableFullError`.
_LIMIT = [0]


def size() -> int:
    """How many canonical games the table holds."""
    return len(LEFT)


def clear_memos() -> None:
    """Forget memoised comparisons, sums and negatives (the table stays)."""
    _le_memo.clear()
    _add_memo.clear()
    _neg_memo.clear()
    _make_memo.clear()


def set_limit(limit: int) -> None:
    """Bound the table to ``limit`` games (0: no bound): making one more raises
    :class:`~grundy.errors.TableFullError` (zero is always made)."""
    _LIMIT[0] = max(0, limit)


def compact(roots: Iterable[int]) -> list[int]:
    """Keep only the games reachable from ``roots`` (and zero), renumbered in their order
    (the table stays topological); the memos are emptied. The new id of each old one,
    -1 for a game dropped. No id may be held elsewhere (the caller renumbers them).

    >>> half = number_id(Fraction(1, 2))
    >>> new = compact([half])
    >>> NUMBER[new[half]], size() <= len(new)
    (Fraction(1, 2), True)
    """
    with _INTERN_LOCK:
        n = len(LEFT)
        mark = bytearray(n)
        mark[0] = 1
        for r in roots:
            if not 0 <= r < n:
                raise IndexError(f"{r} is not the id of a canonical game")
            mark[r] = 1
        for i in range(n - 1, 0, -1):  # options have smaller ids
            if mark[i]:
                for o in LEFT[i] + RIGHT[i]:
                    mark[o] = 1
        new = [-1] * n
        m = 0
        for i in range(n):
            if mark[i]:
                new[i] = m
                m += 1
        tables: tuple[list[Any], ...] = (NUMBER, NUS, BIRTHDAY, LSTOP, RSTOP, LSTOPF, RSTOPF, SHASH)
        for table in tables:
            table[:] = [table[i] for i in range(n) if mark[i]]
        for side in (LEFT, RIGHT):
            side[:] = [tuple(new[o] for o in side[i]) for i in range(n) if mark[i]]
        _index.clear()
        _index.update(((LEFT[i], RIGHT[i]), i) for i in range(m))
        _nus_index.clear()
        for i in range(m):
            nus = NUS[i]
            if nus is not None:
                _nus_index.setdefault(nus, i)
        clear_memos()
    return new


def reset() -> None:
    """Empty the whole table; only zero (id 0) is made again."""
    for table in (LEFT, RIGHT, NUMBER, NUS, BIRTHDAY, LSTOP, RSTOP, LSTOPF, RSTOPF, SHASH):
        table.clear()
    _index.clear()
    _nus_index.clear()
    clear_memos()
    intern((), ())


def _short(x: object) -> str:
    """``x`` as text, cut when it has thousands of digits."""
    try:
        text = str(x)
    except ValueError:  # more digits than Python converts
        return "a huge number"
    return text if len(text) <= 40 else text[:20] + "..." + text[-8:]


def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (None: unbounded).

    >>> simplest_between(Fraction(1, 3), Fraction(1, 2)), simplest_between(None, Fraction(-2))
    (Fraction(3, 8), Fraction(-3, 1))
    """
    if lo is not None and hi is not None and lo >= hi:
        raise ValueError("empty interval")
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        assert hi is not None
        return Fraction(min(0, -((-hi).__floor__()) - 1))
    if hi is None:
        return Fraction(max(0, lo.__floor__() + 1))
    if lo < 0 < hi:
        return Fraction(0)
    if hi <= 0:
        return -simplest_between(-hi, -lo)
    # 0 <= lo < hi: first try integers, then halves, quarters...
    n = lo.__floor__() + 1
    if n < hi:
        return Fraction(n)
    denom = 2
    while True:
        k = (lo * denom).__floor__() + 1
        if Fraction(k, denom) < hi:
            return Fraction(k, denom)
        denom *= 2


def _recognise(
    lefts: tuple[int, ...], rights: tuple[int, ...]
) -> tuple[Fraction | None, Nus | None]:
    """The number and ``x + n.^ + *m`` tags of a canonical ``{lefts | rights}``."""
    if all(NUMBER[i] is not None for i in lefts + rights):
        lmax = max((NUMBER[i] for i in lefts), default=None)  # type: ignore[type-var]
        rmin = min((NUMBER[i] for i in rights), default=None)  # type: ignore[type-var]
        if lmax is None or rmin is None or lmax < rmin:
            x = simplest_between(lmax, rmin)
            return x, (x, 0, 0)
    nl = [NUS[i] for i in lefts]
    nr = [NUS[i] for i in rights]
    if None in nl or None in nr or not lefts or not rights:
        return None, None
    x = nl[0][0]  # type: ignore[index]
    if any(t[0] != x for t in nl + nr):  # type: ignore[index]
        return None, None
    tl = sorted((t[1], t[2]) for t in nl)  # type: ignore[index]
    tr = sorted((t[1], t[2]) for t in nr)  # type: ignore[index]
    # x + *m = {x, x*, ..., x*(m-1) | the same}
    if tl == tr and tl == [(0, j) for j in range(len(tl))]:
        return None, (x, 0, len(tl))
    # x + ^* = {x, x* | x} and x + v* = {x | x, x*}
    if tl == [(0, 0), (0, 1)] and tr == [(0, 0)]:
        return None, (x, 1, 1)
    if tl == [(0, 0)] and tr == [(0, 0), (0, 1)]:
        return None, (x, -1, 1)
    # x + n.^ + *m = {x | x + (n-1).^ + *(m^1)} for n >= 1, and the negatives
    if len(tl) == 1 and len(tr) == 1:
        (a, b), (c, d) = tl[0], tr[0]
        if (a, b) == (0, 0) and c >= 0 and (c, d ^ 1) != (0, 1):
            return None, (x, c + 1, d ^ 1)
        if (c, d) == (0, 0) and a <= 0 and (a, b ^ 1) != (0, 1):
            return None, (x, a - 1, b ^ 1)
    return None, None


def intern(lefts: tuple[int, ...], rights: tuple[int, ...]) -> int:
    """The id of ``{lefts | rights}``, which must already be in canonical form."""
    key = (lefts, rights)
    found = _index.get(key)
    if found is not None:
        return found
    with _INTERN_LOCK:  # one id per value, and every tag appended before the id is known
        found = _index.get(key)
        if found is not None:
            return found
        return _append(key, lefts, rights)


def _append(
    key: tuple[tuple[int, ...], tuple[int, ...]], lefts: tuple[int, ...], rights: tuple[int, ...]
) -> int:
    gid = len(LEFT)
    if 0 < _LIMIT[0] <= gid:
        raise TableFullError(_LIMIT[0])
    num, nus = _recognise(lefts, rights)
    LEFT.append(lefts)
    RIGHT.append(rights)
    NUMBER.append(num)
    NUS.append(nus)
    BIRTHDAY.append(1 + max((BIRTHDAY[i] for i in lefts + rights), default=-1))
    if num is not None:
        LSTOP.append(num)
        RSTOP.append(num)
    else:
        LSTOP.append(max(RSTOP[i] for i in lefts))
        RSTOP.append(min(LSTOP[i] for i in rights))
    LSTOPF.append(float(LSTOP[-1]))
    RSTOPF.append(float(RSTOP[-1]))
    SHASH.append(
        hash((tuple(sorted(SHASH[i] for i in lefts)), tuple(sorted(SHASH[i] for i in rights))))
    )
    _index[key] = gid
    if nus is not None:
        _nus_index.setdefault(nus, gid)
    return gid


def number_id(x: Fraction) -> int:
    """The id of the dyadic rational ``x`` (its canonical form is made on the way)."""
    found = _nus_index.get((x, 0, 0))
    if found is not None:
        return found
    den = x.denominator
    if den & (den - 1):
        raise ValueError(f"{x} is not a dyadic rational")
    if abs(x) > MAX_INTEGER or den.bit_length() > MAX_DENOMINATOR_BITS + 1:
        raise UnsupportedError(
            f"the number {_short(x)} is too large for the canonical-value engine (numbers up "
            f"to {MAX_INTEGER:,} in size, denominators up to 2^{MAX_DENOMINATOR_BITS})"
        )
    if den == 1:
        n = x.numerator
        if n == 0:
            return intern((), ())
        step = 1 if n > 0 else -1
        k = 0
        gid = 0
        while k != n:  # iterative: integers may be large
            k += step
            found = _nus_index.get((Fraction(k), 0, 0))
            if found is None:
                found = intern((gid,), ()) if step > 0 else intern((), (gid,))
            gid = found
        return gid
    half = Fraction(1, den)
    return intern((number_id(x - half),), (number_id(x + half),))


def nus_id(x: Fraction, n: int, m: int) -> int:
    """The id of ``x + n.^ + *m``."""
    key = (x, n, m)
    found = _nus_index.get(key)
    if found is not None:
        return found
    if n == 0 and m == 0:
        return number_id(x)
    if m > MAX_NIMBER:
        raise UnsupportedError(
            f"the nimber *{_short(m)} is too large for the canonical-value engine (at most "
            f"*{MAX_NIMBER}: *n is stored with its n options)"
        )
    if abs(n) > MAX_UPS:
        raise UnsupportedError(
            f"{_short(abs(n))} ups or downs are too many for the canonical-value engine "
            f"(at most {MAX_UPS:,})"
        )
    base = number_id(x)
    if n == 0:
        opts = tuple(sorted(nus_id(x, 0, j) for j in range(m)))
        return intern(opts, opts)
    star = nus_id(x, 0, 1)
    # x + k.^ + *j for k = 1, 2, ..., |n| in turn (iterative: multiples of up may be large);
    # x + k.^ + *j = {x | x + (k-1).^ + *(j^1)}, and x + ^* = {x, x* | x}; negatives mirror.
    sign = 1 if n > 0 else -1
    gid = base
    for k in range(1, abs(n) + 1):
        j = m ^ ((abs(n) - k) & 1)
        found = _nus_index.get((x, sign * k, j))
        if found is None:
            if k == 1 and j == 1:
                both = tuple(sorted((base, star)))
                found = intern(both, (base,)) if sign > 0 else intern((base,), both)
            else:
                below = gid if k > 1 else nus_id(x, 0, j ^ 1)
                found = intern((base,), (below,)) if sign > 0 else intern((below,), (base,))
        gid = found
    return gid


def _nus_nonnegative(x: Fraction, n: int, m: int) -> bool:
    if x != 0:
        return x > 0
    if n == 0:
        return m == 0
    return n >= 2 or (n == 1 and m != 1)


def le(a: int, b: int) -> bool:
    """``a <= b`` for two ids."""
    if a == b:
        return True
    key = (a << _SHIFT) | b
    found = _le_memo.get(key)
    if found is not None:
        return found
    ticks = _TICKS[0] = _TICKS[0] + 1  # the clock is read every 1024 new comparisons
    if not ticks & 1023:
        check_time()
    if LSTOPF[a] > LSTOPF[b] or RSTOPF[a] > RSTOPF[b]:
        _le_memo[key] = False  # stops are monotone
        return False
    na, nb = NUMBER[a], NUMBER[b]
    if na is not None and nb is not None:
        result = na <= nb
    else:
        sa, sb = NUS[a], NUS[b]
        if sa is not None and sb is not None:
            result = _nus_nonnegative(sb[0] - sa[0], sb[1] - sa[1], sa[2] ^ sb[2])
        else:
            # a <= b unless some a^L >= b or some b^R <= a (only b's moves matter when a
            # is a number, only a's when b is: number avoidance); stops rule most out
            result = True
            lstop, rstop = LSTOPF, RSTOPF
            if na is None:
                lb, rb = lstop[b], rstop[b]
                for left in LEFT[a]:
                    if lb <= lstop[left] and rb <= rstop[left] and le(b, left):
                        result = False
                        break
            if result and nb is None:
                la, ra = lstop[a], rstop[a]
                for r in RIGHT[b]:
                    if lstop[r] <= la and rstop[r] <= ra and le(r, a):
                        result = False
                        break
    _le_memo[key] = result
    return result


def _le_xg(x: int, gl: list[int], gr: list[int], memo: dict[int, bool]) -> bool:
    """``x <= G`` where G is ``{gl | gr}`` (options canonical, G itself maybe not).

    ``memo`` holds answers for this G (keys ``2x``; ``2x+1`` for :func:`_le_gx`).
    """
    found = memo.get(2 * x)
    if found is None:
        found = True
        lx, rx = LSTOPF[x], RSTOPF[x]
        for r in gr:
            if LSTOPF[r] <= lx and RSTOPF[r] <= rx and le(r, x):
                found = False
                break
        else:
            for xl in LEFT[x]:
                if _le_gx(gl, gr, xl, memo):
                    found = False
                    break
        memo[2 * x] = found
    return found


def _le_gx(gl: list[int], gr: list[int], x: int, memo: dict[int, bool]) -> bool:
    """``G <= x`` where G is ``{gl | gr}``."""
    found = memo.get(2 * x + 1)
    if found is None:
        found = True
        lx, rx = LSTOPF[x], RSTOPF[x]
        for left in gl:
            if lx <= LSTOPF[left] and rx <= RSTOPF[left] and le(x, left):
                found = False
                break
        else:
            for xr in RIGHT[x]:
                if _le_xg(xr, gl, gr, memo):
                    found = False
                    break
        memo[2 * x + 1] = found
    return found


def _undominated(gl: list[int], gr: list[int]) -> tuple[list[int], list[int]]:
    return _maximal(gl, False), _maximal(gr, True)


def _maximal(opts: list[int], right: bool) -> list[int]:
    """The options no other one dominates: not ``a <= b`` (Left's), not ``b <= a`` (Right's).

    Options are distinct ids, so distinct values; stops are monotone, so a float
    comparison of them rules most pairs out before :func:`le` is asked.
    """
    if len(opts) < 2:
        return opts
    lstop, rstop = LSTOPF, RSTOPF
    keep = []
    many = len(opts) > 32
    for a in opts:
        if many:
            check_time()
        la, ra = lstop[a], rstop[a]
        for b in opts:
            if b == a:
                continue
            if right:
                if lstop[b] <= la and rstop[b] <= ra and le(b, a):
                    break
            elif la <= lstop[b] and ra <= rstop[b] and le(a, b):
                break
        else:
            keep.append(a)
    return keep


def make(lefts: Iterable[int], rights: Iterable[int]) -> int:
    """The id of the canonical form of ``{lefts | rights}`` (options are ids)."""
    key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))))
    found = _make_memo.get(key)
    if found is None:
        check_time()  # the time limit in force (grundy.core.limits.bounded)
        found = _make(list(key[0]), list(key[1]))
        _make_memo[key] = found
    return found


def _number_key(i: int) -> tuple[float, Fraction]:
    # floats first (rounding is monotone); the exact value only breaks float ties
    return (LSTOPF[i], LSTOP[i])


def _make(gl: list[int], gr: list[int]) -> int:
    if all(NUMBER[i] is not None for i in gl) and all(NUMBER[i] is not None for i in gr):
        lmax = max(gl, key=_number_key) if gl else None
        rmin = min(gr, key=_number_key) if gr else None
        if lmax is None or rmin is None or _number_key(lmax) < _number_key(rmin):
            return number_id(
                simplest_between(
                    None if lmax is None else NUMBER[lmax], None if rmin is None else NUMBER[rmin]
                )
            )
    # Removing dominated options and bypassing reversible ones keep the value of G,
    # so the answers memoised in `memo` stay true throughout.
    gl, gr = _undominated(gl, gr)
    memo: dict[int, bool] = {}
    gl, left_bypassed = _bypass(gl, RIGHT, LEFT, lambda r, now: _le_xg(r, now, gr, memo))
    gr, right_bypassed = _bypass(gr, LEFT, RIGHT, lambda lt, now: _le_gx(gl, now, lt, memo))
    if left_bypassed or right_bypassed:
        gl, gr = _undominated(gl, gr)
    return intern(tuple(gl), tuple(gr))


def _bypass(
    opts: list[int],
    replies: list[tuple[int, ...]],
    own: list[tuple[int, ...]],
    reverses: Callable[[int, list[int]], bool],
) -> tuple[list[int], bool]:
    """One side's options (``opts``) with each reversible one bypassed, and whether any was.

    An option is reversible through a reply (in ``replies[option]``: the other side's
    options of it) when ``reverses(reply, opts)`` with this side's options as they stand;
    the option then gives way to the reply's own options of this side (``own[reply]``).
    """
    bypassed = False
    i = 0
    while i < len(opts):
        check_time()
        back = next((r for r in replies[opts[i]] if reverses(r, opts)), None)
        if back is None:
            i += 1
        else:
            bypassed = True
            opts = sorted(set(opts[:i] + opts[i + 1 :] + list(own[back])))
            i = 0
    return opts, bypassed


def neg_memo() -> dict[int, int]:
    """The memo of :func:`neg` (for hot loops: a miss must go through :func:`neg`)."""
    return _neg_memo


def neg(a: int) -> int:
    """The id of ``-a``."""
    found = _neg_memo.get(a)
    if found is not None:
        return found
    num = NUMBER[a]
    if num is not None:
        result = number_id(-num)
    else:
        result = intern(
            tuple(sorted(neg(r) for r in RIGHT[a])), tuple(sorted(neg(left) for left in LEFT[a]))
        )
    _neg_memo[a] = result
    _neg_memo[result] = a
    return result


def add(a: int, b: int) -> int:
    """The id of ``a + b``."""
    if a == 0:
        return b
    if b == 0:
        return a
    if a > b:
        a, b = b, a
    key = (a << _SHIFT) | b
    found = _add_memo.get(key)
    if found is not None:
        return found
    sa, sb = NUS[a], NUS[b]
    if sa is not None and sb is not None:
        result = nus_id(sa[0] + sb[0], sa[1] + sb[1], sa[2] ^ sb[2])
    elif NUMBER[a] is not None or NUMBER[b] is not None:
        # number translation: {G^L + x | G^R + x} is canonical when G is not a number
        x, g = (a, b) if NUMBER[a] is not None else (b, a)
        result = intern(
            tuple(sorted({add(left, x) for left in LEFT[g]})),
            tuple(sorted({add(r, x) for r in RIGHT[g]})),
        )
    else:
        result = make(
            [add(left, b) for left in LEFT[a]] + [add(a, left) for left in LEFT[b]],
            [add(r, b) for r in RIGHT[a]] + [add(a, r) for r in RIGHT[b]],
        )
    _add_memo[key] = result
    return result


reset()
