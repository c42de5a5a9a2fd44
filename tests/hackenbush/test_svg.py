"""SVG pictures: well-formed, every edge drawn, winning cuts highlighted."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from grundy import UnsupportedError, parse
from grundy.hackenbush.drawing import draw
from grundy.hackenbush.svg import MAX_DRAWN_EDGES, picture_svg

_NS = "{http://www.w3.org/2000/svg}"


def _paths(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{_NS}path"))


def test_every_edge_is_a_path_and_cuts_are_red() -> None:
    d = draw(parse('hackenbush "0-1 1-2 1-3 2-3 0-4 0-0 4-4 4-5 4-5"'))
    paths = _paths(d.svg)
    assert len(paths) == 9
    red = [p for p in paths if p.get("stroke") == "#d62728"]
    assert d.value != 0
    assert len(red) == d.cuts >= 1
    assert d._repr_svg_() == d.svg


def test_p_position_has_no_red() -> None:
    d = draw(parse('hackenbush "0-1 0-1"'))
    assert (d.value, d.cuts) == (0, 0)
    paths = _paths(d.svg)
    assert paths and all(p.get("stroke") != "#d62728" for p in paths)


def test_weights_are_labelled() -> None:
    svg = picture_svg(((0, 1, 7), (1, 2, 1)), weighted=True)
    texts = [t.text for t in ET.fromstring(svg).iter(f"{_NS}text")]
    assert "7" in texts


def test_sum_draws_pictures_side_by_side() -> None:
    d = draw(parse('hackenbush "0-1" + nim 1 + hackenbush "0-1 1-2"'))
    assert d.value == 1 ^ 1 ^ 2
    assert len(_paths(d.svg)) == 3
    assert len(list(ET.fromstring(d.svg).iter(f"{_NS}g"))) == 2


def test_only_hackenbush_and_small_pictures() -> None:
    with pytest.raises(UnsupportedError):
        draw(parse("nim 3"))
    big = tuple((0, i, 1) for i in range(1, MAX_DRAWN_EDGES + 2))
    with pytest.raises(UnsupportedError, match="at most"):
        picture_svg(big)


def test_every_vertex_is_numbered() -> None:
    svg = picture_svg(((0, 1, 1), (1, 2, 1), (1, 3, 1), (2, 3, 1), (0, 4, 1)))
    labels = [
        t.text or "" for t in ET.fromstring(svg).iter(f"{_NS}text") if t.get("class") == "vertex"
    ]
    assert sorted(labels) == ["0 = the ground", "1", "2", "3", "4"]
