"""Bash's game M and P..Q: the periodic formula, winning moves, misère by SJ."""

from __future__ import annotations

from itertools import combinations_with_replacement, islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import parse, solve
from grundy.core.misere import sj_condition_counterexample
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.heap.bash import Bash
from tests.cli.helpers import run
from tests.reference.heap_rules import bash_table, heap_sum_moves, misere_outcomes


def test_formula_matches_brute_force_p_below_15_q_below_30_n_to_400() -> None:
    for p in range(1, 15):
        for q in range(p, 30):
            game = Bash(q, p)
            table = bash_table(p, q, 401)
            assert [game.grundy_formula(n) for n in range(401)] == table, (p, q)


def test_formula_matches_generic_search_p_below_6_q_below_12_n_to_100() -> None:
    for p in range(1, 6):
        for q in range(p, 12):
            game, memo = Bash(q, p), SearchMemo()
            for n in range(101):
                g, _ = grundy_by_search(game, n, memo, max_positions=10**5)
                assert g == game.grundy_formula(n), (p, q, n)


def test_options_with_value_match_enumeration() -> None:
    for p in range(1, 5):
        for q in range(p, 9):
            game = Bash(q, p)
            for n in range(60):
                opts = set(game.moves(n))
                for v in range(q + 2):
                    brute = sorted(o for o in opts if game.grundy_formula(o) == v)
                    got = [o for (o,) in game.options_with_value(n, v)]
                    assert sorted(got) == brute and len(got) == len(set(got)), (p, q, n, v)
                    assert game.count_options_with_value(n, v) == len(brute)


def test_the_notes_variation_formula_is_wrong() -> None:
    # Notes: "r = n % (p+q); the first player wins iff r != 0 and r < p".
    # bash:2..2 with 2 counters: r = 2, not < 2, so the notes say "lose"; taking both wins.
    n, p, q = 2, 2, 2
    r = n % (p + q)
    assert not (r != 0 and r < p)
    assert solve("bash:2..2 2").outcome == "N"
    # the correct rule: the mover wins iff 1 <= r <= q
    for n in range(50):
        r = n % (p + q)
        assert (solve(f"bash:2..2 {n}").outcome == "N") == (1 <= r <= q)


def test_sj_hypothesis_holds_for_bash() -> None:
    for p in range(1, 5):
        for q in range(p, 9):
            assert sj_condition_counterexample(Bash(q, p), range(80)) is None, (p, q)


@pytest.mark.parametrize(("p", "q"), [(1, 1), (1, 3), (2, 3), (3, 5), (2, 2)])
def test_misere_sums_match_brute_force(p: int, q: int) -> None:
    # every multiset of 1..3 heaps of sizes 0..11
    game = Bash(q, p)
    heap_moves = heap_sum_moves(lambda h: list(game.moves(h)))
    for heaps in range(1, 4):
        states = sorted(combinations_with_replacement(range(12), heaps), key=lambda s: (sum(s), s))
        win = misere_outcomes(states, heap_moves)
        for state in states:
            answer = game.misere_solve(list(state), 1000)
            assert answer is not None
            assert (answer.outcome == "N") == win[state], (p, q, state)
            brute = {m for m in heap_moves(state) if not win[m]}
            got = {
                tuple(sorted((*state[:i], *opt, *state[i + 1 :])))
                for i, opt in (answer.winning or ())
            }
            assert got == brute, (p, q, state)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 10**6),
    st.integers(0, 10**6),
    st.lists(st.integers(0, 10**30), min_size=1, max_size=4),
)
def test_random_large_winning_moves_lead_to_p(p: int, extra: int, heaps: list[int]) -> None:
    game = Bash(p + extra, p)
    values = [game.grundy_formula(h) for h in heaps]
    total = 0
    for v in values:
        total ^= v
    for h, v in zip(heaps, values, strict=True):
        target = v ^ total
        options = [o for (o,) in islice(game.options_with_value(h, target), 5)]
        if total == 0:
            assert options == []  # from a P-position no move leads to a P-position
        for o in options:
            assert p <= h - o <= p + extra or (h < p and o == 0)
            assert game.grundy_formula(o) == target


def test_thousand_digit_heaps() -> None:
    big = 7**1200  # 1,015 digits
    r = solve(f"bash:7..20 {big} {big + 5} 4")
    assert r.winning_moves or r.outcome == "P"
    for m in r.winning_moves:
        x = 0
        for c in m.components:
            x ^= Bash(20, 7).grundy_formula(c.state)
        assert x == 0
    mis = solve(f"bash:7..20 {big} {big + 5} 4", misere=True)
    assert mis.outcome in "NP"


def test_parse_print_and_bad_parameters() -> None:
    assert str(parse("bash:2..5 9")) == "bash:2..5 9"
    assert str(parse("bash:1..5 9")) == "bash:5 9"
    assert parse("bash:3 9") == parse("bash:1..3 9")
    for bad in ("bash:0 3", "bash:5..2 3", "bash:0..2 3", "bash:x 3"):
        with pytest.raises(ValueError, match="bash"):
            parse(bad)


def test_cli_bad_range_is_one_line() -> None:
    status, out, err = run("solve", "bash:5..2", "3")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
