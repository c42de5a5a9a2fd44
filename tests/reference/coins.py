"""Brute-force reference for coin-turning games: Grundy values of whole rows and grids.

A row of ``n`` coins is a bit mask (bit i-1 = coin i is heads); a grid of ``w`` x ``h``
coins is a mask with bit ``(y-1)*w + (x-1)`` for coin (x, y). Every position is searched
by mex over its moves, with no use of the single-head theorem nor of any closed form.
Imports nothing from grundy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from itertools import combinations

from tests.reference.mex import mex

#: The sets of coins (rightmost first) a move may turn, given the rightmost coin n >= 1.
TurnSets = Callable[[int], Iterable[tuple[int, ...]]]


def ruler_sets(n: int) -> list[tuple[int, ...]]:
    """Runs of consecutive coins ending at n."""
    return [tuple(range(start, n + 1)) for start in range(1, n + 1)]


def up_to_sets(k: int) -> TurnSets:
    """Coin n plus at most k-1 other coins left of n."""

    def sets(n: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for size in range(k):
            out.extend((*c, n) for c in combinations(range(1, n), size))
        return out

    return sets


def row_values(sets: TurnSets, n: int) -> list[int]:
    """Grundy values of every row of n coins, indexed by the mask of heads."""
    masks_of = {m: [sum(1 << (c - 1) for c in s) for s in sets(m)] for m in range(1, n + 1)}
    values = [0] * (1 << n)
    for mask in range(1 << n):  # every move lowers the mask (its top turned bit goes 1 -> 0)
        seen = set()
        for m in range(1, n + 1):
            if mask >> (m - 1) & 1:
                for t in masks_of[m]:
                    seen.add(values[mask ^ t])
        values[mask] = mex(seen)
    return values


def grid_values(g_sets: TurnSets, h_sets: TurnSets, w: int, h: int) -> list[int]:
    """Grundy values of every w x h grid of the product game, indexed by the mask."""
    bit = {(x, y): 1 << ((y - 1) * w + (x - 1)) for x in range(1, w + 1) for y in range(1, h + 1)}
    moves = {
        (x, y): [sum(bit[(p, q)] for p in a for q in b) for a in g_sets(x) for b in h_sets(y)]
        for (x, y) in bit
    }

    @cache
    def value(mask: int) -> int:
        seen = set()
        for xy, b in bit.items():
            if mask & b:
                for t in moves[xy]:
                    seen.add(value(mask ^ t))
        return mex(seen)

    return [value(mask) for mask in range(1 << (w * h))]
