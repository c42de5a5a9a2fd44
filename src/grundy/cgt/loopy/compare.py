"""Who wins a loopy game graph, with draws, and the order of stoppers.

Both are retrograde analyses: a player who cannot move loses; a state is won for the
mover when some move reaches a state lost for the next mover, lost when every move
reaches a state won for the next mover, and drawn (endless play) otherwise.

For stoppers ``G <= H`` exactly when Right, moving first in ``H - G``, cannot force a
win (Siegel, *Combinatorial Game Theory*, ch. VI: Left *survives* playing second);
:func:`leq_table` decides this for every pair of vertices of two graphs at once.

>>> from grundy.cgt.loopy.graph import Graph
>>> dud = Graph(((0,),), ((0,),))
>>> outcomes(dud)
[(0, 0)]
>>> on = Graph(((0,),), ((),))
>>> outcomes(on), leq_table(on, on)
([(1, 1)], [[True]])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import numpy as np

from grundy.cgt.loopy.graph import Graph
from grundy.core.limits import check_memory, check_time
from grundy.errors import UnsupportedError

__all__ = [
    "MAX_PAIRS",
    "OUTCOME_NAMES",
    "check_pairs",
    "drain",
    "leq_table",
    "outcome_class",
    "outcomes",
]

#: Pair tables (vertices of G times vertices of H) larger than this are refused.
MAX_PAIRS = 4_000_000

#: CGSuite's loopy outcome classes by (Left moving first, Right moving first); +1 means
#: Left wins, 0 a draw, -1 Right wins.
OUTCOME_NAMES = {
    (1, 1): "L",
    (-1, -1): "R",
    (1, -1): "N",
    (-1, 1): "P",
    (0, 0): "D",
    (1, 0): "NHat",
    (0, -1): "NCheck",
    (0, 1): "PHat",
    (-1, 0): "PCheck",
}


def outcome_class(pair: tuple[int, int]) -> str:
    """CGSuite's name of an outcome pair.

    >>> outcome_class((1, 0)), outcome_class((-1, 1))
    ('NHat', 'P')
    """
    return OUTCOME_NAMES[pair]


def outcomes(g: Graph) -> list[tuple[int, int]]:
    """For every vertex: (result with Left moving first, with Right moving first)."""
    n = len(g)
    check_memory(n * 200, "the outcome table")
    # state 2v: Left to move at v; 2v+1: Right to move
    rev: list[list[int]] = [[] for _ in range(2 * n)]
    count = [0] * (2 * n)
    for v in range(n):
        count[2 * v] = len(g.left[v])
        count[2 * v + 1] = len(g.right[v])
        for w in g.left[v]:
            rev[2 * w + 1].append(2 * v)
        for w in g.right[v]:
            rev[2 * w].append(2 * v + 1)
    result = [0] * (2 * n)  # +1 Left wins, -1 Right wins, 0 unknown / draw
    queue: deque[int] = deque()
    for s in range(2 * n):
        if count[s] == 0:
            result[s] = -1 if s % 2 == 0 else 1  # the mover cannot move and loses
            queue.append(s)
    for s in drain(queue, "states"):
        winner = result[s]
        for p in rev[s]:
            if result[p]:
                continue
            mover = 1 if p % 2 == 0 else -1
            if winner == mover:  # a move to a state won for the mover
                result[p] = mover
                queue.append(p)
            else:
                count[p] -= 1
                if count[p] == 0:
                    result[p] = winner
                    queue.append(p)
    return [(result[2 * v], result[2 * v + 1]) for v in range(n)]


def check_pairs(n: int, m: int, what: str, table: str) -> None:
    """Refuse to compare ``what`` (graphs, sides of graphs) of ``n`` and ``m`` vertices in
    more than :data:`MAX_PAIRS` pairs, and check the memory of the ``table`` of pairs."""
    if n * m > MAX_PAIRS:
        raise UnsupportedError(
            f"comparing {what} of {n:,} and {m:,} vertices needs {n * m:,} pairs, "
            f"more than {MAX_PAIRS:,}"
        )
    check_memory(n * m * 40, table)


def drain(queue: deque[int], what: str) -> Iterator[int]:
    """Each state of the retrograde ``queue`` as it is taken out (states are added while it
    runs), reading the clock every 4,096 states (``what`` names them)."""
    done = 0
    while queue:
        s = queue.popleft()
        done += 1
        if not done & 0xFFF:
            check_time(done, what)
        yield s


def _reverse(edges: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    rev: list[list[int]] = [[] for _ in edges]
    for v, out in enumerate(edges):
        for w in out:
            rev[w].append(v)
    return rev


def _gather(edges: tuple[tuple[int, ...], ...], n: int) -> tuple[np.ndarray, np.ndarray]:
    """Concatenated targets (an empty list points at the sentinel ``n``) and offsets."""
    idx: list[int] = []
    offsets: list[int] = []
    for e in edges:
        offsets.append(len(idx))
        idx.extend(e if e else (n,))
    return np.array(idx, dtype=np.int64), np.array(offsets, dtype=np.int64)


def _or_rows(x: np.ndarray, gather: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Row ``u`` of the result: the OR of the rows of ``x`` at ``u``'s targets (False if
    none: ``x`` gets a False sentinel row)."""
    idx, offsets = gather
    padded = np.vstack([x, np.zeros((1, x.shape[1]), dtype=bool)])
    return np.logical_or.reduceat(padded[idx], offsets, axis=0)


def leq_table_np(g: Graph, h: Graph) -> np.ndarray:
    """:func:`leq_table` as a boolean array, by iterating the least fixed point of Right's
    forced wins with array operations (the same answer; fast on big graphs)."""
    n, m = len(g), len(h)
    check_pairs(n, m, "graphs", "the comparison table")
    g_left, g_right = _gather(g.left, n), _gather(g.right, n)
    h_left, h_right = _gather(h.left, m), _gather(h.right, m)
    rl = np.zeros((n, m), dtype=bool)  # Left to move in w - u, Right forces a win
    rr = np.zeros((n, m), dtype=bool)  # Right to move
    rounds = 0
    while True:
        rounds += 1
        if not rounds & 0xF:
            check_time(rounds, "rounds")
        # Right moves u to a Left option, or w to a Right option, reaching a won state
        new_rr = _or_rows(rl, g_left) | _or_rows(rl.T, h_right).T
        # Left to move loses when every move (u to a Right option, w to a Left option)
        # reaches a state Right wins
        escape = _or_rows(~new_rr, g_right) | _or_rows((~new_rr).T, h_left).T
        new_rl = ~escape
        if np.array_equal(new_rr, rr) and np.array_equal(new_rl, rl):
            return ~rr
        rr, rl = new_rr, new_rl


def leq_table(g: Graph, h: Graph) -> list[list[bool]]:
    """``table[u][w]`` is True when ``u <= w`` (u a vertex of g, w of h, both stoppers).

    ``u <= w`` when Right, moving first in ``w - u``, cannot force Left out of moves.
    In ``w - u`` Left moves ``w`` to a Left option or ``u`` to a Right option; Right
    moves ``w`` to a Right option or ``u`` to a Left option.

    >>> from grundy.cgt.loopy.graph import Graph
    >>> zero_one = Graph(((), (0,)), ((), ()))   # vertex 0 is 0, vertex 1 is 1
    >>> leq_table(zero_one, zero_one)
    [[True, True], [False, True]]
    """
    n, m = len(g), len(h)
    check_pairs(n, m, "graphs", "the comparison table")
    g_left_rev, g_right_rev = _reverse(g.left), _reverse(g.right)
    h_left_rev, h_right_rev = _reverse(h.left), _reverse(h.right)
    size = n * m
    # index u*m+w; Left-to-move states count their moves; Right-to-move need one win
    count = [0] * size
    for u in range(n):
        gr = len(g.right[u])
        for w in range(m):
            count[u * m + w] = gr + len(h.left[w])
    right_wins_l = [False] * size  # Left to move, Right wins
    right_wins_r = [False] * size  # Right to move, Right wins
    queue: deque[int] = deque()
    for s in range(size):
        if count[s] == 0:
            right_wins_l[s] = True
            queue.append(s)
    for s in drain(queue, "pairs"):
        u, w = divmod(s, m)
        # s is a Left-to-move state won by Right: its predecessors are Right-to-move
        # states (Right moved there), now won by Right.
        for t in _pairs_before(u, w, m, h_right_rev, g_left_rev):
            if not right_wins_r[t]:
                right_wins_r[t] = True
                _after_right_win(t, m, (g_right_rev, h_left_rev), count, right_wins_l, queue)
    return [[not right_wins_r[u * m + w] for w in range(m)] for u in range(n)]


def _after_right_win(  # noqa: PLR0917 (private, hot)
    t: int,
    m: int,
    revs: tuple[list[list[int]], list[list[int]]],
    count: list[int],
    right_wins_l: list[bool],
    queue: deque[int],
) -> None:
    """A Right-to-move state ``t`` is won by Right: each Left-to-move state that moves to it
    loses one move; when none is left, Right wins there too."""
    g_right_rev, h_left_rev = revs
    u, w = divmod(t, m)
    for p in _pairs_before(u, w, m, h_left_rev, g_right_rev):
        if not right_wins_l[p]:
            count[p] -= 1
            if count[p] == 0:
                right_wins_l[p] = True
                queue.append(p)


def _pairs_before(
    u: int, w: int, m: int, h_rev: list[list[int]], g_rev: list[list[int]]
) -> Iterator[int]:
    """The pair states ``u2 * m + w2`` that move to ``(u, w)``: by a move in H (``w2`` in
    ``h_rev[w]``) or in G (``u2`` in ``g_rev[u]``)."""
    for w2 in h_rev[w]:
        yield u * m + w2
    for u2 in g_rev[u]:
        yield u2 * m + w
