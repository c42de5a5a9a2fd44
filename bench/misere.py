"""Misère quotients heap by heap: grundy against Siegel's MisereSolver, side by side.

Run: ``python bench/misere.py [--code 0.07] [--heaps 25,30,33] [--timeout SECONDS]``

Both programs compute the partial quotients ``Q_n`` of an octal game heap by heap
up to the largest heap asked, each in a child process of its own; the table gives,
at each heap asked, the order each found and the CPU time each had used by then
(MisereSolver: the solver thread's CPU time; grundy: the process's CPU time, both
from the start of the computation), the ratio grundy / MisereSolver, and at the end
the CPU time of each whole child process (start-up, JIT compiler and garbage
collector included). CPU time, not wall time: the machines are shared.

MisereSolver is GPL-3.0 and not part of grundy: build it first from a CGSuite
checkout with ``sh bench/miseresolver/build.sh`` (see that script); without it
only grundy's column is printed. ``--timeout`` stops each program after that many
seconds (wall clock) and reports the last heap it finished. To compare the two searches
candidate by candidate, run the driver alone with ``MISERESOLVER_LOG=1`` in its
environment: MisereSolver's own log (each candidate's order and least failing sum) goes
to standard error.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLASSES = HERE / "miseresolver" / "build" / "classes"
DRIVER = "org.cgsuite.core.misere.solver.Driver"

GRUNDY = """
import sys, time
from grundy.heap import TakeAndBreak
from grundy.quotient import QuotientBuilder
code, last, report = sys.argv[1], int(sys.argv[2]), set(map(int, sys.argv[3:]))
builder = QuotientBuilder(TakeAndBreak.from_code(code))
start = time.process_time()
def progress(done, _last):
    if done in report:
        print(f"heap {done} order {builder.order} cpu {time.process_time() - start:.3f}",
              flush=True)
builder.extend(last, progress=progress, max_work=10**13, max_states=10**13, max_order=10**6)
"""


def _child(
    cmd: list[str], timeout: float, env: dict[str, str] | None = None
) -> tuple[dict[int, tuple[int, float]], float]:
    """Run ``cmd`` (killed after ``timeout`` seconds); its ``heap N order Q cpu S`` lines,
    and its CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(
            cmd, capture_output=True, text=True, check=False, env=env, timeout=timeout
        )
        out = done.stdout
        if done.returncode:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(f"{cmd[0]} stopped (exit {done.returncode}): {last}")
    except subprocess.TimeoutExpired as e:
        raw = e.stdout or ""
        out = raw.decode() if isinstance(raw, bytes) else raw
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rows = {}
    for line in out.splitlines():
        words = line.split()
        if len(words) == 6 and words[0] == "heap":
            rows[int(words[1])] = (int(words[3]), float(words[5]))
    return rows, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--code", default="0.07", help="octal code (default 0.07)")
    parser.add_argument("--heaps", default="25,30,33", help="heaps to report (comma-separated)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per program")
    args = parser.parse_args()
    heaps = sorted({int(h) for h in args.heaps.split(",")})
    last = heaps[-1]
    argv = [args.code, str(last), *map(str, range(1, last + 1))]
    src = str(HERE.parent / "src")
    env = dict(os.environ, PYTHONPATH=src + os.pathsep + os.environ.get("PYTHONPATH", ""))
    ours, our_total = _child([sys.executable, "-c", GRUNDY, *argv], args.timeout, env)
    if (CLASSES / "org/cgsuite/core/misere/solver/Driver.class").exists():
        java = ["java", "-cp", str(CLASSES), DRIVER, *argv]
        theirs, their_total = _child(java, args.timeout)
    else:
        print("MisereSolver is not built: sh bench/miseresolver/build.sh (see bench/misere.py)")
        theirs, their_total = {}, 0.0
    print(f"misère quotients of {args.code}, heap by heap to heap {last} (CPU seconds)")
    print(f"{'heap':>5} {'order':>7} {'MisereSolver':>13} {'grundy':>9} {'ratio':>7}")
    for h in heaps:
        order, cpu = ours.get(h, (0, 0.0))
        mine = f"{cpu:>9.2f}" if h in ours else f"{'-':>9}"
        if h in theirs:
            their_order, their_cpu = theirs[h]
            ratio = f"{cpu / max(their_cpu, 1e-3):>6.2f}x" if h in ours else ""
            mark = "" if h not in ours or their_order == order else f"  (grundy: order {order})"
            print(f"{h:>5} {their_order:>7} {their_cpu:>13.2f} {mine} {ratio}{mark}")
        else:
            shown = f"{order:>7}" if h in ours else f"{'-':>7}"
            print(f"{h:>5} {shown} {'-':>13} {mine}")
    for name, rows in (("grundy", ours), ("MisereSolver", theirs)):
        if rows and max(rows) < last:
            top = max(rows)
            print(
                f"{name} stopped at heap {top} (order {rows[top][0]}, {rows[top][1]:.2f} s "
                f"CPU; a limit error, or --timeout {args.timeout:.0f} s, or killed)"
            )
    if theirs:
        print(
            f"whole processes: MisereSolver {their_total:.2f} s, grundy {our_total:.2f} s "
            f"({our_total / their_total:.2f}x)"
        )


if __name__ == "__main__":
    main()
