"""The last commands that ran past ``--time-limit`` (issue 21 item 2) stop at it, with one
error line and exit status 1: factoring a huge number, printing a ten-million-heap
table, and reading back the canonical form of a big partisan position for its
thermograph. Timing never decides a test: the children's clock is their CPU time or a
step clock (tests/conftest.py, tests/clock.py), so the limit runs out at a known point;
the wall-clock cap only catches a hang; the library tests use a limit of 0 s.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from grundy import TimeLimitError, bounded
from grundy.catalog.impartial.factoring import factorize
from grundy.cgt.notation import parse_game
from grundy.heap import KAYLES, heap_table, periodicity, table_pieces
from tests.cli.helpers import GRUNDY_MODULE, CliRun, run_process
from tests.clock import child_clock

HANG = 60.0  # seconds: only a hang passes it
HUGE = 10**1999 + 1  # 11 times a 1,998-digit number with no factor Pollard's rho finds


def _grundy(*args: str, step: float | None = None) -> CliRun:
    """Run a ``grundy`` child; with ``step`` its clock is a step clock of that step."""
    env = None if step is None else child_clock(step)
    return run_process([*GRUNDY_MODULE, *args], env=env, timeout=HANG)


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_solve_divisors_stops_while_factoring(misere: bool) -> None:
    proc = _grundy("solve", "divisors", str(HUGE), "--time-limit", "0.5", *(["--misere"] * misere))
    assert proc.status == 1, proc.err
    assert proc.out == ""
    lines = proc.err.splitlines()
    assert len(lines) == 1 and "time limit of 0.5 s" in lines[0], proc.err


def test_factorize_checks_the_time_limit() -> None:
    with bounded(time_limit=0), pytest.raises(TimeLimitError):
        factorize(HUGE)
    assert factorize(2**4 * 1000003 * 999999000001) == {2: 4, 1000003: 1, 999999000001: 1}


def test_table_computing_stops_at_the_time_limit_in_one_line() -> None:
    # Stopped while the table is computed, before any heap is printed: with every reading
    # of the clock 0.2 s after the one before, a limit of 0.5 s runs out before the header.
    # One error line, no blank line before it.
    proc = _grundy("table", "dawson", "-n", "10000000", "--csv", "--time-limit", "0.5", step=0.2)
    assert proc.status == 1, proc.err[-500:]
    errors = [line for line in proc.err.splitlines() if not line.startswith("grundy: note:")]
    assert len(errors) == 1, proc.err
    assert errors[0].startswith("grundy: error: stopped at the time limit of 0.5 s"), proc.err
    assert proc.out == ""


def test_table_printing_stops_at_the_time_limit() -> None:
    # With every reading of the clock 0.0025 s after the one before, a limit of 0.5 s is 200
    # readings: the table is computed and filled from its proved period (about 150 readings,
    # one per 65,536 heaps filled) and the limit runs out while it is printed (4,000,000 of
    # 10,000,001 heaps here). The count of readings, not the machine, decides.
    proc = _grundy("table", "dawson", "-n", "10000000", "--csv", "--time-limit", "0.5", step=0.0025)
    assert proc.status == 1, proc.err[-500:]
    errors = [line for line in proc.err.splitlines() if not line.startswith("grundy: note:")]
    assert len(errors) == 1 and "time limit of 0.5 s" in errors[0], proc.err
    rows = proc.out.splitlines()
    assert rows and rows[0] == "heap,grundy"
    assert 1 < len(rows) < 10_000_002  # stopped part way


def test_table_pieces_cover_the_table_and_check_the_clock() -> None:
    values = np.arange(25)
    pieces = [p.tolist() for p in table_pieces(values, 22, piece=10)]
    assert pieces == [list(range(10)), list(range(10, 20)), [20, 21, 22]]
    with bounded(time_limit=0):
        it = table_pieces(values, 22, piece=10)
        assert next(it).tolist() == list(range(10))
        with pytest.raises(TimeLimitError, match="10 heaps printed"):
            next(it)


def test_periodicity_proof_checks_the_time_limit() -> None:
    table = heap_table(KAYLES, 1000)
    found = periodicity(KAYLES, table)
    assert found.proved and (found.preperiod, found.period) == (71, 12)
    with bounded(time_limit=0), pytest.raises(TimeLimitError):
        periodicity(KAYLES, table)


def test_parse_game_checks_the_time_limit() -> None:
    text = "{" + ",".join(["0", "*"] * 50_000) + "|0}"
    assert str(parse_game(text)) == "^*"  # {0, *|0}
    with bounded(time_limit=0), pytest.raises(TimeLimitError):
        parse_game(text)


def test_draw_thermograph_of_a_big_position_stops_at_the_time_limit(tmp_path: Path) -> None:
    svg = tmp_path / "t.svg"
    position = "rrbrrbbbbgggrgbbbggggbgrbrrggrbrrbrrrg"
    # A step clock (each reading 0.05 s after the last): the limit runs out after ten
    # readings, however fast the machine is.
    proc = _grundy(
        "draw",
        "thermograph",
        "toppling",
        position,
        "--svg",
        str(svg),
        "--time-limit",
        "0.5",
        step=0.05,
    )
    assert proc.status == 1, proc.err
    lines = proc.err.splitlines()
    assert len(lines) == 1 and "time limit of 0.5 s" in lines[0], proc.err
    assert not svg.exists()
