"""The matrix pile game: staircase-Nim XOR of odd-distance cells, against search and brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.matrix import MatrixGame
from grundy.core.search import SearchMemo
from tests.checks import check_winning_moves, options_by_search, search_value
from tests.reference.catalog_rules import matrix_moves, matrix_value

# Bounds: every grid of these shapes with each pile 0..max.
SHAPES = [
    (1, 1, 6),
    (1, 2, 5),
    (2, 1, 5),
    (1, 3, 4),
    (3, 1, 4),
    (2, 2, 3),
    (1, 4, 3),
    (2, 3, 2),
    (3, 3, 1),
]


@pytest.mark.parametrize(("rows", "cols", "top"), SHAPES)
def test_formula_matches_search_and_brute_force(rows: int, cols: int, top: int) -> None:
    game = MatrixGame(rows, cols)
    memo = SearchMemo()
    for grid in itertools.product(range(top + 1), repeat=rows * cols):
        assert set(game.moves(grid)) == matrix_moves(rows, cols, grid)
        value = game.grundy_formula(grid)
        assert value == search_value(game, grid, memo) == matrix_value(rows, cols, grid), grid


def test_seed_parity_rule_is_index_independent() -> None:
    # The seed counts cells with (i + j) mod 2 != (r + c) mod 2; 0- or 1-based gives the same set.
    for r, c in [(2, 3), (3, 3), (4, 2)]:
        zero = {(i, j) for i in range(r) for j in range(c) if (i + j) % 2 != (r + c) % 2}
        one = {
            (i - 1, j - 1)
            for i in range(1, r + 1)
            for j in range(1, c + 1)
            if (i + j) % 2 != (r + c) % 2
        }
        assert zero == one


@pytest.mark.parametrize(("rows", "cols", "top"), [(2, 2, 3), (1, 3, 4), (2, 3, 1)])
def test_options_with_value(rows: int, cols: int, top: int) -> None:
    game = MatrixGame(rows, cols)
    memo = SearchMemo()
    for grid in itertools.product(range(top + 1), repeat=rows * cols):
        for t in range(top * 2 + 2):
            listed = list(game.options_with_value(grid, t))
            assert len(listed) == len(set(listed))
            assert set(listed) == options_by_search(game, grid, t, memo), (grid, t)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_random_grids(rows: int, cols: int, data: st.DataObject) -> None:
    cells = data.draw(st.lists(st.integers(0, 6), min_size=rows * cols, max_size=rows * cols))
    result = grundy.solve(f"matrix:{rows}x{cols} " + " ".join(map(str, cells)))
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
    if result.outcome == "P" and sum(cells) <= 12:
        check_winning_moves(result.position)


def test_thousand_digit_cells() -> None:
    big = [10**999 + k * 7919 for k in range(6)]
    result = grundy.solve("matrix:2x3 " + " ".join(map(str, big)))
    game = MatrixGame(2, 3)
    assert result.grundy == game.grundy_formula(tuple(big))
    assert result.winning_moves
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0


def test_bad_shapes() -> None:
    for spec in (
        "matrix 1 2",
        "matrix:2 1 2",
        "matrix:2x2 1 2 3",
        "matrix:0x3",
        "matrix:2x2 1 2 3 x",
    ):
        with pytest.raises(grundy.InvalidSpecError):
            grundy.parse(spec)
