"""``grundy table`` and ``grundy period`` as a user runs them (in-process)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from grundy.heap.games import GRUNDYS_GAME
from grundy.heap.store import load_table
from grundy.heap.table import build_table
from tests.cli.helpers import run as grundy

from .data_files import sequence


def test_table_json() -> None:
    r = grundy("table", "kayles", "-n", "40", "--json")
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert data["values"] == sequence("a002186_kayles.txt")[:41]
    assert set(data["periodicity"]) >= {"preperiod", "period", "saltus", "proved", "checked_to"}
    assert data["periodicity"]["proved"] is False


def test_table_text() -> None:
    r = grundy("table", "octal:0.07", "-n", "25")
    assert r.status == 0, r.err
    assert "20:   3   0   1   1   3   0" in r.out
    assert "Periodicity:" in r.out


def test_period_json_proved() -> None:
    r = grundy("period", "dawson", "--json")
    assert r.status == 0, r.err
    per = json.loads(r.out)["periodicity"]
    assert (per["preperiod"], per["period"], per["saltus"], per["proved"]) == (53, 34, 0, True)
    assert per["checked_to"] >= 2 * 53 + 2 * 34 + 2 - 1


def test_period_with_saltus_is_observed() -> None:
    r = grundy("period", "octal:4.[3]", "-n", "300")
    assert r.status == 0, r.err
    assert "observed period 4 from heap 1 with saltus 4 up to heap 300" in r.out
    assert "proved" not in r.out.split("\n")[0]


def test_period_of_a_subtraction_game() -> None:
    r = grundy("period", "subtraction:2..5", "--json")
    per = json.loads(r.out)["periodicity"]
    assert (per["preperiod"], per["period"], per["proved"]) == (0, 7, True)


def test_solve_huge_kayles_heap() -> None:
    r = grundy("solve", "kayles", "1000000", "--json", "--max-moves", "2")
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert data["grundy"] == 1
    assert "proved period 12 from heap 71" in data["method"]


def test_bad_input_is_one_line_exit_2() -> None:
    for args in (
        ("table", "octal:0.9z", "-n", "5"),
        ("table", "kayles", "3", "-n", "5"),
        ("period", "nosuchgame"),
        ("table", "kayles", "-n", "-4"),
    ):
        r = grundy(*args)
        assert r.status == 2, args
        assert r.err.count("\n") == 1 and "Traceback" not in r.err, r.err


def test_table_of_a_non_heap_game_is_refused() -> None:
    r = grundy("table", "nim", "-n", "3")
    assert r.status == 0  # nim is a heap game
    r = grundy("period", "wythoff")
    assert r.status != 0 and "Traceback" not in r.err


def test_out_file_is_extended(tmp_path: Path) -> None:
    out = str(tmp_path / "g.npz")
    assert grundy("table", "grundys-game", "-n", "300", "--out", out).status == 0
    assert load_table(out)[1].tolist() == build_table(GRUNDYS_GAME, 300).tolist()
    r = grundy("table", "grundys-game", "-n", "700", "--out", out)
    assert r.status == 0, r.err
    spec, values = load_table(out)
    assert spec == "grundys-game"
    assert values.dtype == np.uint16
    assert values.tolist() == build_table(GRUNDYS_GAME, 700).tolist()
    r = grundy("table", "kayles", "-n", "10", "--out", out)
    assert r.status == 2 and "holds a table of grundys-game" in r.err
