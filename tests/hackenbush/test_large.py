"""Big pictures: no recursion limit, winning cuts that are right.

(The compiled kernels against plain Python: ``tests/kernels/test_hackenbush_kernel.py``.)
"""

from __future__ import annotations

import itertools

import pytest

from grundy.hackenbush.graph import make_picture
from grundy.hackenbush.ruleset import apply_cut
from grundy.hackenbush.values import analyse, winning_cuts
from tests.hackenbush.random_pictures import random_picture


@pytest.mark.slow
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


def test_winning_cuts_on_a_big_random_graph_are_right() -> None:
    picture = random_picture(3, 3000)
    a = analyse(picture)
    cuts = list(itertools.islice(winning_cuts(a, 0), 20))
    assert a.value == 0 or cuts
    for c in cuts:
        assert analyse(apply_cut(a, c)).value == 0
