"""Fusion and colon principles against the generic search, over every small picture.

Bounds: every picture (connected multigraph with loops, ground fixed) with at
most 7 edges up to isomorphism (6,815 classes) in the fast suite, and with
exactly 8 edges (23,623 classes) in the slow one; every picture with at most 4
edges with every weight in 1..3 for the weighted rule.
"""

from __future__ import annotations

import itertools

import pytest

from grundy.core.search import SearchMemo, grundy_by_search
from grundy.hackenbush.graph import lower, make_picture
from grundy.hackenbush.ruleset import Hackenbush, apply_cut
from grundy.hackenbush.values import analyse, winning_cuts
from tests.hackenbush.enumerate import canonical, pictures
from tests.reference.hackenbush import reference_moves


def _check(game: Hackenbush, picture: tuple[tuple[int, int, int], ...], memo: SearchMemo) -> None:
    value, _ = grundy_by_search(game, picture, memo, max_positions=100_000)
    analysis = analyse(picture, game.weighted)
    assert analysis.value == value, picture
    options = {
        o: grundy_by_search(game, o, memo, max_positions=100_000)[0]
        for o in set(game.moves(picture))
    }
    for target in {*options.values(), value, value + 1}:
        moves = list(winning_cuts(analysis, target))
        cuts = [lower(picture, picture[c.index]) for c in moves]
        assert cuts == [apply_cut(analysis, c) for c in moves]
        assert len(cuts) == len(set(cuts)), (picture, target)
        assert set(cuts) == {o for o, g in options.items() if g == target}, (picture, target)


def _as_picture(graph: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    return make_picture((u, v, 1) for u, v in graph)


def _connected(g: tuple[tuple[int, int], ...]) -> bool:
    reach = {0}
    for _ in g:
        reach |= {x for u, v in g if u in reach or v in reach for x in (u, v)}
    return all(u in reach for u, _ in g)


def _compact(g: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    names = {0: 0}
    for u, v in g:
        for x in (u, v):
            names.setdefault(x, len(names))
    return tuple(sorted((min(names[u], names[v]), max(names[u], names[v])) for u, v in g))


def test_classes_are_counted_right() -> None:
    # brute force: the least relabelling over every permutation of the non-ground vertices
    def brute(g: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        n = 1 + max(max(e) for e in g)
        best = None
        for perm in itertools.permutations(range(1, n)):
            p = (0, *perm)
            form = tuple(sorted((min(p[u], p[v]), max(p[u], p[v])) for u, v in g))
            best = form if best is None or form < best else best
        assert best is not None
        return best

    found = list(pictures(4))
    assert len({brute(g) for g in found}) == len(found) == 2 + 6 + 20 + 74
    # every connected labelled picture on vertices 0..4 falls in one of the classes
    pairs = [(u, v) for u in range(5) for v in range(u, 5)]
    labelled = set()
    for k in range(1, 5):
        for g in itertools.combinations_with_replacement(pairs, k):
            if _connected(g):
                labelled.add(brute(_compact(g)))
    assert labelled == {brute(g) for g in found}
    assert canonical(((0, 2), (2, 1), (1, 1))) == canonical(((0, 1), (1, 2), (2, 2)))


def test_moves_follow_the_rule() -> None:
    game = Hackenbush()
    for g in pictures(5):
        p = _as_picture(g)
        assert set(game.moves(p)) == reference_moves(p)
    weighted = Hackenbush(weighted=True)
    p = make_picture([(0, 1, 2), (1, 2, 1), (0, 2, 3), (2, 2, 2)])
    assert set(weighted.moves(p)) == reference_moves(p)


def test_every_picture_up_to_6_edges() -> None:
    game = Hackenbush()
    memo = SearchMemo()
    count = 0
    for g in pictures(6):
        _check(game, _as_picture(g), memo)
        count += 1
    assert count == 1594


@pytest.mark.slow
@pytest.mark.parametrize(("edges", "expected"), [(7, 5221), (8, 23623)])
def test_every_picture_with_7_or_8_edges(edges: int, expected: int) -> None:
    game = Hackenbush()
    memo = SearchMemo()
    count = 0
    for g in pictures(edges):
        if len(g) == edges:
            _check(game, _as_picture(g), memo)
            count += 1
    assert count == expected


def test_every_weighted_picture_up_to_4_edges() -> None:
    game = Hackenbush(weighted=True)
    memo = SearchMemo()
    for g in pictures(4):
        for weights in itertools.product((1, 2, 3), repeat=len(g)):
            p = make_picture((u, v, w) for (u, v), w in zip(g, weights, strict=True))
            _check(game, p, memo)
