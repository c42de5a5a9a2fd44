"""Compounds and the nim field against direct search (tests/reference/misere_games.py)."""

from __future__ import annotations

import random

import pytest

from grundy import solve
from grundy.cgt.compound import (
    conjunctive,
    conjunctive_outcome,
    continued_conjunctive,
    continued_conjunctive_outcome,
    norton_product,
    ordinal_sum,
    selective,
)
from grundy.cgt.nimfield import nim_divide, nim_inverse, nim_product, nim_square_root
from grundy.cgt.notation import parse_game
from grundy.cgt.value import CanonicalGame
from grundy.errors import InvalidSpecError
from tests.reference import misere_games as ref


def tree(g: CanonicalGame) -> tuple:  # type: ignore[type-arg]
    return (tuple(tree(x) for x in g.left_options), tuple(tree(x) for x in g.right_options))


def _day2() -> list[CanonicalGame]:
    day = [CanonicalGame(0)]
    for _ in range(2):
        subsets: list[list[CanonicalGame]] = [[]]
        for g in day:
            subsets += [[*s, g] for s in subsets]
        day = list({CanonicalGame.from_options(a, b) for a in subsets for b in subsets})
    return day


DAY2 = sorted(_day2(), key=str)
SAMPLE = DAY2 + [parse_game(t) for t in ("{2|-1}", "^*", "*3", "{1|*}", "3/2", "{0||0|-1}")]


def test_day2_has_22_values() -> None:
    # The sample the compounds are drawn from: every value born by day 2.
    assert len(DAY2) == 22


@pytest.mark.parametrize(
    ("kind", "fn"),
    [
        ("conjunctive", conjunctive),
        ("selective", selective),
        ("continued", continued_conjunctive),
        ("ordinal", ordinal_sum),
    ],
)
def test_compound_values_have_the_outcome_of_the_compound_game(kind: str, fn: object) -> None:
    rng = random.Random(9)
    pairs = [(rng.choice(SAMPLE), rng.choice(SAMPLE)) for _ in range(120)]
    for g, h in pairs:
        value = fn(g, h)  # type: ignore[operator]
        assert value.outcome == ref.outcome_of(kind, tree(g), tree(h)), (kind, g, h)


def test_remoteness_and_suspense_rules() -> None:
    rng = random.Random(10)
    for _ in range(150):
        g, h = rng.choice(SAMPLE), rng.choice(SAMPLE)
        assert conjunctive_outcome(g, h) == ref.outcome_of("conjunctive", tree(g), tree(h))
        assert continued_conjunctive_outcome(g, h) == ref.outcome_of("continued", tree(g), tree(h))
    forms = [parse_game("{0,*|0,*}"), parse_game("{*2|*2}"), parse_game("{0,*3|0,*3}")]
    impartial = [CanonicalGame(f"*{n}") for n in range(5)] + forms
    for g in impartial:  # the suspense rule itself, on impartial components
        for h in impartial:
            assert continued_conjunctive_outcome(g, h) == ref.outcome_of(
                "continued", tree(g), tree(h)
            )


def test_selective_impartial_rule() -> None:
    nims = [CanonicalGame(f"*{n}") for n in range(5)]
    for a in nims:
        for b in nims:
            want = "P" if a == 0 and b == 0 else "N"
            assert selective(a, b).outcome == want


def test_norton_product_is_linear_and_known_values() -> None:
    u = parse_game("^")
    assert norton_product(CanonicalGame(1), u) == u
    assert norton_product(CanonicalGame(3), u) == parse_game("^3")
    xs = [parse_game(t) for t in ("1/2", "1/4", "*", "{1|0}", "-3/4")]
    for a in xs:
        for b in xs:
            assert norton_product(a + b, u) == norton_product(a, u) + norton_product(b, u)
    with pytest.raises(InvalidSpecError):
        norton_product(CanonicalGame(1), CanonicalGame("*"))


def test_nim_products_match_the_mex_definition() -> None:
    table = ref.nim_product_table(32)
    for a in range(32):
        for b in range(32):
            assert nim_product(a, b) == table[a][b]


def test_published_nim_multiplication_rows() -> None:
    # Source: OEIS A051910 (Nim-product triangle, rows m <= n), read through the search tool.
    rows = [
        [0],
        [0, 1],
        [0, 2, 3],
        [0, 3, 1, 2],
        [0, 4, 8, 12, 6],
        [0, 5, 10, 15, 2, 7],
        [0, 6, 11, 13, 14, 8, 5],
        [0, 7, 9, 14, 10, 13, 3, 4],
        [0, 8, 12, 4, 11, 3, 7, 15, 13],
    ]
    for n, row in enumerate(rows):
        assert [nim_product(n, m) for m in range(n + 1)] == row


def test_nim_field_inverse_division_and_roots() -> None:
    for a in range(1, 300):
        assert nim_product(a, nim_inverse(a)) == 1
        r = nim_square_root(a)
        assert nim_product(r, r) == a
        assert nim_product(nim_divide(a, 7), 7) == a
    assert nim_product(2**64, 2**64) == 3 * 2**63  # a Fermat 2-power squared is 3F/2
    with pytest.raises(InvalidSpecError):
        nim_inverse(0)


def test_compounds_in_cgt_literals() -> None:
    assert str(parse_game("* : 1")) == "^*"
    assert str(parse_game("norton(1/2, ^) + *")) == str(
        norton_product(parse_game("1/2"), parse_game("^")) + "*"
    )
    assert parse_game("conjunctive(*2, *3)") == conjunctive(parse_game("*2"), parse_game("*3"))
    assert parse_game("selective(1, -1)") == selective(CanonicalGame(1), CanonicalGame(-1))
    assert str(parse_game("nim_product(*8, *8)")) == "*13"
    assert parse_game("*[2#] + *") == parse_game("*")
    assert solve('cgt "1 : -1"').canonical == "1/2"
    for bad in ("norton(1)", "frob(1, 2)", "1 :", "nim_product(1, *)", "*[2"):
        with pytest.raises(InvalidSpecError):
            parse_game(bad)


@pytest.mark.parametrize("text", ["0A(", "0norton(1,*)", "x1(", "2_f(1)"])
def test_a_name_glued_to_what_precedes_it_is_not_a_call(text: str) -> None:
    # found by the API fuzz: "0A(" was a call to has_compound but not to parse_compound,
    # which handed the same text back to the plain parser forever (RecursionError)
    with pytest.raises(InvalidSpecError):
        CanonicalGame(text)
