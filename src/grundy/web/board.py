"""Boards for the page: what to draw for a position, and where each move lands on it.

Every board comes from the ruleset's declaration (``board(state)``, a value of
:mod:`grundy.core.board`) as :func:`~grundy.core.board.board_json` writes it; the
page has one drawer per *shape* (grid, strip, heaps, graph), never one per game.
:func:`play_target` says where a move is made, so that a click on the board finds it:
the cells the move itself names (a :class:`~grundy.core.game.Play` of
:func:`grundy.legal_plays`: every grid and strip game of the shape bases, tic-tac-toe,
Connect Four, Chomp, Domineering search, Treblecross, the rows of pins of Kayles and
Dawson's Kayles; the heap of a one-heap game; the edge of Hackenbush, colored and
childish included, and of Arc Kayles, with the other edges that make the same move).
Only for a move that names none (a cut of the cake games, which reshapes the board; a
move of a game whose state is several heaps) :func:`move_target` still compares the
boards before and after it.

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
from grundy import Play, board_json

__all__ = ["board_of", "move_target", "play_target"]

Board = dict[str, Any]


def board_of(position: grundy.Position | grundy.Sum) -> Board | None:
    """The JSON board of ``position`` (its ruleset's declaration), or None when it has none.

    >>> from grundy import parse
    >>> board_of(parse("chomp:2x2 2 1"))["cells"]
    ['cake', 'hole', 'poison', 'cake']
    >>> board_of(parse("matrix:1x2 3 5")) is None
    True
    """
    board = position.board()
    if board is None:
        return None
    drawn = board_json(board)
    if drawn["kind"] == "panel":  # one row of parts, the indices move targets use
        drawn["parts"] = _parts(drawn)
    return drawn


def play_target(
    board: Board | None, play: Play, position: grundy.Position | grundy.Sum | None = None
) -> dict[str, Any] | None:
    """Where ``play`` (a :class:`~grundy.core.game.Play` of
    :func:`~grundy.core.moves.legal_plays`) is made on ``board``: the cells the ruleset
    says it plays on (a grid game's move, read from the move itself, wherever it leaves
    the board); for a move that names no cells, what :func:`move_target` finds.

    >>> from grundy import parse
    >>> from grundy.core.moves import legal_plays
    >>> p = parse("cram:2x3")
    >>> [play_target(board_of(p), m) for m in legal_plays(p, "L")][:2]
    [{'cells': [0, 3]}, {'cells': [1, 4]}]
    >>> p = parse("cram:1x2 + nim 2")
    >>> play_target(board_of(p), legal_plays(p, "L")[0])
    {'cells': [0, 1], 'part': 0}
    >>> p = parse("kayles 5")  # the run taken, and its mirror image: the same move
    >>> play_target(board_of(p), legal_plays(p)[1])
    {'cells': [1], 'alts': [[3]]}
    >>> p = parse('arc-kayles "1-2 2-3 1-3"')  # any edge of a triangle: the same move
    >>> play_target(board_of(p), legal_plays(p, "L")[0])
    {'edge': '1-2', 'alts': ['1-3', '2-3']}
    """
    if board is None:
        return None
    part = board["parts"][play.part] if board["kind"] == "panel" else board
    if play.cells and part["kind"] == "heaps" and position is not None:
        return _heap_play(board, play, position)
    if not play.cells or part["kind"] == "heaps":
        return move_target(board, board_of(play.after))
    if part["kind"] == "graph":  # the edge cut, and other edges that make the same move
        edge, *more = (f"{u}-{v}" for u, v, _, _ in (part["edges"][i] for i in play.cells))
        alts = sorted(set(more) - {edge})
        return {
            "edge": edge,
            **({"alts": alts} if alts else {}),
            **({"part": play.part} if board["kind"] == "panel" else {}),
        }
    target: dict[str, Any] = {"cells": sorted(play.cells)}
    if part["kind"] == "grid" and len(play.cells) == 1:  # a click anywhere in the column
        target["col"] = play.cells[0] % part["cols"]
    if part["kind"] == "strip" and set(part["cells"]) == {"pin"}:
        # a run knocked out of a row of pins: the mirror image leaves the same rows
        n = len(part["cells"])
        mirror = sorted(n - 1 - i for i in play.cells)
        if mirror != target["cells"]:
            target["alts"] = [mirror]
    if board["kind"] == "panel":
        target["part"] = play.part
    return target


def _heap_play(
    board: Board, play: Play, position: grundy.Position | grundy.Sum
) -> dict[str, Any] | None:
    """The heap ``play`` (a move of ``position``) takes from, its size (``from``), and what
    it leaves: ``leave``, the heap left, or ``parts``, the heaps it is split into (read
    from the move's option, the components it puts in place of its own).

    >>> from grundy import parse
    >>> from grundy.core.moves import legal_plays
    >>> p = parse("octal:0.07 3 + nim 2")
    >>> [_heap_play(board_of(p), m, p) for m in legal_plays(p)][-2:]
    [{'heap': 1, 'from': 2, 'leave': 0}, {'heap': 1, 'from': 2, 'leave': 1}]
    """
    comps = position.components
    option = play.after.components[
        play.part : play.part + len(play.after.components) - len(comps) + 1
    ]
    sizes = sorted(c.state for c in option)
    if board["kind"] == "panel":
        at, where = play.cells[0], {"part": play.part}
    else:  # one row of heaps: the heaps of the components before this one come first
        before = [board_of(c) for c in comps[: play.part]]
        at = sum(len(b.get("heaps", ())) for b in before if b is not None) + play.cells[0]
        where = {}
    heaps = board["parts"][play.part]["heaps"] if where else board["heaps"]
    if at >= len(heaps):  # a heap past the last one drawn
        return None
    left: dict[str, Any] = {"parts": sizes} if len(sizes) > 1 else {"leave": sum(sizes)}
    return {"heap": at, "from": heaps[at], **left, **where}


def move_target(before: Board | None, after: Board | None) -> dict[str, Any] | None:
    """Where the move from board ``before`` to board ``after`` is made, or None.

    A grid or strip gives the cells that changed (and, when one cell changed, its
    column: a click anywhere in a column finds a Connect Four drop); heaps the heap
    and what is left of it (``leave``) or the heaps it was split into (``parts``); a
    graph the edge cut (or lowered). A strip that lost a
    run of cells (a row of pins split in two, dominoes toppled) gives the cells that
    went, with ``alts``: other runs that leave the same parts; a grid cut in two
    gives the line, ``{"cut": "row" | "col", "at": k}`` (before row or column ``k``).
    In a panel (a sum) the part that changed is ``part``, next to its own target.

    >>> from grundy import parse
    >>> move_target(board_of(parse("connect4:4x4")), board_of(parse("connect4:4x4 2")))
    {'cells': [13], 'col': 1}
    >>> move_target(board_of(parse("chomp:2x3")), board_of(parse("chomp:2x3 3 2")))
    {'cells': [2], 'col': 2}
    >>> h = 'hackenbush "0-1 1-2 1-3 2-3 0-4"'
    >>> move_target(board_of(parse(h)), board_of(parse('hackenbush "0-4"')))
    {'edge': '0-1'}
    >>> move_target(board_of(parse("kayles 5")), board_of(parse("kayles 1 2")))
    {'cells': [1, 2], 'alts': [[2, 3]]}
    >>> move_target(board_of(parse("kayles 3 + nim 2")), board_of(parse("kayles 3 + nim 1")))
    {'heap': 0, 'from': 2, 'leave': 1, 'part': 1}
    >>> move_target(board_of(parse("cutcake 2x3")), board_of(parse("cutcake 2x1 2x2")))
    {'cut': 'col', 'at': 1, 'alts': [2]}
    """
    if before is None or after is None:
        return None
    if before["kind"] == "panel" or after["kind"] == "panel":
        return _part_target(before, after)
    if before["kind"] != after["kind"]:
        return None
    kind = before["kind"]
    if kind == "heaps":
        return _heap_target(before["heaps"], after["heaps"])
    if kind in ("grid", "strip"):
        if len(before["cells"]) != len(after["cells"]):
            return _split_target(before, [after]) if kind == "strip" else None
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


def _heap_target(old: list[int], new: list[int]) -> dict[str, Any] | None:
    """The heap a move changes: ``leave`` what is left of it, or ``parts``, the heaps it
    was split into (the heaps compared as multisets when their number changes); None for
    a move that changes two heaps (Wythoff's, Moore's, Ferguson's).

    >>> _heap_target([2, 3], [1, 2]) is None
    True
    >>> _heap_target([3, 4], [3, 1]), _heap_target([7], [1, 6]), _heap_target([2, 5], [2])
    ({'heap': 1, 'from': 4, 'leave': 1}, {'heap': 0, 'from': 7, 'parts': [1, 6]}, \
{'heap': 1, 'from': 5, 'leave': 0})
    """
    if len(old) == len(new):  # in place: one heap lowered (two changed is no click's move)
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        if len(changed) != 1:
            return None
        i = changed[0]
        return {"heap": i, "from": old[i], "leave": new[i]}
    gone, added = Counter(old) - Counter(new), Counter(new) - Counter(old)
    if sum(gone.values()) != 1:
        return None
    (size,) = gone
    parts = sorted(added.elements())
    i = old.index(size)
    if len(parts) <= 1:
        return {"heap": i, "from": size, "leave": parts[0] if parts else 0}
    return {"heap": i, "from": size, "parts": parts}


def _parts(board: Board) -> list[Board]:
    """The parts of a board, a panel in a panel flattened (a move may leave a sum in a sum)."""
    if board["kind"] != "panel":
        return [board]
    return [q for p in board["parts"] for q in _parts(p)]


def _part_target(before: Board, after: Board) -> dict[str, Any] | None:
    """The target of a move in a sum: one part of ``before`` went, ``after`` has what it
    became in its place (the parts compared as multisets: a game may sort them)."""
    old, new = _parts(before), _parts(after)
    rest = list(new)
    gone = []
    for i, part in enumerate(old):
        if part in rest:
            rest.remove(part)
        else:
            gone.append(i)
    if len(gone) != 1:
        return None
    i = gone[0]
    if len(rest) == 1 and rest[0]["kind"] == old[i]["kind"] != "panel":
        inner = move_target(old[i], rest[0])
    else:
        inner = _split_target(old[i], rest)
    if inner is None:
        return None
    return inner if before["kind"] != "panel" else {**inner, "part": i}


def _split_target(board: Board, parts: list[Board]) -> dict[str, Any] | None:
    """A strip that lost one run of cells, the rest left as ``parts``; or a grid cut in two."""
    if board["kind"] == "strip" and all(p["kind"] == "strip" for p in parts):
        cells = board["cells"]
        wanted = sorted(tuple(p["cells"]) for p in parts if p["cells"])
        runs = []
        for s in range(len(cells)):
            for e in range(s + 1, len(cells) + 1):
                left, right = tuple(cells[:s]), tuple(cells[e:])
                if sorted(x for x in (left, right) if x) == wanted:
                    runs.append(list(range(s, e)))
        if not runs:
            return None
        return {"cells": runs[0], **({"alts": runs[1:]} if runs[1:] else {})}
    if board["kind"] == "grid" and len(parts) == 2 and all(p["kind"] == "grid" for p in parts):
        rows, cols = board["rows"], board["cols"]
        (r1, c1), (r2, c2) = ((p["rows"], p["cols"]) for p in parts)
        if r1 == r2 == rows and c1 + c2 == cols:
            cut, at = "col", [c1, c2]
        elif c1 == c2 == cols and r1 + r2 == rows:
            cut, at = "row", [r1, r2]
        else:
            return None
        lines = sorted(set(at))
        return {"cut": cut, "at": lines[0], **({"alts": lines[1:]} if lines[1:] else {})}
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
