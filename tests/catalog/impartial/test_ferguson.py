"""Ferguson's game: G(m, n) = trailing ones of (m-1)|(n-1); misère rule; winning moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.ferguson import Ferguson, ferguson_grundy
from grundy.core.search import SearchMemo
from tests.checks import check_winning_moves, options_by_search, search_value
from tests.reference.catalog_rules import ferguson_misere_wins, ferguson_moves, ferguson_value

GAME = Ferguson()


def test_formula_matches_search_and_brute_force() -> None:
    # Bounds: all 1 <= m, n <= 80.
    memo = SearchMemo()
    for m in range(1, 81):
        for n in range(1, 81):
            value = GAME.grundy_formula((m, n))
            assert value == search_value(GAME, (m, n), memo) == ferguson_value(m, n), (m, n)


def test_seed_outcome_rule_holds_but_values_are_not_0_1() -> None:
    # The seed: P iff both odd. True for outcomes; but as a component of a sum
    # the value matters: ferguson 1 4 has value 2, so ferguson 1 4 + nim 2 is a P-position.
    for m in range(1, 60):
        for n in range(1, 60):
            assert (ferguson_value(m, n) == 0) == (m % 2 == 1 and n % 2 == 1)
    assert ferguson_value(1, 4) == 2
    assert grundy.solve("ferguson 1 4 + nim 2").outcome == "P"


def test_options_with_value() -> None:
    # Bounds: 1 <= m, n <= 40, every target 0..7.
    memo = SearchMemo()
    for m in range(1, 41):
        for n in range(1, 41):
            for t in range(8):
                listed = list(GAME.options_with_value((m, n), t))
                assert len(listed) == len(set(listed)), (m, n, t)
                assert set(listed) == options_by_search(GAME, (m, n), t, memo), (m, n, t)
                assert GAME.count_options_with_value((m, n), t) == len(listed), (m, n, t)


def test_moves_match_brute_force() -> None:
    for m in range(1, 20):
        for n in range(1, 20):
            assert set(GAME.moves((m, n))) == ferguson_moves(m, n)


@pytest.mark.slow
def test_misere_rule_against_brute_force() -> None:
    # Bounds: all 1 <= m, n <= 45 alone; sums of two positions with boxes <= 7 by search.
    for m in range(1, 46):
        for n in range(1, 46):
            r = grundy.solve(f"ferguson {m} {n}", misere=True)
            assert (r.outcome == "N") == ferguson_misere_wins(m, n), (m, n)
            expected = {p for p in ferguson_moves(m, n) if not ferguson_misere_wins(*p)}
            got = {c.state for w in r.winning_moves for c in w.components}
            assert got == expected, (m, n)
            assert r.winning_moves_total == len(expected)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.integers(1, 10**6))
def test_random_positions(m: int, n: int) -> None:
    result = grundy.solve(f"ferguson {m} {n} + nim 3", max_moves=15)
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
    if result.outcome == "N":
        assert result.winning_moves


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 150), st.integers(1, 150))
def test_random_small_p_positions(m: int, n: int) -> None:
    check_winning_moves(grundy.parse(f"ferguson {2 * m - 1} {2 * n - 1}"))


def test_thousand_digit_boxes() -> None:
    m = 10**1000 + 7
    n = 2**3330
    result = grundy.solve(f"ferguson {m} {n} + nim 1", max_moves=20)
    assert result.grundy == ferguson_grundy(m, n) ^ 1
    assert result.winning_moves_truncated
    assert result.winning_moves_total is not None and result.winning_moves_total > 10**900
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
    misere = grundy.solve(f"ferguson {m} {n}", misere=True, max_moves=5)
    assert misere.outcome == "N" and len(misere.winning_moves) == 5
