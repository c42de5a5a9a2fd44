"""Shared checks for the catalog tests (grundy's own search and solver: not a reference, so
not in tests/reference/, which imports nothing from grundy)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import grundy
from grundy.core.game import ImpartialGame
from grundy.core.moves import legal_moves
from grundy.core.search import SearchMemo, grundy_by_search


def single(position: grundy.Position | grundy.Sum) -> grundy.Position:
    """``position``, checked to be one component (not a sum)."""
    assert isinstance(position, grundy.Position), position
    return position


def states_of(moves: Iterable[grundy.Position | grundy.Sum]) -> list[Any]:
    """The states of one-component positions (winning moves, say)."""
    return [single(m).state for m in moves]


def search_value(game: ImpartialGame[Any], state: Any, memo: SearchMemo) -> int:
    """The generic search (never a formula), with a fresh memo per test."""
    value, _ = grundy_by_search(game, state, memo, max_positions=2_000_000)
    return value


def options_by_search(
    game: ImpartialGame[Any], state: Any, target: int, memo: SearchMemo
) -> set[tuple[Any, ...]]:
    """Every distinct option of ``state`` whose value (by search) is ``target``."""
    out = set()
    for option in set(game.split_moves(state)):
        x = 0
        for s in option:
            x ^= search_value(game, s, memo)
        if x == target:
            out.add(option)
    return out


def check_winning_moves(position: grundy.Position | grundy.Sum, *, check_p: bool = True) -> None:
    """Every listed winning move leads to a P-position; from a P-position no move does."""
    result = grundy.solve(position)
    for after in result.winning_moves:
        assert grundy.solve(after).outcome == "P", str(after)
    if result.outcome == "P" and check_p:
        for after, _ in legal_moves(position):
            assert grundy.solve(after).outcome == "N", str(after)
    if result.outcome == "N":
        assert result.winning_moves


def check_listed_moves(spec: str, **options: Any) -> None:
    """Solved, ``spec`` lists only moves to positions of value 0, and some when it is an
    N-position (``options`` go to :func:`grundy.solve`)."""
    result = grundy.solve(grundy.parse(spec), **options)
    for after in result.winning_moves:
        assert grundy.grundy_value(after) == 0
    if result.outcome == "N":
        assert result.winning_moves


def check_misere_moves(
    name: str,
    positions: Iterable[tuple[int, ...]],
    wins: Callable[[tuple[int, ...]], bool],
    moves: Callable[[int], Iterable[int]],
) -> None:
    """Misère play of each position of ``name`` (a sorted tuple of its numbers) against a
    brute force: ``wins(position)`` (the mover wins) and ``moves(x)`` (where one number may
    go). The outcome, no listed move to a position the mover wins, and, unless the list is
    cut short, every move to a position the mover loses."""
    for numbers in positions:
        r = grundy.solve(f"{name} " + " ".join(map(str, numbers)), misere=True)
        assert (r.outcome == "N") == wins(numbers), numbers
        got = {tuple(sorted(c.state for c in w.components)) for w in r.winning_moves}
        assert not any(map(wins, got)), numbers
        if not r.winning_moves_truncated:
            expected = set()
            for i, x in enumerate(numbers):
                for y in moves(x):
                    after = tuple(sorted((*numbers[:i], y, *numbers[i + 1 :])))
                    if not wins(after):
                        expected.add(after)
            assert got == expected, numbers
