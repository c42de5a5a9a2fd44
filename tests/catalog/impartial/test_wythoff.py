"""Wythoff's game: the exact Beatty formula against two searches, and at 1,000 digits."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import parse, solve
from grundy.catalog.impartial.wythoff import (
    Wythoff,
    is_wythoff_misere_p,
    is_wythoff_p,
    lower_wythoff,
    wythoff_misere_p_options,
    wythoff_p_options,
    wythoff_pair,
    wythoff_partner,
)
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.errors import UnsupportedError
from tests.cli.helpers import run
from tests.reference.heap_rules import misere_outcomes, wythoff_moves, wythoff_table

SIZE = 40  # all piles 0..39
TABLE = wythoff_table(SIZE)
BIG_A = 3**2000  # 955 digits
BIG_B = 5**1500 + 7  # 1049 digits
#: Smallest difference k where the notes' double-precision test goes wrong (F_40; a
#: vectorised scan of every k below 2·10^8 found no smaller one, see docs/games/wythoff.md).
FLOAT_COUNTEREXAMPLE_K = 102_334_155


def test_p_positions_match_brute_force_all_piles_below_40() -> None:
    for (a, b), g in TABLE.items():
        assert is_wythoff_p(a, b) == (g == 0), (a, b)


def test_formula_matches_generic_search_all_piles_below_25() -> None:
    game, memo = Wythoff(), SearchMemo()
    for a in range(25):
        for b in range(25):
            g, _ = grundy_by_search(game, (a, b), memo, max_positions=10**6)
            assert g == TABLE[a, b]
            f = game.grundy_formula((a, b))
            assert f is None or f == g == 0


def test_winning_moves_are_exactly_the_p_options_below_40() -> None:
    for a in range(SIZE):
        for b in range(SIZE):
            brute = sorted({o for o in wythoff_moves(a, b) if TABLE[o] == 0})
            assert sorted(wythoff_p_options(a, b)) == brute, (a, b)


def test_partner_and_pairs_first_10000() -> None:
    seen: set[int] = set()
    for k in range(1, 10_000):
        x, y = wythoff_pair(k)
        assert wythoff_partner(x) == y and wythoff_partner(y) == x
        seen.update((x, y))
    # the two Beatty sequences partition the positive integers
    assert set(range(1, 16_000)) <= seen


def test_integer_floor_against_exact_rational_bounds() -> None:
    # ⌊kφ⌋ = a  iff  a ≤ kφ < a+1  iff  (2a - k)² ≤ 5k² < (2a + 2 - k)² (with 2a ≥ k)
    for k in [*range(1, 3000), 10**50 + 3, 3**700]:
        a = lower_wythoff(k)
        assert 2 * a >= k
        assert (2 * a - k) ** 2 <= 5 * k * k < (2 * a + 2 - k) ** 2


def test_float_formula_of_the_notes_fails_for_large_piles() -> None:
    # The notes' C code: int t = abs(a-b) * ((sqrt(5)+1)/2); lose iff t == min(a,b).
    # Near a Fibonacci difference, kφ is within 1/(√5 k) of an integer, which
    # double precision cannot resolve once k is around 10^8.
    phi = (5**0.5 + 1) / 2
    fib = [1, 2]
    while fib[-1] < 10**12:
        fib.append(fib[-1] + fib[-2])
    wrong = [k for k in fib if int(k * phi) != lower_wythoff(k)]
    assert wrong, "double precision happened to be exact"
    k = wrong[0]
    a, b = wythoff_pair(k)
    assert is_wythoff_p(a, b)
    assert int(k * phi) != a  # the float test calls this P-position a win
    assert k == FLOAT_COUNTEREXAMPLE_K


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**30), st.integers(0, 10**30))
def test_random_large_winning_moves_lead_to_p(a: int, b: int) -> None:
    opts = wythoff_p_options(a, b)
    if is_wythoff_p(a, b):
        assert opts == []
        return
    assert 1 <= len(opts) <= 3
    for x, y in opts:
        assert is_wythoff_p(x, y)
        assert (x == a and y < b) or (y == b and x < a) or (0 < a - x == b - y)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**20))
def test_random_p_positions_have_no_p_option(k: int) -> None:
    a, b = wythoff_pair(k)
    assert wythoff_p_options(a, b) == []
    assert wythoff_p_options(b, a) == []
    # the neighbours of a P-position are N-positions with a move back to it
    assert (a, b) in wythoff_p_options(a + 1, b + 1)
    assert (a, b) in wythoff_p_options(a, b + 5)


def test_thousand_digit_piles_answer_fast_with_winning_moves() -> None:
    opts = wythoff_p_options(BIG_A, BIG_B)
    assert opts and all(is_wythoff_p(*o) for o in opts)
    k = 10**999 + 12345
    a, b = wythoff_pair(k)
    assert is_wythoff_p(a, b) and is_wythoff_p(b, a)
    r = solve(f"wythoff {a} {b}")
    assert r.outcome == "P" and r.grundy == 0 and r.winning_moves == ()
    m = solve(f"wythoff {BIG_A} {BIG_B}", misere=True)
    assert m.outcome == "N" and m.winning_moves
    for pos in m.winning_moves:
        (c,) = pos.components
        assert is_wythoff_misere_p(*c.state)


def test_large_n_position_alone_gives_outcome_and_winning_moves() -> None:
    r = solve(f"wythoff {BIG_A} {BIG_B}")
    assert r.outcome == "N" and r.grundy is None and "not known" in r.method
    assert r.winning_moves and r.winning_moves_total == len(r.winning_moves)
    for pos in r.winning_moves:
        (c,) = pos.components
        assert is_wythoff_p(*c.state)


def test_large_n_position_in_a_sum_is_refused_clearly() -> None:
    with pytest.raises(UnsupportedError, match=r"no\s+known closed form"):
        solve(f"wythoff {BIG_A} {BIG_B} + nim 3")


def test_misere_single_game_matches_brute_force_below_40() -> None:
    states = [(a, b) for a in range(SIZE) for b in range(SIZE)]
    win = misere_outcomes(states, lambda s: wythoff_moves(*s))
    for a, b in states:
        assert is_wythoff_misere_p(a, b) == (not win[a, b]), (a, b)
        brute = sorted(o for o in wythoff_moves(a, b) if not win[o])
        assert sorted(wythoff_misere_p_options(a, b)) == brute, (a, b)


def test_misere_sum_of_two_games_goes_to_search_and_matches_brute_force() -> None:
    # no theorem for several components: the generic search decides; all pairs below 4
    def moves(s: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        a, b, c, d = s
        return [(x, y, c, d) for x, y in wythoff_moves(a, b)] + [
            (a, b, x, y) for x, y in wythoff_moves(c, d)
        ]

    states = sorted(product(range(4), repeat=4), key=lambda s: (sum(s), s))
    win = misere_outcomes(states, moves)
    for a, b, c, d in states:
        r = solve(f"wythoff {a} {b} + wythoff {c} {d}", misere=True)
        assert (r.outcome == "N") == win[a, b, c, d], (a, b, c, d)
    assert r.method.startswith("misère search")


def test_round_trip_and_bad_input() -> None:
    assert str(parse("wythoff 5 3")) == "wythoff 5 3"
    with pytest.raises(ValueError, match="exactly two"):
        parse("wythoff 5")


def test_cli_explains_the_p_position_pair() -> None:
    status, out, err = run("solve", "wythoff", "4", "6")
    assert status == 0, err
    assert "wythoff 3 5" in out and "(3, 5)" in out and "⌊kφ⌋" in out
