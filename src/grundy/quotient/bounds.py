"""Bounds of a quotient computation: a work budget per heap, a deadline, the ambient time limit.

Every loop of :mod:`grundy.quotient` whose length is not fixed by the size of
the quotient in hand (candidate monoids, partition refinement, the exact check,
recalibration) charges its steps to a :class:`Budget`. Past ``max_work`` steps
for one heap it raises :class:`QuotientLimitError`; past the ``deadline`` (a
reading of :func:`grundy.core.limits.now`) too; and every :data:`~grundy.core.limits.CHECK_EVERY`
steps it calls :func:`~grundy.core.limits.checkpoint`, so a ``time_limit`` set
with :func:`grundy.core.limits.bounded` raises
:class:`~grundy.errors.TimeLimitError`. Nothing in a quotient computation can
run unbounded.

>>> b = Budget(heap=7, max_work=100)
>>> b.spend(60)
>>> b.spend(60)
Traceback (most recent call last):
...
grundy.quotient.bounds.QuotientLimitError: no quotient found for heap 7 within the work \
bound of 100 steps (raise it with max_work=, or ask about smaller heaps)
"""

from __future__ import annotations

from grundy.core.limits import CHECK_EVERY, checkpoint, now
from grundy.errors import SearchLimitError

__all__ = [
    "DEFAULT_MAX_WORK",
    "Budget",
    "QuotientLimitError",
    "QuotientTimeLimitError",
    "QuotientTooLargeError",
]

#: Steps (candidate elements, table cells, checked pairs) allowed for one heap.
DEFAULT_MAX_WORK = 250_000_000


class QuotientLimitError(SearchLimitError):
    """A quotient computation passed one of its bounds (order, size, work, time)."""

    def __init__(self, message: str, limit: int = 0) -> None:
        self.limit = limit
        RuntimeError.__init__(self, message)


class QuotientTooLargeError(QuotientLimitError):
    """A candidate monoid passed ``max_order`` or the candidate bound (the heuristics may try a
    smaller one; the other bounds end the computation)."""


class QuotientTimeLimitError(QuotientLimitError):
    """A quotient computation ran past its ``deadline``."""


class Budget:
    """The work (steps) one heap may take, and the time it must end by."""

    __slots__ = ("_next", "deadline", "heap", "max_work", "used")

    def __init__(self, heap: int, max_work: int, deadline: float | None = None) -> None:
        self.heap = heap
        self.max_work = max_work
        self.deadline = deadline
        self.used = 0
        self._next = min(CHECK_EVERY, max_work + 1)

    def spend(self, steps: int) -> None:
        """Charge ``steps``; raise past a bound."""
        self.used += steps
        if self.used >= self._next:
            self.check()

    def check(self) -> None:
        """Raise :class:`QuotientLimitError` (work, deadline) or
        :class:`~grundy.errors.TimeLimitError` (ambient time limit) when a bound is passed."""
        if self.used > self.max_work:
            raise QuotientLimitError(
                f"no quotient found for heap {self.heap} within the work bound of "
                f"{self.max_work:,} steps (raise it with max_work=, or ask about smaller heaps)",
                self.max_work,
            )
        if self.deadline is not None and now() > self.deadline:
            raise QuotientTimeLimitError(f"time limit reached while computing heap {self.heap}")
        checkpoint(self.used, None, "quotient steps")
        self._next = min(self.used + CHECK_EVERY, self.max_work + 1)
