"""The loopy engine against tests/reference/loopy_play.py (outcomes of sums by retrograde
analysis of the sum's graph, with draws, from the definitions; no grundy code).

Bounds: random game graphs of 1 to 4 vertices (edge density 0.2 to 0.45, passes and
cycles allowed; hypothesis: 1 to 5 vertices, up to 3 edges per side), compared in sums
with the short games 0, *, 1, -1, 1/2, ^, v, +-1, *2, 2 and -1/2 and the loopy games on,
off, over, under, upon and dud, under both starts.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.loopy.compare import leq_table, outcomes
from grundy.cgt.loopy.graph import Graph, is_stopper
from grundy.cgt.loopy.notation import format_stopper, parse_loopy
from grundy.cgt.loopy.sidecmp import side_equal, side_leq
from grundy.cgt.loopy.sides import NotSettledError, side
from grundy.cgt.loopy.simplify import simplify
from tests.reference.loopy_play import Game, negative, outcome, random_game, short_game, to_edges

SHORT = ["0", "*", "1", "-1", "1/2", "^", "v", "+-1", "*2", "2", "-1/2"]


def _graph(game: Game) -> tuple[Graph, int]:
    left, right, start = to_edges(game)
    return Graph.of(left, right), start


def _game(g: Graph, start: int) -> Game:
    return {v: (list(g.left[v]), list(g.right[v])) for v in range(len(g))}, start


def _games(seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    return [random_game(rng, rng.randint(1, 4), rng.uniform(0.2, 0.45)) for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_outcomes_match_the_reference(seed: int) -> None:
    for game in _games(seed, 60):
        g, s = _graph(game)
        assert outcomes(g)[s] == outcome([game])


def _stoppers(seed: int, count: int) -> list[Game]:
    out = []
    for game in _games(seed, count * 4):
        g, s = _graph(game)
        if is_stopper(g, s):
            out.append(game)
    return out[:count]


@pytest.mark.parametrize("seed", range(3))
def test_stopper_order_is_survival_in_the_difference(seed: int) -> None:
    games = _stoppers(100 + seed, 14)
    for a in games:
        for b in games:
            ga, sa = _graph(a)
            gb, sb = _graph(b)
            leq = leq_table(ga, gb)[sa][sb]
            # a <= b: Right, moving first in b - a, does not win
            assert leq == (outcome([b, negative(a)])[1] != -1)


@pytest.mark.parametrize("seed", range(2))
def test_side_order_is_the_stopper_order_on_stoppers(seed: int) -> None:
    """Both comparisons of sides reduce to the stopper order on stoppers (endless play in a
    difference of stoppers moves in both components for ever)."""
    games = [_graph(a) for a in _stoppers(150 + seed, 12)]
    for ga, sa in games:
        for gb, sb in games:
            leq = leq_table(ga, gb)[sa][sb]
            assert side_leq(ga, sa, gb, sb, True) == leq == side_leq(ga, sa, gb, sb, False)


@pytest.mark.parametrize("seed", range(3))
def test_order_agrees_with_every_small_sum(seed: int) -> None:
    """a <= b implies o(a + X) <= o(b + X) for each short X, under both starts."""
    games = _stoppers(200 + seed, 10)
    xs = [short_game(x) for x in SHORT]
    for a in games:
        for b in games:
            ga, sa = _graph(a)
            gb, sb = _graph(b)
            if leq_table(ga, gb)[sa][sb]:
                for x in xs:
                    oa, ob = outcome([a, x]), outcome([b, x])
                    assert oa[0] <= ob[0] and oa[1] <= ob[1]


@pytest.mark.parametrize("seed", range(4))
def test_simplest_form_keeps_the_value(seed: int) -> None:
    xs = [short_game(x) for x in SHORT]
    for game in _stoppers(300 + seed, 25):
        g, s = _graph(game)
        c = _game(simplify(g, s), 0)
        assert outcome([game, negative(c)])[1] != -1  # c <= game
        assert outcome([c, negative(game)])[1] != -1  # game <= c
        for x in xs:
            assert outcome([game, x]) == outcome([c, x])


def _predicted(on: Game, off: Game, x: Game) -> tuple[int, int]:
    """The outcome of G + X from G's sides S (onside) and T (offside): S + X and T + X are
    stoppers, so their play ends; Left wins G + X when she wins T + X, survives (draws)
    when she wins only S + X; likewise for Right."""
    s, t = outcome([on, x]), outcome([off, x])
    first = 1 if t[0] == 1 else 0 if s[0] == 1 else -1
    second = -1 if s[1] == -1 else 0 if t[1] == -1 else 1
    return first, second


# Small loopy test games X (besides the short ones), written out as graphs.
LOOPY_X: dict[str, Game] = {
    "on": ({"on": (["on"], [])}, "on"),
    "off": ({"off": ([], ["off"])}, "off"),
    "over": ({"over": (["0"], ["over"]), "0": ([], [])}, "over"),
    "under": ({"under": (["under"], ["0"]), "0": ([], [])}, "under"),
    "upon": ({"upon": (["upon"], ["*"]), "*": (["0"], ["0"]), "0": ([], [])}, "upon"),
    "dud": ({"dud": (["dud"], ["dud"])}, "dud"),
}


def _sides_agree(game: Game, on: Game, off: Game, x: Game) -> bool:
    """The definition of ``G = S & T`` (Siegel VI: ``G`` is onside-equivalent to ``S`` and
    offside-equivalent to ``T``), checked in the sum with ``x`` under both starts: counting
    draws for Left, G + X and S + X have the same outcome; counting draws for Right,
    G + X and T + X have the same outcome."""
    g, s, t = outcome([game, x]), outcome([on, x]), outcome([off, x])
    return all((g[k] >= 0) == (s[k] >= 0) and (g[k] > 0) == (t[k] > 0) for k in (0, 1))


@pytest.mark.parametrize("seed", range(6))
def test_sides_predict_every_small_sum(seed: int) -> None:
    xs = [short_game(x) for x in SHORT] + list(LOOPY_X.values())
    found = 0
    for game in _games(400 + seed, 40):
        g, s = _graph(game)
        if is_stopper(g, s):
            continue
        on, off = side(g, s, True), side(g, s, False)  # every random game here has sides
        found += 1
        son, soff = _game(*on), _game(*off)
        assert is_stopper(*on) and is_stopper(*off)
        for x in xs:
            assert _sides_agree(game, son, soff, x), (game, x)
            if x in LOOPY_X.values():
                continue
            assert outcome([game, x]) == _predicted(son, soff, x), (game, x)
    assert found > 0


def _graphs() -> st.SearchStrategy[Game]:
    """Random game graphs of 1 to 5 vertices (0 the start), passes and cycles allowed."""

    @st.composite
    def build(draw: st.DrawFn) -> Game:
        size = draw(st.integers(1, 5))
        edges = st.lists(st.integers(0, size - 1), max_size=3, unique=True)
        graph: dict[Hashable, tuple[list[Hashable], list[Hashable]]] = {
            v: (list(draw(edges)), list(draw(edges))) for v in range(size)
        }
        return graph, 0

    return build()


@settings(max_examples=150, deadline=None)
@given(_graphs())
def test_found_sides_are_the_sides(game: Game) -> None:
    """Whatever sides the engine gives predict the game in every small sum, and are equal
    to it in the comparison of sides; a game refused is genuinely not a stopper."""
    g, s = _graph(game)
    if is_stopper(g, s):
        return
    try:
        on, off = side(g, s, True), side(g, s, False)
    except NotSettledError:
        return
    assert side_equal(on[0], 0, g, s, True) and side_equal(off[0], 0, g, s, False)
    son, soff = _game(*on), _game(*off)
    for x in [short_game(x) for x in SHORT] + list(LOOPY_X.values()):
        assert _sides_agree(game, son, soff, x), (game, x)


def test_the_sidling_limit_over_is_found() -> None:
    """Sidling rounds do not settle here and unravelling gives {1/2|0}, {1/4|0}, ...;
    pruning finds the onside {over|0}."""
    game: Game = ({0: ([1], [0, 2]), 1: ([0, 2], [1]), 2: ([], [0, 1])}, 0)
    g, s = _graph(game)
    on, off = side(g, s, True), side(g, s, False)
    assert format_stopper(*on) == "{over|0}"
    for x in [short_game(x) for x in SHORT] + list(LOOPY_X.values()):
        assert _sides_agree(game, _game(*on), _game(*off), x)


def test_bachs_carousel_is_refused() -> None:
    """Bach's Carousel (Winning Ways ch. 11; CGSuite's loopy-games tutorial) has sides
    that are not stoppers."""
    g, s = parse_loopy("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    with pytest.raises(NotSettledError, match="no stopper onside found"):
        side(g, s, True)


@pytest.mark.parametrize("seed", range(2))
def test_equal_stoppers_have_simplest_forms_of_one_size(seed: int) -> None:
    """Simplest forms are unique up to isomorphism (Siegel VI): equal stoppers' forms have
    as many vertices and edges."""
    forms = []
    for game in _stoppers(500 + seed, 40):
        g, s = _graph(game)
        forms.append(simplify(g, s))
    for a in forms:
        for b in forms:
            if leq_table(a, b)[0][0] and leq_table(b, a)[0][0]:
                assert len(a) == len(b)
                assert sum(map(len, a.left + a.right)) == sum(map(len, b.left + b.right))
