"""Divisor removal: search against brute force; the strategy-stealing answer for big tables."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.divisor_removal import SEARCH_MAX_SIZE, DivisorRemoval, components
from tests.checks import check_winning_moves
from tests.reference.catalog_rules import removal_misere_wins, removal_moves, removal_value


def test_values_of_1_to_n_match_brute_force() -> None:
    # Bounds: tables 1..N for N <= 16, by a brute force that never splits the table.
    for n in range(1, 17):
        table = frozenset(range(1, n + 1))
        r = grundy.solve(f"divisor-removal 1..{n}")
        assert r.grundy == removal_value(table), n
        assert r.outcome == "N"  # strategy stealing
        expected = {t for t in removal_moves(table) if removal_value(t) == 0}
        got = {frozenset().union(*(c.state for c in w.components)) for w in r.winning_moves}
        assert got == expected, n


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 30), max_size=9))
def test_random_tables(table: set[int]) -> None:
    spec = "divisor-removal " + DivisorRemoval().format_state(frozenset(table))
    position = grundy.parse(spec)
    assert grundy.grundy_value(position) == removal_value(frozenset(table))
    check_winning_moves(position)
    r = grundy.solve(position, misere=True)
    assert (r.outcome == "N") == removal_misere_wins(frozenset(table))


def test_components_are_independent() -> None:
    for table in ({2, 3, 4, 6, 9, 25, 7}, set(range(2, 20))):
        parts = components(table)
        value = 0
        for p in parts:
            value ^= removal_value(p)
        assert value == removal_value(frozenset(table))


def test_strategy_stealing_for_tables_with_a_common_divisor() -> None:
    # Any table with an element dividing all others is N (normal), and misère N if size >= 2.
    for table in ({3, 6, 9, 12, 15, 18, 21}, {2, 4, 8, 6, 10}, {1, 5, 7, 11}):
        t = frozenset(table)
        assert removal_value(t) != 0
        assert removal_misere_wins(t)


def test_big_table_answers_outcome_without_pretending_a_move() -> None:
    r = grundy.solve("divisor-removal 1..500")
    assert r.outcome == "N" and r.grundy is None
    assert r.winning_moves == () and not r.winning_moves_truncated
    assert "strategy stealing" in r.method and "no winning move is known" in r.method
    m = grundy.solve(f"divisor-removal 1..{SEARCH_MAX_SIZE + 1}", misere=True)
    assert m.outcome == "N" and m.winning_moves == ()


def test_big_table_without_the_theorem_is_not_guessed() -> None:
    with pytest.raises(grundy.SearchLimitError):
        grundy.solve("divisor-removal 2..200", max_positions=50)


def test_spec_round_trip_and_empty_table() -> None:
    for spec in ("divisor-removal 1..10", "divisor-removal 2,3,5..7", "divisor-removal {}"):
        p = grundy.parse(spec)
        assert grundy.parse(str(p)) == p
    assert grundy.solve("divisor-removal {}").outcome == "P"
    assert grundy.solve("divisor-removal {1}").outcome == "N"
    assert grundy.solve("divisor-removal {1}", misere=True).outcome == "P"
    with pytest.raises(grundy.InvalidSpecError):
        grundy.parse("divisor-removal 0..3")
    with pytest.raises(grundy.InvalidSpecError):
        grundy.parse("divisor-removal 1 2")


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(1, 200), max_size=25))
def test_split_moves_are_the_parts_of_what_is_left(table: set[int]) -> None:
    game = DivisorRemoval()
    got = list(game.split_moves(frozenset(table)))
    expected = [tuple(components(frozenset(y for y in table if x % y))) for x in sorted(table)]
    assert got == expected


def test_search_past_its_limit_falls_back_on_the_theorem() -> None:
    grundy.clear_cache()
    r = grundy.solve("divisor-removal 1..30", max_positions=5)
    assert r.outcome == "N" and r.grundy is None and r.winning_moves == ()
    assert "strategy stealing" in r.method
    full = grundy.solve("divisor-removal 1..30")
    assert full.grundy is not None and full.winning_moves
    for after in full.winning_moves:
        assert grundy.solve(after).outcome == "P"
