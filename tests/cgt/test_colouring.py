"""Col, Snort and Konane against a brute force written from the rules on plain strings.

Every board of 1 to 5 cells in a row, and every 2x2 and 2x3 board, with each cell
empty, blue/black or red/white (legal positions only): the outcome the partisan
engine gives equals the outcome found by trying every line of play, and Col's values
are numbers or numbers plus star (ONAG ch. 7).
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from grundy.cgt import value_of
from grundy.cgt.games.col import Col
from grundy.cgt.games.konane import Konane
from grundy.cgt.games.snort import Snort
from grundy.errors import InvalidSpecError

SHAPES = [(1, n) for n in range(1, 6)] + [(2, 2), (2, 3)]


def _neighbours(h: int, w: int, i: int) -> list[int]:
    r, c = divmod(i, w)
    return [
        rr * w + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < h and 0 <= cc < w
    ]


def _colour_options(game: str, h: int, w: int, cells: str, mover: str) -> list[str]:
    own, other = ("b", "r") if mover == "L" else ("r", "b")
    bad = own if game == "col" else other
    out = []
    for i, ch in enumerate(cells):
        if ch == "." and all(cells[j] != bad for j in _neighbours(h, w, i)):
            out.append(cells[:i] + own + cells[i + 1 :])
    return out


def _jump_options(h: int, w: int, cells: str, mover: str) -> list[str]:
    own, other = ("x", "o") if mover == "L" else ("o", "x")
    out = []
    for i, ch in enumerate(cells):
        if ch != own:
            continue
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            board, (r, c) = list(cells), divmod(i, w)
            while True:
                r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                if not (0 <= r2 < h and 0 <= c2 < w):
                    break
                if board[r1 * w + c1] != other or board[r2 * w + c2] != ".":
                    break
                board[r * w + c] = board[r1 * w + c1] = "."
                board[r2 * w + c2] = own
                r, c = r2, c2
                out.append("".join(board))
    return out


@cache
def _first_wins(game: str, h: int, w: int, cells: str, mover: str) -> bool:
    """True when ``mover`` moving first from ``cells`` wins (tries every line)."""
    if game == "konane":
        options = _jump_options(h, w, cells, mover)
    else:
        options = _colour_options(game, h, w, cells, mover)
    other = "R" if mover == "L" else "L"
    return any(not _first_wins(game, h, w, o, other) for o in options)


def _outcome(game: str, h: int, w: int, cells: str) -> str:
    left, right = _first_wins(game, h, w, cells, "L"), _first_wins(game, h, w, cells, "R")
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)
    ]


RULESETS: dict[str, tuple[Any, str]] = {
    "col": (Col(), ".br"),
    "snort": (Snort(), ".br"),
    "konane": (Konane(), ".xo"),
}


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize(("h", "w"), SHAPES)
def test_engine_agrees_with_brute_force(name: str, h: int, w: int) -> None:
    game, symbols = RULESETS[name]
    checked = 0
    for cells in itertools.product(symbols, repeat=h * w):
        text = "".join(cells)
        rows = "/".join(text[r * w : (r + 1) * w] for r in range(h))
        try:
            (state,) = game.parse_args([rows])
        except InvalidSpecError:
            continue  # two cells that may not touch touch: not a position of this game
        value = value_of(game, state)
        assert value.outcome == _outcome(name, h, w, text), f"{name} {rows}: {value}"
        if name == "col":
            star = value_of(game, game.parse_args(["."])[0])
            assert value.is_number() or (value + star).is_number(), f"{rows}: {value}"
        checked += 1
    assert checked > 0


def test_col_refuses_touching_cells_of_one_colour() -> None:
    with pytest.raises(InvalidSpecError, match="touch"):
        Col().parse_args(["bb."])
    with pytest.raises(InvalidSpecError, match="touch"):
        Snort().parse_args(["br."])
