"""Brute-force reference for turning codes: the sets a move turns, read from the words of
CGSuite's documentation (``game/strip/Turning.cgs``), and Grundy values of whole rows.

A set of coins is tested against an element by its definition (every subset of coins
``1..n`` whose rightmost is ``n`` is tried), never generated; a row is a bit mask searched
by mex over its moves, with no single-head theorem. Imports nothing from grundy.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations, pairwise

from tests.reference.mex import mex

#: One element: (least, most or None, set of modifier letters, span or None).
Element = tuple[int, int | None, frozenset[str], int | None]


def parse(code: str) -> list[Element]:
    """``"1-3C(5),4FS"`` as its elements."""
    out: list[Element] = []
    for text in code.upper().split(","):
        m = re.fullmatch(r"(\d+)(-(\d+)|\+|\.\.)?(.*)", text)
        assert m is not None, text
        least = int(m.group(1))
        most = None if m.group(2) in ("+", "..") else int(m.group(3)) if m.group(3) else least
        rest = m.group(4)
        span = re.search(r"C\((\d+)\)", rest)
        letters = frozenset(re.sub(r"C\(\d+\)", "", rest))
        out.append((least, most, letters, int(span.group(1)) if span else None))
    return out


def allowed(element: Element, coins: tuple[int, ...]) -> bool:
    """Whether one move of ``element`` may turn exactly ``coins`` (sorted, at least one)."""
    least, most, letters, span = element
    k = len(coins)
    if k < least or (most is not None and k > most):
        return False
    gaps = {b - a for a, b in pairwise(coins)}
    if "C" in letters and gaps - {1}:
        return False
    if "E" in letters and len(gaps) > 1:
        return False
    if "S" in letters and any(coins[i] + coins[-1 - i] != coins[0] + coins[-1] for i in range(k)):
        return False
    if "F" in letters and coins[0] != 1:
        return False
    return span is None or coins[-1] - coins[0] + 1 <= span


def turn_sets(code: str, n: int) -> list[tuple[int, ...]]:
    """Every set of coins (``n`` the rightmost) some element of ``code`` allows."""
    elements = parse(code)
    out = []
    for size in range(n):
        for others in combinations(range(1, n), size):
            coins = (*others, n)
            if any(allowed(e, coins) for e in elements):
                out.append(coins)
    return out


def row_value(code: str, mask: int) -> int:
    """The Grundy value of the row whose heads are the set bits (bit i-1: coin i)."""

    @cache
    def sets(n: int) -> list[int]:
        return [sum(1 << (c - 1) for c in s) for s in turn_sets(code, n)]

    @cache
    def value(m: int) -> int:
        seen: set[int] = set()
        for n in range(1, m.bit_length() + 1):
            if m >> (n - 1) & 1:
                seen.update(value(m ^ t) for t in sets(n))
        return mex(seen)

    return value(mask)
