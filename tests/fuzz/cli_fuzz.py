"""Fuzz the command line: generated commands for every subcommand and every game.

Each command runs in a forked child of a process that has already imported
grundy (a subprocess without the interpreter's start-up), with stdin from a
file, stdout thrown away, stderr kept, an address-space cap and a wall-clock
kill. A run is *bad* when it

- exits with a status other than 0, 1 or 2 (a signal, or 130),
- writes "Traceback" or more than two non-blank lines on stderr,
- or (reported apart) runs past its ``--time-limit`` by more than :data:`GRACE` seconds.

Inputs: wrong, misspelled and unicode names; every game's example with its
numbers replaced by huge, negative, fractional and non-ASCII ones; random boards
(some huge); CGSuite values with nested braces and zero denominators; Hackenbush
pictures; ``@`` files of every kind (empty, binary, deep JSON, directories,
FIFOs, devices, missing, sparse giants) and output paths of every kind.

Run it by hand (``--count 8000`` is the big run; ``--jobs`` children at once)::

    PYTHONPATH=src python tests/fuzz/cli_fuzz.py --count 8000 --jobs 2 --log /tmp/fuzz.jsonl

The slow test suite runs a few hundred commands; ``corpus.txt`` beside this
file keeps past failures, replayed in the quick suite.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "GRACE",
    "Case",
    "Outcome",
    "corpus_lines",
    "generate",
    "load_corpus",
    "load_corpus_line",
    "make_files",
    "problems",
    "run_cases",
]

#: Seconds past ``--time-limit`` a run may take before it counts as over its limit.
GRACE = 2.0

#: The time limit given to every command that takes one.
TIME_LIMIT = "1"

#: A child still running after this many seconds is killed (and counted).
KILL_AFTER = 20.0

#: Address-space cap of a child, in bytes.
MEMORY_CAP = 4 << 30

CORPUS = Path(__file__).with_name("corpus.txt")

#: Placeholder for the folder of fuzz files in corpus lines.
FILES = "{FILES}"


@dataclass(frozen=True)
class Case:
    """One command: its arguments (after ``grundy``) and what is typed on stdin."""

    argv: tuple[str, ...]
    stdin: str = ""

    def shown(self, width: int = 160) -> str:
        """The command, shortened for a report."""
        parts = []
        for a in self.argv:
            text = repr(a) if (not a or any(c.isspace() for c in a)) else a
            if len(text) > 40:
                text = f"{text[:30]}...({len(a)} chars)"
            parts.append(text)
        line = "grundy " + " ".join(parts)
        return line if len(line) <= width else line[: width - 3] + "..."


@dataclass
class Outcome:
    """What a run gave."""

    case: Case
    status: int
    wall: float
    err: str
    killed: bool = False
    limit: float | None = field(default=None)


# --------------------------------------------------------------------------- inputs

NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "7",
    "12",
    "40",
    "-1",
    "-0",
    "+3",
    "1_000",
    "1e9",
    "1.5",
    "0x1f",
    "\u0663",  # Arabic-Indic three: str.isdigit and int() accept it
    "\u00b2",  # superscript two: str.isdigit accepts it, int() does not
    "\u00bd",
    "\uff13",  # fullwidth three
    "9" * 19,
    "1" + "0" * 18,
    "18446744073709551616",
    "9" * 30,
    "9" * 100,
    "1" + "0" * 4299,
    "9" * 4300,
    "9" * 4301,
    "9" * 5000,
    "1" + "0" * 5000,
    "",
    "nan",
    "inf",
    "1/0",
    "0/0",
]

GARBAGE = [
    "",
    " ",
    "+",
    "++",
    ":",
    "::",
    "..",
    ",",
    "/",
    "//",
    "x",
    "@",
    "'",
    '"',
    "\\",
    "\x00",
    "\x1b[31m",
    "\r",
    "\n",
    "\u00e9",
    "\u2191",
    "\u2605",
    "\U0001f600",
    "\u202e",
    "{",
    "}",
    "|",
    "{|}",
    "{" * 50,
    "}" * 50,
    "-",
    "--",
    "-n",
    "%s",
    "{0}",
    "x" * 10_000,
]

SEARCH_COMMANDS = ("solve", "table", "period", "quotient", "play", "draw")

CGT_ATOMS = [
    "0",
    "1",
    "-1",
    "2",
    "1/2",
    "-3/4",
    "3/8",
    "1/3",
    "1/0",
    "0/0",
    "-1/0",
    "5/-2",
    ".5",
    "*",
    "*2",
    "*0",
    "*-1",
    "*" + "9" * 30,
    "^",
    "v",
    "^*",
    "v*",
    "^^",
    "^2",
    "+-1",
    "+-{1|0}",
    "\u2191",
    "\u2193",
    "on",
    "off",
    "over",
    "dud",
    "pass",
    "9" * 5000,
    "1/" + "9" * 5000,
    "1/" + "2" * 40,
]


def _number(rng: random.Random) -> str:
    return rng.choice(NUMBERS) if rng.random() < 0.15 else str(rng.randint(0, 12))


def _cgt(rng: random.Random, depth: int = 0) -> str:
    """A random CGSuite value: atoms, braces (sometimes unbalanced or deeply nested)."""
    r = rng.random()
    if depth > 3 or r < 0.4:
        return rng.choice(CGT_ATOMS)
    if r < 0.5:
        k = rng.choice([10, 100, 1000, 20_000])
        return "{" * k + rng.choice(["", "0", "|", "0|"]) + "}" * rng.choice([0, k, k - 1])
    if r < 0.55:
        return "{" + "|" * rng.randint(1, 5) + "}"
    left = ",".join(_cgt(rng, depth + 1) for _ in range(rng.randint(0, 2)))
    right = ",".join(_cgt(rng, depth + 1) for _ in range(rng.randint(0, 2)))
    bars = "|" * rng.randint(1, 3)
    text = "{" + left + bars + right + "}"
    if rng.random() < 0.1:
        text = text[: rng.randint(0, len(text))]
    if rng.random() < 0.15:
        text = rng.choice(["+-", "-", "*", "^"]) + text
    return text


def _board(rng: random.Random, alphabet: str, rows: int, cols: int) -> str:
    chars = alphabet + rng.choice(["", "", "", "?", "\u00e9", " ", "0"])
    return "/".join("".join(rng.choice(chars) for _ in range(cols)) for _ in range(rows))


def _dims(rng: random.Random) -> tuple[str, int, int]:
    """``RxC`` text with the sizes to draw a board of (small even when the text is huge)."""
    if rng.random() < 0.6:
        r, c = rng.randint(0, 9), rng.randint(0, 9)
        return f"{r}x{c}", r, c
    r_text, c_text = _number(rng), _number(rng)
    return f"{r_text}x{c_text}", 3, 3


def _edges(rng: random.Random, weighted: str = "") -> str:
    n = rng.choice([0, 1, 3, 8, 20, 300])
    out = []
    for _ in range(n):
        u = rng.choice(["0", "1", "2", "3", "4", str(rng.randint(0, 30))])
        v = rng.choice(["0", "1", "2", "3", "5", str(rng.randint(0, 30))])
        if rng.random() < 0.05:
            v = rng.choice(NUMBERS)
        edge = f"{u}-{v}"
        if weighted == "weighted" and rng.random() < 0.7:
            edge += ":" + rng.choice(["1", "2", "3", "0", "-1", "9" * 5000, "x"])
        elif weighted == "colored":
            edge += ":" + rng.choice("brgBRGx")
        out.append(edge)
    if rng.random() < 0.1:
        out.append(rng.choice(GARBAGE))
    return " ".join(out)


def _component(rng: random.Random, files: dict[str, str]) -> list[str]:
    """One component's tokens: a name (perhaps wrong) and arguments (perhaps wrong)."""
    name = rng.choice(sorted(_GAMES))
    head, args = _GAMES[name](rng, files)
    r = rng.random()
    if r < 0.02:
        head = head.upper()
    elif r < 0.04:
        head = head[:-1] + rng.choice("xz\u00e9-_")
    elif r < 0.06:
        head = rng.choice(["", "0", "1", "nim:", ":3", "-nim", "\u00e9", "x" * 5000, "@x"])
    elif r < 0.08:
        head = head + ":" + rng.choice(["", "x", "1", "9" * 5000, "\u00e9", "{"])
    if rng.random() < 0.06:
        args = [*args, rng.choice(GARBAGE + NUMBERS)]
    if rng.random() < 0.03 and args:
        args = args[:-1]
    return [head, *args]


def _heap_game(name: str, params: Callable[[random.Random], str] | None = None) -> _Maker:
    def make(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
        head = name if params is None else f"{name}:{params(rng)}"
        return head, [_number(rng) for _ in range(rng.randint(0, 4))]

    return make


def _int_set(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.4:
            parts.append(f"{_number(rng)}..{_number(rng)}")
        else:
            parts.append(_number(rng))
    return ",".join(parts)


def _octal(rng: random.Random) -> str:
    return rng.choice(
        [
            "0.07",
            "0.77",
            "4.7",
            "0.[3]",
            "0.137",
            "0.",
            "0.9",
            "0." + "7" * 200,
            "1.x",
            _number(rng),
        ]
    )


def _hackenbush(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    variant = rng.choice(["", "", "weighted", "colored", "bogus"])
    head = "hackenbush" if not variant else f"hackenbush:{variant}"
    if rng.random() < 0.35:
        return head, ["@" + rng.choice(sorted(files.values()))]
    return head, [_edges(rng, variant)]


def _grid_game(name: str, alphabet: str, with_dims: bool, sep: str = "/") -> _Maker:
    def make(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
        dims, r, c = _dims(rng)
        if rng.random() < 0.05:
            r, c = rng.choice([(200, 200), (1, 5000), (60, 60)])
        head = f"{name}:{dims}" if with_dims else name
        if rng.random() < 0.3 and with_dims:
            return head, []
        board = _board(rng, alphabet, r, c)
        return head, [board.replace("/", sep)]

    return make


def _strip_game(name: str, alphabet: str) -> _Maker:
    def make(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
        n = rng.choice([0, 1, 4, 8, 12, 20, 40, 5000])
        strips = ["".join(rng.choice(alphabet) for _ in range(n)) for _ in range(rng.randint(1, 2))]
        return name, strips

    return make


def _chomp(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    dims, _r, _c = _dims(rng)
    return f"chomp:{dims}", [_number(rng) for _ in range(rng.randint(0, 3))]


def _connect4(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    dims, r, c = _dims(rng)
    if rng.random() < 0.3:
        return f"connect4:{dims}", ["".join(rng.choice("0123456789") for _ in range(r * c))]
    return f"connect4:{dims}", [_board(rng, "xo...", r, c)] if rng.random() < 0.7 else []


def _cutcake(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    return "cutcake", [_dims(rng)[0] for _ in range(rng.randint(0, 3))]


def _cgt_game(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    return rng.choice(["cgt", "game"]), [_cgt(rng) for _ in range(rng.randint(1, 3))]


_Maker = Callable[[random.Random, dict[str, str]], tuple[str, list[str]]]

_GAMES: dict[str, _Maker] = {
    "nim": _heap_game("nim"),
    "subtraction": _heap_game("subtraction", _int_set),
    "sub": _heap_game("sub", _int_set),
    "bash": _heap_game(
        "bash", lambda rng: rng.choice([_number(rng), f"{_number(rng)}..{_number(rng)}"])
    ),
    "octal": _heap_game("octal", _octal),
    "take-and-break": _heap_game("take-and-break", _octal),
    "kayles": _heap_game("kayles"),
    "dawson": _heap_game("dawson"),
    "dawsons-chess": _heap_game("dawsons-chess"),
    "grundys-game": _heap_game("grundys-game"),
    "wythoff": _heap_game("wythoff"),
    "fibonacci": _heap_game("fibonacci"),
    "moore": _heap_game("moore", _number),
    "lasker": _heap_game("lasker"),
    "divisors": _heap_game("divisors"),
    "halving": _heap_game("halving"),
    "matrix": _heap_game("matrix", lambda rng: _dims(rng)[0]),
    "ferguson": _heap_game("ferguson"),
    "divisor-removal": lambda rng, files: (
        "divisor-removal",
        [_int_set(rng) if rng.random() < 0.9 else "{}" for _ in range(rng.randint(0, 2))],
    ),
    "hackenbush": _hackenbush,
    "tictactoe": _strip_game("tictactoe", "xo.."),
    "ttt": _strip_game("ttt", "xo.."),
    "connect4": _connect4,
    "chomp": _chomp,
    "domineering-search": _grid_game("domineering-search", "..#", True),
    "domineering": _grid_game("domineering", "..#", True),
    "dom": _grid_game("dom", "..#", True),
    "clobber": _grid_game("clobber", "xo.", False),
    "cutcake": _cutcake,
    "toads-frogs": _strip_game("toads-frogs", "tf.."),
    "toppling-dominoes": _strip_game("toppling-dominoes", "brg"),
    "toppling": _strip_game("toppling", "brg"),
    "cgt": _cgt_game,
}


def _spec(rng: random.Random, files: dict[str, str]) -> list[str]:
    """The SPEC tokens of a command: components joined by ``+``, quoted or not."""
    r = rng.random()
    if r < 0.03:
        return [rng.choice(GARBAGE)]
    if r < 0.06:
        return [rng.choice(["bogus", "nimm", "Nim\u00e9", "hack", "\u202enim", "0", "+", "nim+"])]
    tokens: list[str] = []
    for i in range(rng.choice([1, 1, 1, 1, 2, 3])):
        if i:
            tokens.append("+")
        tokens.extend(_component(rng, files))
    if rng.random() < 0.3:  # the whole spec as one quoted argument
        return [" ".join(f'"{t}"' if " " in t else t for t in tokens)]
    return tokens


def _out_path(rng: random.Random, files: dict[str, str], scratch: str, suffix: str) -> str:
    """An output path: usually fresh, sometimes a directory, a device, garbage or missing."""
    r = rng.random()
    if r < 0.6:
        return os.path.join(scratch, f"out{rng.randrange(10**9)}{suffix}")
    if (
        r < 0.75
    ):  # an existing file of garbage with the expected suffix (copied: it may be extended)
        path = os.path.join(scratch, f"garbage{rng.randrange(10**9)}{suffix}")
        shutil.copyfile(files[rng.choice(["binary", "text", "json", "empty"])], path)
        return path
    return rng.choice(
        [
            files["dir"],
            files["missing_dir"] + "/out" + suffix,
            "/dev/null",
            "/dev/full",
            "",
            files["dir"] + "/",
        ]
    )


def _flag(
    rng: random.Random, flags: Sequence[tuple[str, Callable[[random.Random], str] | None]]
) -> list[str]:
    flag, value = rng.choice(flags)
    return [flag] if value is None else [flag, value(rng)]


def _seconds(rng: random.Random) -> str:
    return rng.choice(
        ["-1", "0", "nan", "inf", "1e999", "abc", "9" * 5000, "1e-300", "0.5", "2", ""]
    )


def _count(rng: random.Random) -> str:
    return rng.choice([*NUMBERS, "100", "1000", "100000", "10000000", "1000000000000"])


def _small_n(rng: random.Random) -> str:
    return rng.choice(["0", "1", "10", "30", "100", "1000", "100000", "10000000", *NUMBERS])


def generate(rng: random.Random, files: dict[str, str], scratch: str) -> Case:
    """One random command (files it needs as input are made under ``scratch``)."""
    command = rng.choice(
        ["solve"] * 20
        + ["play"] * 5
        + ["table"] * 6
        + ["period"] * 3
        + ["quotient"] * 3
        + ["draw"] * 5
        + ["games", "serve", "bogus", "", "--version", "-h"]
    )
    argv: list[str] = [command] if command else []
    stdin = ""
    flags: list[tuple[str, Callable[[random.Random], str] | None]] = []
    if command == "solve":
        argv += _spec(rng, files)
        flags += [
            ("--misere", None),
            ("--loopy", None),
            ("--json", None),
            ("--no-progress", None),
            ("--max-moves", _count),
            ("--max-positions", _count),
            ("--save", lambda r: _out_path(r, files, scratch, ".sqlite")),
            ("--load", lambda r: rng.choice(sorted(files.values()))),
        ]
    elif command == "play":
        argv += _spec(rng, files)
        flags += [
            ("--computer-first", None),
            ("--misere", None),
            ("--side", lambda r: r.choice(["left", "right", "L", "R", "up", ""])),
        ]
        moves = [
            "1",
            "2",
            "0",
            "moves",
            "hint",
            "help",
            "undo",
            "quit",
            "1:1",
            "2:0 0",
            "9" * 5000,
            "nim 1 2",
            "\x00",
            "\u00e9",
            "{",
            "",
            "x" * 10_000,
            "-1",
            "1:",
            "b2",
            "2,3",
            "1,1-2,1",
            "z99",
            "take 1",
            "centre",
            "column 1",
        ]
        stdin = "\n".join(rng.choice(moves) for _ in range(rng.randint(0, 8)))
    elif command in ("table", "period", "quotient"):
        game = rng.choice([*_HEAP_NAMES, *_HEAP_NAMES, "domineering:3x3", "cgt", "bogus", "nim 3"])
        head = _GAMES[game](rng, files)[0] if game in _GAMES else game
        argv += [head]
        if rng.random() < 0.1:
            argv += [rng.choice(GARBAGE + NUMBERS)]
        flags += [("-n", _small_n), ("--json", None)]
        if command == "table":
            flags += [
                ("--csv", None),
                ("--out", lambda r: _out_path(r, files, scratch, ".npz")),
                ("--kernel", lambda r: r.choice(["auto", "plain", "rare", "fast"])),
                ("--compute-all", None),
                ("--no-progress", None),
            ]
            if rng.random() < 0.8:
                argv += ["-n", _small_n(rng)]
        elif command == "quotient":
            flags += [
                ("--table", None),
                ("--out", lambda r: _out_path(r, files, scratch, ".json")),
                ("--max-work", _count),
            ]
    elif command == "draw":
        kind = rng.random()
        if kind < 0.4:
            argv += ["thermograph", *_spec(rng, files)]
        elif kind < 0.55:
            game = rng.choice([*_HEAP_NAMES, "domineering:3x3", "bogus", "nim 3", ""])
            argv += ["table", *(_GAMES[game](rng, files)[0] if game in _GAMES else game).split()]
            if rng.random() < 0.8:
                argv += ["-n", _small_n(rng)]
        elif kind < 0.9:
            head, args = _hackenbush(rng, files)
            argv += [head, *args]
        else:
            argv += _spec(rng, files)
        if rng.random() < 0.9:
            argv += ["--svg", _out_path(rng, files, scratch, ".svg")]
    elif command == "games":
        flags = [("--json", None), ("--bogus", None), ("nim", None)]
    elif command == "serve":  # only ports that cannot be served (a good one would never end)
        bad_port = rng.choice(["-1", "65536", "99999", "9" * 30, "9" * 5000, "x", ""])
        argv += ["--port", bad_port]
        if rng.random() < 0.5:
            argv += [
                "--host",
                rng.choice(["", "::1", "999.1.1.1", "\u00e9", "x" * 300, "localhost"]),
            ]
        flags = [("--time-limit", _seconds)]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3]) if flags else 0):
        argv += _flag(rng, flags)
    if rng.random() < 0.03:
        argv += ["--bogus"]
    if rng.random() < 0.06 and command in SEARCH_COMMANDS:
        argv += ["--time-limit", _seconds(rng)]
    if command in SEARCH_COMMANDS:
        argv += ["--time-limit", TIME_LIMIT]
    if rng.random() < 0.03:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(GARBAGE))
    return Case(tuple(argv), stdin)


_HEAP_NAMES = [
    "nim", "subtraction", "bash", "octal", "kayles", "dawson", "dawsons-chess", "grundys-game",
    "wythoff", "moore", "lasker", "divisors", "halving", "fibonacci",
]  # fmt: skip


def make_files(root: str) -> dict[str, str]:
    """Input files of every kind under ``root`` (``{kind: path}``); some are not files at all."""
    base = Path(root)
    base.mkdir(parents=True, exist_ok=True)

    def put(name: str, data: str | bytes) -> str:
        path = base / name
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        return str(path)

    rng = random.Random(7)
    files = {
        "text": put("edges.txt", "0-1 1-2 # a comment\n2-3, 1-3\n0-0\n"),
        "weighted": put("weighted.txt", "0-1:3 1-2:0 2-3:2\n"),
        "big": put("big.txt", " ".join(f"{rng.randrange(i + 1)}-{i + 1}" for i in range(50_000))),
        "json": put(
            "pic.json", json.dumps({"ground": "g", "edges": [["g", "a"], ["a", "b"], "b-g"]})
        ),
        "json_weights": put("w.json", json.dumps({"ground": 0, "edges": [[0, 1, 2], [1, 2, 0]]})),
        "json_types": put("types.json", json.dumps({"ground": [1], "edges": 5})),
        "json_noground": put("nog.json", json.dumps({"edges": [[0, 1]]})),
        "json_bad": put("bad.json", '{"ground": 0, "edges": [[0, 1]'),
        "json_deep": put(
            "deep.json", '{"ground": 0, "edges": ' + "[" * 100_000 + "]" * 100_000 + "}"
        ),
        "json_hugeint": put("hugeint.json", '{"ground": 0, "edges": [[0, ' + "9" * 5000 + "]]}"),
        "json_float": put("float.json", '{"ground": 0, "edges": [[0, 1e999], [0, NaN]]}'),
        "json_array": put("array.json", "[[0, 1]]"),
        "empty": put("empty.txt", ""),
        "blank": put("blank.txt", "  \n\t\n"),
        "comments": put("comments.txt", "# only a comment\n"),
        "binary": put("binary.bin", bytes(rng.randrange(256) for _ in range(4096))),
        "nul": put("nul.txt", "0-1\x001-2"),
        "latin1": put("latin1.txt", "0-1 caf\u00e9".encode("latin-1")),
        "huge_digits": put("digits.txt", "0-" + "9" * 5000),
        "long_line": put("long.txt", "0-1 " * 200_000),
        "crlf": put("crlf.txt", "0-1\r\n1-2\r\n"),
        "bom": put("bom.txt", "\ufeff0-1 1-2"),
        "unicode_name": put("\u00fc\u00f1\u00ee.txt", "0-1"),
        "npz_garbage": put("garbage.npz", b"PK\x03\x04 not really a zip"),
        "sqlite_garbage": put("garbage.sqlite", b"SQLite format 3\x00" + bytes(100)),
    }
    sparse = base / "sparse.txt"
    with open(sparse, "wb") as f:
        f.truncate(100 << 20)  # 100 MB of holes: refused by size, never read
    files["sparse"] = str(sparse)
    (base / "dir").mkdir(exist_ok=True)
    files["dir"] = str(base / "dir")
    files["missing"] = str(base / "no-such-file.txt")
    files["missing_dir"] = str(base / "no-such-dir")
    fifo = base / "fifo"
    if hasattr(os, "mkfifo") and not fifo.exists():
        os.mkfifo(fifo)
    files["fifo"] = str(fifo)
    link = base / "link-to-dir"
    if not link.is_symlink():
        link.symlink_to(base / "dir")
    files["link_dir"] = str(link)
    loop = base / "loop"
    if not loop.is_symlink():
        loop.symlink_to(loop)
    files["link_loop"] = str(loop)
    files["dev_null"] = "/dev/null"
    files["dev_zero"] = "/dev/zero"
    files["proc"] = "/proc/self/status"
    return files


# --------------------------------------------------------------------------- running


def _child(case: Case, stdin_path: str, err_path: str) -> None:  # pragma: no cover (child)
    """In the forked child: wire the streams, cap memory, run ``main``, exit with its status."""
    status = 3
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        os.setsid()
        fd_in = os.open(stdin_path, os.O_RDONLY)
        fd_out = os.open(os.devnull, os.O_WRONLY)
        fd_err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd_in, 0)
        os.dup2(fd_out, 1)
        os.dup2(fd_err, 2)
        sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
        from grundy.cli.main import main  # noqa: PLC0415 (imported by the parent already)

        try:
            status = main(list(case.argv))
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
        except BaseException:
            import traceback  # noqa: PLC0415

            traceback.print_exc()
            status = 1
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        with contextlib.suppress(Exception):
            sys.stderr.flush()
    finally:
        os._exit(status if 0 <= status < 256 else 3)


def _time_limit(argv: Sequence[str]) -> float | None:
    if not argv or argv[0] not in SEARCH_COMMANDS:
        return None
    for i in range(len(argv) - 2, -1, -1):
        if argv[i] == "--time-limit":
            try:
                return float(argv[i + 1])
            except ValueError:
                return None
    return None


def run_cases(
    cases: Iterable[Case],
    *,
    jobs: int = 2,
    kill_after: float = KILL_AFTER,
    scratch: str | None = None,
) -> Iterator[Outcome]:
    """Run each case in a forked child, ``jobs`` at a time; yields outcomes as they finish."""
    import grundy.cli.main  # noqa: F401, PLC0415 (import before forking: children start warm)

    work = tempfile.mkdtemp(prefix="grundy-fuzz-run-", dir=scratch)
    running: dict[int, tuple[Case, float, str, str]] = {}
    pending = iter(cases)
    slot = 0
    try:
        while True:
            while len(running) < jobs:
                case = next(pending, None)
                if case is None:
                    break
                slot += 1
                stdin_path = os.path.join(work, f"in{slot}")
                err_path = os.path.join(work, f"err{slot}")
                with open(stdin_path, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(case.stdin)
                sys.stdout.flush()
                sys.stderr.flush()
                with warnings.catch_warnings():  # Python 3.12 warns of forking with threads
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pid = os.fork()
                if pid == 0:  # pragma: no cover (child)
                    _child(case, stdin_path, err_path)
                running[pid] = (case, time.monotonic(), stdin_path, err_path)
            if not running:
                return
            pid, wait_status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                now = time.monotonic()
                for p, (case, start, stdin_path, err_path) in list(running.items()):
                    if now - start > kill_after:
                        with contextlib.suppress(ProcessLookupError):
                            os.killpg(p, signal.SIGKILL)
                        os.waitpid(p, 0)
                        del running[p]
                        yield _outcome(case, -9, now - start, err_path, stdin_path, killed=True)
                time.sleep(0.005)
                continue
            if pid not in running:
                continue
            case, start, stdin_path, err_path = running.pop(pid)
            wall = time.monotonic() - start
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)  # anything the command left behind
            code = os.waitstatus_to_exitcode(wait_status)
            yield _outcome(case, code, wall, err_path, stdin_path)
    finally:
        for p in running:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(p, 0)
        shutil.rmtree(work, ignore_errors=True)


def _outcome(
    case: Case, status: int, wall: float, err_path: str, stdin_path: str, *, killed: bool = False
) -> Outcome:
    try:
        with open(err_path, "rb") as f:
            err = f.read(20_000).decode("utf-8", "replace")
    except OSError:
        err = ""
    for path in (err_path, stdin_path):
        with contextlib.suppress(OSError):
            os.unlink(path)
    return Outcome(case, status, wall, err, killed, _time_limit(case.argv))


def problems(outcome: Outcome) -> list[str]:
    """What is wrong with a run (empty when it behaved); past-limit runs are not included."""
    out = []
    if outcome.killed:
        out.append(f"killed after {outcome.wall:.0f} s")
        return out
    if outcome.status not in (0, 1, 2):
        out.append(f"exit status {outcome.status}")
    if "Traceback" in outcome.err:
        last = [line for line in outcome.err.splitlines() if line.strip()][-1:]
        out.append("traceback: " + (last[0][:200] if last else "?"))
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    if len(lines) > 2 and "Traceback" not in outcome.err:
        out.append(f"{len(lines)} lines on stderr")
    return out


def past_limit(outcome: Outcome) -> bool:
    """Whether the run went on more than :data:`GRACE` seconds past its time limit."""
    return outcome.limit is not None and outcome.wall > outcome.limit + GRACE


# --------------------------------------------------------------------------- corpus


def corpus_lines(path: Path = CORPUS) -> list[str]:
    """The entries of a corpus file (comments and blank lines left out)."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def load_corpus_line(line: str, files: dict[str, str], scratch: str) -> tuple[Case, int | None]:
    """One corpus entry: a JSON object ``{"argv": [...], "stdin": "...", "status": 2}``
    (``stdin`` and ``status`` optional) as a case and the exit status it must give.

    In its text ``{FILES}`` is the folder of fuzz input files, ``{SCRATCH}`` a folder
    for outputs, ``{NINES:K}`` K nines and ``{ZEROS:K}`` K zeros.
    """
    folder = os.path.dirname(files["text"])
    data = json.loads(line)
    argv = tuple(_expand(a, folder, scratch) for a in data["argv"])
    return Case(argv, _expand(data.get("stdin", ""), folder, scratch)), data.get("status")


def load_corpus(path: Path, files: dict[str, str], scratch: str) -> list[Case]:
    """Every case of a corpus file (see :func:`load_corpus_line`)."""
    return [load_corpus_line(line, files, scratch)[0] for line in corpus_lines(path)]


def _expand(text: str, folder: str, scratch: str) -> str:
    text = text.replace(FILES, folder).replace("{SCRATCH}", scratch)
    while "{NINES:" in text:
        start = text.index("{NINES:")
        end = text.index("}", start)
        text = text[:start] + "9" * int(text[start + 7 : end]) + text[end + 1 :]
    while "{ZEROS:" in text:
        start = text.index("{ZEROS:")
        end = text.index("}", start)
        text = text[:start] + "0" * int(text[start + 7 : end]) + text[end + 1 :]
    return text


# --------------------------------------------------------------------------- the big run


def _main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz the grundy command line.")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kill-after", type=float, default=KILL_AFTER)
    parser.add_argument("--log", help="write every outcome as a JSON line here")
    parser.add_argument("--corpus", action="store_true", help="run the corpus, not generated cases")
    args = parser.parse_args(argv)
    root = tempfile.mkdtemp(prefix="grundy-fuzz-")
    try:
        files = make_files(os.path.join(root, "files"))
        scratch = os.path.join(root, "scratch")
        os.makedirs(scratch)
        if args.corpus:
            cases: Iterable[Case] = load_corpus(CORPUS, files, scratch)
        else:
            rng = random.Random(args.seed)
            cases = (generate(rng, files, scratch) for _ in range(args.count))
        counts: Counter[str] = Counter()
        log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
        started = time.monotonic()
        try:
            for n, o in enumerate(run_cases(cases, jobs=args.jobs, kill_after=args.kill_after), 1):
                counts["commands"] += 1
                counts["killed" if o.killed else f"exit {o.status}"] += 1
                bad = problems(o)
                if any(p.startswith("traceback") for p in bad):
                    counts["tracebacks"] += 1
                if any("lines on stderr" in p for p in bad):
                    counts["more than two stderr lines"] += 1
                if past_limit(o):
                    counts["past the time limit"] += 1
                if bad or past_limit(o):
                    print(
                        f"{o.wall:6.1f}s {o.status:4} {'; '.join(bad) or 'slow'}: {o.case.shown()}",
                        flush=True,
                    )
                if log is not None:
                    row = {
                        "argv": list(o.case.argv),
                        "stdin": o.case.stdin,
                        "status": o.status,
                        "wall": round(o.wall, 3),
                        "killed": o.killed,
                        "err": o.err[-2000:],
                        "problems": bad,
                        "past_limit": past_limit(o),
                    }
                    log.write(json.dumps(row) + "\n")
                if n % 500 == 0:
                    print(f"... {n} commands, {time.monotonic() - started:.0f} s", flush=True)
        finally:
            if log is not None:
                log.close()
        print(json.dumps(dict(sorted(counts.items())), indent=1))
        print(f"{time.monotonic() - started:.0f} s")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
