"""Random Hackenbush pictures for property tests."""

from __future__ import annotations

import random

from grundy.hackenbush.graph import Picture, connected_to_ground, make_picture
from grundy.hackenbush.values import Analysis, analyse


def random_picture(seed: int, m: int) -> Picture:
    """About ``m`` edges: a random tree on ``2m/3`` vertices plus random extra edges
    (weights 1 to 3, loops and multiple edges allowed), cut to the part touching the ground."""
    rng = random.Random(seed)
    n = max(2, m * 2 // 3)
    edges = [(rng.randrange(i), i, 1) for i in range(1, n)]
    edges += [(rng.randrange(n), rng.randrange(n), rng.randint(1, 3)) for _ in range(m - n)]
    return connected_to_ground(make_picture(edges))


def analysed_both_ways(picture: Picture, weighted: bool = True) -> tuple[Analysis, Analysis]:
    """The analysis of a picture in plain Python, and the one through the kernels."""
    return analyse(picture, weighted, kernel=False), analyse(picture, weighted, kernel=True)
