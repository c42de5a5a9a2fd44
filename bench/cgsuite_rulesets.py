"""Cram, Fission and Amazons (CGSuite's grid rulesets): grundy.cgt against cgt-py, in the same run.

Run: ``python bench/cgsuite_rulesets.py [--cap S] [--cgtpy-python PATH] [--quick]
[--repeat N] [--cram-6x6] [--amazons-5x4] [--amazons-5x5] [--python-walk] [--only WORDS]``.

Each case runs in a fresh subprocess for each library (so neither gains from the other's
caches or memory), timed in CPU seconds around the computation only (imports and board
parsing excluded; the wall seconds are kept too, in the JSON each child prints), with its
peak resident memory (``VmHWM``, interpreter included). A run under half a second is
repeated (``--repeat``, 3 runs by default, each in a fresh subprocess) and the least time
kept. grundy runs under its own time limit (``--cap``, default 120 s, through
``value_of(deadline=...)``): past it the row says how far it got (regions evaluated and
memoised). cgt-py runs under the same cap as a subprocess timeout and shows ``> cap``.
Where both finish, cgt-py's canonical form (walked through its ``left_options`` /
``right_options``) is read into grundy and compared with grundy's value (column
``agree``). The ratio is grundy time / cgt-py time: under 1 grundy is faster. Column
``engine`` says whether grundy walked the regions in C (the compiled core) or in Python;
``--python-walk`` also times grundy with the walk in Python (the compiled rulesets' walks
switched off, the compiled table of canonical games kept) under each case walked in C.

cgt-py (PyPI ``cgt-py``, import name ``cgt_py``: the Python package of the Rust
cgt-tools, https://github.com/t4ccer/cgt-tools) is found in this interpreter, else at
``--cgtpy-python`` (default ``/tmp/cgtpy-venv/bin/python``: ``python3 -m venv
/tmp/cgtpy-venv && /tmp/cgtpy-venv/bin/pip install cgt-py anywidget``; cgt-py imports
``anywidget`` at start-up). It is never a dependency of grundy. Without it, grundy is
timed alone. cgt-py 0.11.0 has Fission and Amazons (same letters: ``x`` Left / a stone,
``o`` Right, ``.`` empty, rows split by ``|``) but no Cram, so the Cram rows are grundy's alone.

Cases: Cram on empty 4x4 and 5x5 boards (6x6 with ``--cram-6x6``: about a minute),
Fission 5x5 with one centre stone and with four stones ``...../.x.x./...../.x.x./.....``,
Amazons ``x.../..../...o`` (3x4) and ``x.../..../..../...o`` (4x4), with
``--amazons-5x4`` the 5x4 board ``x.../..../..../..../...o`` (under the cap: it reports
how far it got), and with ``--amazons-5x5`` two 5x5 endgames of one amazon a side, nine
arrows and 16 empty squares (``x#.../.#.#./..#../.#.#./...#o`` and
``x.#../.#..#/..#../#..#./..#.o``). ``--quick`` leaves out Cram 5x5 and Amazons 4x4.

Figures: docs/cgt.md, "Speed of Cram, Fission and Amazons against cgt-py 0.11.0"
(2026-12-02, on the shared 2-core machine under heavy load). In short: Cram 5x5 0.14 s,
Cram 6x6 57 s (4.2 million regions, 617 MB), Fission 5x5 0.03-0.04 s (about 20x faster
than cgt-py); Amazons on its compiled walk: 3x4 0.12 s against cgt-py's 11 s, 4x4 5.2 s
(158,636 regions, 72 MB; the Python walk 193 s), the 5x5 endgames 5.4 s and 10 s (cgt-py
over 90 s); Amazons 5x4 finished within its limit in neither.
"""

from __future__ import annotations

import sys

from _children import PEAK_MB, announce_peer, bench_parser, run_child, timed_child

#: (label, grundy ruleset as MODULE:CLASS of grundy.cgt.games, board rows, cgt-py class or None)
CASES: list[tuple[str, str, str, str | None]] = [
    ("cram 4x4", "cram:Cram", "..../..../..../....", None),
    ("cram 5x5", "cram:Cram", "...../...../...../...../.....", None),
    ("cram 6x6", "cram:Cram", "....../....../....../....../....../......", None),
    ("fission 5x5 centre", "fission:Fission", "...../...../..x../...../.....", "Fission"),
    ("fission 5x5 four", "fission:Fission", "...../.x.x./...../.x.x./.....", "Fission"),
    ("amazons 3x4", "amazons:Amazons", "x.../..../...o", "Amazons"),
    ("amazons 4x4", "amazons:Amazons", "x.../..../..../...o", "Amazons"),
    ("amazons 5x4", "amazons:Amazons", "x.../..../..../..../...o", "Amazons"),
    ("amazons 5x5 a", "amazons:Amazons", "x#.../.#.#./..#../.#.#./...#o", "Amazons"),
    ("amazons 5x5 b", "amazons:Amazons", "x.#../.#..#/..#../#..#./..#.o", "Amazons"),
]

#: What ``--quick`` leaves out, and what only a flag brings in.
QUICK_SKIPS = ("cram 5x5", "amazons 4x4")
FLAGGED = {
    "cram 6x6": "cram_6x6",
    "amazons 5x4": "amazons_5x4",
    "amazons 5x5 a": "amazons_5x5",
    "amazons 5x5 b": "amazons_5x5",
}

GRUNDY_CHILD = (
    PEAK_MB
    + """from grundy.cgt import CanonicalGame, value_of, memo_size, table_size
import importlib
from grundy.core.limits import now
from grundy.errors import TimeLimitError
cls, rows, cap = sys.argv[1], sys.argv[2], float(sys.argv[3])
module, _, cls = cls.partition(":")  # grundy.cgt.games.MODULE:CLASS
game = getattr(importlib.import_module("grundy.cgt.games." + module), cls)()
if sys.argv[4:] == ["python-walk"]:  # the walk in Python (the compiled table kept)
    import os
    os.environ["GRUNDY_PURE_PYTHON"] = "1"
states = game.parse_args([rows])
engine = "C" if game.compiled_regions is not None else "Python"
t, w = time.process_time(), time.perf_counter()
try:
    deadline = now() + cap
    value = sum((value_of(game, s, deadline=deadline) for s in states), CanonicalGame(0))
    text = value.braces()
    done = None
except TimeLimitError as e:
    text, done = None, e.done
print(json.dumps({"time": time.process_time() - t, "wall": time.perf_counter() - w,
                  "value": text, "regions": memo_size(), "games": table_size(),
                  "engine": engine, "done": done, "rss_mb": peak_mb()}))
"""
)

CGTPY_CHILD = (
    PEAK_MB
    + """import cgt_py
cls, rows = sys.argv[1], sys.argv[2]
position = getattr(cgt_py, cls)(rows.replace("/", "|"))
t, w = time.process_time(), time.perf_counter()
g = position.canonical_form
elapsed, wall = time.process_time() - t, time.perf_counter() - w
def braces(g, memo={}):
    key = repr(g)
    if key not in memo:
        memo[key] = "{" + ",".join(braces(x) for x in g.left_options) + "|" + ",".join(
            braces(x) for x in g.right_options) + "}"
    return memo[key]
sys.setrecursionlimit(100000)
text = braces(g)
print(json.dumps({"time": elapsed, "wall": wall, "shown": repr(g),
                  "value": text if len(text) < 2_000_000 else None, "rss_mb": peak_mb()}))
"""
)


def main() -> None:
    parser = bench_parser(
        __doc__, "cgtpy", "an interpreter with cgt-py", "skip Cram 5x5 and Amazons 4x4"
    )
    parser.add_argument("--cram-6x6", action="store_true", help="also Cram 6x6 (about 60 s)")
    parser.add_argument("--amazons-5x4", action="store_true", help="also Amazons 5x4 (under --cap)")
    parser.add_argument(
        "--amazons-5x5", action="store_true", help="also two Amazons 5x5 endgames (under --cap)"
    )
    opts = parser.parse_args()

    from grundy.cgt import parse_game

    peer = announce_peer("cgt_py", "cgt-py", "/tmp/cgtpy-venv/bin/python", opts.cgtpy_python)
    print("CPU seconds of the computation, fresh process each; g/c = grundy / cgt-py time")
    print(
        f"{'case':20} {'engine':>6} {'grundy s':>9} {'cgt-py s':>9} {'g/c':>6} {'agree':>6} "
        f"{'regions':>9} {'games':>7} {'MB g/c':>10}"
    )
    lacking = False  # a case that cgt-py has no ruleset for
    for label, cls, rows, peer_cls in CASES:
        flag = FLAGGED.get(label)
        if flag is not None and not getattr(opts, flag):
            continue
        if opts.quick and label in QUICK_SKIPS:
            continue
        if opts.only and not any(word in label for word in opts.only):
            continue
        lacking = lacking or peer_cls is None
        mine = timed_child(
            sys.executable, GRUNDY_CHILD, [cls, rows, str(opts.cap)], opts.cap + 60, opts.repeat
        )
        theirs = None
        if peer is not None and peer_cls is not None:
            theirs = timed_child(peer, CGTPY_CHILD, [peer_cls, rows], opts.cap, opts.repeat)
        finished = mine is not None and mine["value"] is not None
        g_time = f"{float(mine['time']):.2f}" if mine and finished else f"> {opts.cap:g}"  # type: ignore[arg-type]
        if peer is None or peer_cls is None:
            c_time = "-" if peer is None else "none"
        else:
            c_time = f"{float(theirs['time']):.2f}" if theirs else f"> {opts.cap:g}"  # type: ignore[arg-type]
        ratio, agree = "-", "-"
        if mine and finished and theirs:
            ratio = f"{float(mine['time']) / max(float(theirs['time']), 1e-6):.2f}"  # type: ignore[arg-type]
            if theirs["value"] is not None:
                same = parse_game(str(theirs["value"])) == parse_game(str(mine["value"]))
                agree = "yes" if same else "NO"
        elif mine and finished and peer is not None and peer_cls is not None:
            ratio = f"< {float(mine['time']) / opts.cap:.2f}"  # type: ignore[arg-type]
        regions = mine["regions"] if mine else "-"
        games = mine["games"] if mine else "-"
        engine = mine["engine"] if mine else "-"
        mem = f"{float(mine['rss_mb']):.0f}" if mine else "-"  # type: ignore[arg-type]
        if theirs:
            mem += f"/{float(theirs['rss_mb']):.0f}"  # type: ignore[arg-type]
        print(
            f"{label:20} {engine!s:>6} {g_time:>9} {c_time:>9} {ratio:>6} {agree:>6} "
            f"{regions!s:>9} {games!s:>7} {mem:>10}",
            flush=True,
        )
        if mine and finished:
            shown = str(parse_game(str(mine["value"])))
            print(f"{'':20} value {shown if len(shown) < 70 else shown[:67] + '...'}")
        elif mine:
            print(
                f"{'':20} grundy stopped at its {opts.cap:g} s limit after "
                f"{float(mine['time']):.1f} CPU s: {mine['done']} regions evaluated, "  # type: ignore[arg-type]
                f"{mine['regions']} memoised, {float(mine['rss_mb']):.0f} MB peak"  # type: ignore[arg-type]
            )
        if mine and finished and opts.python_walk and mine["engine"] == "C":
            walk = run_child(
                sys.executable,
                GRUNDY_CHILD,
                [cls, rows, str(opts.cap), "python-walk"],
                opts.cap + 60,
            )
            if walk is None or walk["value"] is None:
                print(f"{'':20} python walk > {opts.cap:g} s")
            else:
                same = parse_game(str(walk["value"])) == parse_game(str(mine["value"]))
                slower = float(walk["time"]) / max(float(mine["time"]), 1e-6)  # type: ignore[arg-type]
                print(
                    f"{'':20} python walk {float(walk['time']):.2f} s ({slower:.1f}x the C walk), "  # type: ignore[arg-type]
                    f"{float(walk['rss_mb']):.0f} MB, agree {'yes' if same else 'NO'}"  # type: ignore[arg-type]
                )
        if theirs and agree == "-" and theirs["value"] is None:
            print(f"{'':20} cgt-py's value too large to read back (not compared)")
    if peer is not None and lacking:
        print("cgt-py s 'none': cgt-py has no such ruleset (it has no Cram)")


if __name__ == "__main__":
    main()
