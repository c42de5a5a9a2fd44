"""The compiled table of canonical games against the pure-Python one, through the solver:
the same value for every region the tests list, in both modes in one process.

The table is chosen at each ``grundy.clear_cache()`` (``GRUNDY_PURE_PYTHON`` read then), which
carries live values into the new table: the pure-Python answers are carried into the C table
by their options and must be the very ids the C table made itself. Bounds: every region of
the 3x3 and 2x4 Domineering boards (every set of empty cells) and Toads-and-Frogs strips up to
6 squares in the quick suite; every region of the 4x4 and 3x5 boards and strips up to 8
squares in the slow one.
Skipped where the compiled core is not active.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from grundy.cgt import CanonicalGame, value_of
from grundy.cgt._ctable import available
from grundy.cgt.games.domineering import Domineering
from grundy.cgt.games.toads_frogs import ToadsAndFrogs
from grundy.kernels._core import core_module

pytestmark = pytest.mark.skipif(
    core_module() is None or not available(), reason="the compiled core is not active"
)


def _both(use: Callable[[bool], None], values: Callable[[], list[CanonicalGame]]) -> None:
    use(True)
    reference = values()
    shown = [str(v) for v in reference]
    use(False)  # the reference values now live in the C table
    fast = values()
    assert [str(v) for v in reference] == shown
    for ref, got, text in zip(reference, fast, shown, strict=True):
        assert ref == got, text
        assert str(got) == text
        assert hash(got) == hash(ref)


def _domineering(h: int, w: int) -> list[CanonicalGame]:
    d = Domineering.from_params(f"{h}x{w}")
    spare = sum(1 << (r * (w + 1) + w) for r in range(h))
    return [value_of(d, (h, w, m)) for m in range(1 << (h * (w + 1))) if not m & spare]


def _toads_frogs(n: int) -> list[CanonicalGame]:
    game: Any = ToadsAndFrogs()
    return [
        value_of(game, "".join(s))
        for k in range(1, n + 1)
        for s in itertools.product("tf.", repeat=k)
    ]


def test_every_domineering_region_of_3x3_2x4_and_toads_frogs_to_6(
    table: Callable[[bool], None],
) -> None:
    _both(table, lambda: _domineering(3, 3) + _domineering(2, 4) + _toads_frogs(6))


@pytest.mark.slow
def test_every_domineering_region_of_4x4_and_toads_frogs_to_8(
    table: Callable[[bool], None],
) -> None:
    _both(table, lambda: _domineering(4, 4) + _domineering(3, 5) + _toads_frogs(8))
