"""Fox and Geese from the rules alone (no grundy code): the game graph of a position.

Squares are ``(row, column)``: rows from 1 at the bottom (the board is open at the
top), columns 1 to 8, only squares with row + column even. Left's geese each step one
square diagonally downwards to an empty square; Right's fox steps one square diagonally
either way to an empty square. A fox that has got past the geese (on or above the
highest goose's row, or on the row below it with an empty square diagonally above) can
run upwards for ever while the geese have only finitely many moves left: that is the
game ``off`` (CGSuite's FoxAndGeese counts it so), one vertex ``"off"`` here with only a
Right pass.

With ``reach=2`` the fox may go one or two squares along one diagonal, stopping before
a goose or the edge (the Ceylonese variant, CGSuite's ``GenFoxAndGeese(foxRange => 2)``;
the same escape rule).

:func:`game` gives the graph in the form of :mod:`tests.reference.loopy_play`.

>>> from tests.reference.loopy_play import outcome
>>> outcome([game({(2, 2)}, (1, 1))])   # the fox is shut in; one goose move frees it
(-1, 1)
>>> outcome([game({(3, 1), (3, 3)}, (1, 3), reach=2)])   # the fox runs up past the geese
(-1, -1)
"""

from __future__ import annotations

from collections.abc import Hashable

__all__ = ["COLUMNS", "game"]

COLUMNS = 8

Vertex = Hashable


def _free(geese: frozenset[tuple[int, int]], fox: tuple[int, int]) -> bool:
    high = max(r for r, _ in geese)
    r, c = fox
    if r >= high:
        return True
    return r == high - 1 and any(
        0 < c + dc <= COLUMNS and (r + 1, c + dc) not in geese for dc in (1, -1)
    )


def _vertex(geese: frozenset[tuple[int, int]], fox: tuple[int, int]) -> Vertex:
    return "off" if _free(geese, fox) else (geese, fox)


def _on_board(r: int, c: int) -> bool:
    return r >= 1 and 1 <= c <= COLUMNS


def game(
    geese: set[tuple[int, int]], fox: tuple[int, int], reach: int = 1
) -> tuple[dict[Vertex, tuple[list[Vertex], list[Vertex]]], Vertex]:
    """The graph of every position reachable from ``geese`` and ``fox``, and its start;
    the fox goes up to ``reach`` squares along a diagonal."""
    start = _vertex(frozenset(geese), fox)
    graph: dict[Vertex, tuple[list[Vertex], list[Vertex]]] = {}
    todo = [start]
    while todo:
        v = todo.pop()
        if v in graph:
            continue
        if v == "off":
            graph[v] = ([], ["off"])
            continue
        assert isinstance(v, tuple)
        g: frozenset[tuple[int, int]] = v[0]
        fr, fc = v[1]
        lefts = []
        for r, c in g:
            for dc in (-1, 1):
                to = (r - 1, c + dc)
                if _on_board(*to) and to not in g and to != (fr, fc):
                    lefts.append(_vertex((g - {(r, c)}) | {to}, (fr, fc)))
        rights = []
        for dr in (-1, 1):
            for dc in (-1, 1):
                for k in range(1, reach + 1):
                    to = (fr + k * dr, fc + k * dc)
                    if not _on_board(*to) or to in g:
                        break
                    rights.append(_vertex(g, to))
        graph[v] = (lefts, rights)
        todo.extend(lefts + rights)
    return graph, start
