"""Loopy partisan games: stoppers in simplest form, stopper-sided values (onside and
offside), sums, order, stops and outcomes with draws (Winning Ways ch. 11; Siegel,
*Combinatorial Game Theory*, ch. VI), in CGSuite's notation.

>>> from grundy.cgt.loopy import loopy_value
>>> str(loopy_value("on") + loopy_value("off")), str(loopy_value("{0|pass}"))
('on & off', 'over')
"""

from __future__ import annotations

from grundy.cgt.loopy.graph import Graph
from grundy.cgt.loopy.sides import NotSettledError
from grundy.cgt.loopy.state import LoopyState
from grundy.cgt.loopy.value import LoopyValue, Stop, Stopper, loopy_value, value_of_graph

__all__ = [
    "Graph",
    "LoopyState",
    "LoopyValue",
    "NotSettledError",
    "Stop",
    "Stopper",
    "loopy_value",
    "value_of_graph",
]
