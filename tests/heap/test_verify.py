"""``grundy verify``: the independent mex rule and periodicity check (:mod:`grundy.heap.verify`)
against the kernels' tables, damaged tables and false claims."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.heap.games import GRUNDYS_GAME, TakeAndBreak
from grundy.heap.period import periodicity
from grundy.heap.store import save_table
from grundy.heap.table import build_table
from grundy.heap.verify import mex_errors, verify_values
from tests.cli.helpers import run as grundy

codes = st.builds(
    lambda d0, rest: f"{d0}.{''.join(map(str, rest))}",
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=3),
)


@settings(max_examples=60, deadline=None)
@given(codes, st.data())
def test_kernel_tables_pass_and_one_changed_value_fails(code: str, data: st.DataObject) -> None:
    # every code 0.d1d2d3 / 4.d1d2d3 (hypothesis draws them), 120 heaps
    game = TakeAndBreak.from_code(code)
    values = build_table(game, 120, period_fill=False)
    assert mex_errors(values, code) is None
    n = data.draw(st.integers(0, 120))
    wrong = values.copy()
    wrong[n] = values[n] + data.draw(st.integers(1, 3))
    bad = mex_errors(wrong, code)
    # heaps below n are untouched and right, so the first wrong heap is n itself
    assert bad == (n, int(values[n]))


def test_grundys_game_unequal_splits() -> None:
    values = build_table(GRUNDYS_GAME, 400, period_fill=False)
    assert mex_errors(values, "4.0", unequal=True) is None
    assert mex_errors(values, "4.0") is not None  # equal splits allowed: other values


@pytest.mark.parametrize(("code", "e", "p"), [("0.07", 53, 34), ("0.77", 71, 12), ("4.7", 0, 0)])
def test_proved_claims_verify(code: str, e: int, p: int) -> None:
    game = TakeAndBreak.from_code(code)
    values = build_table(game, 600, period_fill=False)
    per = periodicity(game, values)
    assert per.proved
    claim = {"preperiod": per.preperiod, "period": per.period, "saltus": 0}
    v = verify_values(values, code, claim=claim)
    assert v.ok, v.failure
    if p:
        assert (per.preperiod, per.period) == (e, p)
        assert f"G(n+{p}) = G(n) for {e} <= n < {2 * e + p + 2}" in v.checks[1]


def test_false_claims_and_short_files_fail() -> None:
    values = build_table(TakeAndBreak.from_code("0.07"), 600, period_fill=False)
    v = verify_values(values, "0.07", claim={"preperiod": 40, "period": 34})
    assert not v.ok and "no period 34 from heap 40" in (v.failure or "")
    v = verify_values(values[:150], "0.07", claim={"preperiod": 53, "period": 34})
    assert not v.ok and "needs heaps up to 175" in (v.failure or "")
    later = values.copy()
    later[500] ^= 1  # past the heaps the proof needs: caught by the period
    v = verify_values(later, "0.07", claim={"preperiod": 53, "period": 34})
    assert not v.ok and (v.failure or "").startswith("heap 500: the file says")
    v = verify_values(values, "0.07", claim={"preperiod": 53, "period": 34, "saltus": 2})
    assert not v.ok and "saltus" in (v.failure or "")


def test_cli_verify(tmp_path: Path) -> None:
    path = str(tmp_path / "dawson.npz")
    r = grundy("period", "dawson", "--out", path)
    assert r.status == 0, r.err
    r = grundy("verify", path)
    assert r.status == 0, r.err
    lines = r.out.splitlines()
    assert lines[1] == "claimed: period 34 from heap 53"
    assert "checked: the mex rule at every heap 0..175 (the heaps the proof rests on)" in lines
    assert lines[-1] == "verified"
    data = json.loads(grundy("verify", path, "--json").out)
    assert data["ok"] and data["code"] == "0.07" and len(data["checks"]) == 4


def test_cli_verify_refuses_a_forged_table(tmp_path: Path) -> None:
    path = str(tmp_path / "k.npz")
    values = build_table(TakeAndBreak.from_code("0.77"), 200, period_fill=False).copy()
    values[100] = 7
    save_table(path, "kayles", values)  # a correct checksum over wrong values
    r = grundy("verify", path)
    assert r.status == 1
    assert r.out.splitlines()[-1].startswith("NOT verified: heap ")
    (tmp_path / "junk.npz").write_bytes(b"junk")
    r = grundy("verify", str(tmp_path / "junk.npz"))
    assert r.status == 2 and r.err.count("\n") == 1


def test_saved_tables_carry_their_claim(tmp_path: Path) -> None:
    path = tmp_path / "t.npz"
    assert grundy("table", "kayles", "-n", "300", "--out", str(path)).status == 0
    with np.load(path) as data:
        header = json.loads(str(data["header"]))
    assert header["periodicity"]["period"] == 12 and header["periodicity"]["proved"]
