"""Arithmetic periodicity (a saltus) proved by :mod:`grundy.heap.saltus`, checked against
long tables: a certificate, with the table agreeing up to its bound, must never be
contradicted later; and what it proves is used by ``grundy period``, the table fill,
``grundy verify`` and the census."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy.census.compute import CensusParams, compute_item
from grundy.census.family import CensusItem
from grundy.census.verify import check_row
from grundy.core.result import format_result
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import find_period, periodicity
from grundy.heap.saltus import saltus_certificate
from grundy.heap.table import build_table
from grundy.heap.verify import verify_values
from tests.cli.helpers import run as grundy_cli

HEX = "0123456789abcdef"


def _digits(game: TakeAndBreak) -> list[int]:
    return [game.code.digit(k) for k in range(len(game.code.digits) + 1)]


def _never_wrong(code: str, last: int, prefixes: tuple[int, ...]) -> tuple[int, int]:
    """Claims read off short prefixes of the table of ``code`` (heaps ``0..last``): every one
    that gets a certificate, and that the table bears out up to its bound, holds to ``last``.
    Returns (claims certified, claims of the whole table proved)."""
    game = TakeAndBreak.from_code(code)
    values = [int(v) for v in build_table(game, last, period_fill=False)]
    digits = _digits(game)
    certified = proved = 0
    for size in (*prefixes, last + 1):
        e, p, s = find_period(values[:size])
        if not p or s <= 0:
            continue
        cert = saltus_certificate(digits, values, e, p, s)
        if cert is None or cert.bound + p - 1 > last:
            continue
        if any(values[n + p] != values[n] + s for n in range(e, cert.bound)):
            continue  # the table refutes the claim before the bound: no proof
        certified += 1
        proved += size == last + 1
        assert all(values[n + p] == values[n] + s for n in range(e, last + 1 - p)), (code, size)
    return certified, proved


def test_closed_forms_of_small_hexadecimal_games() -> None:
    # 0.8 (take one, leave three heaps): G(n) = (n - 1) // 3, heaps 1..600 by the kernel
    game = TakeAndBreak.from_code("0.8")
    values = build_table(game, 600, period_fill=False)
    assert [int(v) for v in values[1:]] == [(n - 1) // 3 for n in range(1, 601)]
    found = periodicity(game, values)
    assert found.proved and (found.preperiod, found.period, found.saltus) == (1, 3, 1)
    assert "arithmetic-periodicity check" in found.reason
    # and a heap past the table limit of three-heap games is answered from it
    grundy.clear_cache()
    big = grundy.solve("octal:0.8 1000000000000")
    assert big.grundy == (10**12 - 1) // 3
    # its moves come from the cheap forms: the list says it is cut by the game, not the limit
    assert big.winning_moves and big.winning_moves_truncated and big.winning_moves_listing_cut
    for move in big.winning_moves:
        assert grundy.solve(str(move)).grundy == 0
    text = format_result(big)
    assert "others may exist" in text and "raise --max-moves" not in text
    one = grundy.solve("kayles 40", max_moves=1)
    assert one.winning_moves_truncated and not one.winning_moves_listing_cut
    assert "raise --max-moves to see more" in format_result(one)


def test_the_fill_adds_the_saltus() -> None:
    game = TakeAndBreak.from_code("0.8b")
    filled = build_table(game, 3000)
    computed = build_table(game, 3000, period_fill=False)
    assert np.array_equal(filled, computed)  # heaps up to 3,000, filled and computed


@pytest.mark.parametrize("code", ["0.8", "0.8b", "0.c", "0.3f", "0.a8", "0.bc", "8.2", "0.e8"])
def test_certificates_hold_on_long_tables(code: str) -> None:
    certified, proved = _never_wrong(code, 400, (10, 16, 24, 40, 60))
    assert proved == 1 and certified >= 1


@pytest.mark.parametrize(
    ("code", "size", "claim"), [("0.9c", 12, (2, 3, 2)), ("0.68", 30, (4, 7, 4))]
)
def test_a_claim_that_breaks_gets_no_proof(
    code: str, size: int, claim: tuple[int, int, int]
) -> None:
    # the first `size` values of `code` look arithmetic periodic; a later heap breaks it
    game = TakeAndBreak.from_code(code)
    values = [int(v) for v in build_table(game, 200, period_fill=False)]
    e, p, s = find_period(values[:size])
    assert (e, p, s) == claim
    assert any(values[n + p] != values[n] + s for n in range(e, 200 - p))
    assert saltus_certificate(_digits(game), values, e, p, s) is None


@pytest.mark.slow
def test_every_small_hexadecimal_code() -> None:
    # every code 0.d1 and 0.d1d2 (255), heaps 0..600, claims from prefixes of 10..80 heaps
    # and from the whole table; then 120 random codes d0.d1d2d3 with a three-heap digit
    total = proved = 0
    for code in [f"0.{a}{b}" for a in HEX for b in HEX[1:]] + [f"0.{a}" for a in HEX[1:]]:
        certified, whole = _never_wrong(code, 600, (10, 16, 24, 36, 50, 80))
        total += certified
        proved += whole
    assert proved >= 60 and total >= 300  # 68 of the 72 arithmetic-periodic ones at 1,500
    rng = random.Random(7)
    for _ in range(120):
        body = "".join(rng.choice(HEX) for _ in range(3)).rstrip("0") or "8"
        head = rng.choice("048c")
        if not any(int(c, 16) & 8 for c in head + body):
            body = body[:-1] + "8"
        _never_wrong(f"{head}.{body}", 300, (10, 16, 24, 36, 50))


def test_verify_checks_a_saltus(tmp_path: Path) -> None:
    game = TakeAndBreak.from_code("0.8b")
    values = build_table(game, 200, period_fill=False)
    claim = {"preperiod": 7, "period": 7, "saltus": 4}
    v = verify_values(values, "0.8b", claim=claim)
    assert v.ok and any("arithmetic-periodicity check" in c for c in v.checks)
    wrong = values.copy()
    wrong[150] += 1
    v = verify_values(wrong, "0.8b", claim=claim)
    assert not v.ok and "heap 150" in (v.failure or "")
    v = verify_values(values, "0.8b", claim={**claim, "saltus": 3})
    assert not v.ok
    out = tmp_path / "t.npz"
    result = grundy_cli("period", "octal:0.8b", "-n", "200", "--out", str(out))
    assert result.status == 0, result.err
    result = grundy_cli("verify", str(out))
    assert result.status == 0 and "with saltus 4" in result.out, result.out


def test_census_rows_with_a_saltus_are_checked_before_reuse() -> None:
    item = CensusItem.from_text("0.8b")
    row = compute_item(item, CensusParams(heaps=512)).to_dict()
    assert row["proved"] and (row["preperiod"], row["period"], row["saltus"]) == (7, 7, 4)
    assert check_row(item, row) is None
    assert check_row(item, {**row, "saltus": 3}) is not None
    assert check_row(item, {**row, "largest": row["largest"] + 1}) is not None
