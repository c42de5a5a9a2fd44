"""Structured boards (grundy.core.board): the value types, their three renderings, and a
board declared by every game of the catalog that has one."""

from __future__ import annotations

import json
import xml.dom.minidom
from pathlib import Path

import pytest

import grundy
from grundy.core.board import (
    PIECES,
    Graph,
    Grid,
    Heaps,
    Panel,
    Strip,
    board_json,
    board_svg,
    board_text,
    combine,
    layered_graph,
)
from grundy.errors import InvalidGameError
from tests.cli.helpers import run

#: Every game of ``grundy games`` that draws a board, by an example position.
DRAWN = {
    "nim": ("nim 3 4 5", Heaps),
    "kayles": ("kayles 7", Strip),
    "dawson": ("dawson 6", Strip),
    "moore": ("moore:2 1 3", Heaps),
    "ferguson": ("ferguson 3 4", Heaps),
    "fibonacci": ("fibonacci 7", Heaps),
    "divisors": ("divisors 12 5", Heaps),
    "halving": ("halving 6 5", Heaps),
    "wythoff": ("wythoff 3 5", Heaps),
    "clobber": ("clobber xoxo/oxox", Grid),
    "toads-frogs": ("toads-frogs tt..ff", Strip),
    "backsliding-toads-frogs": ("backsliding-toads-frogs tt.f", Strip),
    "fox-and-geese": ("fox-and-geese geese=3,1;3,3 fox=1,1", Grid),
    "ceylonese-fox-and-geese": ("ceylonese-fox-and-geese geese=3,1;3,3 fox=1,1", Grid),
    "cutcake": ("cutcake 2x3", Grid),
    "toppling-dominoes": ("toppling-dominoes bbrgrb", Strip),
    "cherries": ("cherries bbrbrr", Strip),
    "domineering": ("domineering:2x3", Grid),
    "cram": ("cram:2x3", Grid),
    "impartial": ("impartial:domineering 2x3", Grid),
    "dicotic": ("dicotic:clobber xox/oxo", Grid),
    "twisted": ("twisted:domineering 2x3", Grid),
    "fission": ("fission ../x./..", Grid),
    "amazons": ("amazons x../..#/..o", Grid),
    "eatcake": ("eatcake 2x3", Grid),
    "maundy-cake": ("maundy-cake 2x4", Grid),
    "turn-and-eatcake": ("turn-and-eatcake 2x3", Grid),
    "elephants-rhinos": ("elephants-rhinos tt..t.ff", Strip),
    "anti-clobber": ("anti-clobber xo./.ox", Grid),
    "partizan-splittles": ("partizan-splittles:1,3|2,3 7 4", Heaps),
    "partizan-subtraction": ("partizan-subtraction:1,3|2,3 6 4", Heaps),
    "partizan-euclid": ("partizan-euclid 9,6 8,7", Heaps),
    "domineering-search": ("domineering-search:2x3", Grid),
    "hackenbush": ('hackenbush "0-1 1-2 1-3 2-3 0-4"', Graph),
    "childish-hackenbush": ('childish-hackenbush "0-1:b 1-2:r 1-3:g"', Graph),
    "arc-kayles": ('arc-kayles "1-2 2-3 3-3 4-5 4-6 5-6"', Graph),
    "partizan-arc-kayles": ('partizan-arc-kayles "1-2:b 2-3:r 3-4:g 4-1:b 3-3:r"', Graph),
    "weighted-arc-kayles": ('weighted-arc-kayles "1:3 2:2 1-2 2-3 3-4 4-2"', Graph),
    "hackenbush:colored": ('hackenbush:colored "0-1:b 1-2:r 1-3:g"', Graph),
    "chomp": ("chomp:3x4 4 2 2", Grid),
    "tictactoe": ("tictactoe xo.x.o...", Grid),
    "connect4": ("connect4:4x4 ..../..../..../xo..", Grid),
    "col": ("col .../.b.", Grid),
    "snort": ("snort ..r/...", Grid),
    "konane": ("konane xo.x/.xo.", Grid),
    "treblecross": ("treblecross ..x.....", Strip),
    "turning-turtles": ("turning-turtles THHTH", Strip),
    "mock-turtles": ("mock-turtles 1 4 7", Strip),
    "ruler": ("ruler THHTH", Strip),
    "turning": ("turning:4 THHTH", Strip),
    "tartan": ("tartan:ruler*ruler 2,2 3,4", Grid),
    "turning-code": ("turning-code:1-3C(5) HTTHTHTTH", Strip),
    "spawning": ("spawning:3E 7 9", Heaps),
}


def test_grid_checks_its_cells() -> None:
    with pytest.raises(InvalidGameError, match="unknown cell"):
        Grid(1, 1, ("queen",))
    with pytest.raises(InvalidGameError, match="has 4 cells"):
        Grid(2, 2, ("empty",) * 3)
    with pytest.raises(InvalidGameError, match="non-negative"):
        Heaps((-1,))
    with pytest.raises(InvalidGameError, match="bad edge"):
        Graph(((0, 0, 0),), ((0, 1, "green", ""),))
    with pytest.raises(InvalidGameError, match="bad edge"):
        Graph(((0, 0, 0), (1, 0, 1)), ((0, 1, "purple", ""),))


def test_boards_are_frozen_values() -> None:
    a = Grid(1, 2, ("x", "o"), last=(1,))
    assert a == Grid(1, 2, ("x", "o"), last=(1,)) and hash(a) == hash(Grid(1, 2, ("x", "o"), (1,)))
    with pytest.raises(AttributeError):
        a.rows = 3  # type: ignore[misc]


def test_text_uses_one_character_a_cell() -> None:
    lines = board_text(Grid(2, 2, ("black", "white", "hole", "poison")))
    assert lines == ["   1 2", "1  x o", "2    *"]
    assert board_text(Strip(tuple(PIECES)))[0] == "".join(PIECES.values())
    assert board_text(Panel((Heaps((1,)), Strip(("x",)))))[0] == "component 1:"


def test_combine_merges_heaps_and_sets_other_boards_side_by_side() -> None:
    assert combine([Heaps((1,)), Heaps((2, 3))]) == Heaps((1, 2, 3))
    assert combine([Heaps((1,)), Strip(("x",))]) == Panel((Heaps((1,)), Strip(("x",))))
    assert combine([]) is None


def test_layered_graph_puts_each_vertex_above_its_parent() -> None:
    g = layered_graph([(0, 5, "green", ""), (5, 9, "left", ""), (0, 7, "right", "")])
    height = {name: y for name, _, y in g.vertices}
    assert height == {0: 0, 5: 1, 7: 1, 9: 2}
    stray = layered_graph([(3, 4, "green", "")])  # nothing joins the ground
    assert {name for name, _, _ in stray.vertices} == {0, 3, 4}


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_every_drawn_game_declares_its_board(name: str) -> None:
    spec, shape = DRAWN[name]
    position = grundy.parse(spec)
    board = position.board()
    assert isinstance(board, shape), spec
    assert board is not None
    svg = board_svg(board, title=spec)
    root = xml.dom.minidom.parseString(svg).documentElement  # well-formed XML
    assert root is not None
    assert root.tagName == "svg" and root.getElementsByTagName("title")
    assert json.loads(json.dumps(board_json(board)))["kind"] == board_json(board)["kind"]
    assert board_text(board)
    # the notebook picture: the ruleset's own, or the board
    assert "<svg" in position._repr_html_()
    if isinstance(position, grundy.Position):
        picture = position._repr_svg_()
        assert picture is not None
        xml.dom.minidom.parseString(picture)


def test_the_catalog_is_covered() -> None:
    """Every registered game whose example has a board is in DRAWN (so a new game's board
    is tested here); games without one are the number games and the literals."""
    missing = []
    for entry in grundy.REGISTRY:
        position = grundy.parse(entry.example)
        heaps = all(isinstance(c.game, grundy.HeapGame) for c in position.components)
        if position.board() is not None and entry.name not in DRAWN and not heaps:
            missing.append(
                f'    "{entry.name}": ("{entry.example}", {type(position.board()).__name__}),'
            )
    assert missing == [], "add to DRAWN:\n" + "\n".join(missing)


def test_last_move_is_highlighted() -> None:
    svg = board_svg(Grid(1, 2, ("x", "empty"), last=(0,)))
    assert svg.count('stroke="#e0a000"') == 1
    svg = board_svg(layered_graph([(0, 1, "green", "")]))
    assert svg.count("data-edge") == 1


def test_play_prints_the_declared_board_of_a_game_without_its_own_picture() -> None:
    lines = grundy.parse("treblecross ..x..").text_board()
    assert lines == ["..X..", "12345"]


def test_draw_writes_the_board_of_any_position(tmp_path: Path) -> None:
    out = tmp_path / "col.svg"
    r = run("draw", "col", "../.b", "--svg", str(out))
    assert r.status == 0 and "the board of col" in r.out
    xml.dom.minidom.parseString(out.read_text(encoding="utf-8"))
    r = run("draw", "matrix:1x2", "3", "5", "--svg", str(tmp_path / "w.svg"))
    assert r.status == 2 and "declares no board" in r.err and "Traceback" not in r.err
