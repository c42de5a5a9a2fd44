"""Inner loops of period finding (compiled: ``period.c``; the ``.py_func`` are the twins).

The table ``g`` is a numpy array of uint8, uint16, uint32 or int64 for the compiled
functions (the wrappers convert others), any sequence of ints for the twins.

>>> period_kernel.py_func([5, 0, 1, 0, 1, 0, 1, 0, 1], 1, 4, 3, 0)
(1, 2, 0)
>>> import numpy as np
>>> period_kernel(np.array([5, 0, 1, 0, 1, 0, 1, 0, 1]), 1, 4, 3, 0)
(1, 2, 0)
>>> out = np.zeros(3 * 4, np.int64)
>>> period_candidates(np.array([3, 1, 2, 1, 2, 1]), 1, 5, (0, 0, 0, 0), out)
(2, 6)
>>> out[:6].reshape(2, 3).tolist()  # (preperiod, period, saltus) rows
[[1, 2, 0], [1, 4, 0]]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.kernels._core import twin

__all__ = ["period_candidates", "period_kernel", "table_array"]


def table_array(g: Any) -> Any:
    """``g`` as an array the compiled period functions take (no copy when it already is)."""
    arr = np.asarray(g)
    if arr.dtype not in (np.uint8, np.uint16, np.uint32, np.int64) or not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr, dtype=np.int64)
    return arr


def _period_compiled(fast: Callable[..., Any], g: Any, *rest: int) -> tuple[int, int, int]:
    found: tuple[int, int, int] = fast(table_array(g), *rest)
    return found


def _candidates_compiled(  # noqa: PLR0917 - kernels take positional arguments
    fast: Callable[..., Any], g: Any, first: int, max_period: int, test: Any, out: Any
) -> tuple[int, int]:
    found: tuple[int, int] = fast(table_array(g), first, max_period, *test, out)
    return found


def _tail(g: Any, last: int, p: int, base: list[int]) -> tuple[int, int]:
    """``(preperiod, saltus)`` for period ``p`` (preperiod -1 when the saltus is negative).

    ``base = [p0, e0]`` is a period already scanned whose relation holds from ``e0`` to the
    end: for a multiple of ``p0`` the relation holds there too (a sum of steps), so the scan
    starts just below ``e0`` (a long periodic tail is not rescanned for every multiple).
    The longest tail found so far becomes the base.
    """
    s = int(g[last]) - int(g[last - p])
    if s < 0:
        return -1, s
    multiple = base[0] > 0 and p % base[0] == 0
    n = min(last - p, base[1] - 1) if multiple else last - p
    while n >= 0 and int(g[n + p]) - int(g[n]) == s:
        n -= 1
    if base[0] == 0 or n + 1 < base[1]:
        base[:] = [p, n + 1]
    return n + 1, s


@twin("period_kernel", _period_compiled)
def period_kernel(
    g: Any, first: int, max_period: int, min_repeats: int, min_tail: int
) -> tuple[int, int, int]:
    """``(preperiod, period, saltus)`` of the smallest period ``first <= p <= max_period``
    whose periodic part spans at least ``min_repeats * p`` and ``min_tail`` entries;
    ``(0, 0, 0)`` if none.

    For each ``p`` the saltus is read off the last pair and the preperiod is
    the start of the longest tail with ``g[n + p] - g[n] == saltus``.
    """
    last = len(g) - 1
    base = [0, 0]
    for p in range(first, max_period + 1):
        if last - p < 0:
            break
        e, s = _tail(g, last, p, base)
        if e < 0:
            continue
        if last + 1 - e >= min_repeats * p and last + 1 - e >= min_tail:
            return e, p, s
    return 0, 0, 0


@twin("period_candidates", _candidates_compiled)
def period_candidates(
    g: Any, first: int, max_period: int, test: tuple[int, int, int, int], out: Any
) -> tuple[int, int]:
    """Periods ``p = first, first + 1, ...`` (up to ``max_period``) with a non-negative saltus,
    each with the preperiod and saltus found as in :func:`period_kernel`, written as rows
    ``(e, p, s)`` of ``out`` (int64, three entries a row) until it is full.

    ``test = (a, b, c, slack)`` keeps only the rows with ``a*e + b*p + c <= slack``
    (``0 <= a, b <= 2**20``; all zero keeps every row); since ``e >= 0`` the scan ends at
    the first ``p`` with ``b*p + c > slack``. Returns ``(rows written, next p to try)``.
    """
    a, b, c, slack = test
    if a < 0 or b < 0 or a > 1 << 20 or b > 1 << 20 or first < 1:
        raise ValueError("need first >= 1 and 0 <= a, b <= 2**20")
    last = len(g) - 1
    rows = len(out) // 3
    count = 0
    p = first
    base = [0, 0]
    while count < rows and p <= max_period and last - p >= 0:
        if b * p + c > slack:
            p = max_period + 1
            break
        e, s = _tail(g, last, p, base)
        if e >= 0 and a * e + b * p + c <= slack:
            out[3 * count : 3 * count + 3] = [e, p, s]
            count += 1
        p += 1
    return count, p
