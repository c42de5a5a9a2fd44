"""Building a heap game's table: the kernel chosen, a saved table resumed, finished heaps
journalled as they come, a table grown within a time budget, a period proved for
streaming. ``grundy table``, ``grundy period`` and the web service call these; they
only show progress and print.

>>> from grundy.heap.games import KAYLES
>>> run = compute_table(KAYLES, 20)
>>> run.values[:10].tolist(), run.stopped
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4], None)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from grundy.core.game import HeapGame
from grundy.core.limits import bounded, now
from grundy.errors import InvalidSpecError, TimeLimitError

__all__ = [
    "MAX_TABLE_BYTES",
    "SAVE_EVERY",
    "STREAM_PROOF_SIZES",
    "TableRun",
    "compute_table",
    "grow_table",
    "proved_period",
    "saved_values",
    "table_bytes",
]

#: Seconds between two appends to a table's journal (at most this much work is lost to
#: kill -9; an append writes only the new heaps, so it is cheap at any table size).
SAVE_EVERY = 5

#: The most memory a table may take. A table of a take-and-break game costs 2 bytes a heap
#: (4 once a value passes 65,535); of any other heap game about 16 (plain Python).
MAX_TABLE_BYTES = 1 << 30

#: Bytes a heap of a table of a heap game other than a take-and-break code (plain Python).
_PYTHON_BYTES_PER_HEAP = 16

#: Table sizes tried for a proved period before a table too large for memory is refused.
STREAM_PROOF_SIZES = (1 << 10, 1 << 13)

#: ``label -> context yielding a (done, last) callback or None``: how progress is shown.
Bar = Callable[[str], AbstractContextManager[Callable[[int, int], None] | None]]


def _no_bar(label: str) -> AbstractContextManager[Callable[[int, int], None] | None]:
    return nullcontext(None)


@dataclass
class TableRun:
    """The outcome of :func:`compute_table`: the values computed (heaps ``0..len-1``),
    ``stopped`` (``"interrupted"``, ``"time"`` or None when the table is complete) and the
    builder's notes."""

    values: Any
    stopped: str | None = None
    notes: list[str] = field(default_factory=list)


def table_bytes(game: HeapGame, last: int, prefix: Any) -> int:
    """The memory a table of heaps ``0..last`` takes (the array, or the Python list)."""
    from grundy.heap.games import TakeAndBreak  # noqa: PLC0415 (lazy: a module of games)

    if not isinstance(game, TakeAndBreak):
        return (last + 1) * _PYTHON_BYTES_PER_HEAP
    return (last + 1) * (2 if prefix is None else max(2, prefix.dtype.itemsize))


def saved_values(game: HeapGame, path: str) -> Any:
    """The values saved in ``path`` (None when there is no file), checked to be ``game``'s."""
    if not os.path.lexists(path):
        return None
    from grundy.heap.store import load_table  # noqa: PLC0415 (lazy: numpy)
    from grundy.heap.tools import check_saved_values  # noqa: PLC0415 (lazy: numpy)

    saved, values = load_table(path)
    spec = game.spec_name()
    if saved != spec:
        raise InvalidSpecError(
            f"{path} holds a table of {saved}, not {spec}", f"a new file for {spec}"
        )
    check_saved_values(game, values)
    return values


def proved_period(game: HeapGame, time_limit: float | None) -> tuple[Any, Any] | None:
    """``(periodicity, table)`` when a short table (at most 8,192 heaps) proves a period."""
    from grundy.heap.games import TakeAndBreak  # noqa: PLC0415 (lazy: a module of games)
    from grundy.heap.period import periodicity  # noqa: PLC0415 (lazy: numpy)
    from grundy.heap.tools import heap_table  # noqa: PLC0415 (lazy: numpy)

    if not game.has_periodicity_theorem():
        return None
    limit = game.table_limit() if isinstance(game, TakeAndBreak) else STREAM_PROOF_SIZES[-1]
    table = None
    with bounded(time_limit=time_limit):
        for size in STREAM_PROOF_SIZES:
            if size > limit:
                break
            table = heap_table(game, size, prefix=table, period_fill=False)
            found = periodicity(game, table)
            if found.proved:
                return found, table
    return None


class _Saver:
    """Appends finished heaps to the journal (if any) at most every :data:`SAVE_EVERY`
    seconds: ``save(values_between, count)``, where ``values_between(lo, hi)`` gives the
    values of heaps ``lo..hi-1`` as an array; only the heaps new since the last append
    are written."""

    def __init__(self, journal: Any, start: int) -> None:
        self.journal = journal
        self.saved = start
        self.at = time.monotonic()

    def __call__(self, values_between: Callable[[int, int], Any], count: int) -> None:
        if self.journal is None or time.monotonic() - self.at <= SAVE_EVERY:
            return
        if count > self.saved:
            self.journal.append(values_between(self.saved, count), self.saved)
            self.saved = count
        self.at = time.monotonic()


def compute_table(
    game: HeapGame,
    last: int,
    *,
    prefix: Any = None,
    journal: Any = None,
    kernel: str = "auto",
    compute_all: bool = False,
    bar: Bar = _no_bar,
) -> TableRun:
    """The values of heaps ``0..last``, extending ``prefix``; on Ctrl-C or at the time limit
    in force the finished part comes back (``stopped`` says why). A take-and-break code
    runs its compiled kernel (``kernel``: auto, plain or rare; filled from a proved period
    unless ``compute_all``), any other heap game plain Python. With a
    :class:`~grundy.heap.store.TableJournal` the finished heaps are appended as they
    come; ``bar(label)`` shows progress."""
    from grundy.heap.games import TakeAndBreak  # noqa: PLC0415 (lazy: a module of games)

    if prefix is not None and len(prefix) > last:
        return TableRun(prefix)
    save = _Saver(journal, 0 if prefix is None else len(prefix))
    if not isinstance(game, TakeAndBreak):
        return _compute_python(game, last, prefix, save, bar)
    from grundy.heap.table import TableBuilder  # noqa: PLC0415 (lazy: numpy)

    builder = TableBuilder(game, prefix=prefix, method=kernel, period_fill=not compute_all)
    with bar(f"{game.spec_name()} ({builder.method} kernel)") as update:

        def on_chunk(done: int, last: int) -> None:
            if update is not None:
                update(done, last)
            save(lambda lo, hi: builder.values[lo:hi], builder.count)

        try:
            builder.extend(last, on_chunk)
        except KeyboardInterrupt:
            return TableRun(builder.values[: builder.count].copy(), "interrupted", builder.notes)
        except TimeLimitError:
            return TableRun(builder.values[: builder.count].copy(), "time", builder.notes)
    return TableRun(builder.values[: last + 1], None, builder.notes)


def _compute_python(game: HeapGame, last: int, prefix: Any, save: _Saver, bar: Bar) -> TableRun:
    """The table of a heap game without a kernel, by plain Python (heap by heap)."""
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    from grundy.heap.values import heap_values  # noqa: PLC0415 (lazy: a heap module)

    done: list[int] = [] if prefix is None else [int(v) for v in prefix]

    def as_array(values: list[int]) -> Any:
        return np.array(values, dtype=np.uint16 if max(values, default=0) < 1 << 16 else np.int64)

    why = None
    with bar(game.spec_name()) as update:

        def on_progress(what: str, count: int) -> None:
            if update is not None:
                update(count, last)
            save(lambda lo, hi: as_array(done[lo:hi]), len(done))

        try:
            with bounded(progress=on_progress):
                heap_values(game, last, into=done)
        except KeyboardInterrupt:
            why = "interrupted"
        except TimeLimitError:
            why = "time"
    return TableRun(as_array(done or [0]), why)


def grow_table(game: HeapGame, last: int, budget: float) -> tuple[Any, tuple[int, float] | None]:
    """``(values, None)``: the table to heap ``last``, grown by doubling, or ``(values so
    far, (last heap done, seconds taken))`` when the next doubling would pass ``budget``
    seconds (a request that would run far past its budget is refused early, with the size
    that does fit). A take-and-break kernel is fast and stops itself at the deadline.

    >>> from grundy.heap.subtraction import Subtraction
    >>> values, refused = grow_table(Subtraction((1, 2)), 5, 60.0)
    >>> [int(v) for v in values], refused
    ([0, 1, 2, 0, 1, 2], None)
    """
    from grundy.heap.games import TakeAndBreak  # noqa: PLC0415 (lazy: a module of games)
    from grundy.heap.tools import heap_table  # noqa: PLC0415 (lazy: numpy)

    if isinstance(game, TakeAndBreak):
        return heap_table(game, last), None
    start = now()
    size = min(last, 255)
    values = heap_table(game, size)
    step = now() - start
    while size < last:
        elapsed = now() - start
        if elapsed + 4 * step > budget:
            return values, (size, elapsed)
        bigger = min(last, 2 * size + 1)
        begun = now()
        values = heap_table(game, bigger, prefix=values)
        step = now() - begun
        size = bigger
    return values, None
