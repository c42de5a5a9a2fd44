"""A solver process of the web playground: one request at a time, read from stdin, answered
on stdout, one JSON object per line (run as ``python -m grundy.web.worker``).

The server (:mod:`grundy.web.pool`) starts a few of these and sends each of them one request
at a time, so no two requests ever share a solver's caches. Each process:

- warms up (loads the compiled kernels), then caps its own address space with
  ``RLIMIT_AS`` at its size after warm-up plus ``--memory`` MiB, the budget of one request:
  past it the request ends with a ``MemoryError``, answered as a clean 422;
- answers each request within the request's time limit in CPU seconds
  (:func:`~grundy.web.limits.cpu_limit`), and under :func:`grundy.bounded` with its
  wall-clock bound, a safety net on a busy machine (the server also kills a process that
  runs past that bound plus a grace period);
- exits after answering when it has grown past half its budget (or met a
  ``MemoryError``), so that its caches never pile up; the server starts a fresh one;
- exits when the server goes away (end of stdin, or within a second of the server
  process's end, even in the middle of a search).

A request is ``{"op": OP, "query": {...}, "limits": {...}, "time_limit": S, "wall_limit": W,
"quick": BOOL}`` (S: CPU seconds; W: wall-clock seconds, default the limits' own)
(``limits``: the fields of :class:`~grundy.web.limits.Limits`); OP is ``solve``,
``moves``, ``table`` or ``table.csv`` and the query holds the request's parameters
(``spec``, ``misere``, ``side``, ``n``). The answer is one of::

    {"status": 200, "body": TEXT}                    (JSON text, or CSV with "name")
    {"status": 4xx or 503, "error": ONE LINE}       ("kind": "time-limit" for a time limit)
    {"escalate": true}            a quick attempt ran out of its short budget
    {"bug": TYPE, "trace": TEXT}  an exception that is not grundy's (a bug: logged, 500)

with ``"recycle": true`` added when the process exits after this answer.

>>> reply = answer({"op": "solve", "query": {"spec": "nim 3 4 5"}, "time_limit": 5})
>>> reply["status"], json.loads(reply["body"])["outcome"]
(200, 'N')
>>> answer({"op": "solve", "query": {"spec": "hackenbush @/etc/passwd"}, "time_limit": 5})
... # doctest: +ELLIPSIS
{'status': 400, 'error': 'files (@FILE) are not read here; ...'}
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import sys
import threading
import time
import traceback
from typing import Any, BinaryIO

import grundy
from grundy.web import service
from grundy.web.limits import WORKER_BASE_MB, BudgetError, Limits, cpu_limit

__all__ = ["OPS", "answer", "main", "memory_in_use"]

#: The requests a worker answers, by name.
OPS = (
    "solve",
    "moves",
    "hint",
    "table",
    "table.csv",
    "thermograph",
    "mex",
    "formula",
    "quotient",
)


def _limits(request: dict[str, Any]) -> Limits:
    """The server's limits, sent with the request, with this attempt's time limit (CPU
    seconds) and wall-clock bound (``wall_limit``, default: the limits' own)."""
    known = {f.name for f in dataclasses.fields(Limits)}
    given = {k: v for k, v in dict(request.get("limits") or {}).items() if k in known}
    limits = dataclasses.replace(Limits(**given), time_limit=float(request["time_limit"]))
    wall = request.get("wall_limit")
    return dataclasses.replace(limits, wall_limit=float(wall) if wall else limits.wall_seconds())


def _compute(op: str, query: dict[str, str], limits: Limits) -> dict[str, Any]:
    spec, misere = query.get("spec"), query.get("misere")
    if op == "solve":
        return {"body": json.dumps(service.solve_json(spec, misere, limits), allow_nan=False)}
    if op == "moves":
        data = service.moves_json(spec, misere, limits, query.get("side"))
        return {"body": json.dumps(data, allow_nan=False)}
    if op == "hint":
        data = service.hint_json(spec, misere, limits, query.get("side"))
        return {"body": json.dumps(data, allow_nan=False)}
    if op == "thermograph":
        return {"body": json.dumps(service.thermograph_json(spec, limits), allow_nan=False)}
    if op == "mex":
        return {"body": json.dumps(service.mex_json(spec, limits), allow_nan=False)}
    if op == "formula":
        return {"body": json.dumps(service.formula_json(spec, limits), allow_nan=False)}
    if op == "quotient":
        data = service.quotient_json(spec, limits, query.get("n"))
        return {"body": json.dumps(data, allow_nan=False)}
    if op == "table":
        data = service.table_json(spec, query.get("n"), limits)
        return {"body": json.dumps(data, allow_nan=False)}
    if op == "table.csv":
        name, text = service.table_csv(spec, query.get("n"), limits)
        return {"body": text, "name": name}
    raise ValueError(f"no such request: {op!r}")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The reply to one request (never raises for a request's own errors)."""
    limits = _limits(request)
    quick = bool(request.get("quick"))
    # Every request starts cold, as the command line does: an answer (and its count of
    # positions searched) never depends on the requests before it, and caches never pile up.
    grundy.clear_cache()
    try:
        # CPU time is what a request may spend; wall-clock time is only a safety net.
        with cpu_limit(limits.time_limit), grundy.bounded(time_limit=limits.wall_seconds()):
            reply = _compute(str(request["op"]), dict(request.get("query") or {}), limits)
    except MemoryError:
        return _out_of_memory(request)
    except Exception as exc:
        if quick and isinstance(exc, grundy.TimeLimitError | grundy.SearchLimitError | BudgetError):
            return {"escalate": True}
        mapped = service.error_for(exc, limits)
        if mapped is None:
            return {"bug": type(exc).__name__, "trace": traceback.format_exc(limit=30)}
        if isinstance(exc, grundy.TimeLimitError):
            return {"status": mapped[0], "error": mapped[1], "kind": "time-limit"}
        return {"status": mapped[0], "error": mapped[1]}
    return {"status": 200, **reply}


def _out_of_memory(request: dict[str, Any]) -> dict[str, Any]:
    mib = int(dict(request.get("limits") or {}).get("memory_mb", 0))
    budget = f" of {mib:,} MiB" if mib > 0 else ""
    return {
        "status": 422,
        "error": f"this request needs more than this server's memory budget{budget} per "
        "request; ask about a smaller position, or run grundy on your own machine",
        "recycle": True,
    }


def memory_in_use() -> int:
    """This process's address space in bytes (``VmSize``), or 0 where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _die_with_parent(every: float = 1.0) -> None:
    """End this process within ``every`` seconds of the server's end (a daemon thread
    watches the parent process id; a search in progress is not waited for)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="grundy-worker-watch", daemon=True).start()


def _cap_memory(budget: int) -> int:
    """Cap the address space at :data:`~grundy.web.limits.WORKER_BASE_MB` (or its present size
    when that is more) plus ``budget`` bytes; the cap in bytes (0: none)."""
    try:
        import resource  # noqa: PLC0415 (Unix only)
    except ImportError:  # pragma: no cover - not Unix
        return 0
    base = memory_in_use()
    if base <= 0 or budget <= 0:
        return 0
    cap = max(base, WORKER_BASE_MB << 20) + budget
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ValueError, OSError):  # pragma: no cover - a hard limit already lower
        return 0
    return cap


def main(argv: list[str] | None = None) -> int:
    """Serve requests from stdin until it ends:
    ``python -m grundy.web.worker [MEMORY_MIB [NICE]]``."""
    args = sys.argv[1:] if argv is None else argv
    budget = int(args[0]) << 20 if args else 512 << 20
    # Replies go to a private copy of stdout; anything printed by accident goes to stderr.
    out: BinaryIO = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    service.warm_up()
    if len(args) > 1 and int(args[1]) > 0:
        os.nice(int(args[1]))  # after the warm-up: a fresh process is ready sooner
    base = memory_in_use()
    _cap_memory(budget)
    try:
        out.write(b'{"ready": true}\n')
        out.flush()
    except BrokenPipeError:  # the server stopped while this worker warmed up: nothing to do
        with contextlib.suppress(OSError):
            out.close()
        return 0
    for line in sys.stdin.buffer:
        try:
            request = json.loads(line)
            reply = answer(request)
        except MemoryError:
            reply = _out_of_memory({"limits": {"memory_mb": budget >> 20}})
        except ValueError as e:  # a malformed line: the server's bug, said once
            reply = {"bug": "ValueError", "trace": str(e)[:500]}
        grown = memory_in_use() - base
        if grown > budget // 2:
            reply["recycle"] = True
        try:
            out.write(json.dumps(reply).encode() + b"\n")
            out.flush()
        except (BrokenPipeError, MemoryError):
            return 0
        if reply.get("recycle"):
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
