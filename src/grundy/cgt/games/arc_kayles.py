"""Arc Kayles (CGSuite's ``game.graph.ArcKayles``): pick an edge and remove both its ends.

``arc-kayles "U-V ..."``: a graph as a list of edges (vertices are natural numbers;
``V-V`` a loop). A move picks an edge and removes both its end vertices, with every edge
that touches them; a loop ``V-V`` removes ``V`` alone. Both players have the same moves,
so the value is a nimber. A path of ``n`` vertices is Dawson's Kayles heap; a path with a
loop at every vertex is a Kayles heap (CGSuite's tests). The regions are the connected
parts of the graph. It draws no board yet: the page finds a graph move by the
edge it cuts, and a pick here takes more edges than its own.

>>> from grundy.cgt import value_of
>>> g = ArcKayles()
>>> [str(value_of(g, s)) for s in g.parse_args(["1-2 2-3 3-4"])]
['*2']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.game import PartisanGame
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["ArcKayles"]

#: A sorted tuple of distinct edges ``(u, v)`` with ``u <= v``.
Edges = tuple[tuple[int, int], ...]

_SYNTAX = 'arc-kayles "U-V ..."  (edges between numbered vertices; V-V a loop)'


def _relabel(edges: Sequence[tuple[int, int]]) -> Edges:
    """Vertices renumbered 1, 2, ... in order of first appearance."""
    names: dict[int, int] = {}
    out = set()
    for u, v in sorted(edges):
        for x in (u, v):
            names.setdefault(x, len(names) + 1)
        a, b = names[u], names[v]
        out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


@dataclass(frozen=True)
class ArcKayles(PartisanGame[Edges]):
    """Arc Kayles on any graph; a state is its edges."""

    name: ClassVar[str] = "arc-kayles"
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "a player picks an edge and removes both its end vertices with every edge touching "
        "them (a loop V-V removes V); who cannot move loses"
    )
    example: ClassVar[str] = 'arc-kayles "1-2 2-3 3-4 4-5 2-5"'
    memo_family: ClassVar[str] = "arc-kayles"
    #: Both players have the same moves: values are nimbers, answers carry Grundy values.
    impartial: ClassVar[bool] = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        edges = set()
        for token in " ".join(args).replace(",", " ").split():
            u, dash, v = token.partition("-")
            if not dash:
                raise InvalidSpecError(f"an edge is U-V, got {token!r}", _SYNTAX)
            a = parse_natural(u, "a vertex", _SYNTAX)
            b = parse_natural(v, "a vertex", _SYNTAX)
            edges.add((min(a, b), max(a, b)))
        return [tuple(sorted(edges))]

    def format_state(self, state: Any) -> str:
        return '"' + " ".join(f"{u}-{v}" for u, v in state) + '"'

    def _moves(self, state: Edges) -> Iterator[Edges]:
        seen = set()
        for u, v in state:
            after = tuple(e for e in state if u not in e and v not in e)
            if after not in seen:
                seen.add(after)
                yield after

    def left_moves(self, state: Edges) -> Iterator[Edges]:
        return self._moves(state)

    def right_moves(self, state: Edges) -> Iterator[Edges]:
        return self._moves(state)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which edge is picked.

        >>> ArcKayles().describe_move(((1, 2), (2, 3)), (), "L")
        'Left picks the edge 1-2 (vertices 1 and 2 go)'
        """
        who = "Left" if side == "L" else "Right"
        for u, v in state:
            if tuple(e for e in state if u not in e and v not in e) == tuple(after):
                ends = f"vertex {u} goes" if u == v else f"vertices {u} and {v} go"
                return f"{who} picks the edge {u}-{v} ({ends})"
        return super().describe_move(state, after, side)

    def regions(self, state: Edges) -> Iterator[Edges]:
        rest = list(state)
        while rest:
            part = [rest.pop()]
            verts = set(part[0])
            grew = True
            while grew:
                grew = False
                for e in list(rest):
                    if e[0] in verts or e[1] in verts:
                        rest.remove(e)
                        part.append(e)
                        verts.update(e)
                        grew = True
            yield tuple(sorted(part))

    def signed_region_key(self, region: Edges) -> tuple[Hashable, bool]:
        return _relabel(region), False
