"""The mex, written once for the references (no grundy code): the least non-negative
integer that is not among the values.

>>> mex([0, 1, 3]), mex([])
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["mex"]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not in ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m
