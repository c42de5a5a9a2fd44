"""Build the misère quotient of a heap game heap by heap (Plambeck and Siegel's method).

The builder keeps a *valid, reduced* pretension for the heaps done so far: the
quotient ``Q_{n-1}``, its P-portion and the pretending function (see
:mod:`grundy.quotient.verify`). For the next heap ``n`` it follows Siegel's
MisereSolver (Plambeck and Siegel 2008, section 6):

1. **Conservative extension**: heap ``n`` pretends to be an element ``x`` of
   ``Q_{n-1}`` and the quotient does not change. ``x`` must have the heap's
   outcome and be *compatible* with every option ``t`` of the heap (no ``z`` with
   ``xz`` and ``tz`` both in P). By the *mex interpolation principle* ``x`` is
   right when some sum ``w`` with ``phi(w) = x`` has options ``T(w) ⊆ T(n)``
   (found among the minimal option sets the exact check records); otherwise each
   compatible ``x`` is checked exactly.
2. **Expansion**: the candidate ``Q_{n-1} × C(2, 2)``, heap ``n`` on the cyclic part,
   P-portion marked from the colex-least sum reaching each element, reduced
   (:func:`grundy.quotient.monoid.candidate`). While the exact check finds a
   failing sum, the *least* one is repaired first: the candidate is *recalibrated*
   by freeing the fewest heaps of that sum (each on a cyclic part
   ``C(i, p)``, ``i`` at least its present index and its multiplicity less one,
   ``p = max(2, 2((i - 4) // 2))``) until the candidate is right about it. The
   least failures then increase strictly, and the first candidate without one is
   ``Q_n``. The candidate reached is kept as :attr:`QuotientBuilder.pending`
   (a :class:`Pending`): a heap stopped by a bound part way resumes from it, and
   goes on exactly as the uninterrupted search (each step depends only on the
   candidate and the game), so a heap that takes hours can be done in pieces.

Every quotient the builder keeps passed the exact check or the mex interpolation
test; the heaps placed by the latter are checked exactly again (with all the
others) before :meth:`QuotientBuilder.extend` returns, and the builder falls back
to exact checks only should that ever fail. The heuristics need not succeed (a
quotient may be huge or infinite): every step is charged to a
:class:`~grundy.quotient.bounds.Budget`, so a heap either gets its exact quotient
or raises :class:`QuotientLimitError`, leaving the heaps before it as they were.

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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import gcd

import numpy as np
import numpy.typing as npt

from grundy.core.game import ImpartialGame
from grundy.core.limits import checkpoint, deadline_passed, now
from grundy.errors import InvalidGameError, SearchLimitError, TimeLimitError
from grundy.kernels.quotient import Table
from grundy.quotient.bounds import (
    DEFAULT_MAX_WORK,
    Budget,
    QuotientLimitError,
    QuotientTimeLimitError,
    QuotientTooLargeError,
)
from grundy.quotient.monoid import (
    MAX_CANDIDATE,
    Pretension,
    candidate,
    check_actions,
    check_monoid,
    reduce_pretension,
    refine,
)
from grundy.quotient.verify import DEFAULT_MAX_STATES, Checker

__all__ = [
    "DEFAULT_MAX_ORDER",
    "DEFAULT_MAX_WORK",
    "TABLE_ORDER",
    "Pending",
    "QuotientBuilder",
    "QuotientLimitError",
    "deadline_after",
    "heap_options",
]

#: Largest quotient kept (QuotientLimitError beyond).
DEFAULT_MAX_ORDER = 4096
#: Largest quotient whose table the builder makes (to test compatibility all at once).
TABLE_ORDER = 8192
#: Most candidates tried for one heap.
MAX_TRIES = 200
#: Largest increase of a cyclic index tried when freeing the heaps of a failure fails.
MAX_INDEX = 12

Progress = Callable[[int, int], None]
Lower = list[list[frozenset[int]]]


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


def deadline_after(seconds: float | None) -> float | None:
    """The ``deadline`` of :meth:`QuotientBuilder.extend` ``seconds`` from now, read on
    grundy's one clock (:func:`grundy.core.limits.now`); None for no limit.

    >>> deadline_after(None) is None
    True
    """
    return None if seconds is None else now() + seconds


@dataclass(frozen=True)
class Pending:
    """The search of one heap stopped part way: the candidate it had reached (for heaps
    ``0..heap``, not yet checked) and how many candidates came before it."""

    heap: int
    trial: Pretension
    tries: int


class QuotientBuilder:
    """The quotient of heaps ``0..done`` of one game, extended on demand.

    ``mul`` (multiplication table, identity 0), ``is_p`` and ``phi`` (heap ->
    element) always form a valid reduced pretension; ``changed_at`` lists the
    heaps at which the quotient grew. A heap is added all at once or not at all:
    a bound passed while computing heap ``n`` leaves heaps ``0..n-1`` as they were.
    ``lock`` guards the state when threads share a builder (hold it to read
    ``mul``, ``is_p`` and ``phi`` together). ``pending`` is the candidate the search
    of heap ``done + 1`` had reached when a bound stopped it (None when none):
    :meth:`extend` goes on from it.
    """

    def __init__(self, game: ImpartialGame[int]) -> None:
        self.game = game
        self.monoid = Pretension.from_table(np.zeros((1, 1), dtype=np.int32), [False], [0])
        self._mul: tuple[Table, list[list[int]]] | None = None
        self.is_p: list[bool] = [False]
        self.phi: list[int] = [0]
        self.options: list[list[tuple[int, ...]]] = [[]]
        self.trans: list[frozenset[int]] = [frozenset()]
        self.changed_at: list[int] = []
        self.lock = threading.RLock()
        # (heap, max_order, max_states, max_work, error) of the last heap that passed a
        # bound other than time: asking again with bounds no larger fails at once.
        self.failed: tuple[int, int, int, int, SearchLimitError] | None = None
        #: Use the mex interpolation principle (off after it was ever refuted).
        self.interpolate = True
        self._lower: Lower | None = None
        self._compat: npt.NDArray[np.uint8] | None = None
        self.pending: Pending | None = None
        self._checked = self._snapshot()

    @property
    def table(self) -> Table:
        """The multiplication table (``order²`` entries, built from the generators' actions
        when first asked for: the builder itself needs it only for small quotients)."""
        return self.monoid.table

    @property
    def mul(self) -> list[list[int]]:
        """The multiplication table as lists (made from :attr:`table` when first asked for)."""
        if self._mul is None or self._mul[0] is not self.table:
            self._mul = (self.table, self.table.tolist())
        return self._mul[1]

    @property
    def order(self) -> int:
        """The number of elements of the quotient."""
        return len(self.is_p)

    @property
    def done(self) -> int:
        """The largest heap covered."""
        return len(self.phi) - 1

    def _snapshot(self) -> tuple[object, ...]:
        return (
            self.monoid,
            self.is_p,
            list(self.phi),
            list(self.options),
            list(self.trans),
            list(self.changed_at),
        )

    def _rollback(self) -> None:
        monoid, is_p, phi, options, trans, changed = self._checked
        self.monoid, self.is_p = monoid, is_p  # type: ignore[assignment]
        self.phi, self.options, self.trans = list(phi), list(options), list(trans)  # type: ignore[call-overload]
        self.changed_at = list(changed)  # type: ignore[call-overload]
        self._lower = self._compat = None

    def _set(self, pret: Pretension, trans: list[frozenset[int]]) -> None:
        self.monoid = pret
        self.is_p = list(pret.is_p)
        self.phi = list(pret.phi)
        self.trans = trans
        self._lower = self._compat = None

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
        table = np.asarray(mul, dtype=np.int32)
        acts = [table[:, g].astype(np.int64) for g in gens]
        if len(set(refine([int(p) for p in is_p], acts, budget.spend))) != len(mul):
            raise ValueError("the saved quotient is not reduced")
        trans = [frozenset(_product(mul, phi, o) for o in opts) for opts in options]
        if Checker(mul, is_p, phi, trans).failure(budget) is not None:
            raise ValueError("the saved quotient does not describe this game")
        with self.lock:
            self.monoid = Pretension.from_table(table, is_p, phi)
            self.is_p, self.phi = is_p, phi
            self.options, self.trans, self.changed_at = options, trans, changed_at
            self._lower = self._compat = None
            self.pending = None
            self._checked = self._snapshot()

    def resume_from(self, heap: int, trial: Pretension, tries: int) -> None:
        """Go on with the search of ``heap`` (which must be ``done + 1``) from the candidate
        ``trial`` (ValueError unless it is a commutative monoid generated by its generators,
        with a pretending function for heaps ``0..heap``). Nothing is trusted: the quotient
        the search ends with is checked exactly, as every one is."""
        with self.lock:
            if heap != self.done + 1 or len(trial.phi) != heap + 1 or tries < 0:
                raise ValueError(f"the search saved is not the one of heap {self.done + 1}")
            check_actions(trial)
            options = [*self.options, heap_options(self.game, heap)]
            if any(x and not opts for x, opts in zip(trial.phi, options, strict=True)):
                raise ValueError("a heap without moves must pretend to be the identity")
            self.pending = Pending(heap, trial, tries)

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
        steps in one exact check, ``max_work`` steps for one heap, the ``deadline``, the
        time limit of :func:`grundy.core.limits.bounded`) raise
        :class:`~grundy.errors.SearchLimitError` (a :class:`QuotientLimitError` or
        :class:`~grundy.errors.TimeLimitError`); the heaps finished so far are kept."""
        extend = partial(
            self._extend,
            last,
            max_order=max_order,
            deadline=deadline,
            progress=progress,
            max_states=max_states,
            max_work=max_work,
        )
        with self.lock:
            try:
                extend()
            except SearchLimitError:
                self._settle(max_work, None, final=False)
                raise
            if not self._settle(max_work, deadline, final=True):
                extend()  # again, exactly this time

    def _settle(self, max_work: int, deadline: float | None, *, final: bool) -> bool:
        """Check the heaps placed by mex interpolation exactly; False (after rolling back to
        the last checked state and turning interpolation off) when the check refutes them,
        or, when not ``final``, when it passes its bounds."""
        if self._checked[2] == self.phi:
            return True
        checker = Checker((), self.is_p, self.phi, self.trans, pret=self.monoid)
        try:
            ok = checker.failure(Budget(self.done, max_work, deadline)) is None
        except SearchLimitError:
            if final:
                raise
            self._rollback()
            return False
        if ok:
            self._checked = self._snapshot()
            return True
        self.interpolate = False  # pragma: no cover - the principle is a theorem
        self._rollback()  # pragma: no cover
        return False  # pragma: no cover

    def _extend(
        self,
        last: int,
        *,
        max_order: int,
        deadline: float | None,
        progress: Progress | None,
        max_states: int,
        max_work: int,
    ) -> None:
        while self.done < last:
            h = self.done + 1
            if deadline is not None and now() > deadline:
                raise QuotientTimeLimitError(
                    f"time limit reached after heap {self.done} of {last} "
                    f"(quotient of order {self.order} so far)"
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
            pret = reduce_pretension(self.table, self.is_p, self.phi[: last + 1])
            small.options = self.options[: last + 1]
            small._set(
                pret,
                [frozenset(_act_product(pret, o) for o in opts) for opts in small.options],
            )
            small.changed_at = [h for h in self.changed_at if h <= last]
            small._checked = small._snapshot()
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
        t = frozenset(_monoid_product(self.monoid, self.phi, o) for o in opts)
        # A search saved part way was started after the conservative extension failed.
        resumed = self.pending is not None and self.pending.heap == h
        x = None if resumed else self._conservative(t, budget, max_states)
        if x is not None:
            self.phi.append(x)
            self.options.append(opts)
            self.trans.append(t)
            return
        pret, trans = self._expand(h, opts, max_order, budget, max_states)
        # Commit only now: a bound passed above leaves the builder as it was.
        self.options.append(opts)
        grown = pret.order != self.order  # always, unless a saved search skipped the above
        self._set(pret, trans)
        if grown:
            self.changed_at.append(h)
        self._checked = self._snapshot()

    def _compatible(self, ts: Sequence[int]) -> npt.NDArray[np.bool_]:
        """``c[x]``: ``x`` is compatible with every ``t`` in ``ts`` (no ``z`` has both ``xz``
        and ``tz`` in P). The P-mask ``P[xz]`` is kept as packed bits (``order²/8`` bytes),
        and each ``t`` costs one pass over it."""
        if self._compat is None:
            pm = np.asarray(self.is_p, dtype=bool)[self.table]
            self._compat = np.packbits(pm, axis=1)
        bits = self._compat
        ok = np.ones(self.order, dtype=bool)
        for t in ts:
            ok &= ~(bits & bits[t]).any(axis=1)
        return ok

    def _compatible_with(self, x: int, ts: Sequence[int]) -> bool:
        """``x`` is compatible with every ``t`` in ``ts``, from their actions (O(order) each)."""
        p = np.asarray(self.is_p, dtype=bool)
        px = p[self.monoid.action(x)]
        return not any((px & p[self.monoid.action(t)]).any() for t in ts)

    def _conservative(self, t: frozenset[int], budget: Budget, ms: int) -> int | None:
        heap_is_p = not any(self.is_p[z] for z in t)
        n = self.order
        ts = sorted(t)
        budget.spend(n * (1 + len(t)))
        same = np.asarray(self.is_p, dtype=bool) == heap_is_p
        if self.interpolate:
            if self._lower is None:
                lower: Lower = [[] for _ in range(n)]
                checker = Checker((), self.is_p, self.phi, self.trans, pret=self.monoid)
                if checker.failure(budget, ms, minimal=lower) is not None:  # pragma: no cover
                    raise AssertionError("the quotient kept is not valid")
                self._lower = lower
            for x in np.flatnonzero(same).tolist():
                if any(k <= t for k in self._lower[x]):
                    budget.spend(n * (1 + len(t)))
                    if self._compatible_with(x, ts):
                        return int(x)
        if n <= TABLE_ORDER:
            xs = np.flatnonzero(self._compatible(ts) & same).tolist()
        else:
            xs = []
            for x in np.flatnonzero(same).tolist():
                budget.spend(n * (1 + len(t)))
                if self._compatible_with(x, ts):
                    xs.append(x)
        if not xs:
            return None
        phi, trans = [*self.phi, 0], [*self.trans, t]
        for x in xs:
            phi[-1] = x
            checker = Checker((), self.is_p, phi, trans, pret=self.monoid)
            if checker.failure(budget, ms) is None:
                self._lower = None
                return int(x)
        self._lower = None
        return None

    def _expand(
        self, h: int, opts: list[tuple[int, ...]], max_order: int, budget: Budget, ms: int
    ) -> tuple[Pretension, list[frozenset[int]]]:
        options = [*self.options, opts]
        start = self.pending
        if start is not None and start.heap == h and start.trial.order <= max_order:
            trial, tries = start.trial, start.tries
        else:
            trial, tries = (
                candidate(
                    self.monoid,
                    self.phi,
                    options,
                    {h: (2, 2)},
                    max_order=max_order,
                    tick=budget.spend,
                ),
                0,
            )
        while tries < MAX_TRIES:
            self.pending = Pending(h, trial, tries)
            trans = [frozenset(_act_product(trial, o) for o in opt) for opt in options]
            checker = Checker((), trial.is_p, trial.phi, trans, pret=trial)
            word = checker.failure(budget, ms)
            if word is None:
                self.pending = None
                return trial, trans
            trial = _recalibrate(
                trial, options, checker.heaps(word), max_order=max_order, budget=budget
            )
            tries += 1
        raise QuotientLimitError(f"no quotient found for heap {h} after {MAX_TRIES} candidates")


def _recalibrate(
    trial: Pretension,
    options: list[list[tuple[int, ...]]],
    failure: tuple[int, ...],
    *,
    max_order: int,
    budget: Budget,
) -> Pretension:
    """The candidate that frees the fewest heaps of ``failure`` (each on a cyclic part) and
    is right about it, built on ``trial`` (as MisereSolver recalibrates)."""
    wrong = trial.is_p[_act_product(trial, failure)]
    counts = Counter(failure)
    heaps = sorted(k for k in counts if options[k])

    def shape(k: int) -> tuple[int, int]:
        index = max(_shape(trial, trial.phi[k])[0], counts[k] - 1)
        return index, max(2, 2 * ((index - 4) // 2))

    def right(freed: dict[int, tuple[int, int]]) -> Pretension | None:
        try:
            cand = candidate(
                trial, trial.phi, options, freed, max_order=max_order, tick=budget.spend
            )
        except QuotientTooLargeError:
            return None
        return cand if cand.is_p[_act_product(cand, failure)] != wrong else None

    for size in range(1, len(heaps) + 1):
        for subset in combinations(heaps, size):
            found = right({k: shape(k) for k in subset})
            if found is not None:
                return found
    # Larger indices, and periods that are multiples of the present ones (in 0.354 the
    # outcomes of w + k copies of heap 5 have period 6 in k: period 2 never fits).
    for bump in range(1, MAX_INDEX):
        freed = {}
        for k in heaps:
            index, period = _shape(trial, trial.phi[k])
            i = max(2, counts[k], index) + bump
            p = max(2, 2 * ((i - 4) // 2))
            freed[k] = (i, p * period // gcd(p, period))
        found = right(freed)
        if found is not None:
            return found
    raise QuotientLimitError(
        f"no quotient found for heap {len(options) - 1}: no candidate of at most "
        f"{max_order:,} elements ({MAX_CANDIDATE:,} before reduction) "
        f"is right about the sum of heaps {list(failure)}"
    )


def _shape(pret: Pretension, x: int) -> tuple[int, int]:
    """``(index, period)`` of a generator element ``x`` (as :func:`cyclic_shape`, by its action)."""
    if not x:
        return 0, 1
    seen: dict[int, int] = {}
    y, e = 0, 0
    while y not in seen:
        seen[y] = e
        y, e = pret.times(y, x), e + 1
    return seen[y], e - seen[y]


def _monoid_product(monoid: Pretension, phi: Sequence[int], heaps: Sequence[int]) -> int:
    """The element of a sum of heaps (``phi``: the heaps' elements), by actions."""
    x = 0
    for k in heaps:
        if phi[k]:
            x = monoid.times(x, phi[k])
    return x


def _act_product(pret: Pretension, heaps: Sequence[int]) -> int:
    """The element of a sum of heaps, by the generators' actions (no table needed)."""
    x = 0
    for k in heaps:
        if pret.phi[k]:
            x = pret.times(x, pret.phi[k])
    return x


def _product(mul: Table | Sequence[Sequence[int]], phi: Sequence[int], heaps: Sequence[int]) -> int:
    x = 0
    for k in heaps:
        x = int(mul[x][phi[k]])
    return x
