"""Stalks: the value of a branch standing on an edge of a given weight.

>>> stalk(1, 0), stalk_inverse(1, 1)
(1, 0)
"""

from __future__ import annotations

__all__ = ["stalk", "stalk_inverse"]


def stalk(w: int, g: int) -> int:
    """The value of a branch worth ``g`` standing on an edge of weight ``w``.

    >>> [stalk(w, 2) for w in (1, 2, 3, 4, 5)]
    [3, 2, 3, 2, 3]
    """
    if w == 1:
        return g + 1
    return g if w % 2 == 0 else g ^ 1


def stalk_inverse(w: int, y: int) -> int | None:
    """The ``g`` with ``stalk(w, g) == y``, or None when there is none.

    >>> stalk_inverse(1, 0) is None, stalk_inverse(3, 5)
    (True, 4)
    """
    if w == 1:
        return y - 1 if y >= 1 else None
    return y if w % 2 == 0 else y ^ 1
