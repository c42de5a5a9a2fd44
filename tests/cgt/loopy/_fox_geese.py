"""What the Fox and Geese tests share (``fox-and-geese`` and its Ceylonese variant, whose
fox goes up to two squares): CGSuite's published values, the reference's game graph of a
position (tests/reference/fox_geese.py), random positions, and the checks that each game
runs under its own name."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import parse, solve
from grundy.errors import InvalidSpecError
from tests.reference.fox_geese import game
from tests.reference.loopy_play import Game, outcome, short_game

#: A reference outcome (Left starting, Right starting) as grundy's outcome letter.
CLASS = {(1, 1): "L", (-1, -1): "R", (1, -1): "N", (-1, 1): "P"}

#: The fox's reach in each game.
REACH = {"fox-and-geese": 1, "ceylonese-fox-and-geese": 2}


def published(name: str) -> list[tuple[str, str]]:
    """The ``(position, value)`` rows of tests/cgt/data/NAME.txt (CGSuite's values)."""
    data = Path(__file__).parents[1] / "data" / f"{name.replace('-', '_')}.txt"
    rows = []
    for line in data.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            pos, value = line.split(" = ")
            rows.append((pos, value))
    return rows


def reference(pos: str, reach: int) -> Game:
    """The reference's game graph of ``geese=R,C;... fox=R,C``, the fox going ``reach``."""
    geese_text, fox_text = (part.split("=")[1] for part in pos.split())
    geese = {(int(a), int(b)) for a, b in (sq.split(",") for sq in geese_text.split(";"))}
    r, c = fox_text.split(",")
    return game(geese, (int(r), int(c)), reach=reach)


def integer(n: int) -> Game:
    """The integer ``n <= 0`` as a chain of Right moves."""
    forms: dict[object, tuple[list[object], list[object]]] = {0: ([], [])}
    for k in range(-1, n - 1, -1):
        forms[k] = ([], [k + 1])
    return forms, n


def random_positions(seed: int, count: int) -> list[str]:
    """``count`` positions of 1 to 3 geese on rows 1 to 4 with the fox there too."""
    rng = random.Random(seed)
    squares = [(r, c) for r in range(1, 5) for c in range(1, 9) if (r + c) % 2 == 0]
    out = []
    for _ in range(count):
        picked = rng.sample(squares, rng.randint(2, 4))
        fox, geese = picked[0], sorted(picked[1:])
        out.append("geese=" + ";".join(f"{r},{c}" for r, c in geese) + f" fox={fox[0]},{fox[1]}")
    return out


def check_outcomes_match_the_reference(name: str, seed: int) -> None:
    """grundy's outcomes of 12 random positions, alone and plus ``*`` or ``1/2``, are the
    reference's."""
    for pos in random_positions(seed, 12):
        g = reference(pos, REACH[name])
        assert solve(f"{name} {pos}").outcome == CLASS[outcome([g])], pos
        for x in ("*", "1/2"):
            r = solve(f'{name} {pos} + cgt "{x}"')
            assert r.outcome == CLASS[outcome([g, short_game(x)])], (pos, x)


def check_bad_position(bad: str, match: str | None = None) -> None:
    """``bad`` is refused by ``parse`` (with ``match`` in the message) and by ``grundy
    solve`` in one line, exit status 2, no traceback."""
    with pytest.raises(InvalidSpecError, match=match):
        parse(bad)
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def check_left_shuts_the_fox_in(spec: str, moves: str) -> None:
    """``grundy play SPEC`` with Left's ``moves`` (lines) ends with Right unable to move."""
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "play", spec],
        input=moves + "quit\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Right has no move" in out.stdout and "You win" in out.stdout, out.stdout


def check_the_board_form(name: str) -> None:
    """The board form of four geese and the fox is the same position as the list form,
    and prints as the list form."""
    a = parse(f"{name} x.x.x.x./......../o.......")
    b = parse(f"{name} geese=3,1;3,3;3,5;3,7 fox=1,1")
    assert a.components[0].state == b.components[0].state
    assert str(a) == str(b) == f"{name} geese=3,1;3,3;3,5;3,7 fox=1,1"
