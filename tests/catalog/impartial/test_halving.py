"""The half-division game: the notes' C move function and the moves-left parity formula."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.halving import Halving, halving_move, halving_moves_left
from grundy.core.search import SearchMemo
from tests.checks import check_misere_moves, check_winning_moves, options_by_search, search_value
from tests.reference.catalog_rules import c_move, halving_misere_wins, halving_moves, halving_value

GAME = Halving()


def test_move_is_the_notes_c_function() -> None:
    for x in range(2, 5000):
        assert halving_move(x) == c_move(x), x
        assert list(GAME.moves(x)) == halving_moves(x)
    assert list(GAME.moves(0)) == [] and list(GAME.moves(1)) == []


def test_the_c_function_disagrees_with_the_prose_at_0_and_1() -> None:
    # Literally, move(0) = 0 (a self-loop) and move(1) = 0 (but the prose says 1 cannot move).
    assert c_move(0) == 0 and c_move(1) == 0


def test_formula_matches_search_and_brute_force_up_to_4096() -> None:
    memo = SearchMemo()
    for x in range(4097):
        assert GAME.grundy_formula(x) == search_value(GAME, x, memo) == halving_value(x), x


def test_moves_left_counts_the_chain() -> None:
    for x in range(3000):
        n, y = 0, x
        while y >= 2:
            y = c_move(y)
            n += 1
        assert halving_moves_left(x) == n, x


def test_options_with_value() -> None:
    memo = SearchMemo()
    for x in range(300):
        for t in range(3):
            listed = GAME.options_with_value(x, t)
            assert set(listed) == options_by_search(GAME, x, t, memo)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=5))
def test_random_positions(piles: list[int]) -> None:
    check_winning_moves(grundy.parse("halving " + " ".join(map(str, piles))))


def test_thousand_digit_piles() -> None:
    a = 3 * 10**999 + 17
    b = 10**1000 - 1
    result = grundy.solve(f"halving {a} {b}")
    n = 0
    y = a
    while y >= 2:
        y = c_move(y)
        n += 1
    m = 0
    y = b
    while y >= 2:
        y = c_move(y)
        m += 1
    assert result.grundy == (n % 2) ^ (m % 2)
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
    assert any("binary" in line for line in result.explanation)


@pytest.mark.slow
def test_misere_against_whole_position_brute_force() -> None:
    # Bounds: every multiset of up to 3 piles from 0..40.
    piles = (
        combo
        for size in (1, 2, 3)
        for combo in itertools.combinations_with_replacement(range(41), size)
    )
    check_misere_moves("halving", piles, halving_misere_wins, halving_moves)
