"""CGSuite's notation both ways: printing as CGSuite prints, reading back, uptimals.

Games born by day 3 are made here from antichains of day-2 games (canonical options
are pairwise incomparable), independently of the printer and reader under test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import solve
from grundy.cgt import CanonicalGame
from grundy.cgt.cgsuite import (
    cgsuite_fields,
    cgsuite_options,
    cgsuite_text,
    up_power,
    uptimal_expansion,
    uptimal_parts,
)
from grundy.cgt.notation import format_game, parse_game
from grundy.cli.main import main


def _antichains(games: list[CanonicalGame]) -> list[tuple[CanonicalGame, ...]]:
    out: list[tuple[CanonicalGame, ...]] = [()]
    for size in range(1, len(games) + 1):
        grown = [
            c
            for c in combinations(games, size)
            if all(not (a <= b) and not (b <= a) for a, b in combinations(c, 2))
        ]
        if not grown:
            break
        out += grown
    return out


@cache
def born_by(day: int) -> tuple[CanonicalGame, ...]:
    """Every canonical game born by ``day``."""
    if day == 0:
        return (CanonicalGame(0),)
    sides = _antichains(list(born_by(day - 1)))
    games = {CanonicalGame.from_options(lo, ro) for lo in sides for ro in sides}
    return tuple(sorted(games, key=lambda g: (g.birthday, format_game(g))))


def test_games_born_by_day_3_count() -> None:
    # Source: D. Wolfe and W. Fraser, "Counting the number of games", Theoretical
    # Computer Science 313 (2004): 1, 4, 22 and 1474 games are born by days 0 to 3.
    assert [len(born_by(d)) for d in range(4)] == [1, 4, 22, 1474]


def test_every_game_born_by_day_3_prints_and_reads_back() -> None:
    for g in born_by(3):
        text = cgsuite_text(g)
        assert parse_game(text) == g, text
        assert parse_game(format_game(g)) == g
        for side in (g.left_options, g.right_options):
            listed = cgsuite_options(side)
            assert listed[0] == "{" and listed[-1] == "}"


DAY3 = st.sampled_from(born_by(3))


@settings(max_examples=150, deadline=None)
@given(st.lists(DAY3, min_size=1, max_size=3), st.booleans())
def test_random_sums_print_and_read_back(parts: list[CanonicalGame], negate: bool) -> None:
    g = sum(parts, CanonicalGame(0))
    if negate:
        g = -g
    assert parse_game(cgsuite_text(g)) == g
    assert parse_game("-(" + cgsuite_text(g) + ")") == -g


# Source: CGSuite's test cases (github.com/aaron-siegel/cgsuite,
# lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala): input,
# CGSuite's output, its uptimal expansion (None: not an uptimal) and its option sets.
CGSUITE_CASES = [
    ("0", "0", "0.0", "{}", "{}"),
    ("5", "5", "5.0", "{4}", "{}"),
    ("-1/2", "-1/2", "-1/2.0", "{-1}", "{0}"),
    ("25/16", "25/16", "25/16.0", "{3/2}", "{13/8}"),
    ("*8", "*8", "*8.0", "{0,*,*2,*3,*4,*5,*6,*7}", "{0,*,*2,*3,*4,*5,*6,*7}"),
    ("9/8+*", "9/8*", "9/8*.0", "{9/8}", "{9/8}"),
    ("^", "^", "0.1", "{0}", "{*}"),
    ("v*", "v*", "*.1-", "{0}", "{0,*}"),
    ("6+^*", "6^*", "6*.1", "{6,6*}", "{6}"),
    ("^*6", "^*6", "*6.1", "{0}", "{*7}"),
    ("73/16+v9*8", "73/16v9*8", "73/16*8.9-", "{73/16v8*9}", "{73/16}"),
    ("{0|*||*|||*||||*}", "^[4]", "0.1111", "{^[3]}", "{*}"),
    ("{0||0|v*}", "{0|^<2>}", "*.12", "{0}", "{^<2>}"),
    (
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        "0.0202",
        "{{0||0,v*|vv}}",
        "{{{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}}",
    ),
    ("{0||0|vvv}", "{0||0|v3}", None, "{0}", "{{0|v3}}"),
    ("{^^^|vv}", "{^3|vv}", None, "{^3}", "{vv}"),
    ("{0||0|-3/2}", "Tiny(3/2)", None, "{0}", "{{0|-3/2}}"),
    ("{0|||0||-1|-3}", "Tiny({3|1})", None, "{0}", "{{0||-1|-3}}"),
    ("{5||3|1|||0||||0}", "Miny({5||3|1})", None, "{{5||3|1|||0}}", "{0}"),
    ("{1|^^||^}", "{1|^^||^}", None, "{{1|^^}}", "{^}"),
    ("{1|^^^||^}", "{1|^3||^}", None, "{{1|^3}}", "{^}"),
    ("{3||2+*|1+*}", "{3||2*|1*}", None, "{3}", "{{2*|1*}}"),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        None,
        "{{3/2*|1/2}}",
        "{{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
    ),
]


@pytest.mark.parametrize(("given_text", "printed", "expansion", "lo", "ro"), CGSUITE_CASES)
def test_as_cgsuite_prints(
    given_text: str, printed: str, expansion: str | None, lo: str, ro: str
) -> None:
    g = parse_game(given_text)
    assert cgsuite_text(g) == printed
    assert parse_game(printed) == g
    assert uptimal_expansion(g) == expansion
    assert cgsuite_options(g.left_options) == lo
    assert cgsuite_options(g.right_options) == ro


# Source: the same CGSuite test cases: reduced canonical forms and atomic weights.
@pytest.mark.parametrize(
    ("text", "reduced", "weight"),
    [
        ("^*6", "0", "1"),
        ("{0|*||*|||*||||*}", "0", "1"),
        ("{3||2+*|1+*}", "{3||2|1}", None),
        ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}", None),
        ("{^^^|vv}", "0", "{1|0}"),
        ("*8", "0", "0"),
    ],
)
def test_reduced_and_atomic_weight(text: str, reduced: str, weight: str | None) -> None:
    fields = cgsuite_fields(parse_game(text))
    assert fields["reduced_canonical"] == reduced
    assert fields["atomic_weight"] == weight


def _tiny(g: CanonicalGame) -> CanonicalGame:
    zero = CanonicalGame(0)
    return CanonicalGame.from_options([zero], [CanonicalGame.from_options([zero], [-g])])


def _up_sum(n: int) -> CanonicalGame:
    """``^[n]`` by its recursion ``{^[n-1] | *}`` (CGSuite's test case above: ``^[4]``
    is ``{0|*||*|||*||||*}`` with Left option ``^[3]``)."""
    g = CanonicalGame(0)
    for _ in range(n):
        g = CanonicalGame.from_options([g], ["*"])
    return g


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("^<1>", lambda: CanonicalGame("^")),
        ("^<2>", lambda: CanonicalGame("{0|v*}")),
        ("v<2>*", lambda: -CanonicalGame("{0|v*}") + CanonicalGame("*")),
        ("^[3]", lambda: _up_sum(3)),
        ("v[3]", lambda: -_up_sum(3)),
        ("^[4]*", lambda: _up_sum(4) + CanonicalGame("*")),
        ("+-{0,1}", lambda: CanonicalGame.from_options([0, 1], [0, -1])),
        ("+-{1,1*}", lambda: CanonicalGame.from_options([1, "1*"], [-1, "-1*"])),
        ("Tiny(2)", lambda: _tiny(CanonicalGame(2))),
        ("Miny(1/2)", lambda: -_tiny(CanonicalGame("1/2"))),
        ("2Tiny(2)", lambda: 2 + _tiny(CanonicalGame(2))),
        ("-1Miny({3|1})", lambda: -1 - _tiny(CanonicalGame("{3|1}"))),
        ("2.Tiny", lambda: _tiny(CanonicalGame(2))),
        ("(1/2).Miny", lambda: -_tiny(CanonicalGame("1/2"))),
        ("+-(1*)", lambda: CanonicalGame.from_options(["1*"], ["-1*"])),
        ("^^ + vv*", lambda: CanonicalGame("*")),
        ("3+-1*", lambda: CanonicalGame.from_options(["4*"], ["2*"])),
        ("1+-{0,1}", lambda: CanonicalGame.from_options([2], [0])),
    ],
)
def test_reads_cgsuite_forms(text: str, expected: object) -> None:
    assert callable(expected)
    assert parse_game(text) == expected()


def test_up_powers_follow_their_recursion() -> None:
    # Source: A. N. Siegel, Combinatorial Game Theory (2013), ch. II (uptimals):
    # ^<n+1> = {0 | v[n]*}; and ^[n+1] = ^[n] + ^<n+1>.
    for n in range(1, 6):
        assert up_power(n + 1) == CanonicalGame.from_options([0], [-_up_sum(n) + "*"])
        assert _up_sum(n + 1) == _up_sum(n) + up_power(n + 1)


@settings(max_examples=60, deadline=None)
@given(
    st.fractions(min_value=-4, max_value=4).map(lambda x: Fraction(round(x * 4), 4)),
    st.integers(0, 3),
    st.lists(st.integers(-2, 2), max_size=4),
)
def test_uptimal_expansions_are_found(x: Fraction, m: int, digits: list[int]) -> None:
    g = CanonicalGame(x) + CanonicalGame(f"*{m}")
    for k, a in enumerate(digits, 1):
        g = g + sum([up_power(k) if a > 0 else -up_power(k)] * abs(a), CanonicalGame(0))
    while digits and not digits[-1]:
        digits.pop()
    assert uptimal_parts(g) == (x, m, tuple(digits))
    assert parse_game(cgsuite_text(g)) == g


def test_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", 'cgt "{0||0|-1/2}"', "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert list(d)[-6:] == [
        "reduced_canonical",
        "atomic_weight",
        "birthday",
        "uptimal_expansion",
        "left_options",
        "right_options",
    ]
    assert "cgsuite" in d
    assert (d["canonical"], d["cgsuite"], d["reduced_canonical"]) == (
        "{0||0|-1/2}",
        "Tiny(1/2)",
        "0",
    )
    assert (d["birthday"], d["uptimal_expansion"], d["atomic_weight"]) == (4, None, None)
    assert (d["left_options"], d["right_options"]) == ("{0}", "{{0|-1/2}}")
    r = solve('cgt "^^*"')
    assert (r.cgsuite, r.atomic_weight, r.uptimal_expansion) == ("^^*", "2", "*.2")
    assert solve("nim 3").to_dict()["cgsuite"] is None
