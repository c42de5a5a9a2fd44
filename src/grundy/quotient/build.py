"""Build the misère quotient of a heap game heap by heap (Plambeck and Siegel's method).

The builder keeps a *valid, reduced* pretension for the heaps done so far:
the quotient ``Q_{n-1}``, its P-portion and the pretending function (see
:mod:`grundy.quotient.verify`). For the next heap ``n`` it tries, in turn:

1. **Conservative extension**: heap ``n`` pretends to be an element ``x`` of
   ``Q_{n-1}`` and the quotient does not change. Each ``x`` whose outcome
   matches the heap's is checked exactly with :func:`find_failure`; at most one
   can pass.
2. **Expansion**: the monoid is extended by a cyclic monoid ``<g | g^(i+2) = g^i>``
   for heap ``n`` (a direct sum ``Q_{n-1} × C``). Heaps of the old quotient whose
   identifications the new heap breaks are *freed* (given cyclic generators
   of their own) when the exact check returns a sum they get wrong, as
   MisereSolver recalibrates. The P-portion of each candidate is marked from
   the least sum (Dershowitz–Manna order) reaching each element, the candidate
   is reduced (Moore's partition refinement: the coarsest congruence
   respecting P) and checked; the first candidate that passes is ``Q_n``.

Every quotient the builder keeps has passed the exact check, so it is the
quotient whatever the heuristics tried before it.

>>> from grundy.core.game import HeapGame
>>> class Nim(HeapGame):
...     def moves(self, n):
...         return range(n)
>>> b = QuotientBuilder(Nim())
>>> b.extend(3)
>>> len(b.mul), [b.is_p[x] for x in b.phi]
(6, [False, True, False, False])
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.errors import InvalidGameError, SearchLimitError
from grundy.quotient.verify import DEFAULT_MAX_STATES, find_failure, reachable

__all__ = [
    "DEFAULT_MAX_ORDER",
    "Candidate",
    "QuotientBuilder",
    "QuotientLimitError",
    "heap_options",
]

#: Largest quotient kept (SearchLimitError beyond).
DEFAULT_MAX_ORDER = 4096
#: Largest candidate monoid enumerated while expanding.
MAX_CANDIDATE = 300_000
#: Most recalibrations tried for one heap.
MAX_TRIES = 40
#: Largest cyclic index given to a freed heap.
MAX_INDEX = 12

Progress = Callable[[int, int], None]


class QuotientLimitError(SearchLimitError):
    """A quotient computation passed one of its bounds (order, size, time)."""

    def __init__(self, message: str, limit: int = 0) -> None:
        self.limit = limit
        RuntimeError.__init__(self, message)


def heap_options(game: ImpartialGame[int], heap: int) -> list[tuple[int, ...]]:
    """The distinct options of ``heap``, each a sorted tuple of non-zero heaps smaller than it."""
    found: set[tuple[int, ...]] = set()
    for option in game.split_moves(heap):
        parts = tuple(option)
        for part in parts:
            if not isinstance(part, int) or isinstance(part, bool) or not 0 <= part < heap:
                raise InvalidGameError(
                    f"a move from heap {heap} leaves {parts!r}; a misère quotient needs "
                    "options made of smaller heaps"
                )
        found.add(tuple(sorted(p for p in parts if p)))
    return sorted(found)


class QuotientBuilder:
    """The quotient of heaps ``0..done`` of one game, extended on demand.

    ``mul`` (multiplication table, identity 0), ``is_p`` and ``phi`` (heap ->
    element) always form a valid reduced pretension; ``changed_at`` lists the
    heaps at which the quotient grew.
    """

    def __init__(self, game: ImpartialGame[int]) -> None:
        self.game = game
        self.mul: list[list[int]] = [[0]]
        self.is_p: list[bool] = [False]
        self.phi: list[int] = [0]
        self.options: list[list[tuple[int, ...]]] = [[]]
        self.trans: list[frozenset[int]] = [frozenset()]
        self.changed_at: list[int] = []

    @property
    def done(self) -> int:
        """The largest heap covered."""
        return len(self.phi) - 1

    def restore(
        self, mul: list[list[int]], is_p: list[bool], phi: list[int], changed_at: list[int]
    ) -> None:
        """Load a saved state (checked exactly; a wrong one raises ValueError)."""
        options = [heap_options(self.game, h) for h in range(len(phi))]
        trans = [frozenset(_product(mul, phi, o) for o in opts) for opts in options]
        if find_failure(mul, is_p, phi, trans) is not None:
            raise ValueError("the saved quotient does not describe this game")
        self.mul, self.is_p, self.phi = mul, is_p, phi
        self.options, self.trans, self.changed_at = options, trans, changed_at

    def extend(
        self,
        last: int,
        *,
        max_order: int = DEFAULT_MAX_ORDER,
        deadline: float | None = None,
        progress: Progress | None = None,
        max_states: int = DEFAULT_MAX_STATES,
    ) -> None:
        """Cover heaps up to ``last`` (QuotientLimitError past a bound; work so far is kept)."""
        while self.done < last:
            if deadline is not None and time.monotonic() > deadline:
                raise QuotientLimitError(
                    f"time limit reached after heap {self.done} of {last} "
                    f"(quotient of order {len(self.mul)} so far)"
                )
            self._step(self.done + 1, max_order, deadline, max_states)
            if progress is not None:
                progress(self.done, last)

    # ----- one heap ------------------------------------------------------------------

    def _step(self, h: int, max_order: int, deadline: float | None, max_states: int) -> None:
        opts = heap_options(self.game, h)
        if not opts:
            self.phi.append(0)
            self.options.append(opts)
            self.trans.append(frozenset())
            return
        t = frozenset(_product(self.mul, self.phi, o) for o in opts)
        x = self._conservative(t, deadline, max_states)
        if x is not None:
            self.phi.append(x)
            self.options.append(opts)
            self.trans.append(t)
            return
        self.options.append(opts)
        self._expand(h, max_order, deadline, max_states)
        self.changed_at.append(h)

    def _conservative(self, t: frozenset[int], deadline: float | None, ms: int) -> int | None:
        mul, is_p = self.mul, self.is_p
        heap_is_p = not any(is_p[z] for z in t)
        gens = {(g, h) for h, g in enumerate(self.phi) if self.trans[h]}
        ys = list(reachable(mul, sorted(gens)))
        phi, trans = [*self.phi, 0], [*self.trans, t]
        for x in range(len(mul)):
            if is_p[x] != heap_is_p:
                continue
            if any(is_p[mul[y][x]] and any(is_p[mul[y][z]] for z in t) for y in ys):
                continue
            phi[-1] = x
            if find_failure(mul, is_p, phi, trans, max_states=ms, deadline=deadline) is None:
                return x
        return None

    def _expand(self, h: int, max_order: int, deadline: float | None, ms: int) -> None:
        base_mul, base_phi = self.mul, self.phi
        freed = {h: 2}
        for _ in range(MAX_TRIES):
            mul, is_p, phi = Candidate(base_mul, base_phi, self.options, freed).reduced(max_order)
            trans = [frozenset(_product(mul, phi, o) for o in opts) for opts in self.options]
            failure = find_failure(mul, is_p, phi, trans, max_states=ms, deadline=deadline)
            if failure is None:
                self.mul, self.is_p, self.phi, self.trans = mul, is_p, phi, trans
                return
            # Recalibrate from this candidate (as MisereSolver does): free the fewest heaps
            # of the failing sum that make the candidate right about it.
            wrong = is_p[_product(mul, phi, failure)]
            base_mul, base_phi = mul, phi
            freed = self._recalibrate(mul, phi, failure, wrong, max_order)
        raise QuotientLimitError(f"no quotient found for heap {h} after {MAX_TRIES} candidates")

    def _recalibrate(
        self,
        mul: list[list[int]],
        phi: list[int],
        failure: tuple[int, ...],
        wrong: bool,
        max_order: int,
    ) -> dict[int, int]:
        counts = Counter(k for k in failure if self.options[k])
        heaps = sorted(counts)
        for size in range(1, len(heaps) + 1):
            for subset in combinations(heaps, size):
                freed = {k: max(2, counts[k]) for k in subset}
                cand = Candidate(mul, phi, self.options, freed)
                try:
                    m2, p2, f2 = cand.reduced(max_order)
                except QuotientLimitError:
                    continue
                if p2[_product(m2, f2, failure)] != wrong:
                    return freed
        for bump in range(1, MAX_INDEX):
            freed = {k: max(2, counts[k]) + bump for k in heaps}
            m2, p2, f2 = Candidate(mul, phi, self.options, freed).reduced(max_order)
            if p2[_product(m2, f2, failure)] != wrong:
                return freed
        raise QuotientLimitError(f"no quotient found for heap {self.done + 1}")


def _product(mul: list[list[int]], phi: list[int], heaps: tuple[int, ...]) -> int:
    x = 0
    for k in heaps:
        x = mul[x][phi[k]]
    return x


class Candidate:
    """The monoid ``Q_old × C(i_1) × ... × C(i_m)`` restricted to what the heaps reach."""

    def __init__(
        self,
        base: list[list[int]],
        phi: list[int],
        options: list[list[tuple[int, ...]]],
        freed: dict[int, int],
    ) -> None:
        self.old = base
        self.options = options
        self.last = len(options) - 1
        self.freed = sorted(freed)
        self.index = [freed[k] for k in self.freed]
        slot = {k: i for i, k in enumerate(self.freed)}
        self.ident: tuple[int, ...] = (0,) * (1 + len(self.freed))
        self.gen: dict[int, tuple[int, ...]] = {}
        for k in range(1, self.last + 1):
            if not self.options[k]:
                continue
            if k in slot:
                e = [0] * len(self.freed)
                e[slot[k]] = 1
                self.gen[k] = (0, *e)
            else:
                self.gen[k] = (phi[k], *([0] * len(self.freed)))

    def mul(self, u: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
        out = [self.old[u[0]][v[0]]]
        for i, top in enumerate(self.index):
            e = u[i + 1] + v[i + 1]
            if e >= top + 2:
                e = top + (e - top) % 2
            out.append(e)
        return tuple(out)

    def reduced(self, max_order: int) -> tuple[list[list[int]], list[bool], list[int]]:
        """The reduced candidate: table, P-portion and pretending function."""
        order, minus = self._enumerate()
        status = self._mark(order, minus)
        where = {x: i for i, x in enumerate(order)}
        gens = sorted(set(self.gen.values()))
        acts = [[where[self.mul(x, g)] for x in order] for g in gens]
        cls = _refine([status[x] for x in order], acts)
        count = max(cls) + 1
        if count > max_order:
            raise QuotientLimitError(
                f"the quotient passed {max_order:,} elements at heap {self.last}", max_order
            )
        rep = [0] * count
        for i in range(len(order) - 1, -1, -1):
            rep[cls[i]] = i
        mul = [[cls[where[self.mul(order[a], order[b])]] for b in rep] for a in rep]
        is_p = [status[order[r]] for r in rep]
        phi = [cls[where[self.gen[k]]] if k in self.gen else 0 for k in range(self.last + 1)]
        return mul, is_p, phi

    def _enumerate(self) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], dict[int, Any]]]:
        """Reachable elements in the order of their least sums, with ``minus[x][k]`` the
        element of that sum less one heap ``k``."""
        order = [self.ident]
        minus: dict[tuple[int, ...], dict[int, Any]] = {self.ident: {}}
        used: set[tuple[int, ...]] = set()
        for k, g in self.gen.items():
            if g in used:
                continue
            used.add(g)
            before = list(order)
            prev, power, seen = self.ident, g, {self.ident}
            while power not in seen:
                seen.add(power)
                for y in before:
                    x = self.mul(power, y)
                    if x in minus:
                        continue
                    m = {k: self.mul(prev, y)}
                    for k2, r in minus[y].items():
                        m[k2] = self.mul(power, r)
                    minus[x] = m
                    order.append(x)
                if len(order) > MAX_CANDIDATE:
                    raise QuotientLimitError(
                        f"a candidate quotient passed {MAX_CANDIDATE:,} elements at heap "
                        f"{self.last}",
                        MAX_CANDIDATE,
                    )
                prev, power = power, self.mul(power, g)
        return order, minus

    def _mark(
        self, order: list[tuple[int, ...]], minus: dict[tuple[int, ...], dict[int, Any]]
    ) -> dict[tuple[int, ...], bool]:
        """P or not for each element, from the options of its least sum."""
        tr: dict[int, set[tuple[int, ...]]] = {}
        for k in self.gen:
            opts = set()
            for option in self.options[k]:
                z = self.ident
                for part in option:
                    if part in self.gen:
                        z = self.mul(z, self.gen[part])
                opts.add(z)
            tr[k] = opts
        status: dict[tuple[int, ...], bool] = {self.ident: False}
        for x in order[1:]:
            lost = True
            for k, r in minus[x].items():
                if any(status[self.mul(r, z)] for z in tr[k]):
                    lost = False
                    break
            status[x] = lost
        return status


def _refine(start: list[bool], acts: list[list[int]]) -> list[int]:
    """Moore's algorithm: the coarsest partition refining ``start`` and stable under ``acts``;
    classes are numbered by first appearance."""
    cls = _renumber([int(s) for s in start])
    while True:
        keys = [(c, *(cls[a[i]] for a in acts)) for i, c in enumerate(cls)]
        new = _renumber(keys)
        if max(new) == max(cls):
            return new
        cls = new


def _renumber(keys: list[Any]) -> list[int]:
    ids: dict[Any, int] = {}
    return [ids.setdefault(k, len(ids)) for k in keys]
