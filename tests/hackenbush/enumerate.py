"""All pictures up to isomorphism (fixing the ground), for exhaustive tests.

A picture is a connected multigraph with loops containing the ground vertex 0.
Every connected picture with e + 1 edges arises from one with e edges by adding
one edge (a loop, an edge between two vertices, or an edge to a new vertex):
delete an edge that is a leaf of a spanning tree, or that lies on no spanning
tree, and what is left is connected. So growing the classes level by level and
keeping one canonical form per class lists every class exactly once.

Canonical form: colour refinement, then individualise-and-refine over the
first non-trivial cell, skipping vertices that are twins of one already tried
(swapping twins is an automorphism, so it gives the same forms); the least
relabelled edge tuple wins.
"""

from __future__ import annotations

from collections.abc import Iterator

Graph = tuple[tuple[int, int], ...]


def _refine(n: int, adj: list[dict[int, int]], colour: list[int]) -> list[int]:
    while True:
        sig = [
            (colour[v], tuple(sorted((colour[u], k) for u, k in adj[v].items()))) for v in range(n)
        ]
        ranks = {s: i for i, s in enumerate(sorted(set(sig)))}
        new = [ranks[s] for s in sig]
        if len(set(new)) == len(set(colour)):
            return new
        colour = new


def canonical(edges: Graph) -> Graph:
    """The least relabelling of ``edges`` with 0 fixed (the ground)."""
    n = 1 + max((max(e) for e in edges), default=0)
    adj: list[dict[int, int]] = [{} for _ in range(n)]
    for u, v in edges:
        adj[u][v] = adj[u].get(v, 0) + 1
        if u != v:
            adj[v][u] = adj[v].get(u, 0) + 1
    start = [0 if v == 0 else 1 for v in range(n)]
    best: Graph | None = None
    stack = [_refine(n, adj, start)]
    while stack:
        colour = stack.pop()
        cells: dict[int, list[int]] = {}
        for v in range(n):
            cells.setdefault(colour[v], []).append(v)
        todo = next((c for c in sorted(cells) if len(cells[c]) > 1), None)
        if todo is None:
            form = tuple(
                sorted((min(colour[u], colour[v]), max(colour[u], colour[v])) for u, v in edges)
            )
            if best is None or form < best:
                best = form
            continue
        tried: set[tuple[tuple[int, int], ...]] = set()
        for v in cells[todo]:
            others = sorted((u, k) for u, k in adj[v].items() if u != v)
            twin = (*others, (-1, adj[v].get(v, 0)))
            if twin in tried:
                continue
            tried.add(twin)
            c = [2 * x for x in colour]
            c[v] -= 1
            stack.append(_refine(n, adj, c))
    assert best is not None
    return best


def pictures(max_edges: int) -> Iterator[Graph]:
    """Every picture with 1 to ``max_edges`` edges, once per isomorphism class."""
    level: set[Graph] = {()}
    for _ in range(max_edges):
        nxt: set[Graph] = set()
        for g in level:
            n = 1 + max((max(e) for e in g), default=0)
            for u in range(n):
                for v in range(u, n + 1):
                    nxt.add(canonical(tuple(sorted((*g, (u, v))))))
        yield from sorted(nxt)
        level = nxt
