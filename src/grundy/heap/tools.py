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
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core.game import HeapGame, Ruleset
from grundy.core.limits import check_memory, checkpoint
from grundy.core.mex import mex, nim_sum
from grundy.core.text import short_repr
from grundy.errors import InvalidSpecError, SolvedFileError, UnsupportedError
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import Periodicity, periodicity
from grundy.heap.stats import SparseStats, sparse_stats
from grundy.heap.table import Progress, TableBuilder, build_table, heap_values

__all__ = [
    "DEFAULT_PERIOD_SIZES",
    "GROW_LIMIT",
    "PeriodSearch",
    "check_saved_values",
    "grow_periodicity",
    "heap_periodicity",
    "heap_table",
    "periodic_pieces",
    "require_heap_game",
    "table_pieces",
]

#: Table sizes tried, in turn, until a period is proved (when ``last`` is not given).
DEFAULT_PERIOD_SIZES = (1 << 10, 1 << 13, 1 << 16)


def require_heap_game(game: Any) -> HeapGame:
    """``game`` if it is a one-heap ruleset with a heap 0, else :class:`UnsupportedError`.

    >>> from grundy.catalog.impartial.divisors import Divisors
    >>> require_heap_game(Divisors())
    Traceback (most recent call last):
    ...
    grundy.errors.UnsupportedError: divisors has no heap 0 (its positions are numbers N >= 1), \
so it has no table of heaps 0..N; solve single positions instead, e.g. 'grundy solve divisors 12'
    """
    if not isinstance(game, HeapGame):
        name = game.spec_name() if isinstance(game, Ruleset) else type(game).__name__
        raise UnsupportedError(f"{name} is not a heap game, so it has no table of heap values")
    first = game.first_state
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
    see :func:`grundy.heap.table.build_table` for ``period_fill``).

    A table larger than this machine's memory is refused before anything is allocated:

    >>> from grundy.heap.games import KAYLES
    >>> heap_table(KAYLES, 10**12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.SearchLimitError: a table of heaps 0..1,000,000,000,000 needs about 1.8 TiB ...
    """
    heap = require_heap_game(game)
    _check_last(last)
    _check_flags(compiled=compiled, period_fill=period_fill)
    if progress is not None and not callable(progress):
        raise InvalidSpecError(
            f"progress must be a function progress(done, last), got {type(progress).__name__}",
            "progress=callable or None",
        )
    prefix = None if prefix is None else _check_values(prefix, "prefix")
    per_heap = 2 if isinstance(heap, TakeAndBreak) else _PYTHON_BYTES_PER_HEAP
    check_memory((last + 1) * per_heap, f"a table of heaps 0..{_count(last)}")
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


#: Memory a heap of a table computed in Python takes (an int in a list, its value).
_PYTHON_BYTES_PER_HEAP = 64


def _count(n: int) -> str:
    return f"{n:,}" if n.bit_length() < 200 else "a huge number"


def _check_last(last: object) -> None:
    if isinstance(last, bool) or not isinstance(last, int) or last < 0:
        raise InvalidSpecError(
            f"the last heap must be an integer >= 0, got {short_repr(last)}", "last >= 0"
        )


def _check_flags(**flags: object) -> None:
    for name, value in flags.items():
        if value is not None and not isinstance(value, bool):
            raise InvalidSpecError(
                f"{name} must be True, False or None, got {type(value).__name__}", f"{name}=True"
            )


def _check_values(values: Any, what: str) -> Any:
    """``values`` as a one-dimensional numpy array of non-negative ints (a table's values),
    or :class:`InvalidSpecError`."""
    expected = f"{what}: the values of heaps 0..m, e.g. np.array([0, 1, 2], dtype=np.uint16)"
    try:
        array = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        raise InvalidSpecError(f"{what} is not an array of values", expected) from None
    if array.ndim != 1 or array.dtype.kind not in "iu" or len(array) == 0:
        raise InvalidSpecError(
            f"{what} must be a non-empty list of integers, got {array.dtype} of shape "
            f"{array.shape}",
            expected,
        )
    if array.dtype.kind == "i" and int(array.min()) < 0:
        raise InvalidSpecError(f"{what} holds a negative value", expected)
    if int(array[0]) != 0:
        raise InvalidSpecError(f"{what} must start with G(0) = 0", expected)
    return array


def heap_periodicity(game: Any, last: int | None = None, *, values: Any = None) -> Periodicity:
    """The periodicity of a heap game's sequence, proved where a theorem applies.

    With ``last`` the table goes to heap ``last``; without it, tables of
    :data:`DEFAULT_PERIOD_SIZES` are tried until a period is proved.
    """
    heap = require_heap_game(game)
    if values is not None:
        return periodicity(heap, _check_values(values, "values"))
    if last is not None:
        _check_last(last)
        return periodicity(heap, heap_table(heap, last))
    found: Periodicity | None = None
    table: Any = None
    limit = heap.table_limit() if isinstance(heap, TakeAndBreak) else DEFAULT_PERIOD_SIZES[-1]
    sizes = [s for s in DEFAULT_PERIOD_SIZES if s <= limit] or [limit]
    for size in sizes:
        table = heap_table(heap, size, prefix=table)
        found = periodicity(heap, table)
        if found.proved or not heap.has_periodicity_theorem():
            break
    assert found is not None
    return found


#: How far :func:`grow_periodicity` grows a table by default: 2^25 = 33,554,432 heaps, past
#: the proof of every solved octal code in the literature (0.16 needs heaps up to 509,621,
#: 0.56 653,569, 0.376 4,536,503, and 0.354, preperiod 10,061,916 and period 1,180,
#: 20,126,194).
GROW_LIMIT = 1 << 25

#: The first table size :func:`grow_periodicity` tries; it doubles from there.
GROW_FIRST = 1 << 10


@dataclass(frozen=True)
class PeriodSearch:
    """What :func:`grow_periodicity` found, and how far it looked.

    Attributes:
        periodicity: the (proved or observed) periodicity of the table computed.
        values: the table computed (heaps ``0..len(values)-1``).
        bound: the largest table the search was allowed to grow to.
        stopped: ``proved`` (a period was proved), ``bound`` (the table reached ``bound``
            without a proof) or ``no theorem`` (no periodicity theorem applies, so the table
            was computed once, to ``bound``).
        stats: the table's largest value and sparse space (:mod:`grundy.heap.stats`).
    """

    periodicity: Periodicity
    values: Any
    bound: int
    stopped: str
    stats: SparseStats

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the search, without the values."""
        return {"heaps": len(self.values) - 1, "bound": self.bound, "stopped": self.stopped}

    def looked(self) -> str:
        """One line: how far the search looked, when it proved nothing."""
        last = len(self.values) - 1
        if self.stopped == "no theorem":
            return f"computed heaps 0..{last:,} (no periodicity theorem applies to this game)"
        return f"looked at heaps 0..{last:,}, the bound {self.bound:,}, without proving a period"


def _linear(heap: HeapGame) -> bool:
    """A take-and-break code whose heaps each cost time linear in their size."""
    return isinstance(heap, TakeAndBreak) and heap.quadratic_heaps() is None


def grow_periodicity(game: Any, bound: int | None = None) -> PeriodSearch:
    """Grow the table of a heap game, doubling from :data:`GROW_FIRST` heaps, until its
    ruleset's theorem proves a period or the table reaches ``bound`` heaps (default
    :data:`GROW_LIMIT` for a take-and-break code whose heaps cost linear time; for any other
    game the limit of :func:`heap_periodicity`). The time limit in force stops it
    (:class:`~grundy.errors.TimeLimitError`); progress goes to the progress callback in
    force (:func:`grundy.bounded`).

    >>> from grundy.heap.games import TakeAndBreak
    >>> found = grow_periodicity(TakeAndBreak.from_code("0.16"))
    >>> found.stopped, found.periodicity.preperiod, found.periodicity.period
    ('proved', 105351, 149459)
    >>> len(found.values) - 1, found.stats.largest
    (524288, 23)
    """
    heap = require_heap_game(game)
    if bound is None:
        limit = heap.table_limit() if isinstance(heap, TakeAndBreak) else DEFAULT_PERIOD_SIZES[-1]
        bound = GROW_LIMIT if _linear(heap) else min(limit, DEFAULT_PERIOD_SIZES[-1])
        given = False
    else:
        _check_last(bound)
        given = True
    if not heap.has_periodicity_theorem():
        once = heap_table(heap, bound if given else min(bound, GROW_FIRST))
        found = periodicity(heap, once)
        return PeriodSearch(found, once, bound, "no theorem", sparse_stats(once))
    per_heap = 2 if isinstance(heap, TakeAndBreak) else _PYTHON_BYTES_PER_HEAP
    size = min(bound, GROW_FIRST)
    builder = TableBuilder(heap, period_fill=False) if isinstance(heap, TakeAndBreak) else None
    values: Any = None
    while True:
        check_memory((size + 1) * per_heap, f"a table of heaps 0..{_count(size)}")
        if builder is not None:
            values = builder.extend(size)
        else:
            values = heap_table(heap, size, prefix=values)
        found = periodicity(heap, values)
        if found.proved or size >= bound:
            break
        size = min(bound, 2 * size)
    values = values.copy() if builder is not None else values
    stopped = "proved" if found.proved else "bound"
    return PeriodSearch(found, values, bound, stopped, sparse_stats(values))


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


def table_pieces(values: Any, last: int, *, piece: int = 100_000) -> Iterator[Any]:
    """Heaps ``0..last`` of a computed table as slices of ``piece`` heaps, checking the
    time limit in force after each piece (printing ten million heaps takes seconds).

    >>> [p.tolist() for p in table_pieces(np.arange(10), 5, piece=4)]
    [[0, 1, 2, 3], [4, 5]]
    """
    for lo in range(0, last + 1, piece):
        hi = min(lo + piece, last + 1)
        yield values[lo:hi]
        checkpoint(hi, None, "heaps printed")


#: Saved values are recomputed in full up to this heap when a table is loaded ...
CHECK_PREFIX = 4096
#: ... and, unless a period proved from them covers the rest, checked against the rules at
#: this many heaps drawn at random (unpredictably) above it, plus the last heap.
CHECK_SPOTS = 64
#: Heaps above this are not drawn for games whose spot check costs time quadratic in the
#: heap (infinite or hexadecimal codes, rulesets other than take-and-break codes).
CHECK_SPOT_LIMIT = 20_000

#: Options examined per vectorised step of a spot check.
_CHUNK = 1 << 20


def _linear_spots(heap: Any) -> bool:
    """True when one heap's mex can be checked in time linear in the heap (numpy)."""
    return (
        isinstance(heap, TakeAndBreak)
        and heap.code.max_removal is not None
        and not heap.code.hexadecimal
    )


def _mex_numpy(heap: Any, values: Any, n: int) -> int:
    """The mex of the options of heap ``n`` of a code without bit 8, from ``values``."""
    parts: list[tuple[str, int, int]] = []  # (kind, k, r)
    count = 0
    for k, d in heap.removals(n):
        r = n - k
        if d & 1 and r == 0:
            parts.append(("zero", k, r))
            count += 1
        if d & 2 and r >= 1 and k >= 1:
            parts.append(("one", k, r))
            count += 1
        if d & 4 and r >= 2:
            parts.append(("two", k, r))
            count += r // 2
    seen = np.zeros(count + 1, dtype=bool)  # the mex is at most the number of options
    for kind, _, r in parts:
        if kind == "zero":
            seen[0] = True
        elif kind == "one":
            v = int(values[r])
            if 0 <= v <= count:
                seen[v] = True
        else:
            half = r // 2
            if heap.unequal and r % 2 == 0:
                half -= 1
            for lo in range(1, half + 1, _CHUNK):
                hi = min(lo + _CHUNK, half + 1)
                a = values[lo:hi].astype(np.int64)
                b = values[r - hi + 1 : r - lo + 1][::-1].astype(np.int64)
                x = a ^ b
                seen[x[(x >= 0) & (x <= count)]] = True
        checkpoint(0, None, "heaps checked")
    return int(np.argmin(seen)) if not seen.all() else count + 1


def _mex_python(heap: Any, values: Any, n: int) -> int:
    """The mex of the options of heap ``n`` from ``values`` (any heap game)."""
    if isinstance(heap, TakeAndBreak) and heap.code.hexadecimal:
        # moves to three heaps: the kernel computes heap n from the file's smaller values
        return int(build_table(heap, n, prefix=values[:n], period_fill=False)[n])
    return mex(nim_sum(int(values[h]) for h in option) for option in heap.split_moves(n))


def _period_covers(heap: Any, right: Any, values: Any) -> tuple[int, int] | bool | None:
    """Check every saved value above the recomputed prefix ``right`` against the period
    proved from ``right``: False when no period is proved there, else the first wrong
    heap ``(heap, value)`` or None.

    With the period ``p`` (saltus ``s``) from heap ``e`` proved and heaps ``0..e+p-1``
    right, the file is right exactly when ``G(n + p) = G(n) + s`` holds in it for
    every ``n >= e``: one comparison of the file with itself shifted by ``p``.
    """
    per = periodicity(heap, right)
    if not per.proved or per.preperiod is None or per.period is None:
        return False
    e, p, saltus = per.preperiod, per.period, per.saltus
    step = 1 << 22
    for lo in range(e + p, len(values), step):
        hi = min(lo + step, len(values))
        later = values[lo:hi].astype(np.int64)
        wrong = np.nonzero(later != values[lo - p : hi - p].astype(np.int64) + saltus)[0]
        if len(wrong):
            n = lo + int(wrong[0])
            return n, per.value(right, n)
        checkpoint(hi, None, "heaps checked")
    return None


def check_saved_values(game: Any, values: Any, *, seed: int | None = None) -> str:
    """Refuse saved ``values`` that break the rules of ``game`` (:class:`SolvedFileError`);
    else say what was verified.

    A checksum catches a damaged file; this catches a well-formed file of
    wrong values (a checksum can be recomputed by whoever changed them):

    1. the first :data:`CHECK_PREFIX` values are recomputed and compared;
    2. if they prove a period (the ruleset's periodicity theorem), every
       further value is compared with the one the period gives: the whole
       file is verified;
    3. otherwise the mex rule is checked, against the file's own smaller
       values, at the last heap and at :data:`CHECK_SPOTS` heaps drawn at random
       from an unpredictable source (``seed`` makes the draw repeatable, for tests).

    A file whose values differ from the true ones has at least one *defect*:
    its smallest wrong heap breaks the mex rule against the file's own values.
    With ``d`` defects among the ``M`` heaps the draw can reach, it passes step
    3 with probability ``C(M-d, k) / C(M, k) <= (1 - d/M)**k`` (``k`` heaps
    drawn): a single defect among 100,000 heaps escapes 64 draws with
    probability 0.99936; a table whose values above some heap were simply
    replaced has a defect at almost every such heap and escapes with
    probability below ``(1/2)**64``.

    >>> from grundy.heap.games import KAYLES
    >>> check_saved_values(KAYLES, heap_table(KAYLES, 100))
    'all 101 values recomputed'
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
        return "an empty table"
    right = heap_table(heap, head)
    wrong = np.nonzero(right != values[: head + 1])[0]
    bad: tuple[int, int] | None = (int(wrong[0]), int(right[wrong[0]])) if len(wrong) else None
    how = f"all {len(values):,} values recomputed"
    if bad is None and len(values) > CHECK_PREFIX:
        covered = _period_covers(heap, right, values)
        if covered is False:
            linear = _linear_spots(heap)
            top = len(values) - 1 if linear else min(len(values) - 1, CHECK_SPOT_LIMIT)
            rng = random.Random(seed) if seed is not None else random.SystemRandom()
            pool = range(CHECK_PREFIX, top)
            spots = sorted(rng.sample(pool, min(CHECK_SPOTS, len(pool))))
            spots.append(len(values) - 1)
            for n in spots:
                g = _mex_numpy(heap, values, n) if linear else _mex_python(heap, values, n)
                if g != int(values[n]):
                    bad = (n, g)
                    break
            how = (
                f"the first {CHECK_PREFIX:,} values recomputed, the rules checked at "
                f"{len(spots)} heaps drawn at random up to heap {top:,} and at the last"
            )
        elif isinstance(covered, tuple):
            bad = covered
        else:
            how = (
                f"the first {CHECK_PREFIX:,} values recomputed; all {len(values):,} "
                "compared with the period they prove"
            )
    if bad is not None:
        n, g = bad
        raise SolvedFileError(
            f"the saved values are not those of {heap.spec_name()}: heap {n} has value "
            f"{g}, the file says {int(values[n])}"
        )
    return how
