"""Loops and repeated edges count in coloured Hackenbush values (issue 24).

``regions()`` once dropped every loop ``v-v`` from the value while still offering its cut
as a move: ``0-0:r`` came out as 0 instead of -1. The expected values below are worked
out by hand from the rules (a loop, once cut, takes nothing else with it) and agree
with the independent reference in ``tests/reference/partisan.py``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import grundy
from grundy.cgt import value_of
from grundy.cgt.games import ColoredHackenbush
from tests.cli.helpers import GRUNDY_MODULE, run_process

# (picture, canonical value, outcome, mean, temperature)
CASES = [
    ("0-0:r", "-1", "R", "-1", "-1"),  # {|0}
    ("0-0:g", "*", "N", "0", "0"),  # {0|0}
    ("0-1:r 1-1:b", "-1/2", "R", "-1/2", "-1/2"),  # {-1|0}
    ("0-1:b 1-1:b", "2", "L", "2", "-1"),  # {0, 1|}
    ("0-1:b 1-1:g", "1*", "L", "1", "0"),  # {0, 1|1}
    ("0-1:g 0-1:g", "0", "P", "0", "-1"),  # a doubled green edge at the ground: {*|*} = 0
    ("0-1:b 0-1:r 1-1:r", "-1", "R", "-1", "-1"),  # {-2|1/2, 0}: a loop above a multi-edge
    ("0-0:b 0-0:b 0-1:r 1-2:b 2-2:r", "5/4", "L", "5/4", "-1/4"),  # 2 + (r b r = -3/4)
]


@pytest.mark.parametrize(("picture", "value", "outcome", "mean", "temperature"), CASES)
def test_api(picture: str, value: str, outcome: str, mean: str, temperature: str) -> None:
    result = grundy.solve(f'hackenbush:colored "{picture}"')
    assert (result.canonical, result.outcome) == (value, outcome)
    assert (result.mean, result.temperature) == (Fraction(mean), Fraction(temperature))
    game = ColoredHackenbush()
    (state,) = game.parse_args([picture])
    assert str(value_of(game, state)) == value


@pytest.mark.parametrize(("picture", "value", "outcome", "mean", "temperature"), CASES[:5])
def test_cli(picture: str, value: str, outcome: str, mean: str, temperature: str) -> None:
    r = run_process([*GRUNDY_MODULE, "solve", f'hackenbush:colored "{picture}"', "--json"])
    assert r.status == 0, r.err
    data = json.loads(r.out)
    assert (data["canonical"], data["outcome"]) == (value, outcome)
    assert (data["mean"], data["temperature"]) == (mean, temperature)


def test_cli_words_for_a_loop_at_the_ground() -> None:
    r = run_process([*GRUNDY_MODULE, "solve", 'hackenbush:colored "0-0:r"'])
    assert r.status == 0, r.err
    assert "Canonical value: -1" in r.out
    assert "R-position" in r.out
    assert "Right cuts the red edge 0-0" in r.out


def test_every_edge_in_one_region() -> None:
    game = ColoredHackenbush()
    (state,) = game.parse_args(["0-0:r 0-0:g 0-1:b 1-1:g 1-2:r 2-2:b 0-3:g 0-3:g 3-3:r"])
    regions = list(game.regions(state))
    assert sorted(len(r) for r in regions) == [1, 1, 3, 4]
    assert sum(len(r) for r in regions) == len(state)
