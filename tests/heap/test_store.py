"""Saved tables: damaged, foreign or forged files are refused with one line, never trusted."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np
import pytest

from grundy.errors import SolvedFileError
from grundy.heap.games import KAYLES
from grundy.heap.store import FORMAT, TableJournal, load_table, save_table
from grundy.heap.tools import check_saved_values, heap_table


def _saved(tmp_path: Path, n: int = 300) -> Path:
    path = tmp_path / "k.npz"
    save_table(str(path), "kayles", heap_table(KAYLES, n))
    return path


def _forge(path: Path, values: np.ndarray, **header: object) -> None:
    h: dict[str, object] = {
        "format": FORMAT,
        "game": "kayles",
        "last": len(values) - 1,
        "dtype": str(values.dtype),
        "sha256": hashlib.sha256(values.tobytes()).hexdigest(),
    }
    h.update(header)
    with open(path, "wb") as f:
        np.savez(f, values=values, header=np.array(json.dumps(h)))


def test_round_trip_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    spec, values = load_table(str(path))
    assert spec == "kayles"
    assert values.tolist() == heap_table(KAYLES, 300).tolist()
    assert os.listdir(tmp_path) == ["k.npz"]


@pytest.mark.parametrize(
    "damage",
    ["empty", "truncated", "flipped", "directory", "text"],
)
def test_damaged_files_are_refused(tmp_path: Path, damage: str) -> None:
    path = _saved(tmp_path, 5000)
    data = path.read_bytes()
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        i = len(data) // 3
        path.write_bytes(data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1 :])
    elif damage == "directory":
        path.unlink()
        path.mkdir()
    else:
        path.write_text("kayles 0 1 2 3\n")
    with pytest.raises(SolvedFileError) as e:
        load_table(str(path))
    assert "\n" not in str(e.value)


def test_device_is_refused() -> None:
    with pytest.raises(SolvedFileError, match="not a regular file"):
        load_table("/dev/null")


@pytest.mark.parametrize(
    ("values", "header", "match"),
    [
        (np.zeros((3, 3), dtype=np.uint16), {}, "shape"),
        (np.array(["a", "b"]), {}, "type"),
        (np.zeros(5, dtype=np.uint16), {"format": "other/1"}, "format"),
        (np.zeros(5, dtype=np.uint16), {"last": 9}, "length"),
        (np.zeros(5, dtype=np.uint16), {"sha256": "0" * 64}, "checksum"),
        (np.zeros(5, dtype=np.uint16), {"game": 7}, "names no game"),
    ],
)
def test_malformed_headers_are_refused(
    tmp_path: Path, values: np.ndarray, header: dict[str, object], match: str
) -> None:
    path = tmp_path / "bad.npz"
    _forge(path, values, **header)
    with pytest.raises(SolvedFileError, match=match):
        load_table(str(path))


def test_header_that_is_a_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "list.npz"
    with open(path, "wb") as f:
        np.savez(f, values=np.zeros(3, dtype=np.uint16), header=np.array("[1, 2]"))
    with pytest.raises(SolvedFileError, match="not a JSON object"):
        load_table(str(path))


def test_forged_values_with_a_good_checksum_are_caught_by_the_rules() -> None:
    # Bounds: the first 4,096 values are recomputed; spot checks above them.
    right = heap_table(KAYLES, 8000)
    check_saved_values(KAYLES, right)
    for n in (1, 71, 4095):
        forged = right.copy()
        forged[n] ^= 1
        with pytest.raises(SolvedFileError, match=f"heap {n} "):
            check_saved_values(KAYLES, forged)
    forged = right.copy()
    forged[4096:] = 0  # every spot check above the prefix sees a wrong value
    with pytest.raises(SolvedFileError):
        check_saved_values(KAYLES, forged)


# ----- the journal of a table being computed (issue 10) -------------------------------


def test_journal_records_of_every_width_replay_in_order(tmp_path: Path) -> None:
    path = str(tmp_path / "t.npz")
    with TableJournal(path, "nim") as journal:
        assert journal.resume(None) is None
        journal.append(np.arange(0, 5, dtype=np.uint16), 0)
        journal.append(np.arange(5, 8, dtype=np.uint32), 5)
        journal.append(np.arange(8, 70_000, dtype=np.int64), 8)
    with TableJournal(path, "nim") as journal:
        values = journal.resume(None)
    assert values.dtype == np.int64 and values.tolist() == list(range(70_000))


def test_journal_continues_the_saved_file(tmp_path: Path) -> None:
    path = _saved(tmp_path, 100)
    base = load_table(str(path))[1]
    with TableJournal(str(path), "kayles") as journal:
        assert journal.resume(base) is base  # nothing to replay
        journal.append(heap_table(KAYLES, 150)[101:], 101)
    with TableJournal(str(path), "kayles") as journal:
        assert journal.resume(base).tolist() == heap_table(KAYLES, 150).tolist()
        journal.finish()
    assert sorted(os.listdir(tmp_path)) == ["k.npz"]


def test_an_empty_journal_is_not_left_behind(tmp_path: Path) -> None:
    path = str(tmp_path / "t.npz")
    with TableJournal(path, "kayles") as journal:
        journal.resume(None)
    assert os.listdir(tmp_path) == []


def test_a_record_that_does_not_follow_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "t.npz")
    with TableJournal(path, "kayles") as journal:
        journal.resume(None)
        journal.append(np.zeros(3, dtype=np.uint16), 0)
        journal.append(np.zeros(3, dtype=np.uint16), 7)  # a gap: heaps 3..6 missing
    with TableJournal(path, "kayles") as journal, pytest.raises(SolvedFileError) as info:
        journal.resume(None)
    assert "does not follow heap 2" in str(info.value) and "\n" not in str(info.value)
