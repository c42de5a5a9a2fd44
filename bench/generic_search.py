"""Generic search against the hand-written ``functools.lru_cache`` recursion.

Two user-defined games, each with about 10^6 positions, solved without a
formula, both ways in the same run (the machine is noisy: compare the ratio):

1. ``pairs``: two piles (a, b) with 0 <= a, b < 1000; a move takes 1-3 from one
   pile or 1-2 from both. 10^6 positions, depth about 2,000.
2. ``chain``: the subtraction game {1, 3, 4} on a heap of 10^6 (depth 10^6:
   the recursion needs a raised recursion limit and a 2 GiB thread stack).

Usage: python bench/generic_search.py [--size N] [--repeat R]
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import grundy
from grundy.core.search import SearchMemo, grundy_by_search


class Pairs(grundy.ImpartialGame[tuple[int, int]]):
    def moves(self, state: tuple[int, int]) -> Iterable[tuple[int, int]]:
        a, b = state
        out = [(a - k, b) for k in (1, 2, 3) if k <= a]
        out += [(a, b - k) for k in (1, 2, 3) if k <= b]
        out += [(a - k, b - k) for k in (1, 2) if k <= a and k <= b]
        return out


class Sub134(grundy.ImpartialGame[int]):
    def moves(self, n: int) -> Iterable[int]:
        return [n - s for s in (1, 3, 4) if s <= n]


def naive_pairs(side: int) -> int:
    @lru_cache(maxsize=None)  # noqa: UP033 - the idiom people write by hand
    def g(a: int, b: int) -> int:
        opts = {g(a - k, b) for k in (1, 2, 3) if k <= a}
        opts |= {g(a, b - k) for k in (1, 2, 3) if k <= b}
        opts |= {g(a - k, b - k) for k in (1, 2) if k <= a and k <= b}
        m = 0
        while m in opts:
            m += 1
        return m

    total = 0
    for a in range(side):  # fill row by row so the recursion stays ~2*side deep
        total ^= g(a, side - 1)
    return total ^ g(side - 1, side - 1)


def naive_chain(n: int) -> int:
    @lru_cache(maxsize=None)  # noqa: UP033 - the idiom people write by hand
    def g(k: int) -> int:
        opts = {g(k - s) for s in (1, 3, 4) if s <= k}
        m = 0
        while m in opts:
            m += 1
        return m

    return g(n)


def grundy_pairs(side: int) -> int:
    game, memo = Pairs(), SearchMemo()
    total = 0
    for a in range(side):
        total ^= grundy_by_search(game, (a, side - 1), memo, max_positions=10**8)[0]
    return total ^ grundy_by_search(game, (side - 1, side - 1), memo, max_positions=10**8)[0]


def grundy_chain(n: int) -> int:
    return grundy_by_search(Sub134(), n, SearchMemo(), max_positions=10**8)[0]


def in_big_thread(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` in a thread with a 2 GiB stack and a huge recursion limit."""
    box: list[Any] = []
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10**7)
    threading.stack_size(2**31 - 1)
    try:
        t = threading.Thread(target=lambda: box.append(fn()))
        t.start()
        t.join()
    finally:
        threading.stack_size(0)
        sys.setrecursionlimit(old_limit)
    if not box:
        raise RuntimeError("the recursive run crashed")
    return box[0]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    gc.collect()
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", type=int, default=1000, help="pile bound for 'pairs'")
    parser.add_argument("--size", type=int, default=10**6, help="heap for 'chain'")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = [
        (
            f"pairs {args.side}x{args.side}",
            lambda: in_big_thread(lambda: naive_pairs(args.side)),
            lambda: grundy_pairs(args.side),
        ),
        (
            f"chain n={args.size:,}",
            lambda: in_big_thread(lambda: naive_chain(args.size)),
            lambda: grundy_chain(args.size),
        ),
    ]
    print(f"{'game':<22}{'lru_cache (s)':>15}{'grundy (s)':>12}{'ratio':>8}")
    for name, naive, ours in cases:
        best_naive = best_ours = float("inf")
        for _ in range(args.repeat):  # alternate, so drift hits both alike
            t_naive, v_naive = timed(naive)
            t_ours, v_ours = timed(ours)
            if v_naive != v_ours:
                raise SystemExit(f"{name}: results differ ({v_naive} != {v_ours})")
            best_naive, best_ours = min(best_naive, t_naive), min(best_ours, t_ours)
        ratio = best_naive / best_ours
        print(f"{name:<22}{best_naive:>15.2f}{best_ours:>12.2f}{ratio:>7.2f}x")
    print("ratio = lru_cache time / grundy time (above 1: grundy is faster); best of", args.repeat)


if __name__ == "__main__":
    main()
