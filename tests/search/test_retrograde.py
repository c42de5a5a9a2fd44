"""Retrograde analysis against plain minimax (acyclic games) and a level-by-level reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import SearchLimitError
from grundy.heap.subtraction import Subtraction
from grundy.search import retrograde
from grundy.search.protocol import LOSS, WIN, MisereImpartial, unpack
from tests.reference.minimax import level_scores, minimax


class Graph:
    """A game given by an explicit successor table (cycles allowed)."""

    def __init__(self, succ: dict[int, list[int]], terminal: dict[int, str] | None = None):
        self.succ = succ
        self.terminal = terminal or {}

    def moves(self, s: int) -> list[int]:
        return [] if s in self.terminal else self.succ[s]

    def terminal_value(self, s: int) -> str | None:
        return self.terminal.get(s)


@pytest.mark.parametrize(
    ("game", "root"),
    [
        (TicTacToe(), 0),
        (ConnectFour(4, 3), 0),
        (ConnectFour(3, 4), 0),
        (Chomp(3, 4), Chomp(3, 4).full()),
        (Chomp(4, 4), Chomp(4, 4).full()),
        (DomineeringSearch.of(3, 3), 0),
        (DomineeringSearch.of(2, 5), 1),
        (Subtraction((1, 3, 4)), 30),
    ],
    ids=["ttt", "c4-4x3", "c4-3x4", "chomp3x4", "chomp4x4", "dom3x3", "dom2x5R", "sub134"],
)
def test_retrograde_matches_minimax_on_every_position(game: object, root: int) -> None:
    table = retrograde(game, root, max_positions=1_000_000)
    reference = minimax(game, root)
    assert table.scores == reference


@pytest.mark.parametrize(
    ("game", "root"),
    [(TicTacToe(), 0), (ConnectFour(4, 3), 0), (Chomp(3, 5), Chomp(3, 5).full())],
    ids=["ttt", "c4-4x3", "chomp3x5"],
)
def test_queue_pass_agrees_with_reverse_sweep(game: object, root: int) -> None:
    sweep = retrograde(game, root, max_positions=1_000_000)
    queue = retrograde(game, root, max_positions=1_000_000, algorithm="queue")
    assert queue.algorithm == "queue"
    assert queue.scores == sweep.scores


def test_tictactoe_is_a_draw_over_5478_positions() -> None:
    table = retrograde(TicTacToe(), 0, max_positions=10_000)
    assert table.value(0) == "draw"
    assert len(table) == 5478


def _random_graph(seed: int, n: int, p_edge: float) -> Graph:
    rng = random.Random(seed)
    succ = {i: sorted({rng.randrange(n) for _ in range(rng.randrange(4))}) for i in range(n)}
    terminal = {}
    for i in range(n):
        if not succ[i] and rng.random() < p_edge:
            terminal[i] = rng.choice(["win", "loss", "draw"])
    return Graph(succ, terminal)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 25))
def test_cycles_match_level_reference(seed: int, n: int) -> None:
    game = _random_graph(seed, n, 0.5)
    table = retrograde(game, 0, max_positions=1000)
    reachable = {s: game.moves(s) for s in table}
    reference = level_scores(reachable, {s: v for s, v in game.terminal.items() if s in table})
    assert table.scores == reference


def test_a_pure_cycle_is_a_draw() -> None:
    game = Graph({0: [1], 1: [0]})
    table = retrograde(game, 0, max_positions=10)
    assert (table.value(0), table.remoteness(0)) == ("draw", None)


def test_escape_from_a_cycle_wins() -> None:
    # 0 <-> 1, and 1 may move to the dead end 2: 1 wins at once, so 0 loses in 2.
    game = Graph({0: [1], 1: [0, 2], 2: []})
    table = retrograde(game, 0, max_positions=10)
    assert unpack(table.score(1)) == (WIN, 1)
    assert unpack(table.score(0)) == (LOSS, 2)


def test_misere_wrapper_turns_the_ending_round() -> None:
    table = retrograde(MisereImpartial(Subtraction((1,))), 4, max_positions=100)
    # Misère "take 1": the player who takes the last counter loses; odd heaps lose.
    assert [table.value(n) for n in range(5)] == ["win", "loss", "win", "loss", "win"]


def test_limit_raises() -> None:
    with pytest.raises(SearchLimitError):
        retrograde(ConnectFour(4, 4), 0, max_positions=1000)


def test_connect4_small_boards_known_sizes() -> None:
    table = retrograde(ConnectFour(4, 4), 0, max_positions=1_000_000)
    assert len(table) == 161_029
    assert table.value(0) == "draw"
