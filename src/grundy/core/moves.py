"""Every legal move from a position, with words: what ``grundy play`` offers.

>>> from grundy import parse
>>> for p, w in legal_moves(parse("nim 1 2")):
...     print(p, "|", w)
nim 0 2 | take 1 from the heap of 1
nim 1 0 | take 2 from the heap of 2
nim 1 1 | take 1 from the heap of 2

In a position with a partisan component Left and Right have different moves,
so the side must be named:

>>> for p, w in legal_moves(parse("domineering:2x2 + nim 1"), side="R"):
...     print(p, "|", w)  # doctest: +ELLIPSIS
domineering:2x2 ##/.. + nim 1 | Right places a horizontal domino in row 1, columns 1-2 in ...
domineering:2x2 ../## + nim 1 | Right places a horizontal domino in row 2, columns 1-2 in ...
domineering:2x2 ../.. + nim 0 | Right: take 1 from the heap of 1
"""

from __future__ import annotations

from typing import Any

from grundy.core.game import ImpartialGame, PartisanGame
from grundy.core.position import Position, Sum, sum_of
from grundy.errors import UnsupportedError

__all__ = ["legal_moves"]


def legal_moves(pos: Position | Sum, side: str | None = None) -> list[tuple[Position | Sum, str]]:
    """Distinct positions reachable in one move, each with a description.

    Positions are distinct as multisets of components, so moving in either of
    two equal heaps is listed once. ``side`` (``"L"`` or ``"R"``) is required
    when a component is partisan, and then names whose moves are listed.
    """
    comps = pos.components
    if side is not None and side not in ("L", "R"):
        raise UnsupportedError(f"side must be 'L' or 'R', not {side!r}")
    partisan = any(c.game.kind == "partisan" for c in comps)
    if partisan and side is None:
        raise UnsupportedError(
            "Left and Right have different moves in a partisan position: name the side (L or R)"
        )
    if not partisan and len(comps) == 1 and comps[0].game.kind != "impartial":
        game = comps[0].game
        return [(Position(game, s), w) for s, w in game.play_moves(comps[0].state)]
    who = "Left" if side == "L" else "Right"
    out: list[tuple[Position | Sum, str]] = []
    seen: set[Any] = set()
    for i, c in enumerate(comps):
        game = c.game
        if isinstance(game, PartisanGame):
            moves = game.left_moves(c.state) if side == "L" else game.right_moves(c.state)
            where = f" in {c}" if len(comps) > 1 else ""
            assert side is not None
            options = [((s,), game.describe_move(c.state, s, side) + where) for s in moves]
        elif isinstance(game, ImpartialGame):
            prefix = f"{who}: " if side is not None else ""
            options = [
                (o, prefix + game.describe_move(c.state, o)) for o in game.split_moves(c.state)
            ]
        else:
            raise UnsupportedError(f"{game.spec_name()} cannot be played inside a sum")
        for option, words in options:
            after = sum_of([*comps[:i], *(Position(game, s) for s in option), *comps[i + 1 :]])
            key = after.canonical()
            if key in seen:
                continue
            seen.add(key)
            out.append((after, words))
    return out
