"""Positions show as pictures in Jupyter when their ruleset can draw."""

from __future__ import annotations

import grundy


def test_hackenbush_position_has_an_svg_repr() -> None:
    position = grundy.parse('hackenbush "0-1 1-2"')
    assert isinstance(position, grundy.Position)
    svg = position._repr_svg_()
    assert svg is not None
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:200]


def test_other_positions_have_none() -> None:
    position = grundy.parse("matrix:1x2 3 5")
    assert isinstance(position, grundy.Position)
    assert position._repr_svg_() is None
