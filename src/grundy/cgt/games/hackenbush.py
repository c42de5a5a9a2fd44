"""Blue-Red-Green Hackenbush on any picture (Winning Ways, ch. 2 and 7).

Edges ``u-v:c`` join vertices (``0`` is the ground) with a colour ``c``:
``b`` blue (only Left may cut it), ``r`` red (only Right), ``g`` green (both).
A move cuts one edge; every edge no longer joined to the ground falls. The
parts of the picture that meet only at the ground are independent regions;
swapping blue and red negates the value.

>>> from grundy.cgt import value_of
>>> g = ColoredHackenbush()
>>> [str(value_of(g, s)) for s in g.parse_args(["0-1:b 1-2:r"])]
['1/2']
>>> [str(value_of(g, s)) for s in g.parse_args(["0-1:g 1-2:g 0-3:b"])]
['1*2']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.board import Graph, layered_graph
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidGameError, InvalidSpecError

__all__ = ["ColoredHackenbush"]

#: A sorted tuple of edges ``(u, v, colour)`` with ``u <= v``; vertex 0 is the ground.
Picture = tuple[tuple[int, int, str], ...]

_SYNTAX = 'hackenbush:colored "U-V:C ..."  (0 is the ground; C: b Left, r Right, g both)'
_SWAP = {"b": "r", "r": "b", "g": "g"}


def grounded(edges: Sequence[tuple[int, int, str]]) -> Picture:
    """The edges still joined to the ground."""
    reach = {0}
    changed = True
    while changed:
        changed = False
        for u, v, _ in edges:
            if (u in reach) != (v in reach):
                reach.update((u, v))
                changed = True
    return tuple(sorted(e for e in edges if e[0] in reach))


def _relabel(edges: Sequence[tuple[int, int, str]]) -> Picture:
    """Vertices renumbered in order of first appearance (the ground stays 0)."""
    names = {0: 0}
    out = []
    for u, v, c in sorted(edges):
        for x in (u, v):
            if x not in names:
                names[x] = len(names)
        a, b = names[u], names[v]
        out.append((min(a, b), max(a, b), c))
    return tuple(sorted(out))


_NAMES = {"b": "blue", "r": "red", "g": "green"}


@dataclass(frozen=True)
class ColoredHackenbush(PartisanGame[Picture]):
    """Blue-Red-Green Hackenbush; written ``hackenbush:colored``."""

    name: ClassVar[str] = "hackenbush"
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "a player cuts an edge of their colour (Left blue b, Right red r) or a green g; "
        "edges no longer joined to the ground (vertex 0) fall"
    )
    example: ClassVar[str] = 'hackenbush:colored "0-1:b 1-2:r 1-3:g"'
    memo_family: ClassVar[str] = "hackenbush-colored"
    #: ``hackenbush:colored`` (and these spellings) is this game, not green Hackenbush.
    variant_params: ClassVar[tuple[str, ...]] = ("colored", "coloured", "brg")

    @classmethod
    def from_params(cls, params: str | None) -> ColoredHackenbush:
        if params not in ("colored", "coloured", "brg"):
            raise InvalidSpecError(f"expected hackenbush:colored, got hackenbush:{params}", _SYNTAX)
        return cls()

    def params_text(self) -> str | None:
        return "colored"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        edges = []
        for token in " ".join(args).replace(",", " ").split():
            ends, sep, colour = token.partition(":")
            u, dash, v = ends.partition("-")
            if not sep or not dash or colour not in _SWAP:
                raise InvalidSpecError(
                    f"an edge is U-V:C with C one of b r g, got {token!r}", _SYNTAX
                )
            a = parse_natural(u, "a vertex", _SYNTAX)
            b = parse_natural(v, "a vertex", _SYNTAX)
            edges.append((min(a, b), max(a, b), colour))
        return [grounded(edges)]  # edges not joined to the ground have fallen already

    def format_state(self, state: Any) -> str:
        text = " ".join(f"{u}-{v}:{c}" for u, v, c in state)
        return f'"{text}"'

    def board(self, state: Any) -> Graph:
        """The picture: Left's edges blue, Right's red, green ones green."""
        colour = {"b": "left", "r": "right", "g": "green"}
        return layered_graph([(u, v, colour[c], "") for u, v, c in state])

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which edge is cut, and how many fall with it.

        >>> g = ColoredHackenbush()
        >>> (s,) = g.parse_args(["0-1:b 1-2:r"])
        >>> g.describe_move(s, (), "L")
        'Left cuts the blue edge 0-1 (1 more falls)'
        """
        player: Player = LEFT if side == LEFT else RIGHT
        found = (p.words for p in self.plays(state, player) if p.after == (after,))
        return next(found, None) or super().describe_move(state, after, side)

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each cut as a :class:`~grundy.core.game.Play` naming the edge cut: its index in
        the picture, the edges of :meth:`board` in the same order.

        >>> g = ColoredHackenbush()
        >>> (s,) = g.parse_args(["0-1:b 1-2:r 0-3:g"])
        >>> [(p.cells, p.words) for p in g.plays(s, "R")]
        [((1,), 'Right cuts the green edge 0-3'), ((2,), 'Right cuts the red edge 1-2')]
        """
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        who = "Left" if player == LEFT else "Right"
        for i, after in self._cuts(state, "b" if player == LEFT else "r"):
            u, v, c = state[i]
            fallen = len(state) - 1 - len(after)
            more = f" ({fallen} more {'falls' if fallen == 1 else 'fall'})" if fallen else ""
            words = f"{who} cuts the {_NAMES[c]} edge {u}-{v}{more}"
            yield Play((after,), player, (i,), words)

    def _moves(self, state: Picture, colour: str) -> Iterator[Picture]:
        return (after for _, after in self._cuts(state, colour))

    def _cuts(self, state: Picture, colour: str) -> Iterator[tuple[int, Picture]]:
        """``(edge, picture after)`` for each cut of a ``colour`` or green edge, the first
        edge of each picture reached."""
        seen = set()
        for i, (_, _, c) in enumerate(state):
            if c in (colour, "g"):
                after = grounded(state[:i] + state[i + 1 :])
                if after not in seen:
                    seen.add(after)
                    yield i, after

    def left_moves(self, state: Picture) -> Iterator[Picture]:
        return self._moves(state, "b")

    def right_moves(self, state: Picture) -> Iterator[Picture]:
        return self._moves(state, "r")

    def regions(self, state: Picture) -> Iterator[Picture]:
        """The parts of the picture that meet only at the ground, each relabelled.

        Every edge belongs to exactly one region, loops and repeated edges included:
        a loop ``v-v`` joins the region of ``v`` (a loop at the ground is a region of its own).

        >>> g = ColoredHackenbush()
        >>> (s,) = g.parse_args(["0-0:r 0-1:b 1-1:g 0-2:b 0-2:r"])
        >>> sorted(g.regions(s))
        [((0, 0, 'r'),), ((0, 1, 'b'), (0, 1, 'r')), ((0, 1, 'b'), (1, 1, 'g'))]
        """
        rest = list(grounded(state))
        while rest:
            part = [rest.pop()]
            verts = {part[0][0], part[0][1]} - {0}
            changed = True
            while changed:
                changed = False
                for e in list(rest):
                    if e[0] in verts or e[1] in verts:
                        rest.remove(e)
                        part.append(e)
                        verts.update({e[0], e[1]} - {0})
                        changed = True
            yield _relabel(part)

    def signed_region_key(self, region: Picture) -> tuple[Hashable, bool]:
        """The picture or its colour swap (negated), whichever is less."""
        swapped = _relabel([(u, v, _SWAP[c]) for u, v, c in region])
        return (swapped, True) if swapped < region else (region, False)
