"""Partizan Arc Kayles (CGSuite's ``game.graph.PartizanArcKayles``): Arc Kayles on a
graph whose edges are coloured.

``partizan-arc-kayles "U-V:C ..."``: edges as for ``hackenbush:colored`` but with no
ground (``b`` Left's, ``r`` Right's, ``g`` either's; ``V-V`` a loop). Left picks a blue or
green edge, Right a red or green one; the move removes both its end vertices, with every
edge that touches them (a loop ``V-V`` removes ``V`` alone). With green edges only it is
Arc Kayles. Parsing, the board, the regions (the connected parts) and the keys (swapping
blue and red negates) come from the graph base, :mod:`._graphs`.

>>> from grundy.cgt import value_of
>>> g = PartizanArcKayles()
>>> [str(value_of(g, s)) for s in g.parse_args(["1-2:b 2-3:b 3-4:r"])]
['1/2']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._graphs import WHO, Edges, GraphGame, without_vertices
from grundy.core.game import LEFT, Player

__all__ = ["PartizanArcKayles"]


@dataclass(frozen=True)
class PartizanArcKayles(GraphGame):
    """Partizan Arc Kayles: Left picks blue or green edges, Right red or green ones."""

    name = "partizan-arc-kayles"
    aliases = ("partisan-arc-kayles",)
    syntax = 'partizan-arc-kayles "U-V:C ..."  (C: b Left, r Right, g both; V-V a loop)'
    rule = (
        "Left picks a blue (b) or green (g) edge, Right a red (r) or green one; both its end "
        "vertices go with every edge touching them (a loop V-V removes V); who cannot move "
        "loses"
    )
    example = 'partizan-arc-kayles "1-2:b 2-3:r 3-4:g 4-1:b 3-3:r"'
    memo_family = "partizan-arc-kayles"
    labels: ClassVar[dict[str, str]] = {"b": "left", "r": "right", "g": "green"}
    label_names: ClassVar[dict[str, str]] = {"b": "blue", "r": "red", "g": "green"}
    swap: ClassVar[dict[str, str]] = {"b": "r", "r": "b"}

    def picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        colour = "b" if player == LEFT else "r"
        for i, (u, v, c) in enumerate(state):
            if c in (colour, "g"):
                yield i, without_vertices(state, u, v)

    def move_words(self, state: Edges, edge: int, after: Edges, player: Player) -> str:
        u, v, c = state[edge]
        ends = f"vertex {u} goes" if u == v else f"vertices {u} and {v} go"
        return f"{WHO[player]} picks the {self.label_names[c]} edge {u}-{v} ({ends})"
