"""Each top-level library call against its command-line twin: the library must be the fast path.

Run: ``python bench/api_vs_cli.py [--repeat N] [--only NAME]``

Each case is a pair: a script that calls a top-level function of ``grundy``
(``grundy.grundy_table("kayles", 5000)``) and the ``grundy`` command that answers the
same question (``grundy table kayles -n 5000``, run through ``grundy.cli.main.main``).
Both run in fresh child processes, timed in CPU seconds (``time.process_time``: a busy
machine matters less) from before ``import grundy`` to the end of the call (the imports
count on both sides; the interpreter's start and exit on neither: the command line ends
with ``os._exit``, skipping the teardown a script pays), least of ``--repeat`` runs.
The ratio is library / command line; the goal is at most 1.2 for every case (the
command line prints and formats on top, so the library is usually the faster).

On the shared 2-core machine, loaded (load average 13), ``--repeat 3``: every ratio
from 0.07 (``grundy_table nim 5000``: the closed form, where ``grundy table`` runs the
quadratic mex) to 1.05 (a misère sum); ``grundy_table kayles 5000`` 0.18 s against
0.19 s (6.8 s before, by the generic search).
The table ends with the worst ratio; the exit status is 1 when it is above the goal.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

#: name, library script, command-line words (after ``grundy``).
CASES: list[tuple[str, str, list[str]]] = [
    (
        "grundy_table kayles 5000",
        "grundy.grundy_table('kayles', 5000)",
        ["table", "kayles", "-n", "5000"],
    ),
    (
        "grundy_table nim 5000",
        "grundy.grundy_table('nim', 5000)",
        ["table", "nim", "-n", "5000"],
    ),
    (
        "grundy_table subtraction:1,3,4 20000",
        "grundy.grundy_table('subtraction:1,3,4', 20000)",
        ["table", "subtraction:1,3,4", "-n", "20000"],
    ),
    (
        "heap_periodicity octal:0.137",
        "grundy.heap_periodicity('octal:0.137')",
        ["period", "octal:0.137", "--no-progress"],
    ),
    ("solve nim 3 4 5", "grundy.solve('nim 3 4 5')", ["solve", "nim", "3", "4", "5"]),
    (
        "solve kayles 3000 + dawson 500",
        "grundy.solve('kayles 3000 + dawson 500')",
        ["solve", "kayles 3000 + dawson 500", "--no-progress"],
    ),
    (
        "grundy_value kayles 3000 + dawson 500",
        "grundy.grundy_value('kayles 3000 + dawson 500')",
        ["solve", "kayles 3000 + dawson 500", "--no-progress"],
    ),
    (
        "solve tictactoe",
        "grundy.solve('tictactoe .........')",
        ["solve", "tictactoe", ".........", "--no-progress"],
    ),
    (
        "solve domineering:4x4",
        "grundy.solve('domineering:4x4')",
        ["solve", "domineering:4x4", "--no-progress"],
    ),
    (
        "solve kayles 10 20 30 misere",
        "grundy.solve('kayles 10 20 30', misere=True)",
        ["solve", "kayles 10 20 30", "--misere", "--no-progress"],
    ),
]

GOAL = 1.2


_TIMED = """
import contextlib, io, os, sys, time
start = time.process_time()
{body}
sys.stderr.write(repr(time.process_time() - start))
"""

_LIBRARY = "import grundy\n{script}"

_COMMAND = """from grundy.cli.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    status = main({words!r})
assert status == 0, status"""


def _cpu(body: str, env: dict[str, str]) -> float:
    """CPU seconds of ``body`` in a fresh child (imports included, start and exit not)."""
    code = _TIMED.format(body=body)
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True
    )
    return float(done.stderr.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each side (least is kept)")
    ap.add_argument("--only", help="run the cases whose name contains this text")
    args = ap.parse_args()
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    worst = 0.0
    print(f"{'case':42} {'library s':>10} {'command s':>10} {'ratio':>6}")
    for name, script, words in CASES:
        if args.only and args.only not in name:
            continue
        lib = _LIBRARY.format(script=script)
        cli = _COMMAND.format(words=words)
        t_lib = min(_cpu(lib, env) for _ in range(args.repeat))
        t_cli = min(_cpu(cli, env) for _ in range(args.repeat))
        ratio = t_lib / t_cli if t_cli else float("inf")
        worst = max(worst, ratio)
        print(f"{name:42} {t_lib:10.3f} {t_cli:10.3f} {ratio:6.2f}")
    print(f"worst ratio {worst:.2f} (goal <= {GOAL})")
    return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
