"""Weighted Arc Kayles rewritten from its rule, on states of its own; no grundy code.

The rule as CGSuite states it (``game/graph/GenArcKayles.cgs`` with ``weighted => true``,
github.com/aaron-siegel/cgsuite) and as Dailly, Gledel and Heinrich define it ("A
generalization of Arc-Kayles", arXiv:1709.05219, abstract): every vertex holds counters; a
move picks an edge both of whose ends hold a counter and takes one counter from each end;
the last player to move wins. Here a state is ``(weights, edges)``: the counters of the
vertices ``0..n-1`` as a tuple and the edges as sorted pairs. Nothing is dropped or
renumbered (a vertex with no counter stays, with its edges, as in CGSuite), the whole
graph is one state (no split into parts) and the Grundy value is the mex of the options'.

>>> grundy_value(((2, 3), ((0, 1),)))  # two moves on one edge
0
>>> grundy_value(((1, 1, 1), ((0, 1), (1, 2))))  # the path of three: Dawson's Kayles 3
1
"""

from __future__ import annotations

import itertools
from functools import cache

__all__ = ["State", "grundy_value", "options", "small_graphs", "spec"]

#: ``(weights, edges)``: the counters of vertices ``0..n-1``, and the edges ``(u, v)``, u < v.
State = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


def options(state: State) -> list[State]:
    """Every position one move leads to (one per edge whose ends both hold a counter)."""
    weights, edges = state
    out = []
    for u, v in edges:
        if weights[u] > 0 and weights[v] > 0:
            after = list(weights)
            after[u] -= 1
            after[v] -= 1
            out.append((tuple(after), edges))
    return out


@cache
def grundy_value(state: State) -> int:
    """The Grundy value: the least value no option has (recursion: small states only)."""
    seen = {grundy_value(s) for s in options(state)}
    return next(g for g in itertools.count() if g not in seen)


def spec(state: State) -> str:
    """The position in grundy's notation (vertex ``i`` written ``i + 1``, every weight given)."""
    weights, edges = state
    parts = [f"{i + 1}:{w}" for i, w in enumerate(weights)]
    parts += [f"{u + 1}-{v + 1}" for u, v in edges]
    return 'weighted-arc-kayles "' + " ".join(parts) + '"'


def small_graphs(n: int, most: int) -> list[State]:
    """Every graph on the vertices ``0..n-1`` (every set of edges) with every weight
    ``0..most`` on each vertex: ``2 ** (n(n-1)/2) * (most + 1) ** n`` states."""
    pairs = list(itertools.combinations(range(n), 2))
    out = []
    for k in range(len(pairs) + 1):
        for edges in itertools.combinations(pairs, k):
            for weights in itertools.product(range(most + 1), repeat=n):
                out.append((weights, edges))
    return out
