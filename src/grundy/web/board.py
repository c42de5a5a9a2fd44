"""Boards for the page: what to draw for a position, and where each move lands on it.

Every board comes from the ruleset's declaration (``board(state)``, a value of
:mod:`grundy.core.board`) as :func:`~grundy.core.board.board_json` writes it; the
page has one drawer per *shape* (grid, strip, heaps, graph), never one per game.
:func:`play_target` says where a move is made, so that a click on the board finds it,
from the cells the move itself names (a :class:`~grundy.core.game.Play` of
:func:`grundy.legal_plays`): squares of a grid or strip, heaps of a row of heaps, edges
of a graph (with the other edges that make the same move: Arc Kayles's triangle), a cut
line of a cake. No board is compared with another to find a move.

>>> from grundy import parse
>>> board_of(parse("nim 3 4 5"))
{'kind': 'heaps', 'heaps': [3, 4, 5], 'last': []}
>>> board_of(parse("tictactoe xo.x.o..."))["cells"][:3]
['x', 'o', 'empty']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import grundy
from grundy import Play, board_json

__all__ = ["board_of", "play_target"]

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
    board: Board | None, play: Play, position: grundy.Position | grundy.Sum
) -> dict[str, Any] | None:
    """Where ``play`` (a :class:`~grundy.core.game.Play` of
    :func:`~grundy.core.moves.legal_plays` from ``position``, drawn as ``board``) is made,
    read from the cells it names (None for a move that names none):

    * a grid or strip: ``cells`` (and ``steps``, the cells a person clicks in turn to
      make the move, for a ruleset whose moves are made a cell at a time: its cells in
      order where it declares ``ordered_cells``, Amazons' amazon, its square, its arrow;
      or as its ``click_steps(state, cells)`` says, the coin-turning games' head first,
      then the other coins; ``pushes``, ``[cell, "left" | "right"]`` pairs, for a ruleset
      whose move pushes a piece to one side, as its ``click_pushes(state, cells, player)``
      says: a click on that cell near that side makes the move (Toppling Dominoes: the
      domino toppled, and the way it falls); for one cell of a grid, its ``col``: a click
      anywhere in a column finds a Connect Four drop; on a row of pins, ``alts``: the
      mirror image, which leaves the same rows); a cut of a ruleset whose cells name its
      line (``cut_lines``: Cutcake), ``{"cut": "row" | "col", "at": k}`` (before row or
      column ``k``), with ``alts``, the mirror line;
    * heaps: the ``heap``, its size (``from``) and ``leave``, what is left of it, or
      ``parts``, the heaps it is split into (read from ``position`` and the position the
      move leads to, less the heaps the move does not name); ``heaps`` for a move of
      several heaps at once (Wythoff's diagonal), which no click makes;
    * a graph: the ``edge`` cut.

    In a panel (a sum, a table of several pieces) ``part`` is the index of the part the
    move is made in.

    >>> from grundy import parse
    >>> from grundy.core.moves import legal_plays
    >>> p = parse("cram:2x3")
    >>> [play_target(board_of(p), m, p) for m in legal_plays(p, "L")][:2]
    [{'cells': [0, 3]}, {'cells': [1, 4]}]
    >>> p = parse("cram:1x2 + nim 2")
    >>> play_target(board_of(p), legal_plays(p, "L")[0], p)
    {'cells': [0, 1], 'part': 0}
    >>> p = parse("amazons x.")  # the amazon, its square, its arrow: clicked in turn
    >>> play_target(board_of(p), legal_plays(p, "L")[0], p)
    {'cells': [0, 1], 'steps': [0, 1, 0]}
    >>> p = parse("kayles 5")  # the run taken, and its mirror image: the same move
    >>> play_target(board_of(p), legal_plays(p)[1], p)
    {'cells': [1], 'alts': [[3]]}
    >>> p = parse('arc-kayles "1-2 2-3 1-3"')  # any edge of a triangle: the same move
    >>> play_target(board_of(p), legal_plays(p, "L")[0], p)
    {'edge': '1-2', 'alts': ['1-3', '2-3']}
    >>> p = parse("cutcake 2x3 + nim 2")
    >>> [play_target(board_of(p), m, p) for m in legal_plays(p, "L")][:2]
    [{'cut': 'col', 'at': 1, 'alts': [2], 'part': 0}, {'heap': 0, 'from': 2, 'leave': 0, 'part': 1}]
    >>> p = parse("eatcake 1x2 2x2")  # the second piece: squares 2 to 5 of the table
    >>> play_target(board_of(p), legal_plays(p, "L")[1], p)
    {'cells': [0, 2], 'part': 1}
    >>> p = parse("toppling-dominoes bbr")  # domino 1 to the right, or domino 2 to the left
    >>> play_target(board_of(p), legal_plays(p, "L")[1], p)
    {'cells': [0, 1, 2], 'pushes': [[0, 'right']]}
    >>> p = parse("wythoff 2 3")
    >>> [play_target(board_of(p), m, p) for m in legal_plays(p)][-1]  # both piles: the list
    {'heaps': [0, 1]}
    >>> play_target(board_of(p), legal_plays(p)[0], p)
    {'heap': 0, 'from': 2, 'leave': 0}
    """
    if board is None or not play.cells:
        return None
    where = _where(board, play, position)
    if where is None:
        return None
    part, index, cells = where
    target = _part_target(part, play, position, cells)
    if target is None or index is None:
        return target
    return {**target, "part": index}


def _where(
    board: Board, play: Play, position: grundy.Position | grundy.Sum
) -> tuple[Board, int | None, list[int]] | None:
    """The part of ``board`` the move is made in, its index (None when the board is not a
    panel) and the move's cells on it: a component's cells are its own board's cells, the
    pieces of a board of several pieces counted one after another."""
    comps = position.components
    if play.part >= len(comps):
        return None
    if board["kind"] == "heaps":  # one row of heaps: the heaps of earlier components first
        before = sum(len(_heaps_of(c)) for c in comps[: play.part])
        return board, None, [before + i for i in play.cells]
    own = board_of(comps[play.part]) if len(comps) > 1 else board
    if own is None:
        return None
    pieces = _parts(own)
    first = 0
    if board["kind"] == "panel" and len(comps) > 1:
        first = sum(len(_parts(b)) if (b := board_of(c)) else 0 for c in comps[: play.part])
    start = 0
    for k, piece in enumerate(pieces):
        size = _size(piece)
        if all(start <= i < start + size for i in play.cells):
            index = first + k if board["kind"] == "panel" else None
            if index is not None and index >= len(board["parts"]):
                return None
            return piece, index, [i - start for i in play.cells]
        start += size
    return None


def _size(board: Board) -> int:
    """How many cells a board has: squares, heaps or edges."""
    kind = board["kind"]
    return len(
        board["heaps"] if kind == "heaps" else board["edges"] if kind == "graph" else board["cells"]
    )


def _heaps_of(position: grundy.Position) -> list[int]:
    """The heaps of a component: those its board draws, or its state when that is one heap
    drawn otherwise (a heap of Kayles split into rows of pins)."""
    board = board_of(position)
    if board is not None and board["kind"] == "heaps":
        return list(board["heaps"])
    return [position.state] if isinstance(position.state, int) else []


def _part_target(
    part: Board, play: Play, position: grundy.Position | grundy.Sum, cells: list[int]
) -> dict[str, Any] | None:
    """The target of ``play`` on one part of the board, its ``cells`` on that part."""
    kind = part["kind"]
    if kind == "heaps":
        return _heap_play(part, play, position, cells)
    if kind == "graph":  # the edge cut, and other edges that make the same move
        edge, *more = (f"{u}-{v}" for u, v, _, _ in (part["edges"][i] for i in cells))
        alts = sorted(set(more) - {edge})
        return {"edge": edge, **({"alts": alts} if alts else {})}
    game = position.components[play.part].game
    if kind == "grid" and getattr(game, "cut_lines", False):
        return _cut(part, cells)
    target: dict[str, Any] = {"cells": sorted(set(cells))}
    state = position.components[play.part].state
    if getattr(game, "ordered_cells", False):  # clicked one after another (Amazons)
        target["steps"] = list(cells)
    elif hasattr(game, "click_steps"):  # picked in the ruleset's order (coins)
        target["steps"] = list(game.click_steps(state, cells))
    elif hasattr(game, "click_pushes"):  # a domino pushed to one side (Toppling Dominoes)
        pushes = game.click_pushes(state, cells, play.player)
        if pushes:
            target["pushes"] = [[i, way] for i, way in pushes]
    if kind == "grid" and len(cells) == 1:  # a click anywhere in the column
        target["col"] = cells[0] % part["cols"]
    if kind == "strip" and set(part["cells"]) == {"pin"}:
        # a run knocked out of a row of pins: the mirror image leaves the same rows
        n = len(part["cells"])
        mirror = sorted(n - 1 - i for i in cells)
        if mirror != target["cells"]:
            target["alts"] = [mirror]
    return target


def _cut(grid: Board, cells: list[int]) -> dict[str, Any] | None:
    """The cut whose cells (the squares just past its line, and past its mirror line) are
    ``cells``: whole columns from the second on for a vertical cut, whole rows for a
    horizontal one.

    >>> g = {"rows": 2, "cols": 4}
    >>> _cut(g, [1, 3, 5, 7]), _cut(g, [4, 5, 6, 7]), _cut(g, [1])
    ({'cut': 'col', 'at': 1, 'alts': [3]}, {'cut': 'row', 'at': 1}, None)
    """
    rows, cols = grid["rows"], grid["cols"]
    for cut, lines, across in (
        ("col", sorted({i % cols for i in cells}), rows),
        ("row", sorted({i // cols for i in cells}), cols),
    ):
        if lines[0] >= 1 and len(set(cells)) == len(lines) * across:
            return {"cut": cut, "at": lines[0], **({"alts": lines[1:]} if lines[1:] else {})}
    return None


def _heap_play(
    part: Board, play: Play, position: grundy.Position | grundy.Sum, cells: list[int]
) -> dict[str, Any] | None:
    """The heap ``play`` takes from (its one cell), its size (``from``), and what it
    leaves: ``leave``, the heap left, or ``parts``, the heaps it is split into: the heaps
    of the components the move puts in place of its own, less its own heaps it does not
    name. A move of several heaps (Wythoff's diagonal) gets ``heaps``, which no click makes.

    >>> from grundy import parse
    >>> from grundy.core.moves import legal_plays
    >>> p = parse("octal:0.07 3 + nim 2")
    >>> [play_target(board_of(p), m, p) for m in legal_plays(p)][-2:]
    [{'heap': 1, 'from': 2, 'leave': 0}, {'heap': 1, 'from': 2, 'leave': 1}]
    """
    if len(cells) != 1:
        return {"heaps": sorted(cells)}
    at = cells[0]
    comps = position.components
    after = play.after.components
    new = after[play.part : play.part + len(after) - len(comps) + 1]
    mine = _heaps_of(comps[play.part])
    kept = Counter(h for i, h in enumerate(mine) if i != play.cells[0])
    made = Counter(h for c in new for h in _heaps_of(c))
    if kept - made:  # a heap the move does not name is gone: not a move of one heap
        return None
    sizes = sorted((made - kept).elements())
    if at >= len(part["heaps"]):  # a heap past the last one drawn
        return None
    left: dict[str, Any] = {"parts": sizes} if len(sizes) > 1 else {"leave": sum(sizes)}
    return {"heap": at, "from": part["heaps"][at], **left}


def _parts(board: Board) -> list[Board]:
    """The parts of a board, a panel in a panel flattened (a move may leave a sum in a sum)."""
    if board["kind"] != "panel":
        return [board]
    return [q for p in board["parts"] for q in _parts(p)]
