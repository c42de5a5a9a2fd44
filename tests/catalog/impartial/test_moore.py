"""Moore's Nim_K: the binary-column theorem, winning moves and their count."""

from __future__ import annotations

from functools import partial
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import parse, solve
from grundy.catalog.impartial.moore import (
    MooreNim,
    count_moore_p_options,
    is_moore_misere_p,
    is_moore_p,
    moore_one_winning_move,
    moore_p_options,
)
from grundy.core.search import SearchMemo, grundy_by_search
from tests.reference.heap_rules import misere_outcomes, moore_moves, moore_table

# (K, number of heaps, heap sizes 0..size-1): all positions in these boxes.
BOXES = [(1, 3, 8), (2, 3, 8), (3, 3, 6), (2, 4, 5), (3, 4, 4)]


def test_p_positions_and_winning_moves_match_brute_force() -> None:
    for k, heaps, size in BOXES:
        table = moore_table(k, heaps, size)
        for state, g in table.items():
            assert is_moore_p(k, state) == (g == 0), (k, state)
            brute = sorted({o for o in moore_moves(k, state) if table[o] == 0})
            assert sorted(moore_p_options(k, state)) == brute, (k, state)
            assert count_moore_p_options(k, state) == len(brute), (k, state)


def test_formula_matches_generic_search_k2_three_heaps_below_6() -> None:
    game, memo = MooreNim(2), SearchMemo()
    table = moore_table(2, 3, 6)
    for state in product(range(6), repeat=3):
        g, _ = grundy_by_search(game, state, memo, max_positions=10**6)
        assert g == table[state]
        f = game.grundy_formula(state)
        assert f is None or f == g == 0


def test_the_notes_sum_mod_k_plus_1_is_wrong() -> None:
    # Notes: "the first player loses iff the sum of the piles is 0 mod K+1".
    # moore:1 2 (Nim with one heap of 2) has sum 2 = 0 mod 2, yet the mover wins.
    assert 2 % (1 + 1) == 0 and solve("moore:1 2").outcome == "N"


def test_misere_rule_and_moves_match_brute_force() -> None:
    # Misère Nim_K: like normal play unless every heap is 0 or 1; then the mover
    # loses iff the number of 1s is 1 mod K+1.
    for k, heaps, size in BOXES:
        states = list(product(range(size), repeat=heaps))
        win = misere_outcomes(states, partial(moore_moves, k))
        game = MooreNim(k)
        for s in states:
            expected_p = is_moore_p(k, s) if max(s) > 1 else sum(s) % (k + 1) == 1
            assert (not win[s]) == expected_p == is_moore_misere_p(k, s), (k, s)
            answer = game.misere_solve([s], 10**6)
            assert answer is not None and (answer.outcome == "P") == expected_p
            # one move per multiset of heaps reached (the heaps are interchangeable)
            brute = sorted({tuple(sorted(o)) for o in moore_moves(k, s) if not win[o]})
            listed = [tuple(sorted(o)) for _, (o,) in answer.winning or ()]
            assert sorted(listed) == brute, (k, s)
            assert answer.winning_total == len(brute), (k, s)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.lists(st.integers(0, 2**64), min_size=1, max_size=5))
def test_random_large_winning_moves_lead_to_p(k: int, heaps: list[int]) -> None:
    state = tuple(heaps)
    moves = []
    for i, m in enumerate(moore_p_options(k, state)):
        if i == 50:
            break
        moves.append(m)
    if is_moore_p(k, state):
        assert moves == [] and count_moore_p_options(k, state) == 0
        return
    assert moves
    for m in moves:
        changed = [i for i in range(len(state)) if m[i] != state[i]]
        assert 1 <= len(changed) <= k and all(m[i] < state[i] for i in changed)
        assert is_moore_p(k, m)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 12), st.lists(st.integers(0, 2**80), min_size=1, max_size=40))
def test_constructive_winning_move(k: int, heaps: list[int]) -> None:
    move = moore_one_winning_move(k, heaps)
    if is_moore_p(k, heaps):
        assert move is None
        return
    assert move is not None
    changed = [i for i in range(len(heaps)) if move[i] != heaps[i]]
    assert 1 <= len(changed) <= k and all(move[i] < heaps[i] for i in changed)
    assert is_moore_p(k, move)


def test_many_heaps_large_k_answers_with_one_constructive_move() -> None:
    heaps = tuple(range(1, 41))
    assert count_moore_p_options(10, heaps) is None  # C(40, <=10) sets: not counted
    r = solve("moore:10 " + " ".join(map(str, heaps)))
    assert r.outcome == "N" and any("constructive" in line for line in r.explanation)


def test_cut_list_reports_the_total() -> None:
    r = solve("moore:2 6 7 7 7", max_moves=3)
    assert len(r.winning_moves) == 3 and r.winning_moves_truncated
    # moves counted once per multiset of heaps reached (the heaps are interchangeable)
    distinct = {tuple(sorted(o)) for o in moore_p_options(2, (6, 7, 7, 7))}
    assert count_moore_p_options(2, (6, 7, 7, 7)) == 25
    assert r.winning_moves_total == len(distinct) == 5


def test_thousand_digit_heaps() -> None:
    heaps = (3**2000, 5**1450, 7**1200, 12345)
    moves = list(moore_p_options(2, heaps))
    assert moves and all(is_moore_p(2, m) for m in moves)
    assert count_moore_p_options(2, heaps) == len(moves)
    r = solve("moore:2 " + " ".join(map(str, heaps)))
    assert r.outcome == "N" and "not known" in r.method and r.grundy is None
    distinct = {tuple(sorted(m)) for m in moves}
    assert len(r.winning_moves) == r.winning_moves_total == len(distinct)
    for pos in r.winning_moves:
        assert is_moore_p(2, pos.components[0].state)
    x = 3**2000
    p = solve(f"moore:2 {x} {x} {x}")
    assert p.outcome == "P" and p.grundy == 0
    m = solve("moore:2 " + " ".join(map(str, heaps)), misere=True, max_moves=5)
    assert m.outcome == "N" and m.winning_moves
    for pos in m.winning_moves:
        assert is_moore_misere_p(2, pos.components[0].state)


def test_round_trip() -> None:
    assert str(parse("moore:2 3 5 6")) == "moore:2 3 5 6"
    assert parse("moore:2 3 5 6").components[0].state == (3, 5, 6)
