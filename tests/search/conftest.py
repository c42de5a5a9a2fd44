"""Fixtures of the search tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.search import retrograde, save_table


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A solved table of tic-tac-toe from the empty board, saved in a fresh file."""
    path = tmp_path / "ttt.sqlite"
    save_table(path, TicTacToe(), retrograde(TicTacToe(), 0, max_positions=10_000))
    return path
