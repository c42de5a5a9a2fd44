"""The onside and offside of a loopy game (Winning Ways, ch. 11; Siegel, *Combinatorial
Game Theory*, ch. VI).

A game ``G`` is *stopper-sided* when it has an onside ``S`` and an offside ``T`` that are
stoppers: ``G`` plays like ``S`` when endless play counts as a win for Left, like ``T``
when it counts for Right. Its value is written ``S & T``.

Winning Ways finds the sides by *sidling*: start every follower at ``on`` and replace it,
round after round, by ``{its Left options | its Right options}``. The rounds converge to
the onside but need not reach it in finitely many rounds (they can approach ``over`` as
``1, 1/2, 1/4, ...``). So, like CGSuite, grundy finds the sides by transforming the game
graph itself, keeping its side, until it is a stopper; every step, and the answer, is
checked by the comparison of sides (:mod:`grundy.cgt.loopy.sidecmp`), so a side given is
the side. For the onside (the offside is ``-(onside of -G)``):

1. *Unravel* Right's cyclic moves (a Right move on an alternating cycle): ``U_n`` is ``G``
   in which Right may make at most ``n`` of them in all. ``U_n`` is a stopper whose onside
   is at least ``G``'s; when it is equal, ``U_n`` is the onside.
2. Else *settle followers*: each follower whose ``U_1`` has the follower's onside is
   replaced by that stopper, round after round (fewer loops left, more followers
   settle); this finds the onside of Backsliding Toads and Frogs ``ttt..fff``.
3. Else *prune*: remove, one by one, the edges on alternating cycles whose removal keeps
   the onside (CGSuite's "irrelevant cyclic edges"); a pruned graph that is a stopper is
   the onside (this finds ``{over|0}``, the limit of the unravelled ``{1/2^n|0}``).
4. Else unravel the pruned graph with ``n = 1, 2, 4, ...`` up to ``2 v^2`` (``v`` its
   vertices; a Left strategy with a bounded memory in the comparison uses at most that
   many of Right's cyclic moves), within the pair limit and the time limit.

When none of these gives a stopper, :class:`NotSettledError` says so; Bach's Carousel,
whose sides are not stoppers, is one such game. That no stopper side exists is then
likely but not proved (no complete theory exists: CGSuite's documentation says as much).

>>> from grundy.cgt.loopy.notation import parse_loopy, format_stopper
>>> g, s = parse_loopy("dud")
>>> [format_stopper(*side(g, s, on)) for on in (True, False)]
['on', 'off']
>>> g, s = parse_loopy("tis")
>>> [format_stopper(*side(g, s, on)) for on in (True, False)]
['1', '0']
"""

from __future__ import annotations

from grundy.cgt.loopy.compare import MAX_PAIRS
from grundy.cgt.loopy.graph import Graph, is_stopper, pack
from grundy.cgt.loopy.sidecmp import side_leq
from grundy.cgt.loopy.simplify import simplify_roots
from grundy.core.limits import check_time
from grundy.errors import UnsupportedError

__all__ = [
    "MAX_PRUNE_WORK",
    "NotSettledError",
    "cyclic_edges",
    "prune",
    "settle_followers",
    "side",
    "unravel",
]

#: Pruning tries each edge on an alternating cycle with a comparison of ``v^2`` pairs
#: (``v`` vertices); graphs where one pass would cost more pairs than this are not pruned.
MAX_PRUNE_WORK = 5_000_000


class NotSettledError(UnsupportedError):
    """No stopper side was found: the game is not stopper-sided as far as grundy can tell."""


def _components(g: Graph) -> list[int]:
    """The strongly connected component of each alternating state ``2v + mover`` (mover 0
    Left, 1 Right; a move leads to the state of the other mover), by Tarjan's algorithm
    with an explicit stack."""
    size = 2 * len(g)

    def succ(s: int) -> tuple[int, ...]:
        v, mover = divmod(s, 2)
        return tuple(2 * w + 1 - mover for w in (g.left[v] if mover == 0 else g.right[v]))

    index = [-1] * size
    low = [0] * size
    comp = [-1] * size
    on_stack = [False] * size
    stack: list[int] = []
    counter = 0
    ncomp = 0
    for root in range(size):
        if index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(succ(root)))]
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    p = work[-1][0]
                    low[p] = min(low[p], low[v])
                if low[v] == index[v]:
                    while True:
                        x = stack.pop()
                        on_stack[x] = False
                        comp[x] = ncomp
                        if x == v:
                            break
                    ncomp += 1
            elif index[w] < 0:
                index[w] = low[w] = counter
                counter += 1
                stack.append(w)
                on_stack[w] = True
                work.append((w, iter(succ(w))))
            elif on_stack[w]:
                low[v] = min(low[v], index[w])
    return comp


def cyclic_edges(g: Graph) -> list[tuple[int, str, int]]:
    """The edges ``(v, side, w)`` that lie on an alternating cycle (play that can repeat
    with the players alternating).

    >>> cyclic_edges(Graph(((0,),), ((0,),)))       # dud: both passes
    [(0, 'L', 0), (0, 'R', 0)]
    >>> cyclic_edges(Graph(((1,), ()), ((0,), ())))  # over = {0|pass}: none
    []
    """
    comp = _components(g)
    out: list[tuple[int, str, int]] = []
    for v in range(len(g)):
        out.extend((v, "L", w) for w in g.left[v] if comp[2 * v] == comp[2 * w + 1])
        out.extend((v, "R", w) for w in g.right[v] if comp[2 * v + 1] == comp[2 * w])
    return out


def unravel(g: Graph, n: int) -> Graph:
    """``U_n``: the game at vertex 0 of ``g`` in which Right may make at most ``n`` moves on
    alternating cycles in all (vertex ``(v, k)``: at ``v`` with ``k`` such moves left). A
    stopper (every alternating cycle of ``g`` has such a Right move), packed, start 0.

    >>> u = unravel(Graph(((0,),), ((0,),)), 1)   # dud, Right may pass once
    >>> len(u), u.left, u.right
    (2, ((0,), (1,)), ((1,), ()))
    """
    out, roots = _unravel_all(g, n)
    return pack(out, roots[0])


def _unravel_all(g: Graph, n: int) -> tuple[Graph, list[int]]:
    """``U_n`` of every vertex of ``g`` at once: the graph, and ``(v, n)``'s vertex for each
    ``v``."""
    size = len(g)
    if (n + 1) * size > MAX_PAIRS:
        raise UnsupportedError(f"unravelling {size:,} vertices {n:,} times is too large")
    cyclic = {(v, w) for v, side, w in cyclic_edges(g) if side == "R"}
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    for k in range(n + 1):
        for v in range(size):
            left.append(tuple(k * size + w for w in g.left[v]))
            right.append(
                tuple(
                    (k - 1 if (v, w) in cyclic else k) * size + w
                    for w in g.right[v]
                    if k > 0 or (v, w) not in cyclic
                )
            )
    return Graph(tuple(left), tuple(right)), [n * size + v for v in range(size)]


def settle_followers(g: Graph) -> Graph:
    """``g`` (start 0) with every follower whose onside ``U_1`` finds replaced by that
    stopper (in simplest form), round after round until the game is a stopper or no
    follower settles; packed, start 0. Replacing a follower by a stopper of the same
    onside keeps the onside of the whole (the answer is checked again all the same).

    A round costs one simplification of ``U_1`` and one comparison of each loopy follower
    with its candidate, which is small once simplified: this reaches graphs of hundreds
    of vertices (Backsliding Toads and Frogs ``ttt..fff``, 560) where pruning cannot.
    """
    g = pack(g, 0)
    while not is_stopper(g, 0):
        check_time()
        u, roots = _unravel_all(g, 1)
        canon, croots, _t = simplify_roots(u, roots)
        loopy = set(_loopy_vertices(g))
        settled = [
            v
            for v in range(len(g))
            if v in loopy and side_leq(pack(canon, croots[v]), 0, g, v, True)
        ]
        if not settled:
            break
        size = len(g)
        left = [list(e) for e in g.left]
        right = [list(e) for e in g.right]
        for v in settled:
            left[v] = [size + w for w in canon.left[croots[v]]]
            right[v] = [size + w for w in canon.right[croots[v]]]
        left.extend([size + w for w in e] for e in canon.left)
        right.extend([size + w for w in e] for e in canon.right)
        g = pack(Graph.of(left, right), 0)
    return g


def _loopy_vertices(g: Graph) -> list[int]:
    """The vertices with a cyclic edge (on an alternating cycle)."""
    return sorted({v for v, _side, _w in cyclic_edges(g)})


def prune(g: Graph) -> Graph:
    """``g`` (start 0) with edges on alternating cycles removed one by one while the onside
    stays the same, until no such removal is possible; packed, start 0.

    >>> from grundy.cgt.loopy.notation import format_stopper, parse_loopy
    >>> g = Graph(((1,), (0, 2), ()), ((0, 2), (1,), (0, 1)))
    >>> p = prune(g)
    >>> is_stopper(p, 0), format_stopper(*simplify_roots(p, [0])[:1], 0)
    (True, '{over|0}')
    """
    g = pack(g, 0)
    changed = True
    while changed:
        changed = False
        edges = cyclic_edges(g)
        if len(edges) * len(g) ** 2 > MAX_PRUNE_WORK:
            raise UnsupportedError(
                f"pruning {len(edges):,} cyclic edges of a graph of {len(g):,} vertices "
                f"would compare more than {MAX_PRUNE_WORK:,} pairs"
            )
        for v, side, w in edges:
            check_time()
            left = [list(e) for e in g.left]
            right = [list(e) for e in g.right]
            targets = left[v] if side == "L" else right[v]
            if w not in targets:
                continue
            targets.remove(w)
            h = Graph.of(left, right)
            # removing a Left edge can only lower the onside, a Right edge only raise it
            keeps = side_leq(g, 0, h, 0, True) if side == "L" else side_leq(h, 0, g, 0, True)
            if keeps:
                g = h
                changed = True
        g = pack(g, 0)
    return g


def _onside(g: Graph) -> Graph:
    """The onside of the game at vertex 0 of ``g`` (not a stopper), as an unsimplified
    stopper graph (start 0)."""
    u = unravel(g, 1)
    if side_leq(u, 0, g, 0, True):
        return u
    tried = "after unravelling"
    try:
        h = settle_followers(g)
        if is_stopper(h, 0) and side_leq(h, 0, g, 0, True) and side_leq(g, 0, h, 0, True):
            return h
        h = prune(h)
    except UnsupportedError as e:
        raise NotSettledError(f"no stopper onside found ({tried}; {e})") from None
    if is_stopper(h, 0) and side_leq(h, 0, g, 0, True) and side_leq(g, 0, h, 0, True):
        return h
    n = 1
    cap = 2 * len(h) ** 2
    while n <= cap:
        if (n + 1) * len(h) * len(h) > MAX_PAIRS:
            raise NotSettledError(
                f"no stopper onside found (pruned, unravelled up to {n // 2:,} times; "
                f"more would compare more than {MAX_PAIRS:,} pairs)"
            )
        u = unravel(h, n)
        if side_leq(u, 0, h, 0, True) and side_leq(u, 0, g, 0, True):
            return u
        n *= 2
    raise NotSettledError(
        f"no stopper onside found: pruning cyclic edges and unravelling cyclic moves "
        f"(up to {n // 2:,} of them) give none"
    )


def side(g: Graph, start: int, onside: bool) -> tuple[Graph, int]:
    """The onside (``onside=True``) or offside of the game at ``start``, in simplest
    form: a packed stopper graph and its start vertex (0).

    Raises :class:`NotSettledError` when no stopper side is found.
    """
    g = pack(g, start)
    if is_stopper(g, 0):
        out, _roots, _t = simplify_roots(g, [0])
        return out, 0
    if onside:
        raw = _onside(g)
    else:
        try:
            raw = _onside(g.negated()).negated()
        except NotSettledError as e:
            raise NotSettledError(str(e).replace("onside", "offside")) from None
    out, _roots, _t = simplify_roots(raw, [0])
    return out, 0
