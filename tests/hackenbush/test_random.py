"""Random trees, weighted trees and graphs against the independent reference.

Bounds: trees of up to 12 edges, weighted trees of up to 6 edges with weights
1..4, graphs of up to 9 edges on up
to 6 vertices; 60 to 80 examples each.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import solve
from grundy.core.position import Position
from grundy.hackenbush.graph import Picture, connected_to_ground, make_picture
from grundy.hackenbush.ruleset import Hackenbush, apply_cut
from grundy.hackenbush.values import analyse, winning_cuts
from tests.reference.hackenbush import reference_moves, reference_value


@st.composite
def trees(draw: st.DrawFn, max_weight: int = 1) -> Picture:
    n = draw(st.integers(1, 12 if max_weight == 1 else 6))
    parents = [draw(st.integers(0, i)) for i in range(n)]
    weights = [draw(st.integers(1, max_weight)) for _ in range(n)]
    return make_picture(
        (p, i + 1, w) for i, (p, w) in enumerate(zip(parents, weights, strict=True))
    )


@st.composite
def graphs(draw: st.DrawFn) -> Picture:
    edges = draw(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=9))
    return connected_to_ground(make_picture((u, v, 1) for u, v in edges))


def _agree(picture: Picture, weighted: bool) -> None:
    analysis = analyse(picture, weighted)
    assert analysis.value == reference_value(picture)
    for target in range(analysis.value + 2):
        found = [apply_cut(analysis, c) for c in winning_cuts(analysis, target)]
        expected = {p for p in reference_moves(picture) if reference_value(p) == target}
        assert sorted(found) == sorted(expected)


@settings(max_examples=80, deadline=None)
@given(trees())
def test_trees(picture: Picture) -> None:
    _agree(picture, False)


@settings(max_examples=80, deadline=None)
@given(trees(max_weight=4))
def test_weighted_trees(picture: Picture) -> None:
    _agree(picture, True)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_graphs(picture: Picture) -> None:
    _agree(picture, False)


@settings(max_examples=40, deadline=None)
@given(graphs(), st.permutations(range(1, 6)))
def test_value_ignores_vertex_names(picture: Picture, perm: list[int]) -> None:
    names = {0: 0, **{i + 1: p for i, p in enumerate(perm)}}
    renamed = make_picture((names[u], names[v], w) for u, v, w in picture)
    assert analyse(renamed).value == analyse(picture).value


@settings(max_examples=30, deadline=None)
@given(graphs(), graphs())
def test_sum_of_pictures_is_their_union_at_the_ground(a: Picture, b: Picture) -> None:
    shift = 100
    moved = make_picture((u and u + shift, v and v + shift, w) for u, v, w in b)
    union = make_picture(a + moved)
    game = Hackenbush()

    together = solve(Position(game, union))
    apart = solve(Position(game, a) + Position(game, b))
    assert together.grundy == apart.grundy
