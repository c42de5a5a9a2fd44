"""Chomp is impartial: Grundy values against an independent brute force, sums, and the lone
bar still answered by two-player search."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

import grundy
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.cgt.games.domineering import Domineering
from grundy.core.position import Position
from tests.reference.mex import mex


def _shapes(rows: int, cols: int) -> list[tuple[int, ...]]:
    """Every position of a ``rows`` x ``cols`` bar: non-increasing row lengths, the poisoned
    row not empty."""
    return [
        shape
        for shape in itertools.product(range(cols + 1), repeat=rows)
        if shape[0] >= 1 and all(a >= b for a, b in itertools.pairwise(shape))
    ]


@cache
def _reference_grundy(shape: tuple[int, ...]) -> int:
    """The Grundy value by the rules alone: a move takes square (i, j), not the poisoned
    (0, 0), with everything at rows >= i and columns >= j; the mex of the options."""
    options = set()
    for i, length in enumerate(shape):
        for j in range(length):
            if i == j == 0:
                continue
            after = tuple(min(n, j) if k >= i else n for k, n in enumerate(shape))
            options.add(_reference_grundy(after))
    return mex(options)


# Bounds: every position of every bar up to 3 rows and 4 columns (and 4x3), 1 + 4 + ... shapes.
SIZES = [(r, c) for r in range(1, 4) for c in range(1, 5)] + [(4, 3)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_grundy_values_match_a_brute_force_mex(rows: int, cols: int) -> None:
    game = Chomp(rows, cols)
    for shape in _shapes(rows, cols):
        state = game.pack(shape)
        expected = _reference_grundy(shape)
        assert grundy.grundy_value(game, state) == expected, shape
        # A lone bar is solved by search: who wins agrees with the Grundy value.
        result = grundy.solve(game, state)
        assert result.outcome == ("N" if expected else "P"), shape
        assert result.value == ("win" if expected else "loss"), shape


def test_a_bar_can_be_summed() -> None:
    spec = "chomp:2x3 + nim 1"
    r = grundy.solve(spec)
    g = _reference_grundy((3, 3))
    assert r.grundy == g ^ 1
    assert r.outcome == ("N" if g ^ 1 else "P")
    # Every listed winning move leads to a sum of value 0.
    for after in r.winning_moves:
        assert grundy.grundy_value(after) == 0
    assert [str(m) for m in r.winning_moves] == ["chomp:2x3 1 1 + nim 1"]


def test_two_bars_sum_to_zero() -> None:
    r = grundy.solve("chomp:3x4 + chomp:3x4")
    assert (r.outcome, r.grundy) == ("P", 0)


def test_a_lone_bar_keeps_the_search_answer() -> None:
    r = grundy.solve("chomp:3x4")
    assert (r.outcome, r.value, r.remoteness, r.grundy) == ("N", "win", 7, None)
    assert [str(m) for m in r.winning_moves] == ["chomp:3x4 4 2 2"]
    assert r.move_descriptions == ("take row 2, column 3 and everything above and to the right",)
    assert r.method.startswith("retrograde analysis")


def test_chomp_declares_an_impartial_summable_type() -> None:
    t = Chomp.game_type
    assert (t.impartial, t.summable, t.draws, t.solver) == (True, True, False, "sprague-grundy")
    assert Chomp.search_alone
    game = Chomp(2, 3)
    assert game.board(game.full()) is not None  # the board picture stays


def test_legal_moves_of_a_lone_bar_have_words() -> None:
    moves = grundy.legal_moves(Position(Chomp(1, 3), Chomp(1, 3).full()))
    assert [(str(p), w) for p, w in moves] == [
        ("chomp:1x3 1", "take row 1, column 2 and everything above and to the right"),
        ("chomp:1x3 2", "take row 1, column 3 and everything above and to the right"),
    ]


def test_each_game_declares_its_solver() -> None:
    """Issue 17: tic-tac-toe and Connect Four are games with draws (search only); Domineering
    is one ruleset whose search is a view of it; Chomp is impartial and summable."""
    for board in (TicTacToe, ConnectFour):
        assert board.game_type.draws and board.game_type.solver == "search"
    assert Domineering.game_type.solver == "canonical"
    view = grundy.parse("domineering-search:2x3").components[0].game
    assert isinstance(view, DomineeringSearch)
    assert view.game == Domineering(2, 3)  # the rules come from the one ruleset
    assert Chomp.game_type.solver == "sprague-grundy"
