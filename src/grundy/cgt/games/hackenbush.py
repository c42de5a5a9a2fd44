"""Blue-Red-Green Hackenbush on any picture (Winning Ways, ch. 2 and 7).

Edges ``u-v:c`` join vertices (``0`` is the ground) with a colour ``c``:
``b`` blue (only Left may cut it), ``r`` red (only Right), ``g`` green (both).
A move cuts one edge; every edge no longer joined to the ground falls. The
parts of the picture that meet only at the ground are independent regions;
swapping blue and red negates the value (all from the graph base, :mod:`._graphs`).

>>> from grundy.cgt import value_of
>>> g = ColoredHackenbush()
>>> [str(value_of(g, s)) for s in g.parse_args(["0-1:b 1-2:r"])]
['1/2']
>>> [str(value_of(g, s)) for s in g.parse_args(["0-1:g 1-2:g 0-3:b"])]
['1*2']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._graphs import WHO, Edges, GraphGame, grounded
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError

__all__ = ["ColoredHackenbush"]

_SYNTAX = 'hackenbush:colored "U-V:C ..."  (0 is the ground; C: b Left, r Right, g both)'


@dataclass(frozen=True)
class ColoredHackenbush(GraphGame):
    """Blue-Red-Green Hackenbush; written ``hackenbush:colored``.

    >>> g = ColoredHackenbush()
    >>> (s,) = g.parse_args(["0-1:b 1-2:r 0-3:g"])
    >>> [(p.cells, p.words) for p in g.plays(s, "R")]
    [((1,), 'Right cuts the green edge 0-3'), ((2,), 'Right cuts the red edge 1-2')]
    >>> g.describe_move(s, ((0, 3, "g"),), "L")
    'Left cuts the blue edge 0-1 (1 more falls)'
    """

    name = "hackenbush"
    syntax = _SYNTAX
    rule = (
        "a player cuts an edge of their colour (Left blue b, Right red r) or a green g; "
        "edges no longer joined to the ground (vertex 0) fall"
    )
    example = 'hackenbush:colored "0-1:b 1-2:r 1-3:g"'
    memo_family = "hackenbush-colored"
    #: ``hackenbush:colored`` (and these spellings) is this game, not green Hackenbush.
    variant_params: ClassVar[tuple[str, ...]] = ("colored", "coloured", "brg")
    labels: ClassVar[dict[str, str]] = {"b": "left", "r": "right", "g": "green"}
    label_names: ClassVar[dict[str, str]] = {"b": "blue", "r": "red", "g": "green"}
    swap: ClassVar[dict[str, str]] = {"b": "r", "r": "b"}
    ground = True
    multigraph = True

    @classmethod
    def from_params(cls, params: str | None) -> ColoredHackenbush:
        if params not in cls.variant_params:
            raise InvalidSpecError(f"expected hackenbush:colored, got hackenbush:{params}", _SYNTAX)
        return cls()

    def params_text(self) -> str | None:
        return "colored"

    def picks(self, state: Edges, player: Player) -> Iterator[tuple[int, Edges]]:
        """Cut a blue (Left) or red (Right) edge, or a green one; what is cut off falls."""
        colour = "b" if player == LEFT else "r"
        for i, (_, _, c) in enumerate(state):
            if c in (colour, "g"):
                yield i, grounded(state[:i] + state[i + 1 :])

    def move_words(self, state: Edges, edge: int, after: Edges, player: Player) -> str:
        u, v, c = state[edge]
        fallen = len(state) - 1 - len(after)
        more = f" ({fallen} more {'falls' if fallen == 1 else 'fall'})" if fallen else ""
        return f"{WHO[player]} cuts the {self.label_names[c]} edge {u}-{v}{more}"
