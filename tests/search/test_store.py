"""Saved tables: round trip, reuse by solve, and clear errors for the wrong game or a bad file."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

import grundy
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import SolvedFileError
from grundy.search import clear_tables, load_table, remember_table, retrograde


def test_round_trip(saved: Path) -> None:
    table = load_table(saved, TicTacToe())
    fresh = retrograde(TicTacToe(), 0, max_positions=10_000)
    assert table.scores == fresh.scores
    assert table.root == 0


def test_solve_reuses_a_loaded_table(saved: Path) -> None:
    clear_tables()
    remember_table(TicTacToe(), load_table(saved, TicTacToe()))
    r = grundy.solve("tictactoe x........")
    assert r.positions_searched == 0
    assert "loaded" in r.method
    assert r.value == "draw"
    clear_tables()


def test_another_game_is_refused(saved: Path) -> None:
    with pytest.raises(SolvedFileError, match="tictactoe, not of chomp:3x4"):
        load_table(saved, Chomp(3, 4))


def test_garbage_file(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(SolvedFileError):
        load_table(path, TicTacToe())


def test_missing_rows(saved: Path) -> None:
    with closing(sqlite3.connect(saved)) as db:
        db.execute("DELETE FROM scores WHERE rowid IN (SELECT rowid FROM scores LIMIT 3)")
        db.commit()
    with pytest.raises(SolvedFileError, match="incomplete"):
        load_table(saved, TicTacToe())


def test_foreign_database(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE t (x)")
        db.commit()
    with pytest.raises(SolvedFileError):
        load_table(path, TicTacToe())


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SolvedFileError, match="no solved-table file"):
        load_table(tmp_path / "nope.sqlite", TicTacToe())
