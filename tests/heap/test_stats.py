"""The literature's columns (:mod:`grundy.heap.stats`) against a brute force over every mask."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.heap.games import TakeAndBreak
from grundy.heap.stats import sparse_stats
from grundy.heap.table import build_table


def _brute(values: list[int]) -> tuple[int, int, int, int, int, int]:
    """``(largest, largest_at, fewest rare heaps, distinct rare values, last rare heap, its
    value)`` over every mask ``1 <= m < 2^bits`` (the smallest mask among ties)."""
    top = max(values)
    size = 1 << max(1, top.bit_length())
    best = None
    for m in range(1, size):
        rare = [n for n, v in enumerate(values) if bin(v & m).count("1") % 2 == 0]
        if best is None or len(rare) < len(best[1]):
            best = (m, rare)
    assert best is not None
    m, rare = best
    return (
        top,
        values.index(top),
        len(rare),
        len({values[n] for n in rare}),
        rare[-1],
        values[rare[-1]],
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=60).map(lambda v: [0, *v]))
def test_sparse_stats_match_a_brute_force(values: list[int]) -> None:
    s = sparse_stats(np.array(values, dtype=np.uint16))
    assert (s.largest, s.largest_at) == (max(values), values.index(max(values)))
    if max(values) < 2:
        assert s.rare_mask is None
        return
    want = _brute(values)
    got = (s.largest, s.largest_at, s.rare_heaps, s.rare_values, s.last_rare_heap)
    # ties between masks may pick another mask with the same count: compare the count, and
    # the rest under the mask chosen
    assert got[:3] == want[:3]
    m = s.rare_mask
    assert m is not None
    rare = [n for n, v in enumerate(values) if bin(v & m).count("1") % 2 == 0]
    assert (s.rare_values, s.last_rare_heap, s.last_rare_value) == (
        len({values[n] for n in rare}),
        rare[-1],
        values[rare[-1]],
    )
    assert s.sparse == (8 * len(rare) <= len(values))


def test_officers_sparse_space() -> None:
    # 0.6 (Officers) to 2^15 heaps: mask 494 leaves 1,584 rare heaps (heap 0 included), the
    # last at 20,627 (Czajka's table gives the same to 2^21; tests/heap/data)
    s = sparse_stats(build_table(TakeAndBreak.from_code("0.6"), 1 << 15))
    assert (s.rare_mask, s.rare_heaps, s.last_rare_heap, s.sparse) == (494, 1584, 20627, True)
