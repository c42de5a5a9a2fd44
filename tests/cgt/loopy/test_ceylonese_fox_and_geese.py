"""Ceylonese Fox and Geese (``ceylonese-fox-and-geese``): CGSuite's value, the rules
against an independent game graph (tests/reference/fox_geese.py with ``reach=2``), errors,
the board, and play.

Bounds: CGSuite's published value (tests/cgt/data/ceylonese_fox_and_geese.txt) checked
through the outcomes of its sums with the short games of ``_SUMS`` (under both starts);
random positions of 1 to 3 geese on rows 1 to 4 with the fox anywhere below row 5, alone
and plus ``*`` or ``1/2``; grundy's values of small positions against the reference.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import parse, solve
from grundy.cgt.loopy.notation import parse_loopy
from grundy.errors import InvalidSpecError
from tests.cgt.loopy.test_reference import _game
from tests.reference.fox_geese import game
from tests.reference.loopy_play import Game, outcome, short_game

DATA = Path(__file__).parents[1] / "data" / "ceylonese_fox_and_geese.txt"

_CLASS = {(1, 1): "L", (-1, -1): "R", (1, -1): "N", (-1, 1): "P"}


def _published() -> list[tuple[str, str]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            pos, value = line.split(" = ")
            rows.append((pos, value))
    return rows


def _reference(pos: str) -> Game:
    geese_text, fox_text = (part.split("=")[1] for part in pos.split())
    geese = {(int(a), int(b)) for a, b in (sq.split(",") for sq in geese_text.split(";"))}
    r, c = fox_text.split(",")
    return game(geese, (int(r), int(c)), reach=2)


def _integer(n: int) -> Game:
    """The integer ``n <= 0`` as a chain of Right moves."""
    forms: dict[object, tuple[list[object], list[object]]] = {0: ([], [])}
    for k in range(-1, n - 1, -1):
        forms[k] = ([], [k + 1])
    return forms, n


#: Short games X for G + X: integers around the value's stops (9 with Left to move,
#: 5/2 with Right to move), some with * or 1/2 added.
_SUMS: list[list[Game]] = [
    [_integer(-2)],
    [_integer(-3)],
    [_integer(-2), short_game("1/2")],
    [_integer(-3), short_game("1/2")],
    [_integer(-9)],
    [_integer(-9), short_game("*")],
    [_integer(-10)],
]


def _check_sums(pos: str, value: str, sums: list[list[Game]]) -> set[tuple[int, int]]:
    """G + X and V + X have the same outcome under both starts, G the reference's game
    graph of the rules, V CGSuite's value read here (the geese have finitely many moves,
    so G is a stopper, and V is one); the outcomes seen."""
    v = _game(*parse_loopy(value))
    g = _reference(pos)
    seen = set()
    for xs in sums:
        got = outcome([g, *xs])
        assert got == outcome([v, *xs]), (pos, xs)
        seen.add(got)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), _published())
def test_cgsuite_value_predicts_the_outcomes_of_the_rules(pos: str, value: str) -> None:
    assert len(_check_sums(pos, value, _SUMS[:3])) >= 2  # -2, -3, -2 + 1/2


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), _published())
def test_cgsuite_value_predicts_the_outcomes_of_the_rules_near_both_stops(
    pos: str, value: str
) -> None:
    assert len(_check_sums(pos, value, _SUMS)) >= 3  # the sums tell it from nearby values


@pytest.mark.parametrize(("pos", "value"), _published())
def test_grundy_outcome_is_the_values(pos: str, value: str) -> None:
    r = solve(f"ceylonese-fox-and-geese {pos}")
    assert r.outcome == _CLASS[outcome([_game(*parse_loopy(value))])]


def _random_positions(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    squares = [(r, c) for r in range(1, 5) for c in range(1, 9) if (r + c) % 2 == 0]
    out = []
    for _ in range(count):
        picked = rng.sample(squares, rng.randint(2, 4))
        fox, geese = picked[0], sorted(picked[1:])
        out.append("geese=" + ";".join(f"{r},{c}" for r, c in geese) + f" fox={fox[0]},{fox[1]}")
    return out


@pytest.mark.parametrize("seed", range(3))
def test_outcomes_match_the_reference(seed: int) -> None:
    for pos in _random_positions(seed, 12):
        g = _reference(pos)
        assert solve(f"ceylonese-fox-and-geese {pos}").outcome == _CLASS[outcome([g])], pos
        for x in ("*", "1/2"):
            r = solve(f'ceylonese-fox-and-geese {pos} + cgt "{x}"')
            assert r.outcome == _CLASS[outcome([g, short_game(x)])], (pos, x)


def test_grundy_values_predict_the_reference() -> None:
    """Where grundy finds a value V (small positions), V + X and G + X agree."""
    checked = 0
    for pos in _random_positions(7, 10):
        r = solve(f"ceylonese-fox-and-geese {pos}")
        if r.cgsuite is None:
            continue
        v = _game(*parse_loopy(r.cgsuite))
        g = _reference(pos)
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
    geese_text, fox_text = (part.split("=")[1] for part in pos.split())
    geese = {(int(a), int(b)) for a, b in (sq.split(",") for sq in geese_text.split(";"))}
    r, c = (int(x) for x in fox_text.split(","))
    one = outcome([game(geese, (r, c))])
    two = outcome([_reference(pos)])
    assert one != two
    assert solve(f"fox-and-geese {pos}").outcome == _CLASS[one]
    assert solve(f"ceylonese-fox-and-geese {pos}").outcome == _CLASS[two]


@pytest.mark.parametrize(
    "bad",
    [
        "ceylonese-fox-and-geese geese=3,2 fox=1,1",  # a light square
        "ceylonese-fox-and-geese geese=3,1 fox=9,1",  # off the board
        "ceylonese-fox-and-geese geese=3,1",  # no fox
        "ceylonese-fox-and-geese geese=3,1;3,1 fox=1,1",  # two geese on one square
        "ceylonese-fox-and-geese x.x.x.x./.o....../o.......",  # two foxes
    ],
)
def test_bad_positions_are_one_clear_error(bad: str) -> None:
    with pytest.raises(InvalidSpecError, match="ceylonese-fox-and-geese geese="):
        parse(bad)
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_play_against_the_perfect_player() -> None:
    """Left walls the fox in the corner (2,2 and the goose behind it on 3,3): no move."""
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "play", "ceylonese-fox-and-geese geese=3,1;3,3 fox=1,1"],
        input="geese=2,2;3,3 fox=1,1\nquit\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Right has no move" in out.stdout and "You win" in out.stdout, out.stdout


def test_the_board_form_is_the_same_position() -> None:
    a = parse("ceylonese-fox-and-geese x.x.x.x./......../o.......")
    b = parse("ceylonese-fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1")
    assert a.components[0].state == b.components[0].state
    assert str(b) == "ceylonese-fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1"
