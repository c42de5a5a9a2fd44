"""Loopy partisan games from the definitions alone; no grundy code.

A game here is a dict ``{vertex: (left options, right options)}`` with a start vertex;
any hashable can be a vertex, and a vertex may be its own option (a pass) or lie on a
cycle. Play alternates; a player with no move loses; play that never ends is a draw.

:func:`outcome` answers who wins the *sum* of games under both starts by retrograde
analysis of the sum's own game graph (a position of the sum is the tuple of its
components' vertices; a move is a move in one component), with draws:
``(with Left to move, with Right to move)``, each ``+1`` (Left wins), ``0`` (draw) or
``-1`` (Right wins). That is the whole definition of the game, so every value the
engine computes (an order, a simplest form, an onside and offside) has consequences
here that can be checked.

>>> on = ({"on": (["on"], [])}, "on")
>>> off = ({"off": ([], ["off"])}, "off")
>>> outcome([on]), outcome([off]), outcome([on, off])
((1, 1), (-1, -1), (0, 0))
>>> star = ({"*": (["0"], ["0"]), "0": ([], [])}, "*")
>>> outcome([star]), outcome([star, star])
((1, -1), (-1, 1))
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Sequence

__all__ = [
    "Game",
    "negative",
    "outcome",
    "random_game",
    "short_game",
    "to_edges",
]

Game = tuple[dict[Hashable, tuple[list[Hashable], list[Hashable]]], Hashable]


def negative(game: Game) -> Game:
    """``-G``: the same graph with Left's and Right's moves swapped."""
    graph, start = game
    return {v: (list(r), list(lft)) for v, (lft, r) in graph.items()}, start


def outcome(games: Sequence[Game]) -> tuple[int, int]:
    """The sum's result with Left moving first and with Right moving first."""
    graphs = [g for g, _ in games]
    start = tuple(s for _, s in games)
    # explore every position of the sum reachable from the start, either player to move
    positions = [start]
    seen = {start}
    i = 0
    while i < len(positions):
        p = positions[i]
        i += 1
        for side in (0, 1):
            for q in _moves(graphs, p, side):
                if q not in seen:
                    seen.add(q)
                    positions.append(q)
    # retrograde: state (position, mover); mover 0 Left, 1 Right
    succ: dict[tuple[tuple[Hashable, ...], int], list[tuple[tuple[Hashable, ...], int]]] = {}
    pred: dict[tuple[tuple[Hashable, ...], int], list[tuple[tuple[Hashable, ...], int]]] = {}
    for p in positions:
        for side in (0, 1):
            s = (p, side)
            succ[s] = [(q, 1 - side) for q in _moves(graphs, p, side)]
            pred.setdefault(s, [])
    for s, out in succ.items():
        for t in out:
            pred.setdefault(t, []).append(s)
    result: dict[tuple[tuple[Hashable, ...], int], int] = {}
    left_to_decide = {s: len(out) for s, out in succ.items()}
    queue: deque[tuple[tuple[Hashable, ...], int]] = deque()
    for s, out in succ.items():
        if not out:  # the mover cannot move and loses
            result[s] = -1 if s[1] == 0 else 1
            queue.append(s)
    while queue:
        t = queue.popleft()
        for s in pred[t]:
            if s in result:
                continue
            mover_wins = 1 if s[1] == 0 else -1
            if result[t] == mover_wins:
                result[s] = mover_wins
                queue.append(s)
            else:
                left_to_decide[s] -= 1
                if left_to_decide[s] == 0:
                    result[s] = result[t]
                    queue.append(s)
    return result.get((start, 0), 0), result.get((start, 1), 0)


def _moves(
    graphs: list[dict[Hashable, tuple[list[Hashable], list[Hashable]]]],
    p: tuple[Hashable, ...],
    side: int,
) -> list[tuple[Hashable, ...]]:
    out = []
    for k, v in enumerate(p):
        for w in graphs[k][v][side]:
            out.append((*p[:k], w, *p[k + 1 :]))
    return out


def random_game(rng: random.Random, size: int, density: float = 0.35) -> Game:
    """A random game graph on ``size`` vertices (0 is the start), cycles and passes allowed."""
    graph: dict[Hashable, tuple[list[Hashable], list[Hashable]]] = {}
    for v in range(size):
        lft: list[Hashable] = [w for w in range(size) if rng.random() < density]
        r: list[Hashable] = [w for w in range(size) if rng.random() < density]
        graph[v] = (lft, r)
    return graph, 0


def short_game(text: str) -> Game:
    """A few short games by name, written out as trees: ``0 * 1 -1 1/2 ^ v +-1 *2``."""
    forms: dict[Hashable, tuple[list[Hashable], list[Hashable]]] = {
        "0": ([], []),
        "*": (["0"], ["0"]),
        "1": (["0"], []),
        "-1": ([], ["0"]),
        "1/2": (["0"], ["1"]),
        "^": (["0"], ["*"]),
        "v": (["*"], ["0"]),
        "+-1": (["1"], ["-1"]),
        "*2": (["0", "*"], ["0", "*"]),
        "2": (["1"], []),
        "-1/2": (["-1"], ["0"]),
    }
    if text not in forms:
        raise KeyError(text)
    return forms, text


def to_edges(game: Game) -> tuple[list[list[int]], list[list[int]], int]:
    """The game as numbered edge lists (vertices in sorted-by-repr order) and its start."""
    graph, start = game
    names = sorted(graph, key=repr)
    index = {v: i for i, v in enumerate(names)}
    left = [[index[w] for w in graph[v][0]] for v in names]
    right = [[index[w] for w in graph[v][1]] for v in names]
    return left, right, index[start]
