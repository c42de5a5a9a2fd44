"""Catalog B: closed-form winning moves and split search, against their baselines.

Each line times the fast path and a baseline in the same run (the machine is
shared and noisy: compare the ratio, not the seconds):

1. ``lasker``: every winning move in the heap of 40,000 of ``lasker 40000
   23481`` (513 splits) from the A+B / A XOR B identity, against listing all
   60,000 options and valuing each by the formula.
2. ``ferguson``: the same for ``ferguson 40000 40001 + nim 1``.
3. ``divisor-removal``: the value of 1..N by the split search (tables fall into
   independent parts), against a plain memoised search of whole tables.
4. 1,000-digit positions: one ``solve`` each, winning moves included.

Usage: python bench/catalog_moves.py [--size N] [--table N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import grundy
from grundy.catalog.impartial.divisor_removal import DivisorRemoval
from grundy.catalog.impartial.ferguson import Ferguson
from grundy.catalog.impartial.lasker import LaskersNim
from grundy.core.search import SearchMemo, grundy_by_search


def _time(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _enumerate_winning(game: Any, state: Any, target: int) -> int:
    count = 0
    for option in set(game.split_moves(state)):
        x = 0
        for s in option:
            x ^= game.grundy_formula(s)
        count += x == target
    return count


def _winning_moves(label: str, game: Any, state: Any, target: int) -> None:
    """Time the closed-form winning moves (and their count) to ``target`` against the
    enumeration of every option, and print the line."""
    fast, c1 = _time(
        lambda: (
            list(game.options_with_value(state, target)),
            game.count_options_with_value(state, target),
        )
    )
    slow, c2 = _time(lambda: _enumerate_winning(game, state, target))
    assert c1[1] == c2 == len(c1[0])
    print(
        f"{label}: {c2} winning moves; closed form {fast * 1e3:.1f} ms, "
        f"enumeration {slow * 1e3:.1f} ms, ratio {slow / fast:.0f}x"
    )


def _whole_table_value(table: frozenset[int]) -> int:
    memo: dict[frozenset[int], int] = {}
    stack = [table]
    while stack:
        t = stack[-1]
        if t in memo:
            stack.pop()
            continue
        options = {frozenset(y for y in t if x % y) for x in t}
        todo = [o for o in options if o not in memo]
        if todo:
            stack.extend(todo)
            continue
        values = {memo[o] for o in options}
        g = 0
        while g in values:
            g += 1
        memo[t] = g
        stack.pop()
    return memo[table]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=40_000)
    parser.add_argument("--table", type=int, default=24)
    args = parser.parse_args()
    n = args.size

    lasker = LaskersNim()
    other = 23481  # the target value with the most winning splits of 40,000
    _winning_moves(f"lasker {n} {other}", lasker, n, lasker.grundy_formula(other))
    ferguson = Ferguson()
    state = (n, n + 1)
    _winning_moves(
        f"ferguson {n} {n + 1} + nim 1", ferguson, state, ferguson.grundy_formula(state) ^ 1
    )

    table = frozenset(range(1, args.table + 1))
    fast, v1 = _time(
        lambda: grundy_by_search(DivisorRemoval(), table, SearchMemo(), max_positions=10**7)
    )
    slow, v2 = _time(lambda: _whole_table_value(table))
    assert v1[0] == v2
    print(
        f"divisor-removal 1..{args.table}: G = {v2}; split search {fast:.2f} s "
        f"({v1[1]} parts searched), whole tables {slow:.2f} s, ratio {slow / fast:.0f}x"
    )

    for spec in (
        f"lasker {2**3100 + 2**3000 + 1} {2**3000 - 2}",
        f"divisors {2**1500 * 3**700 * 7**300} {5**1200 * (2**3217 - 1)}",
        f"halving {3 * 10**999 + 17} {10**1000 - 1}",
        f"ferguson {10**1000 + 7} {2**3330}",
        "matrix:2x2 " + " ".join(str(10**999 + k) for k in range(4)),
    ):
        grundy.clear_cache()
        t, r = _time(partial(grundy.solve, spec))
        print(
            f"{spec.split()[0]} (1,000 digits): {t * 1e3:.0f} ms, "
            f"{len(r.winning_moves)} winning moves listed"
        )


if __name__ == "__main__":
    main()
