"""Drawings of positions with Hackenbush pictures, winning cuts in red.

>>> from grundy import parse
>>> d = draw(parse('hackenbush "0-1 1-2"'))
>>> d.value, d.cuts
(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.core.position import Position, Sum
from grundy.core.solve import grundy_value
from grundy.errors import UnsupportedError
from grundy.hackenbush.ruleset import Hackenbush, _analysis
from grundy.hackenbush.svg import combine_svgs, picture_svg
from grundy.hackenbush.values import winning_cuts

__all__ = ["Drawing", "draw"]


@dataclass(frozen=True)
class Drawing:
    """A drawn position: ``svg`` text, its value, and how many winning cuts are shown.

    It shows as a picture in Jupyter (``_repr_svg_``).
    """

    svg: str
    value: int
    cuts: int

    def _repr_svg_(self) -> str:
        return self.svg


def draw(position: Position | Sum) -> Drawing:
    """Draw the Hackenbush pictures of a position side by side, winning cuts in red.

    Other components of a sum are not drawn, but their values count when the
    winning cuts are chosen.
    """
    comps = position.components
    drawn = [c for c in comps if isinstance(c.game, Hackenbush)]
    if not drawn:
        raise UnsupportedError("only hackenbush pictures can be drawn")
    values = []
    for c in comps:
        if isinstance(c.game, Hackenbush):
            values.append(_analysis(c.state, c.game.weighted).value)
        else:
            values.append(grundy_value(c))
    total = 0
    for v in values:
        total ^= v
    pieces: list[str] = []
    ncuts = 0
    for c, value in zip(comps, values, strict=True):
        game = c.game
        if not isinstance(game, Hackenbush):
            continue
        highlight: list[int] = []
        if total:
            analysis = _analysis(c.state, game.weighted)
            keys = {c.state[m.index] for m in winning_cuts(analysis, value ^ total)}
            ncuts += len(keys)
            highlight = [i for i, e in enumerate(c.state) if e in keys]
        pieces.append(picture_svg(c.state, weighted=game.weighted, highlight=highlight))
    if not total:
        status = "value 0: every move loses"
    elif ncuts:
        status = f"value {total}: {ncuts} winning cut{'s' if ncuts != 1 else ''} in red"
    else:
        status = f"value {total}: the winning moves are in components not drawn"
    return Drawing(combine_svgs(pieces, status), total, ncuts)
