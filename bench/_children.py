"""What the benchmarks that time each library in a child process share (bench/partisan.py,
bench/cgsuite_rulesets.py): the child's peak memory, running a child, keeping the faster
of two runs (a quick case timed again), and finding an interpreter that has a peer library."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

#: The peak resident memory of a child process, in MB (every child defines it).
PEAK_MB = """import json, resource, sys, time
def peak_mb():
    # this process's own peak (Linux's ru_maxrss keeps the parent's, across fork and exec)
    try:
        with open("/proc/self/status") as f:
            return next(int(x.split()[1]) for x in f if x.startswith("VmHWM")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""

#: grundy's sources, put on a child's PYTHONPATH.
SRC = str(Path(__file__).resolve().parents[1] / "src")


def run_child(python: str, code: str, args: list[str], cap: float) -> dict[str, object] | None:
    """The child's JSON answer (its last line), or None past the cap (a subprocess timeout)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC
    try:
        done = subprocess.run(
            [python, "-c", code, *args],
            capture_output=True,
            text=True,
            timeout=cap,
            env=env,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def least(a: dict[str, object] | None, b: dict[str, object] | None) -> dict[str, object] | None:
    """The faster of two runs of one case."""
    if a is None or b is None:
        return a or b
    return a if float(a["time"]) <= float(b["time"]) else b  # type: ignore[arg-type]


def timed_child(
    python: str, code: str, args: list[str], cap: float, repeat: int
) -> dict[str, object] | None:
    """One run, repeated ``repeat`` times in all (least time kept) when it gave a value in
    under half a second."""
    best = run_child(python, code, args, cap)
    if best is not None and best.get("value") is not None and float(best["time"]) < 0.5:  # type: ignore[arg-type]
        for _ in range(repeat - 1):
            best = least(best, run_child(python, code, args, cap))
    return best


def announce_peer(module: str, label: str, default: str, given: str | None) -> str | None:
    """:func:`peer_python`, saying which interpreter times ``label`` (or that none does)."""
    peer = peer_python(module, default, given)
    if peer is None:
        print(f"{label} not found (no {module} module): timing grundy alone")
    else:
        print(f"{label} from {peer}")
    return peer


def peer_python(module: str, default: str, given: str | None) -> str | None:
    """An interpreter that imports ``module``: ``given`` if it exists, else this one if it
    has the module, else ``default`` if it exists, else None."""
    if given:
        return given if Path(given).exists() else None
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin is not None:  # not a stray namespace directory
        return sys.executable
    return default if Path(default).exists() else None


def bench_parser(doc: str, peer: str, peer_help: str, quick_help: str) -> argparse.ArgumentParser:
    """The options every such benchmark takes: ``--cap``, ``--PEER-python``, ``--quick``,
    ``--repeat``, ``--only`` and ``--python-walk``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per case and library")
    parser.add_argument(f"--{peer}-python", default=None, help=peer_help)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--repeat", type=int, default=3, help="runs of the cases under 0.5 s")
    parser.add_argument(
        "--only", nargs="+", default=None, help="the cases whose label holds one of these words"
    )
    parser.add_argument(
        "--python-walk", action="store_true", help="also time grundy's walk in Python"
    )
    return parser
