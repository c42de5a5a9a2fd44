"""What the Fox and Geese tests share (``fox-and-geese`` and its Ceylonese variant, whose
fox goes up to two squares): CGSuite's published values, the reference's game graph of a
position (tests/reference/fox_geese.py) and random positions; the tests both games pass
alike are in test_fox_geese_both.py."""

from __future__ import annotations

import random
from pathlib import Path

from tests.reference.fox_geese import game
from tests.reference.loopy_play import Game

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
