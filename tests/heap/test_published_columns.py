"""The literature's columns (largest value and where, rare mask, rare heaps, last rare heap)
reproduced: solved codes grown until proved (:func:`grundy.heap.grow_periodicity`), unsolved
ones to the extent published (tests/heap/data/published_columns.txt, with its source)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grundy.heap.games import GRUNDYS_GAME, TakeAndBreak
from grundy.heap.stats import sparse_stats
from grundy.heap.table import build_table
from grundy.heap.tools import grow_periodicity

DATA = Path(__file__).parent / "data" / "published_columns.txt"


def _rows() -> list[Any]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# Source:")
    return [
        pytest.param(*ln.split()[:9], marks=[pytest.mark.slow] if "slow" in ln else [])
        for ln in lines
        if ln.strip() and not ln.startswith("#")
    ]


@pytest.mark.parametrize(
    ("code", "heaps", "pre", "period", "at", "largest", "mask", "rare", "last"), _rows()
)
def test_published_columns(  # noqa: PLR0917 - one argument per column
    code: str,
    heaps: str,
    pre: str,
    period: str,
    at: str,
    largest: str,
    mask: str,
    rare: str,
    last: str,
) -> None:
    game = GRUNDYS_GAME if code == "grundys-game" else TakeAndBreak.from_code(code)
    if heaps == "-":
        found = grow_periodicity(game)
        assert found.stopped == "proved", found.periodicity.reason
        per = found.periodicity
        assert (per.preperiod, per.period) == (int(pre), int(period))
        stats = found.stats
    else:
        stats = sparse_stats(build_table(game, int(heaps) - 1, period_fill=False))
    got = (stats.largest_at, stats.largest, stats.rare_mask, stats.rare_heaps, stats.last_rare_heap)
    assert got == (int(at), int(largest), int(mask), int(rare), int(last))
