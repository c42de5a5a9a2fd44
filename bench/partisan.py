"""Canonical values of partisan games: grundy.cgt against pycgt 0.2.0, in the same run.

Run: ``python bench/partisan.py [--cap S] [--pycgt-python PATH] [--quick] [--repeat N]``.

Each case runs in a fresh subprocess for each library (so neither gains from
the other's caches or memory), timed in CPU seconds around the computation
only (imports excluded), with its peak resident memory. A run under half a
second is repeated (``--repeat``, 3 runs by default, each in a fresh
subprocess) and the least time kept: at a few milliseconds one run is mostly
noise. pycgt runs under a time cap (default 120 s) and shows ``> cap`` past it.
Both values are read back into grundy and compared; the ratio is pycgt time /
grundy time.

pycgt is found in this interpreter, else at ``--pycgt-python`` (default
``/tmp/benchenv/bin/python``: ``python3 -m venv /tmp/benchenv &&
/tmp/benchenv/bin/pip install pycgt==0.2.0``). It is never a dependency of
grundy. Without it, grundy is timed alone.

Cases: Domineering rectangles 4x4, 4x5, 5x4, 5x5, 4x6, 5x6, 3x10 (and 6x6 for grundy,
under the cap), Clobber rows (up to 18 stones) and a 2x5 board, Toads-and-Frogs strips
(up to 16 squares; the larger ones take pycgt seconds to minutes).
``--quick`` skips the boards of 25 cells or more and the strips of 16 squares.

Reach, not run here (strips of 20 squares, one run each, ``nice``, CPU seconds on the
shared 2-core machine, 2026-11-26): ``tttttttt....ffffffff`` 14 s, 3.9 million regions,
579,000 distinct games, 536 MB peak; ``ttttttt......fffffff`` (value ``*``) 115 s, 24.8
million regions, 1.8 million games, 2.7 GB peak, with the compiled memo's default limit of
30 million regions (under the old 16 million, the biggest half dropped when full, it
stopped at a 1,500 s time limit after 301 s of CPU and 59.7 million regions evaluated);
``tttttt........ffffff`` is out of reach: a 1,800 s time limit stopped it after 1,409 s of
CPU, 312 million regions evaluated (it needs more than 30 million), 3.6 GB peak.
The table of canonical games is not what limits these strips (under two million games,
about 600 MB); the memo of regions is: past its limit, regions dropped and needed again
are recomputed, and the recomputation grows fast.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

# (label, grundy spec: (ruleset class, args), pycgt expression)
CASES: list[tuple[str, str, list[str], str | None]] = [
    ("domineering 4x4", "Domineering", ["4x4"], "domineering.rectangle(4, 4)"),
    ("domineering 4x5", "Domineering", ["4x5"], "domineering.rectangle(4, 5)"),
    ("domineering 5x4", "Domineering", ["5x4"], "domineering.rectangle(5, 4)"),
    ("domineering 5x5", "Domineering", ["5x5"], "domineering.rectangle(5, 5)"),
    ("domineering 4x6", "Domineering", ["4x6"], "domineering.rectangle(4, 6)"),
    ("domineering 5x6", "Domineering", ["5x6"], "domineering.rectangle(5, 6)"),
    ("domineering 3x10", "Domineering", ["3x10"], "domineering.rectangle(3, 10)"),
    ("domineering 6x6", "Domineering", ["6x6"], None),
    ("clobber xoxoxoxoxoxo", "Clobber", ["xoxoxoxoxoxo"], "clobber.parse('xoxoxoxoxoxo')"),
    ("clobber xxoxooxoxxoxo", "Clobber", ["xxoxooxoxxoxo"], "clobber.parse('xxoxooxoxxoxo')"),
    ("clobber xoxox/oxoxo", "Clobber", ["xoxox/oxoxo"], "clobber.parse('xoxox|oxoxo')"),
    (
        "clobber xoxoxoxoxoxoxoxo",
        "Clobber",
        ["xoxoxoxoxoxoxoxo"],
        "clobber.parse('xoxoxoxoxoxoxoxo')",
    ),
    (
        "clobber xoxoxoxoxoxoxoxoxo",
        "Clobber",
        ["xoxoxoxoxoxoxoxoxo"],
        "clobber.parse('xoxoxoxoxoxoxoxoxo')",
    ),
    ("toads-frogs ttt...fff", "ToadsAndFrogs", ["ttt...fff"], "tf.value('ttt...fff')"),
    ("toads-frogs tttt..ffff", "ToadsAndFrogs", ["tttt..ffff"], "tf.value('tttt..ffff')"),
    ("toads-frogs tt.t.f.ff.", "ToadsAndFrogs", ["tt.t.f.ff."], "tf.value('tt.t.f.ff.')"),
    ("toads-frogs ttt.t..f.fff", "ToadsAndFrogs", ["ttt.t..f.fff"], "tf.value('ttt.t..f.fff')"),
    (
        "toads-frogs ttttt...fffff",
        "ToadsAndFrogs",
        ["ttttt...fffff"],
        "tf.value('ttttt...fffff')",
    ),
    (
        "toads-frogs ttttt....fffff",
        "ToadsAndFrogs",
        ["ttttt....fffff"],
        "tf.value('ttttt....fffff')",
    ),
    (
        "toads-frogs tttttt....ffffff",
        "ToadsAndFrogs",
        ["tttttt....ffffff"],
        "tf.value('tttttt....ffffff')",
    ),
    (
        "toads-frogs ttttt......fffff",
        "ToadsAndFrogs",
        ["ttttt......fffff"],
        "tf.value('ttttt......fffff')",
    ),
    (
        "toads-frogs tt.tt.t..f.ff.ff",
        "ToadsAndFrogs",
        ["tt.tt.t..f.ff.ff"],
        "tf.value('tt.tt.t..f.ff.ff')",
    ),
]

#: What ``--quick`` leaves out: boards of 25 cells or more, strips of 16 squares.
BIG = ("5x5", "6x6", "5x6", "3x10", "tttttt....ffffff", "ttttt......fffff", "tt.tt.t..f.ff.ff")

GRUNDY_CHILD = """
import json, resource, sys, time
from grundy.cgt import CanonicalGame, value_of, memo_size, table_size
from grundy.cgt import games
cls, args = sys.argv[1], json.loads(sys.argv[2])
game = getattr(games, cls)()
states = game.parse_args(args)
t = time.process_time()
value = sum((value_of(game, s) for s in states), CanonicalGame(0))
elapsed = time.process_time() - t
print(json.dumps({"time": elapsed, "value": value.braces(), "regions": memo_size(),
                  "games": table_size(),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

PYCGT_CHILD = """
import json, resource, sys, time
sys.setrecursionlimit(100000)
from pycgt.rulesets import domineering, clobber
from pycgt.rulesets import toads_and_frogs as tf
def braces(g, memo={}):
    key = id(g)
    if key not in memo:
        memo[key] = "{" + ",".join(braces(x) for x in g.left) + "|" + ",".join(
            braces(x) for x in g.right) + "}"
    return memo[key]
t = time.process_time()
g = eval(sys.argv[1])
elapsed = time.process_time() - t
text = braces(g)
print(json.dumps({"time": elapsed, "value": text if len(text) < 2_000_000 else None,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _run(python: str, code: str, args: list[str], cap: float) -> dict[str, object] | None:
    """The child's JSON answer, or None past the cap."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
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


def _least(a: dict[str, object] | None, b: dict[str, object] | None) -> dict[str, object] | None:
    """The faster of two runs of one case."""
    if a is None or b is None:
        return a or b
    return a if float(a["time"]) <= float(b["time"]) else b  # type: ignore[arg-type]


def _pycgt_python(given: str | None) -> str | None:
    if given:
        return given if Path(given).exists() else None
    spec = importlib.util.find_spec("pycgt")
    if spec is not None and spec.origin is not None:  # not a stray namespace directory
        return sys.executable
    default = "/tmp/benchenv/bin/python"
    return default if Path(default).exists() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per case and library")
    parser.add_argument("--pycgt-python", default=None, help="an interpreter with pycgt 0.2.0")
    parser.add_argument("--quick", action="store_true", help="skip the biggest boards and strips")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the cases under 0.5 s")
    opts = parser.parse_args()

    from grundy.cgt import parse_game

    pycgt = _pycgt_python(opts.pycgt_python)
    if pycgt is None:
        print("pycgt not found: skipped, timing grundy alone")
    else:
        print(f"pycgt from {pycgt}")
    print(
        f"{'case':30} {'grundy s':>9} {'pycgt s':>9} {'ratio':>7} {'agree':>6} "
        f"{'regions':>8} {'games':>7} {'MB g/p':>11}"
    )
    for label, cls, args, expr in CASES:
        if opts.quick and any(big in label for big in BIG):
            continue
        mine = _run(sys.executable, GRUNDY_CHILD, [cls, json.dumps(args)], opts.cap)
        theirs = None
        if pycgt is not None and expr is not None:
            theirs = _run(pycgt, PYCGT_CHILD, [expr], opts.cap)
        if mine is not None and float(mine["time"]) < 0.5:  # type: ignore[arg-type]
            for _ in range(opts.repeat - 1):
                mine = _least(mine, _run(sys.executable, GRUNDY_CHILD, [cls, json.dumps(args)], 60))
        if theirs is not None and float(theirs["time"]) < 0.5:  # type: ignore[arg-type]
            assert pycgt is not None and expr is not None
            for _ in range(opts.repeat - 1):
                theirs = _least(theirs, _run(pycgt, PYCGT_CHILD, [expr], 60))
        g_time = f"{mine['time']:.2f}" if mine else f"> {opts.cap:g}"
        p_time = (
            "-"
            if expr is None or pycgt is None
            else (f"{theirs['time']:.2f}" if theirs else f"> {opts.cap:g}")
        )
        ratio, agree = "-", "-"
        if mine and theirs:
            ratio = f"{float(theirs['time']) / max(float(mine['time']), 1e-6):.1f}x"  # type: ignore[arg-type]
            if theirs["value"] is not None:
                same = parse_game(str(theirs["value"])) == parse_game(str(mine["value"]))
                agree = "yes" if same else "NO"
        elif mine and pycgt is not None and expr is not None:
            ratio = f"> {opts.cap / max(float(mine['time']), 1e-6):.1f}x"  # type: ignore[arg-type]
        regions = mine["regions"] if mine else "-"
        games = mine["games"] if mine else "-"
        mem = f"{float(mine['rss_mb']):.0f}" if mine else "-"  # type: ignore[arg-type]
        if theirs:
            mem += f"/{float(theirs['rss_mb']):.0f}"  # type: ignore[arg-type]
        print(
            f"{label:30} {g_time:>9} {p_time:>9} {ratio:>7} {agree:>6} "
            f"{regions!s:>8} {games!s:>7} {mem:>11}",
            flush=True,
        )
        if mine:
            value = parse_game(str(mine["value"]))
            shown = str(value)
            print(f"{'':30} value {shown if len(shown) < 70 else shown[:67] + '...'}")


if __name__ == "__main__":
    main()
