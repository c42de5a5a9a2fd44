"""One clock decides every time limit, and no test decides by wall time (issue 35 item 6).

grundy reads the time for a limit only through :func:`grundy.core.limits.now`, which the
tests replace (tests/conftest.py: CPU time, or a step clock where a limit must run out at
a known point). These tests hold that: the library's clock is replaceable, and the test
files read the wall clock only where they wait for another process (a hang guard).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import grundy
from grundy.core.limits import StepClock, bounded, deadline_passed, now, use_clock
from grundy.errors import TimeLimitError
from tests.clock import child_clock

ROOT = Path(__file__).resolve().parents[2]
WALL = re.compile(r"\btime\.(monotonic|time|perf_counter)\(")

#: Source files that may read the wall clock, and why (none of them decides a time limit).
SOURCE_ALLOWED = {
    "core/limits.py": "the clock itself (wall time outside the tests)",
    "web/pool.py": "waits for worker processes to start and answer",
    "web/server.py": "waits for the server thread to start and stop",
    "web/service.py": "a web request's own budget, besides grundy.bounded",
    "census/cluster.py": "reports how long a run took",
    "census/compute.py": "reports how long a row took",
    "search/retrograde.py": "reports how long a search took",
    "cli/common.py": "the rate on the progress line",
    "cgt/solve.py": "how often a checkpoint file is saved",
    "heap/build.py": "how often a table's journal is saved",
    "heap/disk.py": "how often a table on disk is checkpointed, and the CPU time it took",
    "heap/table.py": "times the two kernels to choose the faster",
}

#: Test files that may read the wall clock: each waits for another process (a hang guard).
TESTS_ALLOWED = {
    "tests/census/test_cluster.py": "waits for Dask workers",
    "tests/web/test_load.py": "drives a server under load for some seconds",
    "tests/cli/test_play_terminal.py": "waits for a child's prompt on a terminal",
    "tests/core/test_files.py": "waits for a killed child to exit",
    "tests/fuzz/cli_fuzz.py": "the fuzzer's report of its own run time",
    "tests/heap/test_kernel_choice.py": "a fake perf_counter",
    "tests/trust/test_clock.py": "this file's patterns",
}


def _readers(folder: Path, base: Path) -> set[str]:
    return {
        path.relative_to(base).as_posix()
        for path in folder.rglob("*.py")
        if WALL.search(path.read_text(encoding="utf-8"))
    }


def test_only_the_listed_source_files_read_the_wall_clock() -> None:
    src = ROOT / "src" / "grundy"
    assert _readers(src, src) <= set(SOURCE_ALLOWED)


def test_no_test_decides_by_wall_time() -> None:
    assert _readers(ROOT / "tests", ROOT) <= set(TESTS_ALLOWED)


def test_the_tests_run_on_cpu_time() -> None:
    assert os.environ["GRUNDY_CLOCK"] == "cpu"
    before = now()
    time.sleep(0.05)  # sleeping takes no CPU time
    assert now() - before < 0.05


def test_a_step_clock_decides_a_limit_after_a_fixed_number_of_checks() -> None:
    with use_clock(StepClock(0.1)), bounded(time_limit=0.45):
        seen = [deadline_passed() for _ in range(6)]
    assert seen == [False, False, False, False, True, True]


def test_a_standing_clock_never_runs_out() -> None:
    with use_clock(StepClock(0)):
        assert grundy.solve("domineering:4x4", time_limit=0.001).outcome is not None


def test_every_search_obeys_the_replaced_clock() -> None:
    # A limit of an hour on a clock that runs an hour per reading stops the search at once.
    grundy.clear_cache()
    with use_clock(StepClock(3600)), pytest.raises(TimeLimitError, match="3600 s"):
        grundy.solve("domineering:6x6", time_limit=3600)


def test_a_child_takes_its_clock_from_the_environment() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", "domineering:6x6", "--time-limit", "3600"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=child_clock(3600),
    )
    assert proc.returncode == 1
    assert "time limit of 3600 s" in proc.stderr and proc.stderr.count("\n") == 1
