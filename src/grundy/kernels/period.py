"""Inner loop of period finding.

>>> period_kernel.py_func([5, 0, 1, 0, 1, 0, 1, 0, 1], 1, 4, 3, 0)
(1, 2, 0)
"""

from __future__ import annotations

from typing import Any

from grundy.kernels._jit import kernel

__all__ = ["period_kernel"]


@kernel
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
    for p in range(first, max_period + 1):
        if last - p < 0:
            break
        s = int(g[last]) - int(g[last - p])
        if s < 0:
            continue
        n = last - p
        while n >= 0 and int(g[n + p]) - int(g[n]) == s:
            n -= 1
        e = n + 1
        if last + 1 - e >= min_repeats * p and last + 1 - e >= min_tail:
            return e, p, s
    return 0, 0, 0
