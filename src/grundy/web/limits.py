"""What the web playground accepts: size limits checked at the door, and the error it answers.

Every request is checked here before any work is done: a spec longer than
:attr:`Limits.spec_chars`, a table past :attr:`Limits.table_n`, or a position
too big to list every move of is refused with one line and a 4xx status.

>>> limits = Limits()
>>> check_spec("nim 3 4 5", limits)
'nim 3 4 5'
>>> check_spec("nim " * 1000, limits)
Traceback (most recent call last):
...
grundy.web.limits.WebError: the spec has 4,000 characters; this server accepts at most 2,000
>>> parse_n("100", limits), parse_flag("1"), parse_flag(None)
(100, True, False)
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from grundy.errors import TimeLimitError

__all__ = [
    "MAIN_MB",
    "WORKER_BASE_MB",
    "BudgetError",
    "CpuTimeLimitError",
    "Limits",
    "WebError",
    "check_playable",
    "check_spec",
    "cpu_limit",
    "parse_flag",
    "parse_n",
]


@dataclass(frozen=True)
class Limits:
    """The bounds on one request.

    Attributes:
        spec_chars: the longest spec accepted.
        table_n: the largest last heap of a table.
        time_limit: seconds of CPU time a request may compute before it stops with a clear
            message (CPU time, so that a busy machine slows an answer down but does not
            refuse it).
        wall_limit: seconds of wall-clock time a request may take at most, a safety net
            for a machine so busy that a request gets little CPU (at least ``time_limit``).
        max_positions: the cap on one search (``max_positions=`` of :func:`grundy.solve`).
        play_total: the largest sum of the whole numbers in a spec whose moves are listed.
        play_moves: the most moves listed (each with its outcome) for one position.
        workers: solver processes for long requests; a long request that finds them all
            busy is refused at once (503).
        quick_workers: solver processes that try every request first, for at most
            ``quick_time`` seconds; a request that needs longer moves on to ``workers``.
        quick_time: seconds of CPU time of a first, quick attempt.
        quick_wall: wall-clock seconds a quick attempt may take at most (at least
            ``quick_time``); past it the request moves on to ``workers``. Short, so that
            an expensive request never holds a quick solver long on a busy machine.
        quick_queue: requests that may wait for a quick worker; more are refused (503).
        memory_mb: MiB one request may allocate (each solver process's address space is
            capped at its size after start-up plus this much).
        header_timeout: seconds a client has to send a request's headers, from the moment
            it connects (or its previous answer is sent); then the connection is closed.
    """

    spec_chars: int = 2_000
    table_n: int = 100_000
    time_limit: float = 5.0
    wall_limit: float = 30.0
    max_positions: int = 2_000_000
    play_total: int = 10_000
    play_moves: int = 2_000
    workers: int = 2
    quick_workers: int = 4
    quick_time: float = 0.5
    quick_wall: float = 1.0
    quick_queue: int = 256
    memory_mb: int = 512
    header_timeout: float = 10.0

    def wall_seconds(self, quick: bool = False) -> float:
        """The wall-clock bound of a request (of a quick attempt): never below its CPU limit.

        >>> Limits().wall_seconds(), Limits(time_limit=60).wall_seconds(), Limits().wall_seconds(1)
        (30.0, 60.0, 1.0)
        """
        if quick:
            return float(max(self.quick_wall, self.quick_time))
        return float(max(self.wall_limit, self.time_limit))

    def memory_budget_mb(self) -> int:
        """The most memory (MiB) the whole server may hold: the server process's own
        :data:`MAIN_MB` and, for each solver process, its start-up size
        (:data:`WORKER_BASE_MB`) plus :attr:`memory_mb`.

        >>> Limits().memory_budget_mb()
        5888
        """
        return MAIN_MB + (self.workers + self.quick_workers) * (WORKER_BASE_MB + self.memory_mb)


#: MiB allowed to the server process itself (routing, the page, answers in transit).
MAIN_MB = 512

#: MiB of address space allowed to a solver process before its first request: Python, numpy
#: and the compiled core (measured after warm-up: about 150 MiB mapped, 35 MiB resident; the
#: rest is headroom). A solver's address space is capped at this (or its size after warm-up,
#: when that is more) plus :attr:`Limits.memory_mb`.
WORKER_BASE_MB = 384


class WebError(Exception):
    """A request the playground refuses: an HTTP status and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


class CpuTimeLimitError(TimeLimitError):
    """A request stopped after its seconds of CPU time (:func:`cpu_limit`)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds, 0, "positions")
        self.cpu = True


@contextmanager
def cpu_limit(seconds: float | None) -> Iterator[None]:
    """Run the body with a limit of ``seconds`` of this process's CPU time (user and
    system): past it :class:`CpuTimeLimitError` is raised where the body is (Python code,
    or a compiled loop at its next check for signals). A profiling timer
    (``ITIMER_PROF``) counts the time; it works in the main thread of a Unix process only,
    and elsewhere the body runs with no CPU limit (the wall-clock one still holds).

    >>> with cpu_limit(0.05):
    ...     for _ in range(10**12):
    ...         pass
    Traceback (most recent call last):
    ...
    grundy.web.limits.CpuTimeLimitError: stopped at the time limit of 0.05 s ...
    """
    usable = (
        seconds is not None
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return
    assert seconds is not None

    def expired(signum: int, frame: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        raise CpuTimeLimitError(seconds)

    old = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


class BudgetError(WebError):
    """A request refused because it would not finish within the time it is given (422):
    a quick first attempt passes such a request on to a long-running worker."""


def check_spec(text: str | None, limits: Limits) -> str:
    """The spec from a query string, refused when missing, empty or too long."""
    if text is None or not text.strip():
        raise WebError(400, "missing parameter spec (a position such as 'nim 3 4 5')")
    if len(text) > limits.spec_chars:
        raise WebError(
            413,
            f"the spec has {len(text):,} characters; this server accepts at most "
            f"{limits.spec_chars:,}",
        )
    return text


def parse_flag(text: str | None) -> bool:
    """A yes/no query parameter (``1``/``0``, ``true``/``false``); absent means no.

    >>> parse_flag("true"), parse_flag("0"), parse_flag("")
    (True, False, False)
    >>> parse_flag("maybe")
    Traceback (most recent call last):
    ...
    grundy.web.limits.WebError: expected 0 or 1, got 'maybe'
    """
    if text is None:
        return False
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("", "0", "false", "no", "off"):
        return False
    raise WebError(400, f"expected 0 or 1, got {text[:40]!r}")


def parse_n(text: str | None, limits: Limits) -> int:
    """The last heap of a table: a whole number from 0 to :attr:`Limits.table_n`.

    >>> parse_n("1000000", Limits())
    Traceback (most recent call last):
    ...
    grundy.web.limits.WebError: n = 1,000,000 is past this server's limit of 100,000 heaps
    """
    if text is None or not text.strip():
        raise WebError(400, "missing parameter n (the last heap size, e.g. 100)")
    word = text.strip().replace("_", "").replace(",", "")
    if not word.isascii() or not word.isdigit():
        raise WebError(400, f"n must be a whole number >= 0, got {text[:40]!r}")
    if len(word) > 12 or int(word) > limits.table_n:
        shown = f"{int(word):,}" if len(word) <= 12 else f"a {len(word)}-digit number"
        raise WebError(413, f"n = {shown} is past this server's limit of {limits.table_n:,} heaps")
    return int(word)


_NUMBER = re.compile(r"(?<![\w.:,-])\d+(?![\w.:-])")


def check_playable(spec: str, limits: Limits) -> None:
    """Refuse to list the moves of a position whose numbers are too big to enumerate.

    A heap of a million has a million moves: it can be solved (by formula), not
    played here. Whole numbers standing alone in the spec are added up.

    >>> check_playable("nim 3 4 5", Limits())
    >>> check_playable("nim 9000 9000", Limits())
    Traceback (most recent call last):
    ...
    grundy.web.limits.WebError: the numbers in this position add up to 18,000; positions \
up to 10,000 can be played here (any size can be solved)
    """
    total = 0
    for m in _NUMBER.finditer(spec):
        digits = m.group()
        if len(digits) > 12:
            total = limits.play_total + 1 + 10**12
            break
        total += int(digits)
    if total > limits.play_total:
        shown = f"{total:,}" if total < 10**12 else "a trillion or more"
        raise WebError(
            422,
            f"the numbers in this position add up to {shown}; positions up to "
            f"{limits.play_total:,} can be played here (any size can be solved)",
        )
