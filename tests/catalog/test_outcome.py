"""A partisan value out of time: the outcome class by the two-player search of the same rules
(issue 19). The value's time running out is injected (timing never decides a test)."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

import grundy
import grundy.search.negamax  # the module (in sys.modules) whose depth a test cuts
from grundy.catalog import outcome
from grundy.core.game import PartisanGame
from grundy.errors import LongPlayError, TimeLimitError
from grundy.search.partisan import PartisanSearch, SumRules, outcome_of_partisan

HANG = 60.0  # seconds: only a hang passes it


def _out_of_time(*args: object, **kwargs: object) -> grundy.Result:
    raise TimeLimitError(1.0, 12, "regions")


def _boards(rows: int, cols: int) -> list[str]:
    """Every Domineering board of this size (cells empty or covered), as row text."""
    out = []
    for cells in itertools.product(".#", repeat=rows * cols):
        text = "".join(cells)
        out.append("/".join(text[r * cols : (r + 1) * cols] for r in range(rows)))
    return out


# Bounds: every Domineering board of 2x2, 2x3, 3x2 and 3x3 cells (2^9 = 512 boards of 3x3).
@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_the_search_view_gives_the_outcome_of_the_canonical_value(rows: int, cols: int) -> None:
    for board in _boards(rows, cols):
        pos = grundy.parse(f"domineering:{rows}x{cols} {board}")
        (c,) = pos.components
        assert isinstance(c.game, PartisanGame)
        by_search = outcome_of_partisan(PartisanSearch(c.game), c.state, max_positions=10**6)
        assert by_search == grundy.solve(pos).outcome, board


@pytest.mark.parametrize(
    "spec",
    [
        "domineering:2x3 + nim 1",
        "domineering:3x3 + domineering:1x3",
        "clobber xo.ox + nim 2",
        "toads-frogs tt..ff",
        "col ../..",
        "domineering:2x2 + domineering:2x2 ##/.. + nim 3",
    ],
)
def test_the_sum_view_gives_the_outcome_of_the_canonical_value(spec: str) -> None:
    pos = grundy.parse(spec)
    view = PartisanSearch(SumRules())
    assert (
        outcome_of_partisan(view, pos.components, max_positions=10**6) == grundy.solve(pos).outcome
    )


@pytest.mark.parametrize("spec", ["domineering:3x3", "domineering:2x4", "domineering:2x3 + nim 1"])
def test_a_value_out_of_time_answers_its_outcome_by_search(
    monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    exact = grundy.solve(spec)
    monkeypatch.setattr(outcome, "solve_partisan", _out_of_time)
    r = grundy.solve(spec, time_limit=600, outcome_by_search=True)
    monkeypatch.undo()
    assert r.outcome == exact.outcome
    assert r.canonical is None and r.left_stop is None
    assert "the canonical value was not finished" in r.method
    assert any("not finished within its share of the time limit" in x for x in r.explanation)
    # The listed first moves win: Left's reaches a value >= 0, Right's one <= 0.
    assert (len(r.winning_moves) == 1) == (exact.outcome in ("L", "N"))
    assert (len(r.right_winning_moves) == 1) == (exact.outcome in ("R", "N"))
    for after in r.winning_moves:
        assert grundy.solve(after).outcome in ("L", "P")  # Right to move there loses
    for after in r.right_winning_moves:
        assert grundy.solve(after).outcome in ("R", "P")
    text = str(r)
    assert "Canonical value: not finished" in text
    assert "Left " in text and "Right " in text


def test_without_a_time_limit_the_value_is_given() -> None:
    assert grundy.solve("domineering:2x3", outcome_by_search=True).canonical == "{2|-1/2}"


def test_the_library_falls_back_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outcome, "solve_partisan", _out_of_time)
    assert grundy.solve("domineering:2x3", time_limit=600).canonical == "{2|-1/2}"


def test_when_the_search_is_out_of_reach_too_the_value_s_line_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(outcome, "solve_partisan", _out_of_time)
    with pytest.raises(TimeLimitError) as info:
        grundy.solve("domineering:8x8", time_limit=600, max_positions=1_000, outcome_by_search=True)
    assert info.value.seconds == 600
    assert "time limit of 600 s after 12 regions" in str(info.value)


def _cli(*argv: str, inject: bool) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        "from grundy.catalog import outcome\n"
        "from grundy.errors import TimeLimitError\n"
        "def out_of_time(*a, **k):\n"
        "    raise TimeLimitError(1.0, 12, 'regions')\n"
        + ("outcome.solve_partisan = out_of_time\n" if inject else "")
        + "from grundy.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )


def test_cli_answers_the_outcome_class_by_search() -> None:
    proc = _cli("solve", "domineering:3x3", "--time-limit", "300", inject=True)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[1] == "Outcome: the player to move wins (N-position)"
    assert lines[2] == "Canonical value: not finished (the outcome class is by search)"
    assert "Method: two-player search (negamax alpha-beta, Left first and Right first)" in (
        proc.stdout
    )
    json_proc = _cli("solve", "--json", "domineering:3x3", "--time-limit", "300", inject=True)
    assert json_proc.returncode == 0, json_proc.stderr
    assert '"canonical": null' in json_proc.stdout and '"outcome": "N"' in json_proc.stdout


def test_cli_stops_with_one_line_when_no_time_is_left() -> None:
    proc = _cli("solve", "domineering:8x8", "--time-limit", "0.001", inject=False)
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "time limit of 0.001 s" in lines[0], proc.stderr


def test_play_too_long_for_the_search_is_one_line_naming_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines of play past the search's depth (cut to 3 moves here, so that Domineering
    reaches it): the games are named, with what to ask instead."""
    monkeypatch.setattr(outcome, "solve_partisan", _out_of_time)
    monkeypatch.setattr(sys.modules["grundy.search.negamax"], "MAX_DEPTH", 3)
    with pytest.raises(LongPlayError) as info:
        grundy.solve("domineering:3x3 + nim 2", time_limit=600, outcome_by_search=True)
    said = str(info.value)
    assert said.startswith("domineering:3x3 + nim: a line of play lasts more than 3 moves, ")
    assert "follows lines of at most 3: ask about a position with shorter play, or raise " in said
    assert info.value.moves == 3 and "\n" not in said
    with pytest.raises(LongPlayError) as info:
        grundy.solve(
            'weighted-arc-kayles "1:5 2:6 1-2" + nim 1', time_limit=600, outcome_by_search=True
        )
    assert str(info.value).startswith(
        "weighted-arc-kayles + nim: a line of play lasts more than 3 moves (weighted-arc-kayles: "
        "up to 5 moves: the weights sum to 11 and a move takes two counters), "
    )
    assert "at most 3: use smaller weights, or raise the time limit" in str(info.value)


def test_cli_says_why_play_is_too_long_for_the_search_and_what_to_do() -> None:
    """The value out of time (injected), the outcome search past 400 moves of play: one line,
    status 2, naming the game, how long its play can be, and what to change."""
    proc = _cli(
        "solve", 'weighted-arc-kayles "1:1000 2:1000 1-2"', "--time-limit", "300", inject=True
    )
    head = (
        "weighted-arc-kayles: a line of play lasts more than 400 moves (up to 1,000 moves: "
        "the weights sum to 2,000 and a move takes two counters), "
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("grundy: error: " + head), lines[0]
    assert lines[0].endswith(
        "follows lines of at most 400: use smaller weights, or raise the time limit "
        "(--time-limit SECONDS, or none) for the canonical value"
    )
    assert "negamax" not in lines[0]
