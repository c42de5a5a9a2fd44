"""Loopy partisan games: stoppers in simplest form, stopper-sided values (onside and
offside), sums, order, stops and outcomes with draws (Winning Ways ch. 11; Siegel,
*Combinatorial Game Theory*, ch. VI), in CGSuite's notation.

>>> from grundy.cgt.loopy import loopy_value
>>> str(loopy_value("on") + loopy_value("off")), str(loopy_value("{0|pass}"))
('on & off', 'over')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grundy._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (reading `cgt "..."` needs only the notation)
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

_WHERE = {
    "Graph": "grundy.cgt.loopy.graph",
    "NotSettledError": "grundy.cgt.loopy.sides",
    "LoopyState": "grundy.cgt.loopy.state",
    **dict.fromkeys(
        ("LoopyValue", "Stop", "Stopper", "loopy_value", "value_of_graph"),
        "grundy.cgt.loopy.value",
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
