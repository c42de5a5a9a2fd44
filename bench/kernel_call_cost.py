"""Benchmark: the fixed cost of one call of a heap kernel, against the size of the table.

Run: python bench/kernel_call_cost.py [--sizes 20,24,26,28] [--calls 20]

A table of N = 2^k heaps grows in chunks of about a quarter of a second (``TableBuilder``),
one kernel call per chunk, so a cost per call that grows with N makes the whole table cost
time quadratic in N. For each N this times calls that compute one heap after a table of N
heaps (the subtraction game {1, 2}, so that the heap itself costs nothing: a uint16 table
of n mod 3), for the plain kernel, which still checks every value of ``g[:start]`` before
it starts (each of its heaps costs far more than that scan), and for the rare-value
kernel, which checks the values as it reads them. It prints CPU milliseconds per call,
side by side, the ratio plain / rare, and the share of a 0.25 s chunk that the plain
kernel's scan would take.

The rare-value kernel scanned like the plain one until this round: at 2^29 heaps of a
memory-mapped table, 65 ms a call, about half of the CPU time of a 2^30 run.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from grundy.kernels._core import core_module, core_status


def _per_call(kernel: str, g: np.ndarray, start: int, calls: int) -> float:
    """CPU seconds per call of ``kernel`` computing one heap at ``start``."""
    core = core_module()
    assert core is not None
    space = 512
    whole, single = np.zeros(1, np.uint8), np.array([1, 2], np.int64)  # subtract 1 or 2
    split = triple = np.zeros(0, np.int64)
    mark = np.full(space, -1, np.int64)
    began = time.process_time()
    for i in range(calls):
        n = start + i
        if kernel == "plain":
            core.plain_kernel(g, n, n + 1, whole, single, split, triple, 0, mark)
        else:
            common = np.ones(space, np.uint8)
            rare = np.zeros(4, np.int64)
            want = np.zeros(space, np.uint8)
            core.rare_kernel(g, n, n + 1, whole, single, split, 0, common, rare, 0, mark, want)
    return (time.process_time() - began) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,24,26,28", help="exponents k of N = 2^k")
    parser.add_argument("--calls", type=int, default=20, help="calls timed per kernel and N")
    args = parser.parse_args()
    compiled, why = core_status()
    print(f"compiled core: {why}")
    if not compiled:
        raise SystemExit("the per-call cost is a property of the compiled kernels")
    print(f"{'N':>12} {'plain ms/call':>14} {'rare ms/call':>13} {'plain/rare':>11} "
          f"{'scan share of a 0.25 s chunk':>29}")  # fmt: skip
    for k in (int(x) for x in args.sizes.split(",")):
        n = 1 << k
        g = (np.arange(n + args.calls + 1, dtype=np.uint32) % 3).astype(np.uint16)
        plain = _per_call("plain", g, n, args.calls)
        rare = _per_call("rare", g, n, args.calls)
        ratio = plain / rare if rare > 0 else float("inf")
        print(f"{n:>12,} {plain * 1e3:>14.2f} {rare * 1e3:>13.3f} {ratio:>11.0f} "
              f"{min(plain, 0.25) / 0.25:>28.0%}")  # fmt: skip


if __name__ == "__main__":
    main()
