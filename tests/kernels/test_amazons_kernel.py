"""Amazons' compiled walk (``amazons_value`` in ``_core/amazons.c``: its move generator,
split and symmetry key on the one walk of ``walk.h``) against the Python walk of
:class:`~grundy.cgt.games.amazons.Amazons` (its own memo family, no C), the reference, and
against a plain game tree that shares nothing with the engine
(``tests/reference/partisan_rules.AMAZONS``: every option of the whole board, no regions,
no symmetry; canonical forms by ``tests/reference/cgt_forms``).

Bounds: every board of 1x1 to 3x3 (each side 1 to 3) with at most one amazon of each colour,
each other cell ``.`` or ``#`` (3x3, 14,336 boards, is marked slow; its 1,024 boards with no
``#`` and the 2x3 and 3x2 boards run in the quick suite), each also as the raw key of its 8
images and their colour swaps (a swapped image negated) for the boards of up to 6 cells;
random 3x4 and 4x3 boards (hypothesis: up to three amazons, two of one colour); boards with more
options of one side than a frame holds on its stack (64); a checkpoint round trip of the
compiled memo (kind 8). The game tree is compared on every board of x o . # of 2x2 and a
seeded sample of 3x3 boards (tests/cgt/test_reference_partisan.py compares it on more, now
through the compiled walk).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import _table as T
from grundy.cgt import value_of
from grundy.cgt.games._stones import swap_key
from grundy.cgt.games.amazons import Amazons
from grundy.cgt.value import CanonicalGame
from grundy.errors import SearchLimitError
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
pytestmark = needs_compiled_walk("amazons_value")

Grid = tuple[str, ...]


_PythonAmazons = python_walk(Amazons, "amazons-python-walk")


def _planes(grid: Grid) -> tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The raw key (h, w, x rows, o rows, empty rows) of a board, as it stands."""

    def plane(ch: str) -> tuple[int, ...]:
        return tuple(sum(1 << c for c, cell in enumerate(row) if cell == ch) for row in grid)

    return len(grid), len(grid[0]), plane("x"), plane("o"), plane(".")


def _images(grid: Grid) -> list[tuple[bool, Grid]]:
    """The 8 images of a board and their colour swaps: (swapped, rows)."""
    out = []
    for transposed in (False, True):
        base = tuple("".join(col) for col in zip(*grid, strict=True)) if transposed else grid
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                rows = base[::-1] if flip_rows else base
                image = tuple(r[::-1] if flip_cols else r for r in rows)
                out.append((False, image))
                swap = str.maketrans("xo", "ox")
                out.append((True, tuple(r.translate(swap) for r in image)))
    return out


def _by_c(key: Any) -> CanonicalGame:
    gid, _new = CORE.amazons_value(key, None, 1 << 22)
    return CanonicalGame._of(gid)


def _check(grid: Grid, images: bool = False, tree: bool = False) -> None:
    spec = "/".join(grid)
    compiled, python = Amazons(), _PythonAmazons()
    (state,) = compiled.parse_args([spec])
    got = value_of(compiled, state)
    assert value_of(python, state) == got, spec
    if tree:
        assert F.from_braces(got.braces()) == P.value(P.AMAZONS, grid), spec
    if images and ("." in spec and ("x" in spec or "o" in spec)):
        for swapped, image in _images(grid):
            assert _by_c(_planes(image)) == (-got if swapped else got), (spec, image)


def _boards(h: int, w: int, blocks: bool = True) -> list[Grid]:
    """Every board of h x w with at most one x and one o, the other cells . (or #)."""
    n = h * w
    out = []
    fill = ".#" if blocks else "."
    for x, o in itertools.product(range(-1, n), repeat=2):
        if x >= 0 and x == o:
            continue
        rest = [i for i in range(n) if i not in (x, o)]
        for cells in itertools.product(fill, repeat=len(rest)):
            board = dict(zip(rest, cells, strict=True))
            if x >= 0:
                board[x] = "x"
            if o >= 0:
                board[o] = "o"
            line = "".join(board[i] for i in range(n))
            out.append(tuple(line[r * w : (r + 1) * w] for r in range(h)))
    return out


@pytest.mark.parametrize(("h", "w"), [(h, w) for h in (1, 2, 3) for w in (1, 2, 3) if h * w <= 6])
def test_every_small_board_matches_the_python_walk(h: int, w: int) -> None:
    with T.shared():
        for grid in _boards(h, w):
            _check(grid, images=True)


def test_every_open_3x3_board_matches_the_python_walk() -> None:
    with T.shared():
        boards = _boards(3, 3, blocks=False)
        assert len(boards) == 1 + 9 + 9 + 72
        for grid in boards:
            _check(grid, images=True)


@pytest.mark.slow
def test_every_3x3_board_with_blocks_matches_the_python_walk() -> None:
    with T.shared():
        boards = _boards(3, 3)
        assert len(boards) == 14336
        for grid in boards:
            _check(grid)


def test_the_game_tree_agrees() -> None:
    boards = P.grids(2, 2, "xo.#")
    boards += random.Random("amazons 3x3").sample(P.grids(3, 3, "xo.#"), 30)
    with T.shared():
        for grid in boards:
            _check(grid, tree=True)


_CELLS = st.sampled_from("....###")


@st.composite
def _random_board(draw: st.DrawFn) -> Grid:
    h, w = draw(st.sampled_from([(3, 4), (4, 3)]))
    cells = draw(st.lists(_CELLS, min_size=h * w, max_size=h * w))
    spots = draw(st.lists(st.integers(0, h * w - 1), min_size=1, max_size=3, unique=True))
    for i, spot in enumerate(spots):
        cells[spot] = "xo"[i % 2]
    return tuple("".join(cells[r * w : (r + 1) * w]) for r in range(h))


@settings(max_examples=20, deadline=None)
@given(_random_board())
def test_random_3x4_boards_match_the_python_walk(grid: Grid) -> None:
    with T.shared():
        _check(grid)


def test_more_options_than_a_frame_holds() -> None:
    # Left alone (an integer: the most moves Left makes), an arrow a move: 5 moves in the
    # corridor (an amazon steps in and shoots back), with 200 options at first (the walk
    # holds 64 on its stack, then 128, then 256 on the heap); beside an o, against Python.
    g = Amazons()
    (state,) = g.parse_args(["xxxxxxx/x.....x/xxxxxxx"])
    assert len(list(g.left_moves(state))) == 200
    with T.shared():
        assert str(value_of(g, state)) == "5"
        assert str(_by_c(_planes(("xxxxxxx", "x.....x", "xxxxxxx")))) == "5"
        _check(("xxxx", "x..x", "x..x", "xxxo"))  # 120 options of Left
        _check(("xxxxxx", "x....x", "xxxxxx"))  # 128


def test_the_python_walk_forgets_keys_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    import grundy  # noqa: PLC0415
    from grundy.cgt.games import amazons  # noqa: PLC0415

    grundy.clear_cache()  # (nothing memoised: every region keyed)
    monkeypatch.setattr(amazons, "_KEYS_KEPT", 50)
    monkeypatch.setattr(amazons, "_keys", {})
    seen = []

    def counted(region: Any) -> Any:
        seen.append(len(amazons._keys))
        return swap_key(region)

    monkeypatch.setattr(amazons, "swap_key", counted)
    with T.shared():
        _check(("x..", "...", ".#o"))
    assert len(seen) > 200 and max(seen) <= 50


def test_limits_hold_in_the_compiled_walk() -> None:
    # a small memo limit drops regions (recomputed when needed: the same value); a bound
    # on the regions evaluated stops the walk with SearchLimitError
    import grundy  # noqa: PLC0415

    g = Amazons()
    (state,) = g.parse_args(["x../.../..o"])  # 479 regions
    grundy.clear_cache()
    with T.shared():
        full = value_of(g, state)
    grundy.clear_cache()
    with T.shared():
        assert value_of(g, state, memo_limit=400) == full
    assert CORE.amazons_memo_stats()[2] > 0  # evictions
    grundy.clear_cache()
    with pytest.raises(SearchLimitError):
        value_of(g, state, max_positions=100)


def test_known_values() -> None:
    # the module docstring, and tests/cgt/data/amazons.txt (CGSuite's GameGridTest)
    with T.shared():
        assert str(_by_c(_planes(("x.",)))) == "1"
        assert str(_by_c(_planes(("x..",)))) == "2"
        assert str(_by_c(_planes(("x.o",)))) == "*"
        assert str(_by_c(_planes(("x.", ".o")))) == "0"
        cgsuite = (
            "{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,{1,{2|0}|-1,{0|-2}}}|-3,{0,{0,*|-1}|-4},"
            "{{^|0,{0|-1/2}},+-1,{1,{2|0}|-1,{0|-2}}|-4}}"
        )
        assert _by_c(_planes(("x...", "o..."))) == CanonicalGame(cgsuite)


def test_regions_without_amazons_or_empty_squares_are_dropped() -> None:
    # x#o: no empty square; ..#x.: the empty squares left of # hold no amazon
    g = Amazons()
    for spec, regions in (("x#o", 0), ("..#x.", 1), ("x.#.o", 2), ("x./##/.o", 2)):
        (state,) = g.parse_args([spec])
        assert len(list(g.regions(state))) == regions, spec
    with T.shared():
        assert str(_by_c(_planes(("..#x.",)))) == "1"
        assert str(_by_c(_planes(("x#o",)))) == "0"


def test_the_c_keys_are_the_python_keys() -> None:
    # every key image the C walk memoises is its own key in Python (the least image, not
    # swapped), so that the two memos and a checkpoint's records meet
    import grundy  # noqa: PLC0415

    grundy.clear_cache()
    g = Amazons()
    with T.shared():
        for spec in ("x.../..../...o", "x.o/.../#.."):
            (state,) = g.parse_args([spec])
            value_of(g, state)
        keys = [key for key, _gid in CORE.amazons_memo()]
    assert len(keys) > 1000
    for key in keys:
        region = g.state_of_key(key)
        assert g.signed_region_key(region) == (key, False), key


def test_memo_lists_adds_and_saves_raw_records() -> None:
    import grundy  # noqa: PLC0415

    grundy.clear_cache()  # (a short memo to list)
    with T.shared():
        _by_c(_planes(("x..", "...", "..o")))
        check_memo_round_trip(CORE, "amazons", 8, 7, 5)  # not into Fission's memo (kind 7)


def test_bad_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="key"):
        CORE.amazons_value((8, 8, (0,) * 8, (0,) * 8, (0,) * 8), None, 10)  # past 64 bits
    with pytest.raises(ValueError, match="two planes"):
        CORE.amazons_value((1, 3, (1,), (0,), (3,)), None, 10)  # a square both x and empty
    with pytest.raises(ValueError, match="wider"):
        CORE.amazons_value((1, 3, (8,), (0,), (3,)), None, 10)
    with pytest.raises(TypeError, match="tuple"):
        CORE.amazons_value([1, 3, (1,), (4,), (2,)], None, 10)
    with pytest.raises(ValueError, match="not an id"):
        CORE.amazons_memo_add((1, 3, (1,), (4,), (2,)), -1, 10)


def test_a_checkpoint_keeps_the_compiled_memo(tmp_path: Any) -> None:
    # value_of saves the C memo as raw records of kind 8 and reads them back into it.
    check_checkpoint_keeps_memo(CORE, "amazons", Amazons(), "x../.../.#o", tmp_path / "amazons.gz")
