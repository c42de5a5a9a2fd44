"""``grundy solve`` and ``grundy play`` for the catalog-B games; in-process."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("lasker 3 4", "3 (mod 4)"),
        ("divisors 12 5", "12 = 2^2 * 3"),
        ("halving 6 5", "110 in binary"),
        ("matrix:2x2 1 2 3 4", "G = 2 XOR 3 = 1"),
        ("ferguson 3 4", "(m-1)|(n-1) = 11 in binary"),
        ("divisor-removal 1..6", "Strategy stealing"),
    ],
)
def test_solve_explains_why(spec: str, why: str) -> None:
    r = run("solve", *spec.split())
    assert r.status == 0, r.err
    assert "Why:" in r.out and why in r.out
    assert "Method:" in r.out


def test_solve_json_lasker() -> None:
    r = run("solve", "lasker 3 4", "--json")
    data = json.loads(r.out)
    assert data["grundy"] == 7
    assert sorted(data["winning_moves"]) == ["lasker 1 2 4", "lasker 3 3"]
    assert "Lasker" in data["method"]


def test_solve_big_divisor_removal_says_no_move_is_known() -> None:
    r = run("solve", "divisor-removal", "1..100")
    assert r.status == 0, r.err
    assert "the player to move wins" in r.out
    assert "no winning move is known" in r.out
    assert "Winning move" not in r.out


def test_solve_truncated_list_says_how_many() -> None:
    r = run("solve", "ferguson", str(10**40 + 7), str(2**140), "--max-moves", "3")
    assert r.status == 0, r.err
    assert "list cut at 3" in r.out and "in all" in r.out


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "divisors", "0"),
        ("solve", "ferguson", "3"),
        ("solve", "ferguson", "0", "2"),
        ("solve", "matrix:2x2", "1", "2"),
        ("solve", "matrix:axb", "1"),
        ("solve", "divisor-removal", "5..2"),
        ("solve", "lasker:3", "4"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.status == 2
    assert len(r.err.strip().splitlines()) == 1
    assert "Traceback" not in r.err


@pytest.mark.parametrize(
    "spec",
    [
        "lasker 2 3",
        "divisors 12 5",
        "halving 6 5",
        "matrix:1x2 2 1",
        "ferguson 3 4",
        "divisor-removal 1..5",
    ],
)
def test_play_runs_to_the_end(spec: str) -> None:
    r = run("play", *spec.split(), "--computer-first", stdin="1\n" * 40)
    assert r.status == 0, r.err
    assert "has no moves" in r.out
