"""The compiled inner loops of :func:`grundy.hackenbush.values.analyse` for big pictures
(``hackenbush.c``), with their pure-Python twins (``.py_func``).

:func:`decompose_kernel` sees only numpy arrays and ints: the edges as local
vertex numbers, the root, and a value to add at each vertex. It finds bridges
with one iterative depth-first search, numbers the 2-edge-connected parts in
discovery order and computes every part's value bottom-up (the same steps as
:func:`grundy.hackenbush.values._decompose`, which the tests compare it with).

>>> import numpy as np
>>> out = decompose_kernel(3, np.array([0, 1, 1]), np.array([1, 2, 2]),
...                        np.array([1, 1, 1]), 0, np.zeros(3, np.int64))
>>> int(out[8][0])  # g of the ground's part: a stalk under a 2-cycle, 0 + 1
1
>>> out_py = decompose_kernel.py_func(3, np.array([0, 1, 1]), np.array([1, 2, 2]),
...                                   np.array([1, 1, 1]), 0, np.zeros(3, np.int64))
>>> all(a.tolist() == b.tolist() for a, b in zip(out, out_py))
True
>>> reach_kernel(4, np.array([0, 2]), np.array([1, 3]), 0).tolist()
[True, True, False, False]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.kernels._core import twin

__all__ = ["bridge_cuts_kernel", "compiled", "decompose_kernel", "reach_kernel"]


def compiled() -> bool:
    """True when the kernels run compiled (the compiled core active, ``GRUNDY_PURE_PYTHON``
    unset); read at each call, so a test may set the variable."""
    from grundy.kernels._core import core_module  # noqa: PLC0415 (cheap; import cycle-free)

    return core_module() is not None


def _ints(a: Any) -> Any:
    return np.ascontiguousarray(a, dtype=np.int64)


def _incidence(n: int, eu: Any, ev: Any) -> tuple[Any, Any]:
    """The edges (not loops) at each vertex: ``adj[deg[x]:deg[x + 1]]`` are the numbers of
    those at ``x``, in edge order."""
    m = eu.shape[0]
    deg = np.zeros(n + 1, np.int64)
    for i in range(m):
        if eu[i] != ev[i]:
            deg[eu[i] + 1] += 1
            deg[ev[i] + 1] += 1
    for x in range(n):
        deg[x + 1] += deg[x]
    start = deg.copy()
    adj = np.empty(deg[n], np.int64)
    for i in range(m):
        if eu[i] != ev[i]:
            adj[start[eu[i]]] = i
            start[eu[i]] += 1
            adj[start[ev[i]]] = i
            start[ev[i]] += 1
    return deg, adj


def _decompose_compiled(  # noqa: PLR0917
    fast: Callable[..., Any], n: int, eu: Any, ev: Any, ew: Any, root: int, vx: Any
) -> tuple[Any, ...]:
    eu, ev, ew, vx = _ints(eu), _ints(ev), _ints(ew), _ints(vx)
    tin, vsize, comp, pe = (np.empty(n, np.int64) for _ in range(4))
    bridge = np.empty(len(eu), np.bool_)
    top, parent, up_edge, parity, g, contrib = (np.empty(n, np.int64) for _ in range(6))
    k = fast(n, eu, ev, ew, root, vx, tin, vsize, comp, bridge, top, parent, up_edge,
             parity, g, contrib, pe)  # fmt: skip
    return (tin, vsize, comp, bridge, top[:k], parent[:k], up_edge[:k], parity[:k], g[:k],
            contrib[:k], pe)  # fmt: skip


def _reach_compiled(fast: Callable[..., Any], n: int, eu: Any, ev: Any, root: int) -> Any:
    seen = np.empty(n, np.bool_)
    fast(n, _ints(eu), _ints(ev), root, seen)
    return seen


@twin("decompose", _decompose_compiled)
def decompose_kernel(n, eu, ev, ew, root, vx):  # type: ignore[no-untyped-def]  # noqa: PLR0917
    """Bridges, parts and values; returns (tin, vsize, comp, bridge, top, parent,
    up_edge, parity, g, contrib, pe) as arrays (top to contrib per part; pe is
    each vertex's tree edge to its parent, -1 for the root)."""
    m = eu.shape[0]
    deg, adj = _incidence(n, eu, ev)
    tin, low, pe, order, t = _search(n, root, eu, ev, deg, adj)
    bridge, comp, top, parent, up_edge, nparts = _parts(n, m, root, t, eu, ev, order, tin, low, pe)
    vsize = _sizes(n, t, eu, ev, order, pe)
    parity, g, contrib = _values(m, t, nparts, eu, ew, vx, order, comp, bridge, parent, up_edge)
    return (
        tin,
        vsize,
        comp,
        bridge,
        top[:nparts],
        parent[:nparts],
        up_edge[:nparts],
        parity,
        g,
        contrib,
        pe,
    )


def _search(n: int, root: int, eu: Any, ev: Any, deg: Any, adj: Any) -> tuple[Any, ...]:  # noqa: PLR0917
    """Iterative depth-first search from ``root``: (tin, low, pe, order, t): entry times (-1
    when not reached), the least entry time each subtree reaches by one back edge, the tree
    edge each vertex was entered by (-1 for the root), the vertices in order of entry, and
    how many were reached."""
    tin = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    pe = np.full(n, -1, np.int64)
    it = deg[:n].copy()
    order = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    tin[root] = 0
    order[0] = root
    stack[0] = root
    sp = 1
    t = 1
    while sp > 0:
        x = stack[sp - 1]
        k = it[x]
        if k < deg[x + 1]:
            it[x] = k + 1
            i = adj[k]
            if i == pe[x]:
                continue
            y = eu[i] ^ ev[i] ^ x
            ty = tin[y]
            if ty < 0:
                tin[y] = t
                low[y] = t
                order[t] = y
                t += 1
                pe[y] = i
                stack[sp] = y
                sp += 1
            elif ty < low[x]:
                low[x] = ty
        else:
            sp -= 1
            if sp > 0:
                p = stack[sp - 1]
                low[p] = min(low[p], low[x])
    return tin, low, pe, order, t


def _parts(  # noqa: PLR0917
    n: int, m: int, root: int, t: int, eu: Any, ev: Any, order: Any, tin: Any, low: Any, pe: Any
) -> tuple[Any, ...]:
    """(bridge, comp, top, parent, up_edge, nparts): the bridges (a tree edge whose lower
    end's subtree reaches nothing above it), each vertex's part, each part's top vertex,
    parent part and bridge up, and the number of parts."""
    bridge = np.zeros(m, np.bool_)
    comp = np.zeros(n, np.int64)
    top = np.empty(t, np.int64)
    parent = np.empty(t, np.int64)
    up_edge = np.empty(t, np.int64)
    top[0] = root
    parent[0] = -1
    up_edge[0] = -1
    nparts = 1
    for j in range(1, t):
        x = order[j]
        i = pe[x]
        p = eu[i] ^ ev[i] ^ x
        if low[x] == tin[x]:
            bridge[i] = True
            comp[x] = nparts
            parent[nparts] = comp[p]
            up_edge[nparts] = i
            top[nparts] = x
            nparts += 1
        else:
            comp[x] = comp[p]
    return bridge, comp, top, parent, up_edge, nparts


def _sizes(n: int, t: int, eu: Any, ev: Any, order: Any, pe: Any) -> Any:  # noqa: PLR0917
    """The number of vertices of each vertex's subtree in the search, bottom up."""
    vsize = np.ones(n, np.int64)
    for j in range(t - 1, 0, -1):
        x = order[j]
        i = pe[x]
        vsize[eu[i] ^ ev[i] ^ x] += vsize[x]
    return vsize


def _values(  # noqa: PLR0917
    m: int,
    t: int,
    nparts: int,
    eu: Any,
    ew: Any,
    vx: Any,
    order: Any,
    comp: Any,
    bridge: Any,
    parent: Any,
    up_edge: Any,
) -> tuple[Any, Any, Any]:
    """(parity, g, contrib) of the parts, bottom up: the parity of the weights inside, the
    value with everything below, and what the part with its bridge up adds to its parent."""
    parity = np.zeros(nparts, np.int64)
    for i in range(m):
        if not bridge[i]:
            parity[comp[eu[i]]] ^= ew[i] & 1
    g = parity.copy()
    for j in range(t):
        x = order[j]
        g[comp[x]] ^= vx[x]
    contrib = np.zeros(nparts, np.int64)
    for c in range(nparts - 1, 0, -1):
        w = ew[up_edge[c]]
        if w == 1:
            s = g[c] + 1
        elif w % 2 == 0:
            s = g[c]
        else:
            s = g[c] ^ 1
        contrib[c] = s
        g[parent[c]] ^= s
    return parity, g, contrib


@twin("reach", _reach_compiled)
def reach_kernel(n, eu, ev, root):  # type: ignore[no-untyped-def]
    """Which vertices an edge path joins to ``root`` (a boolean array)."""
    deg, adj = _incidence(n, eu, ev)  # a loop joins nothing new: left out
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    seen[root] = True
    stack[0] = root
    sp = 1
    while sp > 0:
        sp -= 1
        x = stack[sp]
        for k in range(deg[x], deg[x + 1]):
            y = eu[adj[k]] ^ ev[adj[k]] ^ x  # the edge's other end
            if not seen[y]:
                seen[y] = True
                stack[sp] = y
                sp += 1
    return seen


def _bridge_cuts_compiled(  # noqa: PLR0917
    fast: Callable[..., Any], parent: Any, up_edge: Any, g: Any, contrib: Any, ew: Any, target: int
) -> tuple[Any, Any]:
    parent = _ints(parent)
    need = np.empty(len(parent), np.int64)
    win = np.empty(len(parent), np.bool_)
    fast(parent, _ints(up_edge), _ints(g), _ints(contrib), _ints(ew), int(target), need, win)
    return need, win


@twin("bridge_cuts", _bridge_cuts_compiled)
def bridge_cuts_kernel(parent, up_edge, g, contrib, ew, target):  # type: ignore[no-untyped-def]  # noqa: PLR0917
    """The top-down pass of ``winning_cuts`` over the parts of ``decompose_kernel``:
    ``need[c]``, the value part ``c`` (with all above it) must take for the whole to be
    worth ``target`` (-1: none can), and ``win[c]``, whether cutting (weight 1) or
    lowering its bridge to its parent part moves to ``target``."""
    nparts = parent.shape[0]
    need = np.full(nparts, -1, np.int64)
    win = np.zeros(nparts, np.bool_)
    need[0] = target
    for c in range(1, nparts):
        p_need = need[parent[c]]
        if p_need < 0:
            continue
        y = g[parent[c]] ^ p_need ^ contrib[c]
        w = ew[up_edge[c]]
        if w == 1:
            win[c] = y == 0
            need[c] = y - 1 if y >= 1 else -1
        else:
            if w == 2:
                s = g[c] + 1  # stalk(1, g)
            elif w % 2 == 1:
                s = g[c]  # stalk of an even weight w - 1
            else:
                s = g[c] ^ 1
            win[c] = s == y
            need[c] = y if w % 2 == 0 else y ^ 1
    return need, win
