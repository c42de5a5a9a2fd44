"""The fast engine against the definitions (tests/cgt/reference.py).

Bounds: every canonical game born by day 3 (1474 of them) for negation,
outcome, stops, numbers and birthdays; comparisons on every pair born by day 2
and every (day 3, day 2) pair; sums on every (day 3, day 1) pair and random
(day 3, day 3) pairs; canonical forms of random non-canonical forms.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import STAR, UP, ZERO, CanonicalGame, clear_cache, nimber, up
from tests.cgt import reference as ref
from tests.cgt.reference import birthday_games


def test_counts_of_games_born_by_day() -> None:
    assert [len(birthday_games(d)) for d in range(4)] == [1, 4, 22, 1474]


def test_day3_negation_outcome_stops_numbers(day3: list[CanonicalGame]) -> None:
    for g in day3:
        r = ref.raw(g)
        assert ref.eq(ref.raw(-g), ref.neg(r))
        assert g.outcome == ref.outcome(r)
        assert (g.left_stop, g.right_stop) == ref.stops(r)
        assert g.number() == ref.number_value(r)
        negative = -g
        assert -negative is g
        assert g.birthday <= 3


def test_comparisons_day2_pairs_and_day3_by_day2(
    day2: list[CanonicalGame], day3: list[CanonicalGame]
) -> None:
    for g in day3:
        for h in day2:
            rg, rh = ref.raw(g), ref.raw(h)
            assert (g <= h) == ref.le(rg, rh)
            assert (h <= g) == ref.le(rh, rg)
            assert g.confused_with(h) == (not ref.le(rg, rh) and not ref.le(rh, rg))
            assert (g == h) == ref.eq(rg, rh)


def test_sums_day3_plus_day1(day3: list[CanonicalGame]) -> None:
    day1 = birthday_games(1)
    for g in day3:
        for h in day1:
            assert ref.eq(ref.raw(g + h), ref.add(ref.raw(g), ref.raw(h)))


@pytest.mark.slow
def test_sums_and_comparisons_random_day3_pairs(day3: list[CanonicalGame]) -> None:
    rng = random.Random(11)
    for _ in range(400):
        g, h = rng.choice(day3), rng.choice(day3)
        rg, rh = ref.raw(g), ref.raw(h)
        assert ref.eq(ref.raw(g + h), ref.add(rg, rh))
        assert (g <= h) == ref.le(rg, rh)


def _canonical_by_definition(g: CanonicalGame) -> bool:
    """No dominated and no reversible options, checked with the reference order."""
    r = ref.raw(g)
    ls, rs = list(r.left), list(r.right)
    if any(a != b and ref.le(a, b) for a in ls for b in ls):
        return False
    if any(a != b and ref.le(b, a) for a in rs for b in rs):
        return False
    if any(ref.le(x, r) for gl in ls for x in gl.right):
        return False
    return not any(ref.le(r, x) for gr in rs for x in gr.left)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_canonical_form_of_random_forms(data: st.DataObject) -> None:
    pool = birthday_games(2)
    lefts = data.draw(st.lists(st.sampled_from(pool), max_size=4))
    rights = data.draw(st.lists(st.sampled_from(pool), max_size=4))
    g = CanonicalGame.from_options(lefts, rights)
    form = ref.rgame((ref.raw(x) for x in lefts), (ref.raw(x) for x in rights))
    assert ref.eq(ref.raw(g), form)
    assert _canonical_by_definition(g)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_deeper_random_games(data: st.DataObject) -> None:
    """Games of birthday 4 and 5 built from random options, against the definitions."""
    pool = birthday_games(2)
    g = CanonicalGame.from_options(
        [CanonicalGame.from_options(*data.draw(_pairs(pool))) for _ in range(2)],
        [CanonicalGame.from_options(*data.draw(_pairs(pool))) for _ in range(2)],
    )
    h = CanonicalGame.from_options(*data.draw(_pairs(pool)))
    assert _canonical_by_definition(g)
    assert (g <= h) == ref.le(ref.raw(g), ref.raw(h))
    assert ref.eq(ref.raw(g + h), ref.add(ref.raw(g), ref.raw(h)))
    assert g.outcome == ref.outcome(ref.raw(g))


def _pairs(pool: list[CanonicalGame]) -> st.SearchStrategy[tuple[list[CanonicalGame], ...]]:
    side = st.lists(st.sampled_from(pool), max_size=3)
    return st.tuples(side, side)


@pytest.mark.parametrize("n", range(-4, 5))
@pytest.mark.parametrize("m", range(4))
@pytest.mark.parametrize("x", [Fraction(0), Fraction(-3, 4), Fraction(2)])
def test_uptimal_forms_match_sums(x: Fraction, n: int, m: int) -> None:
    """x + n.^ + *m from the fast path equals the raw sum of its parts."""
    total = ref.raw(CanonicalGame(x))
    for _ in range(abs(n)):
        total = ref.add(total, ref.raw(UP if n > 0 else -UP))
    total = ref.add(total, ref.raw(nimber(m)))
    g = CanonicalGame(x) + up(n, star=m)
    assert ref.eq(ref.raw(g), total)
    assert g.uptimal() == (x, n, m)
    assert _canonical_by_definition(g)


def test_multiples_and_named_values() -> None:
    assert up(3) == UP * 3 and up(-2) == UP * -2 and STAR + STAR == ZERO
    assert (UP + STAR).outcome == "N" and up(2, star=True).outcome == "L"
    assert CanonicalGame("{1|-1}") * 2 == 0


def test_clear_cache_keeps_live_values() -> None:
    g = CanonicalGame("{3|1/2*}") + UP
    text, h = str(g), hash(g)
    clear_cache()
    assert str(g) == text and hash(g) == h and g == CanonicalGame(text)
    assert g - g == 0
