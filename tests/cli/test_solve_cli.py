"""``grundy solve`` and ``grundy games`` in a subprocess."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_cli
from tests.reference.sums import grundy_of_sum


def test_solve_json_nim_345() -> None:
    out = run_cli("solve", "nim", "3", "4", "5", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["outcome"] == "N"
    assert data["grundy"] == 2
    assert data["winning_moves"] == ["nim 1 4 5"]
    for key in ("position", "play", "method"):
        assert key in data
    assert data["play"] == "normal"


def test_solve_json_sum_in_one_argument_agrees_with_brute_force() -> None:
    out = run_cli("solve", "subtraction:1,3,4 10 + nim 2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    position = (("subtraction", (1, 3, 4), 10), ("nim", (), 2))
    assert data["grundy"] == grundy_of_sum(position)
    assert data["position"] == "subtraction:1,3,4 10 + nim 2"
    assert sorted(data["winning_moves"]) == [
        "subtraction:1,3,4 10 + nim 1",
        "subtraction:1,3,4 6 + nim 2",
    ]


def test_solve_human_output_explains() -> None:
    out = run_cli("solve", "nim", "3", "4", "5")
    assert out.returncode == 0
    assert "take 2 from the heap of 3 -> nim 1 4 5" in out.stdout
    assert "Grundy value: 2" in out.stdout
    assert "Method:" in out.stdout


def test_solve_misere() -> None:
    out = run_cli("solve", "nim", "1", "1", "--misere", "--json")
    data = json.loads(out.stdout)
    assert data["play"] == "misere"
    assert data["outcome"] == "N"
    assert data["grundy"] is None


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "foo", "3"),
        ("solve", "nim", "-3"),
        ("solve", "nim", "x"),
        ("solve", "subtraction:0 3"),
        ("solve", "bash:z", "3"),
        ("solve",),
        ("solve", "nim", "3", "--max-moves", "0"),
        ("solve", "nim", "3", "--bogus"),
        ("frobnicate",),
        (),
        ("play",),
        ("solve", "nim 3 + tictactoe ........."),
        ("solve", "nim " + "9" * 5000),
        ("table", "kayles", "-n", "10", "--out", "/nonexistent-dir/x.npz"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    out = run_cli(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert "error" in lines[0]


def test_search_limit_is_reported_in_one_line() -> None:
    spec = "subtraction:1,3,4 100 + subtraction:2,5 100"  # misère sums are searched whole
    out = run_cli("solve", spec, "--misere", "--max-positions", "50")
    assert out.returncode == 1
    assert len(out.stderr.strip().splitlines()) == 1
    assert "limit of 50" in out.stderr


def test_games_lists_every_registered_game() -> None:
    from grundy import REGISTRY

    out = run_cli("games")
    assert out.returncode == 0
    for entry in REGISTRY:
        assert entry.name in out.stdout
        assert entry.syntax in out.stdout
    data = json.loads(run_cli("games", "--json").stdout)
    assert [row["name"] for row in data["games"]] == [e.name for e in REGISTRY]


def test_version() -> None:
    out = run_cli("--version")
    assert out.returncode == 0
    assert out.stdout.startswith("grundy ")
