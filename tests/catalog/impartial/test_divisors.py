"""The game of divisors: G(N) = Omega(N), against search, trial division and brute force."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.divisors import Divisors
from grundy.core.search import SearchMemo
from grundy.errors import UnsupportedError
from tests.checks import (
    check_listed_moves,
    check_misere_moves,
    check_winning_moves,
    options_by_search,
    search_value,
)
from tests.reference.catalog_rules import (
    big_omega_by_trial,
    divisor_moves,
    divisors_misere_wins,
    divisors_value,
)

GAME = Divisors()


def test_formula_matches_search_and_brute_force_up_to_2000() -> None:
    memo = SearchMemo()
    for n in range(1, 2001):
        formula = GAME.grundy_formula(n)
        assert formula == big_omega_by_trial(n), n
        if n <= 600:
            assert formula == search_value(GAME, n, memo) == divisors_value(n), n


def test_moves_are_exactly_the_proper_divisors() -> None:
    for n in range(1, 400):
        assert sorted(GAME.moves(n)) == divisor_moves(n)


def test_seed_xor_of_exponents_is_wrong_smallest_counterexample_6() -> None:
    def seed(n: int) -> int:
        x, p = 0, 2
        while n > 1:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            x ^= e
            p += 1
        return x

    wrong = [n for n in range(1, 100) if seed(n) != divisors_value(n)]
    assert wrong[0] == 6
    assert seed(6) == 0 and divisors_value(6) == 2  # 6 -> 1 wins at once: 6 is no P-position


def test_options_with_value_lists_exactly_the_search_options() -> None:
    memo = SearchMemo()
    for n in range(1, 200):
        for t in range(9):
            listed = list(GAME.options_with_value(n, t))
            assert len(listed) == len(set(listed))
            assert set(listed) == options_by_search(GAME, n, t, memo), (n, t)
            assert GAME.count_options_with_value(n, t) == len(listed)


def test_sums_against_whole_position_brute_force() -> None:
    # Bounds: every pair 1 <= a <= b <= 40, searched via the brute-force values' XOR
    # and outcome checks of each listed move.
    for a in range(1, 41):
        for b in range(a, 41):
            r = grundy.solve(f"divisors {a} {b}")
            assert r.grundy == divisors_value(a) ^ divisors_value(b)
            moves = {str(m) for m in r.winning_moves}
            expected = {
                str(grundy.parse(f"divisors {d} {b}"))
                for d in divisor_moves(a)
                if divisors_value(d) ^ divisors_value(b) == 0
            } | {
                str(grundy.parse(f"divisors {a} {d}"))
                for d in divisor_moves(b)
                if divisors_value(a) ^ divisors_value(d) == 0
            }
            assert moves == expected, (a, b)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 10**12), min_size=1, max_size=3))
def test_random_positions(numbers: list[int]) -> None:
    check_listed_moves("divisors " + " ".join(map(str, numbers)), max_moves=10)


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 5000), st.integers(2, 5000))
def test_random_p_positions(a: int, b: int) -> None:
    # a * 2^k with Omega equal to Omega(b): a P-position with b.
    k = max(0, big_omega_by_trial(b) - big_omega_by_trial(a))
    a2 = a * 2**k
    assume(big_omega_by_trial(a2) == big_omega_by_trial(b))  # else Omega(a) > Omega(b)
    position = grundy.parse(f"divisors {a2} {b}")
    assert grundy.solve(position).outcome == "P"
    check_winning_moves(position)


def test_thousand_digit_numbers_with_winning_moves() -> None:
    n = 2**1500 * 3**700 * 7**300 * 1009 * 10007
    m = 5**1200 * (2**3217 - 1)  # a Mersenne prime (proven), here a BPSW probable prime
    assert len(str(n)) >= 1000 and len(str(m)) >= 1000
    result = grundy.solve(f"divisors {n} {m}", max_moves=25)
    assert result.grundy == (1500 + 700 + 300 + 2) ^ 1201
    assert result.winning_moves_truncated and result.winning_moves_total
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
        for c, original in zip(after.components, (n, m), strict=True):
            assert original % c.state == 0
    assert any("Baillie-PSW" in line for line in result.explanation)


@pytest.mark.slow  # the factoring gives up after its time budget
def test_hard_to_factor_number_is_refused_not_guessed() -> None:
    p = 2**89 - 1
    q = 2**107 - 1
    with pytest.raises(UnsupportedError, match="could not factor"):
        grundy.grundy_value(f"divisors {p * q * (2**127 - 1)}")
    assert math.gcd(p, q) == 1


def test_zero_is_rejected() -> None:
    with pytest.raises(grundy.InvalidSpecError):
        grundy.parse("divisors 0")


def test_misere_against_whole_position_brute_force() -> None:
    # Bounds: every multiset of up to 3 numbers from 1..24.
    numbers = (
        combo
        for size in (1, 2, 3)
        for combo in itertools.combinations_with_replacement(range(1, 25), size)
    )
    check_misere_moves("divisors", numbers, divisors_misere_wins, divisor_moves)
