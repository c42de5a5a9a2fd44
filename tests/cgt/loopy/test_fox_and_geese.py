"""Fox and Geese (``fox-and-geese``): CGSuite's values, the rules against an independent
game graph (tests/reference/fox_geese.py), bounds, errors, and play.

Bounds: CGSuite's published values (tests/cgt/data/fox_and_geese.txt), each checked
through the outcomes of its sums with the short games of ``_sums`` (under both
starts); random positions of 1 to 3 geese on rows 1 to 4 with the fox anywhere below row
5, alone and plus ``*`` or ``1/2``.
"""

from __future__ import annotations

import pytest

from grundy import solve
from grundy.cgt.loopy.notation import parse_loopy
from grundy.cgt.loopy.solve import OUTCOME_WORDS
from grundy.errors import UnsupportedError
from tests.cgt.loopy._fox_geese import (
    CLASS,
    integer,
    published,
    random_positions,
    reference,
)
from tests.cgt.loopy.test_reference import _game
from tests.reference.loopy_play import Game, outcome, short_game

NAME = "fox-and-geese"


def _sums(value: str) -> list[list[Game]]:
    """Short games X that test a value near its integer part n: -n, -n + *, -n + 1/2, and
    the same with n + 1."""
    n = int(next(t for t in value.replace("{", " ").split("|")[0].split() if t[0].isdigit())[0])
    out = []
    for k in (n, n + 1):
        out.append([integer(-k)])
        out.append([integer(-k), short_game("*")])
        out.append([integer(-k), short_game("1/2")])
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), published(NAME))
def test_cgsuite_value_predicts_the_outcomes_of_the_rules(pos: str, value: str) -> None:
    """G + X and V + X have the same outcome under both starts, G the reference's game
    graph of the rules, V CGSuite's value read here; the values are stoppers and so is G
    (the geese have finitely many moves, so play ends)."""
    v = _game(*parse_loopy(value))
    g = reference(pos, 1)
    sums = _sums(value) if len(g[0]) < 2000 else _sums(value)[:2]
    for xs in sums:
        assert outcome([g, *xs]) == outcome([v, *xs]), (pos, xs)


@pytest.mark.parametrize(("pos", "value"), published(NAME)[1:][::2])
def test_grundy_finds_cgsuites_value(pos: str, value: str) -> None:
    r = solve(f"fox-and-geese {pos}")
    assert (r.canonical, r.cgsuite) == (value, value)


def test_the_value_out_of_reach_leaves_the_outcome() -> None:
    pos, _value = published(NAME)[0]
    r = solve(f"fox-and-geese {pos}")
    assert r.canonical is None and r.outcome == "L"
    assert any("out of reach" in line for line in r.explanation)


def test_no_position_is_a_draw() -> None:
    """The geese have finitely many moves, so every outcome is a win for someone."""
    assert all(solve(f"fox-and-geese {pos}").outcome in "LRNP" for pos in random_positions(9, 10))
    assert set(OUTCOME_WORDS) >= set(CLASS.values())


def test_position_limit_is_one_line() -> None:
    start = "fox-and-geese geese=8,2;8,4;8,6;8,8 fox=1,5"
    with pytest.raises(UnsupportedError, match="more than 1,000 positions"):
        solve(start, max_positions=1000)
