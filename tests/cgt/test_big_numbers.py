"""Values beyond the table of canonical games: a number plus a small core (grundy.cgt._translate).

Two kinds of checks:

- against the table's own chains: with the bound of what "fits" the table lowered to 40
  (so that numbers from 41 up take the new path), values ``x + G`` for dyadic ``x`` up to
  3,000 in size (denominators up to 8) and ``G`` every game born by day 2 and a seeded sample
  of 150 born by day 3 give the same text (grundy's, braces, CGSuite's), outcome, stops,
  birthday, mean, temperature, options, uptimal expansion and reduced canonical form as
  the table's ``number_id(x) + G``; sums, negatives and comparisons of two such values agree
  with the table's too;
- numbers far past any chain: 2**100, -3/2**80, 2**100 + ^ and their sums and comparisons.
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.cgt import CanonicalGame, _translate
from grundy.cgt import _table as T
from grundy.cgt.cgsuite import (
    cgsuite_field,
    cgsuite_options,
    cgsuite_text,
)
from grundy.cgt.notation import braces_length, parse_game
from grundy.cgt.thermo import cool, heat, mean, overheat, temperature, thermograph
from grundy.errors import UnsupportedError
from tests.cgt.reference import birthday_games

BOUND = 40
_CORES: list[CanonicalGame] = []


def _cores() -> list[CanonicalGame]:
    if not _CORES:
        rng = random.Random(31)
        _CORES.extend(birthday_games(2) + rng.sample(birthday_games(3), 150))
    return _CORES


def _small_fits(x: Fraction) -> bool:
    return abs(x) <= BOUND and x.denominator <= 8


@pytest.fixture
def low_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_translate, "fits", _small_fits)


def _same(a: CanonicalGame, b: CanonicalGame) -> bool:
    """Equal values (with the lowered bound one value may be held both ways: the table's
    own sums still take numbers past it)."""
    return a <= b <= a


_FIELDS = ("reduced_canonical", "birthday", "uptimal_expansion", "left_options", "right_options")


def _facts(g: CanonicalGame) -> tuple[object, ...]:
    return (  # grundy's own forms list options in the table's order: compared as sorted
        sorted(str(g)),
        sorted(g.braces()),
        braces_length(g),
        g.outcome,
        g.left_stop,
        g.right_stop,
        g.birthday,
        g.number(),
        g.uptimal(),
        mean(g),
        temperature(g),
        thermograph(g),
        g.is_infinitesimal(),
    )


def _cgsuite_facts(g: CanonicalGame) -> tuple[object, ...]:
    return (
        cgsuite_text(g),
        cgsuite_options(g.left_options),
        cgsuite_options(g.right_options),
        *(cgsuite_field(g, name) for name in _FIELDS),
    )


numbers = st.builds(lambda n, k: Fraction(n, 2**k), st.integers(-3000, 3000), st.integers(0, 3))


@settings(max_examples=150, deadline=None)
@given(x=numbers, i=st.integers(0, 171))
def test_translate_matches_the_table(x: Fraction, i: int) -> None:
    core = _cores()[i]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_translate, "fits", _small_fits)
        big = CanonicalGame(x) + core
        assert big._x == 0 or not _small_fits(big.left_stop) or big.number() is None
        ref = CanonicalGame._of(T.add(T.number_id(x), core._gid))
        assert _facts(big) == _facts(ref)
        assert _cgsuite_facts(big) == _cgsuite_facts(ref)  # uptimals too: 61^<2>*
        assert _same(parse_game(str(big)), big) and _same(parse_game(big.braces()), big)
        assert _same(parse_game(cgsuite_text(big)), big)
        assert _same(big - x, core)


@settings(max_examples=150, deadline=None)
@given(x=numbers, y=numbers, i=st.integers(0, 171), j=st.integers(0, 171))
def test_sums_and_comparisons_match_the_table(x: Fraction, y: Fraction, i: int, j: int) -> None:
    g, h = _cores()[i], _cores()[j]
    y = x + Fraction(int(y) % 5 - 2, 4) if j % 2 else y  # near: the cores decide
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_translate, "fits", _small_fits)
        a, b = CanonicalGame(x) + g, CanonicalGame(y) + h
        ra = T.add(T.number_id(x), g._gid)
        rb = T.add(T.number_id(y), h._gid)
        for mine, table in [(a + b, T.add(ra, rb)), (-a, T.neg(ra)), (a - b, T.add(ra, T.neg(rb)))]:
            ref = CanonicalGame._of(table)
            assert sorted(str(mine)) == sorted(str(ref))
            assert _same(mine, parse_game(cgsuite_text(ref)))
            assert cgsuite_text(mine) == cgsuite_text(ref)
        assert (a <= b) == T.le(ra, rb)
        assert (b <= a) == T.le(rb, ra)
        assert _same(a, b) == (ra == rb)
        assert a.confused_with(b) == (not T.le(ra, rb) and not T.le(rb, ra))


def test_options_and_from_options_at_a_low_bound(low_bound: None) -> None:
    for x in (Fraction(41), Fraction(-1001, 8), Fraction(3000)):
        for core in birthday_games(2):
            big = CanonicalGame(x) + core
            again = CanonicalGame.from_options(big.left_options, big.right_options)
            assert _same(again, big)
            ref = CanonicalGame._of(T.add(T.number_id(x), core._gid))
            assert sorted(map(cgsuite_text, big.left_options)) == sorted(
                map(cgsuite_text, ref.left_options)
            )
            assert sorted(map(cgsuite_text, big.right_incentives())) == sorted(
                map(cgsuite_text, ref.right_incentives())
            )
        assert _same(CanonicalGame(x) * 3, CanonicalGame(3 * x))


def test_games_of_options_that_are_numbers_at_a_low_bound(low_bound: None) -> None:
    """``{x + a | x + b}`` for every pair of games born by day 2 (and ``{x + a, x + c |}``
    for pairs with c a number) and three shifts ``x``: the same value as the table's, the
    numbers among them (the simplicity rule) included."""
    day2 = birthday_games(2)
    numbers = 0
    for x in (Fraction(41), Fraction(-1001, 8), Fraction(161, 2)):
        shift = T.number_id(x)
        for a in day2:
            ta = T.add(shift, a._gid)
            for b in day2:
                tb = T.add(shift, b._gid)
                mine = CanonicalGame.from_options([CanonicalGame(x) + a], [CanonicalGame(x) + b])
                ref = CanonicalGame._of(T.make([ta], [tb]))
                assert _same(mine, ref)
                assert cgsuite_text(mine) == cgsuite_text(ref)
                numbers += ref.number() is not None
                if b.number() is not None:
                    two = CanonicalGame.from_options([CanonicalGame(x) + a, CanonicalGame(x) + b])
                    assert _same(two, CanonicalGame._of(T.make([ta, tb], [])))
    assert numbers > 100


def test_cooling_and_heating_at_a_low_bound(low_bound: None) -> None:
    """Cooling by 0, 1/2, 1, 3/2 and 3 and heating by 1, 1/2 and * every game born by day 2
    and a sample of 40 born by day 3, moved by three shifts: the table's values."""
    cores = _cores()[:62]
    held = 0
    for x in (Fraction(41), Fraction(-1001, 8), Fraction(161, 2)):
        shift = T.number_id(x)
        for core in cores:
            big = CanonicalGame(x) + core
            held += bool(big._x)  # (the new path)
            ref = CanonicalGame._of(T.add(shift, core._gid))
            for t in (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(3)):
                assert _same(cool(big, t), cool(ref, t))
            for h in ("1", "1/2", "*"):
                assert _same(heat(big, h), heat(ref, h))
    assert held > 150


@pytest.mark.parametrize("n", [0, 1, 7, 64, 100])
def test_number_birthdays_are_the_tables(n: int) -> None:
    for k in range(4):
        for x in (Fraction(n, 2**k), Fraction(-n - 1, 2**k)):
            assert _translate.number_birthday(x) == CanonicalGame(x).birthday


BIG = 2**100
TINY = Fraction(-3, 2**80)


def test_big_numbers_and_their_sums() -> None:
    big, tiny = CanonicalGame(BIG), CanonicalGame(TINY)
    assert str(big) == str(BIG) and big.number() == BIG and big.is_integer()
    assert str(tiny) == "-3/1208925819614629174706176" and tiny.number() == TINY
    assert big.birthday == BIG and tiny.birthday == 81
    assert big.left_options == (CanonicalGame(BIG - 1),) and big.right_options == ()
    assert tiny.left_options == (CanonicalGame(Fraction(-4, 2**80)),)
    assert big + tiny == CanonicalGame(BIG + TINY)
    assert big - BIG == 0 and (big - BIG)._x == 0
    assert tiny - TINY == CanonicalGame(0)
    assert big * -2 == CanonicalGame(-(2**101))
    assert big > BIG - 1 and tiny < 0 < big and tiny > -1
    assert big.outcome == "L" and tiny.outcome == "R" and (big - big).outcome == "P"
    assert (mean(big), temperature(big)) == (Fraction(BIG), Fraction(-1))
    assert temperature(tiny) == Fraction(-1, 2**80)
    assert hash(big + 1 - 1) == hash(big)


def test_big_number_plus_infinitesimals_and_nimbers() -> None:
    up = CanonicalGame(BIG) + "^"
    assert str(up) == f"{BIG}^" and cgsuite_text(up) == f"{BIG}^"
    assert up.unicode() == f"{BIG}↑"
    assert up.braces() == f"{{{BIG}|{{{BIG}|{BIG}}}}}"
    assert up > BIG and up < CanonicalGame(BIG) + Fraction(1, 2**80)
    assert up - BIG == CanonicalGame("^") and (up - BIG)._x == 0
    star = CanonicalGame(BIG) + "*"
    assert star.confused_with(BIG) and (star - BIG).is_nimber()
    assert (star + star) == BIG * 2 and (star + star).outcome == "L"
    assert (up - star).outcome == "N" and (up + up - star).outcome == "L"
    assert (CanonicalGame(-BIG) + "^").outcome == "R"
    n = CanonicalGame(BIG) + "*" - BIG
    assert n.outcome == "N"
    assert cgsuite_text(CanonicalGame(BIG) + "v<3>*") == f"{BIG}v<3>*"
    assert cgsuite_text(CanonicalGame(BIG) + "{0||0|-1/2}") == f"{BIG}Tiny(1/2)"
    assert up.uptimal() == (Fraction(BIG), 1, 0)
    assert up.left_stop == up.right_stop == BIG and up.is_infinitesimal() is False
    assert up.birthday == BIG + 2 and not up.is_all_small()
    tg = thermograph(CanonicalGame(BIG) + "{2|-1/2}")
    assert tg.mast == BIG + Fraction(3, 4) and tg.temperature == Fraction(5, 4)


def test_big_values_read_and_round_trip() -> None:
    for text in (f"{BIG}", f"-{BIG}^*", f"{BIG}+-1", f"{{{BIG}|{BIG - 5}}}", f"{BIG}v[3]*4"):
        g = parse_game(text)
        assert g._x != 0
        assert parse_game(str(g)) == g == parse_game(cgsuite_text(g)) == parse_game(g.braces())
        assert pickle.loads(pickle.dumps(g)) == g
    assert parse_game("100001") == CanonicalGame(100001)
    assert parse_game(f"{BIG}+^") == CanonicalGame(BIG) + "^"
    assert parse_game(f"{{{BIG}|}}") == CanonicalGame(BIG + 1)
    assert parse_game(f"{{{BIG - 1}|{BIG}}}") == CanonicalGame(BIG - Fraction(1, 2))
    assert str(parse_game(f"{{{BIG + 1}|{BIG - 1}}}")) == f"{BIG}+-1"
    grundy.clear_cache()
    g = parse_game(f"{BIG}^")
    grundy.clear_cache()
    assert g == CanonicalGame(BIG) + "^" and str(g) == f"{BIG}^"


def test_what_stays_out_of_reach_is_one_line() -> None:
    with pytest.raises(UnsupportedError, match="lie too far apart"):
        parse_game("{1000000|-1000000}")
    with pytest.raises(UnsupportedError, match="too large for this operation"):
        overheat(CanonicalGame(BIG) + "{2|-1}", 1, 1)
    assert cool(CanonicalGame(BIG) + "{3|-1}", 1) == CanonicalGame(BIG) + "1+-1"
    assert heat(CanonicalGame(BIG) + "*", 1) == CanonicalGame(BIG) + "+-1"
    with pytest.raises(UnsupportedError, match="the nimber \\*511 is too large"):
        CanonicalGame("*256") + "*255"  # the table's own refusals pass through
    with pytest.raises(UnsupportedError, match="the nimber \\*511 is too large"):
        CanonicalGame(BIG) + "*256" + "*255"
    assert CanonicalGame.from_options([CanonicalGame(BIG) - 1], [CanonicalGame(BIG) + "^"]) == BIG


def test_solve_answers_big_values() -> None:
    r = grundy.solve(f'cgt "{BIG}^"')
    assert r.outcome == "L" and str(r.canonical) == f"{BIG}^"
    d = r.to_dict()
    assert d["cgsuite"] == f"{BIG}^" and d["birthday"] == BIG + 2
    assert d["mean"] == str(BIG) and d["left_options"] == f"{{{BIG}}}"
    s = grundy.solve('cgt "100001" + cgt "^"')
    assert str(s.canonical) == "100001^" and s.outcome == "L"
    t = grundy.solve(f'cgt "{BIG}" + cgt "-{BIG}" + nim 1')
    assert t.outcome == "N" and str(t.canonical) == "*"
