"""Benchmark: the compiled core (C) against the numba kernels it replaced and against C
reference programs, side by side in one run (CPU seconds).

Run: python bench/compiled_core.py [--before-python PY --before-src DIR] [--only NAMES]
     [--scale K]

"before" is another checkout of grundy run by another interpreter (for example the last
numba version, commit 1bb1394: ``git archive 1bb1394 src | tar -x -C /tmp/before`` and
``--before-python /work/venv/bin/python --before-src /tmp/before/src``, a venv with numba);
without it only "after" (this interpreter and this tree) and the C references are timed.
Every measurement runs in a fresh child process; kernel times are the child's CPU time around
the one call (numba compiles first, off the clock); command times are the whole child's CPU
time. The C references in ``bench/c/`` are compiled here with ``cc -O2``; their tables'
checksums must equal grundy's.

Groups (``--only``):
  grundy    Grundy's game to 2^22 heaps (rare-value kernel) vs bench/c/rare_reference.c
  dense     0.07, 0.137, 0.007 to 2^18 (rare values dense: auto ends on the plain kernel)
            vs bench/c/naive_mex.c
  sparse    0.77, 0.16, 0.156 to 2^18 (few rare values)
  command   `grundy table octal:0.16 -n 262144` (whole process) vs its kernel alone
  startup   `import grundy` vs an empty interpreter; a two-edge Hackenbush solve
  install   size of `pip install .` into a fresh virtual environment (slow: builds)
``--scale K`` divides the table sizes by 2^K (a quick look).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
GROUPS = ("grundy", "dense", "sparse", "command", "startup", "install")

_KERNEL = """
import inspect, json, sys, time
from grundy.heap.games import GRUNDYS_GAME, TakeAndBreak
from grundy.heap.table import build_table
code, n = sys.argv[1], int(sys.argv[2])
game = GRUNDYS_GAME if code == "grundys-game" else TakeAndBreak.from_code(code)
kw = {"jit": True} if "jit" in inspect.signature(build_table).parameters else {}
build_table(game, 3000, period_fill=False, **kw)  # numba: compile (or load) first
t = time.process_time()
g = build_table(game, n, period_fill=False, **kw)
cpu = time.process_time() - t
check = sum(i * v for i, v in enumerate(g.tolist())) % 2**64
print(json.dumps({"cpu": cpu, "check": check}))
"""


class Side:
    """One side of the comparison: an interpreter and a source tree."""

    def __init__(self, name: str, python: str, src: str) -> None:
        self.name, self.python, self.src = name, python, src

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": self.src}

    def run(self, args: list[str], stdout: Any = subprocess.PIPE) -> tuple[float, float, str]:
        """(child CPU s, wall s, stdout) of one child process."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        proc = subprocess.run(
            [self.python, *args], env=self.env(), stdout=stdout, text=True, check=True
        )
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return cpu, wall, proc.stdout or ""

    def kernel(self, code: str, n: int) -> tuple[float, int]:
        _, _, out = self.run(["-c", _KERNEL, code, str(n)])
        found = json.loads(out.strip().splitlines()[-1])
        return float(found["cpu"]), int(found["check"])


def _c_program(name: str, build: Path) -> Path:
    exe = build / name
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-o", str(exe), str(HERE / "c" / f"{name}.c")], check=True)
    return exe


def _c_run(exe: Path, *args: str) -> tuple[float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(exe), *args], capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, int(out.split()[1])


def _row(what: str, figures: dict[str, float], base: str | None = None) -> None:
    cells = "  ".join(f"{k} {v:8.2f}" for k, v in figures.items())
    ratios = ""
    if base is not None and base in figures:
        ratios = "  " + "  ".join(
            f"{k}/{base} {v / max(figures[base], 1e-9):5.2f}x"
            for k, v in figures.items()
            if k != base
        )
    print(f"{what:<34} {cells}{ratios}", flush=True)


def kernels(
    sides: list[Side], cases: list[tuple[str, int, list[str] | None]], ref: Path | None
) -> None:
    for code, n, c_args in cases:
        figures: dict[str, float] = {}
        checks = set()
        for side in sides:
            cpu, check = side.kernel(code, n)
            figures[side.name], _ = cpu, checks.add(check)
        if ref is not None and c_args is not None:
            cpu, check = _c_run(ref, *c_args)
            figures["C"] = cpu
            checks.add(check)
        if len(checks) != 1:
            raise SystemExit(f"tables disagree on {code} to {n}: checksums {sorted(checks)}")
        _row(f"{code} to {n:,} (kernel, CPU s)", figures, "C" if "C" in figures else None)
        if len(sides) == 2:
            print(f"{'':<34} after/before {figures['after'] / figures['before']:.2f}x")


def command(sides: list[Side], n: int) -> None:
    for side in sides:
        cmd = ["-m", "grundy", "table", "octal:0.16", "-n", str(n), "--no-progress"]
        total, _, _ = side.run(cmd, stdout=subprocess.DEVNULL)
        kernel, _ = side.kernel("0.16", n)
        _row(
            f"table octal:0.16 -n {n:,} ({side.name})",
            {"command": total, "kernel": kernel},
            "kernel",
        )


def startup(sides: list[Side], repeats: int = 9) -> None:
    for side in sides:
        empty = statistics.median(side.run(["-c", "pass"])[1] for _ in range(repeats))
        imp = statistics.median(side.run(["-c", "import grundy"])[1] for _ in range(repeats))
        _row(f"import grundy, wall s ({side.name})", {"empty": empty, "import": imp}, "empty")
        picture = ["-m", "grundy", "solve", 'hackenbush "0-1 1-2"']
        side.run(picture)  # caches warm (numba's on-disk cache too)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        cpu, wall, _ = side.run(picture)
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        peak = f"max RSS of children so far {rss / 1024:.0f} MB" if rss > before else ""
        print(f"{'':<34} two-edge Hackenbush solve: {wall:.2f} s wall, {cpu:.2f} s CPU {peak}")


def install(trees: dict[str, Path]) -> None:
    for name, tree in trees.items():
        with tempfile.TemporaryDirectory() as tmp:
            venv = Path(tmp) / "venv"
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            pip = venv / "bin" / "pip"
            subprocess.run([str(pip), "install", "-q", str(tree)], check=True)
            whole = sum(f.stat().st_size for f in venv.rglob("*") if f.is_file())
            listing = subprocess.run(
                [str(pip), "list", "--format=freeze"], capture_output=True, text=True, check=True
            ).stdout.split()
            print(f"install size ({name}): {whole / 2**20:.0f} MB, the whole venv; {listing}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-python", help="interpreter of the 'before' side")
    parser.add_argument("--before-src", help="source folder (PYTHONPATH) of the 'before' side")
    parser.add_argument("--only", default=",".join(g for g in GROUPS if g != "install"))
    parser.add_argument("--scale", type=int, default=0, help="divide table sizes by 2^K")
    args = parser.parse_args()
    only = set(args.only.split(","))
    sides = [Side("after", sys.executable, str(TREE / "src"))]
    if args.before_python and args.before_src:
        sides.insert(0, Side("before", args.before_python, args.before_src))
    status = sides[-1].run(["-c", "import grundy; print(grundy.core_status()[1])"])[2].strip()
    print(f"after: {status}; before: {args.before_src or 'not measured'}")
    s = args.scale
    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp)
        cc_ok = shutil.which(os.environ.get("CC", "cc")) is not None
        rare = _c_program("rare_reference", build) if cc_ok else None
        naive = _c_program("naive_mex", build) if cc_ok else None
        if "grundy" in only:
            n = (1 << 22) >> s
            kernels(sides, [("grundys-game", n, [str(n)])], rare)
        if "dense" in only:
            n = (1 << 18) >> s
            kernels(sides, [(c, n, [c, str(n)]) for c in ("0.07", "0.137", "0.007")], naive)
        if "sparse" in only:
            n = (1 << 18) >> s
            kernels(sides, [(c, n, None) for c in ("0.77", "0.16", "0.156")], None)
    if "command" in only:
        command(sides, 262144 >> s)
    if "startup" in only:
        startup(sides)
    if "install" in only:
        trees = {"after": TREE}
        if args.before_src:
            trees = {"before": Path(args.before_src).parent, **trees}
        install(trees)


if __name__ == "__main__":
    main()
