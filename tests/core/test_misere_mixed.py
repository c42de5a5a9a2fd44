"""The SJ theorem over sums of different rulesets that each satisfy its hypothesis.

Checked against a search of the whole misère sum (``grundy.core.solve._misere_by_search``
shares no theorem with the SJ path) for every pair and triple of small components.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

import grundy
from grundy.core.solve import _misere_by_search

# Bounds: each component from this list (heaps up to 6); all sums of 2 and 3 of them.
COMPONENTS = [
    *(f"nim {n}" for n in range(4)),
    *(f"bash:3 {n}" for n in range(7)),
    *(f"lasker {n}" for n in range(5)),
    *(f"halving {n}" for n in (2, 3, 5, 6)),
    *(f"divisors {n}" for n in (1, 2, 4, 6)),
]


def _sums(k: int) -> list[str]:
    return [
        " + ".join(parts)
        for parts in combinations_with_replacement(COMPONENTS, k)
        if len({p.split()[0] for p in parts}) > 1
    ]


@pytest.mark.parametrize("k", [2, 3])
def test_mixed_sums_match_whole_sum_search(k: int) -> None:
    checked = 0
    for spec in _sums(k):
        pos = grundy.parse(spec)
        fast = grundy.solve(pos, misere=True, max_moves=1000)
        assert fast.method.startswith("SJ theorem"), spec
        slow = _misere_by_search(pos, 1000, 10**6)
        assert fast.outcome == slow.outcome, spec
        assert {str(p) for p in fast.winning_moves} == {str(p) for p in slow.winning_moves}, spec
        checked += 1
    assert checked > 100


def test_big_mixed_sum_is_instant() -> None:
    r = grundy.solve("bash:3 1000000 + nim 1000000", misere=True)
    assert r.outcome == "N"
    assert [str(p) for p in r.winning_moves] == ["bash:3 1000000 + nim 1"]
    assert r.positions_searched == 0


def test_a_ruleset_without_the_hypothesis_still_searches() -> None:
    r = grundy.solve("nim 2 + kayles 3", misere=True)
    assert "search" in r.method
