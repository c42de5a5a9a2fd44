"""Childish Hackenbush (CGSuite's ``game.graph.ChildishHackenbush``): Blue-Red-Green
Hackenbush where a blue or red edge may be cut only when nothing falls with it.

Edges ``u-v:c`` as for ``hackenbush:colored`` (``0`` is the ground; ``b`` Left's, ``r``
Right's, ``g`` either's). Left cuts a blue or green edge, Right a red or green one; a blue
or red edge may be cut only if every other edge stays joined to the ground (CGSuite's
``GenHackenbush(childishEdges => [Blue, Red])``); after a green cut, the edges no longer
joined to the ground fall. The rest (parsing, board, regions, keys) is Hackenbush's.

>>> from grundy.cgt import value_of
>>> g = ChildishHackenbush()
>>> [str(value_of(g, s)) for s in g.parse_args(["0-1:b 1-2:r"])]
['0']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._graphs import Edges
from grundy.cgt.games.hackenbush import ColoredHackenbush
from grundy.core.game import Player
from grundy.errors import InvalidSpecError

__all__ = ["ChildishHackenbush"]


@dataclass(frozen=True)
class ChildishHackenbush(ColoredHackenbush):
    """Childish Hackenbush: a blue or red edge is cut only when no other edge falls."""

    name = "childish-hackenbush"
    syntax = 'childish-hackenbush "U-V:C ..."  (0 is the ground; C: b Left, r Right, g both)'
    rule = (
        "a player cuts an edge of their colour (Left blue b, Right red r) or a green g; a "
        "blue or red edge only when no other edge falls; after a green cut, edges no longer "
        "joined to the ground (vertex 0) fall"
    )
    example = 'childish-hackenbush "0-1:b 1-2:b 1-3:r 3-4:b"'
    memo_family = "childish-hackenbush"
    variant_params: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def from_params(cls, params: str | None) -> ChildishHackenbush:
        if params is not None:
            raise InvalidSpecError(f"childish-hackenbush takes no :{params}", cls.syntax)
        return cls()

    def params_text(self) -> str | None:
        return None

    def picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        for i, after in super().picks(state, player):
            if state[i][2] == "g" or len(after) == len(state) - 1:  # blue, red: none falls
                yield i, after
