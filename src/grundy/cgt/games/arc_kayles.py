"""Arc Kayles (CGSuite's ``game.graph.ArcKayles``): pick an edge and remove both its ends.

``arc-kayles "U-V ..."``: a graph as a list of edges (vertices are natural numbers;
``V-V`` a loop). A move picks an edge and removes both its end vertices, with every edge
that touches them; a loop ``V-V`` removes ``V`` alone. Both players have the same moves,
so the value is a nimber. A path of ``n`` vertices is Dawson's Kayles heap; a path with a
loop at every vertex is a Kayles heap (CGSuite's tests). Parsing, the board (the graph,
drawn without a ground), the regions (the connected parts) and their keys (vertices
renumbered) come from the graph base, :mod:`._graphs`.

>>> from grundy.cgt import value_of
>>> g = ArcKayles()
>>> [str(value_of(g, s)) for s in g.parse_args(["1-2 2-3 3-4"])]
['*2']
>>> g.describe_move(((1, 2, ""), (2, 3, "")), (), "L")
'Left picks the edge 1-2 (vertices 1 and 2 go)'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from grundy.cgt.games._graphs import WHO, Edges, GraphGame, without_vertices
from grundy.core.game import Player

__all__ = ["ArcKayles"]


@dataclass(frozen=True)
class ArcKayles(GraphGame):
    """Arc Kayles on any graph; a state is its edges."""

    name = "arc-kayles"
    syntax = 'arc-kayles "U-V ..."  (edges between numbered vertices; V-V a loop)'
    rule = (
        "a player picks an edge and removes both its end vertices with every edge touching "
        "them (a loop V-V removes V); who cannot move loses"
    )
    example = 'arc-kayles "1-2 2-3 3-4 4-5 2-5"'
    memo_family = "arc-kayles"
    #: Both players have the same moves: values are nimbers, answers carry Grundy values.
    impartial = True

    def picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        for i, (u, v, _) in enumerate(state):
            yield i, without_vertices(state, u, v)

    def move_words(self, state: Edges, edge: int, after: Edges, player: Player) -> str:
        u, v, _ = state[edge]
        ends = f"vertex {u} goes" if u == v else f"vertices {u} and {v} go"
        return f"{WHO[player]} picks the edge {u}-{v} ({ends})"
