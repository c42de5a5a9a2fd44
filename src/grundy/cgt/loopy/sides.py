"""Sidling: the onside and offside of a loopy game (Winning Ways, ch. 11).

A game ``G`` is *stopper-sided* when it has an onside ``S`` and an offside ``T``, both
stoppers with ``S >= T``: ``G`` plays like ``S`` when endless play counts as a win for
Left, like ``T`` when it counts for Right. Its value is written ``S & T``.

The sides are found by *sidling in*: every follower that is not a stopper starts at
``on`` (for the onside; ``off`` for the offside) and is replaced, round after round, by
the simplest form of ``{its Left options' approximations | its Right options'}`` (a
follower that is a stopper keeps its own value). The approximations fall (rise) round
by round; when a round changes no value, they are the sides. A game whose rounds do not
settle within :data:`MAX_ROUNDS` is reported as such (its value is not found here: the
rounds can approach a loopy side such as ``over`` = ``{0|pass}`` without reaching it, as
``1, 1/2, 1/4, ...``; a guessed limit is not accepted, since a fixed point of the rounds
need not be the side).

When the rounds settle, the result is the greatest fixed point below ``on`` (the least
above ``off``): every fixed point lies below every round's approximation.

>>> from grundy.cgt.loopy.notation import parse_loopy, format_stopper
>>> g, s = parse_loopy("dud")
>>> [format_stopper(*side(g, s, on)) for on in (True, False)]
['on', 'off']
>>> g, s = parse_loopy("tis")
>>> [format_stopper(*side(g, s, on)) for on in (True, False)]
['1', '0']
"""

from __future__ import annotations

from grundy.cgt.loopy.graph import Graph, alternating_states, pack
from grundy.cgt.loopy.simplify import simplify_roots
from grundy.core.limits import check_time
from grundy.errors import UnsupportedError

__all__ = ["MAX_ROUNDS", "NotSettledError", "side", "stopper_vertices"]

#: Rounds of sidling before the sides are reported as not found.
MAX_ROUNDS = 60


class NotSettledError(UnsupportedError):
    """Sidling did not settle within :data:`MAX_ROUNDS` rounds."""


def stopper_vertices(g: Graph) -> list[bool]:
    """For every vertex: True when no follower of it has endless alternating play."""
    n = len(g)
    bad = alternating_states(g)
    looping = [False] * n
    rev: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        for w in (*g.left[v], *g.right[v]):
            rev[w].append(v)
    stack = list({v for v, _ in bad})
    for v in stack:
        looping[v] = True
    while stack:
        v = stack.pop()
        for p in rev[v]:
            if not looping[p]:
                looping[p] = True
                stack.append(p)
    return [not x for x in looping]


def side(g: Graph, start: int, onside: bool) -> tuple[Graph, int]:
    """The onside (``onside=True``) or offside of the game at ``start``, in simplest
    form: a packed stopper graph and its start vertex (0).

    Raises :class:`NotSettledError` when the rounds do not settle.
    """
    g = pack(g, start)
    n = len(g)
    stop = stopper_vertices(g)
    if stop[0]:
        out, _roots, _t = simplify_roots(g, [0])
        return out, 0
    loopy = [v for v in range(n) if not stop[v]]
    # the approximation graph: vertex 0 is on (or off); approx[v] is v's vertex in it
    prev = Graph(((0,),), ((),)) if onside else Graph(((),), ((0,),))
    approx = dict.fromkeys(loopy, 0)
    for _ in range(MAX_ROUNDS):
        check_time()
        # H: g's vertices (stoppers keep their edges), then one new vertex per loopy
        # vertex, then the previous approximations
        base_new, base_prev = n, n + len(loopy)
        slot = {v: base_new + i for i, v in enumerate(loopy)}

        def target(w: int, base_prev: int = base_prev, approx: dict[int, int] = approx) -> int:
            return w if stop[w] else base_prev + approx[w]

        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []
        for v in range(n):
            if stop[v]:
                left.append(g.left[v])
                right.append(g.right[v])
            else:
                left.append(())
                right.append(())
        for v in loopy:
            left.append(tuple(dict.fromkeys(target(w) for w in g.left[v])))
            right.append(tuple(dict.fromkeys(target(w) for w in g.right[v])))
        for v in range(len(prev)):
            left.append(tuple(base_prev + w for w in prev.left[v]))
            right.append(tuple(base_prev + w for w in prev.right[v]))
        h = Graph(tuple(left), tuple(right))
        roots = [slot[v] for v in loopy] + [base_prev + approx[v] for v in loopy]
        out, new_roots, table = simplify_roots(h, roots)
        k = len(loopy)
        fresh, old = new_roots[:k], new_roots[k:]
        if all(table[a][b] and table[b][a] for a, b in zip(fresh, old, strict=True)):
            first = fresh[loopy.index(0)]
            return pack(out, first), 0
        prev = out
        approx = {v: fresh[i] for i, v in enumerate(loopy)}
    raise NotSettledError(
        f"sidling the {'onside' if onside else 'offside'} did not settle within {MAX_ROUNDS} rounds"
    )
