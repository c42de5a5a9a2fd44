"""Weighted Arc Kayles (``weighted-arc-kayles "V:W ... U-V ..."``) against the brute force of
``tests/reference/weighted_arc_kayles.py`` (its own states: zero-weight vertices kept, no
regions, no renumbering, no weight cut), and the facts that follow from the rule.

Bounds: every graph on up to 3 vertices with every weight 0..3 on each vertex (548
positions) and a seeded sample of 400 of the 16,384 on 4 vertices in the quick suite; all
16,384 on 4 vertices under ``pytest -m slow``; hypothesis graphs on up to 6 vertices with
weights 0..4. No published table of values of the game could be read for this file (see
CHANGELOG): the known answers are those the rule gives, one counter on every vertex being
Arc Kayles (checked against tests/cgt/data/arc_kayles.txt, CGSuite's values).
"""

from __future__ import annotations

import itertools
import random
import xml.dom.minidom
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.cgt.games import WeightedArcKayles
from grundy.core.board import Graph, board_json, board_svg, board_text
from grundy.errors import InvalidSpecError
from tests.cli.helpers import run
from tests.reference import weighted_arc_kayles as R
from tests.web.helpers import client

SEED = 31
ARC_KAYLES_DATA = Path(__file__).parent / "data" / "arc_kayles.txt"


def _wrong(states: list[R.State]) -> list[str]:
    """The positions whose Grundy value or outcome differs from the reference's."""
    wrong = []
    for state in states:
        want = R.grundy_value(state)
        r = grundy.solve(R.spec(state))
        if r.grundy != want or r.outcome != ("P" if want == 0 else "N"):
            wrong.append(f"{R.spec(state)}: grundy {r.grundy}, reference {want}")
    return wrong


def test_every_graph_on_three_vertices_and_a_sample_on_four() -> None:
    states = [s for n in (1, 2, 3) for s in R.small_graphs(n, 3)]
    assert len(states) == 4 + 32 + 512
    states += random.Random(SEED).sample(R.small_graphs(4, 3), 400)
    assert _wrong(states) == []


@pytest.mark.slow
def test_every_graph_on_four_vertices_with_weights_up_to_three() -> None:
    states = R.small_graphs(4, 3)
    assert len(states) == 16_384
    assert _wrong(states) == []


@st.composite
def _graphs(draw: st.DrawFn) -> R.State:
    n = draw(st.integers(2, 6))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=7))
    weights = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    return tuple(weights), tuple(sorted(edges))


@settings(max_examples=60, deadline=None)
@given(_graphs())
def test_random_graphs_agree_with_the_reference(state: R.State) -> None:
    assert _wrong([state]) == []


def test_winning_moves_lead_to_zero_and_every_move_is_listed() -> None:
    spec = 'weighted-arc-kayles "1:3 2:2 3:2 4:1 1-2 2-3 3-4 4-1 2-4"'
    r = grundy.solve(spec)
    assert r.grundy == R.grundy_value(((3, 2, 2, 1), ((0, 1), (0, 3), (1, 2), (1, 3), (2, 3))))
    assert r.winning_moves and all(grundy.solve(m).grundy == 0 for m in r.winning_moves)
    moves = grundy.legal_moves(grundy.parse(spec))
    assert len(moves) == 5  # one per edge: no two picks reach the same position here


def _arc_kayles_values() -> list[tuple[str, str]]:
    """CGSuite's Arc Kayles values in tests/cgt/data/arc_kayles.txt on graphs without loops."""
    out = []
    for line in ARC_KAYLES_DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            edges, _, value = line.partition(" = ")
            if not any(u == v for u, _, v in (e.partition("-") for e in edges.split())):
                out.append((edges, value))
    return out


def test_one_counter_on_every_vertex_is_arc_kayles() -> None:
    """A move empties both ends of its edge, as Arc Kayles removes them: CGSuite's Arc Kayles
    paths (tests/cgt/data/arc_kayles.txt), and every graph on up to 4 vertices against
    grundy's arc-kayles."""
    known = _arc_kayles_values()
    assert len(known) >= 11
    for path, value in known:
        nimber = 0 if value == "0" else 1 if value == "*" else int(value[1:])
        assert grundy.solve(f'weighted-arc-kayles "{path}"').grundy == nimber, path
    for n in (2, 3, 4):
        for weights, edges in R.small_graphs(n, 1):
            if edges and set(weights) == {1}:
                text = " ".join(f"{u + 1}-{v + 1}" for u, v in edges)
                weighted = grundy.solve(f'weighted-arc-kayles "{text}"').grundy
                assert weighted == grundy.solve(f'arc-kayles "{text}"').grundy, text


def test_one_edge_is_a_run_of_forced_moves() -> None:
    """An edge whose ends hold a and b counters is played min(a, b) times."""
    for a, b in itertools.product(range(8), repeat=2):
        r = grundy.solve(f'weighted-arc-kayles "1:{a} 2:{b} 1-2"')
        assert r.grundy == min(a, b) % 2, (a, b)


def _stars(leaves: int, centre_most: int, leaf_most: int) -> list[R.State]:
    """Every star of ``leaves`` leaves (centre 0), centre weights 1..centre_most, leaf
    weights 1..leaf_most."""
    edges = tuple((0, i) for i in range(1, leaves + 1))
    return [
        ((c, *rest), edges)
        for c in range(1, centre_most + 1)
        for rest in itertools.product(range(1, leaf_most + 1), repeat=leaves)
    ]


def test_a_star_is_answered_as_the_lone_edge_of_its_value() -> None:
    """A star (every edge on one vertex) is played min(centre, sum of leaves) times whatever
    is picked, so its region is the lone edge of that parity. Bounds: every star of 1 to 3
    leaves with centre weights 1..7 and leaf weights 1..4 (7 * (4 + 16 + 64) = 588 stars),
    against the reference's search of every line of play, and in a sum with a path of four
    (not a star: searched) against the reference on the union of the two graphs."""
    stars = [s for k in (1, 2, 3) for s in _stars(k, 7, 4)]
    assert len(stars) == 588
    assert _wrong(stars) == []
    for (centre, *rest), edges in stars[:: len(stars) // 40]:
        played = min(centre, sum(rest))
        assert R.grundy_value(((centre, *rest), edges)) == played % 2
        n = len(rest) + 1
        union = ((centre, *rest, 2, 1, 2, 1), (*edges, (n, n + 1), (n + 1, n + 2), (n + 2, n + 3)))
        assert _wrong([union]) == []
    g = WeightedArcKayles()
    (s,) = g.parse_args(["1:5 2:3 3:1 1-2 1-3"])  # played min(5, 3 + 1) = 4 times: even
    assert list(g.regions(s)) == [(((1, 2), (2, 2)), ((1, 2, ""),))]


def test_a_star_of_huge_weights_is_answered_without_searching_its_lines() -> None:
    """A million moves on one edge, or a star of huge weights: a handful of regions (the
    bound on positions would stop a search of the lines of play at once)."""
    for spec, value in [
        ('weighted-arc-kayles "1:1000000 2:1000000 1-2"', 0),
        ('weighted-arc-kayles "1:1000001 2:1000000 1-2"', 0),
        ('weighted-arc-kayles "1:999999 2:1000000 1-2"', 1),
        ('weighted-arc-kayles "1:10000000 2:4000001 3:3000000 4:7 1-2 1-3 1-4"', 0),
        ('weighted-arc-kayles "1:5000001 2:4000001 3:3000000 4:7 1-2 1-3 1-4"', 1),
    ]:
        r = grundy.solve(spec, max_positions=10)
        assert r.grundy == value, spec
        assert (r.outcome == "P") == (value == 0)
        assert all(grundy.solve(m, max_positions=10).grundy == 0 for m in r.winning_moves)


def test_a_weight_above_the_neighbours_sum_counts_as_that_sum() -> None:
    """A vertex is used at most as often as its neighbours hold counters in all."""
    big = grundy.solve('weighted-arc-kayles "1:50 2:2 3:1 1-2 1-3 2-4"').grundy
    assert big == grundy.solve('weighted-arc-kayles "1:3 2:2 3:1 1-2 1-3 2-4"').grundy
    assert big == R.grundy_value(((50, 2, 1, 1), ((0, 1), (0, 2), (1, 3))))


def test_the_spec_reads_back_with_every_weight_and_drops_what_cannot_play() -> None:
    g = WeightedArcKayles()
    (s,) = g.parse_args(["3-2, 1:2 1-2 2-3 5:4 3:0 6-7 6:2"])
    # vertex 3 has no counter (2-3 goes), 5 is on no edge; 7 holds one by default
    assert g.format_state(s) == '"1:2 2:1 6:2 7:1 1-2 6-7"'
    text = 'weighted-arc-kayles "1:2 2:1 6:2 7:1 1-2 6-7"'
    assert str(grundy.parse(text)) == text
    assert str(grundy.parse('weighted-arc-kayles "1:0 1-2"')) == 'weighted-arc-kayles ""'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("1-1", "an edge joins two vertices, got the loop '1-1'"),
        ("1:2 1:3 1-2", "vertex 1 is given two weights, 2 and 3"),
        ("1:x 1-2", "the weight of vertex 1 must be a non-negative integer"),
        ("1-2:b", "a token is V:W \\(a weight\\) or U-V \\(an edge\\), got '1-2:b'"),
        ("12", "a token is V:W \\(a weight\\) or U-V \\(an edge\\), got '12'"),
        ("1-y", "a vertex must be a non-negative integer"),
    ],
)
def test_bad_input_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(InvalidSpecError, match=said) as caught:
        WeightedArcKayles().parse_args([text])
    assert "\n" not in str(caught.value) and "weighted-arc-kayles" in str(caught.value)


def test_bad_input_on_the_command_line_exits_2_without_a_traceback() -> None:
    result = run("solve", 'weighted-arc-kayles "1-1"')
    assert result.status == 2
    assert result.err.count("\n") == 1 and "the loop '1-1'" in result.err
    assert "Traceback" not in result.err


def test_the_board_draws_each_vertex_with_its_counters() -> None:
    position = grundy.parse('weighted-arc-kayles "1:3 2:2 1-2 2-3"')
    board = position.board()
    assert isinstance(board, Graph) and not board.ground
    assert board.counters == ((1, 3), (2, 2), (3, 1))
    assert board_text(board) == ["edges: 1-2 2-3", "counters: 1:3 2:2 3:1"]
    assert board_json(board)["counters"] == [[1, 3], [2, 2], [3, 1]]
    svg = board_svg(board)
    xml.dom.minidom.parseString(svg)
    assert ">1 ●3</text>" in svg and ">3 ●1</text>" in svg
    arc = grundy.parse('arc-kayles "1-2"').board()
    assert isinstance(arc, Graph) and arc.counters == () and len(board_text(arc)) == 1


def test_a_move_names_its_edge_on_the_board() -> None:
    g = WeightedArcKayles()
    (s,) = g.parse_args(["1:2 2:1 3:1 1-2 1-3 2-3"])
    edges = g.board(s).edges
    plays = list(g.plays(s, "L"))
    assert [[f"{edges[i][0]}-{edges[i][1]}" for i in p.cells] for p in plays] == [
        ["1-2"],
        ["1-3"],
        ["2-3"],
    ]
    assert plays[2].words == "Left picks the edge 2-3 (vertices 2 and 3 lose a counter each)"
    assert [g.format_state(p.after[0]) for p in plays] == [
        '"1:1 3:1 1-3"',
        '"1:1 2:1 1-2"',
        '""',
    ]


def test_play_takes_a_move_by_its_words() -> None:
    result = run(
        "play",
        'weighted-arc-kayles "1:2 2:2 3:1 1-2 2-3"',
        stdin="picks the edge 2-3\n\n",
    )
    assert result.status == 0, result.err
    assert "  counters: 1:2 2:2 3:1" in result.out
    # after 2-3 only the edge 1-2 is left (vertex 2 holds one counter): the computer takes it
    reply = "Computer: picks the edge 1-2 (vertices 1 and 2 lose a counter each) -> "
    assert reply + 'weighted-arc-kayles ""' in result.out


def test_the_page_gets_the_counters_and_each_move_names_its_edge() -> None:
    with client() as api:
        spec = 'weighted-arc-kayles "1:2 2:1 3:1 1-2 1-3 2-3"'
        data = api.get("/api/moves", params={"spec": spec}).json()
    board = data["board"]
    assert board["kind"] == "graph" and board["ground"] is False
    assert board["counters"] == [[1, 2], [2, 1], [3, 1]]
    landed = {m["target"]["edge"]: m["position"] for m in data["moves"]}
    assert landed == {
        "1-2": 'weighted-arc-kayles "1:1 3:1 1-3"',
        "1-3": 'weighted-arc-kayles "1:1 2:1 1-2"',
        "2-3": 'weighted-arc-kayles ""',
    }
