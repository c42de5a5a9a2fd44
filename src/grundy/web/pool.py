"""The solver pool: every answer that needs grundy's solvers is computed in one of a fixed
number of worker processes (:mod:`grundy.web.worker`), one request per process at a time.

Two lanes:

- **quick** (:attr:`~grundy.web.limits.Limits.quick_workers` processes): every request
  is tried here first, for at most :attr:`~grundy.web.limits.Limits.quick_time`
  seconds. Most requests (a small solve, a move list, a kernel table) end here. At most
  :attr:`~grundy.web.limits.Limits.quick_queue` requests may wait for a quick process;
  past that, or after waiting longer than the time limit, a request is refused (503).
- **long** (:attr:`~grundy.web.limits.Limits.workers` processes): a request that ran out
  of its quick attempt is run again here with the full time limit, at a lower CPU
  priority (:data:`LONG_NICE`), so that it never slows the quick lane. When every long
  process is busy it is refused at once (503, with ``Retry-After``). The pool remembers
  such requests (the last 4,096) and sends them straight to this lane next time.

Bounds:

- **time**: a request may spend its time limit in CPU seconds
  (:func:`~grundy.web.limits.cpu_limit`: a busy machine slows it down, but does not
  stop it sooner), within a wall-clock bound (:meth:`~grundy.web.limits.Limits.wall_seconds`)
  as a safety net; a process still busy :data:`GRACE` seconds past that bound is killed
  (and replaced), and the answer is a 503 "stopped at this server's time limit".
- **memory**: each process caps its own address space (``RLIMIT_AS``) after start-up
  (see :mod:`grundy.web.worker`); a request that needs more ends with a clean 422, and a
  process that has grown past half its budget is replaced after its answer. The total is
  :meth:`~grundy.web.limits.Limits.memory_budget_mb`.
- **isolation**: no two requests share a process at once, so no cache is ever shared
  between concurrent requests; a process that dies is replaced.

>>> from grundy.web.limits import Limits
>>> with SolverPool(Limits(quick_workers=1, workers=1)) as pool:
...     reply = pool.run("solve", {"spec": "nim 1 2 3"})
>>> reply["status"], '"outcome": "P"' in reply["body"]
(200, True)
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import select
import subprocess
import sys
import threading
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from types import TracebackType
from typing import Any

import grundy
from grundy.web.limits import Limits

__all__ = ["GRACE", "LONG_NICE", "SolverPool"]

_LOG = logging.getLogger("grundy.web")

#: Seconds past its time limit before a busy solver process is killed.
GRACE = 1.5

#: The CPU priority of long requests (``nice``): on a busy machine the quick lane and the
#: server itself get the processor first, so cheap requests stay fast.
LONG_NICE = 10

#: Seconds a new solver process may take to start (import, load the compiled kernels).
START_TIMEOUT = 120.0

#: How many requests that needed the long lane are remembered.
REMEMBERED = 4096

_SOURCE = str(Path(grundy.__file__).resolve().parents[1])


def busy(message: str) -> dict[str, Any]:
    """A 503 reply that tells the client to come back."""
    return {"status": 503, "error": message, "retry_after": 2, "kind": "busy"}


def time_limit_reply(limits: Limits) -> dict[str, Any]:
    """The reply for a request stopped at its time limit (the same whoever stopped it)."""
    return {
        "status": 503,
        "error": f"stopped at this server's time limit of {limits.wall_seconds():g} s of "
        "wall-clock time (the server is busy); try again, ask about a smaller position, or "
        "run grundy on your own machine with no limit",
        "kind": "time-limit",
    }


class _Worker:
    """One solver process and its pipes."""

    def __init__(self, memory_mb: int, nice: int = 0) -> None:
        env = dict(os.environ)
        # The same grundy as the server's, and one thread per numeric library.
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_SOURCE, env.get("PYTHONPATH", "")) if p)
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env[name] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "grundy.web.worker", str(memory_mb), str(nice)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            close_fds=True,
        )
        self._buffer = bytearray()
        self.timed_out = False
        ready = self._read(time.monotonic() + START_TIMEOUT)
        if ready != {"ready": True}:
            self.kill()
            raise OSError("a solver process did not start")

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def ask(self, request: dict[str, Any], seconds: float) -> dict[str, Any] | None:
        """The reply, or None when the process died or did not answer within ``seconds``
        (it is then killed)."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.kill()
            return None
        deadline = time.monotonic() + seconds
        reply = self._read(deadline)
        if reply is None:
            self.timed_out = time.monotonic() >= deadline
            self.kill()
        elif reply.get("recycle"):
            self.close()
        return reply

    def _read(self, deadline: float) -> dict[str, Any] | None:
        """One line from the process, read by hand so that the deadline holds."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], min(left, 60.0))
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None  # the process ended
            self._buffer += chunk
        line, _, rest = self._buffer.partition(b"\n")
        self._buffer = bytearray(rest)
        try:
            reply = json.loads(line)
        except ValueError:
            return None
        return reply if isinstance(reply, dict) else None

    def close(self) -> None:
        """Let the process end (end of its input), killing it if it lingers."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.kill()
        self._close_pipes()

    def kill(self) -> None:
        """End the process now."""
        try:
            self.proc.kill()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):  # pragma: no cover - already gone
            pass
        self._close_pipes()

    def _close_pipes(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:  # pragma: no cover - a broken pipe on close
                pass


class _Lane:
    """A fixed number of solver processes, started when first needed."""

    def __init__(self, name: str, size: int, queue: int, memory_mb: int, nice: int = 0) -> None:
        self.name = name
        self.nice = nice
        self.size = max(1, size)
        self.queue = max(0, queue)
        self.memory_mb = memory_mb
        self.idle: list[_Worker] = []
        self.every: set[_Worker] = set()
        self.count = 0  # processes alive or starting
        self.waiting = 0
        self.closed = False
        self.cond = threading.Condition()

    def acquire(self, wait: float) -> _Worker | None:
        """An idle process (started if none is and the lane is not full), or None when the
        lane is full and the wait is over (or no one else may wait). While the lane has no
        process up yet (the server is starting), a request waits up to
        :data:`START_TIMEOUT` for the first one, not just ``wait``."""
        deadline = time.monotonic() + wait
        first_deadline = time.monotonic() + START_TIMEOUT
        with self.cond:
            while True:
                if self.closed:
                    return None
                while self.idle:
                    worker = self.idle.pop()
                    if worker.alive:
                        return worker
                    self.every.discard(worker)  # ended while idle: its slot is free again
                    self.count -= 1
                    worker.kill()
                if self.count < self.size:
                    self.count += 1
                    break
                now = time.monotonic()
                starting = wait > 0 and not self.every and now < first_deadline
                left = (first_deadline if starting else deadline) - now
                if left <= 0 or self.waiting >= self.queue:
                    return None
                self.waiting += 1
                try:
                    self.cond.wait(min(left, 60.0))
                finally:
                    self.waiting -= 1
        return self._start()

    def _start(self) -> _Worker | None:
        """A new process for a slot already counted (the slot is given back on failure)."""
        try:
            worker = _Worker(self.memory_mb, self.nice)
        except OSError as e:
            _LOG.error("cannot start a solver process: %s", e)
            with self.cond:
                self.count -= 1
                self.cond.notify()
            return None
        with self.cond:
            self.every.add(worker)
            if self.closed:
                self.every.discard(worker)
                self.count -= 1
                worker.kill()
                return None
        return worker

    def release(self, worker: _Worker) -> None:
        """Give a process back (a dead one frees its slot, and a fresh one is started)."""
        with self.cond:
            if worker.alive and not self.closed:
                self.idle.append(worker)
                self.cond.notify()
                return
            self.every.discard(worker)
            self.count -= 1
            self.cond.notify()
            closed = self.closed
        if not closed:
            self.prestart(1)

    def prestart(self, how_many: int) -> None:
        """Start up to ``how_many`` processes in the background (never past the size)."""

        def start() -> None:
            worker = self._start()
            if worker is not None:
                self.release(worker)

        for _ in range(how_many):
            with self.cond:
                if self.closed or self.count >= self.size:
                    return
                self.count += 1
            threading.Thread(target=start, name=f"grundy-{self.name}-start", daemon=True).start()

    def close(self) -> None:
        with self.cond:
            self.closed = True
            every = list(self.every)
            self.idle.clear()
            self.cond.notify_all()
        for worker in every:
            worker.kill()


#: A request as a key: its operation and its sorted parameters.
_Key = tuple[str, tuple[tuple[str, str], ...]]


class _NeedsLong(Exception):
    """A quick attempt ran out of its time: the request goes to the long lane."""


def _close_lanes(lanes: tuple[_Lane, ...]) -> None:
    for lane in lanes:
        lane.close()


class SolverPool:
    """The solver processes of one app (see the module docstring). Thread-safe: call
    :meth:`run` from any number of threads."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.quick = _Lane("quick", limits.quick_workers, limits.quick_queue, limits.memory_mb)
        self.long = _Lane("long", limits.workers, 0, limits.memory_mb, LONG_NICE)
        self._remembered: OrderedDict[_Key, None] = OrderedDict()
        self._trying: dict[_Key, threading.Event] = {}
        self._lock = threading.Lock()
        self.counts: dict[str, int] = {
            "quick": 0,
            "long": 0,
            "refused": 0,
            "killed": 0,
            "crashed": 0,
        }
        self._finalizer = weakref.finalize(self, _close_lanes, (self.quick, self.long))

    def start(self) -> None:
        """Start every process now, in the background (else each on first need)."""
        self.quick.prestart(self.quick.size)
        self.long.prestart(self.long.size)

    def close(self) -> None:
        """Stop every process (requests in flight answer 503)."""
        self._finalizer()

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def processes(self) -> list[int]:
        """The process ids of the solver processes alive now."""
        with self.quick.cond, self.long.cond:
            every = [*self.quick.every, *self.long.every]
        return [w.proc.pid for w in every if w.alive]

    def stats(self) -> dict[str, int]:
        """Requests answered in each lane, refused, killed at their deadline, lost to a
        process that ended; and each lane's size and how many of its processes are up."""
        with self._lock:
            out = dict(self.counts)
        for lane in (self.quick, self.long):
            with lane.cond:
                out[f"{lane.name}_processes"] = lane.size
                out[f"{lane.name}_ready"] = len(lane.every)
        return out

    def _count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    def run(self, op: str, query: dict[str, str]) -> dict[str, Any]:
        """The reply to one request (blocks: call it from a worker thread). See
        :mod:`grundy.web.worker` for its shape; a refusal is a 503 with ``retry_after``."""
        limits = self.limits
        key = (op, tuple(sorted(query.items())))
        request: dict[str, Any] = {"op": op, "query": query, "limits": dataclasses.asdict(limits)}
        long_known, tried = self._known(key)
        if tried is not None:
            # The same question is being tried by a quick solver right now: wait for its
            # verdict rather than take a second quick solver for it.
            tried.wait(limits.wall_seconds(quick=True) + GRACE)
            long_known, tried = self._known(key)
        if not long_known and limits.quick_time < limits.time_limit:
            try:
                return self._try_quick(key, request)
            except _NeedsLong:
                pass
        worker = self.long.acquire(wait=0)
        if worker is None:
            self._count("refused")
            return busy(
                f"this server is busy: all {self.long.size} solvers for long requests are "
                "taken; try again in a few seconds"
            )
        try:
            long = {**request, "time_limit": limits.time_limit, "wall_limit": limits.wall_seconds()}
            reply = self._ask(worker, long, None)
        finally:
            self.long.release(worker)
        self._count("long")
        return reply if reply is not None else time_limit_reply(limits)

    def _known(self, key: _Key) -> tuple[bool, threading.Event | None]:
        """Whether ``key`` is known to need the long lane, and the event of a quick attempt
        at it in progress (None when there is none)."""
        with self._lock:
            if key in self._remembered:
                self._remembered.move_to_end(key)
                return True, None
            return False, self._trying.get(key)

    def _try_quick(self, key: _Key, request: dict[str, Any]) -> dict[str, Any]:
        """The reply of a quick attempt, or :class:`_NeedsLong` (the key is then remembered)."""
        limits = self.limits
        with self._lock:
            mine = self._trying.setdefault(key, threading.Event())
        try:
            worker = self.quick.acquire(wait=limits.wall_seconds())
            if worker is None:
                self._count("refused")
                return busy(
                    "this server is busy: every solver is taken and the queue is full; "
                    "try again in a few seconds"
                )
            wall = limits.wall_seconds(quick=True)
            quick = {**request, "time_limit": limits.quick_time, "wall_limit": wall, "quick": True}
            try:
                reply = self._ask(worker, quick, wall + GRACE)
            finally:
                self.quick.release(worker)
            self._count("quick")
            if reply is not None and not reply.get("escalate"):
                return reply
            with self._lock:
                self._remembered[key] = None
                if len(self._remembered) > REMEMBERED:
                    self._remembered.popitem(last=False)
            raise _NeedsLong
        finally:
            with self._lock:
                if self._trying.get(key) is mine:
                    del self._trying[key]
            mine.set()

    def _ask(
        self, worker: _Worker, request: dict[str, Any], seconds: float | None
    ) -> dict[str, Any] | None:
        """Send one request; None when the process was killed at its deadline. A process
        that died on its own is reported (logged) as a 503."""
        limit = float(request["wall_limit"]) + GRACE if seconds is None else seconds
        reply = worker.ask(request, limit)
        if reply is not None:
            return reply
        if worker.timed_out:
            self._count("killed")
            _LOG.warning(
                "a solver process was stopped %.1f s into %s %s (past its deadline)",
                limit,
                request["op"],
                request["query"],
            )
            return None
        self._count("crashed")
        _LOG.error(
            "a solver process ended with status %s during %s", worker.proc.returncode, request
        )
        return busy("a solver process stopped unexpectedly; try again in a few seconds")
