"""misere_by_quotient: outcomes and every winning move against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.solve import _misere_by_search
from grundy.quotient import clear_cache, misere_by_quotient, misere_quotient
from grundy.quotient.api import _CACHE
from tests.quotient.helpers import RulesGame, heap_game, winning_moves
from tests.quotient.reference import MisereOracle, octal_rules

KAYLES = octal_rules("0.77")
ORACLE = MisereOracle(KAYLES)


@settings(max_examples=40, deadline=None)
@given(heaps=st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_kayles_sums_and_winning_moves(heaps: list[int]) -> None:
    """Kayles heaps 0..12, sums of 1 to 4 heaps: outcome and the full set of winning moves."""
    game = RulesGame(KAYLES, "kayles-rules")
    q = misere_quotient(game, 12)
    answer = misere_by_quotient(game, heaps, max_moves=1000, quotient=q)
    assert answer is not None
    assert answer.outcome == ORACLE.outcome(heaps)
    assert set(answer.winning or ()) == winning_moves(KAYLES, ORACLE, heaps)
    assert answer.winning_total == len(answer.winning or ())


def test_agrees_with_grundy_solve() -> None:
    game = heap_game("kayles")
    for heaps in ([3, 4, 5], [2, 2], [1, 6, 7], [9]):
        spec = "kayles " + " ".join(map(str, heaps))
        expected = _misere_by_search(grundy.parse(spec), 100, 10**6)  # the whole-sum search
        answer = misere_by_quotient(game, heaps, max_moves=100)
        assert answer is not None and answer.outcome == expected.outcome
        assert len(answer.winning or ()) == len(expected.winning_moves)


def test_not_covered_returns_none() -> None:
    game = RulesGame(KAYLES, "kayles-rules")
    q = misere_quotient(game, 8)
    assert not q.proved
    assert misere_by_quotient(game, [3, 9], max_moves=5, quotient=q) is None


def test_moves_cut_at_limit_and_explanation_names_elements() -> None:
    game = heap_game("kayles")
    answer = misere_by_quotient(game, [7, 8, 9], max_moves=1)
    assert answer is not None and answer.outcome == "N"
    assert answer.winning is not None and len(answer.winning) == 1
    assert answer.winning_total is not None and answer.winning_total >= 1
    assert "P-portion" in answer.explanation[1]
    assert answer.method.startswith("misère quotient of kayles")


def test_cache_is_per_ruleset_and_clearable() -> None:
    clear_cache()
    a = heap_game("kayles")
    b = heap_game("octal:0.77")
    misere_quotient(a, 6)
    misere_quotient(b, 8)
    assert len(_CACHE) == 1  # equal rulesets share one computation
    small = misere_quotient(a, 4)  # a shorter request is cut from the longer computation
    assert small.computed_to == 4 and small.order == misere_quotient(RulesGame(KAYLES), 4).order
    clear_cache()
    assert not _CACHE
