"""Big pictures: no recursion limit, the compiled kernel agrees with plain Python."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.hackenbush.graph import Picture, connected_to_ground, make_picture
from grundy.hackenbush.ruleset import apply_cut
from grundy.hackenbush.values import analyse, winning_cuts
from grundy.kernels.hackenbush import COMPILED, decompose_kernel

_FIELDS = ("tin", "vsize", "comp", "bridge", "top", "parent", "up_edge", "parity", "g")


def test_long_path_and_long_cycle() -> None:
    n = 100_000
    path = tuple((i, i + 1, 1) for i in range(n))
    for kernel in (False, True):
        a = analyse(path, kernel=kernel)
        assert a.value == n  # a path of n edges is a nim heap of n
        (cut,) = winning_cuts(a, 5)
        assert apply_cut(a, cut) == path[:5]
    cycle = make_picture([*path, (0, n, 1)])
    assert analyse(cycle, kernel=False).value == (n + 1) % 2


def _random(seed: int, m: int) -> Picture:
    rng = random.Random(seed)
    n = max(2, m * 2 // 3)
    edges = [(rng.randrange(i), i, 1) for i in range(1, n)]
    edges += [(rng.randrange(n), rng.randrange(n), rng.randint(1, 3)) for _ in range(m - n)]
    return connected_to_ground(make_picture(edges))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 300))
def test_kernel_matches_python(seed: int, m: int) -> None:
    picture = _random(seed, m)
    slow = analyse(picture, True, kernel=False)
    fast = analyse(picture, True, kernel=True)
    for name in _FIELDS:
        assert getattr(slow.forest, name) == getattr(fast.forest, name), name
    assert slow.labels == fast.labels
    assert list(winning_cuts(slow, 0)) == list(winning_cuts(fast, 0))


@pytest.mark.skipif(not COMPILED, reason="numba is not installed")
def test_kernel_runs_as_plain_python_too() -> None:
    import numpy as np

    picture = _random(7, 60)
    a = analyse(picture, kernel=True)
    eu = np.array(a.forest.eu, np.int64)
    ev = np.array(a.forest.ev, np.int64)
    ew = np.array(a.forest.ew, np.int64)
    n = len(a.labels)
    out = decompose_kernel.py_func(n, eu, ev, ew, 0, np.zeros(n, np.int64))  # type: ignore[attr-defined]
    assert out[8].tolist() == a.forest.g


def test_winning_cuts_on_a_big_random_graph_are_right() -> None:
    picture = _random(3, 3000)
    a = analyse(picture)
    cuts = list(itertools.islice(winning_cuts(a, 0), 20))
    assert a.value == 0 or cuts
    for c in cuts:
        assert analyse(apply_cut(a, c)).value == 0


def test_ground_check_by_kernel_matches_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.hackenbush import graph

    rng = random.Random(11)
    m = 30_000
    edges = make_picture((rng.randrange(m), rng.randrange(m), 1) for _ in range(m))
    edges = make_picture([*edges, (0, 5, 1), (5, 9, 1)])
    fast = connected_to_ground(edges)
    monkeypatch.setattr(graph, "_KERNEL_EDGES", 10**9)
    slow = connected_to_ground(edges)
    assert fast == slow
    assert 0 < len(fast) < len(edges)
