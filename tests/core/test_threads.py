"""Threads sharing grundy's caches: first-time solves in many threads give the answers of
the same solves run alone (issue 21).

Every family is covered: impartial searches and tables, misère search and quotients,
partisan canonical forms, two-player searches, loopy values. Each run starts from
``grundy.clear_cache()``, so the threads meet each other's unfinished work in the shared
memos and tables; the slow version adds threads, positions, rounds and a thread that
clears the caches while the others solve.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

import grundy
from grundy import ImpartialGame
from grundy.lang.spec import parse_ruleset
from grundy.quotient import misere_quotient

Answer = tuple[Any, ...]


class Cycle(ImpartialGame[int]):
    """A loopy game: from ``n`` move to ``n - 1`` or ``n - 2`` (mod ``size``), or to the end."""

    def __init__(self, size: int) -> None:
        self.size = size

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cycle) and other.size == self.size

    def __hash__(self) -> int:
        return hash(("cycle", self.size))

    def moves(self, n: int) -> list[int]:
        if n < 0:
            return []
        return [(n - 1) % self.size, (n - 2) % self.size, -1] if n % 3 else [(n + 1) % self.size]


def _answer(r: grundy.Result) -> Answer:
    """What must not depend on who else is solving (not the method: it counts new positions)."""
    return (
        r.outcome,
        r.grundy,
        str(r.value),
        tuple(str(m) for m in r.winning_moves),
        r.move_descriptions,
        r.winning_moves_total,
    )


def _solver(spec: str, **kw: Any) -> tuple[str, Callable[[], Answer]]:
    return f"{spec} {kw}" if kw else spec, lambda: _answer(grundy.solve(spec, **kw))


def _loopy(size: int, start: int) -> tuple[str, Callable[[], Answer]]:
    return f"loopy cycle {size} from {start}", lambda: _answer(
        grundy.solve(Cycle(size), start, loopy=True)
    )


def _table(spec: str, n: int) -> tuple[str, Callable[[], Answer]]:
    return f"table {spec} {n}", lambda: tuple(grundy.grundy_table(spec, n))


def _quotient(spec: str, last: int) -> tuple[str, Callable[[], Answer]]:
    def run() -> Answer:
        q = misere_quotient(parse_ruleset(spec), last)  # type: ignore[arg-type]
        return (q.order, str(q))

    return f"quotient {spec} {last}", run


QUICK = [
    # impartial: searches sharing one ruleset's memo, sums, closed forms, octal tables
    *(_solver(f"fibonacci {n}") for n in (150, 151, 152, 153)),
    _solver("subtraction:2,5,7 300 + bash:2..3 90"),
    _solver("kayles 2000 + dawson 1500"),
    _solver("lasker 30 + divisors 360"),
    _table("subtraction:1,4,5", 500),
    # misère: search and quotients
    _solver("dawson 5 9 6", misere=True),
    _solver("subtraction:1,2,5 7 4 6", misere=True),
    _quotient("octal:0.75", 24),
    # partisan: canonical forms in the shared table
    _solver("domineering:4x4"),
    _solver("domineering:3x6"),
    _solver("toads-frogs tt..ff.t.f"),
    _solver("clobber xoxo/oxox"),
    _solver("cutcake 4x6 + cgt ^*"),
    _solver("toppling-dominoes bbrgrbrb"),
    # two-player searches (kept tables, transposition tables)
    _solver("tictactoe x........"),
    _solver("chomp:3x4"),
    # loopy
    _loopy(40, 7),
]

SLOW = [
    *QUICK,
    *(_solver(f"fibonacci {n}") for n in (398, 399, 400, 401)),
    _solver("octal:0.137 700 + grundys-game 300"),
    _solver("kayles 4 7 11 14", misere=True),
    _quotient("octal:0.77", 40),
    _solver("domineering:5x5"),
    _solver("domineering:4x6"),
    _solver("clobber xoxox/oxoxo"),
    _solver("toads-frogs ttt...fff.t"),
    _solver("connect4:4x4 ..../..../..../xo.."),
    _loopy(300, 11),
    _table("subtraction:2,3,7", 3000),
]


def _alone(cases: list[tuple[str, Callable[[], Answer]]]) -> dict[str, Answer]:
    expected = {}
    for name, run in cases:
        grundy.clear_cache()
        expected[name] = run()
    return expected


def _together(
    cases: list[tuple[str, Callable[[], Answer]]], threads: int, *, clearing: bool = False
) -> list[str]:
    """Run every case in every thread (each its own order), all starting at once after
    ``clear_cache()``; the failures, as lines."""
    expected = _alone(cases)
    grundy.clear_cache()
    start = threading.Barrier(threads + clearing)
    done = threading.Event()
    failures: list[str] = []

    def work(seed: int) -> None:
        order = list(cases)
        random.Random(seed).shuffle(order)
        start.wait()
        for name, run in order:
            try:
                got = run()
            except Exception as e:  # every failure is reported
                failures.append(f"{name}: {type(e).__name__}: {e}")
                continue
            if got != expected[name]:
                failures.append(f"{name}: {got!r} != {expected[name]!r} (alone)")

    def clear() -> None:
        start.wait()
        while not done.wait(0.05):
            grundy.clear_cache()

    pool = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    cleaner = threading.Thread(target=clear) if clearing else None
    for t in [*pool, *([cleaner] if cleaner else [])]:
        t.start()
    for t in pool:
        t.join()
    done.set()
    if cleaner is not None:
        cleaner.join()
    return failures


def test_first_time_solves_in_threads_match_solves_alone() -> None:
    assert _together(QUICK, 4) == []


def test_fibonacci_in_four_threads() -> None:
    # The reported failure (there with fibonacci 398..401): 4 threads after clear_cache()
    # met each other's "in progress" marks (StopIteration, KeyError).
    cases = [_solver(f"fibonacci {n}") for n in (150, 151, 152, 153)]
    for _ in range(2):
        assert _together(cases, 4) == []


def test_domineering_in_eight_threads() -> None:
    # The reported failure (there with domineering:9x9): concurrent solves broke the
    # canonical-form table (IndexError at lstop[b]).
    boards = ["domineering:4x4", "domineering:3x6", "domineering:4x5", "domineering:3x7"]
    assert _together([_solver(b) for b in boards], 8) == []


def test_first_imports_in_threads() -> None:
    # A fresh interpreter whose threads each load a different game at once: the game
    # modules are imported on first use, and two threads importing a package and one of its
    # modules at once used to deadlock (_DeadlockError).
    code = (
        "import threading, grundy\n"
        "specs = ['domineering:3x3', 'clobber xo/ox', 'cutcake 3x3', 'toads-frogs t.f',\n"
        "         'toppling-dominoes bbr', 'kayles 5', 'chomp:2x3', 'tictactoe x........']\n"
        "bad = []\n"
        "def run(s):\n"
        "    try:\n"
        "        grundy.solve(s)\n"
        "    except Exception as e:\n"
        "        bad.append(f'{s}: {type(e).__name__}: {e}')\n"
        "ts = [threading.Thread(target=run, args=(s,)) for s in specs]\n"
        "[t.start() for t in ts]\n"
        "[t.join() for t in ts]\n"
        "print(bad)\n"
    )
    for _ in range(2):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
        )
        assert out.stdout.strip() == "[]", out.stdout + out.stderr


@pytest.mark.slow
def test_many_threads_many_positions_and_clear_cache_meanwhile() -> None:
    assert _together(SLOW, 12) == []
    assert _together(SLOW, 8, clearing=True) == []


@pytest.mark.slow
def test_domineering_5x5_in_eight_threads() -> None:
    # Larger boards than the quick test: this one broke the canonical-form table every time.
    assert _together([_solver("domineering:5x5")], 8) == []
