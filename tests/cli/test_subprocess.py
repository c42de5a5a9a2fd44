"""The command line as a real process: the console script, ``python -m grundy``, exit codes.

Everything else about the command line is tested in-process (``tests.cli.helpers.run``).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

import grundy
from grundy import __version__
from tests.cli.helpers import GRUNDY_MODULE, run_process


def _console_script() -> str:
    beside = Path(sys.executable).with_name("grundy")
    if beside.exists():
        return str(beside)
    found = shutil.which("grundy")
    if found is None:  # pragma: no cover
        pytest.fail("the console script 'grundy' is not installed (pip install -e .)")
    return found


def test_console_script_solves() -> None:
    r = run_process([_console_script(), "solve", "nim", "3", "4", "5"])
    assert r.status == 0, r.err
    assert "take 2 from the heap of 3 -> nim 1 4 5" in r.out
    assert "Grundy value: 2" in r.out
    assert r.err == ""


def test_python_dash_m_version() -> None:
    r = run_process([*GRUNDY_MODULE, "--version"])
    assert r.status == 0, r.err
    compiled, why = grundy.core_status()
    assert r.out == f"grundy {__version__} ({'compiled core' if compiled else why})\n"


def test_version_says_when_the_pure_python_twins_run() -> None:
    env = {**os.environ, "GRUNDY_PURE_PYTHON": "1"}
    r = run_process([*GRUNDY_MODULE, "--version"], env=env)
    assert r.out == f"grundy {__version__} (pure Python: GRUNDY_PURE_PYTHON=1 is set)\n"


@pytest.mark.parametrize(
    "args",
    [("solve", "foo", "3"), ("frobnicate",), ()],
    ids=["unknown-game", "unknown-command", "no-command"],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    r = run_process([_console_script(), *args])
    assert r.status == 2
    assert r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err


def test_play_reads_stdin_to_its_end() -> None:
    r = run_process([*GRUNDY_MODULE, "play", "bash:3", "10"], stdin="hint\nmoves\n1\n")
    assert r.status == 0, r.err
    assert "Hint: take 2 from the heap of 10 -> bash:3 8" in r.out
    assert r.out.rstrip().endswith("Bye.")
