"""``grundy solve`` and ``grundy play`` on the search games; in-process."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("spec", "value", "outcome"),
    [
        ("tictactoe .........", "draw", "D"),
        ("connect4:4x4 ..../..../..../xo..", "draw", "D"),
        ("chomp:3x4", "win", "N"),
        ("domineering-search:3x3", "win", "N"),
        ("domineering-search:2x4 R", "win", "R"),
    ],
)
def test_solve_json(spec: str, value: str, outcome: str) -> None:
    r = run("solve", "--json", spec)
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert (data["value"], data["outcome"]) == (value, outcome)
    assert "remoteness" in data and data["grundy"] is None
    assert data["winning_moves"] and len(data["winning_moves"]) == len(data["move_descriptions"])


def test_solve_human_output() -> None:
    r = run("solve", "tictactoe", "xx.oo....")
    assert r.status == 0, r.err
    assert "Value: win in 1 move" in r.out
    assert "x in the top right cell -> tictactoe xxxoo...." in r.out
    assert "retrograde analysis" in r.out


def test_bad_board_is_one_line_exit_2() -> None:
    r = run("solve", "connect4:4x4", "..../x.../..../....")
    assert r.status == 2
    assert r.err.count("\n") == 1 and "floating" in r.err
    assert "Traceback" not in r.err


def test_play_tictactoe_to_the_end() -> None:
    # The human always types move 1 (the first empty cell); the computer never loses.
    r = run("play", "tictactoe", ".........", stdin="1\n" * 9)
    assert r.status == 0, r.err
    assert "ends the game" in r.out
    assert "You win!" not in r.out
    assert "The computer wins." in r.out or "It is a draw." in r.out


def test_play_domineering_computer_first_wins_a_first_player_board() -> None:
    r = run("play", "--computer-first", "domineering-search:3x3", stdin="1\n" * 9)
    assert r.status == 0, r.err
    assert "Computer: Left: vertical domino" in r.out
    assert "The computer wins." in r.out
