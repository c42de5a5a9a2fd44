"""Fission's compiled walk (``fission_value`` in ``_core/fission.c``: its move generator,
split and symmetry key on the one walk of ``walk.h``) against the Python walk of
:class:`~grundy.cgt.games.fission.Fission` (its own memo family, no C) and against a plain
game tree that shares nothing with the engine (``tests/reference/partisan_rules.FISSION``:
every option of the whole board, no regions, no symmetry; canonical forms by
``tests/reference/cgt_forms``).

Bounds: every board of x . # of 1x5, 5x1, 2x3, 3x2 and 2x4, every board of x and . of 3x3
and 4x2 (each but 2x4 also as the raw key of each of its 8 images, a transposed image
negated), every board of one stone on 4x4, 4x5 and 5x4 (and on the 8 images); seeded random
boards of 3x4, 4x4, 4x5 and 5x5 (slow: every board of x . # of 3x3, more random 5x5 boards,
one centre stone on 5x5); a checkpoint round trip of the compiled memo (kind 7).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy.cgt import _table as T
from grundy.cgt import value_of
from grundy.cgt.games.fission import Fission
from grundy.cgt.value import CanonicalGame
from grundy.kernels._core import core_module
from tests.kernels.walk_checks import (
    check_checkpoint_keeps_memo,
    check_memo_round_trip,
    needs_compiled_walk,
    python_walk,
)
from tests.reference import cgt_forms as F
from tests.reference import partisan_rules as P

CORE: Any = core_module()
pytestmark = needs_compiled_walk("fission_value")

Grid = tuple[str, ...]


_PythonFission = python_walk(Fission, "fission-python-walk")


def _planes(grid: Grid) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """The raw key (h, w, stone rows, empty rows) of a board, as it stands."""
    stones = tuple(sum(1 << c for c, ch in enumerate(row) if ch == "x") for row in grid)
    empty = tuple(sum(1 << c for c, ch in enumerate(row) if ch == ".") for row in grid)
    return len(grid), len(grid[0]), stones, empty


def _images(grid: Grid) -> list[tuple[bool, Grid]]:
    """The 8 images of a board: (transposed, rows)."""
    out = []
    for transposed in (False, True):
        base = tuple("".join(col) for col in zip(*grid, strict=True)) if transposed else grid
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                rows = base[::-1] if flip_rows else base
                out.append((transposed, tuple(r[::-1] if flip_cols else r for r in rows)))
    return out


def _by_c(key: tuple[int, int, tuple[int, ...], tuple[int, ...]]) -> CanonicalGame:
    gid, _new = CORE.fission_value(key, None, 1 << 22)
    return CanonicalGame._of(gid)


def _check(grid: Grid, images: bool) -> None:
    spec = "/".join(grid)
    compiled, python = Fission(), _PythonFission()
    (state,) = compiled.parse_args([spec])
    got = value_of(compiled, state)
    assert value_of(python, state) == got, spec
    assert F.from_braces(got.braces()) == P.value(P.FISSION, grid), spec
    if images:
        for transposed, image in _images(grid):
            assert _by_c(_planes(image)) == (-got if transposed else got), (spec, image)


def _boards(h: int, w: int, symbols: str) -> list[Grid]:
    return [g for g in P.grids(h, w, symbols) if "x" in "".join(g)]


@pytest.mark.parametrize(
    ("h", "w", "symbols"),
    [
        (1, 5, "x.#"),
        (5, 1, "x.#"),
        (2, 3, "x.#"),
        (3, 2, "x.#"),
        (3, 3, "x."),
        (4, 2, "x."),
        (2, 4, "x.#"),
        pytest.param(3, 3, "x.#", marks=pytest.mark.slow),
    ],
)
@pytest.mark.slow
def test_every_small_board_matches_the_python_walk_and_the_game_tree(
    h: int, w: int, symbols: str
) -> None:
    boards = _boards(h, w, symbols)
    with T.shared():
        for grid in boards:
            _check(grid, images=len(boards) < 1000)


@pytest.mark.parametrize(
    ("h", "w"), [(4, 4), (4, 5), (5, 4), pytest.param(5, 5, marks=pytest.mark.slow)]
)
def test_one_stone_boards(h: int, w: int) -> None:
    with T.shared():
        for r in range(h):
            for c in range(w):
                if h == w == 5 and (r, c) != (2, 2):
                    continue
                rows = ["." * w] * h
                rows[r] = "." * c + "x" + "." * (w - c - 1)
                _check(tuple(rows), images=True)


def _random_board(rng: random.Random, h: int, w: int, stones: float, holes: float) -> Grid:
    def cell() -> str:
        x = rng.random()
        return "x" if x < stones else "#" if x < stones + holes else "."

    return tuple("".join(cell() for _ in range(w)) for _ in range(h))


@pytest.mark.parametrize(
    ("h", "w", "count", "stones", "holes"),
    [
        (3, 4, 60, 0.2, 0.1),
        (4, 4, 60, 0.15, 0.05),
        (4, 5, 40, 0.15, 0.1),
        (5, 5, 12, 0.12, 0.15),
        pytest.param(5, 5, 80, 0.1, 0.1, marks=pytest.mark.slow),
    ],
)
@pytest.mark.slow
def test_random_boards_match_the_python_walk_and_the_game_tree(
    h: int, w: int, count: int, stones: float, holes: float
) -> None:
    rng = random.Random(f"fission {h}x{w} {count}")
    with T.shared():
        for _ in range(count):
            _check(_random_board(rng, h, w, stones, holes), images=count < 50)


def test_known_values() -> None:
    # a stone between two empty squares: one move for one side (module docstring); a
    # column of four with the stone second from the top: Left splits into ..x./x.. etc.
    with T.shared():
        assert str(_by_c((3, 1, (0, 1, 0), (1, 0, 1)))) == "1"
        assert str(_by_c((1, 3, (2,), (5,)))) == "-1"
        assert str(_by_c((4, 1, (0, 1, 0, 0), (1, 0, 1, 1)))) == "2"
        assert str(_by_c((3, 3, (0, 2, 0), (7, 5, 7)))) == "0"


def test_memo_lists_adds_and_saves_raw_records() -> None:
    with T.shared():
        _by_c((3, 3, (0, 2, 0), (7, 5, 7)))
        check_memo_round_trip(CORE, "fission", 7, 2, 4)  # not into Clobber's memo (kind 2)


def test_bad_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="key"):
        CORE.fission_value((8, 8, (0,) * 8, (0,) * 8), None, 10)  # past 64 bits
    with pytest.raises(ValueError, match="two stones"):
        CORE.fission_value((1, 3, (2,), (7,)), None, 10)  # a square both stone and empty
    with pytest.raises(TypeError, match="tuple"):
        CORE.fission_value([1, 3, (2,), (5,)], None, 10)
    with pytest.raises(ValueError, match="not an id"):
        CORE.fission_memo_add((1, 3, (2,), (5,)), -1, 10)


def test_a_checkpoint_keeps_the_compiled_memo(tmp_path: Any) -> None:
    # value_of saves the C memo as raw records of kind 7 and reads them back into it.
    check_checkpoint_keeps_memo(
        CORE, "fission", Fission(), "..../..x./..../....", tmp_path / "fission.gz"
    )
