"""Run a census on Dask distributed: the only module of grundy that imports Dask (lazily).

By default a ``LocalCluster`` on this machine: one worker process per core, one
thread each, listening on the loopback only, no dashboard unless asked. With
``scheduler="tcp://HOST:PORT"`` the same census runs on a cluster started with
``dask scheduler`` and ``dask worker`` (grundy must be importable on the workers).

One task per costly code, cheap codes in chunks (:func:`grundy.census.compute.plan_tasks`),
all submitted as impure; results come back with ``as_completed`` and the client
alone writes them to the database, one commit per task. Dask reruns the task of
a worker that dies on another worker; a result is stored once, when its future
completes, so nothing is counted twice.

>>> dask_available() in (True, False)
True
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from grundy.census.compute import (
    CHEAP_CHUNK,
    CensusParams,
    CodeResult,
    compute_chunk,
    error_result,
    plan_tasks,
)
from grundy.census.equivalent import plan_equivalents
from grundy.census.family import CensusItem
from grundy.census.store import CensusStore
from grundy.errors import ClusterError, UnsupportedError

__all__ = [
    "INSTALL_HINT",
    "CensusSummary",
    "dask_available",
    "local_cluster",
    "require_dask",
    "run_census",
]

INSTALL_HINT = (
    "grundy census runs on Dask distributed, which is not installed: "
    'pip install -e ".[census]" in a checkout of grundy  (or: pip install "dask[distributed]")'
)

#: Seconds to wait for a scheduler given with ``scheduler=``.
CONNECT_TIMEOUT = 20

#: ``progress(done, total, result)`` after each code stored.
Progress = Callable[[int, int, CodeResult], None]


def dask_available() -> bool:
    """True when ``dask.distributed`` can be imported."""
    try:
        _distributed()
    except ImportError:
        return False
    return True


def _distributed() -> Any:
    """The ``distributed`` module (imported on first need: it is the optional extra)."""
    return importlib.import_module("distributed")


def require_dask() -> None:
    """Raise :class:`~grundy.errors.UnsupportedError` (one line on how to install Dask)
    when it is missing."""
    if not dask_available():
        raise UnsupportedError(INSTALL_HINT)


@dataclass(frozen=True)
class CensusSummary:
    """How a census run went: codes in the family, skipped (already done), computed now,
    errors among them, periods proved among them, wall seconds, and where it ran."""

    codes: int
    skipped: int
    computed: int
    errors: int
    proved: int
    seconds: float
    cluster: str
    workers: int
    #: ``(code, why)`` of the stored rows that failed their check and were computed again.
    refused: tuple[tuple[str, str], ...] = ()


#: Dask's loggers in this process, quieted once a census is interrupted (Ctrl-C printed
#: five tracebacks from them before "interrupted").
DASK_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start the worker processes with Ctrl-C ignored: Ctrl-C at a terminal reaches the
    whole process group, and only the client must see it (it closes the workers). An
    ignored signal stays ignored in a child, across ``exec``, and Python then installs no
    KeyboardInterrupt handler (nor does asyncio); a blocked one does not stay blocked.
    A Ctrl-C pressed while the workers start is ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _ctrl_c_kept() -> Iterator[Callable[[], None]]:
    """Yield ``check()``, which raises KeyboardInterrupt once Ctrl-C has been pressed in
    the body. Python raises KeyboardInterrupt wherever the main thread is, and where that
    is a garbage collector's callback or a ``__del__`` (Dask installs one: its
    ``GCDiagnosis``), the exception is printed as "Exception ignored" and the run goes
    on to the end. The handler here also records the Ctrl-C (the loop checks the record
    after each result), and such an ignored KeyboardInterrupt is not printed. A Ctrl-C
    that is ignored or handled otherwise stays so."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield lambda: None
        return
    pressed = threading.Event()

    def on_ctrl_c(signum: int, frame: Any) -> None:
        pressed.set()
        raise KeyboardInterrupt

    def check() -> None:
        if pressed.is_set():
            raise KeyboardInterrupt

    hook = sys.unraisablehook

    def unraisable(info: Any) -> None:
        if not (pressed.is_set() and isinstance(info.exc_value, KeyboardInterrupt)):
            hook(info)

    signal.signal(signal.SIGINT, on_ctrl_c)
    sys.unraisablehook = unraisable
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.unraisablehook = hook


@contextmanager
def _dask_logs_restored() -> Iterator[None]:
    """Put the levels of Dask's loggers back as they were on leaving (see :func:`_silence`)."""
    saved = {name: logging.getLogger(name).level for name in DASK_LOGGERS}
    try:
        yield
    finally:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)


def _silence() -> None:
    """Silence Dask's loggers while an interrupted census shuts its cluster down, so that
    the command's one line is all that is printed."""
    for name in DASK_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


@contextmanager
def local_cluster(workers: int | None = None, *, dashboard: str | None = None) -> Iterator[Any]:
    """A ``distributed.Client`` on a new ``LocalCluster`` (closed on exit): ``workers``
    processes (default: one per core) of one thread each, on 127.0.0.1, with the
    dashboard at ``dashboard`` (an address such as ``127.0.0.1:8787``) or none."""
    require_dask()
    dd = _distributed()
    n = workers or os.cpu_count() or 1
    with _workers_ignore_ctrl_c():
        cluster = dd.LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=dashboard,
            # Without a dashboard the scheduler still serves a few HTTP routes (health,
            # metrics): on a free loopback port, not 8787 (which another cluster may hold).
            scheduler_kwargs={
                "dashboard": dashboard is not None,
                "dashboard_address": dashboard or "127.0.0.1:0",
            },
            # (a worker cut off from its scheduler as the cluster closes logs errors:
            # a task that fails comes back through its future, with its reason)
            silence_logs=logging.CRITICAL,
        )
    try:
        client = dd.Client(cluster)
        try:
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


@contextmanager
def _connect(
    scheduler: str | None, workers: int | None, dashboard: str | None, client: Any
) -> Iterator[tuple[Any, str]]:
    if client is not None:
        yield client, str(client.scheduler.address)
        return
    if scheduler is None:
        with local_cluster(workers, dashboard=dashboard) as local:
            yield local, f"LocalCluster of {len(local.scheduler_info()['workers'])} workers"
        return
    try:
        remote = _distributed().Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        yield remote, scheduler
    finally:
        remote.close()


def _submit(
    dask_client: Any,
    tasks: Sequence[Sequence[CensusItem]],
    params: CensusParams,
    copies: Mapping[str, list[tuple[CensusItem, str]]],
    futures: list[Any],
) -> None:
    """Submit each task (a chunk of codes, with the copies each computes, see
    :func:`plan_equivalents`), its future appended to ``futures`` at once (so that an
    interruption cancels every task submitted)."""
    tag = uuid.uuid4().hex[:8]
    for n, task in enumerate(tasks):
        key = f"census-{tag}-{n}-{task[0].code}"
        more = {i.code: copies[i.code] for i in task if i.code in copies}
        futures.append(dask_client.submit(compute_chunk, task, params, more, pure=False, key=key))


def _task_results(
    future: Any,
    owner: Mapping[Any, Sequence[CensusItem]],
    params: CensusParams,
    copies: Mapping[str, list[tuple[CensusItem, str]]],
) -> list[CodeResult]:
    """The results of a finished task, or, for a task that failed for good (e.g. killed 3
    times), an error result for each of its codes and their copies."""
    try:
        results: list[CodeResult] = future.result()
    except Exception as e:
        why = f"task failed on the cluster: {type(e).__name__}: {e}"
        results = [
            error_result(i, params, why)
            for rep in owner[future.key]
            for i in (rep, *(c for c, _ in copies.get(rep.code, ())))
        ]
    return results


def run_census(
    family: str,
    items: Sequence[CensusItem],
    params: CensusParams,
    store: CensusStore,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    dashboard: str | None = None,
    chunk: int = CHEAP_CHUNK,
    redo: bool = False,
    progress: Progress | None = None,
    client: Any = None,
) -> CensusSummary:
    """Compute every item not yet done in ``store`` on a Dask cluster and store the results.

    ``client`` (an existing ``distributed.Client``) is used as it is; otherwise
    ``scheduler`` names one to connect to, else a :func:`local_cluster` of ``workers``
    is started for the run. Ctrl-C cancels the tasks in flight (the codes stored stay)
    and re-raises.
    """
    require_dask()
    as_completed = _distributed().as_completed
    began = time.perf_counter()
    todo = store.pending(items, params, redo=redo)
    # codes whose rules provably give the same sequence as another's are not computed on
    # their own: the task of their representative computes them from its table
    # (grundy.census.equivalent); a representative outside the family is not stored
    compute, copies = plan_equivalents(todo)
    in_todo = {i.code for i in todo}
    tasks = plan_tasks(compute, chunk)
    computed = errors = proved = 0

    def put(result: CodeResult, run: int) -> None:
        nonlocal computed, errors, proved
        if result.code not in in_todo:
            return
        store.put(result, run)
        computed += 1
        errors += result.stopped == "error"
        proved += result.proved
        if progress is not None:
            progress(computed, len(todo), result)

    with (
        _dask_logs_restored(),
        _connect(scheduler, workers, dashboard, client) as (dask_client, where),
    ):
        nworkers = len(dask_client.scheduler_info()["workers"])
        run = store.start_run(family, params, where)
        status = "failed"
        futures: list[Any] = []
        try:
            with _ctrl_c_kept() as check_ctrl_c:
                _submit(dask_client, tasks, params, copies, futures)
                owner = {f.key: task for f, task in zip(futures, tasks, strict=True)}
                for future in as_completed(futures):
                    check_ctrl_c()
                    results = _task_results(future, owner, params, copies)
                    future.release()
                    for result in results:
                        put(result, run)
                check_ctrl_c()
            status = "done"
        except BaseException:
            status = "interrupted"
            _silence()
            dask_client.cancel(futures)
            raise
        finally:
            store.finish_run(
                run,
                codes=len(items),
                computed=computed,
                skipped=len(items) - len(todo),
                errors=errors,
                status=status,
            )
    return CensusSummary(
        codes=len(items),
        skipped=len(items) - len(todo),
        computed=computed,
        errors=errors,
        proved=proved,
        seconds=time.perf_counter() - began,
        cluster=where,
        workers=nworkers,
        refused=tuple(store.refused),
    )
