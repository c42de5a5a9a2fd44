"""``grundy solve hackenbush @FILE`` on a million-edge picture, against the value alone.

Run: ``python bench/hackenbush_file.py [EDGES] [--repeat R]`` (default 1,000,000 edges,
R = 1). For each picture (a random tree; a random graph with 20% extra edges, shuffled,
one edge per line) it writes the file, then times, in this process:

* baseline, the value alone: :func:`grundy.hackenbush.values.analyse` of the picture
  built in memory (no file, no text);
* parse: the file read into a position (``grundy.lang.parse_tokens``);
* solve: :func:`grundy.solve` of that position (value and winning moves);
* format: the text ``grundy solve`` prints;
* the whole command: ``grundy.cli.main.main`` with its output thrown away
  (from a cleared cache: it reads the file again).

Each figure is wall-clock time, then CPU time of this process (steadier on a busy
machine), each with its ratio to the baseline (issue 21 asks for the whole command
within 1.5x). The compiled kernels are loaded before any timing (their first use in a
new process costs a fixed ~0.1-0.5 s each, reported apart). With ``--repeat R`` each
figure is the best of R runs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from grundy import clear_cache, solve
from grundy.cli.main import main
from grundy.cli.solve_cmd import format_result
from grundy.hackenbush.graph import make_picture
from grundy.hackenbush.values import analyse
from grundy.lang import parse_tokens


def random_tree(m: int, rng: random.Random) -> list[tuple[int, int]]:
    return [(rng.randrange(i), i) for i in range(1, m + 1)]


def random_graph(m: int, rng: random.Random) -> list[tuple[int, int]]:
    n = m * 4 // 5
    edges = random_tree(n, rng)
    edges += [(rng.randrange(n + 1), rng.randrange(n + 1)) for _ in range(m - n)]
    rng.shuffle(edges)
    return edges


Times = tuple[float, float]  # wall-clock and CPU seconds


def best(f: Callable[[], Any], repeat: int, *, clear: bool = True) -> tuple[Any, Times]:
    times = []
    out = None
    for _ in range(repeat):
        if clear:
            clear_cache()
        t, c = time.perf_counter(), time.process_time()
        out = f()
        times.append((time.perf_counter() - t, time.process_time() - c))
    return out, (min(t[0] for t in times), min(t[1] for t in times))


def shown(t: Times, base: Times) -> str:
    return f"{t[0]:6.2f} s ({t[0] / base[0]:.2f}x)   cpu {t[1]:6.2f} s ({t[1] / base[1]:.2f}x)"


def load_kernels() -> float:
    """Load (or compile) every kernel the command uses; returns the seconds it took."""
    import numpy as np

    from grundy.kernels import hackenbush as k

    t = time.perf_counter()
    one = np.zeros(1, np.int64)
    k.reach_kernel(2, one, one + 1, 0)
    k.decompose_kernel(2, one, one + 1, one + 1, 0, np.zeros(2, np.int64))
    if hasattr(k, "bridge_cuts_kernel"):  # (an older grundy, run for a baseline, has none)
        k.bridge_cuts_kernel(one - 1, one - 1, one, one, one + 1, 0)
    return time.perf_counter() - t


def bench(name: str, edges: list[tuple[int, int]], sep: str, folder: str, repeat: int) -> None:
    path = os.path.join(folder, f"{name}.txt")
    with open(path, "w", encoding="ascii") as f:
        f.write(sep.join(f"{u}-{v}" for u, v in edges))
    picture = make_picture((u, v, 1) for u, v in edges)
    analysis, t_value = best(lambda: analyse(picture), repeat)
    del analysis
    position, t_parse = best(lambda: parse_tokens(["hackenbush", "@" + path]), repeat)

    result, t_solve = best(lambda: solve(position), repeat)
    _, t_format = best(lambda: format_result(result), 1, clear=False)  # as the command does

    def command() -> int:
        with contextlib.redirect_stdout(io.StringIO()):
            return main(["solve", "hackenbush", "@" + path])

    status, t_all = best(command, repeat)
    size = os.path.getsize(path)
    print(f"{name}: {len(picture):,} edges, {size:,} bytes, exit {status}")
    print(f"  baseline (value alone):  {shown(t_value, t_value)}")
    for what, t in (("parse", t_parse), ("solve", t_solve), ("format", t_format)):
        print(f"  {what:24} {shown(t, t_value)}")
    print(f"  grundy solve ... @FILE:  {shown(t_all, t_value)}")


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("edges", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    print(f"kernels loaded in {load_kernels():.2f} s (once per process)")
    with tempfile.TemporaryDirectory() as folder:
        bench("tree", random_tree(args.edges, rng), " ", folder, args.repeat)
        bench("graph", random_graph(args.edges, rng), "\n", folder, args.repeat)


if __name__ == "__main__":
    run(sys.argv[1:])
