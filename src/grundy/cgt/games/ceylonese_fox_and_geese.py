"""Ceylonese Fox and Geese, the loopy partisan game of CGSuite's ``CeyloneseFoxAndGeese``.

Played as :mod:`~grundy.cgt.games.fox_and_geese` (the same 8-wide board open at the top,
squares ``R,C`` with ``R + C`` even, Left's geese stepping one square diagonally down),
but Right's fox may move one *or two* squares in one diagonal direction, never changing
direction and never jumping a goose (CGSuite's ``GenFoxAndGeese(foxRange => 2)``). As
there, a fox past the geese runs free (``off``, played as ``{|pass}``), nothing is
captured, a player who cannot move loses, and the fox may go back and forth, so the game
is loopy and solved by :mod:`grundy.cgt.loopy`.

>>> g = CeyloneseFoxAndGeese()
>>> s = g.parse_args(["geese=4,2;4,4", "fox=1,1"])[0]
>>> sorted(g.format_state(t) for t in g.right_moves(s))
['geese=4,2;4,4 fox=2,2', 'geese=4,2;4,4 fox=3,3']
>>> from grundy import solve
>>> solve("ceylonese-fox-and-geese geese=2,2 fox=1,1").outcome
'P'
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.cgt.games.fox_and_geese import FoxAndGeese

__all__ = ["FOX_RANGE", "CeyloneseFoxAndGeese"]

_SYNTAX = (
    "ceylonese-fox-and-geese geese=R,C;R,C;... fox=R,C  (row R from 1 at the bottom to 8, "
    "column C from 1 to 8, R + C even; e.g. ceylonese-fox-and-geese "
    "'geese=4,2;4,4;4,6;4,8' fox=1,1), or the board as rows from the top, x a goose, o the "
    "fox (x.x.x.x./......../o.......)"
)

#: How many squares the fox may move in one diagonal direction.
FOX_RANGE = 2


@dataclass(frozen=True)
class CeyloneseFoxAndGeese(FoxAndGeese):
    """Ceylonese Fox and Geese; a state is ``(geese, fox)`` as in Fox and Geese.

    >>> g = CeyloneseFoxAndGeese()
    >>> g.describe_move((((4, 2),), (1, 1)), (((4, 2),), (3, 3)), "R")
    'Right: the fox on 1,1 moves to 3,3'
    """

    name = "ceylonese-fox-and-geese"
    aliases = ("ceylonese-fox-geese",)
    syntax = _SYNTAX
    rule = (
        "Fox and Geese where Right's fox moves one or two squares in one diagonal "
        "direction without jumping a goose; Left's geese step one square diagonally down; "
        "no captures; a fox past the geese runs free (off); no draws"
    )
    example = "ceylonese-fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1"
    fox_range = FOX_RANGE
