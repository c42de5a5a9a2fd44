"""The grid kernels (``_core/dom.c``, ``_core/tf.c``, ``_core/clob.c``,
:mod:`grundy.kernels.grid`) against the reference, the Domineering ruleset's own Python
code (:mod:`grundy.cgt.games.domineering`, run with the compiled core switched off), and
against their pure-Python twins.

Bounds: the parts of every board that is a subset of the cells of a 4x4, 3x5, 2x8 or 1x16
board (every position of up to 16 cells); the options of every subset of a 3x4 and a 2x6
board; random subsets of boards up to 7x7 (the largest the compiled functions take) and
of 8x8 (past 64 bits, where the adapter runs the twin). Toads-and-Frogs: the parts of
every strip of up to 10 squares, the options of every strip of up to 8, random strips up to
62 squares (the most the compiled functions take) against the twins. Clobber: the parts and
options of every position on a 1x7, 2x4 and 3x3 board against the ruleset's regions and
keys.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.games.clobber import Clobber
from grundy.cgt.games.domineering import Domineering
from grundy.cgt.games.toads_frogs import ToadsAndFrogs
from grundy.cgt.solve import _splitter
from grundy.kernels._core import PURE_PYTHON, core_module
from grundy.kernels.grid import dom_options, dom_split, fits, tf_options, tf_split

compiled = pytest.mark.skipif(core_module() is None, reason="the compiled core is not active")


def _subsets(h: int, w: int) -> Iterator[int]:
    """Every set of cells of an ``h`` x ``w`` board, as a mask of stride ``w + 1``."""
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    for pick in range(1 << len(cells)):
        mask = 0
        for i, bit in enumerate(cells):
            if pick >> i & 1:
                mask |= 1 << bit
        yield mask


def _reference(monkeypatch: pytest.MonkeyPatch) -> Domineering:
    monkeypatch.setenv(PURE_PYTHON, "1")
    return Domineering()


@pytest.mark.parametrize(
    ("h", "w"),
    [
        pytest.param(4, 4, marks=pytest.mark.slow),
        (3, 5),
        pytest.param(2, 8, marks=pytest.mark.slow),
        (1, 16),
    ],
)
def test_split_of_every_small_board(monkeypatch: pytest.MonkeyPatch, h: int, w: int) -> None:
    masks = list(_subsets(h, w))
    fast = dom_split.compiled
    d = _reference(monkeypatch)
    for mask in masks:
        want = d.keyed_regions((h, w, mask))
        assert dom_split.py_func(w, mask) == want, (h, w, bin(mask))
        if fast is not None:
            assert fast(w, mask) == want, (h, w, bin(mask))


@pytest.mark.parametrize(("h", "w"), [(3, 4), (2, 6)])
def test_options_of_every_small_board(monkeypatch: pytest.MonkeyPatch, h: int, w: int) -> None:
    masks = list(_subsets(h, w))
    fast = dom_options.compiled
    d = _reference(monkeypatch)
    for mask in masks:
        lefts, rights = d.option_parts((h, w, mask))
        want = (list(lefts), list(rights))
        assert dom_options.py_func(w, mask) == want, (h, w, bin(mask))
        if fast is not None:
            assert fast(w, mask) == want, (h, w, bin(mask))


@st.composite
def boards(draw: st.DrawFn, most: int = 7) -> tuple[int, int]:
    h = draw(st.integers(1, most))
    w = draw(st.integers(1, most))
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    picked = draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))
    return w, sum(1 << b for b in picked)


@compiled
@settings(max_examples=300, deadline=None)
@given(boards())
def test_compiled_matches_twin_up_to_7x7(board: tuple[int, int]) -> None:
    w, mask = board
    assert fits(mask)
    assert dom_split(w, mask) == dom_split.py_func(w, mask)
    assert dom_options(w, mask) == tuple(dom_options.py_func(w, mask))


@settings(max_examples=30, deadline=None)
@given(boards(most=9))
def test_past_64_bits_the_twin_runs(board: tuple[int, int]) -> None:
    w, mask = board
    assert dom_split(w, mask) == dom_split.py_func(w, mask)
    assert tuple(dom_options(w, mask)) == tuple(dom_options.py_func(w, mask))


@compiled
def test_bad_input_is_an_exception() -> None:
    core = core_module()
    assert core is not None
    with pytest.raises(ValueError, match="spare column"):
        core.dom_split(3, 1 << 3)
    with pytest.raises(ValueError, match="width"):
        core.dom_options(0, 1)
    with pytest.raises(ValueError, match="width"):
        core.dom_split(64, 1)
    with pytest.raises(OverflowError):
        core.dom_split(8, 1 << 64)
    with pytest.raises(OverflowError):
        core.dom_split(8, -1)
    with pytest.raises(TypeError):
        core.dom_split(8, "1")


def _strips(n: int) -> list[str]:
    return ["".join(s) for s in itertools.product("tf.", repeat=n)]


def _kernel_gives(kernel: Any, strip: str, want: Any) -> None:
    """The pure-Python kernel, and the compiled one when built, give ``want``."""
    assert kernel.py_func(strip) == want, strip
    if kernel.compiled is not None:
        assert kernel.compiled(strip) == want, strip


@pytest.mark.parametrize("n", range(1, 11))
def test_tf_split_of_every_strip(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    monkeypatch.setenv(PURE_PYTHON, "1")
    g = ToadsAndFrogs()
    for strip in _strips(n):
        _kernel_gives(tf_split, strip, g.keyed_regions(strip))


@pytest.mark.parametrize("n", range(1, 9))
def test_tf_options_of_every_strip(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    monkeypatch.setenv(PURE_PYTHON, "1")
    g = ToadsAndFrogs()
    for strip in _strips(n):
        lefts, rights = g.option_parts(strip)
        _kernel_gives(tf_options, strip, (list(lefts), list(rights)))


@compiled
@settings(max_examples=200, deadline=None)
@given(st.text("tf.", min_size=1, max_size=62))
def test_tf_compiled_matches_twin_up_to_62_squares(strip: str) -> None:
    assert tf_split(strip) == tf_split.py_func(strip)
    assert tf_options(strip) == tuple(tf_options.py_func(strip))


@compiled
def test_tf_bad_input_is_an_exception() -> None:
    core = core_module()
    assert core is not None
    with pytest.raises(ValueError, match="t, f and"):
        core.tf_split("tx")
    with pytest.raises(OverflowError):
        core.tf_options("t" * 63)
    with pytest.raises(TypeError):
        core.tf_split(b"tf")
    assert tf_split("t" * 70 + ".f") == tf_split.py_func("t" * 70 + ".f")


def _clobber_boards(h: int, w: int) -> Iterator[tuple[int, int, int, int]]:
    """Every Clobber position on an ``h`` x ``w`` board (each cell x, o or empty)."""
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    for picks in itertools.product("xo.", repeat=len(cells)):
        xs = sum(1 << b for b, ch in zip(cells, picks, strict=True) if ch == "x")
        os_ = sum(1 << b for b, ch in zip(cells, picks, strict=True) if ch == "o")
        yield h, w, xs, os_


@compiled
@pytest.mark.parametrize(("h", "w"), [(1, 7), (2, 4), (3, 3)])
def test_clobber_split_and_options(monkeypatch: pytest.MonkeyPatch, h: int, w: int) -> None:
    core = core_module()
    assert core is not None
    monkeypatch.setenv(PURE_PYTHON, "1")  # the reference: regions and signed_region_key
    g = Clobber()
    split = _splitter(g)
    for state in _clobber_boards(h, w):
        _, _, xs, os_ = state
        assert core.clob_split(w, xs, os_) == split(state), state
        lefts = [split(s) for s in g.left_moves(state)]
        rights = [split(s) for s in g.right_moves(state)]
        assert core.clob_options(w, xs, os_) == (lefts, rights), state


@compiled
def test_clobber_bad_input_is_an_exception() -> None:
    core = core_module()
    assert core is not None
    with pytest.raises(ValueError, match="two stones"):
        core.clob_split(3, 1, 1)
    with pytest.raises(ValueError, match="spare column"):
        core.clob_options(3, 1 << 3, 0)
    with pytest.raises(OverflowError):
        core.clob_split(8, 1 << 64, 0)
    with pytest.raises(ValueError, match="key"):
        core.clob_value((8, 8, (0,) * 8, (0,) * 8), None, 10)


@compiled
def test_raw_memo_records_are_checked() -> None:
    core = core_module()
    assert core is not None
    with pytest.raises(ValueError, match="24 bytes"):
        core.memo_raw_add(0, b"\0" * 23, 10)
    with pytest.raises(ValueError, match="no key"):
        core.memo_raw_add(0, b"\0" * 24, 10)  # tag 0: no key
    tf_record = (0).to_bytes(16, "little") + ((1 << 24) | (3 << 16) | 3).to_bytes(4, "little")
    with pytest.raises(ValueError, match="no key"):  # a strip's record in Domineering's memo
        core.memo_raw_add(0, tf_record + (0).to_bytes(4, "little"), 10)
    with pytest.raises(ValueError, match="no such memo"):
        core.memo_raw(9)
