"""Cram's compiled walk (``cram_value`` in ``_core/dom.c``: Domineering's walk of
``walk.h`` with Cram's move generator) against a plain mex search over the board, written
here (a board is a set of cells; a move removes two adjacent cells, either way, for either
player), and the walks' shared machinery seen through Cram: the memo, its checkpoint
records (kind 6) and the thread guard checked in C.

Bounds: every set of cells of a 3x4 and a 2x6 board, and of a 1x9 strip (each image of
each set, so the symmetry keys are exercised too); random sets of cells of boards up to
4x5 and 3x7 (slow: 5x5).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from grundy.cgt import _table as T
from grundy.kernels._core import core_module
from tests.kernels.walk_checks import check_memo_round_trip, needs_compiled_walk

CORE: Any = core_module()
pytestmark = needs_compiled_walk("cram_value")

Cells = frozenset[tuple[int, int]]


@cache
def _nimber(cells: Cells) -> int:
    """The Grundy value of a Cram board by a plain mex search (no splitting, no keys)."""
    seen = set()
    for r, c in cells:
        for other in ((r + 1, c), (r, c + 1)):
            if other in cells:
                seen.add(_nimber(cells - {(r, c), other}))
    n = 0
    while n in seen:
        n += 1
    return n


def _key(cells: Cells, h: int, w: int) -> tuple[int, int, tuple[int, ...]]:
    rows = tuple(sum(1 << c for c in range(w) if (r, c) in cells) for r in range(h))
    return (h, w, rows)


def _subsets(h: int, w: int) -> Iterator[Cells]:
    every = [(r, c) for r in range(h) for c in range(w)]
    for pick in range(1 << len(every)):
        yield frozenset(cell for i, cell in enumerate(every) if pick >> i & 1)


def _value(key: tuple[int, int, tuple[int, ...]]) -> int:
    """The nimber the compiled walk finds for ``key`` (its id read back from the table)."""
    gid, _new = CORE.cram_value(key, None, 1 << 20)
    nus = T.NUS[gid]
    assert nus is not None and nus[:2] == (Fraction(0), 0), (key, nus)
    return nus[2]


@pytest.mark.parametrize(("h", "w"), [(3, 4), (2, 6), (1, 9)])
def test_every_small_board_matches_the_mex_search(h: int, w: int) -> None:
    with T.shared():
        for cells in _subsets(h, w):
            assert _value(_key(cells, h, w)) == _nimber(cells), sorted(cells)
            turned = frozenset((c, r) for r, c in cells)  # the transposed image
            assert _value(_key(turned, w, h)) == _nimber(cells), sorted(cells)


@pytest.mark.parametrize(
    ("h", "w", "count"), [(4, 5, 40), (3, 7, 40), pytest.param(5, 5, 30, marks=pytest.mark.slow)]
)
def test_random_boards_match_the_mex_search(h: int, w: int, count: int) -> None:
    rng = random.Random(f"cram {h}x{w}")
    every = [(r, c) for r in range(h) for c in range(w)]
    with T.shared():
        for _ in range(count):
            cells = frozenset(cell for cell in every if rng.random() < 0.7)
            assert _value(_key(cells, h, w)) == _nimber(cells), sorted(cells)


def test_known_values() -> None:
    # Cram 1xn is the octal game 0.07 (Dawson's Kayles): 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3
    # for n = 0..11 (OEIS A002187); an even x even board is 0 (the second player answers
    # each move by its image under the half turn).
    dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    with T.shared():
        assert [_value((1, n, ((1 << n) - 1,))) for n in range(1, 12)] == dawson[1:]
        for h, w in ((2, 2), (2, 4), (4, 4), (2, 6), (4, 6)):
            assert _value((h, w, ((1 << w) - 1,) * h)) == 0, (h, w)


def test_memo_lists_adds_and_saves_raw_records() -> None:
    with T.shared():
        _value((2, 3, (7, 7)))
        check_memo_round_trip(CORE, "cram", 6, 0, 3)  # not into Domineering's memo (kind 0)


def test_bad_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="key"):
        CORE.cram_value((8, 8, (0,) * 8), None, 10)  # past 64 bits
    with pytest.raises(TypeError, match="tuple"):
        CORE.cram_value([2, 2, (3, 3)], None, 10)
    with pytest.raises(ValueError, match="not an id"):
        CORE.cram_memo_add((1, 2, (3,)), -1, 10)


def test_a_walk_in_another_thread_is_refused_in_c() -> None:
    # The Python side lets one thread at a time walk (grundy.cgt.games._compiled); C
    # checks it: a walk started from another thread while one waits in its progress
    # callback is refused with RuntimeError, and the first walk goes on.
    failures: list[BaseException] = []

    def other() -> None:
        try:
            CORE.cram_value((2, 2, (3, 3)), None, 10)
        except RuntimeError as exc:
            failures.append(exc)

    def tick(_count: int) -> None:
        if not failures:
            thread = threading.Thread(target=other)
            thread.start()
            thread.join()

    with T.shared():
        CORE.dom_memo_clear()  # a fresh memo: the walk below finds more than 4,096 regions
        gid, new = CORE.cram_value((3, 8, (255,) * 3), tick, 1 << 20)
    assert new > 4096 and T.NUS[gid] is not None
    assert len(failures) == 1 and "another thread" in str(failures[0])
    CORE.cram_value((2, 2, (3, 3)), None, 10)  # once finished, any thread may walk
