"""The SJ theorem helpers: the rule, its hypothesis (H), and why (H) is needed."""

from __future__ import annotations

from itertools import product

from grundy import solve
from grundy.catalog.impartial.fibonacci import FibonacciNim
from grundy.catalog.impartial.wythoff import Wythoff
from grundy.core.misere import (
    sj_condition_counterexample,
    sj_outcome,
    sj_target,
)
from grundy.heap.nim import Nim
from tests.reference.heap_rules import heap_sum_moves, misere_outcomes


def test_sj_rule_equals_misere_nim_for_all_value_vectors() -> None:
    # Nim heaps are their own values, so the rule is checked on every vector of
    # 1..3 values below 6 against brute-force misère Nim.
    moves = heap_sum_moves(lambda h: list(range(h)))
    for n in range(1, 4):
        states = sorted(product(range(6), repeat=n), key=lambda s: (sum(s), s))
        states = [s for s in states if list(s) == sorted(s)]
        win = misere_outcomes(states, moves)
        for s in states:
            assert (sj_outcome(s) == "N") == win[s], s


def test_sj_target_moves_are_exactly_the_winning_moves() -> None:
    moves = heap_sum_moves(lambda h: list(range(h)))
    states = sorted(product(range(6), repeat=3), key=lambda s: (sum(s), s))
    states = [s for s in states if list(s) == sorted(s)]
    win = misere_outcomes(states, moves)
    for s in states:
        if not win[s]:
            continue
        for i in range(3):
            t = sj_target(s, i)
            after = tuple(sorted((*s[:i], t, *s[i + 1 :])))
            if t < s[i]:
                assert not win[after], (s, i)


def test_the_popular_every_component_statement_is_wrong() -> None:
    # "N iff (nim-sum 0 and no value > 1) or (nim-sum != 0 and EVERY value > 1)":
    # misère nim 1 2 has nim-sum 3, not every heap above 1, yet the mover wins.
    values = [1, 2]
    assert not all(v > 1 for v in values)
    assert solve("nim 1 2", misere=True).outcome == "N"
    assert sj_outcome(values) == "N"


def test_hypothesis_h_is_needed() -> None:
    # Fibonacci Nim breaks (H) at (3, 1): value 0, one move, to (2, 2) of value 2.
    # The SJ rule would call misère (3, 1) a win; it is a loss (search).
    assert sj_condition_counterexample(FibonacciNim(), [(3, 1)]) == (3, 1)
    assert sj_outcome([0]) == "N"
    assert solve("fibonacci 3 1", misere=True).outcome == "P"
    # Wythoff breaks it too, at (3, 5); so neither uses the SJ theorem.
    assert sj_condition_counterexample(Wythoff(), [(3, 5)]) == (3, 5)


def test_nim_satisfies_h() -> None:
    assert sj_condition_counterexample(Nim(), range(50)) is None
