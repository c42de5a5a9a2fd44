"""``grundy solve`` and ``grundy play`` on the search games, in a subprocess."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_cli


@pytest.mark.parametrize(
    ("spec", "value", "outcome"),
    [
        ("tictactoe .........", "draw", "D"),
        ("connect4:4x4 ..../..../..../xo..", "draw", "D"),
        ("chomp:3x4", "win", "N"),
        ("domineering:3x3", "win", "N"),
        ("domineering:2x4 R", "win", "R"),
    ],
)
def test_solve_json(spec: str, value: str, outcome: str) -> None:
    out = run_cli("solve", "--json", spec)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["value"], data["outcome"]) == (value, outcome)
    assert "remoteness" in data and data["grundy"] is None
    assert data["winning_moves"] and len(data["winning_moves"]) == len(data["move_descriptions"])


def test_solve_human_output() -> None:
    out = run_cli("solve", "tictactoe", "xx.oo....")
    assert out.returncode == 0, out.stderr
    assert "Value: win in 1 move" in out.stdout
    assert "x in the top right cell -> tictactoe xxxoo...." in out.stdout
    assert "retrograde analysis" in out.stdout


def test_bad_board_is_one_line_exit_2() -> None:
    out = run_cli("solve", "connect4:4x4", "..../x.../..../....")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "floating" in out.stderr
    assert "Traceback" not in out.stderr


def test_play_tictactoe_to_the_end() -> None:
    # The human always types move 1 (the first empty cell); the computer never loses.
    out = run_cli("play", "tictactoe", ".........", stdin="1\n" * 9)
    assert out.returncode == 0, out.stderr
    assert "ends the game" in out.stdout
    assert "You win!" not in out.stdout
    assert "The computer wins." in out.stdout or "It is a draw." in out.stdout


def test_play_domineering_computer_first_wins_a_first_player_board() -> None:
    out = run_cli("play", "--computer-first", "domineering:3x3", stdin="1\n" * 9)
    assert out.returncode == 0, out.stderr
    assert "Computer: Left: vertical domino" in out.stdout
    assert "The computer wins." in out.stdout
