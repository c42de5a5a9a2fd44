"""Huge heaps answered from proved periods and closed forms (issue 10): winning moves of
take-and-break codes found over one period, exact counts, two-element subtraction sets,
quick refusals, and periods proved from short tables."""

from __future__ import annotations

import itertools
from functools import reduce

import numpy as np
import pytest

import grundy
from grundy.errors import UnsupportedError
from grundy.heap.games import KAYLES, TakeAndBreak
from grundy.heap.period import periodicity
from grundy.heap.subtraction import Subtraction, two_element_value
from grundy.heap.values import heap_values
from tests.cli.helpers import run

CODES = ["0.77", "0.07", "0.137", "4.7", "0.4", "0.35", "0.7", "0.75", "0.44", "0.3"]


def _brute(game: TakeAndBreak, values: list[int], n: int, target: int) -> list[tuple[int, ...]]:
    return [o for o in game.split_moves(n) if reduce(lambda x, h: x ^ values[h], o, 0) == target]


@pytest.mark.parametrize("code", CODES)
def test_periodic_options_equal_brute_force(code: str) -> None:
    game = TakeAndBreak.from_code(code)
    per = game.proved_periodicity()
    assert per is not None and per.proved
    values = [int(v) for v in game.table_values(700)]
    for n in range(0, 360):
        for target in sorted({0, 1, 2, values[n] ^ 1, values[n] ^ 3}):
            brute = _brute(game, values, n, target)
            assert list(game._periodic_options(n, target, per)) == brute, (code, n, target)
            assert game._periodic_count(n, target, per) == len(brute), (code, n, target)


@pytest.mark.parametrize("n", [100_003, 250_000, 262_147])
def test_periodic_path_equals_table_path_at_large_heaps(n: int) -> None:

    per = KAYLES.proved_periodicity()
    assert per is not None
    table = KAYLES.table_values(n)
    for target in (0, 1, int(table[n])):
        expected = 0
        for k in (1, 2):
            r = n - k
            expected += int(table[r]) == target
            a = np.arange(1, r // 2 + 1)
            expected += int(np.count_nonzero((table[a] ^ table[r - a]) == target))
        assert KAYLES._periodic_count(n, target, per) == expected
        first = list(itertools.islice(KAYLES._periodic_options(n, target, per), 50))
        for option in first:
            assert reduce(lambda x, h: x ^ int(table[h]), option, 0) == target


def test_kayles_count_is_exact() -> None:
    r = grundy.solve("kayles 1000000")
    assert r.winning_moves_total == 83_338
    assert len(r.winning_moves) == 100 and r.winning_moves_truncated


def test_cli_prints_shown_of_total() -> None:
    out = run("solve", "kayles", "1000000").out
    assert "Winning moves (100 of 83,338):" in out


@pytest.mark.parametrize("n", [10**12, 10**12 + 2, 10**12 + 8, 10**99, 10**99 + 4])
def test_huge_kayles_heap_first_winning_move_is_instant(n: int) -> None:
    r = grundy.solve(f"kayles {n}", max_moves=1)
    if r.grundy:
        assert len(r.winning_moves) == 1
        assert grundy.grundy_value(r.winning_moves[0]) == 0
        assert r.winning_moves_total is not None and r.winning_moves_total > 1


def test_octal_4_7_odd_huge_heap() -> None:
    r = grundy.solve(f"octal:4.7 {10**15 + 1}", max_moves=3)
    assert r.grundy == 1 and len(r.winning_moves) == 3
    assert all(grundy.grundy_value(p) == 0 for p in r.winning_moves)


# ----- subtraction games --------------------------------------------------------------


def test_two_element_closed_form_equals_brute_force() -> None:
    for a in range(1, 25):
        for b in range(a + 1, 40):
            values = heap_values(Subtraction((a, b)), 3 * (a + b) + 10)
            assert [two_element_value(a, b, n) for n in range(len(values))] == values, (a, b)


def test_large_two_element_set_is_instant() -> None:
    r = grundy.solve("subtraction:1,10000000 50000001")
    assert (r.grundy, r.outcome) == (1, "N")
    for p in r.winning_moves:
        assert grundy.grundy_value(p) == 0
    assert "two-element" in r.method


def test_large_set_without_period_is_refused_at_once() -> None:
    with pytest.raises(UnsupportedError, match="beyond the limit"):
        grundy.solve("subtraction:1,2,10000000 50000001")
    status = run("solve", "subtraction:1,2,10000000 50000001")
    assert status.status == 2 and len(status.err.strip().splitlines()) == 1


def test_short_table_proves_what_its_theorem_allows() -> None:
    game = Subtraction((2, 5, 7))
    found = periodicity(game, heap_values(game, 40))
    assert found.proved and (found.preperiod, found.period) == (0, 22)
    out = run("table", "subtraction:2,5,7", "-n", "40").out
    assert "proved period 22" in out
