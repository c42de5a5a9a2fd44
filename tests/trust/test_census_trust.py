"""The census database is data read from a file (issue 35 items 2 and 5).

A row whose period, preperiod and hash were changed was reused ("2 already done") and
``census show`` listed ``0.07 proved 3 7`` (true: 53, 34): a proved row is now checked
before it is reused, and computed again when it fails. A run killed with -9 stayed
``running`` for ever: the next run marks it stopped.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from grundy.census.compute import CensusParams, compute_item, values_hash
from grundy.census.family import CensusItem
from grundy.census.store import STOPPED, CensusStore

PARAMS = CensusParams(heaps=2048)
ITEMS = [CensusItem.from_text(c) for c in ("0.07", "0.137", "0.4")]


def _filled(path: Path) -> None:
    with CensusStore(path) as db:
        run = db.start_run("list:0.07,0.137,0.4", PARAMS, "test")
        for item in ITEMS:
            db.put(compute_item(item, PARAMS), run)


def _forge(path: Path, code: str, **changes: object) -> None:
    sets = ", ".join(f"{k}=?" for k in changes)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"UPDATE codes SET {sets} WHERE code=?", (*changes.values(), code))
        db.commit()


def test_honest_rows_are_reused(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    _filled(path)
    with CensusStore(path) as db:
        assert db.pending(ITEMS, PARAMS) == [] and db.refused == []


@pytest.mark.parametrize(
    "changes",
    [
        {"preperiod": 3, "period": 7, "values_hash": values_hash([0, 1, 2])},
        {"preperiod": 53, "period": 68},  # a multiple of the period: not the smallest
        {"values_hash": "0123456789abcdef"},
        {"largest": 7},
        {"sequence_key": "P53:34:0000"},
        {"preperiod": None},
    ],
    ids=["period", "not-smallest", "hash", "largest", "key", "missing"],
)
def test_a_forged_proved_row_is_computed_again(tmp_path: Path, changes: dict[str, object]) -> None:
    path = tmp_path / "c.db"
    _filled(path)
    _forge(path, "0.07", **changes)
    with CensusStore(path) as db:
        assert [i.code for i in db.pending(ITEMS, PARAMS)] == ["0.07"]
        assert [code for code, _ in db.refused] == ["0.07"]
        run = db.start_run("again", PARAMS, "test")
        db.put(compute_item(ITEMS[0], PARAMS), run)
        row = next(r for r in db.rows() if r["code"] == "0.07")
        assert (row["preperiod"], row["period"]) == (53, 34)
        assert db.pending(ITEMS, PARAMS) == []


def test_a_run_killed_with_minus_9_is_marked_stopped_by_the_next(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    child = (
        "import os, signal, sys\n"
        "from grundy.census.compute import CensusParams\n"
        "from grundy.census.store import CensusStore\n"
        "db = CensusStore(sys.argv[1])\n"
        "db.start_run('list:0.07', CensusParams(heaps=64), 'test')\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    proc = subprocess.run([sys.executable, "-c", child, str(path)], check=False, timeout=120)
    assert proc.returncode == -9
    with CensusStore(path) as db:
        assert [r["status"] for r in db.runs()] == ["running"]
        run = db.start_run("list:0.07", PARAMS, "test")  # the next run
        statuses = [r["status"] for r in db.runs()]
        assert statuses == [STOPPED, "running"]
        db.finish_run(run, codes=0, computed=0, skipped=0, errors=0, status="done")
        assert db.mark_stopped_runs() == []  # a finished run is left as it is


def _running(path: Path) -> bool:
    """True once the database records a run under way."""
    if not path.exists():
        return False
    try:
        with closing(sqlite3.connect(path, timeout=1)) as db:
            return bool(db.execute("SELECT 1 FROM runs WHERE status='running'").fetchone())
    except sqlite3.Error:
        return False


@pytest.mark.slow
def test_ctrl_c_of_a_census_prints_one_line(tmp_path: Path) -> None:
    # Ctrl-C at a terminal reaches the whole process group: the workers ignore it, and
    # Dask's loggers are quiet while the client shuts the cluster down.
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415
    import time  # noqa: PLC0415

    pytest.importorskip("distributed")
    argv = ["census", "octal:3", "-n", "100000", "--db", str(tmp_path / "c.db")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", *argv, "--workers", "2", "--no-progress"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # Ctrl-C's default even when this run was started with SIGINT ignored (a shell's
        # background job, and every child of it, starts so)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        # Ctrl-C once the run has started (a Ctrl-C while the workers start is ignored)
        while not _running(tmp_path / "c.db"):
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert [line for line in err.splitlines() if line.strip()] == [
        line for line in err.splitlines() if line.startswith("interrupted:")
    ], err
    assert "Traceback" not in err
