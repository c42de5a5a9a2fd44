"""The table of canonical games alone: the compiled table against the pure-Python one.

Run: ``python bench/canon_table.py [CASE ...] [--repeat N]`` (cases like ``domineering:5x5``,
``clobber xoxoxoxoxoxoxoxo``, ``toads-frogs ttttt...fffff``; a default set without).

A child process solves the case once, with the walk in Python (a compiled walk makes its games
inside C, out of sight), and records every call the solver makes to the table (``make``,
``intern``, ``add``, ``neg``, ``number_id``, ``nus_id``, with their answers); then fresh
children replay those calls on an empty table, the compiled one and the pure-Python one
(``GRUNDY_PURE_PYTHON=1``), timed in CPU seconds, least of ``--repeat`` runs. A replay with
stand-ins that do nothing gives the loop's own cost, taken off both. The ratio is pure time /
compiled time; both replays must make the same number of games.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = [
    "domineering:4x5",
    "domineering:5x5",
    "clobber xoxoxoxoxoxoxoxoxo",
    "toads-frogs ttttt...fffff",
]

_OPS = ("make", "add", "neg", "number_id")

RECORD = r"""
import os, pickle, sys
import grundy
from grundy.cgt import _table as T
T.size()  # the table chosen and loaded first; then the walk in Python, so that every game
os.environ["GRUNDY_PURE_PYTHON"] = "1"  # is made through the calls recorded here
log = []
def wrap(name):
    f = getattr(T, name)
    def g(*args):
        args = tuple(list(a) if name in ("make", "intern") else a for a in args)
        r = f(*args)
        log.append((name, args, r))
        return r
    return g
for name in ("make", "add", "neg", "number_id", "intern", "nus_id"):
    setattr(T, name, wrap(name))
class _Neg:
    get = staticmethod(T.neg)
T.neg_memo = lambda: _Neg
T._NAMES = ()  # keep the wrappers (no clear_cache below)
grundy.solve(sys.argv[1])
with open(sys.argv[2], "wb") as f:
    pickle.dump(log, f)
"""

REPLAY = r"""
import json, pickle, sys, time
from grundy.cgt import _table as T
with open(sys.argv[1], "rb") as f:
    log = pickle.load(f)
names = ("make", "add", "neg", "number_id", "intern", "nus_id")
fns = {n: getattr(T, n) for n in names}
if sys.argv[2] == "null":
    fns = {"make": lambda a, b: 0, "add": lambda a, b: 0, "neg": lambda a: 0,
           "number_id": lambda a: 0, "intern": lambda a, b: 0, "nus_id": lambda a, b, c: 0}
ids = {0: 0}
m = ids.__getitem__
make, add, neg, number_id, intern, nus_id = (fns[n] for n in names)
t = time.process_time()
for name, args, r in log:
    if name == "add":
        ids[r] = add(m(args[0]), m(args[1]))
    elif name == "neg":
        ids[r] = neg(m(args[0]))
    elif name == "make":
        ids[r] = make([m(i) for i in args[0]], [m(i) for i in args[1]])
    elif name == "intern":
        ids[r] = intern(tuple(m(i) for i in args[0]), tuple(m(i) for i in args[1]))
    elif name == "nus_id":
        ids[r] = nus_id(*args)
    else:
        ids[r] = number_id(args[0])
elapsed = time.process_time() - t
print(json.dumps({"time": elapsed, "calls": len(log), "games": T.size(), "table": T.backend()}))
"""


def _child(code: str, args: list[str], pure: bool) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    env.pop("GRUNDY_PURE_PYTHON", None)
    if pure:
        env["GRUNDY_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def _replay(log: str, mode: str, repeat: int) -> dict[str, object]:
    runs = [json.loads(_child(REPLAY, [log, mode], mode == "python")) for _ in range(repeat)]
    return min(runs, key=lambda r: float(r["time"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", default=CASES)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each replay")
    opts = parser.parse_args()
    print(
        f"{'case':30} {'calls':>9} {'games':>7} {'compiled s':>10} {'python s':>9} {'ratio':>7}"
        f" {'loop s':>7}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for case in opts.cases:
            log = str(Path(tmp) / "log.pickle")
            _child(RECORD, [case, log], False)
            null = _replay(log, "null", opts.repeat)
            fast = _replay(log, "compiled", opts.repeat)
            slow = _replay(log, "python", opts.repeat)
            if fast["table"] != "compiled":
                print("the compiled core is not active: nothing to compare")
                return
            assert fast["games"] == slow["games"], (fast, slow)
            loop = float(null["time"])  # type: ignore[arg-type]
            c = max(float(fast["time"]) - loop, 1e-6)  # type: ignore[arg-type]
            p = max(float(slow["time"]) - loop, 1e-6)  # type: ignore[arg-type]
            print(
                f"{case:30} {fast['calls']!s:>9} {fast['games']!s:>7} {c:>10.3f} {p:>9.3f}"
                f" {p / c:>6.1f}x {loop:>7.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
