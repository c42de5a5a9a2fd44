"""Green Hackenbush at a million edges: value, one winning cut, and every winning cut.

Run: ``python bench/hackenbush.py [EDGES]`` (default 1,000,000). Pictures:

* a random tree (vertex i hangs from a uniformly random earlier vertex);
* a random graph with cycles (the same kind of tree on 80% of the edges, plus
  20% extra edges between random vertices, loops and repeats allowed);
* a path (the deepest picture: the search never recurses).

Baseline, in the same run: building the canonical picture (one sort of the
edge list), the least any exact method must do. Each figure is printed with
its ratio to that baseline. For the graph, one re-solve of its largest
2-edge-connected part is also timed: the cost per candidate edge of the naive
way to list winning cuts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from grundy.hackenbush.graph import Picture, make_picture
from grundy.hackenbush.ruleset import apply_cut
from grundy.hackenbush.values import analyse, winning_cuts


def random_tree(m: int, rng: random.Random) -> list[tuple[int, int, int]]:
    return [(rng.randrange(i), i, 1) for i in range(1, m + 1)]


def random_graph(m: int, rng: random.Random) -> list[tuple[int, int, int]]:
    n = m * 4 // 5
    edges = random_tree(n, rng)
    edges += [(rng.randrange(n + 1), rng.randrange(n + 1), 1) for _ in range(m - n)]
    return edges


def path(m: int, rng: random.Random) -> list[tuple[int, int, int]]:
    return [(i, i + 1, 1) for i in range(m)]


def timed(f: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


def bench(name: str, edges: list[tuple[int, int, int]]) -> None:
    picture: Picture
    picture, base = timed(lambda: make_picture(edges))
    analysis, t_value = timed(lambda: analyse(picture))
    value = analysis.value
    print(f"{name}: {len(picture):,} edges, value {value}")
    print(f"  baseline (sort the edge list):  {base:6.2f} s")
    print(f"  value (fusion + colon):         {t_value:6.2f} s  ({t_value / base:.1f}x baseline)")
    if value == 0:
        print("  P-position: no winning cut")
        return
    first, t_first = timed(lambda: next(winning_cuts(analysis, 0), None))
    if first is None:
        print("  no winning cut found (impossible for a non-zero value)")
        return
    after, t_apply = timed(lambda: apply_cut(analysis, first))
    u, v, _ = picture[first.index]
    check = analyse(after).value
    t_one = t_first + t_apply
    print(
        f"  one winning cut ({u}-{v}):         {t_one:6.2f} s  ({t_one / base:.1f}x baseline; "
        f"value after it {check})"
    )
    every, t_all = timed(lambda: sum(1 for _ in winning_cuts(analysis, 0)))
    print(f"  every winning cut ({every:,}):    {t_all:6.2f} s  ({t_all / base:.1f}x baseline)")
    if analysis.bridges() == len(picture):
        return
    # The naive way to decide a cut inside a 2-edge-connected part re-solves the
    # part once per candidate edge: time one such re-solve of the largest part.
    from grundy.hackenbush.values import _part_value_without

    f = analysis.forest
    members, inner = f.group()
    big = max(range(len(inner)), key=lambda c: len(inner[c]))
    edge = next(i for i in inner[big] if f.eu[i] != f.ev[i])
    _, t_part = timed(lambda: _part_value_without(f, big, edge))
    print(
        f"  largest 2-edge-connected part: {len(members[big]):,} vertices, "
        f"{len(inner[big]):,} edges; one re-solve of it {t_part:.2f} s "
        f"({t_part / t_value:.2f}x the whole value)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edges", nargs="?", type=int, default=1_000_000, help="edges a picture")
    m = parser.parse_args().edges
    _, t_load = timed(lambda: analyse(((0, 1, 1),), kernel=True))
    print(f"(first kernel call, loading grundy._core: {t_load:.3f} s, not counted below)")
    rng = random.Random(2024)
    for name, make in (
        ("random tree", random_tree),
        ("random graph", random_graph),
        ("path", path),
    ):
        bench(name, make(m, rng))


if __name__ == "__main__":
    main()
