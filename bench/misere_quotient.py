"""Misère Kayles sums: through the misère quotient versus today's whole-sum search.

Run: ``python bench/misere_quotient.py [--cap POSITIONS] [--reach N]``

For sums of 2 to 12 Kayles heaps of sizes up to 100 (seeded random), it times
``misere_by_quotient`` (outcome and every winning move; the quotient itself is
computed once, timed separately) against ``grundy.solve(spec, misere=True)``
capped at ``--cap`` positions ("> cap" when the search passes it), and prints
the ratio. ``--reach N`` also reports how the quotient of Kayles grows up to heap N.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import grundy
from grundy.errors import SearchLimitError
from grundy.quotient import MisereQuotient, clear_cache, misere_by_quotient, misere_quotient

SIZES = (2, 3, 4, 6, 8, 10, 12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=int, default=20_000, help="positions per search")
    parser.add_argument("--top", type=int, default=100, help="largest heap")
    parser.add_argument("--reach", type=int, default=0, help="report quotient growth to heap N")
    args = parser.parse_args()
    game = grundy.parse("kayles 1").components[0].game
    clear_cache()
    t0 = time.perf_counter()
    q = misere_quotient(game, args.top)
    build = time.perf_counter() - t0
    print(f"quotient of kayles, heaps 0..{args.top}: order {q.order}, built in {build:.2f} s")
    print(f"  {q.reason}")
    rng = random.Random(13)
    for top in (8, args.top):
        _table(game, q, rng, top, args.cap)
    if args.reach:
        _reach(game, args.reach)


def _table(game: Any, q: MisereQuotient, rng: random.Random, top: int, cap: int) -> None:
    print(f"heaps of sizes 1..{top}; whole-sum search capped at {cap:,} positions")
    print(f"{'heaps':>5}  {'position':<44} {'quotient':>10} {'search':>13} {'ratio':>9}  outcome")
    for k in SIZES:
        heaps = sorted(rng.randint(1, top) for _ in range(k))
        spec = "kayles " + " ".join(map(str, heaps))
        t0 = time.perf_counter()
        answer = misere_by_quotient(game, heaps, max_moves=100, quotient=q)
        fast = time.perf_counter() - t0
        assert answer is not None
        t0 = time.perf_counter()
        try:
            result = grundy.solve(spec, misere=True, max_positions=cap)
            slow = time.perf_counter() - t0
            searched, ratio = f"{slow:11.3f} s", f"{slow / fast:8.0f}x"
            assert result.outcome == answer.outcome
        except SearchLimitError:
            slow = time.perf_counter() - t0
            searched, ratio = f"> cap {slow:.1f} s", f">{slow / fast:7.0f}x"
        shown = spec if len(spec) <= 44 else spec[:41] + "..."
        ms = f"{fast * 1000:8.2f}ms"
        print(f"{k:>5}  {shown:<44} {ms:>10} {searched:>13} {ratio:>9}  {answer.outcome}")


def _reach(game: Any, last: int) -> None:
    print(f"growth of the quotient of kayles up to heap {last}:")
    clear_cache()
    t0 = time.perf_counter()
    step = max(1, last // 10)
    q = misere_quotient(game, 0)
    for n in range(step, last + 1, step):
        q = misere_quotient(game, n)
        print(f"  heap {n:>4}: order {q.order:>4}  ({time.perf_counter() - t0:6.1f} s so far)")
    print(f"  {q.reason}")


if __name__ == "__main__":
    main()
