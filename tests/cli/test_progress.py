"""Progress on a terminal: a line (solve, period) or a bar (table) on stderr, erased at the end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import grundy
from grundy.cli import common
from tests.cli.helpers import run

# A misère sum is searched whole: about 10,000 positions, a fraction of a second.
SEARCHED = "subtraction:1,3,4 100 + subtraction:2,5 100"


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress line's clock runs a second per reading, so it shows at once."""
    now = [0.0]

    def monotonic() -> float:
        now[0] += 1.0
        return now[0]

    monkeypatch.setattr(common, "time", SimpleNamespace(monotonic=monotonic))


@pytest.mark.usefixtures("fast_clock")
def test_solve_shows_a_progress_line_and_erases_it() -> None:
    grundy.clear_cache()
    quiet = run("solve", SEARCHED, "--misere")
    grundy.clear_cache()  # search again, not from the memo
    r = run("solve", SEARCHED, "--misere", tty=True)
    assert r.status == 0, r.err
    assert r.out == quiet.out
    assert "working: " in r.err and "positions" in r.err and "Ctrl-C stops" in r.err
    last = r.err.split("\r")[-2]  # the line is overwritten with blanks, then the cursor returns
    assert last.strip() == "" and r.err.endswith("\r")


@pytest.mark.usefixtures("fast_clock")
def test_no_progress_and_a_pipe_show_nothing() -> None:
    grundy.clear_cache()
    assert run("solve", SEARCHED, "--misere", "--no-progress", tty=True).err == ""
    grundy.clear_cache()
    assert run("solve", SEARCHED, "--misere").err == ""


@pytest.mark.usefixtures("fast_clock")
def test_period_shows_progress_too() -> None:
    r = run("period", "octal:0.6", "-n", "3000", tty=True)
    assert r.status == 0, r.err
    assert "working: " in r.err
    assert r.out == run("period", "octal:0.6", "-n", "3000").out


def test_table_bar_on_a_terminal_leaves_the_output_alone() -> None:
    args = ("table", "grundys-game", "-n", "20000", "--compute-all")
    r = run(*args, tty=True)
    assert r.status == 0, r.err
    assert r.out == run(*args).out
