"""Kernels: straightforward vs rare-value, compiled vs their pure-Python twins, and both vs the
generic search.

Bounds: random codes of up to 4 digits (plus a repeated tail of up to 2), heaps up to 150 for
kernel-vs-kernel, up to 22 for kernel-vs-search.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.search import SearchMemo, grundy_by_search
from grundy.heap.code import OctalCode
from grundy.heap.games import GRUNDYS_GAME, KAYLES, TakeAndBreak
from grundy.heap.table import TableBuilder, best_mask, build_table
from grundy.kernels._core import core_module
from tests.heap.strategies import games

needs_core = pytest.mark.skipif(core_module() is None, reason="the compiled core is not active")


def _table(game: TakeAndBreak, last: int, method: str, compiled: bool) -> list[int]:
    values = build_table(game, last, method=method, compiled=compiled, period_fill=False)
    return [int(v) for v in values]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games())
def test_rare_value_kernel_equals_straightforward_python(game: TakeAndBreak) -> None:
    plain = _table(game, 150, "plain", False)
    assert _table(game, 150, "rare", False) == plain


@settings(max_examples=25, deadline=None)
@given(games(hexadecimal=True, infinite=False))
def test_straightforward_kernel_equals_search(game: TakeAndBreak) -> None:
    memo = SearchMemo()
    values = _table(game, 22, "plain", False)
    assert values == [grundy_by_search(game, n, memo, max_positions=10**6)[0] for n in range(23)]


@settings(max_examples=25, deadline=None)
@given(games())
def test_rare_value_kernel_equals_search(game: TakeAndBreak) -> None:
    memo = SearchMemo()
    values = _table(game, 22, "rare", False)
    assert values == [grundy_by_search(game, n, memo, max_positions=10**6)[0] for n in range(23)]


@needs_core
@settings(max_examples=20, deadline=None)
@given(games())
def test_compiled_kernels_equal_python(game: TakeAndBreak) -> None:
    python = _table(game, 200, "plain", False)
    assert _table(game, 200, "plain", True) == python
    assert _table(game, 200, "rare", True) == python


@needs_core
@pytest.mark.parametrize("game", [KAYLES, GRUNDYS_GAME], ids=str)
def test_compiled_kernels_agree_on_larger_tables(game: TakeAndBreak) -> None:
    plain = build_table(game, 6000, method="plain", compiled=True, period_fill=False)
    rare = build_table(game, 6000, method="rare", compiled=True, period_fill=False)
    assert np.array_equal(plain, rare)


def test_value_space_grows() -> None:
    nim = TakeAndBreak(OctalCode.parse("0.[3]"))
    assert _table(nim, 300, "plain", False) == list(range(301))


def test_wide_values_switch_to_uint32() -> None:
    nim = TakeAndBreak(OctalCode.parse("0.[3]"))
    builder = TableBuilder(nim, prefix=np.arange(70_000), compiled=False)
    assert builder.values.dtype == np.uint32
    assert builder.extend(70_001)[-2:].tolist() == [70_000, 70_001]


def test_resume_reuses_the_prefix() -> None:
    # A deliberately wrong value in the prefix survives: the prefix is not recomputed.
    good = build_table(GRUNDYS_GAME, 100, period_fill=False)
    tampered = good.copy()
    tampered[99] = 7
    again = build_table(GRUNDYS_GAME, 120, prefix=tampered, period_fill=False)
    assert again[99] == 7
    assert np.array_equal(again[:99], good[:99])


def test_rare_kernel_rejects_three_heap_codes() -> None:
    with pytest.raises(ValueError):
        TableBuilder(TakeAndBreak(OctalCode.parse("0.8")), method="rare")


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=8, max_size=8))
def test_best_mask_matches_brute_force(hist: list[int]) -> None:
    mask, rare = best_mask(np.array(hist))

    def rare_heaps(m: int) -> int:
        return sum(c for v, c in enumerate(hist) if bin(v & m).count("1") % 2 == 0)

    assert rare == rare_heaps(mask)
    assert rare == min(rare_heaps(m) for m in range(1, 8))
