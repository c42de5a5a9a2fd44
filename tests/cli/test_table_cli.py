"""``grundy table`` and ``grundy period``: options, limits, checkpoints and Ctrl-C (in-process)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import grundy.heap
from grundy.cli import table_cmd
from grundy.heap.games import GRUNDYS_GAME, KAYLES
from grundy.heap.store import load_table
from grundy.heap.table import build_table
from tests.cli.helpers import run


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
    r = run("table", game, "-n", "100_000_000", "--time-limit", "0.2")
    assert r.status == 1
    assert r.out == ""
    assert (
        r.err.strip() == "stopped at the time limit of 0.2 s (raise it with --time-limit SECONDS)"
    )


def test_checkpoints_save_the_finished_heaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves: list[int] = []
    real_save = grundy.heap.save_table

    def save(path: str, spec: str, values: npt.NDArray[np.integer]) -> None:
        saves.append(len(values))
        real_save(path, spec, values)

    monkeypatch.setattr(grundy.heap, "save_table", save)
    monkeypatch.setattr(table_cmd, "SAVE_EVERY", -1)  # save after every chunk
    out = tmp_path / "g.npz"
    r = run("table", "grundys-game", "-n", "3000", "--compute-all", "--out", str(out))
    assert r.status == 0, r.err
    assert len(saves) >= 2 and saves[-1] == 3001
    assert load_table(str(out))[1].tolist() == build_table(GRUNDYS_GAME, 3000).tolist()


def _ctrl_c_after(chunks: int) -> Callable[..., object]:
    """A stand-in for the progress bar whose callback presses Ctrl-C at the given chunk."""

    @contextmanager
    def bar(label: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
        seen = [0]

        def update(done: int, last: int) -> None:
            seen[0] += 1
            if seen[0] >= chunks:
                raise KeyboardInterrupt

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
    assert (r.status, r.out, r.err) == (130, "", "\ninterrupted\n")


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
    assert r.out.splitlines() == ["grundys-game: no period seen in the values of heaps 0..200"]


def test_period_of_a_board_game_is_refused() -> None:
    r = run("period", "tictactoe")
    assert r.status == 2 and r.err.count("\n") == 1
    r = run("table", "kayles:3", "-n", "5")
    assert r.status == 2 and r.err.count("\n") == 1
