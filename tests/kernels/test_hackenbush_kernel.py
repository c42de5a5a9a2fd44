"""The Hackenbush kernels (``grundy.kernels.hackenbush``) agree with the plain Python analysis."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.hackenbush import graph
from grundy.hackenbush.graph import connected_to_ground, make_picture
from grundy.hackenbush.values import analyse, winning_cuts
from grundy.kernels._core import core_module
from grundy.kernels.hackenbush import decompose_kernel
from tests.hackenbush.random_pictures import analysed_both_ways, random_picture

_FIELDS = ("tin", "vsize", "comp", "bridge", "top", "parent", "up_edge", "parity", "g")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 300))
def test_kernel_matches_python(seed: int, m: int) -> None:
    slow, fast = analysed_both_ways(random_picture(seed, m))
    for name in _FIELDS:
        assert getattr(slow.forest, name) == getattr(fast.forest, name), name
    assert slow.labels == fast.labels
    assert list(winning_cuts(slow, 0)) == list(winning_cuts(fast, 0))


@pytest.mark.skipif(core_module() is None, reason="the compiled core is not active")
def test_kernel_runs_as_plain_python_too() -> None:
    picture = random_picture(7, 60)
    a = analyse(picture, kernel=True)
    eu = np.array(a.forest.eu, np.int64)
    ev = np.array(a.forest.ev, np.int64)
    ew = np.array(a.forest.ew, np.int64)
    n = len(a.labels)
    out = decompose_kernel.py_func(n, eu, ev, ew, 0, np.zeros(n, np.int64))
    assert out[8].tolist() == a.forest.g


def test_ground_check_by_kernel_matches_python(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    m = 30_000
    edges = make_picture((rng.randrange(m), rng.randrange(m), 1) for _ in range(m))
    edges = make_picture([*edges, (0, 5, 1), (5, 9, 1)])
    fast = connected_to_ground(edges)
    monkeypatch.setattr(graph, "_KERNEL_EDGES", 10**9)
    slow = connected_to_ground(edges)
    assert fast == slow
    assert 0 < len(fast) < len(edges)
