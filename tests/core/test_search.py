"""The generic search: deep chains, cycles, limits, splitting games, memo."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.search import SearchMemo, grundy_by_search, misere_outcome_by_search
from grundy.heap.bash import Bash
from grundy.heap.nim import Nim
from grundy.heap.subtraction import Subtraction
from tests.reference.mex import mex


class Chain(grundy.ImpartialGame[int]):
    """n -> n-1 only: a chain of n moves."""

    def moves(self, n: int) -> Iterable[int]:
        return [n - 1] if n > 0 else []


class Cycle(grundy.ImpartialGame[int]):
    def moves(self, n: int) -> Iterable[int]:
        return [(n + 1) % 3]


@dataclass(frozen=True)
class Halves(grundy.ImpartialGame[int]):
    """Split a heap n >= 2 into two non-empty heaps (a splitting game)."""

    splits = True

    def split_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        return [(a, n - a) for a in range(1, n // 2 + 1)]


@pytest.mark.slow
def test_a_chain_of_a_million_moves_has_no_recursion_error() -> None:
    chain = Chain()
    r = grundy.solve(chain, 1_000_000)
    assert r.grundy == 0
    assert r.outcome == "P"
    assert "1,000,001" in r.method
    assert grundy.solve(chain, 1_000_001).winning_moves == (grundy.Position(chain, 1_000_000),)


@pytest.mark.slow
def test_misere_chain_of_a_million_moves() -> None:
    table: dict[int, int] = {}
    win, count = misere_outcome_by_search(1_000_000, Chain().moves, table, max_positions=2_000_000)
    # misère: from 1 you must move to 0 and lose; so even n wins
    assert win is True
    assert count == 1_000_001


def test_cycle_raises_loopy_error_naming_the_cycle() -> None:
    with pytest.raises(grundy.LoopyGameError) as info:
        grundy.solve(Cycle(), 0)
    assert set(info.value.cycle) == {0, 1, 2}
    assert "loopy" in str(info.value)
    # the memo is not poisoned: asking again raises again
    with pytest.raises(grundy.LoopyGameError):
        grundy.solve(Cycle(), 1)


class SelfLoop(grundy.ImpartialGame[int]):
    def moves(self, n: int) -> Iterable[int]:
        return [n, n - 1] if n > 0 else []


@dataclass(frozen=True)
class SplitLoop(grundy.ImpartialGame[int]):
    splits = True

    def split_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        return [(n - 1, n)] if n > 0 else []


@pytest.mark.parametrize("game", [SelfLoop(), SplitLoop(), Cycle()])
def test_self_loops_and_split_loops_are_loopy(game: grundy.ImpartialGame[int]) -> None:
    with pytest.raises(grundy.LoopyGameError) as info:
        grundy.solve(game, 2)
    assert info.value.cycle


def test_long_cycle_is_named_in_order() -> None:
    class Ring(grundy.ImpartialGame[int]):
        def moves(self, n: int) -> Iterable[int]:
            return [(n + 1) % 1000]

    with pytest.raises(grundy.LoopyGameError) as info:
        grundy.solve(Ring(), 5)
    assert list(info.value.cycle) == [(5 + i) % 1000 for i in range(1000)]


def test_misere_cycle_raises_loopy_error() -> None:
    with pytest.raises(grundy.LoopyGameError):
        grundy.solve(Cycle(), 0, misere=True)


def test_search_limit() -> None:
    with pytest.raises(grundy.SearchLimitError) as info:
        grundy.solve(Chain(), 10_000, max_positions=100)
    assert info.value.limit == 100
    # partial work left no in-progress marks behind
    assert grundy.solve(Chain(), 50).grundy == 0


@dataclass(frozen=True)
class TakeFrom(grundy.ImpartialGame[int]):
    """A subtraction game without a formula: equal sets give equal rulesets."""

    subset: frozenset[int]

    def moves(self, n: int) -> Iterable[int]:
        return [n - s for s in self.subset if s <= n]


def test_memo_is_shared_between_equal_rulesets() -> None:
    grundy.clear_cache()
    first = grundy.solve(TakeFrom(frozenset({1, 3, 4})), 500)
    again = grundy.solve(TakeFrom(frozenset({4, 3, 1})), 499)
    assert first.positions_searched == 501
    assert again.positions_searched == 0
    assert "search" in first.method


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30))
def test_splitting_game_matches_product_space_search(n: int) -> None:
    # Reference: values of single heaps by brute force over multisets.
    @cache
    def sum_value(heaps: tuple[int, ...]) -> int:
        opts = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for a in range(1, h // 2 + 1):
                opts.add(sum_value(tuple(sorted((*rest, a, h - a)))))
        return mex(opts)

    if n <= 14:
        assert grundy.solve(Halves(), n).grundy == sum_value((n,))
    memo = SearchMemo()
    value, _ = grundy_by_search(Halves(), n, memo, max_positions=1000)
    assert value == grundy.grundy_value(Halves(), n)


def test_splitting_game_winning_moves_become_sums() -> None:
    r = grundy.solve(Halves(), 7)
    for after in r.winning_moves:
        assert grundy.solve(after).outcome == "P"
        assert len(after.components) == 2


def test_user_game_without_moves_is_a_clear_error() -> None:
    class Empty(grundy.ImpartialGame[int]):
        pass

    with pytest.raises(grundy.InvalidGameError, match="must define moves"):
        grundy.solve(Empty(), 3)


def test_grundy_table_and_mex_helpers() -> None:
    assert grundy.grundy_table(Subtraction((1, 2)), 6) == [0, 1, 2, 0, 1, 2, 0]
    assert grundy.mex([1, 2]) == 0
    assert grundy.nim_sum([5, 6]) == 3


def test_bash_formula_matches_search() -> None:
    # Bounds: M in 1..6, heaps 0..60.
    for m in range(1, 7):
        game, memo = Bash(m), SearchMemo()
        for n in range(61):
            value, _ = grundy_by_search(game, n, memo, max_positions=10_000)
            assert game.grundy_formula(n) == value
            for target in range(m + 2):
                by_search = {(o,) for o in game.moves(n) if memo.grundy_table(game)[o] == target}
                assert set(game.options_with_value(n, target)) == by_search


def test_nim_formula_matches_search() -> None:
    # Bounds: heaps 0..80.
    memo = SearchMemo()
    for n in range(81):
        value, _ = grundy_by_search(Nim(), n, memo, max_positions=10_000)
        assert Nim().grundy_formula(n) == value


def test_formula_answers_huge_heaps_exactly() -> None:
    big = 10**1000 + 7
    r = grundy.solve(f"nim {big} {big - 2}")
    assert r.grundy == 3 ^ 5 ^ 0 or r.grundy == big ^ (big - 2)
    for after in r.winning_moves:
        assert grundy.solve(after).grundy == 0
    assert grundy.solve(f"bash:3 {big}").grundy == big % 4
