"""Forged files are refused (issue 25 item 2): each forgery of the report, rebuilt here
with a valid checksum, gives one line and exit status 2.

Bounds: kayles tables of 60,001 heaps, a grundys-game table of 30,001 heaps, the
tictactoe table of ``xx.oo....``, the kayles quotient of heaps 0..30.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy import parse_ruleset
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import SolvedFileError
from grundy.heap import TableJournal, heap_table, load_table, save_table
from grundy.heap import tools as heap_tools
from grundy.heap.tools import _mex_numpy, check_saved_values
from grundy.search import retrograde
from grundy.search import store as search_store
from grundy.search.store import verify_table
from tests.cli.helpers import CliRun, run

KAYLES = parse_ruleset("kayles")


def _one_line_refusal(r: CliRun, *words: str) -> None:
    assert r.status == 2, (r.status, r.err)
    assert r.err.count("\n") == 1 and "Traceback" not in r.err, r.err
    for word in words:
        assert word in r.err, r.err


# ----- heap tables and journals ------------------------------------------------------


def test_forged_table_with_recomputed_checksum_is_refused(tmp_path: Path) -> None:
    """The report: values changed above heap 20,000, checksum recomputed, 40,001 wrong
    values printed with exit 0. Now every value is compared with the proved period."""
    path = tmp_path / "forged.npz"
    assert run("table", "kayles", "-n", "60000", "--out", str(path)).status == 0
    spec, values = load_table(str(path))
    values[20_001:] ^= 1
    save_table(str(path), spec, values)  # a valid file: the checksum is recomputed
    r = run("table", "kayles", "-n", "60000", "--out", str(path))
    _one_line_refusal(r, "not those of kayles", "heap 20001 ")
    with pytest.raises(SolvedFileError, match="heap 20001 "):
        load_table(str(path), KAYLES)


def test_forged_journal_record_with_valid_sha256_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.npz"
    assert run("table", "kayles", "-n", "20000", "--out", str(path)).status == 0
    _, base = load_table(str(path))
    wrong = heap_table(KAYLES, 40_000)[20_001:].copy()
    wrong[:] = 0  # 20,000 wrong values, written as a record with its own SHA-256
    with TableJournal(str(path), "kayles") as journal:
        assert len(journal.resume(base)) == 20_001
        journal.append(wrong, 20_001)
    r = run("table", "kayles", "-n", "40000", "--out", str(path))
    _one_line_refusal(r, "not those of kayles")


def test_sampled_check_catches_a_replaced_tail_of_a_table_without_a_period() -> None:
    """grundys-game has no periodicity theorem, so the rules are checked at 64 random heaps
    and the last. Zeroing the heaps above 10,000 makes every heap above 20,001 a defect
    (it has the option (a, n-a) with both parts zeroed, of value 0): with 9,999 of the
    25,904 heaps drawn from defects, the forgery passes with probability below
    (1 - 9999/25904)**64 < 1e-13."""
    game = parse_ruleset("grundys-game")
    right = heap_table(game, 30_000)
    assert "drawn at random" in check_saved_values(game, right)
    forged = right.copy()
    forged[10_001:] = 0
    with pytest.raises(SolvedFileError, match="not those of grundys-game"):
        check_saved_values(game, forged)


def _single_defect(game: Any, right: Any, m: int) -> Any:
    """``right`` with heap ``m`` changed and every later heap recomputed by the rules from
    the forged values: the hardest forgery, with exactly one defect (heap ``m``)."""
    forged = right.copy()
    forged[m] = right[m] + 1
    return heap_table(game, len(right) - 1, prefix=forged[: m + 1], period_fill=False)


def test_a_single_defect_is_found_when_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    game = parse_ruleset("grundys-game")
    right = heap_table(game, 6_000)
    at_last = _single_defect(game, right, 6_000)
    with pytest.raises(SolvedFileError, match="heap 6000 "):  # the last heap is always checked
        check_saved_values(game, at_last)
    inside = _single_defect(game, right, 5_000)
    assert (inside != right).sum() > 1  # many wrong values, one defect
    monkeypatch.setattr(heap_tools, "CHECK_SPOTS", 6_000)  # draw every heap
    with pytest.raises(SolvedFileError, match="heap 5000 "):
        check_saved_values(game, inside, seed=1)


@pytest.mark.parametrize(
    "code", ["kayles", "octal:0.07", "octal:0.16", "grundys-game", "octal:4.007"]
)
def test_vectorised_mex_matches_the_table(code: str) -> None:
    # every heap up to 700 (the kernel's table is the reference)
    game = parse_ruleset(code)
    right = heap_table(game, 700)
    assert [_mex_numpy(game, right, n) for n in range(701)] == right.tolist()


# ----- SQLite solved tables -----------------------------------------------------------


def test_negated_sqlite_scores_are_refused(tmp_path: Path) -> None:
    """The report: negated scores made ``xx.oo....`` (X wins in one move) a loss."""
    path = tmp_path / "forged.sqlite"
    assert run("solve", "tictactoe", "xx.oo....", "--save", str(path)).status == 0
    with closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE scores SET score = -score")
        db.commit()
    r = run("solve", "tictactoe", "xx.oo....", "--load", str(path))
    _one_line_refusal(r, "not a true solved table", "one ply of search gives")
    assert r.out == ""


def test_one_forged_score_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "forged.sqlite"
    assert run("solve", "tictactoe", "xx.oo....", "--save", str(path)).status == 0
    with closing(sqlite3.connect(path)) as db:
        (root,) = db.execute("SELECT value FROM meta WHERE key = 'root'").fetchone()
        # The saved root may be any position the table was grown from (an earlier solve in
        # this process may have grown the whole game): change its score to another valid one.
        state = bytes.fromhex(root)
        (score,) = db.execute("SELECT score FROM scores WHERE state = ?", (state,)).fetchone()
        db.execute("UPDATE scores SET score = ? WHERE state = ?", (1 if score == 0 else 0, state))
        db.commit()
    r = run("solve", "tictactoe", "xx.oo....", "--load", str(path))
    _one_line_refusal(r, "is saved as", "one ply of search gives")


def test_sampled_table_check(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TicTacToe()
    table = retrograde(game, 0, max_positions=10_000)
    monkeypatch.setattr(search_store, "FULL_CHECK", 100)
    monkeypatch.setattr(search_store, "CHECK_SPOTS", 50)
    assert "drawn at random" in verify_table(game, table, seed=3)
    negated = type(table)(root=table.root, scores={s: -v for s, v in table.scores.items()})
    # every position but the draws is wrong: 50 draws miss them all with probability
    # below (draws/N)**50
    with pytest.raises(SolvedFileError, match="one ply of search"):
        verify_table(game, negated, seed=3)


# ----- quotient checkpoints -----------------------------------------------------------


def _reseal(path: Path, edit: Any) -> None:
    body = json.loads(path.read_text())
    edit(body["data"])
    text = json.dumps(body["data"], sort_keys=True, separators=(",", ":"))
    body["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    path.write_text(json.dumps(body))


def test_forged_changed_at_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    assert run("quotient", "kayles", "-n", "30", "--out", str(path)).status == 0
    assert json.loads(path.read_text())["data"]["changed_at"] == [1, 2, 5, 9, 12, 25, 27]
    _reseal(path, lambda d: d.update(changed_at=[1, 2, 5]))
    r = run("quotient", "kayles", "-n", "30", "--out", str(path))
    _one_line_refusal(r, "not a true quotient checkpoint", "grew at heaps")


def test_forged_p_portion_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    assert run("quotient", "kayles", "-n", "12", "--out", str(path)).status == 0
    _reseal(path, lambda d: d.update(is_p=[not v for v in d["is_p"]]))
    r = run("quotient", "kayles", "-n", "12", "--out", str(path))
    _one_line_refusal(r, str(path))


def test_honest_files_load() -> None:
    values = heap_table(KAYLES, 10_000)
    assert "compared with the period" in check_saved_values(KAYLES, values)
    assert np.array_equal(values, heap_table(KAYLES, 10_000))


def test_journal_record_claiming_billions_of_heaps_is_not_read_blindly(tmp_path: Path) -> None:
    import struct  # noqa: PLC0415

    path = tmp_path / "t.npz"
    with TableJournal(str(path), "kayles") as journal:
        journal.resume(None)
        journal.append(heap_table(KAYLES, 10), 0)
    with open(str(path) + ".journal", "ab") as f:  # 2**32 - 1 heaps of 8 bytes: 32 GiB
        f.write(struct.pack("<QIB32s", 11, 2**32 - 1, 8, b"\0" * 32) + b"\0" * 64)
    with TableJournal(str(path), "kayles") as journal:
        values = journal.resume(None)
        assert len(values) == 11 and any("unfinished record" in n for n in journal.notes)
