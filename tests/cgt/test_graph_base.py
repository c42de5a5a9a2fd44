"""The graph shape base (``grundy.cgt.games._graphs``): parsing and printing, the moves as
values naming their edges, regions, keys and the board (with a ground or without), for
Arc Kayles and the two Hackenbush games written on it. The values themselves are checked
against the references in tests/cgt/test_reference_partisan.py."""

from __future__ import annotations

import xml.dom.minidom
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.cgt import value_of
from grundy.cgt.games import ArcKayles, ChildishHackenbush, ColoredHackenbush
from grundy.core.board import Graph, board_json, board_svg, board_text
from grundy.errors import InvalidSpecError
from grundy.play import play_partisan

#: Graphs on the vertices 0..5 as edge lists (loops and repeated edges allowed).
EDGES = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5)).map(lambda e: f"{e[0]}-{e[1]}"),
    max_size=8,
)


def _arc(text: str) -> Any:
    (state,) = ArcKayles().parse_args([text])
    return state


def test_the_spec_reads_back_sorted_once_each() -> None:
    g = ArcKayles()
    state = _arc("3-2, 1-2 2-3 3-3")
    assert g.format_state(state) == '"1-2 2-3 3-3"'
    assert str(grundy.parse('arc-kayles "3-2 1-2 2-3 3-3"')) == 'arc-kayles "1-2 2-3 3-3"'
    # Hackenbush keeps a repeated edge (two edges) and drops what is not grounded
    (pic,) = ColoredHackenbush().parse_args(["0-1:b 0-1:b 2-3:r"])
    assert pic == ((0, 1, "b"), (0, 1, "b"))


@pytest.mark.parametrize(
    ("game", "text", "said"),
    [
        (ArcKayles(), "1-2:b", "an edge is U-V, got '1-2:b'"),
        (ArcKayles(), "12", "an edge is U-V, got '12'"),
        (ArcKayles(), "1-x", "a vertex"),
        (ColoredHackenbush(), "0-1", "an edge is U-V:C with C one of b r g, got '0-1'"),
        (ChildishHackenbush(), "0-1:q", "with C one of b r g"),
    ],
)
def test_bad_edges_are_refused_in_one_line(game: Any, text: str, said: str) -> None:
    with pytest.raises(InvalidSpecError, match=said) as caught:
        game.parse_args([text])
    assert "\n" not in str(caught.value) and game.name in str(caught.value)


def _picked(state: Any, u: int, v: int) -> Any:
    """Arc Kayles by hand: both ends go, with every edge touching them."""
    return tuple(e for e in state if not {e[0], e[1]} & {u, v})


@settings(max_examples=150, deadline=None)
@given(EDGES)
def test_each_move_names_every_edge_that_makes_it(edges: list[str]) -> None:
    """The moves partition the edges: each names the edges whose pick reaches its graph,
    the first in the words; one move per graph reached; Left's are Right's."""
    g = ArcKayles()
    state = _arc(" ".join(edges))
    plays = list(g.plays(state, "L"))
    assert [p.after for p in plays] == [p.after for p in g.plays(state, "R")]
    named = sorted(i for p in plays for i in p.cells)
    assert named == list(range(len(state)))
    assert len({p.after for p in plays}) == len(plays)
    for p in plays:
        for i in p.cells:
            u, v, _ = state[i]
            assert p.after == (_picked(state, u, v),)
        u, v, _ = state[p.cells[0]]
        assert f"picks the edge {u}-{v}" in p.words
    assert [p.after[0] for p in plays] == list(g.left_moves(state))


@settings(max_examples=150, deadline=None)
@given(EDGES)
def test_regions_are_the_connected_parts_renumbered(edges: list[str]) -> None:
    g = ArcKayles()
    state = _arc(" ".join(edges))
    regions = list(g.regions(state))
    assert sum(len(r) for r in regions) == len(state)
    for r in regions:
        vertices = {x for e in r for x in e[:2]}
        assert vertices == set(range(1, len(vertices) + 1))  # renumbered from 1
        assert g.signed_region_key(r) == (r, False)
    total = 0
    for r in regions:
        total ^= _nimber(str(value_of(g, r)))
    assert _nimber(str(value_of(g, state))) == total  # the value is the regions' sum


def _nimber(text: str) -> int:
    """``0``, ``*`` or ``*k`` as k."""
    return 0 if text == "0" else 1 if text == "*" else int(text[1:])


def test_hackenbush_regions_meet_at_the_ground_and_swap_negates() -> None:
    g = ColoredHackenbush()
    (s,) = g.parse_args(["0-1:r 1-2:r 0-3:b 3-3:g"])
    regions = sorted(g.regions(s))
    assert regions == [((0, 1, "b"), (1, 1, "g")), ((0, 1, "r"), (1, 2, "r"))]
    assert g.signed_region_key(regions[1]) == (((0, 1, "b"), (1, 2, "b")), True)


def test_the_board_of_a_graph_without_a_ground() -> None:
    position = grundy.parse('arc-kayles "0-1 1-2 2-2 4-5 5-6 4-6"')
    board = position.board()
    assert isinstance(board, Graph) and not board.ground
    assert {v[0] for v in board.vertices} == {0, 1, 2, 4, 5, 6}  # vertex 0 is a vertex
    assert all(colour == "plain" for _, _, colour, _ in board.edges)
    assert board_json(board)["ground"] is False
    svg = board_svg(board)
    xml.dom.minidom.parseString(svg)
    assert 'data-edge="2-2"' in svg and "#6b4f2a" not in svg  # a loop drawn, no ground
    assert ">0</text>" in svg  # vertices numbered
    assert board_text(board) == ["edges: 0-1 1-2 2-2 4-5 4-6 5-6"]
    assert position.text_board() == board_text(board)
    assert "<svg" in position._repr_html_()
    hb = grundy.parse('hackenbush:colored "0-1:b 1-1:g"').board()
    assert isinstance(hb, Graph) and hb.ground and "#6b4f2a" in board_svg(hb)


def test_play_shows_the_graph_and_takes_a_move_by_its_words() -> None:
    said: list[str] = []
    typed = iter(["edge 1-2", None])
    status = play_partisan(
        grundy.parse('arc-kayles "1-2 2-3 3-3"'),
        read=lambda prompt: next(typed),
        write=said.append,
    )
    assert status == 0
    assert "  edges: 1-2 2-3 3-3" in said
    assert any("gives away the win" in line for line in said)  # Left picked 1-2
    assert any("picks the edge 3-3 (vertex 3 goes)" in line for line in said)
