"""``grundy draw`` (issue 22 item 3): tables as plots of Grundy values, thermographs,
boards; bad input is one line and exit 2, and no file is written."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy
from grundy.cli.draw_cmd import MOST_PLOTTED
from tests.cli.helpers import run


def test_a_table_is_plotted_with_its_period_marked(tmp_path: Path) -> None:
    out = tmp_path / "kayles.svg"
    r = run("draw", "table", "kayles", "-n", "200", "--svg", str(out))
    assert r.status == 0, r.err
    assert r.out.startswith(f"wrote {out}: the Grundy values of kayles, heaps 0..200 (proved ")
    assert r.out.count("\n") == 1
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "preperiod 71, period 12 (proved)" in svg
    assert svg.count("<circle") == 201  # one dot per heap 0..200


def test_the_plot_is_the_libraries_plot(tmp_path: Path) -> None:
    out = tmp_path / "d.svg"
    assert run("draw", "table", "octal:0.07", "-n", "120", "--svg", str(out)).status == 0
    game = grundy.parse_ruleset("octal:0.07")
    expected = str(grundy.heap.tabulate(game, 120).svg())
    assert out.read_text(encoding="utf-8") == expected + "\n"


def test_without_n_the_table_is_long_enough_to_show_the_period(tmp_path: Path) -> None:
    out = tmp_path / "k.svg"
    r = run("draw", "table", "kayles", "--svg", str(out))
    assert r.status == 0, r.err
    assert "(proved period 12 from heap 71" in r.out
    assert "preperiod 71, period 12 (proved)" in out.read_text(encoding="utf-8")


def test_a_table_with_no_period_seen_is_plotted_without_marks(tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    r = run("draw", "table", "octal:4.007", "-n", "30", "--svg", str(out))
    assert r.status == 0, r.err
    svg = out.read_text(encoding="utf-8")
    assert "preperiod" not in svg and svg.count("<circle") == 31


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["table"], "draw table needs a heap game"),
        (["table", "nim", "3"], "expected one game, got 'nim 3'"),
        (["table", "wythoff"], "wythoff is not a heap game"),
        (["table", "domineering"], "domineering is not a heap game"),
        (["table", "bogus"], "unknown game 'bogus'"),
        (["table", "kayles", "-n", str(MOST_PLOTTED + 1)], "a plot shows at most 100,000 heaps"),
        (["table", "kayles", "-n", "-1"], "argument -n: expected a heap size, got '-1'"),
        (["table", "kayles", "-n", "9" * 5000], "argument -n"),
        (["nim", "3", "-n", "4"], "-n belongs to grundy draw table"),
        (["thermograph", "domineering:2x3", "-n", "4"], "-n belongs to grundy draw table"),
        (["thermograph"], "draw thermograph needs a position"),
        (["thermograph", "nim", "3"], "nim 3 is not a partisan position"),
    ],
)
def test_bad_drawings_are_one_line_and_exit_2(tmp_path: Path, argv: list[str], said: str) -> None:
    out = tmp_path / "bad.svg"
    r = run("draw", *argv, "--svg", str(out))
    assert r.status == 2
    assert r.out == ""
    assert r.err.count("\n") == 1 and said in r.err, r.err
    assert not out.exists()


def test_a_table_stops_at_the_time_limit_and_writes_nothing(tmp_path: Path) -> None:
    grundy.clear_cache()
    out = tmp_path / "slow.svg"
    r = run(
        "draw", "table", "octal:4.007", "-n", "100000", "--time-limit", "0.5", "--svg", str(out)
    )
    assert r.status == 1
    assert r.err.count("\n") == 1 and "stopped at the time limit of 0.5 s" in r.err
    assert not out.exists()


def test_a_thermograph(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    r = run("draw", "thermograph", "domineering:2x3", "--svg", str(out))
    assert r.status == 0, r.err
    assert r.out == (f"wrote {out}: the thermograph of {{2|-1/2}} (mean 3/4, temperature 5/4)\n")
    assert out.read_text(encoding="utf-8").startswith("<svg")


def test_the_board_of_a_game(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    r = run("draw", "tictactoe", "xo.x.o...", "--svg", str(out))
    assert r.status == 0, r.err
    assert r.out == f"wrote {out}: the board of tictactoe xo.x.o...\n"
    assert out.read_text(encoding="utf-8").startswith("<svg")
