"""The graph shape base (CGSuite's ``GraphRuleset``): what a game on a graph is besides
its rule, beside the grid and strip bases of :mod:`._shapes`.

A graph ruleset declares its edge labels (:attr:`GraphGame.labels`, none for a plain
graph), whether vertex 0 is the ground (:attr:`GraphGame.ground`: edges no longer joined
to it fall) and which label swap swaps the players (:attr:`GraphGame.swap`), and writes
its rule as :meth:`GraphGame.picks`: the edge a player's move is made on and the graph
after it. The base gives everything else: ``"U-V ..."`` or ``"U-V:C ..."`` edge lists
(parsing and printing; ``V-V`` a loop), the structured board (a
:class:`~grundy.core.board.Graph`, with its ground or without), the text board, the moves
as :class:`~grundy.core.game.Play` values naming the edge (an index of the board's edges)
with their words, the split into regions (the connected parts, or the parts that meet
only at the ground), the region keys (vertices renumbered in order of first appearance;
the least of a region and its label swap, negated when swapped) and the impartial variant
of a rule (:attr:`GraphGame.impartial`: both players have Left's moves).

A state is a sorted tuple of edges ``(u, v, label)`` with ``u <= v`` (``label`` is ``""``
on a graph without labels).

>>> from grundy.cgt.games.arc_kayles import ArcKayles
>>> g = ArcKayles()
>>> (s,) = g.parse_args(["2-3 1-2 3-3"])
>>> s, g.format_state(s)
(((1, 2, ''), (2, 3, ''), (3, 3, '')), '"1-2 2-3 3-3"')
>>> [(p.cells, p.words) for p in g.plays(s, "R")][:2]
[((0,), 'Right picks the edge 1-2 (vertices 1 and 2 go)'), \
((1,), 'Right picks the edge 2-3 (vertices 2 and 3 go)')]
>>> g.text_board(s)
['edges: 1-2 2-3 3-3']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._shapes import WHO, played_words
from grundy.core.board import Graph, board_text, layered_graph, spread_graph
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidGameError, InvalidSpecError

__all__ = ["WHO", "Edge", "Edges", "GraphGame", "grounded", "relabel", "without_vertices"]

#: An edge ``(u, v, label)`` with ``u <= v``; ``label`` is ``""`` on a graph without labels.
Edge = tuple[int, int, str]
#: A graph: its edges, sorted.
Edges = tuple[Edge, ...]


def grounded(edges: Sequence[Edge]) -> Edges:
    """The edges still joined to the ground (vertex 0), sorted.

    >>> grounded([(0, 1, "g"), (2, 3, "g"), (1, 1, "b")])
    ((0, 1, 'g'), (1, 1, 'b'))
    """
    reach = {0}
    changed = True
    while changed:
        changed = False
        for u, v, _ in edges:
            if (u in reach) != (v in reach):
                reach.update((u, v))
                changed = True
    return tuple(sorted(e for e in edges if e[0] in reach))


def without_vertices(edges: Edges, *gone: int) -> Edges:
    """The graph with the vertices ``gone`` removed, and every edge that touches them.

    >>> without_vertices(((1, 2, ""), (2, 3, ""), (3, 4, "")), 3)
    ((1, 2, ''),)
    """
    return tuple(e for e in edges if e[0] not in gone and e[1] not in gone)


def relabel(edges: Sequence[Edge], ground: bool) -> Edges:
    """The vertices renumbered 1, 2, ... in order of first appearance in the sorted edges
    (with a ``ground``, vertex 0 stays 0).

    >>> relabel([(4, 9, "b"), (0, 4, "r")], True)
    ((0, 1, 'r'), (1, 2, 'b'))
    >>> relabel([(4, 9, ""), (0, 4, "")], False)
    ((1, 2, ''), (2, 3, ''))
    """
    names: dict[int, int] = {0: 0} if ground else {}
    out = []
    for u, v, label in sorted(edges):
        for x in (u, v):
            if x not in names:
                names[x] = len(names) + (0 if ground else 1)
        a, b = names[u], names[v]
        out.append((min(a, b), max(a, b), label))
    return tuple(sorted(out))


@dataclass(frozen=True)
class GraphGame(PartisanGame[Edges]):
    """A game on a graph written as a list of edges (``"U-V ..."``, ``"U-V:C ..."``)."""

    #: Each edge label and the board colour (:data:`grundy.core.board.EDGE_COLOURS`) it is
    #: drawn in; empty: the edges carry no label (and are drawn plain).
    labels: ClassVar[dict[str, str]] = {}
    #: Each label's name in a move's words (``b``: ``blue``).
    label_names: ClassVar[dict[str, str]] = {}
    #: The label swap that swaps the players: a swapped region has the negative value.
    swap: ClassVar[dict[str, str]] = {}
    #: True: vertex 0 is the ground, and edges no longer joined to it fall.
    ground: ClassVar[bool] = False
    #: True: an edge listed twice is two edges (a multigraph); else it is kept once.
    multigraph: ClassVar[bool] = False
    #: True: both players have every move (the impartial variant of the rule).
    impartial: ClassVar[bool] = False

    # ----- the rule ---------------------------------------------------------------------

    def picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        """Every move of ``player``: the index of the edge it is made on, and the graph
        after it (the base keeps the first edge of each graph reached)."""
        raise NotImplementedError

    def move_words(self, state: Edges, edge: int, after: Edges, player: Player) -> str:
        """What ``player``'s move on ``state[edge]`` to ``after`` does."""
        u, v, label = state[edge]
        name = f"{self.label_names[label]} " if label in self.label_names else ""
        return f"{WHO[player]} picks the {name}edge {u}-{v}"

    def _picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        seen = set()
        for i, after in self.picks(state, LEFT if self.impartial else player):
            if after not in seen:
                seen.add(after)
                yield i, after

    def left_moves(self, state: Edges) -> Iterator[Edges]:
        return (after for _, after in self._picks(state, LEFT))

    def right_moves(self, state: Edges) -> Iterator[Edges]:
        return (after for _, after in self._picks(state, RIGHT))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a value naming its edges (indices of :meth:`board`'s edges): the
        edge picked, then any other edge whose pick reaches the same graph (a click on
        any of them makes the move: the three edges of a triangle in Arc Kayles).

        >>> from grundy.cgt.games.arc_kayles import ArcKayles
        >>> g = ArcKayles()
        >>> [p.cells for p in g.plays(g.parse_args(["1-2 2-3 1-3 3-4"])[0], "L")]
        [(0,), (1, 2), (3,)]
        """
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        edges: dict[Edges, list[int]] = {}
        for i, after in self.picks(state, LEFT if self.impartial else player):
            edges.setdefault(after, []).append(i)
        for after, cells in edges.items():
            words = self.move_words(state, cells[0], after, player)
            yield Play((after,), player, tuple(cells), words)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        return played_words(self, state, after, side) or super().describe_move(state, after, side)

    # ----- the position language ----------------------------------------------------------

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        edges: list[Edge] = []
        for token in " ".join(args).replace(",", " ").split():
            ends, colon, label = token.partition(":")
            u, dash, v = ends.partition("-")
            if self.labels and (not colon or not dash or label not in self.labels):
                kinds = " ".join(self.labels)
                raise InvalidSpecError(
                    f"an edge is U-V:C with C one of {kinds}, got {token!r}", self.syntax
                )
            if not self.labels and (colon or not dash):
                raise InvalidSpecError(f"an edge is U-V, got {token!r}", self.syntax)
            a = parse_natural(u, "a vertex", self.syntax)
            b = parse_natural(v, "a vertex", self.syntax)
            edges.append((min(a, b), max(a, b), label))
        if not self.multigraph:
            edges = list(set(edges))
        # edges not joined to the ground have fallen already
        return [grounded(edges) if self.ground else tuple(sorted(edges))]

    def format_state(self, state: Any) -> str:
        text = " ".join(f"{u}-{v}:{c}" if c else f"{u}-{v}" for u, v, c in state)
        return f'"{text}"'

    def board(self, state: Any) -> Graph:
        """The graph: edges in their label's colour (plain without labels), with the
        ground drawn for a game that has one."""
        edges = [(u, v, self.labels.get(c, "plain"), "") for u, v, c in state]
        return layered_graph(edges) if self.ground else spread_graph(edges)

    def text_board(self, state: Any) -> list[str]:
        """The edges, as the spec writes them (``grundy play``)."""
        return board_text(self.board(state))

    # ----- regions and symmetry -----------------------------------------------------------

    def regions(self, state: Edges) -> Iterator[Edges]:
        """The connected parts (with a ground: the parts that meet only at the ground),
        each renumbered. Every edge is in one region; a loop ``v-v`` in the region of ``v``
        (a loop at the ground is a region of its own).

        >>> from grundy.cgt.games.hackenbush import ColoredHackenbush
        >>> g = ColoredHackenbush()
        >>> (s,) = g.parse_args(["0-0:r 0-1:b 1-1:g 0-2:b 0-2:r"])
        >>> sorted(g.regions(s))
        [((0, 0, 'r'),), ((0, 1, 'b'), (0, 1, 'r')), ((0, 1, 'b'), (1, 1, 'g'))]
        """
        rest = list(grounded(state) if self.ground else state)
        joins = {0} if self.ground else set()
        while rest:
            part = [rest.pop()]
            verts = {part[0][0], part[0][1]} - joins
            changed = True
            while changed:
                changed = False
                for e in list(rest):
                    if e[0] in verts or e[1] in verts:
                        rest.remove(e)
                        part.append(e)
                        verts.update({e[0], e[1]} - joins)
                        changed = True
            yield relabel(part, self.ground)

    def signed_region_key(self, region: Edges) -> tuple[Hashable, bool]:
        """The region (renumbered) or its label swap (negated), whichever is less."""
        if not self.swap:
            return region, False
        swapped = relabel([(u, v, self.swap.get(c, c)) for u, v, c in region], self.ground)
        return (swapped, True) if swapped < region else (region, False)
