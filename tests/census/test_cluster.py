"""Censuses on real Dask clusters: a LocalCluster of 2 worker processes, a `dask scheduler`
with two `dask worker` processes on the loopback, a worker killed in the middle, and the
client killed with SIGKILL. Skipped when Dask is not installed (the `census` extra)."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy.census import (
    CensusItem,
    CensusParams,
    CensusStore,
    CodeResult,
    compute_item,
    local_cluster,
    parse_family,
    run_census,
)
from grundy.census import cluster as census_cluster

from ..cli.helpers import GRUNDY_MODULE, run, spawn

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.slow

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _env() -> dict[str, str]:
    """The environment of child processes: grundy importable from this tree."""
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    # Worker processes are spawned with this process's sys.path: they import this grundy.
    with local_cluster(2) as c:
        yield c


def _stored(path: Path) -> dict[str, dict[str, Any]]:
    with CensusStore(path) as db:
        return {r["code"]: r for r in db.rows()}


def test_local_cluster_census_matches_one_process(client: Any, tmp_path: Path) -> None:
    family = parse_family("octal:2")
    params = CensusParams(heaps=2048, misere=6)
    seen: list[str] = []
    db = tmp_path / "c.db"
    with CensusStore(db) as store:
        summary = run_census(
            family.text, family.items(), params, store, client=client, chunk=8,
            progress=lambda done, total, r: seen.append(r.code),
        )  # fmt: skip
    assert summary.workers == 2
    assert (summary.codes, summary.computed, summary.skipped, summary.errors) == (127, 127, 0, 0)
    assert sorted(seen) == sorted(i.code for i in family.items())  # each code once
    rows = _stored(db)
    assert len(rows) == 127
    assert len({r["worker"] for r in rows.values()}) == 2  # both workers took part
    # (a code whose rules give its representative's sequence is stored as a copy of it)
    skip = {"seconds", "cpu_seconds", "worker", "same_as", "same_as_reason"}
    for item in family.items()[::9]:
        here = compute_item(item, params).to_dict()
        there = {k: rows[item.code][k] for k in CodeResult.field_names()}
        assert {k: v for k, v in there.items() if k not in skip} == {
            k: v for k, v in here.items() if k not in skip
        }
    assert summary.proved == sum(r["proved"] for r in rows.values())
    # Run again: every code is done, nothing is computed.
    with CensusStore(db) as store:
        again = run_census(family.text, family.items(), params, store, client=client)
        assert store.runs()[-1]["status"] == "done"
    assert (again.skipped, again.computed) == (127, 0)


def test_a_killed_worker_loses_nothing_and_counts_nothing_twice(tmp_path: Path) -> None:
    # Unproved codes at 16,384 heaps take a while each: tasks are in flight at the kill.
    family = parse_family("list:0.6,0.16,0.64,0.65,0.74,0.76,0.04,0.14,4.44,4.45,0.07,0.77")
    params = CensusParams(heaps=1 << 13)
    seen: list[CodeResult] = []
    killed: dict[str, Any] = {}
    db = tmp_path / "k.db"

    with local_cluster(2) as c:

        def kill_a_busy_worker(done: int, total: int, r: CodeResult) -> None:
            seen.append(r)
            if killed or done < 2:
                return
            busy = {w: keys for w, keys in c.processing().items() if keys}
            if not busy:
                return
            victim = sorted(busy)[0]
            pid = c.run(os.getpid, workers=[victim])[victim]
            killed.update(worker=victim, pid=pid, tasks=list(busy[victim]), before=done)
            os.kill(pid, signal.SIGKILL)

        with CensusStore(db) as store:
            summary = run_census(
                family.text, family.items(), params, store, client=c,
                progress=kill_a_busy_worker,
            )  # fmt: skip
    assert killed, "no worker was busy when results came in"
    assert summary.errors == 0 and summary.computed == len(family.items())
    codes = [r.code for r in seen]
    assert len(codes) == len(set(codes)) == len(family.items())
    rows = _stored(db)
    assert set(rows) == {i.code for i in family.items()}
    # the tasks the dead worker held were finished by another process
    lost = {key.split("-", 3)[3] for key in killed["tasks"]}
    host = socket.gethostname()
    assert all(rows[code]["worker"] != f"{host}:{killed['pid']}" for code in lost)
    assert all(rows[code]["stopped"] in ("proved", "heaps") for code in lost)


def _dask(*args: str) -> list[str]:
    exe = Path(sys.executable).parent / "dask"
    if not exe.exists():
        pytest.skip("the dask command is not installed next to this Python")
    return [str(exe), *args]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_census_through_dask_scheduler_and_two_dask_workers(tmp_path: Path) -> None:
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = _env()
    scheduler = subprocess.Popen(
        _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"),
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    worker_args = ["--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"]
    workers = []
    for i in range(2):
        args = [*worker_args, "--name", f"w{i}", "--local-directory", str(tmp_path / f"w{i}")]
        workers.append(
            subprocess.Popen(
                _dask("worker", address, *args),
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    try:
        deadline = time.monotonic() + 120
        with distributed.Client(address, timeout=120) as c:
            while len(c.scheduler_info()["workers"]) < 2:
                assert time.monotonic() < deadline, "the two dask workers did not connect"
                time.sleep(0.5)
        db = tmp_path / "s.db"
        out = run("census", "list:0.07,0.77,0.137,0.6,0.16,4.7", "-n", "4096",
                  "--db", str(db), "--scheduler", address)  # fmt: skip
        assert out.status == 0, out.err
        assert f"on {address}" in out.out and "6 computed (4 periods proved" in out.out
        rows = _stored(db)
        assert {r["period"] for c, r in rows.items() if c in ("0.07", "0.137")} == {34}
        assert len({r["worker"] for r in rows.values()}) == 2  # both dask workers
        assert all(r["worker"].split(":")[1] != str(os.getpid()) for r in rows.values())
    finally:
        for p in [*workers, scheduler]:
            p.terminate()
        for p in [*workers, scheduler]:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_unreachable_scheduler_is_one_line_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(census_cluster, "CONNECT_TIMEOUT", 2)
    address = f"tcp://127.0.0.1:{_free_port()}"
    out = run("census", "list:0.07", "--db", str(tmp_path / "x.db"), "--scheduler", address)
    assert out.status == 1
    assert out.err.startswith(f"grundy: error: cannot reach the Dask scheduler at {address}")
    assert out.err.count("\n") == 1


def test_cli_census_then_show(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    out = run("census", "octal:1", "-n", "2048", "--db", str(db), "--workers", "2",
              "--misere", "5", tty=True)  # fmt: skip
    assert out.status == 0, out.err
    assert out.out.startswith("octal:1: 15 codes, 0 already done, 15 computed")
    again = run("census", "octal:1", "-n", "2048", "--db", str(db), "--workers", "1",
                "--misere", "5")  # fmt: skip
    assert "15 already done, 0 computed" in again.out
    show = run("census", "show", str(db), "--code", "4.*")
    assert show.status == 0 and show.out.count("\n4.") == 8
    assert "8 of 15 codes" in show.out


def test_killing_the_client_loses_only_unfinished_codes(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    command = [*GRUNDY_MODULE, "census", "octal:2", "-n", "8192", "--db", str(db),
               "--workers", "2", "--chunk", "4", "--no-progress"]  # fmt: skip
    with spawn(command, env=_env()) as proc:
        deadline = time.monotonic() + 300
        count = 0
        while count < 8:
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "no results within 300 s"
            time.sleep(0.5)
            if db.exists():
                with sqlite3.connect(db) as con:
                    count = con.execute("SELECT count(*) FROM codes").fetchone()[0]
                con.close()
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    before = _stored(db)
    assert len(before) >= 8 and all(r["stopped"] in ("proved", "heaps") for r in before.values())
    out = run("census", "octal:2", "-n", "8192", "--db", str(db), "--workers", "2",
              "--no-progress")  # fmt: skip
    assert out.status == 0, out.err
    assert f"{len(before)} already done, {127 - len(before)} computed" in out.out
    after = _stored(db)
    assert len(after) == 127
    assert all(after[c]["finished_at"] == r["finished_at"] for c, r in before.items())


def test_equivalent_codes_are_stored_as_copies(client: Any, tmp_path: Path) -> None:
    family = parse_family("list:0.6,0.62,0.63,0.07,0.072")
    params = CensusParams(heaps=2048)
    db = tmp_path / "e.db"
    with CensusStore(db) as store:
        summary = run_census(family.text, family.items(), params, store, client=client)
    assert (summary.computed, summary.errors) == (5, 0)
    rows = _stored(db)
    assert rows["0.62"]["same_as"] == rows["0.63"]["same_as"] == "0.6"
    assert rows["0.072"]["same_as"] == "0.07"
    assert rows["0.6"]["same_as"] is None and rows["0.07"]["same_as"] is None
    for code in ("0.62", "0.63", "0.072"):
        rep = rows[code]["same_as"]
        assert rows[code]["sequence_key"] == rows[rep]["sequence_key"]
        assert rows[code]["cpu_seconds"] == 0.0
        assert "same sequence as" in rows[code]["same_as_reason"]
        here = compute_item(CensusItem.from_text(code), params)
        assert here.sequence_key == rows[code]["sequence_key"]
    # a representative outside the family is computed, not stored; its copy is
    family2 = parse_family("list:0.27")
    with CensusStore(tmp_path / "f.db") as store:
        run_census(family2.text, family2.items(), params, store, client=client)
        assert [r["code"] for r in store.rows()] == ["0.27"]
        assert store.rows()[0]["same_as"] == "0.26"
