"""The two small operations of Sprague–Grundy theory: mex and the nim-sum."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grundy.errors import InvalidSpecError

__all__ = ["least_missing", "mex", "nim_sum"]

#: The most values one call takes (a bigger iterable is refused as it is read).
MAX_VALUES = 10**7


def _ints(values: Any, what: str) -> list[int]:
    """The values as a list of ints (non-negative), or :class:`InvalidSpecError`."""
    if isinstance(values, (str, bytes, bytearray)):
        raise InvalidSpecError(
            f"{what} takes an iterable of integers, got {type(values).__name__}",
            f"{what}([0, 1, 3])",
        )
    try:
        items = iter(values)
    except TypeError:
        raise InvalidSpecError(
            f"{what} takes an iterable of integers, got {type(values).__name__}",
            f"{what}([0, 1, 3])",
        ) from None
    out: list[int] = []
    for v in items:
        if isinstance(v, bool) or not isinstance(v, int):
            shown = repr(v) if len(repr(v)) <= 40 else type(v).__name__
            raise InvalidSpecError(
                f"{what} takes non-negative integers, got {shown}", f"{what}([0, 1, 3])"
            )
        if v < 0:
            raise InvalidSpecError(
                f"{what} takes non-negative integers, got {v}", f"{what}([0, 1, 3])"
            )
        out.append(v)
        if len(out) > MAX_VALUES:
            raise InvalidSpecError(
                f"{what} takes at most {MAX_VALUES:,} values", f"{what}([0, 1, 3])"
            )
    return out


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least non-negative integer not in ``values``.

    Anything but an iterable of non-negative ints raises :class:`InvalidSpecError`.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    return least_missing(_ints(values, "mex"))


def least_missing(values: Iterable[int]) -> int:
    """:func:`mex` of values already known to be non-negative ints (no checks: for the
    solvers' own values).

    >>> least_missing(v for v in (0, 2, 1, 4))
    3
    """
    seen = set(values)
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
    for v in _ints(values, "nim_sum"):
        total ^= v
    return total
