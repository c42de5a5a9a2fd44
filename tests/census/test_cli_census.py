"""``grundy census`` options and ``grundy census show`` on a database filled in this process
(no cluster needed), and the one-line message when Dask is missing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from grundy.census import CensusItem, CensusParams, CensusStore, compute_item
from grundy.census import cluster as census_cluster
from grundy.heap import TakeAndBreak
from grundy.quotient import misere_quotient

from ..cli.helpers import run

CODES = ("0.07", "0.137", "0.26", "0.27", "0.16", "subtraction:1,3,4")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("census") / "c.db"
    params = CensusParams(heaps=2048, misere=8)
    with CensusStore(path) as store:
        run_id = store.start_run("list:...", params, "this process")
        for c in CODES:
            store.put(compute_item(CensusItem.from_text(c), params), run_id)
        store.finish_run(run_id, codes=6, computed=6, skipped=0, errors=0, status="done")
    return path


def test_show_lists_every_code(db: Path) -> None:
    out = run("census", "show", str(db))
    assert out.status == 0, out.err
    lines = out.out.splitlines()
    assert lines[0].split()[:5] == ["code", "heaps", "stopped", "preperiod", "period"]
    row = next(ln.split() for ln in lines if ln.startswith("0.07 "))
    assert row[1:6] == ["1024", "proved", "53", "34", "142"]
    assert any(ln.startswith("subtraction:1,3,4 ") for ln in lines)
    unproved = next(ln.split() for ln in lines if ln.startswith("0.16 "))
    assert unproved[2] == "heaps"
    assert lines[-1].startswith("6 of 6 codes")


def test_show_filters(db: Path) -> None:
    proved = run("census", "show", str(db), "--proved").out.splitlines()[1:-1]
    assert len(proved) == 5 and all(" proved " in ln for ln in proved)
    assert "0.16" in run("census", "show", str(db), "--unproved").out
    assert "1 of 6 codes" in run("census", "show", str(db), "--unproved").out
    assert "2 of 6 codes" in run("census", "show", str(db), "--period", "34").out
    assert "1 of 6 codes" in run("census", "show", str(db), "--stopped", "heaps").out
    assert "(first 2;" in run("census", "show", str(db), "--limit", "2").out
    assert "2 of 6" in run("census", "show", str(db), "--code", "0.2?").out


def test_show_exports_csv_and_json(db: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(run("census", "show", str(db), "--csv").out)))
    assert len(rows) == 6 and rows[0]["code"] == "0.07" and rows[0]["period"] == "34"
    data = json.loads(run("census", "show", str(db), "--json", "--code", "0.137").out)
    order = misere_quotient(TakeAndBreak.from_code("0.137"), 8).order
    assert [(d["code"], d["preperiod"], d["misere_order"]) for d in data] == [("0.137", 52, order)]


def test_show_groups_and_runs(db: Path) -> None:
    out = run("census", "show", str(db), "--groups").out
    lines = out.splitlines()
    assert len(lines) == 2 and lines[1] == "1 groups of codes with identical sequences"
    assert lines[0].startswith("0.26 = 0.27: period ") and lines[0].endswith("(proved)")
    runs = run("census", "show", str(db), "--runs").out
    assert runs.startswith("run 1: list:... on this process") and "6 computed" in runs


def test_show_groups_as_json_and_filtered(db: Path) -> None:
    data = json.loads(run("census", "show", str(db), "--groups", "--json").out)
    assert [g["codes"] for g in data] == [["0.26", "0.27"]]
    assert data[0]["proved"] is True and data[0]["period"] == 4 and data[0]["same_as"] == {}
    # the filters select the rows grouped: 0.27 alone is no group
    assert (
        json.loads(run("census", "show", str(db), "--groups", "--json", "--code", "0.27").out) == []
    )
    assert run("census", "show", str(db), "--groups", "--unproved").out.startswith("0 groups")
    out = run("census", "show", str(db), "--groups", "--csv")
    assert out.status == 2 and out.err.count("\n") == 1 and "--groups" in out.err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["census", "show"], "one database path expected"),
        (["census", "show", "no-such.db"], "no census database at 'no-such.db'"),
        (["census", "show", "DB", "--stopped", "nope"], "unknown stop reason 'nope'"),
        (["census", "octal:2", "octal:3"], "one FAMILY expected, got 2 words"),
        (["census", "octal:0"], "octal:D takes 1 <= D <= 6 digits"),
        (["census", "octal:2", "-n", "0"], "expected a number of heaps"),
    ],
)
def test_bad_input_is_one_line_exit_2(argv: list[str], words: str, db: Path) -> None:
    argv = [str(db) if a == "DB" else a for a in argv]
    out = run(*argv)
    assert out.status == 2
    assert words in out.err and out.err.count("\n") == 1


def test_without_dask_one_line_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def missing() -> object:
        raise ImportError("No module named 'distributed'")

    monkeypatch.setattr(census_cluster, "_distributed", missing)
    out = run("census", "octal:2", "--db", str(tmp_path / "c.db"))
    assert out.status == 2
    assert out.err == (
        "grundy: error: grundy census runs on Dask distributed, which is not installed: "
        'pip install -e ".[census]" in a checkout of grundy  '
        '(or: pip install "dask[distributed]")\n'
    )
    assert not (tmp_path / "c.db").exists()
    # showing a database needs no Dask
    assert run("census", "show", str(tmp_path / "none.db")).status == 2


def test_census_on_an_in_process_dask_cluster_then_again(tmp_path: Path) -> None:
    # A real Dask scheduler and worker, as threads of this process (no process start-up):
    # the command line's census path, quick enough for the quick suite.
    distributed = pytest.importorskip("distributed")
    db = tmp_path / "c.db"
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
    ) as cluster:
        address = cluster.scheduler_address
        argv = ["census", "list:0.07,0.77,0.16", "-n", "1024", "--db", str(db)]
        out = run(*argv, "--scheduler", address, tty=True)
        assert out.status == 0, out.err
        assert out.out == (
            f"list:0.07,0.77,0.16: 3 codes, 0 already done, 3 computed (2 periods proved, "
            f"1 without a proved period, 0 errors) in {out.out.split(' in ')[1].split(' s ')[0]}"
            f" s on {address}; results in {db} (grundy census show {db})\n"
        )
        again = run(*argv, "--scheduler", address, "--no-progress")
        assert "3 already done, 0 computed" in again.out
    show = run("census", "show", str(db), "--proved")
    assert "2 of 3 codes" in show.out
