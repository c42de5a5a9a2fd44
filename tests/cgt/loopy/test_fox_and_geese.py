"""Fox and Geese (``fox-and-geese``): CGSuite's values, the rules against an independent
game graph (tests/reference/fox_geese.py), bounds, errors, and play.

Bounds: CGSuite's published values (tests/cgt/data/fox_and_geese.txt), each checked
through the outcomes of its sums with the short games of ``_sums`` (under both
starts); random positions of 1 to 3 geese on rows 1 to 4 with the fox anywhere below row
5, alone and plus ``*`` or ``1/2``.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import parse, solve
from grundy.cgt.loopy.notation import parse_loopy
from grundy.cgt.loopy.solve import OUTCOME_WORDS
from grundy.errors import InvalidSpecError, UnsupportedError
from tests.cgt.loopy.test_reference import _game
from tests.reference.fox_geese import game
from tests.reference.loopy_play import Game, outcome, short_game

DATA = Path(__file__).parents[1] / "data" / "fox_and_geese.txt"

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
    return game(geese, (int(r), int(c)))


def _integer(n: int) -> Game:
    """The integer ``n`` as a chain of moves (n <= 0 here)."""
    forms: dict[object, tuple[list[object], list[object]]] = {0: ([], [])}
    for k in range(-1, n - 1, -1):
        forms[k] = ([], [k + 1])
    return forms, n


def _sums(value: str) -> list[list[Game]]:
    """Short games X that test a value near its integer part n: -n, -n + *, -n + 1/2, and
    the same with n + 1."""
    n = int(next(t for t in value.replace("{", " ").split("|")[0].split() if t[0].isdigit())[0])
    out = []
    for k in (n, n + 1):
        out.append([_integer(-k)])
        out.append([_integer(-k), short_game("*")])
        out.append([_integer(-k), short_game("1/2")])
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("pos", "value"), _published())
def test_cgsuite_value_predicts_the_outcomes_of_the_rules(pos: str, value: str) -> None:
    """G + X and V + X have the same outcome under both starts, G the reference's game
    graph of the rules, V CGSuite's value read here; the values are stoppers and so is G
    (the geese have finitely many moves, so play ends)."""
    v = _game(*parse_loopy(value))
    g = _reference(pos)
    sums = _sums(value) if len(g[0]) < 2000 else _sums(value)[:2]
    for xs in sums:
        assert outcome([g, *xs]) == outcome([v, *xs]), (pos, xs)


@pytest.mark.parametrize(("pos", "value"), _published()[1:][::2])
def test_grundy_finds_cgsuites_value(pos: str, value: str) -> None:
    r = solve(f"fox-and-geese {pos}")
    assert (r.canonical, r.cgsuite) == (value, value)


def test_the_value_out_of_reach_leaves_the_outcome() -> None:
    pos, _value = _published()[0]
    r = solve(f"fox-and-geese {pos}")
    assert r.canonical is None and r.outcome == "L"
    assert any("out of reach" in line for line in r.explanation)


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
        assert solve(f"fox-and-geese {pos}").outcome == _CLASS[outcome([g])], pos
        for x in ("*", "1/2"):
            r = solve(f'fox-and-geese {pos} + cgt "{x}"')
            assert r.outcome == _CLASS[outcome([g, short_game(x)])], (pos, x)


def test_no_position_is_a_draw() -> None:
    """The geese have finitely many moves, so every outcome is a win for someone."""
    assert all(solve(f"fox-and-geese {pos}").outcome in "LRNP" for pos in _random_positions(9, 10))
    assert set(OUTCOME_WORDS) >= set(_CLASS.values())


def test_position_limit_is_one_line() -> None:
    start = "fox-and-geese geese=8,2;8,4;8,6;8,8 fox=1,5"
    with pytest.raises(UnsupportedError, match="more than 1,000 positions"):
        solve(start, max_positions=1000)


@pytest.mark.parametrize(
    "bad",
    [
        "fox-and-geese geese=3,2 fox=1,1",  # a light square
        "fox-and-geese geese=3,1 fox=9,1",  # off the board
        "fox-and-geese geese=3,1",  # no fox
        "fox-and-geese fox=1,1",  # no geese
        "fox-and-geese geese=3,1;3,1 fox=1,1",  # two geese on one square
        "fox-and-geese geese=3,1 fox=3,1",  # the fox on a goose
        "fox-and-geese geese=3,1 fox=1",  # not R,C
        "fox-and-geese geese=3,1 wolf=1,1",
        "fox-and-geese x.x.x.x./......../.o......",  # the fox on a light square
        "fox-and-geese x.x.x.x./.o....../o.......",  # two foxes
        "fox-and-geese x.x.x.x./......../o......",  # a short row
        "fox-and-geese x.x.x.x./......../o......q",
    ],
)
def test_bad_positions_are_one_clear_error(bad: str) -> None:
    with pytest.raises(InvalidSpecError):
        parse(bad)
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_play_against_the_perfect_player() -> None:
    """Left shuts the fox in the corner: Right cannot move."""
    moves = "geese=2,2;3,3;3,5;3,7 fox=1,1\n"
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "play", "fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1"],
        input=moves + "quit\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Right has no move" in out.stdout and "You win" in out.stdout, out.stdout


def test_the_board_form_is_the_same_position() -> None:
    a = parse("fox-and-geese x.x.x.x./......../o.......")
    b = parse("fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1")
    assert a.components[0].state == b.components[0].state
    assert str(a) == str(b) == "fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1"
