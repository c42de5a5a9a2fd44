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

import decimal
import math
import numbers
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from grundy.errors import InvalidSpecError, SearchLimitError, TimeLimitError

__all__ = [
    "CHECK_EVERY",
    "Clock",
    "Progress",
    "StepClock",
    "bounded",
    "check_memory",
    "check_time",
    "checkpoint",
    "current_bounds",
    "deadline_passed",
    "memory_budget",
    "now",
    "physical_memory",
    "time_limit_seconds",
    "use_clock",
]

#: A clock: seconds as a float, only ever compared with earlier readings of the same clock.
Clock = Callable[[], float]


class StepClock:
    """A clock for tests: every reading is ``step`` seconds after the one before, so a time
    limit runs out after a fixed number of checks whatever the machine's speed or load
    (``step=0``: a clock that stands still, a limit that never runs out).

    >>> clock = StepClock(0.5)
    >>> clock(), clock(), clock()
    (0.0, 0.5, 1.0)
    >>> with use_clock(StepClock(1.0)), bounded(time_limit=2.5):  # deadline 0 + 2.5
    ...     [deadline_passed() for _ in range(4)]
    [False, False, True, True]
    """

    def __init__(self, step: float) -> None:
        self.step = float(step)
        self.time = -self.step

    def __call__(self) -> float:
        self.time += self.step
        return self.time

    def __repr__(self) -> str:
        return f"StepClock({self.step!r})"


def _clock_from_environment(text: str | None) -> Clock:
    """The clock ``GRUNDY_CLOCK`` names: ``cpu`` (this process's CPU time, so that other
    programs on the machine do not eat into a limit), ``step:SECONDS`` (a
    :class:`StepClock`, for tests), or wall time (``time.monotonic``) by default.

    >>> _clock_from_environment("step:0.25")
    StepClock(0.25)
    >>> _clock_from_environment("cpu") is time.process_time, _clock_from_environment(None)
    (True, <built-in function monotonic>)
    """
    if text == "cpu":
        return time.process_time
    if text and text.startswith("step:"):
        try:
            return StepClock(float(text[5:]))
        except ValueError:
            pass
    return time.monotonic


#: The one clock every time limit in grundy is decided by (:func:`now`, :func:`use_clock`).
_CLOCK: list[Clock] = [_clock_from_environment(os.environ.get("GRUNDY_CLOCK"))]


def now() -> float:
    """The project clock: every deadline in grundy is a reading of it plus seconds, and is
    compared with it. Tests replace it (:func:`use_clock`, or ``GRUNDY_CLOCK`` in a child
    process), so that no test decides by wall time."""
    return _CLOCK[0]()


@contextmanager
def use_clock(clock: Clock) -> Iterator[Clock]:
    """Decide every time limit by ``clock`` inside the body (for all threads: the clock is
    the process's), then restore the one before."""
    saved = _CLOCK[0]
    _CLOCK[0] = clock
    try:
        yield clock
    finally:
        _CLOCK[0] = saved


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

    ``time_limit`` may be any number >= 0 (a limit of more than about 3,000 years,
    such as ``10**400`` or ``inf``, is no limit); anything else raises
    :class:`~grundy.errors.InvalidSpecError`.

    Nested calls keep the earlier deadline when it comes first.
    """
    seconds = _seconds(time_limit)
    if progress is not None and not callable(progress):
        raise InvalidSpecError(
            f"progress must be a function progress(what, count), got {type(progress).__name__}",
            "progress=callable or None",
        )
    outer = _BOUNDS.get()
    deadline = None if seconds is None else now() + seconds
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


#: A time limit longer than this (about 3,000 years) is no limit.
_FOREVER = 1e11


def _seconds(time_limit: object) -> float | None:
    """``time_limit`` as seconds (None: no limit), or :class:`InvalidSpecError`.

    Any number >= 0 is accepted (int of any size, float, Fraction, Decimal); one too large
    to be a deadline (``10**400``, ``inf``) means no limit.

    >>> _seconds(10**400) is None, _seconds(0.5), _seconds(3)
    (True, 0.5, 3.0)
    """
    if time_limit is None:
        return None
    expected = "time_limit=SECONDS, a number >= 0 (CLI: --time-limit SECONDS)"
    if isinstance(time_limit, bool) or not isinstance(time_limit, (numbers.Real, decimal.Decimal)):
        raise InvalidSpecError(
            f"time_limit must be a number of seconds >= 0, got {type(time_limit).__name__}",
            expected,
        )
    try:
        value = float(time_limit)
    except OverflowError:  # an int or a fraction past float's range
        value = math.inf if time_limit > 0 else -math.inf  # type: ignore[operator]
    except (ValueError, ArithmeticError):  # a signalling NaN
        value = math.nan
    if math.isnan(value) or value < 0:
        shown = repr(time_limit) if len(repr(time_limit)) <= 40 else "a huge negative number"
        raise InvalidSpecError(
            f"time_limit must be a number of seconds >= 0, got {shown}", expected
        )
    if value > _FOREVER:
        return None
    return value


def physical_memory() -> int | None:
    """This machine's memory in bytes (None where it cannot be asked)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        return None


def _status_bytes(field: str) -> int | None:
    """A ``VmSize``/``VmData`` line of ``/proc/self/status`` in bytes (None elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _read_number(path: str) -> int | None:
    """The number in a one-line file (cgroup ``memory.max`` and the like; None for ``max``,
    a missing file or anything else)."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read(64).strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _cgroup_room() -> int | None:
    """Bytes this process's cgroup may still take: ``memory.max`` less ``memory.current``
    (cgroup v2), or ``memory.limit_in_bytes`` less ``memory.usage_in_bytes`` (v1); None
    without a limit."""
    try:
        with open("/proc/self/cgroup", encoding="utf-8") as f:
            lines = f.read(1 << 16).splitlines()
    except OSError:
        return None
    rooms = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":  # v2: the unified hierarchy
            names = ("memory.max", "memory.current")
            bases = ["/sys/fs/cgroup" + path, "/sys/fs/cgroup"]
        elif "memory" in controllers.split(","):
            names = ("memory.limit_in_bytes", "memory.usage_in_bytes")
            bases = ["/sys/fs/cgroup/memory" + path, "/sys/fs/cgroup/memory"]
        else:
            continue
        for base in bases:
            limit = _read_number(f"{base.rstrip('/')}/{names[0]}")
            if limit is not None and limit < 1 << 60:  # v1 writes "no limit" as ~2^63
                used = _read_number(f"{base.rstrip('/')}/{names[1]}") or 0
                rooms.append(max(0, limit - used))
                break
    return min(rooms) if rooms else None


def memory_budget() -> int | None:
    """Bytes this process can still allocate: the least of the machine's memory, the room
    left under ``RLIMIT_AS`` (less the address space in use) and ``RLIMIT_DATA`` (less the
    data in use), and the room left in its cgroup's ``memory.max`` (v2) or
    ``memory.limit_in_bytes`` (v1); None where none of them can be read.

    >>> budget = memory_budget()
    >>> budget is None or 0 <= budget <= (physical_memory() or budget)
    True
    """
    rooms = [physical_memory()]
    try:
        import resource  # noqa: PLC0415 (POSIX only)

        for limit_name, field in (("RLIMIT_AS", "VmSize"), ("RLIMIT_DATA", "VmData")):
            soft = resource.getrlimit(getattr(resource, limit_name))[0]
            if soft != resource.RLIM_INFINITY and soft > 0:
                used = _status_bytes(field) or 0
                rooms.append(max(0, soft - used))
    except (ImportError, AttributeError, OSError, ValueError):  # pragma: no cover - not POSIX
        pass
    rooms.append(_cgroup_room())
    known = [r for r in rooms if r is not None]
    return min(known) if known else None


def _size(n: int) -> str:
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):,.1f} {unit}"
    return f"{n:,} bytes"


def check_memory(nbytes: int, what: str) -> None:
    """Refuse, before allocating it, work that needs more memory than this process can have
    (:func:`memory_budget`: the machine's memory, the process's limits, its cgroup's):
    :class:`~grundy.errors.SearchLimitError`, one line naming the sizes.

    >>> check_memory(10**30, "a table of 10**29 heaps")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.SearchLimitError: a table of 10**29 heaps needs about ... TiB of memory, ...
    """
    total = memory_budget()
    if total is not None and nbytes > total:
        raise SearchLimitError(
            nbytes,
            f"{what} needs about {_size(nbytes)} of memory, more than the {_size(total)} "
            "this process can have (the machine's memory, or its limits: ulimit, cgroup); "
            "ask for a smaller one",
        )


def current_bounds() -> tuple[float | None, Progress | None]:
    """``(deadline as a reading of :func:`now`, progress callback)`` now in force."""
    b = _BOUNDS.get()
    return (None, None) if b is None else (b.deadline, b.progress)


def time_limit_seconds() -> float | None:
    """The time limit now in force, in seconds as it was given (None: no limit)."""
    b = _BOUNDS.get()
    return None if b is None else b.seconds


def deadline_passed() -> bool:
    """True when the current time limit has run out."""
    b = _BOUNDS.get()
    return b is not None and b.deadline is not None and now() >= b.deadline


def check_time(done: int = 0, what: str = "steps") -> None:
    """Raise :class:`TimeLimitError` once the deadline in force has passed (no progress
    report): for loops whose steps are each slow, or too many to count.

    >>> with bounded(time_limit=60):
    ...     check_time()
    """
    b = _BOUNDS.get()
    if b is not None and b.deadline is not None and now() >= b.deadline:
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
        if b.deadline is not None and now() >= b.deadline:
            raise TimeLimitError(b.seconds or 0, done, what)
        if b.progress is not None:
            b.progress(what, done)
    step = done + CHECK_EVERY
    return step if limit is None else min(step, limit + 1)
