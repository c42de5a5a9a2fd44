"""Boards for the page: what to draw for a position, and where each move lands on it.

Every board comes from the ruleset's declaration (``board(state)``, a value of
:mod:`grundy.core.board`) as :func:`~grundy.core.board.board_json` writes it; the
page has one drawer per *shape* (grid, strip, heaps, graph), never one per game.
:func:`move_target` says which counter, cells or edge a move changes, so that a
click on the board finds its move.

>>> from grundy import parse
>>> board_of(parse("nim 3 4 5"))
{'kind': 'heaps', 'heaps': [3, 4, 5], 'last': []}
>>> move_target(board_of(parse("nim 3 4 5")), board_of(parse("nim 3 1 5")))
{'heap': 1, 'from': 4, 'leave': 1}
>>> board_of(parse("tictactoe xo.x.o..."))["cells"][:3]
['x', 'o', 'empty']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import grundy
from grundy import board_json

__all__ = ["board_of", "move_target"]

Board = dict[str, Any]


def board_of(position: grundy.Position | grundy.Sum) -> Board | None:
    """The JSON board of ``position`` (its ruleset's declaration), or None when it has none.

    >>> from grundy import parse
    >>> board_of(parse("chomp:2x2 2 1"))["cells"]
    ['cake', 'hole', 'poison', 'cake']
    >>> board_of(parse("wythoff 3 5")) is None
    True
    """
    board = position.board()
    return None if board is None else board_json(board)


def move_target(before: Board | None, after: Board | None) -> dict[str, Any] | None:
    """Where the move from board ``before`` to board ``after`` is made, or None.

    A grid or strip gives the cells that changed (and, when one cell changed, its
    column: a click anywhere in a column finds a Connect Four drop); heaps the heap
    and what is left of it; a graph the edge cut (or lowered).

    >>> from grundy import parse
    >>> move_target(board_of(parse("connect4:4x4")), board_of(parse("connect4:4x4 2")))
    {'cells': [13], 'col': 1}
    >>> move_target(board_of(parse("chomp:2x3")), board_of(parse("chomp:2x3 3 2")))
    {'cells': [2], 'col': 2}
    >>> h = 'hackenbush "0-1 1-2 1-3 2-3 0-4"'
    >>> move_target(board_of(parse(h)), board_of(parse('hackenbush "0-4"')))
    {'edge': '0-1'}
    """
    if before is None or after is None or before["kind"] != after["kind"]:
        return None
    kind = before["kind"]
    if kind == "heaps":
        old, new = before["heaps"], after["heaps"]
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
        if len(old) != len(new) or len(changed) != 1:
            return None
        i = changed[0]
        return {"heap": i, "from": old[i], "leave": new[i]}
    if kind in ("grid", "strip"):
        if len(before["cells"]) != len(after["cells"]):
            return None
        cells = [
            i
            for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True))
            if a != b
        ]
        if kind == "grid" and len(cells) == 1:
            return {"cells": cells, "col": cells[0] % before["cols"]}
        return {"cells": cells}
    if kind == "graph":
        return _cut_edge(before, after)
    return None


def _cut_edge(before: Board, after: Board) -> dict[str, Any] | None:
    """The edge cut (or lowered): the removed edge that still touches what is left.

    >>> g = lambda *edges: {"edges": [list(e) for e in edges]}
    >>> _cut_edge(g((0, 1, "green", ""), (1, 2, "green", "")), g((0, 1, "green", "")))
    {'edge': '1-2'}
    >>> _cut_edge(g((0, 1, "green", "2")), g((0, 1, "green", "")))
    {'edge': '0-1'}
    """
    old = Counter(tuple(e) for e in before["edges"])
    new = Counter(tuple(e) for e in after["edges"])
    added = new - old
    if added:  # a weighted edge lowered by one
        u, v, _, _ = next(iter(added))
        return {"edge": f"{u}-{v}"}
    removed = old - new
    left = {0} | {x for u, v, _, _ in new for x in (u, v)}
    for u, v, _, _ in removed:
        if u in left or v in left:
            return {"edge": f"{u}-{v}"}
    return None
