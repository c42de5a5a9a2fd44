"""The literature's columns in the census: computed per code, stored, and added to a database
written before they existed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from grundy.census.compute import CensusParams, compute_item
from grundy.census.family import CensusItem
from grundy.census.store import CensusStore


def test_columns_of_a_small_family(tmp_path: Path) -> None:
    params = CensusParams(heaps=1 << 20)
    rows = {c: compute_item(CensusItem.from_text(c), params) for c in ("0.16", "0.45", "0.07")}
    r = rows["0.16"]  # Czajka's table: 229790 23 1e 53 13935
    assert (r.stopped, r.preperiod, r.period) == ("proved", 105351, 149459)
    assert (r.largest_at, r.largest, r.rare_mask, r.rare_heaps, r.last_rare_heap) == (
        229790,
        23,
        30,
        53,
        13935,
    )
    assert r.rare_values == 4 and r.last_rare_value == 6
    r = rows["0.45"]  # 37 8 f 11 198
    assert (r.largest_at, r.largest, r.rare_mask, r.rare_heaps, r.last_rare_heap) == (
        37,
        8,
        15,
        11,
        198,
    )
    assert rows["0.07"].rare_mask is None and rows["0.07"].last_rare_value is None  # dense
    path = tmp_path / "c.db"
    with CensusStore(path) as db:
        for row in rows.values():
            db.put(row)
    with CensusStore(path) as db:
        stored = {row["code"]: row for row in db.rows()}
    assert stored["0.16"]["largest_at"] == 229790 and stored["0.16"]["last_rare_value"] == 6


def test_an_older_database_gains_the_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with CensusStore(path):
        pass
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE codes DROP COLUMN largest_at")
    db.execute("ALTER TABLE codes DROP COLUMN last_rare_value")
    db.commit()
    db.close()
    with CensusStore(path) as store:
        store.put(compute_item(CensusItem.from_text("0.45"), CensusParams(heaps=4096)))
        (row,) = store.rows()
    assert row["largest_at"] == 37 and row["last_rare_value"] is not None
