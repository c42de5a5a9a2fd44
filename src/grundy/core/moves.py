"""Every legal move from a position, with words: what ``grundy play`` offers.

>>> from grundy import parse
>>> for p, w in legal_moves(parse("nim 1 2")):
...     print(p, "|", w)
nim 0 2 | take 1 from the heap of 1
nim 1 0 | take 2 from the heap of 2
nim 1 1 | take 1 from the heap of 2
"""

from __future__ import annotations

from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.position import Position, Sum, sum_of
from grundy.errors import UnsupportedError

__all__ = ["legal_moves"]


def legal_moves(pos: Position | Sum) -> list[tuple[Position | Sum, str]]:
    """Distinct positions reachable in one move, each with a description.

    Positions are distinct as multisets of components, so moving in either of
    two equal heaps is listed once.
    """
    comps = pos.components
    if len(comps) == 1 and comps[0].game.kind != "impartial":
        game = comps[0].game
        return [(Position(game, s), w) for s, w in game.play_moves(comps[0].state)]
    out: list[tuple[Position | Sum, str]] = []
    seen: set[Any] = set()
    for i, c in enumerate(comps):
        game = c.game
        if not isinstance(game, ImpartialGame):
            raise UnsupportedError(f"{game.spec_name()} cannot be played inside a sum")
        for option in game.split_moves(c.state):
            after = sum_of([*comps[:i], *(Position(game, s) for s in option), *comps[i + 1 :]])
            key = after.canonical()
            if key in seen:
                continue
            seen.add(key)
            out.append((after, game.describe_move(c.state, option)))
    return out
