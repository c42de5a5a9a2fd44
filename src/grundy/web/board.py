"""Boards for the page: what to draw for a position, and where each move lands on it.

Boards are read from the position language (``str(position)``), the one
representation every game shares, so the page needs no knowledge of how a
ruleset stores its states. :func:`board_of` gives a small JSON-ready
description (or None for games drawn only as a list of moves) and
:func:`move_target` says which counter, cell, column, square or edge a move
touches, so that a click on the board finds its move.

>>> from grundy import parse
>>> board_of(parse("nim 3 4 5"))
{'kind': 'heaps', 'heaps': [3, 4, 5]}
>>> move_target(board_of(parse("nim 3 4 5")), board_of(parse("nim 3 1 5")))
{'heap': 1, 'from': 4, 'leave': 1}
>>> board_of(parse("tictactoe xo.x.o..."))
{'kind': 'tictactoe', 'rows': 3, 'cols': 3, 'cells': 'xo.x.o...'}
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import grundy

__all__ = ["board_of", "move_target"]

Board = dict[str, Any]

_EDGE = re.compile(r"(\d+)-(\d+)(?::(\d+))?")


def _split(component: Any) -> tuple[str, str]:
    """``(params, args)`` of one component's spec, e.g. ``("3x4", "4 2 2")``."""
    head, _, args = str(component).partition(" ")
    return head.partition(":")[2], args.strip()


def board_of(position: grundy.Position | grundy.Sum) -> Board | None:
    """A description of the board to draw, or None when the game has no picture here.

    >>> from grundy import parse
    >>> board_of(parse("chomp:3x4 4 2 2"))
    {'kind': 'chomp', 'rows': 3, 'cols': 4, 'lengths': [4, 2, 2]}
    >>> board_of(parse("domineering:2x3"))['cells'], board_of(parse("kayles 5")) is None
    ('......', True)
    """
    comps = position.components
    names = {c.game.name for c in comps}
    if names == {"nim"}:
        return {"kind": "heaps", "heaps": [int(c.state) for c in comps]}
    if len(comps) != 1:
        return None
    comp = comps[0]
    name = comp.game.name
    params, args = _split(comp)
    if name == "tictactoe":
        return {"kind": "tictactoe", "rows": 3, "cols": 3, "cells": args}
    if name == "connect4":
        rows = args.split("/")
        return {"kind": "connect4", "rows": len(rows), "cols": len(rows[0]), "cells": "".join(rows)}
    if name in ("domineering", "domineering-search"):
        # the search version ends with the player to move; the canonical-value one has none
        grid, _, mover = args.rpartition(" ") if " " in args else (args, "", "")
        rows = grid.split("/")
        return {
            "kind": "domineering",
            "rows": len(rows),
            "cols": len(rows[0]),
            "cells": "".join(rows),
            "mover": mover,
        }
    if name == "chomp":
        r, _, c = params.partition("x")
        return {
            "kind": "chomp",
            "rows": int(r),
            "cols": int(c),
            "lengths": [int(n) for n in args.split()],
        }
    if name == "hackenbush":
        edges = [[int(u), int(v), int(w or 1)] for u, v, w in _EDGE.findall(args)]
        return {
            "kind": "hackenbush",
            "weighted": params == "weighted",
            "edges": edges,
            "svg": comp.game.svg(comp.state),
        }
    return None


def move_target(before: Board | None, after: Board | None) -> dict[str, Any] | None:
    """Where the move from board ``before`` to board ``after`` is made, or None.

    >>> from grundy import parse
    >>> move_target(board_of(parse("connect4:4x4")), board_of(parse("connect4:4x4 2")))
    {'cells': [13], 'col': 1}
    >>> move_target(board_of(parse("chomp:3x4")), board_of(parse("chomp:3x4 4 2 2")))
    {'row': 1, 'col': 2}
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
    if kind in ("tictactoe", "connect4", "domineering"):
        cells = [
            i
            for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True))
            if a != b
        ]
        if kind == "connect4" and len(cells) == 1:
            return {"cells": cells, "col": cells[0] % before["cols"]}
        return {"cells": cells}
    if kind == "chomp":
        old, new = before["lengths"], after["lengths"]
        row = next((i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b), None)
        return None if row is None else {"row": row, "col": new[row]}
    if kind == "hackenbush":
        return _cut_edge(before["edges"], after["edges"])
    return None


def _cut_edge(before: list[list[int]], after: list[list[int]]) -> dict[str, Any] | None:
    """The edge cut (or lowered): the removed edge that still touches what is left.

    >>> _cut_edge([[0, 1, 1], [1, 2, 1]], [[0, 1, 1]])
    {'edge': '1-2'}
    >>> _cut_edge([[0, 1, 2]], [[0, 1, 1]])
    {'edge': '0-1'}
    """
    old = Counter((u, v, w) for u, v, w in before)
    new = Counter((u, v, w) for u, v, w in after)
    added = new - old
    if added:  # a weighted edge lowered by one
        u, v, _ = next(iter(added))
        return {"edge": f"{u}-{v}"}
    removed = old - new
    left = {0} | {x for u, v, _ in after for x in (u, v)}
    for u, v, _ in removed:
        if u in left or v in left:
            return {"edge": f"{u}-{v}"}
    return None
