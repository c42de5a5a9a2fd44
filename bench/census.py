"""Benchmark: a census of every octal code with up to D digits on Dask, 1 worker vs 2.

Run: python bench/census.py [--digits 3] [--heaps 65536] [--workers 1,2] [--repeat 1]
     [--tasks 400] [--scaling 0.16,0.6,0.64] [--scaling-only] [--keep DIR]

For each worker count it runs the census of ``octal:D`` (every code 0.d1..dk and
4.d1..dk, k <= D: 1,023 codes for D = 3) to N heaps or until the period is proved,
on a fresh LocalCluster and a fresh database, and prints:

* wall time, and the CPU time of the tasks (the sum of each code's thread CPU time,
  which the load of other programs on the machine does not inflate);
* *cores used* = task CPU / wall: the parallelism obtained (at most the worker count);
* the speed-up of each run against the first (wall ratio), side by side with the
  ratio of cores used -- on a machine shared with other programs, the wall ratio
  measures the share of the machine each run got as much as the census. ``--repeat K``
  alternates the worker counts K times (1, 2, 1, 2, ...), so that each pair of runs
  meets about the same load, and prints each pair's speed-up and the median.

Then the Dask overhead per task (``--tasks`` empty tasks through submit/as_completed
on the 2-worker cluster, against a plain loop), and the growth of the time per code
with N for a few codes without a proved period (``--scaling``), which the paper
projection in docs/census.md uses.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from grundy.census import CensusParams, CensusStore, compute_item, parse_family, run_census
from grundy.census.cluster import local_cluster
from grundy.census.compute import compute_chunk
from grundy.census.family import CensusItem


def _census(digits: int, heaps: int, workers: int, folder: Path) -> dict[str, Any]:
    family = parse_family(f"octal:{digits}")
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / f"octal{digits}-{workers}w.db"
    with local_cluster(workers) as client:
        client.run(_warm)  # load the kernels on every worker before the clock starts
        began = time.perf_counter()
        with CensusStore(db) as store:
            summary = run_census(family.text, family.items(), CensusParams(heaps=heaps), store,
                                 client=client)  # fmt: skip
        wall = time.perf_counter() - began
    with CensusStore(db) as store:
        rows = store.rows()
        groups = store.groups(smallest=1)
    cpu = sum(r["cpu_seconds"] for r in rows)
    return {
        "workers": workers,
        "wall": wall,
        "cpu": cpu,
        "codes": summary.computed,
        "proved": summary.proved,
        "limit": sum(r["stopped"] != "proved" for r in rows),
        "sequences": len(groups),
        "rows": rows,
    }


def _warm() -> None:
    compute_item(CensusItem.from_text("0.16"), CensusParams(heaps=8192))


def _overhead(tasks: int) -> tuple[float, float]:
    """Seconds per empty task through Dask (2 workers), and through a plain loop."""
    from distributed import as_completed

    params = CensusParams(heaps=1)
    with local_cluster(2) as client:
        client.run(_warm)
        began = time.perf_counter()
        futures = [client.submit(compute_chunk, (), params, pure=False) for _ in range(tasks)]
        for f in as_completed(futures):
            f.result()
        dask = (time.perf_counter() - began) / tasks
    began = time.perf_counter()
    for _ in range(tasks):
        compute_chunk((), params)
    plain = (time.perf_counter() - began) / tasks
    return dask, plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digits", type=int, default=3)
    parser.add_argument("--heaps", type=int, default=1 << 16)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--tasks", type=int, default=400)
    parser.add_argument("--scaling", default="0.16,0.6,0.64", help="codes timed at N/4, N/2, N")
    parser.add_argument("--keep", metavar="DIR", help="keep the databases in DIR")
    parser.add_argument(
        "--repeat", type=int, default=1, help="alternate the worker counts this many times"
    )
    parser.add_argument("--scaling-only", action="store_true", help="only the growth with N")
    args = parser.parse_args()
    if args.scaling_only:
        _scaling(args.scaling, args.heaps)
        return
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    folder = Path(args.keep or tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    runs = []
    counts = [int(x) for x in args.workers.split(",")]
    for rep in range(args.repeat):
        for w in counts:
            r = _census(args.digits, args.heaps, w, folder / f"r{rep}")
            runs.append(r)
            base = runs[-len(counts) if w != counts[0] else -1]
            print(
                f"octal:{args.digits} to {args.heaps:,} heaps, {w} worker(s): {r['codes']:,} codes "
                f"({r['proved']:,} periods proved, {r['limit']:,} to N without one, "
                f"{r['sequences']:,} distinct sequences) in {r['wall']:.1f} s wall, "
                f"{r['cpu']:.1f} s task CPU, cores used {r['cpu'] / r['wall']:.2f}; "
                f"speed-up vs {base['workers']} worker(s): wall {base['wall'] / r['wall']:.2f}x, "
                f"cores used {(r['cpu'] / r['wall']) / (base['cpu'] / base['wall']):.2f}x, "
                f"load average now {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    if len(runs) > 1:
        pairs = [
            (a["cpu"] / a["wall"], b["cpu"] / b["wall"], a["wall"] / b["wall"])
            for a, b in zip(runs[:: len(counts)], runs[len(counts) - 1 :: len(counts)], strict=True)
        ]
        walls = sorted(p[2] for p in pairs)
        print(
            f"speed-up {counts[-1]} vs {counts[0]} worker(s), run after run: "
            + ", ".join(f"{p[2]:.2f}x" for p in pairs)
            + f" (median {walls[len(walls) // 2]:.2f}x)"
        )
        a, b = runs[0]["rows"], runs[-1]["rows"]
        keys = [{r["code"]: r["sequence_key"] for r in rows} for rows in (a, b)]
        same = keys[0] == keys[1]
        print(f"the runs agree on every code's sequence: {same}")
    rows = runs[-1]["rows"]
    slow = sorted(rows, key=lambda r: -r["cpu_seconds"])[:5]
    print("costliest codes: " + ", ".join(f"{r['code']} {r['cpu_seconds']:.2f} s" for r in slow))
    unproved = [r for r in rows if not r["proved"]]
    if unproved:
        mean = sum(r["cpu_seconds"] for r in unproved) / len(unproved)
        print(f"codes without a proved period: {len(unproved)}, mean task CPU {mean:.2f} s")
    dask, plain = _overhead(args.tasks)
    print(
        f"Dask overhead: {dask * 1e3:.2f} ms per empty task ({args.tasks} tasks, 2 workers) "
        f"against {plain * 1e6:.1f} us in a plain loop"
    )
    _scaling(args.scaling, args.heaps)


def _scaling(codes: str, heaps: int) -> None:
    """Task CPU of each code at N/4, N/2 and N (no proof comes first for these codes)."""
    for code in codes.split(","):
        times = []
        for n in (heaps // 4, heaps // 2, heaps):
            r = compute_item(CensusItem.from_text(code), CensusParams(heaps=n))
            times.append((n, r.cpu_seconds, r.kernel))
        shown = ", ".join(f"N={n:,}: {t:.2f} s" for n, t, _ in times)
        growth = times[-1][1] / max(times[-2][1], 1e-9)
        print(f"scaling {code} ({times[-1][2]}): {shown}; x{growth:.1f} from N/2 to N")


if __name__ == "__main__":
    main()
