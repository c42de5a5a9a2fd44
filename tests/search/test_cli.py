"""``grundy solve`` and ``grundy play`` on the search games; in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy
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
    # winning_moves holds winning moves only; a drawn or lost position lists its best moves
    # under best_moves (issue 35 item 8)
    moves, words = (
        ("winning_moves", "move_descriptions")
        if value == "win"
        else ("best_moves", "best_move_descriptions")
    )
    assert data[moves] and len(data[moves]) == len(data[words])
    if value != "win":
        assert data["winning_moves"] == [] and data["winning_moves_total"] == 0


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


# ----- --save FILE / --load FILE (issue 10) -------------------------------------------


def test_save_then_load_answers_without_a_search(tmp_path: Path) -> None:
    path = str(tmp_path / "ttt.sqlite")
    saved = run("solve", "tictactoe", ".........", "--save", path)
    assert saved.status == 0, saved.err
    assert "saved 5,478 solved positions" in saved.err
    grundy.clear_cache()
    loaded = run("solve", "tictactoe", "x........", "--load", path, "--json")
    assert loaded.status == 0, loaded.err
    data = json.loads(loaded.out)
    assert data["value"] == "draw" and data["positions_searched"] == 0
    assert data["method"].endswith(f"loaded from {path}")


def test_load_of_a_position_the_file_does_not_hold_searches(tmp_path: Path) -> None:
    path = str(tmp_path / "chomp.sqlite")
    assert run("solve", "chomp:3x4", "2", "2", "2", "--save", path).status == 0
    grundy.clear_cache()
    r = run("solve", "chomp:3x4", "--load", path)
    assert r.status == 0, r.err
    assert "does not hold this position" in r.err and "searching instead" in r.err
    assert "loaded from" not in r.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tictactoe .........", "--load", "{dir}/missing.sqlite"), "no solved-table file"),
        (("tictactoe .........", "--load", "{dir}"), "it is a directory"),
        (("tictactoe .........", "--load", "{dir}/junk.sqlite"), "not a readable solved table"),
        (("chomp:3x4", "--load", "{dir}/ttt.sqlite"), "tictactoe, not of chomp:3x4"),
        (("tictactoe .........", "--save", "{dir}/no/such/t.sqlite"), "does not exist"),
        (("tictactoe .........", "--save", "{dir}"), "it is a directory"),
        (("nim 3 4", "--save", "{dir}/n.sqlite"), "two-player search game"),
        (("chomp:3x4", "--misere", "--save", "{dir}/n.sqlite"), "with --misere"),
        (("connect4:7x6", "--save", "{dir}/c.sqlite"), "negamax search, which keeps no table"),
    ],
)
def test_store_errors_are_one_line_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    (tmp_path / "junk.sqlite").write_bytes(b"not a database " * 100)
    assert (
        run("solve", "tictactoe", ".........", "--save", str(tmp_path / "ttt.sqlite")).status == 0
    )
    r = run("solve", *(a.format(dir=tmp_path) for a in args))
    assert r.status == 2, r.err
    assert message in r.err
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert r.out == ""


def test_damaged_saved_table_is_refused_before_any_search(tmp_path: Path) -> None:
    path = tmp_path / "ttt.sqlite"
    assert run("solve", "tictactoe", ".........", "--save", str(path)).status == 0
    data = bytearray(path.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    r = run("solve", "tictactoe", ".........", "--load", str(path))
    assert r.status == 2
    assert r.err.count("\n") == 1 and str(path) in r.err
