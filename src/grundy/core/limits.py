"""Time limits and progress for long computations, without threading them through every call.

:func:`bounded` sets, for the calls made inside it (in this thread or task),
a deadline and a progress callback. Every long loop in grundy calls
:func:`checkpoint` every few thousand steps: it raises
:class:`~grundy.errors.TimeLimitError` once the deadline has passed, and
reports progress. The hot loops pay one integer comparison per step.

>>> with bounded(time_limit=0):
...     checkpoint(10, 100)
Traceback (most recent call last):
...
grundy.errors.TimeLimitError: stopped at the time limit of 0 s after 10 positions (raise it \
with --time-limit SECONDS, or ask about a smaller position)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from grundy.errors import InvalidSpecError, SearchLimitError, TimeLimitError

__all__ = [
    "CHECK_EVERY",
    "Progress",
    "bounded",
    "check_time",
    "checkpoint",
    "current_bounds",
    "deadline_passed",
    "time_limit_seconds",
]

#: Steps between two checks of the clock in the search loops.
CHECK_EVERY = 1 << 13

#: ``progress(what, done)``: called at each checkpoint with a count of ``what``.
Progress = Callable[[str, int], None]


@dataclass(frozen=True)
class _Bounds:
    seconds: float | None
    deadline: float | None
    progress: Progress | None


_BOUNDS: ContextVar[_Bounds | None] = ContextVar("grundy_bounds", default=None)


@contextmanager
def bounded(*, time_limit: float | None = None, progress: Progress | None = None) -> Iterator[None]:
    """Run the body with a time limit (seconds, None for none) and a progress callback.

    Nested calls keep the earlier deadline when it comes first.
    """
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit >= 0
    ):
        raise InvalidSpecError(
            f"time_limit must be a number of seconds >= 0, got {time_limit!r}",
            "time_limit=SECONDS (CLI: --time-limit SECONDS)",
        )
    outer = _BOUNDS.get()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    seconds: float | None = time_limit
    if (
        outer is not None
        and outer.deadline is not None
        and (deadline is None or outer.deadline < deadline)
    ):
        deadline, seconds = outer.deadline, outer.seconds
    if progress is None and outer is not None:
        progress = outer.progress
    token = _BOUNDS.set(_Bounds(seconds, deadline, progress))
    try:
        yield
    finally:
        _BOUNDS.reset(token)


def current_bounds() -> tuple[float | None, Progress | None]:
    """``(deadline as a time.monotonic() value, progress callback)`` now in force."""
    b = _BOUNDS.get()
    return (None, None) if b is None else (b.deadline, b.progress)


def time_limit_seconds() -> float | None:
    """The time limit now in force, in seconds as it was given (None: no limit)."""
    b = _BOUNDS.get()
    return None if b is None else b.seconds


def deadline_passed() -> bool:
    """True when the current time limit has run out."""
    b = _BOUNDS.get()
    return b is not None and b.deadline is not None and time.monotonic() >= b.deadline


def check_time(done: int = 0, what: str = "steps") -> None:
    """Raise :class:`TimeLimitError` once the deadline in force has passed (no progress
    report): for loops whose steps are each slow, or too many to count.

    >>> with bounded(time_limit=60):
    ...     check_time()
    """
    b = _BOUNDS.get()
    if b is not None and b.deadline is not None and time.monotonic() >= b.deadline:
        raise TimeLimitError(b.seconds or 0, done, what)


def checkpoint(done: int, limit: int | None = None, what: str = "positions") -> int:
    """Check the limits after ``done`` steps; return the step count of the next check.

    Raises :class:`SearchLimitError` past ``limit`` (the ``max_positions`` cap)
    and :class:`TimeLimitError` past the deadline; reports progress.
    """
    if limit is not None and done > limit:
        raise SearchLimitError(limit)
    b = _BOUNDS.get()
    if b is not None:
        if b.deadline is not None and time.monotonic() >= b.deadline:
            raise TimeLimitError(b.seconds or 0, done, what)
        if b.progress is not None:
            b.progress(what, done)
    step = done + CHECK_EVERY
    return step if limit is None else min(step, limit + 1)
