"""The bound on the table of canonical games (``grundy.cgt.set_table_limit``): with a tiny
bound :func:`grundy.cgt.value_of` makes room (keeps what the memos and the live values need,
renumbers, drops the rest) and gives the same values as without one, in the compiled table
and in the pure-Python one; values held across a compaction stay valid; when no room can be
made it stops with one line (:class:`~grundy.errors.TableFullError`), never with ids of
another computation renumbered under it.

Bounds: Domineering 3x4 and 4x4, Toads-and-Frogs strips of 8 to 10 squares, Clobber
``xoxoxo/oxoxox`` (each a few hundred to a few thousand games), bounds of 450 and 600 games.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.cgt import CanonicalGame, _ctable, _pytable, set_table_limit, table_limit, value_of
from grundy.cgt import _table as T
from grundy.cgt.games.clobber import Clobber
from grundy.cgt.games.domineering import Domineering
from grundy.cgt.games.toads_frogs import ToadsAndFrogs
from grundy.cgt.value import live_ids, move_live
from grundy.errors import InvalidSpecError, TableFullError
from grundy.kernels._core import PURE_PYTHON
from tests.cli.helpers import run, run_process

CASES: list[tuple[Any, str]] = [
    (Domineering(), "3x4"),
    (ToadsAndFrogs(), "ttt..fff"),
    (Domineering(), "4x4"),
    (ToadsAndFrogs(), "tt.t.f.ff."),
    (ToadsAndFrogs(), "ttt.t..f.f"),
    (Clobber(), "xoxoxo/oxoxox"),
]

TABLES = [False, True] if _ctable.available() else [True]


def _values() -> list[str]:
    return [str(value_of(game, game.parse_args([spec])[0])) for game, spec in CASES]


# In a fresh process: this one's live values (session fixtures) would fill a tiny bound.
_CHILD = """
import json, sys
import grundy
from grundy.cgt import CanonicalGame, set_table_limit
from grundy.cgt import _table as T
from grundy.cgt import solve as S
from tests.cgt.test_table_bound import _values

bound = int(sys.argv[1])
grundy.clear_cache()
held = [CanonicalGame("{3|1/2*}"), CanonicalGame("^*") + CanonicalGame("{2|-1}")]
shown = [str(g) for g in held]
passes = []
make = S._Room.make
def counted(self, full, held):
    passes.append(T.size())
    return make(self, full, held)
S._Room.make = counted
set_table_limit(bound)
values = _values()
assert [str(g) for g in held] == shown  # renumbered, still the same values
assert held[0] + held[1] - held[1] == held[0] == CanonicalGame("{3|1/2*}")
print(json.dumps({"values": values, "passes": len(passes), "size": T.size(),
                  "backend": T.backend()}))
"""


@pytest.mark.parametrize("pure", TABLES)
@pytest.mark.parametrize("bound", [600, 450])
def test_a_tiny_bound_gives_the_same_values(
    table: Callable[[bool], None], pure: bool, bound: int
) -> None:
    table(not _ctable.available())
    want = _values()  # the compiled table without a bound (or the twin) is the reference
    env = {k: v for k, v in os.environ.items() if k != PURE_PYTHON}
    paths = [str(Path(__file__).resolve().parents[2]), *sys.path]  # tests and grundy as here
    env["PYTHONPATH"] = os.pathsep.join(paths)
    if pure:
        env[PURE_PYTHON] = "1"
    child = run_process([sys.executable, "-c", _CHILD, str(bound)], env=env)
    assert child.status == 0, child.err
    got = json.loads(child.out)
    assert got["backend"] == ("python" if pure else "compiled")
    assert got["values"] == want
    assert got["passes"] > 0, "the bound never filled the table"
    assert got["size"] <= bound


@pytest.mark.parametrize("pure", TABLES)
def test_no_room_stops_in_one_line(table: Callable[[bool], None], pure: bool) -> None:
    table(pure)
    set_table_limit(40)
    d = Domineering()
    with pytest.raises(TableFullError, match="table of canonical games is full"):
        value_of(d, d.parse_args(["4x4"])[0])
    set_table_limit(None)
    assert str(value_of(d, d.parse_args(["3x3"])[0])) == "+-1"


@pytest.mark.parametrize("pure", TABLES)
def test_no_room_is_made_under_another_computation(
    table: Callable[[bool], None], pure: bool
) -> None:
    """Another thread inside the table (holding ids): the full table stops this one."""
    table(pure)
    entered, done = threading.Event(), threading.Event()

    def other() -> None:
        with T.shared():
            entered.set()
            done.wait(30)

    worker = threading.Thread(target=other)
    worker.start()
    try:
        assert entered.wait(30)
        set_table_limit(60)
        d = Domineering()
        with pytest.raises(TableFullError, match="another computation holds it"):
            value_of(d, d.parse_args(["4x4"])[0])
    finally:
        done.set()
        worker.join()


def test_the_two_tables_compact_alike(table: Callable[[bool], None]) -> None:
    if not _ctable.available():
        pytest.skip("the compiled core is not active")
    specs = ["{3|1/2*}", "^*", "{2|-1}", "+-1", "{1|{0|-3}}", "*5", "3/8", "{{2|0}|-5/4}"]
    roots = [1, 3, 6]  # of the values made below, which to keep
    out = []
    for pure in (True, False):
        table(pure)
        gids = [CanonicalGame(s)._id for s in specs]
        source: Any = _pytable if pure else _ctable
        live = live_ids()  # (constants such as UP): kept and renumbered, as value_of does
        new = source.compact([gid for gid, _ in live] + [gids[i] for i in roots])
        move_live(live, new)
        kept = [new[gids[i]] for i in roots]
        assert all(g >= 0 for g in kept) and new[0] == 0
        assert T.size() == sum(1 for g in new if g >= 0)
        out.append([_braces(g) for g in kept])
    assert out[0] == out[1] == [_braces_of(specs[i]) for i in roots]


def _braces(gid: int) -> str:
    """``{L|R}`` of the game ``gid`` read from the table (no CanonicalGame involved)."""
    if T.NUMBER[gid] is not None:
        return str(T.NUMBER[gid])
    lefts = ",".join(_braces(i) for i in T.LEFT[gid])
    rights = ",".join(_braces(i) for i in T.RIGHT[gid])
    return "{" + lefts + "|" + rights + "}"


def _braces_of(spec: str) -> str:
    return _braces(CanonicalGame(spec)._id)


def test_bound_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        monkeypatch.setenv("GRUNDY_CGT_TABLE_LIMIT", "12_345")
        assert table_limit() == 12345
        monkeypatch.setenv("GRUNDY_CGT_TABLE_LIMIT", "none")
        assert table_limit() == 0
        set_table_limit(777)
        assert table_limit() == 777
        set_table_limit(None)
        monkeypatch.setenv("GRUNDY_CGT_TABLE_LIMIT", "lots")
        with pytest.raises(InvalidSpecError, match="GRUNDY_CGT_TABLE_LIMIT='lots'"):
            table_limit()
        monkeypatch.delenv("GRUNDY_CGT_TABLE_LIMIT")
        assert table_limit() > 1000
        for bad in (-1, True, 1.5):
            with pytest.raises(InvalidSpecError):
                set_table_limit(bad)  # type: ignore[arg-type]
    finally:
        set_table_limit(None)


def test_checkpoint_with_a_tiny_bound_resumes(
    table: Callable[[bool], None], tmp_path: Path
) -> None:
    table(not _ctable.available())
    d = Domineering()
    state = d.parse_args(["4x4"])[0]
    want = str(value_of(d, state))
    grundy.clear_cache()
    path = tmp_path / "memo.gz"
    set_table_limit(40)
    with pytest.raises(TableFullError):
        value_of(d, state, checkpoint=path)
    assert path.exists()
    set_table_limit(None)
    grundy.clear_cache()
    assert str(value_of(d, state, checkpoint=path)) == want


def test_command_line_stops_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "memo.gz"
    grundy.clear_cache()
    monkeypatch.setenv("GRUNDY_CGT_TABLE_LIMIT", "40")
    try:
        set_table_limit(None)  # the variable's bound
        r = run("solve", "domineering:4x4", "--checkpoint", str(path))
        assert r.status == 1 and r.out == ""
        lines = r.err.splitlines()
        assert len(lines) == 2 and "saved in" in lines[0], r.err
        assert lines[1].startswith("grundy: error: the table of canonical games is full (40 ")
        monkeypatch.setenv("GRUNDY_CGT_TABLE_LIMIT", "x")
        bad = run("solve", "domineering:3x3")
        assert bad.status == 2 and bad.err.count("\n") == 1, bad.err
    finally:
        monkeypatch.delenv("GRUNDY_CGT_TABLE_LIMIT")
        set_table_limit(None)
        grundy.clear_cache()
