"""Ceylonese Fox and Geese (``ceylonese-fox-and-geese``): CGSuite's value, the rules
against an independent game graph (tests/reference/fox_geese.py with ``reach=2``), errors,
the board, and play.

Bounds: CGSuite's published value (tests/cgt/data/ceylonese_fox_and_geese.txt) checked
through the outcomes of its sums with the short games of ``_SUMS`` (under both starts);
random positions of 1 to 3 geese on rows 1 to 4 with the fox anywhere below row 5, alone
and plus ``*`` or ``1/2``; grundy's values of small positions against the reference.
"""

from __future__ import annotations

import pytest

from grundy import solve
from grundy.cgt.loopy.notation import parse_loopy
from tests.cgt.loopy._fox_geese import (
    CLASS,
    integer,
    published,
    random_positions,
    reference,
)
from tests.cgt.loopy.test_reference import _game
from tests.reference.loopy_play import Game, outcome, short_game

NAME = "ceylonese-fox-and-geese"


#: Short games X for G + X: integers around the value's stops (9 with Left to move,
#: 5/2 with Right to move), some with * or 1/2 added.
_SUMS: list[list[Game]] = [
    [integer(-2)],
    [integer(-3)],
    [integer(-2), short_game("1/2")],
    [integer(-3), short_game("1/2")],
    [integer(-9)],
    [integer(-9), short_game("*")],
    [integer(-10)],
]


def _check_sums(pos: str, value: str, sums: list[list[Game]]) -> set[tuple[int, int]]:
    """G + X and V + X have the same outcome under both starts, G the reference's game
    graph of the rules, V CGSuite's value read here (the geese have finitely many moves,
    so G is a stopper, and V is one); the outcomes seen."""
    v = _game(*parse_loopy(value))
    g = reference(pos, 2)
    seen = set()
    for xs in sums:
        got = outcome([g, *xs])
        assert got == outcome([v, *xs]), (pos, xs)
        seen.add(got)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), published(NAME))
def test_cgsuite_value_predicts_the_outcomes_of_the_rules(pos: str, value: str) -> None:
    assert len(_check_sums(pos, value, _SUMS[:3])) >= 2  # -2, -3, -2 + 1/2


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), published(NAME))
def test_cgsuite_value_predicts_the_outcomes_of_the_rules_near_both_stops(
    pos: str, value: str
) -> None:
    assert len(_check_sums(pos, value, _SUMS)) >= 3  # the sums tell it from nearby values


@pytest.mark.parametrize(("pos", "value"), published(NAME))
def test_grundy_outcome_is_the_values(pos: str, value: str) -> None:
    r = solve(f"ceylonese-fox-and-geese {pos}")
    assert r.outcome == CLASS[outcome([_game(*parse_loopy(value))])]


def test_grundy_values_predict_the_reference() -> None:
    """Where grundy finds a value V (small positions), V + X and G + X agree."""
    checked = 0
    for pos in random_positions(7, 10):
        r = solve(f"ceylonese-fox-and-geese {pos}")
        if r.cgsuite is None:
            continue
        v = _game(*parse_loopy(r.cgsuite))
        g = reference(pos, 2)
        for x in ("0", "*", "1/2", "-1", "-1/2"):
            assert outcome([g, short_game(x)]) == outcome([v, short_game(x)]), (pos, x)
        checked += 1
    assert checked >= 5


#: Positions whose outcome differs from Fox and Geese's (found with the two references).
_DIFFERENT = [
    "geese=3,3;3,7;5,5 fox=1,7",
    "geese=1,3;2,4;4,2;4,4 fox=1,1",
    "geese=2,4;3,1;4,2 fox=1,1",
]


@pytest.mark.parametrize("pos", _DIFFERENT)
def test_the_longer_fox_move_changes_the_outcome(pos: str) -> None:
    """The references disagree between reach 1 and reach 2 here, and grundy finds each."""
    one = outcome([reference(pos, 1)])
    two = outcome([reference(pos, 2)])
    assert one != two
    assert solve(f"fox-and-geese {pos}").outcome == CLASS[one]
    assert solve(f"ceylonese-fox-and-geese {pos}").outcome == CLASS[two]
