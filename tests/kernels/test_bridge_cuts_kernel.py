"""The compiled top-down pass of ``winning_cuts`` (``bridge_cuts_kernel``) lists the same
winning cuts, in the same order, as the plain Python pass, for every target value."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.hackenbush.values import analyse, winning_cuts
from grundy.kernels.hackenbush import bridge_cuts_kernel
from tests.hackenbush.random_pictures import analysed_both_ways, random_picture


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 200), st.booleans())
def test_kernel_pass_lists_the_python_cuts(seed: int, m: int, weighted: bool) -> None:
    picture = random_picture(seed, m)
    if weighted:  # give some edges weights 2..4
        picture = tuple(sorted((u, v, 1 + (u * 7 + v) % 4) for u, v, _ in picture))
    slow, fast = analysed_both_ways(picture, weighted)
    assert slow._arrays is None
    for target in range(slow.value + 4):
        assert list(winning_cuts(fast, target)) == list(winning_cuts(slow, target)), target


def test_kernel_pass_runs_as_plain_python_too() -> None:
    picture = random_picture(3, 80)
    a = analyse(picture, kernel=True)
    assert a._arrays is not None
    args = [a._arrays[k] for k in ("parent", "up_edge", "g", "contrib", "ew")]
    for target in range(a.value + 2):
        need, win = bridge_cuts_kernel(*args, target)
        need_py, win_py = bridge_cuts_kernel.py_func(*args, target)
        assert np.array_equal(need, need_py) and np.array_equal(win, win_py)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 200))
def test_fused_parts_from_the_arrays_are_the_python_parts(seed: int, m: int) -> None:
    slow, fast = analysed_both_ways(random_picture(seed, m))
    assert fast.fused_parts() == slow.fused_parts()
    for c in range(len(slow.forest.top)):
        assert fast.part_weight(c) == slow.part_weight(c)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 200), st.integers(0, 8))
def test_ground_branches_from_the_arrays_are_the_python_ones(seed: int, m: int, most: int) -> None:
    picture = random_picture(seed, m)
    slow = analyse(picture, True, kernel=False)
    fast = analyse(picture, True, kernel=True)
    assert fast.ground_branches() == slow.ground_branches()
    assert fast.ground_branches(most) == slow.ground_branches()[:most]
    assert fast.ground_branch_count() == slow.ground_branch_count() == len(slow.ground_branches())
