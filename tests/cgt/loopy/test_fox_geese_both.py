"""The tests that Fox and Geese and Ceylonese Fox and Geese pass alike, each game under
its own name: outcomes against the reference's game graph (random positions, alone and
plus ``*`` or ``1/2``), bad positions, play against the perfect player, and the board form.

Bounds: 3 x 12 random positions of 1 to 3 geese on rows 1 to 4 with the fox there too, per
game.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from grundy import parse, solve
from grundy.errors import InvalidSpecError
from tests.cgt.loopy._fox_geese import CLASS, REACH, random_positions, reference
from tests.reference.loopy_play import outcome, short_game

GAMES = sorted(REACH)

#: What the Ceylonese game's errors show of its syntax.
CEYLONESE = "ceylonese-fox-and-geese geese="


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", GAMES)
def test_outcomes_match_the_reference(name: str, seed: int) -> None:
    for pos in random_positions(seed, 12):
        g = reference(pos, REACH[name])
        assert solve(f"{name} {pos}").outcome == CLASS[outcome([g])], pos
        for x in ("*", "1/2"):
            r = solve(f'{name} {pos} + cgt "{x}"')
            assert r.outcome == CLASS[outcome([g, short_game(x)])], (pos, x)


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        ("fox-and-geese geese=3,2 fox=1,1", None),  # a light square
        ("fox-and-geese geese=3,1 fox=9,1", None),  # off the board
        ("fox-and-geese geese=3,1", None),  # no fox
        ("fox-and-geese fox=1,1", None),  # no geese
        ("fox-and-geese geese=3,1;3,1 fox=1,1", None),  # two geese on one square
        ("fox-and-geese geese=3,1 fox=3,1", None),  # the fox on a goose
        ("fox-and-geese geese=3,1 fox=1", None),  # not R,C
        ("fox-and-geese geese=3,1 wolf=1,1", None),
        ("fox-and-geese x.x.x.x./......../.o......", None),  # the fox on a light square
        ("fox-and-geese x.x.x.x./.o....../o.......", None),  # two foxes
        ("fox-and-geese x.x.x.x./......../o......", None),  # a short row
        ("fox-and-geese x.x.x.x./......../o......q", None),
        # the Ceylonese game's message names its own syntax
        ("ceylonese-fox-and-geese geese=3,2 fox=1,1", CEYLONESE),  # a light square
        ("ceylonese-fox-and-geese geese=3,1 fox=9,1", CEYLONESE),  # off the board
        ("ceylonese-fox-and-geese geese=3,1", CEYLONESE),  # no fox
        ("ceylonese-fox-and-geese geese=3,1;3,1 fox=1,1", CEYLONESE),  # two geese on one square
        ("ceylonese-fox-and-geese x.x.x.x./.o....../o.......", CEYLONESE),  # two foxes
    ],
)
def test_bad_positions_are_one_clear_error(bad: str, match: str | None) -> None:
    """Refused by ``parse`` (the message naming the game's syntax where ``match`` says)
    and by ``grundy solve`` in one line, exit status 2, no traceback."""
    with pytest.raises(InvalidSpecError, match=match):
        parse(bad)
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("spec", "moves"),
    [
        # Left shuts the fox in the corner: Right cannot move.
        ("fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1", "geese=2,2;3,3;3,5;3,7 fox=1,1"),
        # Left walls the fox in the corner (2,2 and the goose behind it on 3,3): no move.
        ("ceylonese-fox-and-geese geese=3,1;3,3 fox=1,1", "geese=2,2;3,3 fox=1,1"),
    ],
)
def test_play_against_the_perfect_player(spec: str, moves: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "play", spec],
        input=moves + "\nquit\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Right has no move" in out.stdout and "You win" in out.stdout, out.stdout


@pytest.mark.parametrize("name", GAMES)
def test_the_board_form_is_the_same_position(name: str) -> None:
    a = parse(f"{name} x.x.x.x./......../o.......")
    b = parse(f"{name} geese=3,1;3,3;3,5;3,7 fox=1,1")
    assert a.components[0].state == b.components[0].state
    assert str(a) == str(b) == f"{name} geese=3,1;3,3;3,5;3,7 fox=1,1"
