"""Big Hackenbush pictures read in one pass: edge lists as numpy arrays.

A picture of a million edges written as text (``hackenbush @FILE``) is read by
a few vectorised passes over its bytes instead of a regular expression and a
Python object per token: :func:`edge_arrays` finds the numbers and checks that
every token is ``U-V`` (or ``U-V:W``); :func:`canonical_arrays` sorts the edges
into picture order, numbers the vertices and checks that every edge is joined
to the ground (one compiled search); :func:`picture_from_arrays` builds the
picture tuple and keeps the arrays, so that
:func:`~grundy.hackenbush.values.analyse` of that very picture starts from them
instead of converting a million tuples back to arrays.

Anything unusual (a number of 19 digits or more, a weight of 0, a character
outside ``0-9 - :`` and ASCII white space, a malformed token) makes
:func:`edge_arrays` answer None; the token-by-token reader in
:mod:`grundy.hackenbush.graph` then reads the text and words any error.

>>> u, v, w = edge_arrays("0-1 1-2,2-2:3\\n", weighted=True)
>>> u.tolist(), v.tolist(), w.tolist()
([0, 1, 2], [1, 2, 2], [1, 1, 3])
>>> edge_arrays("0-1 1-2-3", weighted=False) is None
True
>>> c = canonical_arrays(*edge_arrays("2-1 0-1 5-6", weighted=False))
>>> picture_from_arrays(c), c.first_stray
(((0, 1, 1), (1, 2, 1), (5, 6, 1)), 2)
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core.cache import BoundedCache, register

__all__ = [
    "CanonicalArrays",
    "arrays_of",
    "canonical_arrays",
    "edge_arrays",
    "picture_from_arrays",
]

#: Numbers of more digits than this do not fit the arrays (the token reader takes them).
_MOST_DIGITS = 18

# Byte classes: 1 digit, 2 '-', 3 ':', 4 white space (str.split's ASCII set) and ','.
_CLASS = np.zeros(256, np.uint8)
_CLASS[ord("0") : ord("9") + 1] = 1
_CLASS[ord("-")] = 2
_CLASS[ord(":")] = 3
for _c in " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f,":
    _CLASS[ord(_c)] = 4

_Arrays = tuple[Any, Any, Any]


def edge_arrays(text: str, weighted: bool) -> _Arrays | None:
    """``(u, v, w)`` as int64 arrays, one entry per edge in the order written, when
    every token of ``text`` is ``U-V`` (``U-V:W`` with W >= 1 when ``weighted``) with
    at most 18 digits a number; None otherwise (the caller reads it token by token)."""
    if not text.isascii():
        return None
    b = np.frombuffer(text.encode("ascii"), np.uint8)
    if b.size == 0:
        return None
    cls = _CLASS[b]
    if not cls.all():
        return None  # a character outside digits, '-', ':', white space and ','
    digit = cls == 1
    marks = np.flatnonzero((cls == 2) | (cls == 3))
    if marks.size == 0:
        return None
    if not weighted and (cls == 3).any():
        return None
    if marks[0] == 0 or marks[-1] == b.size - 1:
        return None
    if not (digit[marks - 1].all() and digit[marks + 1].all()):
        return None  # '-' or ':' without digits on both sides
    edge = np.empty(b.size + 1, np.bool_)  # edge[i]: digit[i-1] differs from digit[i]
    edge[0] = digit[0]
    edge[-1] = digit[-1]
    np.not_equal(digit[1:], digit[:-1], out=edge[1:-1])
    bounds = np.flatnonzero(edge)
    starts, ends = bounds[0::2], bounds[1::2]
    lengths = ends - starts
    if int(lengths.max()) > _MOST_DIGITS:
        return None
    # Each number's kind from the byte before it: 0 starts a token, 1 after '-', 2 after ':'.
    before = np.zeros(starts.size, np.uint8)
    inner = starts > 0
    before[inner] = cls[starts[inner] - 1]
    kind = np.where(before == 2, 1, np.where(before == 3, 2, 0)).astype(np.int8)
    # A token is exactly U-V or U-V:W: a kind-0 number is followed by a kind 1, a kind 1
    # follows a kind 0, and a kind 2 follows a kind 1.
    nxt = np.append(kind[1:], 0)
    prv = np.insert(kind[:-1], 0, 2)
    if ((kind == 0) & (nxt != 1)).any() or ((kind == 1) & (prv != 0)).any():
        return None
    if ((kind == 2) & (prv != 1)).any():
        return None
    values = np.zeros(starts.size, np.int64)
    for k in range(int(lengths.max())):
        at = np.flatnonzero(lengths > k)
        values[at] = values[at] * 10 + (b[starts[at] + k].astype(np.int64) - 48)
    u = values[kind == 0]
    v = values[kind == 1]
    w = np.ones(u.size, np.int64)
    is_w = kind == 2
    if is_w.any():
        token = np.cumsum(kind == 0) - 1
        w[token[is_w]] = values[is_w]
        if not (w >= 1).all():
            return None  # weight 0: the token reader words the error
    return u, v, w


@dataclass(frozen=True)
class CanonicalArrays:
    """Edges in picture order (``lo <= hi``, sorted by ``(lo, hi, w)``), the vertex
    labels (sorted, so the ground 0 is label 0 when present), each edge's ends as label
    numbers, and the index of the first edge not joined to the ground (None if all are)."""

    lo: Any
    hi: Any
    w: Any
    labels: Any
    eu: Any
    ev: Any
    first_stray: int | None


def canonical_arrays(u: Any, v: Any, w: Any) -> CanonicalArrays:
    """Sort edges into picture order and find which are joined to the ground (vertex 0).

    Uses the compiled reachability kernel (its pure-Python twin is slow on big pictures,
    so callers use this only when :func:`~grundy.kernels.hackenbush.compiled`).
    """
    from grundy.kernels.hackenbush import reach_kernel  # noqa: PLC0415 (lazy: the kernels)

    lo = np.minimum(u, v)
    hi = np.maximum(u, v)
    w = np.asarray(w)
    m = lo.size
    top = int(hi.max()) + 1 if m else 1
    heaviest = int(w.max()) + 1 if m else 1
    if top * top * heaviest < 1 << 62:  # one sort of one key (lo, hi, w), decoded
        key = np.sort((lo * top + hi) * heaviest + w)
        w = key % heaviest
        key //= heaviest
        lo, hi = key // top, key % top
    else:
        order = np.lexsort((w, hi, lo))
        lo, hi, w = lo[order], hi[order], w[order]
    if top <= 4 * m + 64:  # labels dense enough to number by a table, not a sort
        present = np.zeros(top, np.bool_)
        present[lo] = True
        present[hi] = True
        labels = np.flatnonzero(present)
        number = np.cumsum(present, dtype=np.int64) - 1
        eu, ev = number[lo], number[hi]
    else:
        labels, inverse = np.unique(np.concatenate((lo, hi)), return_inverse=True)
        inverse = inverse.reshape(-1).astype(np.int64)
        eu, ev = inverse[:m], inverse[m:]
    stray: int | None = None
    if m and labels[0] == 0:
        keep = reach_kernel(labels.size, eu, ev, 0)[eu]
        if not keep.all():
            stray = int(np.argmin(keep))
    return CanonicalArrays(lo, hi, w, labels, eu, ev, stray)


#: The arrays of the last pictures built by :func:`picture_from_arrays`, by the
#: picture's id (each entry keeps its picture alive, so an id is not reused meanwhile).
_ARRAYS: BoundedCache[int, tuple[tuple[Any, ...], CanonicalArrays]] = register(BoundedCache(2))


def picture_from_arrays(c: CanonicalArrays) -> tuple[tuple[int, int, int], ...]:
    """The picture tuple of canonical arrays (remembered for :func:`arrays_of`)."""
    paused = gc.isenabled()
    if paused:
        gc.disable()  # a million new tuples would start a dozen full collections
    try:
        picture = tuple(zip(c.lo.tolist(), c.hi.tolist(), c.w.tolist(), strict=True))
    finally:
        if paused:
            gc.enable()
    _ARRAYS[id(picture)] = (picture, c)
    return picture


def arrays_of(picture: Any) -> CanonicalArrays | None:
    """The arrays ``picture`` was built from by :func:`picture_from_arrays`, if kept."""
    found = _ARRAYS.get(id(picture))
    if found is None or found[0] is not picture:
        return None
    return found[1]
