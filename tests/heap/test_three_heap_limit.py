"""Codes with three-heap moves (hex digits 8-F) have a cubic kernel: a smaller table limit."""

from __future__ import annotations

import pytest

import grundy
from grundy.heap.games import THREE_HEAP_TABLE_LIMIT
from grundy.heap.tools import heap_periodicity


@pytest.mark.slow
def test_huge_hex_heap_is_refused_quickly() -> None:
    with pytest.raises(grundy.UnsupportedError, match="table limit of 4,096"):
        grundy.solve(f"octal:0.8 {THREE_HEAP_TABLE_LIMIT + 1}")


@pytest.mark.slow
def test_hex_period_search_stays_within_the_limit() -> None:
    found = heap_periodicity(grundy.parse("octal:0.8 1").components[0].game)
    assert found.checked_to <= THREE_HEAP_TABLE_LIMIT
