"""The literature's columns in the census: computed per code, stored, and added to a database
written before they existed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

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


def _czajka(kind: str) -> list[str]:
    path = Path(__file__).parent / "data" / "czajka_lists.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# Source:")
    return [ln.split()[1] for ln in lines if ln.startswith(kind + " ")]


@pytest.mark.slow
def test_codes_of_the_unsolved_list_proved_here() -> None:
    # Disagreements with Czajka's unsolved list (docs/census.md): 4.344 is proved at 2^14
    # heaps (period 51 from heap 998, re-checked by grundy verify's separate code), 4.364 at
    # 2^15 (period 62 from heap 11,687); every other code stays unproved.
    codes = _czajka("unsolved")
    assert len(codes) == 82
    params = CensusParams(heaps=1 << 14)
    proved = {}
    for c in codes:
        r = compute_item(CensusItem.from_text(c), params)
        if r.proved:
            proved[c] = (r.preperiod, r.period)
    assert proved == {"4.344": (998, 51)}
