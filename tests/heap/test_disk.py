"""Disk tables (:mod:`grundy.heap.disk`): the same values as in memory, resumed after a
run stops, and after a simulated ``kill -9`` (state behind, garbage past it)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from grundy.errors import InvalidSpecError
from grundy.heap import disk
from grundy.heap.games import GRUNDYS_GAME, KAYLES, TakeAndBreak
from grundy.heap.table import build_table


@pytest.mark.parametrize("game", [GRUNDYS_GAME, TakeAndBreak.from_code("0.6")])
def test_disk_table_matches_memory_and_resumes(
    game: TakeAndBreak, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(disk, "_STEP", 1000)
    folder = str(tmp_path / "run")
    want = build_table(game, 20_000, period_fill=False)
    first = disk.disk_table(game, 7_000, folder)
    assert first.count == 7_001
    run = disk.disk_table(game, 20_000, folder)
    assert run.resumed_from == 7_001
    assert np.array_equal(np.asarray(run.values[:20_001]), want)
    assert set(run.milestones) >= {"4096", "7000", "8192", "16384", "20000"}
    assert run.milestones["16384"]["stats"]["largest"] == int(want[:16_385].max())
    # kill -9 after a checkpoint at 9,000: the state says 9,000, the heaps past it are junk
    state_path = tmp_path / "run" / "state.json"
    state = json.loads(state_path.read_text())
    state["count"] = 9_000
    state_path.write_text(json.dumps(state))
    values = np.memmap(tmp_path / "run" / "values.u16", dtype="<u2", mode="r+")
    values[9_000:] = 777
    values.flush()
    del values
    again = disk.disk_table(game, 20_000, folder)
    assert again.resumed_from == 9_000
    assert np.array_equal(np.asarray(again.values[:20_001]), want)


def test_disk_table_refuses_another_game(tmp_path: Path) -> None:
    disk.disk_table(KAYLES, 100, str(tmp_path))
    with pytest.raises(InvalidSpecError, match="holds a table of kayles"):
        disk.disk_table(GRUNDYS_GAME, 100, str(tmp_path))
