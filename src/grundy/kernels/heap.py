"""Inner loops for Grundy tables of take-and-break heap games.

The kernels see only arrays and ints. Each is a :class:`~grundy.kernels._core.Twin`:
calling it runs the compiled function of :mod:`grundy._core` (``heap.c``) when the compiled
core is active, on numpy arrays (the table ``g`` uint16, uint32 or int64; ``mark``, ``rare``
int64; ``want`` uint8, all written in place); ``.py_func`` is the pure-Python twin, which
also runs on Python lists (how the pure-Python path stays fast enough for tests). A ruleset
is given as:

* ``whole[n]`` -- 1 when a move may remove a whole heap of exactly ``n``;
* ``single`` -- ascending amounts ``k >= 1`` that may be removed leaving one heap;
* ``split`` -- ascending amounts ``k >= 0`` that may be removed leaving two heaps;
* ``triple`` -- ascending amounts ``k >= 0`` that may be removed leaving three heaps;
* ``unequal`` -- 1 when the two heaps left must differ (Grundy's game).

``g`` holds the values; the kernels fill ``g[start:stop]`` and return the
index they stopped at: ``stop``, or earlier just after writing a value
``>= len(mark) // 2`` (the caller then doubles the value space and calls
again). ``mark`` is a scratch array over values, filled with -1 by the caller; its
length is a power of two (the compiled rare-value kernel masks value indices with it).

>>> g = [0] * 12
>>> mark = [-1] * 64
>>> plain_kernel.py_func(g, 1, 12, [0, 1, 1], [1, 2], [1, 2], [], 0, mark)
12
>>> g  # Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> import numpy as np
>>> a = np.zeros(12, np.uint16)
>>> plain_kernel(a, 1, 12, [0, 1, 1], [1, 2], [1, 2], [], 0, np.full(64, -1, np.int64))
12
>>> a.tolist() == g
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.kernels._core import twin

__all__ = ["plain_kernel", "rare_kernel"]


def _rules(whole: Any, *amounts: Any) -> tuple[Any, ...]:
    """The read-only rule arrays as the compiled kernels take them."""
    return (
        np.ascontiguousarray(whole, dtype=np.uint8),
        *(np.ascontiguousarray(a, dtype=np.int64) for a in amounts),
    )


def _plain_compiled(fast: Callable[..., Any], *args: Any) -> int:
    g, start, stop, whole, single, split, triple, unequal, mark = args
    done: int = fast(g, start, stop, *_rules(whole, single, split, triple), unequal, mark)
    return done


def _rare_compiled(fast: Callable[..., Any], *args: Any) -> tuple[int, int]:
    g, start, stop, whole, single, split, unequal, common, rare, nrare, mark, want = args
    whole, single, split = _rules(whole, single, split)
    common = np.ascontiguousarray(common, dtype=np.uint8)
    done: tuple[int, int] = fast(
        g, start, stop, whole, single, split, unequal, common, rare, nrare, mark, want
    )
    return done


def _mark_one_heap(g: Any, n: int, whole: Any, single: Any, mark: Any) -> None:
    """Mark (with ``n``) the values of the options of heap ``n`` that leave at most one heap."""
    if n < len(whole) and whole[n]:
        mark[0] = n
    for i in range(len(single)):
        k = single[i]
        if k >= n:
            break
        mark[g[n - k]] = n


def _last_split(r: int, unequal: int) -> int:
    """The largest smaller heap ``a`` of a split of ``r`` into ``a + (r - a)``."""
    return r // 2 - 1 if unequal and r % 2 == 0 else r // 2


def _found(x: int, n: int, want: Any, mark: Any) -> int:
    """1 when the value ``x`` is wanted: it is then marked for ``n`` and wanted no more."""
    if want[x]:
        want[x] = 0
        mark[x] = n
        return 1
    return 0


@twin("plain_kernel", _plain_compiled)
def plain_kernel(  # noqa: PLR0917 - kernels take positional arrays
    g: Any,
    start: int,
    stop: int,
    whole: Any,
    single: Any,
    split: Any,
    triple: Any,
    unequal: int,
    mark: Any,
) -> int:
    """The straightforward kernel: every option of every heap, then the mex."""
    half = len(mark) // 2
    for n in range(start, stop):
        _mark_one_heap(g, n, whole, single, mark)
        for i in range(len(split)):
            r = n - split[i]
            if r < 2:
                break
            for a in range(1, _last_split(r, unequal) + 1):
                mark[g[a] ^ g[r - a]] = n
        for i in range(len(triple)):
            r = n - triple[i]
            if r < 3:
                break
            for a in range(1, r // 3 + 1):
                ga = g[a]
                for b in range(a, (r - a) // 2 + 1):
                    mark[ga ^ g[b] ^ g[r - a - b]] = n
        v = 0
        while mark[v] == n:
            v += 1
        g[n] = v
        if v >= half:
            return n + 1
    return stop


@twin("rare_kernel", _rare_compiled)
def rare_kernel(  # noqa: PLR0917 - kernels take positional arrays
    g: Any,
    start: int,
    stop: int,
    whole: Any,
    single: Any,
    split: Any,
    unequal: int,
    common: Any,
    rare: Any,
    nrare: int,
    mark: Any,
    want: Any,
) -> tuple[int, int]:
    """The rare-value ("sparse space") kernel for games whose moves leave at most two heaps.

    ``common[v]`` is 1 when the value ``v`` is common (odd parity of
    ``v & mask``), 0 when it is rare; the XOR of two common values is rare, so
    a common option value needs a rare heap in its pair. ``rare[:nrare]``
    lists, ascending, the heaps ``>= 1`` whose value is rare; new rare heaps
    are appended. Returns ``(stopped at, nrare)``; it also stops early when
    ``rare`` is full. ``want`` is a scratch array like ``mark``, all zero.

    For each heap: mark the one-heap options and every pair holding a rare
    heap; ``c`` is then the least common value that is not an option, exactly.
    The value is ``c`` unless a rare value below ``c`` is missing, so the
    pairs are scanned until every rare value below ``c`` has been seen,
    from both ends of the range of splits at once.
    """
    half = len(mark) // 2
    for n in range(start, stop):
        if nrare == len(rare):
            return n, nrare
        _mark_one_heap(g, n, whole, single, mark)
        for i in range(len(split)):
            r = n - split[i]
            if r < 2:
                break
            for j in range(nrare):
                a = rare[j]
                b = r - a
                if b < 1:
                    break
                if unequal and a == b:
                    continue
                mark[g[a] ^ g[b]] = n
        c = 0
        while common[c] == 0 or mark[c] == n:
            c += 1
        need = 0
        for v in range(c):
            if mark[v] != n:
                want[v] = 1  # a branch that is almost never taken in the scan below
                need += 1
        if need:
            # Scan the pairs from both ends at once, every removal amount in turn:
            # the missing values usually turn up near an end (e.g. 0 from the middle pair).
            hmax = max([0, *(_last_split(n - k, unequal) for k in split)])
            step = 1
            if len(split) == 1:
                r = n - split[0]
                lo, hi = 1, hmax
                while lo <= hi:
                    need -= _found(g[lo] ^ g[r - lo], n, want, mark)
                    if need == 0:
                        break
                    if hi > lo:
                        need -= _found(g[hi] ^ g[r - hi], n, want, mark)
                        if need == 0:
                            break
                    lo += 1
                    hi -= 1
                step = hmax + 1
            while need and step <= hmax:
                for i in range(len(split)):
                    r = n - split[i]
                    h = _last_split(r, unequal)
                    if step > h:
                        continue
                    need -= _found(g[step] ^ g[r - step], n, want, mark)
                    if need == 0:
                        break
                    a = h + 1 - step
                    if a > step:
                        need -= _found(g[a] ^ g[r - a], n, want, mark)
                        if need == 0:
                            break
                step += 1
            if need:
                for v in range(c):
                    want[v] = 0
        v = 0
        while v < c and mark[v] == n:
            v += 1
        g[n] = v
        if common[v] == 0:
            rare[nrare] = n
            nrare += 1
        if v >= half:
            return n + 1, nrare
    return stop, nrare
