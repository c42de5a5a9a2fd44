"""Cut-pair classes against re-solving the part, edge by edge.

Random pictures of up to 60 edges built to have long cycles (many cut pairs),
weights 1..3 on some edges; every unit edge inside a 2-edge-connected part.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.hackenbush.cutpairs import CutPairs
from grundy.hackenbush.graph import Picture, connected_to_ground, make_picture
from grundy.hackenbush.values import _part_value_without, analyse


def _ringy(seed: int, m: int, weighted: bool) -> Picture:
    rng = random.Random(seed)
    n = max(2, m * 4 // 5)
    edges = [(rng.randrange(max(0, i - 3), i), i, 1) for i in range(1, n)]
    edges += [(rng.randrange(n), rng.randrange(n), 1) for _ in range(m - n)]
    if weighted:
        edges = [(u, v, rng.choice((1, 1, 2, 3))) for u, v, _ in edges]
    return connected_to_ground(make_picture(edges))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 60), st.booleans())
def test_classes_agree_with_re_solving(seed: int, m: int, weighted: bool) -> None:
    picture = _ringy(seed, m, weighted)
    a = analyse(picture, weighted)
    f = a.forest
    pairs = CutPairs.of(f)
    for c in range(len(f.top)):
        assert pairs.total[f.top[c]] == f.g[c]
    inner = [i for i in range(len(picture)) if not f.bridge[i] and f.eu[i] != f.ev[i]]
    classes = pairs.classes(f, inner)
    for i in inner:
        if f.ew[i] != 1:
            continue
        c = f.comp[f.eu[i]]
        members = classes[pairs.key[i]]
        if len(members) == 1:
            expected = f.g[c] ^ 1
        else:
            found = pairs.values_after_deletion(f, members)
            assert found is not None
            expected = found[i]
        assert _part_value_without(f, c, i) == expected
