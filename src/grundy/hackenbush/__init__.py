"""Green Hackenbush: exact values, every winning cut, and pictures.

>>> from grundy import solve
>>> solve('hackenbush "0-1 1-2 0-0"').grundy
3

The value comes from the fusion and colon principles in linear time
(:mod:`grundy.hackenbush.values`); pictures are drawn as SVG by
:mod:`grundy.hackenbush.svg`.
"""

from __future__ import annotations

from grundy.hackenbush.drawing import Drawing, draw
from grundy.hackenbush.graph import Edge, Picture, make_picture, parse_edges
from grundy.hackenbush.ruleset import Hackenbush, picture_of
from grundy.hackenbush.svg import picture_svg
from grundy.hackenbush.values import analyse, stalk, winning_cuts

__all__ = [
    "Drawing",
    "Edge",
    "Hackenbush",
    "Picture",
    "analyse",
    "draw",
    "make_picture",
    "parse_edges",
    "picture_of",
    "picture_svg",
    "stalk",
    "winning_cuts",
]
