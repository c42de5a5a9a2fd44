"""Canonical values of partisan games: grundy.cgt against pycgt 0.2.0, in the same run.

Run: ``python bench/partisan.py [--cap S] [--pycgt-python PATH] [--quick] [--repeat N]
[--python-walk] [--only WORDS]``.

Each case runs in a fresh subprocess for each library (so neither gains from
the other's caches or memory), timed in CPU seconds around the computation
only (imports excluded), with its peak resident memory. A run under half a
second is repeated (``--repeat``, 3 runs by default, each in a fresh
subprocess) and the least time kept: at a few milliseconds one run is mostly
noise. pycgt runs under a time cap (default 120 s) and shows ``> cap`` past it.
Both values are read back into grundy and compared; the ratio is pycgt time /
grundy time. ``--python-walk`` also times grundy with the walk in Python (the rulesets'
compiled walks switched off, the compiled table of canonical games kept) and prints the
ratio of the two under each case.

The small cases (both computations under half a second) are also timed as whole
processes, start-up included (columns ``whole g``/``whole p``): the CPU time (user +
system) of ``python -m grundy solve SPEC`` against a pycgt process that imports its
ruleset and computes the value, run alternately (``--repeat`` times each, least kept),
each side once untimed first so that both run from compiled bytecode (pycgt's is
compiled by pip; ``PYTHONDONTWRITEBYTECODE`` is dropped for these runs).
``--whole-repeat`` sets their number (default 5). ``--only WORD...`` runs the cases
whose label holds one of the words (``--only 4x4 xoxoxoxoxoxo ttt...fff``).

pycgt is found in this interpreter, else at ``--pycgt-python`` (default
``/tmp/benchenv/bin/python``: ``python3 -m venv /tmp/benchenv &&
/tmp/benchenv/bin/pip install pycgt==0.2.0``). It is never a dependency of
grundy. Without it, grundy is timed alone.

Cases: Domineering rectangles 4x4, 4x5, 5x4, 5x5, 4x6, 5x6, 3x10 (and 6x6 for grundy,
under the cap), Clobber rows (up to 18 stones) and a 2x5 board, Toads-and-Frogs strips
(up to 16 squares; the larger ones take pycgt seconds to minutes), Col and Snort on empty
rectangles (pycgt's graphs ruleset, on the grid graph), Konane openings (grundy alone:
pycgt has no Konane).
``--quick`` skips the boards of 25 cells or more and the strips of 16 squares.

Reach, not run here (strips of 20 squares, one run each, ``nice``, CPU seconds on the
shared 2-core machine, 2026-11-26): ``tttttttt....ffffffff`` 14 s, 3.9 million regions,
579,000 distinct games, 536 MB peak; ``ttttttt......fffffff`` (value ``*``) 115 s, 24.8
million regions, 1.8 million games, 2.7 GB peak, with a compiled memo limit of
30 million regions (under the old 16 million, the biggest half dropped when full, it
stopped at a 1,500 s time limit after 301 s of CPU and 59.7 million regions evaluated);
``tttttt........ffffff`` (value ``*``) 157 s, 36.7 million regions, 1.4 million games,
5.2 GB peak, once the memo may hold them (at a limit of 30 million it was out of reach: a
1,800 s time limit stopped it after 1,409 s of CPU and 312 million regions evaluated); the
default limit is now 64 million regions where a quarter of the memory holds them.
The table of canonical games is not what limits these strips (under two million games,
about 600 MB); the memo of regions is: past its limit, regions dropped and needed again
are recomputed, and the recomputation grows fast.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from _children import PEAK_MB, announce_peer, bench_parser, run_child, timed_child


def _grid_graph(h: int, w: int) -> str:
    """pycgt's grid graph ``h`` x ``w`` (vertex ``r * w + c``), as an expression."""
    edges = [(r * w + c, r * w + c + 1) for r in range(h) for c in range(w - 1)]
    edges += [(r * w + c, (r + 1) * w + c) for r in range(h - 1) for c in range(w)]
    return f"graphs.Graph.of({h * w}, {edges})"


def _colouring(rule: str, h: int, w: int) -> str:
    return f"graphs.value(graphs.uncoloured({_grid_graph(h, w)}), graphs.{rule})"


def _domineering(h: int, w: int, pycgt: bool = True) -> tuple[str, str, list[str], str | None]:
    expr = f"domineering.rectangle({h}, {w})" if pycgt else None
    return (f"domineering {h}x{w}", "Domineering", [f"{h}x{w}"], expr)


def _clobber(row: str) -> tuple[str, str, list[str], str | None]:
    return (f"clobber {row}", "Clobber", [row], f"clobber.parse('{row.replace('/', '|')}')")


def _toads_frogs(strip: str) -> tuple[str, str, list[str], str | None]:
    return (f"toads-frogs {strip}", "ToadsAndFrogs", [strip], f"tf.value('{strip}')")


def _graph_game(
    rule: str, h: int, w: int, pycgt: bool = True
) -> tuple[str, str, list[str], str | None]:
    name = rule.lower()
    expr = _colouring(rule, h, w) if pycgt else None
    return (f"{name} {h}x{w}", f"{name}:{rule.capitalize()}", [f"{h}x{w}"], expr)


# (label, grundy spec: (ruleset class, args), pycgt expression)
CASES: list[tuple[str, str, list[str], str | None]] = [
    *(_domineering(h, w) for h, w in ((4, 4), (4, 5), (5, 4), (5, 5), (4, 6), (5, 6), (3, 10))),
    _domineering(6, 6, pycgt=False),
    *map(_clobber, ("xoxoxoxoxoxo", "xxoxooxoxxoxo", "xoxox/oxoxo", "xoxoxoxoxoxoxoxo")),
    _clobber("xoxoxoxoxoxoxoxoxo"),
    *map(
        _toads_frogs,
        (
            "ttt...fff",
            "tttt..ffff",
            "tt.t.f.ff.",
            "ttt.t..f.fff",
            "ttttt...fffff",
            "ttttt....fffff",
            "tttttt....ffffff",
            "ttttt......fffff",
            "tt.tt.t..f.ff.ff",
        ),
    ),
    *(_graph_game("COL", h, w) for h, w in ((3, 4), (4, 4), (4, 5))),
    _graph_game("COL", 5, 5, pycgt=False),
    *(_graph_game("SNORT", h, w) for h, w in ((3, 4), (4, 4), (4, 5))),
    ("konane 4x4 opening", "konane:Konane", ["xoxo/o..x/xoxo/oxox"], None),
    ("konane 4x5 opening", "konane:Konane", ["xoxox/o..xo/xoxox/oxoxo"], None),
    ("konane 4x6 opening", "konane:Konane", ["xoxoxo/o..xox/xoxoxo/oxoxox"], None),
    ("konane 5x5 opening", "konane:Konane", ["xoxox/oxoxo/xo..x/oxoxo/xoxox"], None),
]

#: The command line spec of each case (for the whole-process runs).
SPEC = {
    "Domineering": lambda args: f"domineering:{args[0]}",
    "Clobber": lambda args: f"clobber {args[0]}",
    "ToadsAndFrogs": lambda args: f"toads-frogs {args[0]}",
    "col:Col": lambda args: f"col {args[0]}",
    "snort:Snort": lambda args: f"snort {args[0]}",
    "konane:Konane": lambda args: f"konane {args[0]}",
}

#: What ``--quick`` leaves out: boards of 25 cells or more, strips of 16 squares.
BIG = (
    "5x5",
    "6x6",
    "5x6",
    "3x10",
    "tttttt....ffffff",
    "ttttt......fffff",
    "tt.tt.t..f.ff.ff",
    "col 4x5",
    "snort 4x5",
    "konane 4x6",
)

GRUNDY_CHILD = (
    PEAK_MB
    + """from grundy.cgt import CanonicalGame, value_of, memo_size, table_size
from grundy.cgt import games
cls, args = sys.argv[1], json.loads(sys.argv[2])
if sys.argv[3:] == ["python-walk"]:  # the walk in Python (on the table already loaded)
    import os
    os.environ["GRUNDY_PURE_PYTHON"] = "1"
if ":" in cls:  # module:Class, a ruleset that grundy.cgt.games does not name
    import importlib
    module, _, cls = cls.partition(":")
    games = importlib.import_module("grundy.cgt.games." + module)
game = getattr(games, cls)()
states = game.parse_args(args)
t = time.process_time()
value = sum((value_of(game, s) for s in states), CanonicalGame(0))
elapsed = time.process_time() - t
print(json.dumps({"time": elapsed, "value": value.braces(), "regions": memo_size(),
                  "games": table_size(),
                  "rss_mb": peak_mb()}))
"""
)

#: What a pycgt process imports to evaluate a case's expression.
PYCGT_IMPORTS = """import sys
sys.setrecursionlimit(100000)
from pycgt.rulesets import domineering, clobber, graphs
from pycgt.rulesets import toads_and_frogs as tf"""

PYCGT_CHILD = (
    PEAK_MB
    + PYCGT_IMPORTS
    + """
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
                  "rss_mb": peak_mb()}))
"""
)


def _whole(command: list[str]) -> float:
    """CPU seconds (user + system) of one whole process: start-up, imports, the work."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _whole_pair(mine: list[str], theirs: list[str], repeat: int) -> tuple[float, float]:
    """The least whole-process CPU time of each command, run alternately ``repeat`` times
    each after one untimed run (which leaves compiled bytecode behind)."""
    _whole(mine)
    _whole(theirs)
    best_mine, best_theirs = float("inf"), float("inf")
    for _ in range(repeat):
        best_mine = min(best_mine, _whole(mine))
        best_theirs = min(best_theirs, _whole(theirs))
    return best_mine, best_theirs


def main() -> None:
    parser = bench_parser(
        __doc__, "pycgt", "an interpreter with pycgt 0.2.0", "skip the biggest boards and strips"
    )
    parser.add_argument(
        "--whole-repeat", type=int, default=5, help="whole-process runs of each small case"
    )
    opts = parser.parse_args()

    from grundy.cgt import parse_game

    pycgt = announce_peer("pycgt", "pycgt", "/tmp/benchenv/bin/python", opts.pycgt_python)
    print(
        f"{'case':30} {'grundy s':>9} {'pycgt s':>9} {'ratio':>7} {'agree':>6} "
        f"{'regions':>8} {'games':>7} {'MB g/p':>11} {'whole g':>8} {'whole p':>8} {'ratio':>6}"
    )
    for label, cls, args, expr in CASES:
        if opts.quick and any(big in label for big in BIG):
            continue
        if opts.only and not any(word in label for word in opts.only):
            continue
        grundy_args = [cls, json.dumps(args)]
        mine = timed_child(sys.executable, GRUNDY_CHILD, grundy_args, opts.cap, opts.repeat)
        theirs = None
        if pycgt is not None and expr is not None:
            theirs = timed_child(pycgt, PYCGT_CHILD, [expr], opts.cap, opts.repeat)
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
        whole = "-", "-", "-"
        if mine and theirs and max(float(mine["time"]), float(theirs["time"])) < 0.5:  # type: ignore[arg-type]
            assert pycgt is not None and expr is not None
            w_mine, w_theirs = _whole_pair(
                [sys.executable, "-m", "grundy", "solve", SPEC[cls](args)],
                [pycgt, "-c", f"{PYCGT_IMPORTS}\n{expr}"],
                opts.whole_repeat,
            )
            whole = f"{w_mine:.3f}", f"{w_theirs:.3f}", f"{w_theirs / max(w_mine, 1e-6):.1f}x"
        print(
            f"{label:30} {g_time:>9} {p_time:>9} {ratio:>7} {agree:>6} "
            f"{regions!s:>8} {games!s:>7} {mem:>11} {whole[0]:>8} {whole[1]:>8} {whole[2]:>6}",
            flush=True,
        )
        if mine:
            value = parse_game(str(mine["value"]))
            shown = str(value)
            print(f"{'':30} value {shown if len(shown) < 70 else shown[:67] + '...'}")
        if mine and opts.python_walk:
            walk = run_child(
                sys.executable, GRUNDY_CHILD, [cls, json.dumps(args), "python-walk"], opts.cap
            )
            if walk is None:
                print(f"{'':30} python walk > {opts.cap:g} s")
            else:
                same = parse_game(str(walk["value"])) == value
                slower = float(walk["time"]) / max(float(mine["time"]), 1e-6)  # type: ignore[arg-type]
                print(
                    f"{'':30} python walk {float(walk['time']):.2f} s ({slower:.1f}x), "  # type: ignore[arg-type]
                    f"{float(walk['rss_mb']):.0f} MB, agree {'yes' if same else 'NO'}"  # type: ignore[arg-type]
                )


if __name__ == "__main__":
    main()
