"""Impartial games as nested frozensets of options; misère outcomes by exhaustive search;
nim products by the mex definition; compounds of partisan game trees by direct search.

Imports nothing from grundy: every answer comes from the definitions.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from tests.reference.mex import mex

#: A partisan game: (left options, right options), each a tuple of such pairs.
Tree = tuple[Any, Any]


def forms_born_by(day: int) -> list[frozenset]:  # type: ignore[type-arg]
    """Every impartial game form born by ``day`` (1, 2, 4, 16, 65536 of them)."""
    forms: list[frozenset] = [frozenset()]  # type: ignore[type-arg]
    for _ in range(day):
        forms = [
            frozenset(c) for r in range(len(forms) + 1) for c in itertools.combinations(forms, r)
        ]
    return forms


@cache
def misere_next_wins(parts: tuple) -> bool:  # type: ignore[type-arg]
    """The player to move wins the misère sum of these forms (sorted tuple)."""
    if all(not p for p in parts):
        return True  # no move: the player to move has made no last move, and wins
    for i, p in enumerate(parts):
        for o in p:
            after = tuple(sorted((*parts[:i], o, *parts[i + 1 :]), key=hash))
            if not misere_next_wins(after):
                return True
    return False


def misere_outcome(*forms: frozenset) -> str:  # type: ignore[type-arg]
    return "N" if misere_next_wins(tuple(sorted(forms, key=hash))) else "P"


def nim_heap(n: int) -> frozenset:  # type: ignore[type-arg]
    heaps: list[frozenset] = []  # type: ignore[type-arg]
    for _ in range(n + 1):
        heaps.append(frozenset(heaps))
    return heaps[n]


@cache
def misere_grundy(parts: tuple) -> int:  # type: ignore[type-arg]
    """The misère Grundy value of a sum: 1 with no move, else the mex of the options'."""
    if all(not p for p in parts):
        return 1
    seen = set()
    for i, p in enumerate(parts):
        for o in p:
            seen.add(misere_grundy(tuple(sorted((*parts[:i], o, *parts[i + 1 :]), key=hash))))
    return mex(seen)


def nim_product_table(n: int) -> list[list[int]]:
    """a*b = mex{a'b + ab' + a'b' : a' < a, b' < b} (nim sums are XOR), for a, b < n."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            t[a][b] = mex(seen)
    return t


# ----- partisan compounds, by direct search of the compound's game tree ----------------


def _opts(g: Tree, side: int) -> tuple[Tree, ...]:
    found: tuple[Tree, ...] = g[side]
    return found


@cache
def wins_moving_first(kind: str, g: Tree, h: Tree, side: int) -> bool:
    """``side`` (0 Left, 1 Right) to move wins the compound ``kind`` of g and h (normal
    play: who cannot move loses)."""
    a, b = _opts(g, side), _opts(h, side)
    if kind == "conjunctive":
        moves = [(x, y) for x in a for y in b]
    elif kind == "selective":
        moves = [(x, h) for x in a] + [(g, y) for y in b] + [(x, y) for x in a for y in b]
    elif kind == "continued":
        if a and b:
            moves = [(x, y) for x in a for y in b]
        else:
            moves = [(x, h) for x in a] + [(g, y) for y in b]
    elif kind == "ordinal":  # a move in g wipes out h (g : 0 is g alone)
        moves = [(x, ((), ())) for x in a] + [(g, y) for y in b]
    else:
        raise ValueError(kind)
    return any(not wins_moving_first(kind, x, y, 1 - side) for x, y in moves)


def outcome_of(kind: str, g: Tree, h: Tree) -> str:
    left = wins_moving_first(kind, g, h, 0)
    right = wins_moving_first(kind, g, h, 1)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)
    ]
