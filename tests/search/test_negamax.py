"""Negamax alpha-beta against retrograde analysis: exact scores and best moves that keep them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import LoopyGameError, SearchLimitError
from grundy.search import NegamaxTable, negamax, retrograde
from grundy.search.protocol import backup


def _check(game: Any, table: Any, state: int, tt: NegamaxTable | None = None) -> None:
    answer = negamax(game, state, max_positions=5_000_000, table=tt)
    assert answer.score == table.score(state)
    if answer.best is not None:
        assert backup(table.score(answer.best)) == answer.score
    else:
        assert not list(game.moves(state)) or game.terminal_value(state)


@pytest.mark.parametrize(
    ("game", "root"),
    [
        (TicTacToe(), 0),
        (ConnectFour(4, 4), 0),
        (Chomp(4, 5), Chomp(4, 5).full()),
        (DomineeringSearch.of(3, 4), 0),
        (DomineeringSearch.of(3, 4), 1),
    ],
    ids=["ttt", "c4-4x4", "chomp4x5", "dom3x4L", "dom3x4R"],
)
def test_negamax_root_matches_retrograde(game: object, root: int) -> None:
    table = retrograde(game, root, max_positions=1_000_000)
    _check(game, table, root)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_negamax_matches_retrograde_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    for game, root in ((TicTacToe(), 0), (ConnectFour(4, 3), 0), (DomineeringSearch.of(3, 3), 0)):
        table = _table(game, root)
        states = list(table)
        tt = NegamaxTable()
        for state in rng.sample(states, 5):
            _check(game, table, state, tt)


_TABLES: dict[tuple[Any, int], Any] = {}


def _table(game: Any, root: int) -> Any:
    key = (game, root)
    if key not in _TABLES:
        _TABLES[key] = retrograde(game, root, max_positions=1_000_000)
    return _TABLES[key]


def test_connect4_7x6_from_a_late_position() -> None:
    # 28 stones played (column sequence, from 1): negamax (the 7x6 solver) agrees with
    # a retrograde analysis of everything reachable from there.
    game = ConnectFour(7, 6)
    state = game.after_columns([int(c) for c in "5321447645646344663531637325"])
    table = retrograde(game, state, max_positions=2_000_000)
    _check(game, table, state)


def test_loopy_games_are_refused() -> None:
    class Loop:
        def moves(self, s: int) -> list[int]:
            return [1 - s]

        def terminal_value(self, s: int) -> str | None:
            return None

    with pytest.raises(LoopyGameError):
        negamax(Loop(), 0, max_positions=1000)


def test_limit() -> None:
    with pytest.raises(SearchLimitError):
        negamax(ConnectFour(5, 4), 0, max_positions=500)


@pytest.mark.parametrize("step", [1, 2, 3, 8, 400])
def test_every_deepening_step_gives_the_exact_score(step: int) -> None:
    # Early positions of 4x4 Connect Four (long lines, draws) and of 4x4 Domineering and
    # 5x6 Chomp (no draws: every score is a win or a loss with its remoteness).
    rng = random.Random(step)
    chomp = Chomp(5, 6)
    cases: list[tuple[Any, int, Callable[[int], bool]]] = [
        (ConnectFour(4, 4), 0, lambda s: (s >> 20).bit_count() <= 6),
        (DomineeringSearch.of(4, 4), 0, lambda s: (s >> 1).bit_count() <= 6),
        (chomp, chomp.full(), lambda s: True),
    ]
    for game, root, early in cases:
        table = _table(game, root)
        states = [s for s in table if early(s)]
        tt = NegamaxTable()
        for state in rng.sample(states, min(20, len(states))):
            answer = negamax(game, state, max_positions=5_000_000, step=step, table=tt)
            assert answer.score == table.score(state), (game, state)
            if answer.best is not None:
                assert backup(table.score(answer.best)) == answer.score
