"""Periodicity: finding periods, proofs by theorem (octal and subtraction games), known periods,
and the subtraction games' proved-period closed form against the generic search."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import assume, given, settings

from grundy import solve
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import find_period, periodicity
from grundy.heap.subtraction import Subtraction
from grundy.heap.table import build_table
from grundy.heap.tools import heap_periodicity

from .data_files import lines
from .strategies import games


def test_find_period_plain_and_arithmetic() -> None:
    assert find_period([7, 7, 1, 2, 3] + [1, 2, 3] * 10) == (2, 3, 0)
    assert find_period(list(range(30))) == (0, 1, 1)
    assert find_period([1, 2, 4, 3, 5, 0]) == (0, 0, 0)


def test_three_equal_values_at_the_end_are_not_a_period() -> None:
    values = [0, 1, 2, 5, 3, 1, 4, 0, 6, 2, 4, 4, 4]
    assert find_period(values) == (0, 0, 0)
    assert periodicity(None, values).period is None


@pytest.mark.parametrize(
    ("code", "preperiod", "period"),
    [tuple(ln.split()) for ln in lines("known_periods.txt")],
)
def test_known_periods_are_proved(code: str, preperiod: str, period: str) -> None:
    found = heap_periodicity(TakeAndBreak.from_code(code))
    assert (found.preperiod, found.period, found.saltus) == (int(preperiod), int(period), 0)
    assert found.proved
    assert "proved" in found.reason and "checked for" in found.reason


def test_short_table_says_observed_or_nothing() -> None:
    found = heap_periodicity(TakeAndBreak.from_code("0.77"), 150)
    assert not found.proved
    assert "proved" not in found.reason


def test_infinite_codes_are_never_claimed_proved() -> None:
    found = heap_periodicity(TakeAndBreak.from_code("4.[3]"), 500)
    assert not found.proved and "observed" in found.reason


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(games(infinite=False))
def test_a_proved_period_holds_far_beyond_the_check(game: TakeAndBreak) -> None:
    found = periodicity(game, build_table(game, 400, period_fill=False))
    assume(found.proved)  # about half the games; hypothesis fails if it finds too few
    assert found.preperiod is not None and found.period is not None
    longer = build_table(game, 1600, period_fill=False)
    e, p = found.preperiod, found.period
    assert all(longer[n + p] == longer[n] for n in range(e, 1600 - p))


def test_period_fill_equals_full_computation() -> None:
    game = TakeAndBreak.from_code("0.177")
    filled = build_table(game, 6000)
    assert (filled == build_table(game, 6000, period_fill=False)).all()


SUBSETS = [s for k in range(1, 4) for s in combinations(range(1, 7), k)]


@pytest.mark.parametrize("subset", SUBSETS, ids=lambda s: ",".join(map(str, s)))
def test_subtraction_period_equals_search_to_heap_80(subset: tuple[int, ...]) -> None:
    game = Subtraction(subset)
    memo = SearchMemo()
    for n in range(81):
        assert game.grundy_formula(n) == grundy_by_search(game, n, memo, max_positions=10**5)[0]
    found = heap_periodicity(game, 200)
    period = game.period()
    assert found.proved and period is not None
    assert (found.preperiod, found.period) == period[:2]


def test_subtraction_huge_heap_winning_moves_reach_p_positions() -> None:
    n = 10**1000 + 12345
    r = solve(f"subtraction:2,5,7 {n}")
    assert "proved period" in r.method
    game = Subtraction((2, 5, 7))
    for after in r.winning_moves:
        assert game.grundy_formula(after.components[0].state) == 0
    assert r.outcome == ("N" if r.winning_moves else "P")


@pytest.mark.parametrize(("low", "high"), [(a, b) for a in range(1, 6) for b in range(a, 6)])
def test_seed_claim_bounded_subtraction(low: int, high: int) -> None:
    # Seed note 6.2: for S = {l..r}, g(x) = floor((x mod (l+r)) / l). Checked to heap 60.
    game = Subtraction(tuple(range(low, high + 1)))
    memo = SearchMemo()
    for x in range(61):
        expected = (x % (low + high)) // low
        assert grundy_by_search(game, x, memo, max_positions=10**5)[0] == expected
