"""Every damaged solved-table file and every bad path is one SolvedFileError (issue 10)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import SolvedFileError
from grundy.search import load_table, retrograde, save_table
from grundy.search.protocol import MATE


def _edit(path: Path, *sql: tuple[str, tuple[Any, ...]]) -> None:
    with closing(sqlite3.connect(path)) as db:
        for statement, args in sql:
            db.execute(statement, args)
        db.commit()


def _one_line(info: pytest.ExceptionInfo[SolvedFileError]) -> None:
    assert "\n" not in str(info.value) and len(str(info.value)) < 300


#: Damages to a saved table (an SQL statement and its arguments) and what the error says.
_ROOT = "UPDATE meta SET value = ? WHERE key = 'root'"
_SCORE = "UPDATE scores SET score = ? WHERE rowid = 1"
DAMAGES: list[tuple[str, tuple[Any, ...], str]] = [
    ("DELETE FROM meta WHERE key = 'root'", (), "no root"),
    *((_ROOT, (root,), "malformed root") for root in ["zz", "0", "x" * 1000]),
    ("UPDATE scores SET state = 'abc' WHERE rowid = 1", (), "state stored as str"),
    *((_SCORE, (score,), "invalid score") for score in ["win", 1.5, MATE + 1, -MATE - 1, 2**62]),
]


@pytest.mark.parametrize(("statement", "args", "match"), DAMAGES)
def test_a_damaged_file_is_one_clear_error(
    saved: Path, statement: str, args: tuple[Any, ...], match: str
) -> None:
    _edit(saved, (statement, args))
    with pytest.raises(SolvedFileError, match=match) as info:
        load_table(saved, TicTacToe())
    _one_line(info)


def test_saving_into_a_missing_directory(tmp_path: Path) -> None:
    table = retrograde(TicTacToe(), 0, max_positions=10_000)
    with pytest.raises(SolvedFileError, match="does not exist"):
        save_table(tmp_path / "no" / "such" / "t.sqlite", TicTacToe(), table)


def test_saving_over_a_directory(tmp_path: Path) -> None:
    table = retrograde(TicTacToe(), 0, max_positions=10_000)
    with pytest.raises(SolvedFileError, match="is a directory"):
        save_table(tmp_path, TicTacToe(), table)
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("path", [b"/tmp/t.sqlite", None, 3])
def test_paths_that_are_not_text(path: Any) -> None:
    table = retrograde(TicTacToe(), 0, max_positions=10_000)
    with pytest.raises(SolvedFileError, match="path must be text"):
        save_table(path, TicTacToe(), table)
    with pytest.raises(SolvedFileError, match="path must be text"):
        load_table(path, TicTacToe())


def test_round_trip_still_works(saved: Path) -> None:
    assert load_table(saved, TicTacToe()).value(0) == "draw"
