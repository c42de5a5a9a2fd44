"""Tables and periodicity for any heap ruleset (the functions behind ``grundy table``
and ``grundy period``).

>>> from grundy.heap.games import KAYLES
>>> found = heap_periodicity(KAYLES)
>>> found.preperiod, found.period, found.proved
(71, 12, True)
>>> found.reason.split(" (")[0]
'proved period 12 from heap 71: G(n+12) = G(n) checked for 71 <= n < 156'
>>> heap_table(KAYLES, 5).tolist()
[0, 1, 2, 3, 1, 4]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from grundy.core.game import HeapGame, ImpartialGame
from grundy.core.limits import checkpoint
from grundy.errors import SolvedFileError, UnsupportedError
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import Periodicity, periodicity
from grundy.heap.table import Progress, build_table, heap_values

__all__ = [
    "DEFAULT_PERIOD_SIZES",
    "check_saved_values",
    "heap_periodicity",
    "heap_table",
    "periodic_pieces",
    "require_heap_game",
]

#: Table sizes tried, in turn, until a period is proved (when ``last`` is not given).
DEFAULT_PERIOD_SIZES = (1 << 10, 1 << 13, 1 << 16)


def require_heap_game(game: Any) -> ImpartialGame[int]:
    """``game`` if it is a one-heap ruleset with a heap 0, else :class:`UnsupportedError`.

    >>> from grundy.catalog.impartial.divisors import Divisors
    >>> require_heap_game(Divisors())
    Traceback (most recent call last):
    ...
    grundy.errors.UnsupportedError: divisors has no heap 0 (its positions are numbers N >= 1), \
so it has no table of heaps 0..N; solve single positions instead, e.g. 'grundy solve divisors 12'
    """
    if not isinstance(game, HeapGame):
        name = game.spec_name() if hasattr(game, "spec_name") else type(game).__name__
        raise UnsupportedError(f"{name} is not a heap game, so it has no table of heap values")
    first = getattr(game, "first_state", 0)
    if first != 0:
        name = game.spec_name()
        raise UnsupportedError(
            f"{name} has no heap 0 (its positions are numbers N >= {first}), so it has no "
            f"table of heaps 0..N; solve single positions instead, e.g. 'grundy solve {name} 12'"
        )
    return game


def heap_table(
    game: Any,
    last: int,
    *,
    prefix: Any = None,
    method: str = "auto",
    compiled: bool | None = None,
    progress: Progress | None = None,
    period_fill: bool = True,
) -> Any:
    """Grundy values of heaps ``0..last`` as a numpy array (kernels for take-and-break games;
    see :func:`grundy.heap.table.build_table` for ``period_fill``)."""
    heap = require_heap_game(game)
    if isinstance(heap, TakeAndBreak):
        return build_table(
            heap,
            last,
            prefix=prefix,
            method=method,
            compiled=compiled,
            progress=progress,
            period_fill=period_fill,
        )
    values = heap_values(heap, last, prefix)
    dtype = np.uint16 if max(values) < 1 << 16 else np.int64
    return np.array(values, dtype=dtype)


def heap_periodicity(game: Any, last: int | None = None, *, values: Any = None) -> Periodicity:
    """The periodicity of a heap game's sequence, proved where a theorem applies.

    With ``last`` the table goes to heap ``last``; without it, tables of
    :data:`DEFAULT_PERIOD_SIZES` are tried until a period is proved.
    """
    heap = require_heap_game(game)
    if values is not None:
        return periodicity(heap, values)
    if last is not None:
        return periodicity(heap, heap_table(heap, last))
    found: Periodicity | None = None
    table: Any = None
    limit = heap.table_limit() if isinstance(heap, TakeAndBreak) else DEFAULT_PERIOD_SIZES[-1]
    sizes = [s for s in DEFAULT_PERIOD_SIZES if s <= limit] or [limit]
    for size in sizes:
        table = heap_table(heap, size, prefix=table)
        found = periodicity(heap, table)
        hook = getattr(heap, "periodicity_proof", None)
        if found.proved or hook is None or hook(0, 1, 0) is None:
            break
    assert found is not None
    return found


def periodic_pieces(
    per: Periodicity, values: Any, last: int, *, piece: int = 100_000
) -> Iterator[Any]:
    """The values of heaps ``0..last`` from a periodicity (``values`` holds at least its
    preperiod and one period), as numpy arrays of ``piece`` heaps: a table of any size in
    constant memory. The time limit in force is checked after each piece.

    >>> from grundy.heap.games import KAYLES
    >>> found = heap_periodicity(KAYLES)
    >>> [p.tolist() for p in periodic_pieces(found, heap_table(KAYLES, 100), 5, piece=4)]
    [[0, 1, 2, 3], [1, 4]]
    """
    e, p = per.preperiod, per.period
    if e is None or p is None:
        raise UnsupportedError("these values have no period to generate the table from")
    table = np.asarray(values[: e + p], dtype=np.int64)
    for lo in range(0, last + 1, piece):
        hi = min(lo + piece, last + 1)
        heaps = np.arange(lo, hi, dtype=np.int64)
        k = np.maximum(heaps - e, 0)
        yield np.where(
            heaps < e, table[np.minimum(heaps, e + p - 1)], table[e + k % p] + per.saltus * (k // p)
        )
        checkpoint(hi, None, "heaps printed")


#: Saved values are recomputed in full up to this heap when a table is loaded ...
CHECK_PREFIX = 4096
#: ... and checked against the rules at this many random heaps above it (up to CHECK_SPOT_LIMIT).
CHECK_SPOTS = 32
CHECK_SPOT_LIMIT = 20_000


def check_saved_values(game: Any, values: Any, *, seed: int = 0) -> None:
    """Refuse saved ``values`` that break the rules of ``game`` (:class:`SolvedFileError`).

    A checksum catches a damaged file; this catches a well-formed file of
    wrong values: the first :data:`CHECK_PREFIX` values are recomputed, and
    the mex rule is checked at random heaps above, against the file's own
    smaller values.

    >>> from grundy.heap.games import KAYLES
    >>> check_saved_values(KAYLES, heap_table(KAYLES, 100))
    >>> check_saved_values(KAYLES, np.zeros(100, dtype=np.uint16))
    Traceback (most recent call last):
    ...
    grundy.errors.SolvedFileError: the saved values are not those of kayles: heap 1 has \
value 1, the file says 0
    """
    import random  # noqa: PLC0415 (needed only here)

    heap = require_heap_game(game)
    head = min(len(values), CHECK_PREFIX) - 1
    if head < 0:
        return
    right = heap_table(heap, head)
    wrong = np.nonzero(right != values[: head + 1])[0]
    bad: tuple[int, int] | None = (int(wrong[0]), int(right[wrong[0]])) if len(wrong) else None
    if bad is None and len(values) > CHECK_PREFIX:
        rng = random.Random(seed)
        top = min(len(values), CHECK_SPOT_LIMIT)
        for n in sorted(rng.sample(range(CHECK_PREFIX, top), min(CHECK_SPOTS, top - CHECK_PREFIX))):
            seen = set()
            for option in heap.split_moves(n):
                x = 0
                for h in option:
                    x ^= int(values[h])
                seen.add(x)
            g = 0
            while g in seen:
                g += 1
            if g != int(values[n]):
                bad = (n, g)
                break
    if bad is not None:
        n, g = bad
        raise SolvedFileError(
            f"the saved values are not those of {heap.spec_name()}: heap {n} has value "
            f"{g}, the file says {int(values[n])}"
        )
