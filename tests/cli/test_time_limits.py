"""Every command stops at its time limit with one line and exit status 1 (issue 21).

The positions are those that used to run far past ``--time-limit`` (partisan games whose
canonical forms, sums, thermographs or option lists are slow). Timing never decides a
test: the clock is CPU time (tests/conftest.py), and the cap on a child only catches a hang.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.cli import common
from tests.cli.helpers import run

HANG = 30.0  # seconds: far beyond the limit plus start-up; only a hang passes it
BIG = "1" + "0" * 59

SLOW_POSITIONS = [
    # (the row twice: the single row now solves within 0.5 s on a quiet machine)
    ["toppling", "rrbrrbbbbgggrgbbbggggbgrbrrggrbrrbrrrg" * 2],
    ["clobber", "xoxoxoxoxoxoxoxoxoxo/oxoxoxoxoxoxoxoxoxox/xoxoxoxoxoxoxoxoxoxo"],
    ["toads-frogs", ".f.t...ftttf.fftt..ftft...t."],
    ["cutcake", f"7x{BIG}"],
    ["domineering:50x50"],
]


@pytest.mark.parametrize("spec", SLOW_POSITIONS, ids=lambda s: s[0])
def test_solve_stops_at_its_time_limit(spec: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", *spec, "--time-limit", "0.5"],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "time limit of 0.5 s" in lines[0], proc.stderr


@pytest.mark.parametrize("spec", SLOW_POSITIONS[:3], ids=lambda s: s[0])
def test_the_library_stops_at_its_time_limit(spec: list[str]) -> None:
    grundy.clear_cache()
    with pytest.raises(grundy.TimeLimitError):
        grundy.solve(" ".join(spec), time_limit=0.3)


def test_a_default_limit_applies_when_no_progress_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # stderr is not a terminal here, so no progress is shown: the default limit applies
    monkeypatch.setattr(common, "DEFAULT_BATCH_TIME_LIMIT", 0.3)
    grundy.clear_cache()
    r = run("solve", "domineering:8x8")
    assert r.status == 1
    lines = r.err.splitlines()
    assert len(lines) == 1
    assert "default time limit of 0.3 s" in lines[0]
    assert "--time-limit none" in lines[0]


def test_time_limit_none_lifts_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "DEFAULT_BATCH_TIME_LIMIT", 0.0)
    assert run("solve", "domineering:3x3").status == 1  # the default stops it at once
    r = run("solve", "--time-limit", "none", "domineering:3x3")
    assert r.status == 0, r.err
    assert "Outcome" in r.out


def test_draw_stops_at_its_time_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    grundy.clear_cache()
    svg = str(tmp_path / "t.svg")
    r = run("draw", "thermograph", "domineering:8x8", "--svg", svg, "--time-limit", "0.2")
    assert r.status == 1 and "time limit of 0.2 s" in r.err
    monkeypatch.setattr(common, "DEFAULT_BATCH_TIME_LIMIT", 0.2)
    grundy.clear_cache()
    r = run("draw", "thermograph", "domineering:8x8", "--svg", svg)
    assert r.status == 1 and "default time limit of 0.2 s" in r.err
    assert len(r.err.splitlines()) == 1
    assert not (tmp_path / "t.svg").exists()


def test_a_given_limit_says_how_to_raise_it() -> None:
    grundy.clear_cache()
    r = run("solve", "domineering:8x8", "--time-limit", "0.2")
    assert r.status == 1
    assert "time limit of 0.2 s" in r.err and "default" not in r.err
