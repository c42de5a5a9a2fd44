"""Codes whose heaps each cost time quadratic in their size (three-heap moves, hex digits
8-F, or two-heap moves in an infinite code such as 0.[7]) have a smaller table limit, and
a heap beyond it is refused at once, naming the limit and what can be asked instead."""

from __future__ import annotations

import pytest

import grundy
from grundy.heap.games import THREE_HEAP_TABLE_LIMIT, TakeAndBreak
from grundy.heap.tools import heap_periodicity


def test_huge_hex_heap_is_refused_quickly() -> None:
    # Before issue 10 the proof attempt ran the pure-Python kernel: 3-12 s before refusing.
    # (0.8 is proved arithmetic periodic since, and answers; 0.28's saltus has no proof.)
    grundy.clear_cache()
    with pytest.raises(grundy.UnsupportedError, match="table limit of 4,096") as info:
        grundy.solve(f"octal:0.28 {THREE_HEAP_TABLE_LIMIT + 1}")
    message = str(info.value)
    assert "no period is proved in its first 1,024 heaps" in message
    assert "three-heap moves" in message and "grundy period octal:0.28" in message


@pytest.mark.parametrize("code", ["0.[7]", "0.[4]", "0.3[4]"])
def test_infinite_code_with_two_heap_moves_is_refused_at_once(code: str) -> None:
    with pytest.raises(grundy.UnsupportedError, match="no periodicity theorem applies") as info:
        grundy.solve(f"octal:{code} 100000")
    assert "beyond the table limit of 4,096 heaps" in str(info.value)
    assert "an infinite code with two-heap moves" in str(info.value)


def test_finite_codes_keep_the_large_limit() -> None:
    assert TakeAndBreak.from_code("0.77").table_limit() > 1_000_000


def test_hex_period_search_stays_within_the_limit() -> None:
    found = heap_periodicity(grundy.parse("octal:0.8 1").components[0].game)
    assert found.checked_to <= THREE_HEAP_TABLE_LIMIT
