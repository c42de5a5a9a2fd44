"""Catalog A: closed forms against the generic search, and 1,000-digit positions.

Each line times the fast path and a baseline in the same run (the machine is
shared and noisy: compare the ratio, not the seconds):

1. ``wythoff``: the P-position test on every pair of piles below N, against
   the generic search of the pair (N-1, N) (which values every smaller pair).
2. ``fibonacci``: Whinihan's test on every (n, cap) with n < N, against the
   generic search of ``fibonacci N``.
3. ``bash:7..20``: the formula on every heap up to 50*N, against the search.
4. ``moore:2``: the winning moves and their count for 4 heaps below 8, against
   brute-force valuing of every option by search.
5. 1,000-digit positions: one ``solve`` each, winning moves included.

Usage: python bench/catalog_formulas.py [--size N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import grundy
from grundy.catalog.impartial.fibonacci import FibonacciNim, is_fibonacci_p
from grundy.catalog.impartial.moore import MooreNim, count_moore_p_options, moore_p_options
from grundy.catalog.impartial.wythoff import Wythoff, is_wythoff_p
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.heap.bash import Bash


def _time(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _line(what: str, fast: float, slow: float) -> None:
    ratio = slow / fast if fast else float("inf")
    print(f"{what:<58} fast {fast * 1e3:9.2f} ms  baseline {slow * 1e3:9.1f} ms  x{ratio:,.0f}")


def _moore_by_search(k: int, state: tuple[int, ...]) -> int:
    game, memo = MooreNim(k), SearchMemo()
    return sum(
        1
        for o in set(game.moves(state))
        if grundy_by_search(game, o, memo, max_positions=10**7)[0] == 0
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=60)
    n = ap.parse_args().size

    fast, _ = _time(lambda: [is_wythoff_p(a, b) for a in range(n) for b in range(n)])
    slow, _ = _time(
        lambda: grundy_by_search(Wythoff(), (n - 1, n), SearchMemo(), max_positions=10**8)
    )
    _line(f"wythoff: all {n * n:,} pairs below {n}", fast, slow)

    m = 5 * n
    fast, _ = _time(lambda: [is_fibonacci_p(i, c) for i in range(m) for c in range(i + 1)])
    slow, _ = _time(
        lambda: grundy_by_search(FibonacciNim(), (m, m - 1), SearchMemo(), max_positions=10**8)
    )
    _line(f"fibonacci: all (n, cap) with n < {m}", fast, slow)

    game = Bash(20, 7)
    h = 50 * n * 10
    fast, _ = _time(lambda: [game.grundy_formula(i) for i in range(h + 1)])
    slow, _ = _time(lambda: grundy_by_search(game, h, SearchMemo(), max_positions=10**8))
    _line(f"bash:7..20: every heap up to {h:,}", fast, slow)

    state = (5, 6, 7, 7)
    fast, got = _time(lambda: (count_moore_p_options(2, state), list(moore_p_options(2, state))))
    slow, want = _time(lambda: _moore_by_search(2, state))
    assert got[0] == want == len(got[1])
    _line(f"moore:2 5 6 7 7: {want} winning moves", fast, slow)

    big = 10**999 + 7
    for spec in (
        f"nim {big} {3**2000} 12345",
        f"bash:7..20 {big} {big + 11}",
        f"wythoff {big} {3**2100}",
        f"fibonacci {big}",
        f"moore:2 {big} {3**2000} {5**1400} 99",
    ):
        for misere in (False, True):
            t, r = _time(lambda spec=spec, misere=misere: grundy.solve(spec, misere=misere))
            name = spec.split()[0] + (" --misere" if misere else "")
            moves = r.winning_moves_total if r.winning_moves_total is not None else "?"
            print(f"1,000 digits {name:<30} {t * 1e3:8.1f} ms  {r.outcome}, moves: {moves}")


if __name__ == "__main__":
    main()
