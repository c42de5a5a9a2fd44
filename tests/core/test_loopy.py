"""Generalised Sprague–Grundy values: equal to Grundy values on games that end; on loopy
graphs, their outcomes (and the outcomes of sums) agree with retrograde analysis."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import ImpartialGame
from grundy.core.limits import bounded
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.errors import SearchLimitError, TimeLimitError, UnsupportedError
from grundy.heap.subtraction import Subtraction
from grundy.search import LoopyValue, loopy_values, retrograde
from tests.checks import states_of
from tests.cli.helpers import run

_OUTCOME = {"win": "N", "loss": "P", "draw": "D"}


class RandomGraph(ImpartialGame[int]):
    """An impartial game on a random digraph (positions may repeat)."""

    def __init__(self, seed: int, n: int) -> None:
        rng = random.Random(seed)
        self.succ = {
            i: sorted({rng.randrange(n) for _ in range(rng.randrange(4))}) for i in range(n)
        }

    def moves(self, state: int) -> list[int]:
        return self.succ[state]


class Pair:
    """The disjunctive sum of two games, as one two-player game (for the reference)."""

    def __init__(self, a: RandomGraph, b: RandomGraph) -> None:
        self.a, self.b = a, b

    def moves(self, s: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = s
        return [(o, y) for o in self.a.moves(x)] + [(x, o) for o in self.b.moves(y)]

    def terminal_value(self, s: tuple[int, int]) -> str | None:
        return None  # the game ends when the player to move has no move


@pytest.mark.parametrize("subset", [(1, 2), (1, 3, 4), (2, 5, 7)])
def test_finite_games_get_their_grundy_values(subset: tuple[int, ...]) -> None:
    # All heaps up to 60 of three subtraction games.
    game = Subtraction(subset)
    values = loopy_values(game, 60, max_positions=1000, roots=range(61))
    memo = SearchMemo()
    for n in range(61):
        assert values[n] == LoopyValue(grundy_by_search(game, n, memo, max_positions=1000)[0])


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 14))
def test_outcomes_match_retrograde(seed: int, n: int) -> None:
    game = RandomGraph(seed, n)
    values = loopy_values(game, 0, max_positions=100)
    table = retrograde(game, 0, max_positions=100)
    for s in table:
        assert values[s].outcome == _OUTCOME[table.value(s)], s


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 8), st.integers(1, 8))
def test_sum_rule_matches_retrograde_of_the_sum(seed: int, n: int, m: int) -> None:
    a, b = RandomGraph(seed, n), RandomGraph(seed + 1, m)
    va = loopy_values(a, 0, max_positions=100, roots=range(n))
    vb = loopy_values(b, 0, max_positions=100, roots=range(m))
    table = retrograde(Pair(a, b), (0, 0), max_positions=10_000)
    for x, y in table:
        assert (va[x] + vb[y]).outcome == _OUTCOME[table.value((x, y))], (x, y)


def test_solve_loopy_lists_winning_moves_and_draws() -> None:
    # 0 <-> 1; 0 -> 2 -> 3 (the end).  0 and 1 are draws; 2 wins by moving to 3.
    class Chase(ImpartialGame[int]):
        def moves(self, n: int) -> list[int]:
            return {0: [1, 2], 1: [0], 2: [3], 3: []}[n]

    r = grundy.solve(Chase(), 0, loopy=True)
    assert (r.outcome, r.value, r.grundy) == ("D", "draw", None)
    assert states_of(r.winning_moves) == [1]  # moving to 2 would lose
    r = grundy.solve(Chase(), 2, loopy=True)
    assert (r.outcome, r.grundy, states_of(r.winning_moves)) == ("N", 1, [3])
    s = grundy.solve(grundy.Position(Chase(), 2) + grundy.Position(Chase(), 2), loopy=True)
    assert (s.outcome, s.grundy) == ("P", 0)


def test_loopy_misere_is_refused() -> None:
    with pytest.raises(UnsupportedError):
        grundy.solve("nim 3", loopy=True, misere=True)


def test_cli_loopy_flag() -> None:
    status, out, err = run("solve", "--loopy", "--json", "nim 1 2")
    assert status == 0, err
    data = json.loads(out)
    assert (data["outcome"], data["grundy"], data["value"]) == ("N", 3, "win")
    assert data["winning_moves"] == ["nim 1 1"]
    assert "generalised Sprague" in data["method"]


# ----- bounded: a position with millions of moves (issue 10) --------------------------


def test_a_time_limit_stops_the_graph_of_a_position_with_millions_of_moves() -> None:
    # nim 1000000: every heap is found at once (the root's moves), then each lists
    # millions of moves; the clock must be read between moves, not between positions.
    grundy.clear_cache()
    with pytest.raises(TimeLimitError, match="moves listed"):
        grundy.solve("nim 1000000", loopy=True, time_limit=0.3)


def test_too_many_moves_is_a_search_limit_with_one_line() -> None:
    with pytest.raises(SearchLimitError, match=r"passed 40,000 moves \(4 per position"):
        grundy.solve("nim 2000", loopy=True, max_positions=10_000)


def test_the_labelling_obeys_the_time_limit() -> None:
    # A long chain labels one value per stage: quadratic work, checked by the clock.
    class Chain(ImpartialGame[int]):
        def moves(self, n: int) -> list[int]:
            return list(range(n))

    with pytest.raises(TimeLimitError), bounded(time_limit=0.3):
        loopy_values(Chain(), 20_000, max_positions=100_000_000)
