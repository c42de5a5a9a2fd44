"""Slow, obvious references for octal games and the census: Grundy values of a code from the
definition of its digits, and the eventually periodic structure of a list by brute force."""

from __future__ import annotations

import hashlib
import struct

_HEX = "0123456789abcdef"


def digits_of(code: str) -> tuple[int, list[int]]:
    """``(d0, [d1, d2, ...])`` of a finite code such as ``0.137``."""
    head, _, tail = code.partition(".")
    return _HEX.index(head), [_HEX.index(c) for c in tail.rstrip("0")]


def code_values(code: str, last: int) -> list[int]:
    """G(0..last) by the definition: remove k, leave j non-empty heaps when bit 2^j of d_k."""
    d0, ds = digits_of(code)
    digits = [d0, *ds]
    g: list[int] = []
    for n in range(last + 1):
        seen: set[int] = set()
        for k, d in enumerate(digits):
            r = n - k
            if r < 0 or (k == 0 and r == n and not d):
                continue
            if d & 1 and r == 0 and k > 0:
                seen.add(0)
            if d & 2 and r >= 1 and k > 0:
                seen.add(g[r])
            if d & 4 and r >= 2:
                seen.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
            if d & 8 and r >= 3:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        seen.add(g[a] ^ g[b] ^ g[r - a - b])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def smallest_period(values: list[int], *, tail_from: int) -> tuple[int, int]:
    """``(preperiod, period)``: the smallest period ``p`` with ``G(n+p) = G(n)`` for every
    ``n >= tail_from`` in the list, then the least preperiod for it (brute force)."""
    n = len(values)
    for p in range(1, n - tail_from):
        if all(values[i + p] == values[i] for i in range(tail_from, n - p)):
            e = tail_from
            while e > 0 and values[e - 1 + p] == values[e - 1]:
                e -= 1
            return e, p
    raise AssertionError("no period in the list")


def values_hash(values: list[int]) -> str:
    """The census's hash of a table, from its documented format: SHA-256 of the values as
    little-endian 32-bit words, the first 16 hex digits."""
    return hashlib.sha256(struct.pack(f"<{len(values)}I", *values)).hexdigest()[:16]


def proved_period(code: str, *, first: int = 64, most: int = 2048) -> tuple[int, int] | None:
    """``(preperiod, period)`` of a finite code, smallest ones, proved by the octal
    periodicity theorem (``G(n+p) = G(n)`` for ``e <= n < 2e+p+t``, ``t`` the most removed;
    ``3e+2p+t`` for a code with three-heap digits), found by doubling the table from
    ``first`` heaps to ``most``; None when no period is proved by then."""
    d0, ds = digits_of(code)
    t = len(ds)
    three = any(d & 8 for d in [d0, *ds])
    size = first
    while size <= most:
        values = code_values(code, size)
        try:
            e, p = smallest_period(values, tail_from=size // 2)
        except AssertionError:
            size *= 2
            continue
        bound = (3 * e + 2 * p + t) if three else (2 * e + p + t)
        if bound + p <= size and all(values[n + p] == values[n] for n in range(e, bound)):
            return e, p
        size *= 2
    return None
