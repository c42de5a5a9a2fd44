"""Board games (issue 10): rows of the wrong width are refused, and searches far beyond
``max_positions`` are refused at once, while what finishes today still does."""

from __future__ import annotations

from math import comb

import pytest

import grundy
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.errors import InvalidSpecError, SearchLimitError
from tests.cli.helpers import run


@pytest.mark.parametrize(
    "spec",
    [
        "tictactoe xo/.../....",
        "tictactoe xo./../....",
        "tictactoe x/o/.......",
        "connect4:4x4 ..../.../...../....",
        "domineering-search:2x3 ..../.. L",
        "tictactoe xo./.../.../",
    ],
)
def test_rows_of_the_wrong_length_are_refused(spec: str) -> None:
    with pytest.raises(InvalidSpecError):
        grundy.parse(spec)


def test_rows_without_slashes_still_parse() -> None:
    assert str(grundy.parse("tictactoe xo.......")) == "tictactoe xo......."
    assert str(grundy.parse("tictactoe xo./.../...")) == "tictactoe xo......."


@pytest.mark.parametrize(
    "spec",
    [
        "connect4",
        "connect4:7x6",
        "connect4:5x5",
        "domineering-search:6x6",
        "domineering-search:8x8",
        "chomp:16x16",
    ],
)
def test_hopeless_searches_are_refused_at_once(spec: str) -> None:
    r = run("solve", spec)
    assert r.status == 1 and r.err.count("\n") == 1
    assert "positions to search, far beyond the limit of 20,000,000" in r.err
    assert "ask about" in r.err


def test_raising_the_limit_lifts_the_refusal() -> None:
    game = ConnectFour(5, 5)
    with pytest.raises(SearchLimitError):
        game.check_search_size(0, 20_000_000)
    game.check_search_size(0, 10**9)


def test_play_refuses_too() -> None:
    r = run("play", "connect4", stdin="quit\n")
    assert r.status == 1 and "far beyond" in r.err


def test_estimates() -> None:
    assert Chomp(16, 16).search_estimate(Chomp(16, 16).full()) == comb(32, 16)
    g = Chomp(3, 4)
    state = g.pack([3, 2, 1])
    assert g.search_estimate(state) == 14  # shapes inside the staircase (3, 2, 1): Catalan(4)
    assert DomineeringSearch.of(5, 5).search_estimate(0) == 2**25
    c4 = ConnectFour()
    assert c4.search_estimate(c4.after_columns([4] * 6)) < c4.search_estimate(0)


@pytest.mark.parametrize(
    "spec",
    [
        "connect4:6x4",  # solved today in 1.7M nodes
        "connect4:4x6",
        "connect4:7x6 5321447645646344663531637325",
        "domineering-search:5x6",  # solved today in 5M nodes
        "domineering-search:5x5",
        "chomp:12x12",
        "chomp:4x5 5 3 3 1",
    ],
)
def test_what_finishes_is_not_refused(spec: str) -> None:
    pos = grundy.parse(spec)
    assert isinstance(pos, grundy.Position)
    pos.game.check_search_size(pos.state, 20_000_000)


@pytest.mark.parametrize(
    "spec", ["connect4:4x4 ..../..../..../xo..", "chomp:4x5 5 3 3 1", "tictactoe x.o......"]
)
def test_small_boards_are_still_solved(spec: str) -> None:
    assert run("solve", spec).status == 0
