"""An answer that rests on a table verified only by sampling says so, in its "Why" and in
the JSON (issue 35 item 2). A solved table of more than ``FULL_CHECK`` positions is
checked on loading at the root and positions drawn at random: a forgery at a few
positions can pass, and the answer built on it said nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy
from grundy.search import clear_tables
from grundy.search import store as search_store
from tests.cli.helpers import run

SPEC = "tictactoe x........"


def _saved(tmp_path: Path) -> str:
    path = str(tmp_path / "t.db")
    clear_tables()
    r = run("solve", "tictactoe", ".........", "--save", path)
    assert r.status == 0, r.err
    clear_tables()
    return path


def test_an_answer_on_a_sampled_table_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path)
    monkeypatch.setattr(search_store, "FULL_CHECK", 100)  # 5,478 positions: sampled
    monkeypatch.setattr(search_store, "CHECK_SPOTS", 50)
    r = run("solve", "--json", "--load", path, SPEC)
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert any("verified only by sampling" in line for line in data["explanation"])
    assert "verified by sampling" in data["method"]
    clear_tables()
    text = run("solve", "--load", path, SPEC)
    assert "verified only by sampling" in text.out
    clear_tables()


def test_an_answer_on_a_fully_checked_table_says_that(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    r = run("solve", "--json", "--load", path, SPEC)
    data = json.loads(r.out)
    assert any("all 5,478 positions checked" in line for line in data["explanation"])
    assert not any("sampling" in line for line in data["explanation"])
    clear_tables()


def test_a_table_computed_here_says_nothing_of_files() -> None:
    clear_tables()
    r = grundy.solve(SPEC)
    assert not any("come from" in line for line in r.explanation)


def test_a_table_resumed_from_a_sampled_file_says_so(tmp_path: Path) -> None:
    # Grundy's game has no periodicity theorem: past the first 4,096 heaps a saved table is
    # checked at heaps drawn at random, and the command says so.
    out = str(tmp_path / "g.npz")
    assert run("table", "grundys-game", "-n", "5000", "--out", out).status == 0
    r = run("table", "grundys-game", "-n", "5010", "--out", out)
    assert r.status == 0, r.err
    assert "verified only by sampling" in r.err
    small = str(tmp_path / "s.npz")
    assert run("table", "grundys-game", "-n", "100", "--out", small).status == 0
    assert "sampling" not in run("table", "grundys-game", "-n", "110", "--out", small).err
