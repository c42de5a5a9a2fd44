"""Tables beyond memory: a take-and-break table grown in a memory-mapped file, checkpointed,
resumable after ``kill -9`` and on another machine (``grundy table SPEC -n N --out DIR
--disk``).

A run lives in a folder: ``values.u16`` (the values, raw little-endian uint16, one entry a
heap, memory-mapped and sized to the target) and ``state.json`` (the game, the number of
finished heaps, the CPU seconds spent, and the statistics recorded at each power of two).
Every :data:`CHECKPOINT_EVERY` seconds the mapped pages are flushed to disk and only then
``state.json`` is replaced atomically, so a run killed at any moment resumes from its last
checkpoint: the heaps past it are recomputed, never trusted. Both files are
machine-independent (a fixed byte order, JSON), so a folder copied elsewhere resumes there.

>>> import tempfile
>>> from grundy.heap.games import KAYLES
>>> folder = tempfile.mkdtemp()
>>> run = disk_table(KAYLES, 5000, folder)
>>> run.count, int(run.values[5000]), run.milestones["4096"]["stats"]["largest"]
(5001, 1, 8)
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core.files import atomic_write
from grundy.core.limits import checkpoint
from grundy.errors import InvalidSpecError, SolvedFileError
from grundy.heap.games import TakeAndBreak
from grundy.heap.stats import sparse_stats
from grundy.heap.table import TableBuilder

__all__ = ["CHECKPOINT_EVERY", "DISK_FORMAT", "DiskRun", "disk_table"]

#: Format tag of ``state.json``.
DISK_FORMAT = "grundy-disk-table/1"

#: Seconds between two checkpoints (at most this much work is lost to kill -9).
CHECKPOINT_EVERY = 180.0

#: Heaps computed between two looks at the clock.
_STEP = 1 << 18

#: Statistics are recorded at heaps 2^k for k from this on (and at the target).
_FIRST_MILESTONE = 12


@dataclass
class DiskRun:
    """A run's state: ``values`` (the memory map), ``count`` finished heaps, CPU seconds and
    the statistics recorded at each power of two (``milestones``, keyed by the heap)."""

    folder: str
    spec: str
    values: Any
    count: int
    cpu_seconds: float
    milestones: dict[str, Any] = field(default_factory=dict)
    resumed_from: int = 0


def _state_path(folder: str) -> str:
    return os.path.join(folder, "state.json")


def _read_state(folder: str, spec: str) -> dict[str, Any] | None:
    path = _state_path(folder)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        raise SolvedFileError(f"{path} is not a disk table's state ({type(e).__name__})") from None
    if not isinstance(state, dict) or state.get("format") != DISK_FORMAT:
        raise SolvedFileError(f"{path} is not a disk table's state (format {DISK_FORMAT})")
    if state.get("game") != spec:
        raise InvalidSpecError(
            f"{folder} holds a table of {state.get('game')}, not {spec}", f"a new folder for {spec}"
        )
    return state


def _write_state(run: DiskRun) -> None:
    run.values.flush()  # the values first: the state never claims heaps not on disk
    state = {
        "format": DISK_FORMAT,
        "game": run.spec,
        "dtype": "<u2",
        "count": run.count,
        "cpu_seconds": round(run.cpu_seconds, 3),
        "milestones": run.milestones,
    }
    with atomic_write(_state_path(run.folder)) as f:
        f.write(json.dumps(state, indent=1).encode())


def _open_values(folder: str, heaps: int) -> Any:
    path = os.path.join(folder, "values.u16")
    size = 2 * heaps
    with open(path, "ab") as f:  # created if missing; grown (never shrunk) to the target
        if f.seek(0, os.SEEK_END) < size:
            f.truncate(size)
    return np.memmap(path, dtype="<u2", mode="r+", shape=(heaps,))


def _peak_rss_bytes() -> int:
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def disk_table(
    game: TakeAndBreak,
    last: int,
    folder: str,
    *,
    checkpoint_every: float = CHECKPOINT_EVERY,
    progress: Callable[[int, int], None] | None = None,
) -> DiskRun:
    """Grow the table of ``game`` in ``folder`` to heap ``last`` (resuming what is there);
    returns the run, its values memory-mapped. The time limit in force stops it cleanly
    (:class:`~grundy.errors.TimeLimitError` after a checkpoint)."""
    if not isinstance(game, TakeAndBreak):
        raise InvalidSpecError(
            f"{game.spec_name()}: a disk table needs a take-and-break code", "e.g. octal:0.6"
        )
    os.makedirs(folder, exist_ok=True)
    spec = game.spec_name()
    state = _read_state(folder, spec)
    count = 1 if state is None else int(state["count"])
    values = _open_values(folder, max(last + 1, count))
    run = DiskRun(
        folder,
        spec,
        values,
        count,
        0.0 if state is None else float(state["cpu_seconds"]),
        {} if state is None else dict(state["milestones"]),
        count,
    )
    if state is None:
        values[0] = 0
    builder = TableBuilder(game, prefix=np.zeros(1, dtype=np.uint16), period_fill=False)
    top = 0
    for lo in range(0, count, 1 << 24):
        top = max(top, int(values[lo : min(count, lo + (1 << 24))].max()))
    while builder.space <= 2 * top:
        builder.space *= 2
    builder.values, builder.count = values, count
    began_cpu, saved_at = time.process_time(), time.monotonic()
    try:
        while run.count <= last:
            stop = min(last, run.count + _STEP - 1)
            milestone = 1 << max(_FIRST_MILESTONE, run.count.bit_length())
            stop = min(stop, milestone)
            builder.extend(stop)
            if builder.values is not values:
                raise SolvedFileError(
                    f"{spec}: a value passed 32,767 at heap {builder.count - 1:,}; a disk "
                    "table holds values below 65,536"
                )
            run.count = builder.count
            now_cpu = time.process_time()
            run.cpu_seconds += now_cpu - began_cpu
            began_cpu = now_cpu
            if run.count - 1 == milestone or run.count - 1 == last:
                _record(run, run.count - 1)
                _write_state(run)
                saved_at = time.monotonic()
            elif time.monotonic() - saved_at >= checkpoint_every:
                _write_state(run)
                saved_at = time.monotonic()
            if progress is not None:
                progress(run.count - 1, last)
            checkpoint(run.count, None, "heaps")
    finally:
        run.count = builder.count if builder.values is values else run.count
        run.cpu_seconds += time.process_time() - began_cpu
        _write_state(run)
    return run


def _record(run: DiskRun, heap: int) -> None:
    """The statistics of heaps ``0..heap``, with the CPU time and peak memory so far."""
    stats = sparse_stats(run.values[: heap + 1])
    run.milestones[str(heap)] = {
        "stats": stats.to_dict(),
        "cpu_seconds": round(run.cpu_seconds, 3),
        "peak_rss_bytes": _peak_rss_bytes(),
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
