"""The simplest form of a stopper (Siegel, *Combinatorial Game Theory*, ch. VI).

Repeat until nothing changes: remove dominated options, bypass reversible options
(``G^L`` is reversible when some ``G^LR <= G``: replace it by the Left options of
``G^LR``; symmetrically for Right), each decided by the loopy comparison of
:func:`~grundy.cgt.loopy.compare.leq_table`; then *fuse* vertices of equal value
into one. Each step keeps the value of every vertex, so one comparison table serves a
whole pass. What is left is the canonical stopper, unique up to isomorphism.

>>> from grundy.cgt.loopy.graph import Graph
>>> # {0, pass | 0}: the pass is reversible through Right's pass ... here a plain example:
>>> g = Graph.of([[1, 2], [], [1]], [[1], [], [1]])   # {0, {0|0} | 0} = {0,*|0} = ^*
>>> s = simplify(g, 0)
>>> len(s), s.left[0], s.right[0]
(3, (1, 2), (1,))
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.cgt.loopy.compare import leq_table, leq_table_np
from grundy.cgt.loopy.graph import Graph, is_stopper, pack_roots
from grundy.core.limits import check_time
from grundy.errors import UnsupportedError

__all__ = ["fuse", "simplify", "simplify_roots"]

#: Passes of simplification before giving up (each pass changes the graph).
MAX_PASSES = 10_000


def _one_pass(g: Graph, table: list[list[bool]]) -> Graph | None:
    """The graph after one round of removals and bypasses, or None when nothing changed."""
    left = [list(e) for e in g.left]
    right = [list(e) for e in g.right]
    changed = False
    for v in range(len(g)):
        # Right's options are Left's with the order turned round (``le`` swapped)
        kept_left, bypassed_left = _side(left[v], v, g.right, g.left, lambda x, y: table[x][y])
        kept_right, bypassed_right = _side(right[v], v, g.left, g.right, lambda x, y: table[y][x])
        if bypassed_left or bypassed_right or kept_left != left[v] or kept_right != right[v]:
            changed = True
        left[v], right[v] = kept_left, kept_right
    return Graph.of(left, right) if changed else None


def _side(
    options: list[int],
    v: int,
    back: tuple[tuple[int, ...], ...],
    forward: tuple[tuple[int, ...], ...],
    le: Callable[[int, int], bool],
) -> tuple[list[int], bool]:
    """Left's options of ``v`` (``back`` the other player's options, ``forward`` Left's,
    ``le`` the order) after bypassing the reversible ones and dropping the dominated ones,
    and whether any was bypassed.

    A reversible option ``a`` (some ``a^R <= v``) is replaced by that ``a^R``'s Left
    options; Left drops ``a`` when some other option ``b >= a`` (of equals, she keeps the
    first)."""
    new: list[int] = []
    bypassed = False
    for a in options:
        through = next((r for r in back[a] if le(r, v) and r != v), None)
        if through is None:
            new.append(a)
        else:
            new.extend(forward[through])
            bypassed = True
    new = list(dict.fromkeys(new))
    kept = [
        a
        for i, a in enumerate(new)
        if not any(j != i and le(a, b) and (not le(b, a) or j < i) for j, b in enumerate(new))
    ]
    return kept, bypassed


def fuse(g: Graph, rep: list[int]) -> Graph:
    """``g`` with each vertex ``v`` replaced by ``rep[v]`` (the lowest-numbered vertex of
    equal value)."""
    n = len(g)
    return Graph.of(
        [[rep[w] for w in g.left[rep[v]]] for v in range(n)],
        [[rep[w] for w in g.right[rep[v]]] for v in range(n)],
    )


def simplify(g: Graph, start: int) -> Graph:
    """The canonical form of the stopper at ``start``, as a packed graph (start 0)."""
    if not is_stopper(g, start):
        raise UnsupportedError("not a stopper: some follower has endless alternating play")
    out, _roots, _table = simplify_roots(g, [start])
    return out


def simplify_roots(g: Graph, roots: list[int]) -> tuple[Graph, list[int], list[list[bool]]]:
    """Simplify the stopper graph reachable from ``roots`` all at once: the simplified
    graph (the first root is vertex 0), the roots' vertices in it, and the comparison
    table of the graph as it was *before* the last (no-change) pass, indexed like it.

    The returned table compares the vertices of the returned graph.
    """
    g, roots = pack_roots(g, roots)
    for _ in range(MAX_PASSES):
        check_time()
        table, rep = _table(g)
        after = _one_pass(g, table)
        if after is None:
            fused = fuse(g, rep)
            packed, new_roots = pack_roots(fused, [rep[r] for r in roots])
            if len(packed) == len(g):
                return packed, new_roots, _table(packed)[0]
            g, roots = packed, new_roots
            continue
        after, roots = pack_roots(after, roots)
        if any(not is_stopper(after, r) for r in roots):  # cannot happen for stoppers
            raise UnsupportedError("simplifying the stopper made it loop: please report it")
        g = after
    raise UnsupportedError(f"the stopper did not simplify within {MAX_PASSES:,} passes")


#: Graphs with more vertices than this are compared with array operations.
_ARRAYS_FROM = 48


def _table(g: Graph) -> tuple[list[list[bool]], list[int]]:
    """The comparison table of ``g`` with itself, and for each vertex the lowest-numbered
    vertex of equal value."""
    n = len(g)
    if n < _ARRAYS_FROM:
        table = leq_table(g, g)
        rep = [next(u for u in range(v + 1) if table[u][v] and table[v][u]) for v in range(n)]
        return table, rep
    tab = leq_table_np(g, g)
    return tab.tolist(), (tab & tab.T).argmax(axis=0).tolist()
