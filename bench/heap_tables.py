"""Benchmark: Grundy tables of heap games, straightforward kernel vs rare-value kernel.

Run: python bench/heap_tables.py [--sizes 16,18,20,22] [--games kayles,dawson,grundys-game]
     [--budget SECONDS]

For each game and N = 2^k it prints wall and CPU time of each kernel (period
fill off: every heap goes through the kernel), heaps per second, peak traced
memory (numpy arrays included) and the ratio straightforward / rare-value,
all measured in the same run. A kernel is skipped at a size where its time,
extrapolated from the smaller sizes, would pass the budget. The last column
times the default table path (rare-value kernel, then filling from a proved
period), for comparison.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

from grundy.heap.games import DAWSON, GRUNDYS_GAME, KAYLES, TakeAndBreak
from grundy.heap.table import build_table
from grundy.kernels._core import core_status

GAMES = {"kayles": KAYLES, "dawson": DAWSON, "grundys-game": GRUNDYS_GAME}


def _run(game: TakeAndBreak, n: int, method: str, fill: bool) -> tuple[float, float, int, Any]:
    tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    values = build_table(game, n, method=method, compiled=True, period_fill=fill)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return wall, cpu, peak, values


def _predict(history: list[tuple[int, float]], n: int, exponent: float) -> float:
    if not history:
        return 0.0
    if len(history) >= 2:
        (n1, t1), (n2, t2) = history[-2], history[-1]
        if t1 > 0.05 and t2 > t1:
            import math

            exponent = max(1.0, math.log(t2 / t1) / math.log(n2 / n1))
    n0, t0 = history[-1]
    return float(t0 * (n / n0) ** exponent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,18,20,22", help="exponents k of N = 2^k")
    parser.add_argument("--games", default="kayles,dawson,grundys-game")
    parser.add_argument("--budget", type=float, default=120.0, help="seconds per run (default 120)")
    args = parser.parse_args()
    compiled, why = core_status()
    if not compiled:
        print(f"{why}: timing the pure-Python twins")
    sizes = [1 << int(k) for k in args.sizes.split(",")]
    header = (
        f"{'game':<13} {'N':>9} {'kernel':<6} {'wall s':>8} {'cpu s':>8} "
        f"{'heaps/s':>11} {'peak MB':>8} {'B/heap':>7} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    for name in args.games.split(","):
        game = GAMES[name]
        history: dict[str, list[tuple[int, float]]] = {"plain": [], "rare": []}
        for n in sizes:
            results: dict[str, tuple[float, float, int, Any]] = {}
            for method, exponent in (("plain", 2.0), ("rare", 1.3)):
                guess = _predict(history[method], n, exponent)
                if guess > args.budget:
                    print(f"{name:<13} {n:>9} {method:<6} skipped (predicted {guess:,.0f} s)")
                    continue
                results[method] = _run(game, n, method, fill=False)
                history[method].append((n, results[method][1]))
            if len(results) == 2 and not (results["plain"][3] == results["rare"][3]).all():
                raise SystemExit(f"kernels disagree on {name} at N={n}")
            for method, (wall, cpu, peak, _) in results.items():
                ratio = ""
                if method == "rare" and "plain" in results:
                    ratio = f"{results['plain'][1] / max(cpu, 1e-9):.1f}x"
                print(
                    f"{name:<13} {n:>9} {method:<6} {wall:>8.2f} {cpu:>8.2f} "
                    f"{n / max(wall, 1e-9):>11,.0f} {peak / 2**20:>8.1f} "
                    f"{peak / n:>7.2f} {ratio:>7}"
                )
            if game.periodicity_proof(0, 1, 0) is not None:
                wall, cpu, peak, _ = _run(game, n, "auto", fill=True)
                print(
                    f"{name:<13} {n:>9} {'fill':<6} {wall:>8.2f} {cpu:>8.2f} "
                    f"{n / max(wall, 1e-9):>11,.0f} {peak / 2**20:>8.1f} {peak / n:>7.2f} "
                    "  (rare-value kernel until a period is proved, then filled)"
                )


if __name__ == "__main__":
    main()
