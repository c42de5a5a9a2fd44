"""Exact check that a finite monoid with a P-portion describes a heap game's misère sums.

A *pretension* is a finite commutative monoid ``Q`` (a multiplication table,
identity 0), a subset ``P`` of it and a pretending function ``phi`` from heaps
to ``Q``. It is *valid* when, for every sum ``w`` of heaps, the player to move
loses ``w`` under misère play exactly when ``phi(w)`` lies in ``P``.

Write ``T(w)`` for the set of elements ``phi(w')`` over the options ``w'`` of
``w``. By induction on ``w``, validity is the local condition

    phi(w) in P  <=>  T(w) is non-empty and misses P        (for every w)

and ``T`` obeys ``T(w + h) = T(w)·phi(h) ∪ phi(w)·T(h)``. Two checks decide
the condition for all (infinitely many) sums:

* **P-check** (``phi(w) in P`` implies no option in P): for every element ``y``
  reachable as ``phi(u)`` and every heap ``h``, if ``y·phi(h)`` is in P then no
  ``y·t`` (``t`` in ``T(h)``) is; and the identity is not in P.
* **N-check** (``phi(w)`` not in P implies a move to P, unless ``w`` is over): a
  walk over sums in colex order (:func:`grundy.kernels.quotient.n_failure`). A
  sum whose element was met with a subset of its options is skipped with all its
  extensions, since their options only grow (Siegel's MisereSolver prunes the
  same way); there are finitely many (element, option set) pairs, so it ends.

Failures are *least* in colex order (the largest heap counts most), as in
MisereSolver: the builder repairs the least failing sum first.

>>> mul = [[0, 1], [1, 0]]          # {1, a} with a² = 1, P = {a}: misère Nim's heaps of size 1
>>> find_failure(mul, [False, True], [0, 1], [frozenset(), frozenset({0})]) is None
True
>>> find_failure(mul, [True, False], [0, 1], [frozenset(), frozenset({0})])
()
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grundy.core.limits import now
from grundy.kernels.quotient import Table, Tick, least_words, n_failure
from grundy.quotient.bounds import Budget, QuotientLimitError, QuotientTimeLimitError
from grundy.quotient.monoid import Pretension

__all__ = ["DEFAULT_MAX_STATES", "Checker", "find_failure", "reachable"]

#: The N-check gives up (QuotientLimitError) after this many steps.
DEFAULT_MAX_STATES = 400_000_000


def reachable(
    mul: Sequence[Sequence[int]],
    gens: Sequence[tuple[int, int]],
    budget: Budget | None = None,
) -> dict[int, tuple[int, ...]]:
    """Elements reachable from the identity by ``gens`` (``(element, heap)`` pairs), each with
    a shortest word of heaps reaching it."""
    words: dict[int, tuple[int, ...]] = {0: ()}
    frontier = [0]
    while frontier:
        nxt = []
        if budget is not None:
            budget.spend(len(frontier) * len(gens))
        for x in frontier:
            for g, h in gens:
                y = mul[x][g]
                if y not in words:
                    words[y] = (*words[x], h)
                    nxt.append(y)
        frontier = nxt
    return words


class Checker:
    """The least failing sum of one pretension (see the module docstring).

    ``gens`` are the distinct ``(phi(h), T(h))`` pairs of heaps with a move, in heap order
    (the smallest heap of each kept: it gives the least sums); words are exponent vectors
    over them, and :meth:`heaps` turns one into a sorted tuple of heaps.
    """

    def __init__(  # noqa: PLR0917 - the parts of a pretension
        self,
        mul: Sequence[Sequence[int]] | Table,
        is_p: Sequence[bool],
        phi: Sequence[int],
        trans: Sequence[frozenset[int]],
        table: Table | None = None,
        pret: Pretension | None = None,
    ) -> None:
        if len(phi) != len(trans) or any(x and not t for x, t in zip(phi, trans, strict=True)):
            raise ValueError("a heap without options must pretend to be the identity")
        self.mul, self.is_p = mul, is_p
        seen: dict[tuple[int, frozenset[int]], int] = {}
        for h, (x, t) in enumerate(zip(phi, trans, strict=True)):
            if t and (x, t) not in seen:
                seen[(x, t)] = h
        pairs = sorted(seen.items(), key=lambda item: item[1])
        self.gens = [x for (x, _), _ in pairs]
        self.trans = [t for (_, t), _ in pairs]
        self.gen_heaps = [h for _, h in pairs]
        # The walks multiply only by generators and option elements: n × k columns of the
        # table (from the generators' actions when there is no table: O(n·k) memory).
        need = sorted(set(self.gens).union(*self.trans)) or [0]
        if pret is not None:
            cols = pret.columns(need)
        else:
            full = np.asarray(mul, dtype=np.int32) if table is None else table
            cols = full[:, need]
        self.cols: Table = np.ascontiguousarray(cols, dtype=np.int32)
        where = {x: i for i, x in enumerate(need)}
        self.gen_cols = [where[g] for g in self.gens]
        self.trans_cols = [frozenset(where[t] for t in ts) for ts in self.trans]

    def heaps(self, word: Sequence[int]) -> tuple[int, ...]:
        """The sum of heaps a word over the generators stands for, sorted."""
        return tuple(h for h, e in zip(self.gen_heaps, word, strict=True) for _ in range(e))

    def p_failure(self, budget: Budget | None = None) -> tuple[int, ...] | None:
        """The least word ``u + h`` with ``phi(u + h)`` in P and an option ``phi(u)·t`` in P."""
        n, m = len(self.is_p), len(self.gens)
        tick = _ticker(budget, None)
        if self.is_p[0]:
            return (0,) * m
        pm = np.asarray(self.is_p, dtype=bool)[self.cols]
        words = least_words(self.cols, self.gen_cols, tick)
        tick(n * m)
        best: list[int] | None = None
        for j, (g, t) in enumerate(zip(self.gen_cols, self.trans_cols, strict=True)):
            bad = pm[:, g] & pm[:, sorted(t)].any(axis=1)
            for x in np.flatnonzero(bad).tolist():
                w = words[x]
                if w is None:
                    continue
                word = list(w)
                word[j] += 1
                key = word[::-1]
                if best is None or key < best:
                    best = key
        return None if best is None else tuple(best[::-1])

    def failure(
        self,
        budget: Budget | None = None,
        max_states: int = DEFAULT_MAX_STATES,
        deadline: float | None = None,
        minimal: list[list[frozenset[int]]] | None = None,
    ) -> tuple[int, ...] | None:
        """The least failing word, or None when the pretension is valid (``minimal`` then
        holds, per element, the minimal option sets of the sums reaching it)."""
        pf = self.p_failure(budget)
        if pf is not None and not any(pf):
            return pf
        tick = _ticker(budget, deadline, max_states)
        nf = n_failure(self.cols, self.is_p, self.gen_cols, self.trans_cols, pf, tick, minimal)
        return nf if nf is not None else pf


def _ticker(budget: Budget | None, deadline: float | None, most: int | None = None) -> Tick:
    used = 0

    def tick(steps: int) -> None:
        nonlocal used
        used += steps
        if budget is not None:
            budget.spend(steps)
        if most is not None and used > most:
            raise QuotientLimitError(
                f"the exact check of a quotient passed {most:,} steps (raise it with max_states=)",
                most,
            )
        if deadline is not None and now() > deadline:
            raise QuotientTimeLimitError("time limit reached in the exact check of a quotient")

    return tick


def find_failure(
    mul: Sequence[Sequence[int]],
    is_p: Sequence[bool],
    phi: Sequence[int],
    trans: Sequence[frozenset[int]],
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> tuple[int, ...] | None:
    """None when the pretension is valid, else the least sum of heaps (sorted) it gets wrong.

    ``trans[h]`` is the set of elements of the options of heap ``h``; heaps without
    options must have ``phi[h] == 0`` (ValueError otherwise). Raises
    :class:`~grundy.errors.SearchLimitError` past ``max_states`` steps of the N-check,
    :class:`~grundy.quotient.bounds.QuotientLimitError` past the ``deadline`` or the
    ``budget``: never a guess.
    """
    checker = Checker(mul, is_p, phi, trans)
    word = checker.failure(budget, max_states, deadline)
    return None if word is None else checker.heaps(word)
