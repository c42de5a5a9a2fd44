"""The two small operations of Sprague–Grundy theory: mex and the nim-sum."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["mex", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    seen = set(values)
    if any(v < 0 for v in seen):
        raise ValueError(f"mex takes non-negative integers, got {min(seen)}")
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(values: Iterable[int]) -> int:
    """Return the nim-sum (bitwise XOR) of ``values``: the Grundy value of a sum.

    >>> nim_sum([3, 4, 5])
    2
    >>> nim_sum([])
    0
    """
    total = 0
    for v in values:
        total ^= v
    return total
