"""Loopy games as finite graphs: vertices with Left and Right edges (a game may be its own
follower), and the operations that build them: negation, sums, packing, the stopper test.

A :class:`Graph` is frozen; a vertex is an index. The game at vertex ``v`` has Left
options ``left[v]`` and Right options ``right[v]``.

>>> on = Graph(((0,),), ((),))          # on = {pass|}
>>> dud = Graph(((0,),), ((0,),))       # dud = {pass|pass}
>>> is_stopper(on, 0), is_stopper(dud, 0)
(True, False)
>>> s = add(on, on.negated())           # on + off
>>> len(s), s.left[0], s.right[0]
(1, (0,), (0,))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grundy.core.limits import check_memory, check_time
from grundy.errors import UnsupportedError

__all__ = [
    "MAX_VERTICES",
    "Graph",
    "add",
    "alternating_states",
    "is_loopfree",
    "is_stopper",
    "pack",
    "pack_roots",
    "reachable",
]

#: Graphs (and sums) with more vertices than this are refused.
MAX_VERTICES = 200_000


@dataclass(frozen=True)
class Graph:
    """A game graph: ``left[v]`` and ``right[v]`` are the options of vertex ``v``."""

    left: tuple[tuple[int, ...], ...]
    right: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        n = len(self.left)
        if len(self.right) != n:
            raise ValueError("left and right edge lists differ in length")
        for edges in (*self.left, *self.right):
            for w in edges:
                if not 0 <= w < n:
                    raise ValueError(f"edge to vertex {w} outside 0..{n - 1}")

    def __len__(self) -> int:
        return len(self.left)

    @classmethod
    def of(cls, left: Sequence[Iterable[int]], right: Sequence[Iterable[int]]) -> Graph:
        """A graph from lists of edges (duplicates dropped, order kept).

        >>> Graph.of([[0, 0]], [[]]).left
        ((0,),)
        """
        return cls(
            tuple(tuple(dict.fromkeys(e)) for e in left),
            tuple(tuple(dict.fromkeys(e)) for e in right),
        )

    def negated(self) -> Graph:
        """The graph of ``-G``: Left's and Right's edges swapped."""
        return Graph(self.right, self.left)

    def edges(self, v: int, side: str) -> tuple[int, ...]:
        """``side`` ``"L"`` or ``"R"``: that player's options at ``v``."""
        return self.left[v] if side == "L" else self.right[v]


def add(g: Graph, h: Graph) -> Graph:
    """The disjunctive sum: vertex ``i * len(h) + j`` is ``(i, j)``.

    >>> star = Graph(((1,), ()), ((1,), ()))
    >>> s = add(star, star)
    >>> len(s), s.left[0]
    (4, (2, 1))
    """
    n, m = len(g), len(h)
    if n * m > MAX_VERTICES:
        raise UnsupportedError(
            f"the sum's graph has {n * m:,} vertices, more than {MAX_VERTICES:,}"
        )
    check_memory(n * m * 64, "the sum's game graph")
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    for i in range(n):
        if not i & 0xFF:
            check_time()
        gl, gr = g.left[i], g.right[i]
        for j in range(m):
            left.append(
                tuple(dict.fromkeys([a * m + j for a in gl] + [i * m + b for b in h.left[j]]))
            )
            right.append(
                tuple(dict.fromkeys([a * m + j for a in gr] + [i * m + b for b in h.right[j]]))
            )
    return Graph(tuple(left), tuple(right))


def reachable(g: Graph, *starts: int) -> list[int]:
    """The vertices reachable from ``starts`` (themselves included), in breadth-first order:
    the starts first, each once."""
    order = list(dict.fromkeys(starts))
    seen = set(order)
    i = 0
    while i < len(order):
        v = order[i]
        i += 1
        for w in (*g.left[v], *g.right[v]):
            if w not in seen:
                seen.add(w)
                order.append(w)
    return order


def pack_roots(g: Graph, roots: Sequence[int]) -> tuple[Graph, list[int]]:
    """The part of ``g`` reachable from ``roots``, renumbered in breadth-first order from
    them, and the roots' new numbers.

    >>> pack_roots(Graph(((), (0,), ()), ((), (), ())), [2, 1])
    (Graph(left=((), (2,), ()), right=((), (), ())), [0, 1])
    """
    order = reachable(g, *roots)
    index = {v: i for i, v in enumerate(order)}
    packed = Graph(
        tuple(tuple(index[w] for w in g.left[v]) for v in order),
        tuple(tuple(index[w] for w in g.right[v]) for v in order),
    )
    return packed, [index[r] for r in roots]


def pack(g: Graph, start: int) -> Graph:
    """The part of ``g`` reachable from ``start``, renumbered so that ``start`` is 0.

    >>> pack(Graph(((), (0,)), ((), ())), 1).left
    ((1,), ())
    """
    return pack_roots(g, [start])[0]


def alternating_states(g: Graph) -> set[tuple[int, int]]:
    """States ``(v, mover)`` (mover 0 Left, 1 Right) from which alternating play can go on
    for ever: those on or leading to a cycle of the alternating move graph."""
    n = len(g)
    # out-degree of each state; states with none left are finite (Kahn's algorithm)
    count = [0] * (2 * n)
    preds: list[list[int]] = [[] for _ in range(2 * n)]
    for v in range(n):
        for mover, edges in ((0, g.left[v]), (1, g.right[v])):
            s = 2 * v + mover
            count[s] = len(edges)
            for w in edges:
                preds[2 * w + 1 - mover].append(s)
    queue = deque(s for s in range(2 * n) if count[s] == 0)
    finite = [False] * (2 * n)
    while queue:
        s = queue.popleft()
        finite[s] = True
        for p in preds[s]:
            count[p] -= 1
            if count[p] == 0:
                queue.append(p)
    return {(s // 2, s % 2) for s in range(2 * n) if not finite[s]}


def is_stopper(g: Graph, start: int) -> bool:
    """True when no follower of ``start`` has an infinite alternating sequence of moves."""
    bad = alternating_states(g)
    return not any((v, 0) in bad or (v, 1) in bad for v in reachable(g, start))


def is_loopfree(g: Graph, start: int) -> bool:
    """True when no follower of ``start`` repeats (the game is short)."""
    order = reachable(g, start)
    state = dict.fromkeys(order, 0)  # 0 new, 1 on the stack, 2 done
    for root in order:
        if state[root]:
            continue
        stack = [(root, iter((*g.left[root], *g.right[root])))]
        state[root] = 1
        while stack:
            v, it = stack[-1]
            w = next(it, None)
            if w is None:
                state[v] = 2
                stack.pop()
            elif state[w] == 1:
                return False
            elif state[w] == 0:
                state[w] = 1
                stack.append((w, iter((*g.left[w], *g.right[w]))))
    return True
