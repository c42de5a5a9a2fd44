"""Coin-turning games against a brute force over whole rows and grids (tests/reference/coins.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import solve
from grundy.catalog.impartial.coins import (
    CoinGame,
    MockTurtles,
    Ruler,
    Tartan,
    TurningTurtles,
    TurnUpTo,
    odious,
    ruler_value,
    turn_up_to_values,
)
from grundy.errors import InvalidSpecError
from tests.reference.coins import TurnSets, grid_values, row_values, ruler_sets, up_to_sets

DATA = Path(__file__).parent / "data" / "coins.txt"

ROWS = 10  # rows of up to 10 coins: all 1024 masks of each game

GAMES = [
    (Ruler(), ruler_sets),
    (TurningTurtles(), up_to_sets(2)),
    (MockTurtles(), up_to_sets(3)),
    (TurnUpTo(1), up_to_sets(1)),
    (TurnUpTo(4), up_to_sets(4)),
    (TurnUpTo(5), up_to_sets(5)),
]


def _heads(mask: int) -> tuple[int, ...]:
    return tuple(i + 1 for i in range(mask.bit_length()) if mask >> i & 1)


@pytest.mark.parametrize(("game", "sets"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_every_row_of_ten_coins_matches_the_brute_force(game: CoinGame, sets: TurnSets) -> None:
    """The XOR-of-heads formula and the closed forms, on all 2^10 rows of 10 coins."""
    brute = row_values(sets, ROWS)
    for mask, value in enumerate(brute):
        assert game.grundy_formula(_heads(mask)) == value, (game.spec_name(), mask)


@pytest.mark.parametrize(("game", "sets"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_moves_match_the_brute_force_rule(game: CoinGame, sets: TurnSets) -> None:
    """The moves of every row of 7 coins are the reference's turned sets."""
    for mask in range(1 << 7):
        heads = _heads(mask)
        expected = sorted(
            _heads(mask ^ sum(1 << (c - 1) for c in s)) for n in heads for s in sets(n)
        )
        assert sorted(game.moves(heads)) == expected, (game.spec_name(), heads)


def test_closed_forms_of_single_heads_to_coin_64() -> None:
    """Ruler (largest power of 2 dividing n) and Mock Turtles (odious) against the
    single-head values of the brute force up to 12 coins, and the mex recurrence beyond."""
    ruler = row_values(ruler_sets, 12)
    mock = row_values(up_to_sets(3), 12)
    for n in range(1, 13):
        assert ruler_value(n) == ruler[1 << (n - 1)]
        assert odious(n) == mock[1 << (n - 1)]
    assert [odious(n) for n in range(1, 65)] == list(turn_up_to_values(3, 64))
    assert list(range(1, 65)) == list(turn_up_to_values(2, 64))


@pytest.mark.parametrize(
    "case",
    [
        ("ruler", "ruler", 4, 3, ruler_sets, ruler_sets),
        ("ruler", "mock-turtles", 3, 4, ruler_sets, up_to_sets(3)),
        ("mock-turtles", "turning-turtles", 3, 3, up_to_sets(3), up_to_sets(2)),
        ("turning-turtles", "turning-turtles", 4, 3, up_to_sets(2), up_to_sets(2)),
        ("turning:4", "ruler", 3, 3, up_to_sets(4), ruler_sets),
        ("turning:1", "mock-turtles", 3, 4, up_to_sets(1), up_to_sets(3)),
    ],
)
def test_tartan_theorem_on_small_grids(case: tuple[Any, ...]) -> None:
    """The Tartan theorem (nim products) against exhaustive search on every w x h grid."""
    g, h, w, hh, g_sets, h_sets = case
    game = Tartan(g, h)
    brute = grid_values(g_sets, h_sets, w, hh)
    cells = [(x, y) for y in range(1, hh + 1) for x in range(1, w + 1)]
    for mask, value in enumerate(brute):
        state = tuple(sorted(c for i, c in enumerate(cells) if mask >> i & 1))
        assert game.grundy_formula(state) == value, (g, h, state)


@pytest.mark.parametrize(("game", "sets"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_options_with_value_are_the_moves_of_that_value(game: CoinGame, sets: TurnSets) -> None:
    """The direct search for options of a value (no listing of every move) against the
    moves filtered by value, on every row of 8 coins and every value."""
    for mask in range(1 << 8):
        heads = _heads(mask)
        by_value: dict[int, list[tuple[int, ...]]] = {}
        for o in game.moves(heads):
            by_value.setdefault(game.grundy_formula(o), []).append(o)
        for v in range(16):
            got = sorted(o for (o,) in game.options_with_value(heads, v))
            assert got == sorted(by_value.get(v, [])), (game.spec_name(), heads, v)
            assert game.count_options_with_value(heads, v) == len(got)


@pytest.mark.parametrize(
    ("g", "h"), [("ruler", "mock-turtles"), ("mock-turtles", "turning-turtles")]
)
def test_tartan_options_with_value_are_the_moves_of_that_value(g: str, h: str) -> None:
    """The same for Tartan, by nim division, on every 3 x 3 grid and values below 16."""
    game = Tartan(g, h)
    cells = [(x, y) for y in range(1, 4) for x in range(1, 4)]
    for mask in range(1 << 9):
        state = tuple(sorted(c for i, c in enumerate(cells) if mask >> i & 1))
        by_value: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        for o in game.moves(state):
            by_value.setdefault(game.grundy_formula(o), []).append(o)
        for v in range(16):
            got = sorted(o for (o,) in game.options_with_value(state, v))
            assert got == sorted(by_value.get(v, [])), (state, v)


def test_known_values() -> None:
    lines = DATA.read_text().splitlines()
    assert any(line.startswith("# Source:") for line in lines)
    cases = [line.split() for line in lines if line and not line.startswith("#")]
    assert len(cases) >= 10
    for game, position, value, *winning in cases:
        r = solve(f"{game} {position}")
        assert r.grundy == int(value), (game, position)
        for w in winning:
            assert solve(f"{game} {w}").grundy == 0, w
            assert f"{game} {w.rstrip('T')}" in [str(p) for p in r.winning_moves]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 40), max_size=6), st.sampled_from(["ruler", "mock-turtles"]))
def test_winning_moves_reach_zero(heads: list[int], name: str) -> None:
    spec = f"{name} " + (" ".join(map(str, heads)) if heads else "T")
    r = solve(spec)
    assert (r.grundy == 0) == (r.outcome == "P")
    for p in r.winning_moves:
        assert solve(str(p)).grundy == 0


def test_row_and_positions_are_one_position() -> None:
    assert solve("ruler THHTH").grundy == solve("ruler 2 3 5").grundy == 2 ^ 1 ^ 1
    assert solve("ruler 3 3").outcome == "P"  # a coin named twice is tails


@pytest.mark.parametrize(
    "spec",
    [
        "ruler",
        "ruler HXT",
        "ruler 0",
        "turning 3",
        "turning:9 1",
        "tartan:ruler 1,1",
        "tartan:ruler*ruler 1",
        "tartan:ruler*nim 1,1",
        "tartan:ruler*turning:9 1,1",
        "mock-turtles 10000001",
    ],
)
def test_bad_input_is_one_clear_error(spec: str) -> None:
    with pytest.raises(InvalidSpecError):
        solve(spec)
