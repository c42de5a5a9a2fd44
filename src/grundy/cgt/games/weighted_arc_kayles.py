"""Weighted Arc Kayles (CGSuite's ``game.graph.WeightedArcKayles``, that is
``GenArcKayles(weighted => true)``; Dailly, Gledel and Heinrich, "A generalization of
Arc-Kayles", Int. J. Game Theory 2018): Arc Kayles on a graph whose vertices hold counters.

``weighted-arc-kayles "V:W ... U-V ..."``: each vertex ``V`` holds ``W`` counters (a vertex
given no ``V:W`` holds one), and ``U-V`` are the edges (vertices are natural numbers, no
loops). A move picks an edge both of whose ends hold a counter and removes one counter from
each end; who cannot move loses. Both players have the same moves, so the value is a
nimber. A vertex with no counter left plays no further part and is dropped with its edges,
as is a vertex on no edge: the position is printed with every weight written out. With
one counter on every vertex it is Arc Kayles (a move empties both ends, as Arc Kayles
removes them).

The graph base, :mod:`._graphs`, gives the moves as :class:`~grundy.core.game.Play` values
naming the edge; this module adds the weights: their parsing and printing, the board (the
graph, each vertex with its counters) and the regions (the connected parts, vertices
renumbered). In a region a vertex's weight is cut down to the sum of its neighbours'
weights: it can never be used more often than that, so the game is the same, and more
regions share one memo entry. A region that is a star (one vertex on every edge: a lone
edge too) is played exactly ``min(W, S)`` times, whatever is picked, where ``W`` is the
centre's weight and ``S`` the sum of the others' (a move takes one counter from the centre
and one from the rest, and a move is left while both hold one): its value is ``*`` when
that count is odd and ``0`` when it is even (a run of forced moves), so it is written as
the lone edge ``1:1 2:1 1-2`` or ``1:2 2:2 1-2`` of the same value, and a star of any
weights is answered without walking its lines of play.

>>> from grundy.cgt import value_of
>>> g = WeightedArcKayles()
>>> (s,) = g.parse_args(["1:3 2:2 1-2 2-3"])
>>> g.format_state(s), str(value_of(g, s))
('"1:3 2:2 3:1 1-2 2-3"', '0')
>>> [p.words for p in g.plays(s, "L")]
['Left picks the edge 1-2 (vertices 1 and 2 lose a counter each)', \
'Left picks the edge 2-3 (vertices 2 and 3 lose a counter each)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._graphs import WHO, Edges, GraphGame
from grundy.core.board import Graph, spread_graph
from grundy.core.game import Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["Counters", "WeightedArcKayles", "WeightedGraph"]

#: The counters of a graph's vertices: ``(vertex, counters)`` pairs, by vertex, each >= 1.
Counters = tuple[tuple[int, int], ...]
#: A state: the counters and the edges (``(u, v, "")`` with ``u < v``), both sorted; every
#: vertex of an edge holds a counter and every vertex with counters is on an edge.
WeightedGraph = tuple[Counters, Edges]


def _state(weights: dict[int, int], edges: Sequence[tuple[int, int]]) -> WeightedGraph:
    """The state of these weights and edges: edges with an empty end, and vertices then on
    no edge, dropped."""
    kept = sorted({(u, v, "") for u, v in edges if weights[u] > 0 and weights[v] > 0})
    used = {x for u, v, _ in kept for x in (u, v)}
    return tuple(sorted((v, weights[v]) for v in used)), tuple(kept)


@dataclass(frozen=True)
class WeightedArcKayles(GraphGame):
    """Weighted Arc Kayles: a move takes one counter from each end of an edge."""

    name: ClassVar[str] = "weighted-arc-kayles"
    syntax: ClassVar[str] = (
        'weighted-arc-kayles "V:W ... U-V ..."  (vertex V holds W counters, 1 if not given; '
        "U-V the edges, no loops)"
    )
    rule: ClassVar[str] = (
        "each vertex holds counters; a player picks an edge both of whose ends hold a "
        "counter and takes one counter from each end; who cannot move loses"
    )
    example: ClassVar[str] = 'weighted-arc-kayles "1:3 2:2 3:2 4:1 1-2 2-3 3-4 4-1 2-4"'
    memo_family: ClassVar[str] = "weighted-arc-kayles"
    #: Both players have the same moves: values are nimbers, answers carry Grundy values.
    impartial: ClassVar[bool] = True

    # ----- the rule ---------------------------------------------------------------------

    def picks(self, state: Any, player: Player) -> Iterator[tuple[int, Any]]:
        counters, edges = state
        weights = dict(counters)
        for i, (u, v, _) in enumerate(edges):
            after = {**weights, u: weights[u] - 1, v: weights[v] - 1}
            yield i, _state(after, [(a, b) for a, b, _ in edges])

    def move_words(self, state: Any, edge: int, after: Any, player: Player) -> str:
        u, v, _ = state[1][edge]
        return f"{WHO[player]} picks the edge {u}-{v} (vertices {u} and {v} lose a counter each)"

    def long_play(self, state: Any) -> tuple[str, str]:
        """How long play can last: a move takes two counters.

        >>> g = WeightedArcKayles()
        >>> g.long_play(g.parse_args(["1:1000 2:1001 3:5 1-2 2-3"])[0])
        ('up to 1,003 moves: the weights sum to 2,006 and a move takes two counters', \
'use smaller weights')
        """
        total = sum(w for _, w in state[0])
        why = f"up to {total // 2:,} moves: the weights sum to {total:,} and a move takes "
        return why + "two counters", "use smaller weights"

    # ----- the position language --------------------------------------------------------

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        weights: dict[int, int] = {}
        edges: list[tuple[int, int]] = []
        for token in " ".join(args).replace(",", " ").split():
            if ":" in token and "-" not in token:
                vertex, _, weight = token.partition(":")
                v = parse_natural(vertex, "a vertex", self.syntax)
                w = parse_natural(weight, f"the weight of vertex {v}", self.syntax)
                if weights.get(v, w) != w:
                    raise InvalidSpecError(
                        f"vertex {v} is given two weights, {weights[v]} and {w}", self.syntax
                    )
                weights[v] = w
                continue
            first, dash, second = token.partition("-")
            if not dash or ":" in token:
                raise InvalidSpecError(
                    f"a token is V:W (a weight) or U-V (an edge), got {token!r}", self.syntax
                )
            u = parse_natural(first, "a vertex", self.syntax)
            v = parse_natural(second, "a vertex", self.syntax)
            if u == v:
                raise InvalidSpecError(
                    f"an edge joins two vertices, got the loop {token!r}", self.syntax
                )
            edges.append((min(u, v), max(u, v)))
        for u, v in edges:
            weights.setdefault(u, 1)
            weights.setdefault(v, 1)
        return [_state(weights, edges)]

    def format_state(self, state: Any) -> str:
        counters, edges = state
        text = " ".join([f"{v}:{w}" for v, w in counters] + [f"{u}-{v}" for u, v, _ in edges])
        return f'"{text}"'

    def board(self, state: Any) -> Graph:
        """The graph without a ground, each vertex with its counters.

        >>> g = WeightedArcKayles()
        >>> g.board(g.parse_args(["1:2 1-2"])[0]).counters
        ((1, 2), (2, 1))
        """
        counters, edges = state
        graph = spread_graph([(u, v, "plain", "") for u, v, _ in edges])
        return Graph(graph.vertices, graph.edges, ground=False, counters=counters)

    # ----- regions ----------------------------------------------------------------------

    def regions(self, state: Any) -> Iterator[Any]:
        """The connected parts, vertices renumbered 1, 2, ... in order of first appearance
        in the sorted edges, each weight cut down to the sum of its neighbours' weights; a
        star (one vertex on every edge) as the lone edge of its value (see the module's
        notes: ``1:1 2:1 1-2`` when it is played an odd number of times, else ``1:2 2:2 1-2``).

        >>> g = WeightedArcKayles()
        >>> sorted(g.regions(g.parse_args(["4:9 4-5 6:2 7:2 6-7 7-8 9-10 10-11 11-12"])[0]))
        [(((1, 1), (2, 1)), ((1, 2, ''),)), \
(((1, 1), (2, 1), (3, 1), (4, 1)), ((1, 2, ''), (2, 3, ''), (3, 4, ''))), \
(((1, 2), (2, 2)), ((1, 2, ''),))]
        """
        counters, edges = state
        weights = dict(counters)
        near: dict[int, set[int]] = {}
        for u, v, _ in edges:
            near.setdefault(u, set()).add(v)
            near.setdefault(v, set()).add(u)
        seen: set[int] = set()
        for root in sorted(near):
            if root in seen:
                continue
            part, todo = {root}, [root]
            while todo:
                for y in near[todo.pop()] - part:
                    part.add(y)
                    todo.append(y)
            seen |= part
            names: dict[int, int] = {}
            out = []
            for u, v, _ in edges:
                if u in part:
                    for x in (u, v):
                        names.setdefault(x, len(names) + 1)
                    a, b = names[u], names[v]
                    out.append((min(a, b), max(a, b), ""))
            cap = {x: min(weights[x], sum(weights[y] for y in near[x])) for x in part}
            centre = next((x for x in part if len(near[x]) == len(part) - 1), None)
            if centre is not None and len(out) == len(part) - 1:  # a star (a tree)
                played = min(cap[centre], sum(cap[x] for x in near[centre]))
                w = 2 - played % 2
                yield ((1, w), (2, w)), ((1, 2, ""),)
                continue
            yield tuple(sorted((names[x], w) for x, w in cap.items())), tuple(sorted(out))

    def signed_region_key(self, region: Any) -> tuple[Any, bool]:
        return region, False
