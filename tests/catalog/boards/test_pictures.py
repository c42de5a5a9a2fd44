"""Pictures of positions: SVG for Jupyter (well-formed XML or None) and text grids for
``grundy play`` (the board's dimensions), for every registered game and every board."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

import grundy
from grundy import Position
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.core.game import Ruleset
from grundy.heap.nim import Nim

ENTRIES = list(grundy.REGISTRY)
SVG = "{http://www.w3.org/2000/svg}svg"


def _svg_ok(svg: str | None) -> None:
    """``svg`` is None, or one well-formed ``<svg>`` element with a size and a title."""
    if svg is None:
        return
    root = ET.fromstring(svg)
    assert root.tag in (SVG, "svg")
    if root.tag == SVG:
        assert root.get("width") and root.get("height")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_example_draws_well_formed_pictures_or_none(entry: grundy.GameEntry) -> None:
    position = grundy.parse(entry.example)
    for c in position.components:
        _svg_ok(c.game.svg(c.state))
        _svg_ok(c._repr_svg_())
        lines = c.game.text_board(c.state)
        assert lines is None or (lines and all(isinstance(x, str) for x in lines))
    html = position._repr_html_()
    assert html.startswith("<div><code>") and html.endswith("</div>")
    ET.fromstring(html.replace("<br>", ""))  # the spec and the pictures nest properly
    text = position.text_board()
    assert text is None or all("\n" not in x and len(x) < 200 for x in text)


def _boards() -> list[tuple[Ruleset, Any, int, int]]:
    """(ruleset, state, rows, columns) for boards of several sizes, mid-game included."""
    c4 = ConnectFour(5, 4)
    chomp = Chomp(3, 4)
    ttt = TicTacToe()
    dom = DomineeringSearch.of(2, 3)
    out: list[tuple[Ruleset, Any, int, int]] = [
        (ttt, ttt.parse_args(["xo.x.o..."])[0], 3, 3),
        (ttt, ttt.parse_args(["xxxoo...."])[0], 3, 3),
        (c4, c4.after_columns([3, 3, 2]), 4, 5),
        (ConnectFour(16, 16), 0, 16, 16),
        (ConnectFour(1, 1), 0, 1, 1),
        (chomp, chomp.pack([4, 2, 1]), 3, 4),
        (Chomp(1, 1), Chomp(1, 1).full(), 1, 1),
        (Chomp(16, 12), Chomp(16, 12).full(), 16, 12),
        (dom, dom.moves(0)[0], 2, 3),
        (DomineeringSearch.of(1, 16), 1, 1, 16),
    ]
    return out


@pytest.mark.parametrize("game, state, rows, cols", _boards())
def test_grids_have_the_board_dimensions(game: Ruleset, state: Any, rows: int, cols: int) -> None:
    lines = game.text_board(state)
    assert lines is not None
    header, body = lines[0], lines[1 : 1 + rows]
    assert header.split() == [str(c) for c in range(1, cols + 1)] or header.split() == list("abc")
    for line in body:
        label, *cells = line.split()
        assert label.isdigit() and len(cells) == cols
        assert all(len(cell) == 1 for cell in cells)
    assert len(lines) == rows + 2  # the header, the rows and one line of words
    assert sorted(int(line.split()[0]) for line in body) == list(range(1, rows + 1))


@pytest.mark.parametrize("game, state, rows, cols", _boards())
def test_board_svgs_are_well_formed_with_a_cell_per_square(
    game: Ruleset, state: Any, rows: int, cols: int
) -> None:
    svg = game.svg(state)
    assert svg is not None
    _svg_ok(svg)
    root = ET.fromstring(svg)
    labels = [t.text for t in root.iter(f"{SVG[:-3]}text")]
    assert len(labels) >= rows + cols  # every row and column is labelled
    if isinstance(game, ConnectFour):
        assert len(list(root.iter(f"{SVG[:-3]}circle"))) == rows * cols


def test_pictures_show_what_is_on_the_board() -> None:
    ttt = TicTacToe()
    svg = ttt.svg(ttt.parse_args(["xo.x.o..."])[0])
    assert svg.count("<line") == 4 and svg.count("<circle") == 2  # two crosses, two rings
    c4 = ConnectFour(4, 4)
    svg = c4.svg(c4.after_columns([1, 1, 2]))
    assert svg.count("#d62728") == 2 and svg.count("#f2c500") == 1  # x red, o yellow
    chomp = Chomp(2, 3)
    svg = chomp.svg(chomp.pack([1, 0]))
    assert svg.count('fill="#a4161a"') == 1 and svg.count('fill="#7b4a2a"') == 0
    assert "poisoned" in svg
    dom = DomineeringSearch.of(2, 2)
    svg = dom.svg(dom.moves(0)[0])
    assert svg.count('fill="#8a8f98"') == 2 and svg.count('fill="#ffffff" stroke="#333"/>') == 2


def test_heap_pictures_only_for_small_heaps() -> None:
    nim = Nim()
    for n in (0, 1, 7, 30):
        svg = nim.svg(n)
        assert svg is not None and svg.count("<circle") == n
        _svg_ok(svg)
    assert nim.svg(31) is None and nim.svg(10**40) is None
    assert nim.text_board(3) == ["●●● (3)"]


def test_html_of_positions_and_sums() -> None:
    html = grundy.parse("nim 3 4 5")._repr_html_()
    assert "<code>nim 3 4 5</code>" in html and html.count("<svg") == 3
    assert grundy.parse("nim 31")._repr_html_() == "<div><code>nim 31</code></div>"
    html = grundy.parse("matrix:1x2 3 5")._repr_html_()
    assert html == "<div><code>matrix:1x2 3 5</code></div>"
    html = grundy.parse("chomp:3x4")._repr_html_()
    assert html.count("<svg") == 1 and "<code>chomp:3x4 4 4 4</code>" in html
    html = grundy.parse("nim 1 + matrix:1x2 1 2")._repr_html_()
    assert html.count("<svg") == 1
    assert "&lt;" not in grundy.parse("nim 2")._repr_html_()


def test_result_html_shows_the_board() -> None:
    assert "<svg" in grundy.solve("tictactoe xo.x.o...")._repr_html_()
    assert "<svg" in grundy.solve(Position(Chomp(2, 2), Chomp(2, 2).full()))._repr_html_()
