"""``grundy solve`` and ``grundy play`` for the catalog-B games, in a subprocess."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_cli


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
    out = run_cli("solve", *spec.split())
    assert out.returncode == 0, out.stderr
    assert "Why:" in out.stdout and why in out.stdout
    assert "Method:" in out.stdout


def test_solve_json_lasker() -> None:
    out = run_cli("solve", "lasker 3 4", "--json")
    data = json.loads(out.stdout)
    assert data["grundy"] == 7
    assert sorted(data["winning_moves"]) == ["lasker 1 2 4", "lasker 3 3"]
    assert "Lasker" in data["method"]


def test_solve_big_divisor_removal_says_no_move_is_known() -> None:
    out = run_cli("solve", "divisor-removal", "1..100")
    assert out.returncode == 0, out.stderr
    assert "the player to move wins" in out.stdout
    assert "no winning move is known" in out.stdout
    assert "Winning move" not in out.stdout


def test_solve_truncated_list_says_how_many() -> None:
    out = run_cli("solve", "ferguson", str(10**40 + 7), str(2**140), "--max-moves", "3")
    assert out.returncode == 0, out.stderr
    assert "list cut at 3" in out.stdout and "in all" in out.stdout


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
    out = run_cli(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


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
    out = run_cli("play", *spec.split(), "--computer-first", stdin="1\n" * 40)
    assert out.returncode == 0, out.stderr
    assert "has no moves" in out.stdout
