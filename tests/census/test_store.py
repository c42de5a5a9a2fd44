"""The census database: rows, resuming, groups, exports, and refusing other files."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest

from grundy.census.compute import CensusParams, CodeResult, compute_item
from grundy.census.family import CensusItem, parse_family
from grundy.census.store import CensusStore, RowFilter, rows_to_csv, rows_to_json
from grundy.errors import SolvedFileError


def _fill(path: Path, codes: list[str], params: CensusParams) -> list[CodeResult]:
    results = [compute_item(CensusItem.from_text(c), params) for c in codes]
    with CensusStore(path) as db:
        run = db.start_run("list", params, "test")
        for r in results:
            db.put(r, run)
        n = len(codes)
        db.finish_run(run, codes=n, computed=n, skipped=0, errors=0, status="done")
    return results


def test_rows_round_trip_every_field(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    results = _fill(path, ["0.07", "0.16"], CensusParams(heaps=2048, misere=6))
    with CensusStore(path) as db:
        rows = {r["code"]: r for r in db.rows()}
    for r in results:
        row = rows[r.code]
        assert {k: row[k] for k in CodeResult.field_names()} == r.to_dict()
        assert row["run"] == 1 and row["finished_at"].endswith("Z")


def test_pending_skips_done_codes_and_redoes_what_needs_more(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    items = [CensusItem.from_text(c) for c in ("0.07", "0.16", "0.77")]
    _fill(path, ["0.07", "0.16"], CensusParams(heaps=1024))
    with CensusStore(path) as db:
        assert [i.code for i in db.pending(items, CensusParams(heaps=1024))] == ["0.77"]
        # 0.07 is proved: done whatever N; 0.16 was not, and N grew
        assert [i.code for i in db.pending(items, CensusParams(heaps=4096))] == ["0.16", "0.77"]
        # a misère quotient asked for: everything again
        assert len(db.pending(items, CensusParams(heaps=1024, misere=5))) == 3
        assert len(db.pending(items, CensusParams(heaps=1024), redo=True)) == 3
    bad = compute_item(CensusItem("0.x", "0.x"), CensusParams(heaps=16))
    with CensusStore(path) as db:
        db.put(bad)
        assert [i.code for i in db.pending([CensusItem("0.x", "0.x")], CensusParams(16))] == ["0.x"]


def test_groups_filters_and_exports(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    _fill(path, ["0.26", "0.27", "0.06", "0.45", "0.47", "0.16"], CensusParams(heaps=2048))
    with CensusStore(path) as db:
        assert db.groups() == [["0.26", "0.27"], ["0.45", "0.47"]]
        assert [r["code"] for r in db.rows(RowFilter(code="0.4*"))] == ["0.45", "0.47"]
        unproved = db.rows(RowFilter(proved=False))
        assert "0.16" in [r["code"] for r in unproved] and not any(r["proved"] for r in unproved)
        assert [r["code"] for r in db.rows(RowFilter(period=20))] == ["0.45", "0.47"]
        assert len(db.rows(RowFilter(limit=2))) == 2
        assert db.rows(RowFilter(stopped="heaps")) == unproved
        rows = db.rows()
        assert db.runs()[0]["status"] == "done"
    table = list(csv.DictReader(io.StringIO(rows_to_csv(rows))))
    assert [t["code"] for t in table] == [r["code"] for r in rows]
    by_code = {t["code"]: t for t in table}
    assert by_code["0.45"]["period"] == "20" and by_code["0.16"]["period"] == ""
    assert json.loads(rows_to_json(rows)) == rows


def test_a_subtraction_family_is_stored_under_its_codes(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    items = parse_family("subtraction:3").items()
    with CensusStore(path) as db:
        for i in items:
            db.put(compute_item(i, CensusParams(heaps=256)))
        labels = {r["code"]: r["label"] for r in db.rows()}
    assert labels["0.303"] == "subtraction:1,3"


def test_other_files_are_refused(tmp_path: Path) -> None:
    text = tmp_path / "t.db"
    text.write_text("not a database, just some text that sqlite will refuse to read " * 20)
    with pytest.raises(SolvedFileError, match="not a census database"):
        CensusStore(text)
    other = tmp_path / "o.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE t (x)")
    con.close()
    with pytest.raises(SolvedFileError, match="not a census database"):
        CensusStore(other)
    old = tmp_path / "old.db"
    CensusStore(old).close()
    with sqlite3.connect(old) as con:
        con.execute("UPDATE meta SET value='grundy-census-0'")
    con.close()
    with pytest.raises(SolvedFileError, match="another version"):
        CensusStore(old)
