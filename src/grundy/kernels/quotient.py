"""Inner loops of the misère quotient builder (pure Python; lists and ints in, lists out).

Sums of heaps are *words*: exponent vectors over a list of generators (heaps in
increasing order). Words are visited in **colex order**, the order of Plambeck and
Siegel's MisereSolver: the exponent of the largest heap is the most significant, so
every option of a sum (one heap replaced by smaller ones) comes before the sum. The
walk is an odometer: position ``d`` is incremented while that gives something new,
then it carries to ``d + 1``. A word whose state was met before (same element, or
same element and no fewer options) is skipped together with every word that extends
it, since their states were met before too.

Every loop reports its steps to ``tick(steps)`` every :data:`TICK` steps; ``tick``
may raise to stop the work (bounds, deadlines). :func:`n_failure` and
:func:`mark_colex` run in C (``src/grundy/_core/quotient.c``) when the compiled core
is there; the functions here are their pure-Python twins (``.py_func``).

>>> import numpy as np
>>> mul = np.array([[0, 1], [1, 0]])     # misère Nim's heaps of size 1: a² = 1, P = {a}
>>> least_words(mul, [1], _no_tick)
[(0,), (1,)]
>>> n_failure(mul, [False, True], [1], [frozenset({0})], None, _no_tick, None)
>>> n_failure(mul, [False, False], [1], [frozenset({0})], None, _no_tick, None)  # a: no move to P
(1,)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import filterfalse
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.kernels._core import twin

__all__ = ["TICK", "Table", "Tick", "least_words", "mark_colex", "n_failure", "refine"]

#: Steps between two calls of ``tick``.
TICK = 4096

Tick = Callable[[int], None]
#: Monoid tables are n × n int32 arrays (``table[x, y]`` = xy).
Table = npt.NDArray[np.int32]


def _no_tick(steps: int) -> None:
    """A ``tick`` that never stops anything."""


def least_words(table: Table, gens: Sequence[int], tick: Tick) -> list[tuple[int, ...] | None]:
    """For each element of the monoid ``table``, the colex-least word in the generator
    elements ``gens`` reaching it (None when no word does)."""
    n, m = len(table), len(gens)
    cols = [table[:, g].tolist() for g in gens]
    words: list[tuple[int, ...] | None] = [None] * n
    words[0] = (0,) * m
    exps = [0] * m
    cur = [0] * (m + 1)
    d, steps = 0, 0
    while d < m:
        steps += 1
        if steps >= TICK:
            tick(steps)
            steps = 0
        x = cols[d][cur[d]]
        if words[x] is not None:
            exps[d] = 0
            cur[d] = cur[d + 1]
            d += 1
            continue
        exps[d] += 1
        words[x] = tuple(exps)
        for k in range(d + 1):
            cur[k] = x
        d = 0
    tick(steps)
    return words


def _mark_compiled(
    fast: Callable[..., Any],
    acts: npt.NDArray[np.int64],
    options: Sequence[Sequence[Sequence[int]]],
    size: int,
    tick: Tick,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    flat = [list(o) for opts in options for o in opts]
    ooff = np.cumsum([0, *(len(opts) for opts in options)], dtype=np.int64)
    ioff = np.cumsum([0, *(len(o) for o in flat)], dtype=np.int64)
    items = np.array([g for o in flat for g in o], dtype=np.int64)
    order = np.empty(size, dtype=np.int64)
    status = np.zeros(size, dtype=np.uint8)
    flat_acts = np.ascontiguousarray(acts, dtype=np.int64).reshape(len(options), size)
    count = fast(flat_acts, ooff, ioff, items, order, status, tick)
    return order[:count], status.view(np.bool_)


@twin("quotient_mark_colex", _mark_compiled)
def mark_colex(
    acts: npt.NDArray[np.int64],
    options: Sequence[Sequence[Sequence[int]]],
    size: int,
    tick: Tick,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The elements of a monoid reachable from 0 (in colex order of their least words)
    and the P-portion they define: an element is P when the options of its least word
    (a non-empty one) all lie outside P.

    ``acts[j][u]`` is ``u`` times generator ``j`` (an array of shape ``(m, size)``,
    elements ``0..size-1``, identity 0); ``options[j]`` lists the options of generator
    ``j``'s heap, each as the generators of its heaps. Returns ``(order, status)`` as
    arrays: ``status`` has ``size`` entries (False where unreached).
    """
    m = len(options)
    rows = np.asarray(acts).reshape(m, size).tolist()
    seen = bytearray(size)
    status = [False] * size
    seen[0] = 1
    order = [0]
    empty: frozenset[int] = frozenset()
    exps = [0] * m
    cur = [0] * (m + 1)
    trans: list[frozenset[int]] = [empty] * (m + 1)
    d, steps = 0, 0
    while d < m:
        steps += 1
        y = cur[d]
        act = rows[d]
        x = act[y]
        if seen[x]:
            exps[d] = 0
            cur[d] = cur[d + 1]
            trans[d] = trans[d + 1]
            d += 1
            continue
        new = set(map(act.__getitem__, trans[d]))
        for option in options[d]:
            z = y
            for g in option:
                z = rows[g][z]
            new.add(z)
        steps += len(new)
        if steps >= TICK:
            tick(steps)
            steps = 0
        t_new = frozenset(new)
        seen[x] = 1
        order.append(x)
        status[x] = not any(map(status.__getitem__, t_new))
        exps[d] += 1
        for k in range(d + 1):
            cur[k] = x
            trans[k] = t_new
        d = 0
    tick(steps)
    return np.array(order, dtype=np.int64), np.array(status, dtype=np.bool_)


def _n_failure_compiled(  # noqa: PLR0917 - kernels take positional arguments
    fast: Callable[..., Any],
    table: Table,
    is_p: Sequence[bool],
    gens: Sequence[int],
    trans: Sequence[frozenset[int]],
    bound: tuple[int, ...] | None,
    tick: Tick,
    minimal: list[list[frozenset[int]]] | None,
) -> tuple[int, ...] | None:
    lists = [sorted(t) for t in trans]
    toff = np.cumsum([0, *(len(t) for t in lists)], dtype=np.int64)
    titems = np.array([x for t in lists for x in t], dtype=np.int64)
    return fast(  # type: ignore[no-any-return]
        np.ascontiguousarray(table, dtype=np.int32),
        np.asarray(is_p, dtype=np.uint8),
        np.asarray(gens, dtype=np.int64),
        toff,
        titems,
        None if bound is None else np.asarray(bound, dtype=np.int64),
        tick,
        minimal,
    )


@twin("quotient_n_failure", _n_failure_compiled)
def n_failure(  # noqa: PLR0917 - kernels take positional arguments
    table: Table,
    is_p: Sequence[bool],
    gens: Sequence[int],
    trans: Sequence[frozenset[int]],
    bound: tuple[int, ...] | None,
    tick: Tick,
    minimal: list[list[frozenset[int]]] | None,
) -> tuple[int, ...] | None:
    """The colex-least word (exponents over ``gens``) that is not in P although none of
    its options is (an *N-failure*), among the words below ``bound`` (a word over
    ``gens``, or None for all); None when there is none.

    Generator ``j`` is the element ``gens[j]`` whose heap's options are ``trans[j]``.
    A word is skipped when an earlier word reached the same element with a subset of
    its options (Siegel's pruning). ``minimal``, when given, receives per element the
    minimal option sets met (all of them when the result is None).
    """
    n, m = len(table), len(gens)
    pset = frozenset(x for x in range(n) if is_p[x])
    cols = [table[:, g].tolist() for g in gens]
    # near[j][y]: the elements y·T(g_j), computed when first needed.
    near: list[list[frozenset[int] | None]] = [[None] * n for _ in trans]
    tlists = [list(tr) for tr in trans]
    known: list[list[frozenset[int]]] = [[] for _ in range(n)] if minimal is None else minimal
    rbound = None if bound is None else list(reversed(bound))
    empty: frozenset[int] = frozenset()
    exps = [0] * m
    cur = [0] * (m + 1)
    tr = [empty] * (m + 1)
    d, steps = 0, 0
    while d < m:
        y = cur[d]
        col = cols[d]
        x = col[y]
        t_old = tr[d]
        ny = near[d][y]
        if ny is None:
            ny = near[d][y] = frozenset(table[y, tlists[d]].tolist())
        new = frozenset(map(col.__getitem__, t_old)) | ny if t_old else ny
        kx = known[x]
        steps += 1 + len(t_old) + len(kx)
        if steps >= TICK:
            tick(steps)
            steps = 0
        if kx and any(map(new.issuperset, kx)):
            exps[d] = 0
            cur[d] = cur[d + 1]
            tr[d] = tr[d + 1]
            d += 1
            continue
        exps[d] += 1
        if rbound is not None and exps[::-1] >= rbound:
            break
        if kx:
            kx[:] = list(filterfalse(new.issubset, kx))
        kx.append(new)
        if not is_p[x] and new.isdisjoint(pset):
            tick(steps)
            return tuple(exps)
        for k in range(d + 1):
            cur[k] = x
            tr[k] = new
        d = 0
    tick(steps)
    return None


def _refine_compiled(
    fast: Callable[..., Any],
    start: npt.NDArray[np.int64],
    acts: npt.NDArray[np.int64],
    tick: Tick,
) -> npt.NDArray[np.int64]:
    size = len(start)
    out = np.empty(size, dtype=np.int64)
    flat = np.ascontiguousarray(acts, dtype=np.int64).reshape(-1)
    fast(np.ascontiguousarray(start, dtype=np.int64), flat, out, tick)
    return out


@twin("quotient_refine", _refine_compiled)
def refine(
    start: npt.NDArray[np.int64], acts: npt.NDArray[np.int64], tick: Tick
) -> npt.NDArray[np.int64]:
    """Moore's algorithm: the coarsest partition of ``0..len(start)-1`` that refines the
    classes ``start`` (integers >= 0) and is stable under the maps ``acts`` (shape
    ``(m, size)``); classes numbered ``0, 1, ...`` by first appearance.

    Each round sorts the elements by (class, classes of their images) once; it stops
    when a round makes no new class.

    >>> refine(np.array([0, 1, 0, 1]), np.array([[1, 2, 3, 0]]), _no_tick).tolist()
    [0, 1, 0, 1]
    >>> refine(np.array([0, 0, 0, 1]), np.array([[1, 2, 3, 3]]), _no_tick).tolist()
    [0, 1, 2, 3]
    """
    size = len(start)
    if not size:
        return np.zeros(0, dtype=np.int64)
    maps = np.asarray(acts, dtype=np.int64).reshape(-1, size)
    cls = np.unique(np.asarray(start, dtype=np.int64), return_inverse=True)[1].ravel()
    count = int(cls.max()) + 1
    while True:
        tick(size * (1 + len(maps)))
        keys = np.stack([cls, *(cls[a] for a in maps)])
        order = np.lexsort(keys[::-1])
        ranked = keys[:, order]
        step = np.empty(size, dtype=np.int64)
        step[0] = 0
        step[1:] = (ranked[:, 1:] != ranked[:, :-1]).any(axis=0)
        new = np.empty(size, dtype=np.int64)
        new[order] = np.cumsum(step)
        new_count = int(new.max()) + 1
        if new_count == count:
            break
        cls, count = new, new_count
    _, first, inverse = np.unique(cls, return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(len(first))
    out: npt.NDArray[np.int64] = rank[inverse.ravel()]
    return out
