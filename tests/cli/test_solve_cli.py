"""``grundy solve`` and ``grundy games``; in-process."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy import REGISTRY
from tests.cli.helpers import run
from tests.reference.sums import grundy_of_sum


def test_solve_json_nim_345() -> None:
    r = run("solve", "nim", "3", "4", "5", "--json")
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert data["outcome"] == "N"
    assert data["grundy"] == 2
    assert data["winning_moves"] == ["nim 1 4 5"]
    for key in ("position", "play", "method"):
        assert key in data
    assert data["play"] == "normal"


def test_solve_json_sum_in_one_argument_agrees_with_brute_force() -> None:
    r = run("solve", "subtraction:1,3,4 10 + nim 2", "--json")
    assert r.status == 0, r.err
    data = json.loads(r.out)
    position = (("subtraction", (1, 3, 4), 10), ("nim", (), 2))
    assert data["grundy"] == grundy_of_sum(position)
    assert data["position"] == "subtraction:1,3,4 10 + nim 2"
    assert sorted(data["winning_moves"]) == [
        "subtraction:1,3,4 10 + nim 1",
        "subtraction:1,3,4 6 + nim 2",
    ]


def test_solve_human_output_explains() -> None:
    r = run("solve", "nim", "3", "4", "5")
    assert r.status == 0
    assert "take 2 from the heap of 3 -> nim 1 4 5" in r.out
    assert "Grundy value: 2" in r.out
    assert "Method:" in r.out


def test_solve_misere() -> None:
    r = run("solve", "nim", "1", "1", "--misere", "--json")
    data = json.loads(r.out)
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
    r = run(*args)
    assert r.status == 2
    assert r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 1, r.err
    assert "Traceback" not in r.err
    assert "error" in lines[0]


def test_search_limit_is_reported_in_one_line() -> None:
    spec = "subtraction:1,3,4 100 + subtraction:2,5 100"  # misère sums are searched whole
    grundy.clear_cache()  # a search from scratch, as in a new process
    r = run("solve", spec, "--misere", "--max-positions", "50")
    assert r.status == 1
    assert len(r.err.strip().splitlines()) == 1
    assert "limit of 50" in r.err


def test_games_lists_every_registered_game() -> None:
    r = run("games")
    assert r.status == 0
    for entry in REGISTRY:
        assert entry.name in r.out
        assert entry.syntax in r.out
    data = json.loads(run("games", "--json").out)
    assert [row["name"] for row in data["games"]] == [e.name for e in REGISTRY]


def test_version() -> None:
    r = run("--version")
    assert r.status == 0
    assert r.out.startswith("grundy ")


def test_human_output_of_search_games() -> None:
    r = run("solve", "tictactoe", "x........")
    assert r.status == 0, r.err
    assert "Outcome: a draw with perfect play\nValue: draw\nBest move:\n" in r.out
    r = run("solve", "connect4:4x4 x.../x.../x..o/x.oo")
    assert "Value: loss in 0 moves\n" in r.out
    assert "No winning move: every move leads to a position the opponent wins." in r.out
    r = run("solve", "chomp:3x4")
    assert "Value: win in 7 moves\nWinning move:\n" in r.out
    r = run("solve", "domineering-search:2x4 R")
    assert "Outcome: Right wins whoever starts (R-position)" in r.out
    assert "Winning moves (2):" in r.out


def test_long_positions_are_cut_on_screen_but_whole_in_json() -> None:
    spec = "nim " + " ".join(map(str, range(1, 151)))
    r = run("solve", spec, "--max-moves", "2")
    assert r.status == 0, r.err
    first = r.out.splitlines()[0]
    assert first.endswith(f"... ({len(spec):,} characters)  (normal play: the last mover wins)")
    assert "Winning moves (2 of 23):" in r.out
    assert "  ... list cut at 2 (23 in all); raise --max-moves to see more" in r.out
    data = json.loads(run("solve", spec, "--json").out)
    assert data["position"] == spec


def test_a_misspelt_command_gets_did_you_mean() -> None:
    r = run("slove", "nim", "3")
    assert r.status == 2
    assert "unknown command 'slove'; did you mean 'solve'?" in r.err
    assert len(r.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("words", "hint"),
    [
        (("nim", "3,4,5"), "separate the numbers with spaces: nim 3 4 5"),
        (("nim 3, 4 + kayles 2",), "separate the numbers with spaces: nim 3 4 + kayles 2"),
    ],
)
def test_numbers_joined_by_commas_get_the_spaces_hint(words: tuple[str, ...], hint: str) -> None:
    r = run("solve", *words)
    assert r.status == 2 and hint in r.err
    assert run("solve", "subtraction:1,3,4", "10").status == 0  # commas in parameters stay


def test_solve_help_points_at_the_games() -> None:
    r = run("solve", "--help")
    assert r.status == 0 and "grundy games" in r.out


def test_games_are_grouped_by_kind_and_filtered() -> None:
    out = run("games").out
    heads = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert heads[:3] == [
        "Impartial games (Grundy values; a sum by nim-sum)",
        "Two-player games (win, loss or draw, by search)",
        "Partisan games (Left and Right; canonical values)",
    ]
    partisan = run("games", "--kind", "partisan")
    listed = {line.split()[0] for line in partisan.out.splitlines() if line.startswith("  ")}
    assert "domineering" in listed and "kayles" not in listed and "nim" not in listed
    data = json.loads(run("games", "--kind", "two-player", "--json").out)
    assert {g["family"] for g in data["games"]} == {"two-player"}
    wrong = run("games", "--kind", "partisn")
    assert wrong.status == 2 and "did you mean 'partisan'?" in wrong.err


def test_games_name_shows_one_game() -> None:
    r = run("games", "dom")
    assert r.status == 0
    assert r.out.splitlines()[0] == "domineering"
    assert "example: grundy solve domineering:3x4" in r.out
    wrong = run("games", "kayls")
    assert wrong.status == 2 and "did you mean kayles" in wrong.err
