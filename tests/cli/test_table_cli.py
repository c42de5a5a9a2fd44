"""``grundy table`` and ``grundy period``: options, limits, checkpoints and Ctrl-C (in-process)."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import grundy.heap
from grundy.cli import table_cmd
from grundy.heap import build as heap_build
from grundy.heap.games import GRUNDYS_GAME, KAYLES
from grundy.heap.store import TableJournal, load_table
from grundy.heap.table import build_table
from tests.cli.helpers import GRUNDY_MODULE, run, spawn


def test_proved_period_fills_the_rest_with_a_note() -> None:
    r = run("table", "kayles", "-n", "3000", "--json")
    assert r.status == 0
    assert r.err.startswith("grundy: note: heaps ") and "filled from the proved period 12" in r.err
    assert json.loads(r.out)["values"] == build_table(KAYLES, 3000).tolist()


def test_text_table_and_saved_table(tmp_path: Path) -> None:
    r = run("table", "kayles", "-n", "12")
    assert r.status == 0
    assert r.out.splitlines()[:3] == [
        "kayles: Grundy values of heaps 0..12",
        " 0:   0   1   2   3   1   4   3   2   1   4",
        "10:   2   6   4",
    ]
    assert r.out.splitlines()[-1].startswith("Periodicity: ")
    out = tmp_path / "k.npz"
    r = run("table", "kayles", "-n", "12", "--out", str(out))
    assert r.status == 0
    assert r.out.startswith(f"kayles: saved the Grundy values of heaps 0..12 to {out}\n")
    assert load_table(str(out))[1].tolist() == build_table(KAYLES, 12).tolist()
    # asking for less than the file holds reads it back
    r = run("table", "kayles", "-n", "5", "--out", str(out), "--csv")
    assert r.status == 0 and r.out.splitlines()[-1] == "5,4"


def test_json_and_csv_exclude_each_other() -> None:
    r = run("table", "kayles", "-n", "5", "--json", "--csv")
    assert r.status == 2 and "not allowed with argument" in r.err


@pytest.mark.parametrize("kernel", ["plain", "rare"])
def test_kernel_choice_gives_the_same_table(kernel: str) -> None:
    r = run("table", "grundys-game", "-n", "500", "--kernel", kernel, "--json")
    assert r.status == 0, r.err
    assert json.loads(r.out)["values"] == build_table(GRUNDYS_GAME, 500).tolist()


@pytest.mark.parametrize("game", ["grundys-game", "subtraction:1,3,4"])
def test_time_limit_without_a_file(game: str) -> None:
    # (10^7 heaps: a table that fits in memory, computed, not streamed)
    r = run("table", game, "-n", "10_000_000", "--time-limit", "0.2")
    assert r.status == 1
    assert r.out == ""
    assert r.err == (
        "grundy: error: stopped at the time limit of 0.2 s (raise it with --time-limit SECONDS)\n"
    )


def test_checkpoints_append_only_the_new_heaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every checkpoint appends the heaps finished since the last one to FILE.journal (no
    # rewrite of the table); the whole table is saved once, at the end.
    appends: list[tuple[int, int]] = []
    saves: list[int] = []
    real_append, real_save = TableJournal.append, grundy.heap.save_table

    def append(self: TableJournal, values: npt.NDArray[np.integer], start: int) -> None:
        appends.append((start, len(values)))
        real_append(self, values, start)

    def save(path: str, spec: str, values: npt.NDArray[np.integer], **claim: Any) -> None:
        saves.append(len(values))
        real_save(path, spec, values, **claim)

    monkeypatch.setattr(TableJournal, "append", append)
    monkeypatch.setattr(grundy.heap, "save_table", save)
    monkeypatch.setattr(heap_build, "SAVE_EVERY", -1)  # append after every chunk
    out = tmp_path / "g.npz"
    r = run("table", "grundys-game", "-n", "3000", "--compute-all", "--out", str(out))
    assert r.status == 0, r.err
    assert len(appends) >= 2
    assert [start for start, _ in appends] == [0] + [s + n for s, n in appends[:-1]]
    assert saves == [3001]
    assert load_table(str(out))[1].tolist() == build_table(GRUNDYS_GAME, 3000).tolist()
    assert sorted(os.listdir(tmp_path)) == ["g.npz"]  # the journal is gone


def _ctrl_c_after(
    chunks: int, stop: type[BaseException] = KeyboardInterrupt
) -> Callable[..., object]:
    """A stand-in for the progress bar whose callback presses Ctrl-C (raises ``stop``) at
    the given chunk."""

    @contextmanager
    def bar(label: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
        seen = [0]

        def update(done: int, last: int) -> None:
            seen[0] += 1
            if seen[0] >= chunks:
                raise stop

        yield update

    return bar


def test_ctrl_c_saves_the_finished_heaps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_cmd, "progress_bar", _ctrl_c_after(2))
    out = tmp_path / "g.npz"
    r = run("table", "grundys-game", "-n", "1_000_000", "--compute-all", "--out", str(out))
    assert r.status == 130
    assert r.err.startswith("interrupted: saved heaps 0..") and r.err.count("\n") == 1
    _, values = load_table(str(out))
    assert 1 < len(values) < 1_000_001
    assert values.tolist() == build_table(GRUNDYS_GAME, len(values) - 1).tolist()


def test_ctrl_c_without_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_cmd, "progress_bar", _ctrl_c_after(1))
    r = run("table", "grundys-game", "-n", "1_000_000", "--compute-all")
    assert (r.status, r.out, r.err) == (130, "", "interrupted\n")  # no tty: no ^C echoed


def test_period_text_shows_the_repeating_values() -> None:
    r = run("period", "octal:0.52")
    assert r.status == 0, r.err
    lines = r.out.splitlines()
    assert lines[0].startswith("octal:0.52: proved period 4 from heap 4")
    assert lines[1] == "preperiod 4, period 4, saltus 0 (proved)"
    assert lines[2].startswith("values of heaps 4..7: ")


def test_period_without_a_period_says_so() -> None:
    r = run("period", "grundys-game", "-n", "200")
    assert r.status == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == "grundys-game: no period seen in the values of heaps 0..200"
    assert lines[1] == (
        "Search: computed heaps 0..200 (no periodicity theorem applies to this game)"
    )
    assert lines[2].startswith("Values: largest value 12 (first at heap 181); rare mask 6:")


def test_period_grows_until_proved() -> None:
    # 0.16's period (149,459 from heap 105,351) needs heaps up to 509,621: the table grows
    # by doubling from 1,024 heaps to 2^19 = 524,288 (the old default gave up at 65,536).
    r = run("period", "octal:0.16", "--json")
    assert r.status == 0, r.err
    data = json.loads(r.out)
    per = data["periodicity"]
    assert (per["preperiod"], per["period"], per["proved"]) == (105351, 149459, True)
    assert data["search"] == {"heaps": 524288, "bound": 1 << 25, "stopped": "proved"}
    assert data["stats"]["largest"] == 23 and data["stats"]["rare_mask"] == 30


def test_period_at_the_bound_says_how_far_it_looked() -> None:
    r = run("period", "octal:0.6", "-n", "5000")
    assert r.status == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == "octal:0.6: no period seen in the values of heaps 0..5000"
    assert lines[1] == "Search: looked at heaps 0..5,000, the bound 5,000, without proving a period"
    assert lines[2].startswith("Values: largest value ")
    assert "rare mask" in lines[2]


def test_table_stats_text_and_json() -> None:
    r = run("table", "kayles", "-n", "2000", "--stats")
    assert r.status == 0, r.err
    assert r.out.splitlines()[-1] == (
        "Values: largest value 8 (first at heap 27); rare mask 15: 10 rare heaps of 2,001 "
        "(0.5%), 4 rare values, the last rare value 6 at heap 70"
    )
    data = json.loads(run("table", "kayles", "-n", "2000", "--stats", "--json").out)
    assert data["stats"] == {
        "heaps": 2000,
        "largest": 8,
        "largest_at": 27,
        "rare_mask": 15,
        "rare_heaps": 10,
        "rare_values": 4,
        "last_rare_heap": 70,
        "last_rare_value": 6,
        "sparse": True,
    }
    assert "stats" not in json.loads(run("table", "kayles", "-n", "20", "--json").out)


def test_period_of_a_board_game_is_refused() -> None:
    r = run("period", "tictactoe")
    assert r.status == 2 and r.err.count("\n") == 1
    r = run("table", "kayles:3", "-n", "5")
    assert r.status == 2 and r.err.count("\n") == 1


# ----- the journal: kill -9, damage, two processes (issue 10) ------------------------


class _Killed(BaseException):
    """Stands for kill -9: nothing in grundy catches it, no final save runs."""


def _kill_during(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Path:
    """Run ``table ... --out g.npz`` and 'kill' it after a few chunks; return the journal."""
    monkeypatch.setattr(heap_build, "SAVE_EVERY", -1)
    monkeypatch.setattr(table_cmd, "progress_bar", _ctrl_c_after(4, _Killed))
    with pytest.raises(_Killed):
        run("table", *args, "--out", str(tmp_path / "g.npz"))
    monkeypatch.undo()
    journal = tmp_path / "g.npz.journal"
    assert journal.exists()
    return journal


def test_a_killed_run_loses_nothing_the_journal_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _kill_during(tmp_path, monkeypatch, "grundys-game", "-n", "100_000", "--compute-all")
    assert not (tmp_path / "g.npz").exists()  # killed before any full save
    with TableJournal(str(tmp_path / "g.npz"), "grundys-game") as journal:
        kept = journal.resume(None)
    assert kept is not None and len(kept) > 1
    r = run(
        "table", "grundys-game", "-n", "3000", "--compute-all", "--out", str(tmp_path / "g.npz")
    )
    assert r.status == 0, r.err
    saved = load_table(str(tmp_path / "g.npz"))[1]
    assert len(saved) == max(3001, len(kept))
    assert saved.tolist() == build_table(GRUNDYS_GAME, len(saved) - 1).tolist()
    assert sorted(os.listdir(tmp_path)) == ["g.npz"]


def test_a_torn_last_record_is_dropped_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = _kill_during(tmp_path, monkeypatch, "grundys-game", "-n", "100_000", "--compute-all")
    with journal.open("ab") as f:
        f.write(b"\x01\x02\x03")  # kill -9 in the middle of a record's header
    r = run(
        "table", "grundys-game", "-n", "2000", "--compute-all", "--out", str(tmp_path / "g.npz")
    )
    assert r.status == 0, r.err
    assert "dropped the last, unfinished record" in r.err
    saved = load_table(str(tmp_path / "g.npz"))[1]
    assert saved.tolist() == build_table(GRUNDYS_GAME, len(saved) - 1).tolist()


@pytest.mark.parametrize("damage", ["flip", "game", "header"])
def test_a_damaged_journal_is_one_line_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    journal = _kill_during(tmp_path, monkeypatch, "grundys-game", "-n", "100_000", "--compute-all")
    data = journal.read_bytes()
    head, _, body = data.partition(b"\n")
    if damage == "flip":
        body = body[:-5] + bytes([body[-5] ^ 0xFF]) + body[-4:]
    elif damage == "game":
        head = head.replace(b'"grundys-game"', b'"kayles"')
    else:
        head = b"[1, 2, 3]"
    journal.write_bytes(head + b"\n" + body)
    r = run("table", "grundys-game", "-n", "2000", "--out", str(tmp_path / "g.npz"))
    assert r.status == 2
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert "g.npz.journal is not a usable journal" in r.err and "delete it" in r.err


def test_a_second_process_on_the_same_out_is_refused(tmp_path: Path) -> None:
    out = str(tmp_path / "g.npz")
    with TableJournal(out, "kayles"):  # another run holds the journal
        r = run("table", "kayles", "-n", "100", "--out", out)
    assert r.status == 2 and r.err.count("\n") == 1
    assert "another grundy process is writing" in r.err
    assert run("table", "kayles", "-n", "100", "--out", out).status == 0  # released


def test_a_journal_left_by_a_finished_run_is_dropped(tmp_path: Path) -> None:
    out = str(tmp_path / "k.npz")
    with TableJournal(out, "kayles") as journal:  # continues "no file"
        journal.resume(None)
        journal.append(build_table(KAYLES, 50), 0)
    assert run("table", "kayles", "-n", "100", "--out", out, "--compute-all").status == 0
    assert not os.path.exists(out + ".journal")
    with TableJournal(out, "kayles") as journal:  # again "no file": stale once k.npz exists
        journal.resume(None)
        journal.append(build_table(KAYLES, 50), 0)
    r = run("table", "kayles", "-n", "200", "--out", out, "--compute-all")
    assert r.status == 0, r.err
    assert "continues another version of the saved table" in r.err
    assert load_table(out)[1].tolist() == build_table(KAYLES, 200).tolist()


def test_a_missing_folder_is_refused_before_any_work(tmp_path: Path) -> None:
    r = run("table", "kayles", "-n", "100", "--out", str(tmp_path / "no" / "k.npz"))
    assert r.status == 2 and r.err.count("\n") == 1 and "cannot write" in r.err


@pytest.mark.slow
def test_kill_9_loses_at_most_the_last_seconds(tmp_path: Path) -> None:
    # A real kill -9 (SIGKILL) of a long table: the next run replays the journal.
    out = tmp_path / "g.npz"
    args = [*GRUNDY_MODULE, "table", "grundys-game", "-n", "100_000_000", "--compute-all"]
    with spawn([*args, "--out", str(out)]) as proc:
        time.sleep(table_cmd.SAVE_EVERY + 4)
        assert proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert not out.exists() and (tmp_path / "g.npz.journal").exists()
    with TableJournal(str(out), "grundys-game") as journal:
        kept = journal.resume(None)
    assert kept is not None and len(kept) > 1000
    head = min(len(kept), 20_000)
    assert kept[:head].tolist() == build_table(GRUNDYS_GAME, head - 1).tolist()


# ----- tables larger than memory (issue 10) ------------------------------------------


def test_a_table_too_large_for_memory_is_streamed_from_its_period(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_cmd, "MAX_TABLE_BYTES", 10_000)  # 5,000 heaps of uint16
    want = build_table(KAYLES, 250_000).tolist()
    streamed = {}
    for form in ("--json", "--csv", "--text"):
        r = run("table", "kayles", "-n", "250_000", *([form] if form != "--text" else []))
        assert r.status == 0, r.err
        assert "printed piece by piece from the proved period 12" in r.err
        streamed[form] = r.out
        if form == "--json":
            data = json.loads(r.out)
            assert data["values"] == want and data["periodicity"]["period"] == 12
        elif form == "--csv":
            lines = r.out.splitlines()
            assert len(lines) == 250_002 and lines[-1] == f"250000,{want[-1]}"
        else:
            lines = r.out.splitlines()
            assert lines[0] == "kayles: Grundy values of heaps 0..250000"
            assert lines[1] == "     0:   0   1   2   3   1   4   3   2   1   4"
            assert lines[-2] == f"250000: {want[-1]:>3}"
            assert lines[-1].startswith("Periodicity: proved period 12 from heap 71")
    # the same table, computed in memory, prints the same
    monkeypatch.undo()
    for form, out in streamed.items():
        r = run("table", "kayles", "-n", "250_000", *([form] if form != "--text" else []))
        assert r.out == out, form


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("kayles", "-n", "1_000_000_000", "--out", "{dir}/k.npz"), "a saved table (--out)"),
        (("kayles", "-n", "1_000_000_000", "--compute-all"), "--compute-all runs the kernel"),
        (("octal:0.[7]", "-n", "1_000_000_000"), "no periodicity theorem applies"),
        (("nim", "-n", "100_000_000"), "no periodicity theorem applies to nim"),
    ],
)
def test_a_table_too_large_for_memory_is_refused_at_once(
    tmp_path: Path, args: tuple[str, ...], why: str
) -> None:
    r = run("table", *(a.format(dir=tmp_path) for a in args))
    assert r.status == 2 and r.out == ""
    assert r.err.count("\n") == 1 and why in r.err
    assert "beyond the limit of 1 GiB" in r.err and "ask for -n up to" in r.err
    assert "grundy period" in r.err and "grundy solve" in r.err
    assert os.listdir(tmp_path) == []  # no file, no journal left behind


def test_the_real_kayles_billion_is_streamed_within_a_time_limit(
    step_clock: Callable[[float], object],
) -> None:
    # issue 10: `grundy table kayles -n 1000000000` grew to 2 GB; now constant memory.
    # Every reading of the clock is 0.05 s after the one before: the limit runs out while
    # the table is printed, after the same number of pieces on any machine.
    step_clock(0.05)
    r = run("table", "kayles", "-n", "1_000_000_000", "--csv", "--time-limit", "0.5")
    assert r.status == 1
    assert "printed piece by piece" in r.err and "stopped at the time limit" in r.err
    assert r.out.startswith("heap,grundy\n0,0\n1,1\n")
