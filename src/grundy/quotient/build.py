"""Build the misère quotient of a heap game heap by heap (Plambeck and Siegel's method).

The builder keeps a *valid, reduced* pretension for the heaps done so far:
the quotient ``Q_{n-1}``, its P-portion and the pretending function (see
:mod:`grundy.quotient.verify`). For the next heap ``n`` it tries, in turn:

1. **Conservative extension**: heap ``n`` pretends to be an element ``x`` of
   ``Q_{n-1}`` and the quotient does not change. Each ``x`` whose outcome
   matches the heap's is checked exactly with :func:`find_failure`; at most one
   can pass.
2. **Expansion**: the monoid is extended by a cyclic monoid ``<g | g^(i+p) = g^i>``
   for heap ``n`` (a direct sum ``Q_{n-1} × C``). Heaps of the old quotient whose
   identifications the new heap breaks are *freed* (given cyclic generators
   of their own, with larger index and period as the failures demand) when the
   exact check returns a sum they get wrong, as MisereSolver recalibrates. The
   P-portion of each candidate is marked from the least sum (Dershowitz–Manna
   order) reaching each element, the candidate is reduced (Moore's partition
   refinement: the coarsest congruence respecting P) and checked; the first
   candidate that passes is ``Q_n``.

Every quotient the builder keeps has passed the exact check, so it is the
quotient whatever the heuristics tried before it. The heuristics need not
succeed (a quotient may be huge or infinite): every step is charged to a
:class:`~grundy.quotient.bounds.Budget`, so a heap either gets its exact
quotient or raises :class:`QuotientLimitError`, leaving the heaps before it
as they were.

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

import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from math import gcd
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.limits import checkpoint, deadline_passed
from grundy.errors import InvalidGameError, SearchLimitError, TimeLimitError
from grundy.quotient.bounds import (
    DEFAULT_MAX_WORK,
    Budget,
    QuotientLimitError,
    QuotientTimeLimitError,
    QuotientTooLargeError,
)
from grundy.quotient.verify import DEFAULT_MAX_STATES, find_failure, reachable

__all__ = [
    "DEFAULT_MAX_ORDER",
    "DEFAULT_MAX_WORK",
    "Candidate",
    "QuotientBuilder",
    "QuotientLimitError",
    "heap_options",
    "reduce_pretension",
]

#: Largest quotient kept (QuotientLimitError beyond).
DEFAULT_MAX_ORDER = 4096
#: Largest candidate monoid enumerated while expanding.
MAX_CANDIDATE = 300_000
#: Most recalibrations tried for one heap.
MAX_TRIES = 40
#: Largest cyclic index given to a freed heap.
MAX_INDEX = 12

Progress = Callable[[int, int], None]


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
    heaps at which the quotient grew. A heap is added all at once or not at all:
    a bound passed while computing heap ``n`` leaves heaps ``0..n-1`` as they were.
    ``lock`` guards the state when threads share a builder (hold it to read
    ``mul``, ``is_p`` and ``phi`` together).
    """

    def __init__(self, game: ImpartialGame[int]) -> None:
        self.game = game
        self.mul: list[list[int]] = [[0]]
        self.is_p: list[bool] = [False]
        self.phi: list[int] = [0]
        self.options: list[list[tuple[int, ...]]] = [[]]
        self.trans: list[frozenset[int]] = [frozenset()]
        self.changed_at: list[int] = []
        self.lock = threading.RLock()
        # (heap, max_order, max_states, max_work, error) of the last heap that passed a
        # bound other than time: asking again with bounds no larger fails at once.
        self.failed: tuple[int, int, int, int, SearchLimitError] | None = None

    @property
    def done(self) -> int:
        """The largest heap covered."""
        return len(self.phi) - 1

    def restore(
        self, mul: list[list[int]], is_p: list[bool], phi: list[int], changed_at: list[int]
    ) -> None:
        """Load a saved state: it must be a commutative monoid generated by the heaps, reduced,
        and pass the exact check (ValueError otherwise; QuotientLimitError when the check
        passes its bounds)."""
        options = [heap_options(self.game, h) for h in range(len(phi))]
        if any(phi[h] and not opts for h, opts in enumerate(options)):
            raise ValueError("a heap without moves must pretend to be the identity")
        gens = sorted(set(phi))
        check_monoid(mul, gens)
        budget = Budget(len(phi) - 1, 4 * DEFAULT_MAX_WORK)
        if len(set(_refine(is_p, [[row[g] for row in mul] for g in gens], budget))) != len(mul):
            raise ValueError("the saved quotient is not reduced")
        trans = [frozenset(_product(mul, phi, o) for o in opts) for opts in options]
        if find_failure(mul, is_p, phi, trans, budget=budget) is not None:
            raise ValueError("the saved quotient does not describe this game")
        with self.lock:
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
        max_work: int = DEFAULT_MAX_WORK,
    ) -> None:
        """Cover heaps up to ``last``. Past a bound (``max_order`` elements, ``max_states``
        pairs in one exact check, ``max_work`` steps for one heap, the ``deadline``, the
        time limit of :func:`grundy.core.limits.bounded`) raise
        :class:`~grundy.errors.SearchLimitError` (a :class:`QuotientLimitError` or
        :class:`~grundy.errors.TimeLimitError`); the heaps finished so far are kept."""
        with self.lock:
            while self.done < last:
                h = self.done + 1
                if deadline is not None and time.monotonic() > deadline:
                    raise QuotientTimeLimitError(
                        f"time limit reached after heap {self.done} of {last} "
                        f"(quotient of order {len(self.mul)} so far)"
                    )
                bounds = (max_order, max_states, max_work)
                failed = self.failed
                if (
                    failed is not None
                    and failed[0] == h
                    and all(b <= f for b, f in zip(bounds, failed[1:4], strict=True))
                ):
                    raise failed[4]
                if deadline_passed():  # the time limit of grundy.core.limits.bounded
                    checkpoint(0, None, "quotient steps")
                budget = Budget(h, max_work, deadline)
                try:
                    self._step(h, max_order, budget, max_states)
                except (TimeLimitError, QuotientTimeLimitError):
                    raise
                except SearchLimitError as e:
                    self.failed = (h, *bounds, e)
                    raise
                if progress is not None:
                    progress(self.done, last)

    def restricted(self, last: int) -> QuotientBuilder:
        """A builder for heaps ``0..last`` only (``last <= done``): the submonoid the heaps
        generate, reduced (valid by construction: no heuristic is involved)."""
        with self.lock:
            if last >= self.done:
                return self
            small = QuotientBuilder(self.game)
            mul, is_p, phi = reduce_pretension(self.mul, self.is_p, self.phi[: last + 1])
            small.mul, small.is_p, small.phi = mul, is_p, phi
            small.options = self.options[: last + 1]
            small.trans = [frozenset(_product(mul, phi, o) for o in opts) for opts in small.options]
            small.changed_at = [h for h in self.changed_at if h <= last]
            return small

    # ----- one heap ------------------------------------------------------------------

    def _step(self, h: int, max_order: int, budget: Budget, max_states: int) -> None:
        opts = heap_options(self.game, h)
        budget.spend(1 + len(opts))
        if not opts:
            self.phi.append(0)
            self.options.append(opts)
            self.trans.append(frozenset())
            return
        t = frozenset(_product(self.mul, self.phi, o) for o in opts)
        x = self._conservative(t, budget, max_states)
        if x is not None:
            self.phi.append(x)
            self.options.append(opts)
            self.trans.append(t)
            return
        mul, is_p, phi, trans = self._expand(h, opts, max_order, budget, max_states)
        # Commit only now: a bound passed above leaves the builder as it was.
        self.mul, self.is_p, self.phi, self.trans = mul, is_p, phi, trans
        self.options.append(opts)
        self.changed_at.append(h)

    def _conservative(self, t: frozenset[int], budget: Budget, ms: int) -> int | None:
        mul, is_p = self.mul, self.is_p
        heap_is_p = not any(is_p[z] for z in t)
        gens = {(g, h) for h, g in enumerate(self.phi) if self.trans[h]}
        ys = list(reachable(mul, sorted(gens), budget))
        phi, trans = [*self.phi, 0], [*self.trans, t]
        for x in range(len(mul)):
            if is_p[x] != heap_is_p:
                continue
            budget.spend(len(ys) * (1 + len(t)))
            if any(is_p[mul[y][x]] and any(is_p[mul[y][z]] for z in t) for y in ys):
                continue
            phi[-1] = x
            if find_failure(mul, is_p, phi, trans, max_states=ms, budget=budget) is None:
                return x
        return None

    def _expand(
        self, h: int, opts: list[tuple[int, ...]], max_order: int, budget: Budget, ms: int
    ) -> tuple[list[list[int]], list[bool], list[int], list[frozenset[int]]]:
        options = [*self.options, opts]
        base_mul, base_phi = self.mul, self.phi
        freed = {h: (2, 2)}
        for _ in range(MAX_TRIES):
            mul, is_p, phi = Candidate(base_mul, base_phi, options, freed, budget).reduced(
                max_order
            )
            trans = [frozenset(_product(mul, phi, o) for o in opt) for opt in options]
            failure = find_failure(mul, is_p, phi, trans, max_states=ms, budget=budget)
            if failure is None:
                return mul, is_p, phi, trans
            # Recalibrate from this candidate (as MisereSolver does): free the fewest heaps
            # of the failing sum that make the candidate right about it.
            wrong = is_p[_product(mul, phi, failure)]
            base_mul, base_phi = mul, phi
            freed = _recalibrate(
                options, mul, phi, failure, wrong=wrong, max_order=max_order, budget=budget
            )
        raise QuotientLimitError(f"no quotient found for heap {h} after {MAX_TRIES} candidates")


def _recalibrate(
    options: list[list[tuple[int, ...]]],
    mul: list[list[int]],
    phi: list[int],
    failure: tuple[int, ...],
    *,
    wrong: bool,
    max_order: int,
    budget: Budget,
) -> dict[int, tuple[int, int]]:
    """Heaps of ``failure`` to free, each with the (index, period) of its new cyclic
    generator, chosen so that the candidate built from ``mul`` is right about ``failure``.

    An index never drops below the one the heap's element already has in ``mul``, and the
    period grows with the index (as in MisereSolver: ``max(2, 2((i - 4) // 2))``, kept a
    multiple of the element's present period): the elements of a misère quotient need not
    have period 2 (in ``0.354`` the outcome of ``w + k`` copies of heap 5 has period 6 in
    ``k``), and a period-2 generator would then never give a valid candidate, however large
    its index.
    """
    counts = Counter(k for k in failure if options[k])
    heaps = sorted(counts)

    def shape(k: int, bump: int = 0) -> tuple[int, int]:
        index, period = _cyclic_shape(mul, phi[k]) if k < len(phi) else (0, 1)
        i = max(2, counts[k], index) + bump
        p = max(2, 2 * ((i - 4) // 2))
        if p % period:
            p = p * period // gcd(p, period)
        return i, p

    for size in range(1, len(heaps) + 1):
        for subset in combinations(heaps, size):
            freed = {k: shape(k) for k in subset}
            cand = Candidate(mul, phi, options, freed, budget)
            try:
                m2, p2, f2 = cand.reduced(max_order)
            except QuotientTooLargeError:
                continue
            if p2[_product(m2, f2, failure)] != wrong:
                return freed
    for bump in range(1, MAX_INDEX):
        freed = {k: shape(k, bump) for k in heaps}
        m2, p2, f2 = Candidate(mul, phi, options, freed, budget).reduced(max_order)
        if p2[_product(m2, f2, failure)] != wrong:
            return freed
    raise QuotientLimitError(f"no quotient found for heap {len(options) - 1}")


def _cyclic_shape(mul: Sequence[Sequence[int]], x: int) -> tuple[int, int]:
    """``(index, period)`` of ``x``: the least ``i`` and ``p >= 1`` with ``x^(i+p) = x^i``."""
    seen: dict[int, int] = {}
    y, e = 0, 0
    while y not in seen:
        seen[y] = e
        y, e = mul[y][x], e + 1
    return seen[y], e - seen[y]


def _product(mul: Sequence[Sequence[int]], phi: Sequence[int], heaps: Sequence[int]) -> int:
    x = 0
    for k in heaps:
        x = mul[x][phi[k]]
    return x


class Candidate:
    """The monoid ``Q_old × C(i_1, p_1) × ... × C(i_m, p_m)`` restricted to what the heaps
    reach, where ``C(i, p) = <g | g^(i+p) = g^i>`` is given to each freed heap
    (``freed[heap] = (i, p)``) and the other heaps keep their element of ``Q_old``."""

    def __init__(
        self,
        base: list[list[int]],
        phi: list[int],
        options: list[list[tuple[int, ...]]],
        freed: dict[int, tuple[int, int]],
        budget: Budget | None = None,
    ) -> None:
        self.old = base
        self.options = options
        self.budget = budget if budget is not None else Budget(len(options) - 1, 1 << 62)
        self.last = len(options) - 1
        self.freed = sorted(freed)
        self.shapes = [freed[k] for k in self.freed]
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
        for i, (top, period) in enumerate(self.shapes):
            e = u[i + 1] + v[i + 1]
            if e >= top + period:
                e = top + (e - top) % period
            out.append(e)
        return tuple(out)

    def reduced(self, max_order: int) -> tuple[list[list[int]], list[bool], list[int]]:
        """The reduced candidate: table, P-portion and pretending function
        (:class:`QuotientTooLargeError` past ``max_order`` elements)."""
        order, minus = self._enumerate()
        status = self._mark(order, minus)
        where = {x: i for i, x in enumerate(order)}
        gens = sorted(set(self.gen.values()))
        self.budget.spend(len(order) * len(gens))
        acts = [[where[self.mul(x, g)] for x in order] for g in gens]
        cls = _refine([status[x] for x in order], acts, self.budget)
        count = max(cls) + 1
        if count > max_order:
            raise QuotientTooLargeError(
                f"the quotient passed {max_order:,} elements at heap {self.last}", max_order
            )
        rep = [0] * count
        for i in range(len(order) - 1, -1, -1):
            rep[cls[i]] = i
        class_acts = [[cls[a[r]] for r in rep] for a in acts]
        mul = _table(class_acts, count, self.budget)
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
                self.budget.spend(len(before) * (1 + len(self.shapes)))
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
                    raise QuotientTooLargeError(
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
            self.budget.spend(1 + len(self.options[k]))
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
            self.budget.spend(len(minus[x]))
            for k, r in minus[x].items():
                if any(status[self.mul(r, z)] for z in tr[k]):
                    lost = False
                    break
            status[x] = lost
        return status


def _refine(
    start: Sequence[bool], acts: list[list[int]], budget: Budget | None = None
) -> list[int]:
    """Moore's algorithm: the coarsest partition refining ``start`` and stable under ``acts``;
    classes are numbered by first appearance."""
    cls = _renumber([int(s) for s in start])
    while True:
        if budget is not None:
            budget.spend(len(cls) * (1 + len(acts)))
        keys = [(c, *(cls[a[i]] for a in acts)) for i, c in enumerate(cls)]
        new = _renumber(keys)
        if max(new) == max(cls):
            return new
        cls = new


def _renumber(keys: Sequence[Any]) -> list[int]:
    ids: dict[Any, int] = {}
    return [ids.setdefault(k, len(ids)) for k in keys]


def _table(acts: list[list[int]], count: int, budget: Budget | None = None) -> list[list[int]]:
    """The multiplication table of a commutative monoid of ``count`` elements (identity 0)
    generated by elements acting as ``acts`` (``acts[j][x]`` = x times generator j): row ``y``
    is the action of a word reaching ``y``, found breadth first from the identity."""
    rows: list[list[int] | None] = [None] * count
    rows[0] = list(range(count))
    queue = [0]
    for y in queue:
        row = rows[y]
        assert row is not None
        for a in acts:
            z = a[y]
            if rows[z] is None:
                if budget is not None:
                    budget.spend(1 + count // 8)  # a list comprehension: cheap steps
                rows[z] = [a[v] for v in row]
                queue.append(z)
    if len(queue) != count:
        raise ValueError("the generators do not generate the monoid")
    return [r for r in rows if r is not None]


def reduce_pretension(
    mul: Sequence[Sequence[int]], is_p: Sequence[bool], phi: Sequence[int]
) -> tuple[list[list[int]], list[bool], list[int]]:
    """The reduced pretension of the submonoid the elements ``phi`` generate: table, P-portion
    and pretending function, elements numbered in breadth-first order from the identity. When
    ``(mul, is_p, phi)`` is valid, so is the result (it describes the same sums), and it is
    the quotient of those heaps."""
    gens = sorted(set(phi) - {0})
    words = reachable(mul, [(g, g) for g in gens])
    order = sorted(words, key=lambda x: (len(words[x]), words[x]))
    where = {x: i for i, x in enumerate(order)}
    acts = [[where[mul[x][g]] for x in order] for g in gens]
    cls = _refine([is_p[x] for x in order], acts)
    count = max(cls) + 1
    rep = [0] * count
    for i in range(len(order) - 1, -1, -1):
        rep[cls[i]] = i
    table = _table([[cls[a[r]] for r in rep] for a in acts], count)
    return table, [is_p[order[r]] for r in rep], [cls[where[x]] for x in phi]


def check_monoid(mul: Sequence[Sequence[int]], gens: Sequence[int]) -> None:
    """ValueError unless ``mul`` is the table of a commutative monoid with identity 0 that
    ``gens`` generate (checked in O(n² + g²n): commutativity, the identity, commuting
    generator actions, and each row the action of a word in the generators)."""
    n = len(mul)
    if n < 1 or any(len(row) != n for row in mul) or any(not 0 <= g < n for g in gens):
        raise ValueError("the table is not square")
    if list(mul[0]) != list(range(n)):
        raise ValueError("element 0 is not the identity")
    for x in range(n):
        for y in range(x):
            if mul[x][y] != mul[y][x]:
                raise ValueError("the table is not commutative")
    for g in gens:
        for h in gens:
            if any(mul[mul[x][g]][h] != mul[mul[x][h]][g] for x in range(n)):
                raise ValueError("the table is not associative")
    seen = {0}
    queue = [0]
    for y in queue:
        for g in gens:
            z = mul[y][g]
            if z not in seen:
                if any(mul[x][z] != mul[mul[x][y]][g] for x in range(n)):
                    raise ValueError("the table is not associative")
                seen.add(z)
                queue.append(z)
    if len(seen) != n:
        raise ValueError("the heaps do not generate the monoid")
