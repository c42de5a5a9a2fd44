"""A lone misère heap: a quick quotient, a short search, then each in full (issue 24:
``dawson 40`` and ``grundys-game 30`` spent seconds on a quotient that then failed to
cover the heap, before a search of a few thousand positions answered).

Timing never decides here: the tests watch which path answers.
"""

from __future__ import annotations

from typing import Any

import pytest

import grundy
from grundy.core import solve as core_solve
from grundy.quotient import api as quotient_api
from tests.quotient.reference import MisereOracle, octal_rules


@pytest.fixture
def quotient_calls(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """(heaps, seconds) of every question to the misère quotient, from empty caches."""
    calls: list[Any] = []
    real = quotient_api.misere_by_quotient

    def watched(game: Any, heaps: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append((list(heaps), kwargs.get("seconds")))
        return real(game, heaps, *args, **kwargs)

    monkeypatch.setattr(quotient_api, "misere_by_quotient", watched)
    monkeypatch.setattr("grundy.quotient.misere_by_quotient", watched)
    grundy.clear_cache()
    return calls


@pytest.mark.parametrize("spec", ["dawson 40", "grundys-game 30"])
def test_small_tree_is_searched_without_a_quotient(spec: str, quotient_calls: list[Any]) -> None:
    r = grundy.solve(spec, misere=True)
    n = int(spec.split()[1])
    assert quotient_calls == [([n], core_solve.MISERE_QUICK_SECONDS)]  # never in full
    assert r.method.startswith("misère search over")
    assert r.outcome == "P"


@pytest.mark.slow
def test_the_search_agrees_with_the_reference() -> None:
    """Dawson's Kayles heaps 1..40 alone, against a brute-force misère search of 0.07."""
    oracle = MisereOracle(octal_rules("0.07"))
    for n in range(1, 41):
        assert grundy.solve(f"dawson {n}", misere=True).outcome == oracle.outcome([n]), n


def test_larger_tree_goes_to_the_quotient(quotient_calls: list[Any]) -> None:
    r = grundy.solve("kayles 60", misere=True)
    # quick (enough on an idle machine), or quick, a short search, then in full
    assert quotient_calls[0] == ([60], core_solve.MISERE_QUICK_SECONDS)
    assert quotient_calls[1:] in ([], [([60], None)])
    assert r.method.startswith("misère quotient of kayles")


def test_zero_restores_the_quotient_first(
    quotient_calls: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_solve, "MISERE_SEARCH_FIRST", 0)
    r = grundy.solve("kayles 20", misere=True)
    assert quotient_calls == [([20], None)]
    assert r.method.startswith("misère quotient of kayles")


def test_a_time_limit_still_stops_the_first_search() -> None:
    grundy.clear_cache()
    with pytest.raises(grundy.TimeLimitError):
        grundy.solve("dawson 60", misere=True, time_limit=0)


def test_sums_still_go_to_the_quotient(quotient_calls: list[Any]) -> None:
    r = grundy.solve("kayles 12 12 12", misere=True)
    assert quotient_calls == [([12, 12, 12], None)]
    assert r.method.startswith("misère quotient of kayles")
