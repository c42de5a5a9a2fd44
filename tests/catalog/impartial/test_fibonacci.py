"""Fibonacci Nim: Whinihan's theorem and the winning takes, against two searches."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import parse, solve
from grundy.catalog.impartial.fibonacci import (
    FibonacciNim,
    fibonacci_winning_takes,
    is_fibonacci_p,
    zeckendorf,
)
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.errors import UnsupportedError
from tests.cli.helpers import run
from tests.reference.heap_rules import fibonacci_moves, fibonacci_table, misere_outcomes

SIZE = 90  # all n < 90, all caps 0..n
TABLE = fibonacci_table(SIZE)
FIBS = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89}


def _is_fib(n: int) -> bool:
    a, b = 1, 2
    while a < n:
        a, b = b, a + b
    return a == n


def test_p_positions_match_brute_force_n_below_90_every_cap() -> None:
    for n in range(SIZE):
        for cap in range(n + 1):
            assert is_fibonacci_p(n, cap) == (TABLE[n, cap] == 0), (n, cap)


def test_starting_positions_lose_exactly_at_fibonacci_numbers() -> None:
    for n in range(2, SIZE):
        assert (TABLE[n, n - 1] == 0) == (n in FIBS), n


def test_formula_matches_generic_search_n_below_60() -> None:
    game, memo = FibonacciNim(), SearchMemo()
    for n in range(60):
        for cap in range(n + 1):
            g, _ = grundy_by_search(game, (n, cap), memo, max_positions=10**6)
            assert g == TABLE[n, cap], (n, cap)
            f = game.grundy_formula((n, cap))
            assert f is None or f == g == 0


def test_winning_takes_are_exactly_the_moves_to_p_below_90() -> None:
    for n in range(SIZE):
        for cap in range(n + 1):
            brute = [n - m for m, c in fibonacci_moves(n, cap) if TABLE[m, c] == 0]
            assert sorted(fibonacci_winning_takes(n, cap)) == sorted(brute), (n, cap)


def test_misere_single_pile_matches_brute_force_n_below_90_every_cap() -> None:
    states = [(n, c) for n in range(SIZE) for c in range(2 * SIZE + 1)]
    win = misere_outcomes(states, lambda s: fibonacci_moves(*s))
    game = FibonacciNim()
    for n in range(SIZE):
        for cap in range(n + 1):
            answer = game.misere_solve([(n, cap)], 10**6)
            assert answer is not None
            assert (answer.outcome == "N") == win[n, cap], (n, cap)
            brute = sorted(n - m for m, c in fibonacci_moves(n, cap) if not win[m, c])
            got = sorted(n - m for _, ((m, _),) in answer.winning or ())
            assert got == brute and answer.winning_total == len(brute), (n, cap)


def test_misere_thousand_digit_pile() -> None:
    n = 10**999 + 12345
    r = solve(f"fibonacci {n}", misere=True)
    assert r.outcome == "N" and r.winning_moves
    for pos in r.winning_moves:
        m, c = pos.components[0].state
        assert is_fibonacci_p(m - 1, c) and m >= 1  # misère P: normal P one counter lower


def test_zeckendorf_is_valid_and_unique_shape() -> None:
    for n in range(1, 5000):
        z = zeckendorf(n)
        assert sum(z) == n and all(_is_fib(t) for t in z)
        # non-consecutive Fibonacci numbers: each term is more than twice the next
        assert all(a > 2 * b for a, b in pairwise(z))


def test_the_notes_is_losing_is_wrong() -> None:
    # Notes: "losing iff the Zeckendorf representation ends in 1". A start of 2 (a
    # Fibonacci number, Zeckendorf [2]) loses; a start of 4 = 3 + 1 wins (take 1).
    assert solve("fibonacci 2").outcome == "P" and zeckendorf(2)[-1] != 1
    assert solve("fibonacci 4").outcome == "N" and zeckendorf(4)[-1] == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**40), st.integers(0, 10**40))
def test_random_large_winning_takes_lead_to_p(n: int, cap: int) -> None:
    cap = min(cap, n)
    takes = fibonacci_winning_takes(n, cap)
    if is_fibonacci_p(n, cap):
        assert takes == []
        return
    assert takes and takes[0] == zeckendorf(n)[-1]
    for k in takes:
        assert 1 <= k <= cap and is_fibonacci_p(n - k, 2 * k)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**40), st.integers(1, 200))
def test_random_p_positions_have_no_move_to_p(n: int, k: int) -> None:
    cap = zeckendorf(n)[-1] - 1
    assert is_fibonacci_p(n, cap)
    for take in range(1, min(cap, n, k) + 1):  # a sample of the takes: the smallest ones
        assert not is_fibonacci_p(n - take, 2 * take)
    if cap >= 1:
        assert not is_fibonacci_p(n - cap, 2 * cap)


def test_thousand_digit_pile() -> None:
    n = 3**2000
    takes = fibonacci_winning_takes(n, n - 1)
    assert takes and all(is_fibonacci_p(n - k, 2 * k) for k in takes)
    thousand = 10**999 + 12345  # 1,000 digits
    assert fibonacci_winning_takes(thousand, thousand - 1)[0] == zeckendorf(thousand)[-1]
    r = solve(f"fibonacci {n}", max_moves=2000)
    assert r.outcome == "N" and r.grundy is None and "not known" in r.method
    assert len(r.winning_moves) == r.winning_moves_total == len(takes)
    for pos in r.winning_moves:
        assert is_fibonacci_p(*pos.components[0].state)
    fib = 1
    a, b = 1, 2
    while b < 10**999:
        a, b = b, a + b
    fib = b
    p = solve(f"fibonacci {fib}")
    assert p.outcome == "P" and p.grundy == 0


def test_large_n_position_in_a_sum_is_refused_clearly() -> None:
    with pytest.raises(UnsupportedError, match="no known closed form"):
        solve(f"fibonacci {10**30} + nim 1")


def test_round_trip() -> None:
    for spec in ("fibonacci 20", "fibonacci 20 3", "fibonacci 1", "fibonacci 0"):
        assert str(parse(spec)) == spec
    assert str(parse("fibonacci 5 99")) == "fibonacci 5 5"
    assert parse("fibonacci 20 19") == parse("fibonacci 20")


def test_cli_shows_zeckendorf() -> None:
    status, out, err = run("solve", "fibonacci", "20")
    assert status == 0, err
    assert "20 = 13 + 5 + 2" in out and "fibonacci 18 4" in out
