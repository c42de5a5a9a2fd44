"""Lasker's Nim: the mod-4 formula and its winning moves against search and brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.lasker import LaskersNim, lasker_grundy
from grundy.core.search import SearchMemo
from tests.checks import check_listed_moves, check_winning_moves, options_by_search, search_value
from tests.reference.catalog_rules import lasker_misere_wins, lasker_moves, lasker_value

GAME = LaskersNim()


def test_formula_matches_search_for_heaps_up_to_120() -> None:
    memo = SearchMemo()
    for n in range(121):
        assert GAME.grundy_formula(n) == search_value(GAME, n, memo), n


def test_formula_matches_whole_position_brute_force() -> None:
    # Bounds: every sorted multiset of up to 3 heaps with total size <= 9, searched as
    # one game (no Sprague-Grundy XOR in the reference).
    for a in range(10):
        for b in range(a, 10 - a):
            for c in range(b, 10 - a - b):
                heaps = tuple(h for h in (a, b, c) if h)
                expected = lasker_value(heaps)
                assert grundy.grundy_value(f"lasker {a} {b} {c}") == expected, heaps


def test_seed_multi_sg_formula_fails_only_at_zero() -> None:
    # The seed's Multi-SG formula x-1, x, x, x+1 (x mod 4 = 0, 1, 2, 3) gives -1 at x = 0.
    seed = [x - 1 if x % 4 == 0 else x + 1 if x % 4 == 3 else x for x in range(200)]
    assert seed[0] == -1 and lasker_grundy(0) == 0
    assert seed[1:] == [lasker_grundy(x) for x in range(1, 200)]


def test_options_with_value_lists_exactly_the_search_options() -> None:
    # Bounds: heaps 0..48, every target value 0..50.
    memo = SearchMemo()
    for n in range(49):
        for t in range(51):
            listed = list(GAME.options_with_value(n, t))
            assert len(listed) == len(set(listed)), (n, t)
            assert set(listed) == options_by_search(GAME, n, t, memo), (n, t)
            assert GAME.count_options_with_value(n, t) == len(listed), (n, t)


def test_split_moves_match_the_brute_force_moves() -> None:
    for n in range(15):
        ours = {tuple(sorted(o)) for o in GAME.split_moves(n)}
        theirs = {tuple(h for h in m if h) for m in lasker_moves((n,))}
        assert {tuple(h for h in o if h) for o in ours} == theirs


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3000), min_size=1, max_size=4))
def test_random_positions_winning_moves(heaps: list[int]) -> None:
    check_listed_moves("lasker " + " ".join(map(str, heaps)), max_moves=20)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 300), st.integers(1, 300))
def test_random_p_positions_have_no_p_option(a: int, b: int) -> None:
    c = lasker_grundy(lasker_grundy(a) ^ lasker_grundy(b))
    check_winning_moves(grundy.parse(f"lasker {a} {b} {c}"))


def test_thousand_digit_heaps_answer_fast_with_winning_moves() -> None:
    # b has G(b) = b with ~3000 one-bits; a = b + 2^3100 + 3 then has about 2^2999
    # splits of the right value (found by the A+B / A XOR B identity, not by listing).
    b = 2**3000 - 2
    a = b + 2**3100 + 3
    assert len(str(a)) > 930
    result = grundy.solve(f"lasker {a} {b}", max_moves=30)
    assert result.grundy == lasker_grundy(a) ^ lasker_grundy(b)
    assert result.winning_moves and result.winning_moves_truncated
    assert result.winning_moves_total is not None and result.winning_moves_total > 30
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
        assert sum(c.state for c in after.components) <= a + b


def test_thousand_digit_counts_agree_with_enumeration_when_small() -> None:
    # A heap whose split options of value t are few enough to list completely.
    n = 2**3321 + 2
    for t in (0, 1, 3, 2**3321 + 2):
        listed = list(GAME.options_with_value(n, t))
        count = GAME.count_options_with_value(n, t)
        if count <= 64:
            assert len(listed) == count
        for option in listed:
            value = 0
            for s in option:
                value ^= lasker_grundy(s)
            assert value == t


def test_explanation_shows_residues() -> None:
    lines = grundy.solve("lasker 3 4").explanation
    assert any("3 (mod 4)" in line for line in lines)


def _multisets(max_heaps: int, max_total: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    frontier: list[tuple[int, ...]] = [()]
    for _ in range(max_heaps):
        new = []
        for ms in frontier:
            low = ms[-1] if ms else 1
            for h in range(low, max_total - sum(ms) + 1):
                new.append((*ms, h))
        out.extend(new)
        frontier = new
    return out


def test_misere_sj_rule_and_every_winning_move_against_brute_force() -> None:
    # Bounds: every multiset of up to 4 non-empty heaps with total <= 12 (checked once to
    # 5 heaps, total <= 14, by hand), plus the empty position.
    for heaps in _multisets(4, 12):
        spec = "lasker " + " ".join(map(str, heaps or (0,)))
        r = grundy.solve(spec, misere=True)
        assert (r.outcome == "N") == lasker_misere_wins(heaps), heaps
        expected = {
            tuple(h for h in p if h) for p in lasker_moves(heaps) if not lasker_misere_wins(p)
        }
        got = {tuple(sorted(c.state for c in w.components if c.state)) for w in r.winning_moves}
        assert got == expected, heaps
        assert len(r.winning_moves) == len(set(r.winning_moves))
        assert r.winning_moves_total == len(r.winning_moves)
        assert "SJ" in r.method


def test_misere_thousand_digit_heaps() -> None:
    b = 2**3000 - 2
    a = b + 2**3100 + 3
    r = grundy.solve(f"lasker {a} {b}", misere=True, max_moves=10)
    assert r.outcome == "N" and r.winning_moves_truncated
    for after in r.winning_moves:
        values = [lasker_grundy(c.state) for c in after.components]
        total = 0
        for v in values:
            total ^= v
        assert total == 0 and any(v > 1 for v in values)
