"""One code of a census, computed: its Grundy table to N heaps or until its period is proved,
what the table shows, and optionally the order of its misère quotient.

This is what a worker runs; it knows nothing of Dask (any executor can call
:func:`compute_chunk`). Results are small frozen values of plain types, so they
travel between processes as they are.

>>> from grundy.census.family import CensusItem
>>> r = compute_item(CensusItem.from_text("0.07"), CensusParams(heaps=4096))
>>> r.stopped, r.preperiod, r.period, r.last_exceptional, r.largest
('proved', 53, 34, 52, 9)
>>> r.proof_bound, r.heaps  # the octal periodicity theorem checked heaps up to 2e+p+t = 142
(142, 1024)
"""

from __future__ import annotations

import hashlib
import os
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import numpy as np

from grundy.census.family import CensusItem
from grundy.core.limits import bounded, now
from grundy.errors import GrundyError, InvalidGameError, SearchLimitError, TimeLimitError
from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import Periodicity, periodicity
from grundy.heap.stats import sparse_stats
from grundy.heap.subtraction import Subtraction
from grundy.heap.table import TableBuilder
from grundy.heap.tools import GROW_LIMIT
from grundy.kernels._core import core_module
from grundy.quotient.build import QuotientBuilder

__all__ = [
    "FIRST_SIZE",
    "CensusParams",
    "CodeResult",
    "canonical_period",
    "compute_chunk",
    "compute_group",
    "compute_item",
    "error_result",
    "plan_tasks",
    "sequence_key",
]

#: The first table size tried; it doubles until a period is proved or N is reached.
FIRST_SIZE = 1024

#: Cheap codes (no digit leaves two or more heaps: each heap costs a few steps, and the
#: period is proved within a few hundred heaps) travel this many to a task by default.
CHEAP_CHUNK = 32


@dataclass(frozen=True)
class CensusParams:
    """What to compute for every code.

    Attributes:
        heaps: N, the last heap computed when no period is proved first.
        misere: M, compute the misère quotient of heaps 0..M (None: no quotient).
        misere_work: the step budget of one heap of the quotient.
        misere_seconds: the time allowed for one code's quotient.
        time_cap: seconds allowed for one code's table (None: no cap); the heaps done count.
    """

    heaps: int = 1 << 16
    misere: int | None = None
    misere_work: int = 2_000_000
    misere_seconds: float = 30.0
    time_cap: float | None = None


@dataclass(frozen=True)
class CodeResult:
    """Everything a census records about one code (a row of the results database).

    ``stopped`` is ``proved`` (a period was proved), ``heaps`` (N reached without a
    proof), ``limit`` (a code whose heaps cost time quadratic in their size -- three-heap
    moves -- stops at its table limit, 4,096 heaps, below N), ``time`` (the time cap
    stopped the table) or ``error`` (``reason`` says why).
    ``preperiod``/``period`` are the smallest ones of the sequence (when ``proved``), else
    those observed over the last half of the table, if any. ``sequence_key`` is equal for
    two codes exactly when their sequences are known to be identical: for proved periods
    it is computed from the whole (infinite) sequence, otherwise from the heaps computed.
    """

    code: str
    label: str
    heaps_asked: int
    heaps: int
    stopped: str
    values_hash: str
    sequence_key: str
    largest: int
    distinct_values: int
    proved: bool
    preperiod: int | None
    period: int | None
    saltus: int
    proof_bound: int | None
    reason: str
    last_exceptional: int | None
    rare_mask: int | None
    rare_heaps: int | None
    last_rare_heap: int | None
    misere_asked: int | None
    misere_reached: int | None
    misere_order: int | None
    misere_status: str | None
    kernel: str
    seconds: float
    cpu_seconds: float
    worker: str
    largest_at: int | None = None
    rare_values: int | None = None
    last_rare_value: int | None = None
    #: The code whose row this one copies (its rules provably give the same sequence:
    #: :mod:`grundy.census.equivalent`), and why; None for a code computed itself.
    same_as: str | None = None
    same_as_reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict (the JSON export)."""
        return asdict(self)

    @classmethod
    def field_names(cls) -> list[str]:
        """Column names, in order."""
        return [f.name for f in fields(cls)]


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _prover(item: CensusItem, game: TakeAndBreak) -> Any:
    """The ruleset whose periodicity theorem applies (a subtraction set has a sharper one)."""
    return Subtraction(item.subset) if item.subset else game


def values_hash(values: Any) -> str:
    """A short hash of a table (values as little-endian 32-bit words).

    >>> values_hash([0, 1, 2])
    'ad5dc1478de06a4c'
    """
    data = np.asarray(values, dtype="<u4").tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


def canonical_period(
    values: Any, preperiod: int, period: int, saltus: int = 0
) -> tuple[int, int, int]:
    """The smallest period, its preperiod and its saltus of the infinite sequence given by
    ``values`` (heaps ``0..e+p-1`` at least) and ``G(n + p) = G(n) + saltus`` from heap
    ``e`` (the smallest period divides every period; its preperiod is found by walking
    down from ``e``).

    >>> canonical_period([5, 1, 2, 1, 2, 1, 2], 2, 4)
    (1, 2, 0)
    >>> canonical_period([0, 0, 1, 1, 2, 2, 3], 0, 4, 2)
    (0, 2, 1)
    """
    e, p, s = preperiod, period, saltus

    def g(n: int) -> int:
        if n < e + p:
            return int(values[n])
        q, r = divmod(n - e, p)
        return int(values[e + r]) + q * s

    best, step = p, s
    for d in range(1, p):
        if p % d == 0 and s * d % p == 0:
            jump = s * d // p
            if all(g(n + d) == g(n) + jump for n in range(e, e + p)):
                best, step = d, jump
                break
    start = e
    while start > 0 and g(start - 1 + best) == g(start - 1) + step:
        start -= 1
    return start, best, step


def sequence_key(values: Any, per: Periodicity | None, canon: tuple[int, int] | None) -> str:
    """The grouping key: ``P e p hash`` for a proved period (the hash of heaps
    ``0..e+p-1``), ``N n hash`` for a table of heaps ``0..n`` without one."""
    if per is not None and per.proved and canon is not None:
        e, p = canon
        key = f"P{e}:{p}:{values_hash(values[: e + p])}"
        if per.saltus and per.period:
            key += f":s{per.saltus * p // per.period}"  # the saltus of the period p
        return key
    return f"N{len(values) - 1}:{values_hash(values)}"


def rare_classes(values: Any) -> tuple[int, int, int] | None:
    """``(mask, rare heaps, last rare heap)`` when the values split into rare and common
    classes (Flammenkamp's sparse space: ``v`` is rare when ``v & mask`` has even parity)
    with at most 1/8 of the heaps rare (:func:`grundy.heap.stats.sparse_stats`); None
    otherwise (or values below 2).

    >>> from grundy.heap.games import KAYLES
    >>> from grundy.heap.table import build_table
    >>> rare_classes(build_table(KAYLES, 2000))
    (15, 10, 70)
    """
    stats = sparse_stats(values)
    if not stats.sparse or stats.rare_mask is None:
        return None
    assert stats.rare_heaps is not None and stats.last_rare_heap is not None
    return stats.rare_mask, stats.rare_heaps, stats.last_rare_heap


def compute_item(item: CensusItem, params: CensusParams) -> CodeResult:
    """Compute one code (see the module docstring); never raises a :class:`GrundyError`:
    a code that cannot be computed gets ``stopped == "error"`` and the reason."""
    return compute_group(item, (), params)[0]


def compute_group(
    item: CensusItem, copies: Sequence[tuple[CensusItem, str]], params: CensusParams
) -> list[CodeResult]:
    """Compute ``item`` and, from the same table, the codes ``copies`` whose rules provably
    give the same sequence (``(item, why)``: :func:`grundy.census.equivalent.plan_equivalents`).
    The table grows until every one of them has its period proved by its own theorem (or
    to N); each row is what :func:`compute_item` gives for its code, with ``same_as`` and
    ``same_as_reason`` set and zero time in the copies. Never raises a
    :class:`GrundyError` (the rows then say ``error``).

    >>> rows = compute_group(CensusItem.from_text("0.4"),
    ...     [(CensusItem.from_text("0.42"), "(why)")], CensusParams(heaps=4096))
    >>> [(r.code, r.period, r.proof_bound, r.same_as) for r in rows]
    [('0.4', 34, 143, None), ('0.42', 34, 144, '0.4')]
    """
    began, cpu = time.perf_counter(), time.thread_time()
    members = [(item, None), *copies]
    try:
        return _compute(members, params, began, cpu)
    except GrundyError as e:
        why = str(e)
        return [
            replace(error_result(i, params, why, began, cpu), same_as=w and item.code)
            for i, w in members
        ]


def _compute(
    members: Sequence[tuple[CensusItem, str | None]],
    params: CensusParams,
    began: float,
    cpu: float,
) -> list[CodeResult]:
    games = [TakeAndBreak(OctalCode.parse(i.code)) for i, _ in members]
    provers = [_prover(i, g) for (i, _), g in zip(members, games, strict=True)]
    game = games[0]
    builder = TableBuilder(game, period_fill=False)
    # linear codes may grow past the table limit of 'grundy solve' (0.376 needs 4.5 million
    # heaps), up to the bound of 'grundy period'
    limit = GROW_LIMIT if game.quadratic_heaps() is None else game.table_limit()
    last = max(1, min(params.heaps, limit))
    size = min(last, FIRST_SIZE)
    stopped = "heaps" if last == params.heaps else "limit"
    found: dict[int, tuple[Any, Periodicity]] = {}  # member -> (its table, its proof)
    try:
        with bounded(time_limit=params.time_cap):
            while True:
                values = builder.extend(size)
                for k, prover in enumerate(provers):
                    if k not in found:
                        per = periodicity(prover, values)
                        if per.proved:
                            found[k] = (np.array(values), per)
                if len(found) == len(provers) or size >= last:
                    break
                size = min(last, 2 * size)
    except TimeLimitError:
        stopped = "time"
        values = builder.values[: builder.count]
    fast = builder.compiled is not False and core_module() is not None
    kernel = {"rare": "rare-value", "plain": "plain"}[builder.method] + (
        " (compiled)" if fast else " (python)"
    )
    rest: Any = None  # the table of the codes without a proof (the same for all of them)
    out = []
    for k, (item, why) in enumerate(members):
        table: Any
        if k in found:
            table, per = found[k]
            how = "proved"
        else:
            if rest is None:
                rest = np.array(values)
            table, per, how = rest, periodicity(provers[k], rest), stopped
        result = _result(item, params, table, per, provers[k], how, kernel, began, cpu)
        if why is not None:
            result = replace(
                result, seconds=0.0, cpu_seconds=0.0, same_as=members[0][0].code, same_as_reason=why
            )
        out.append(result)
    if params.misere is not None:  # (misère play tells codes of one normal sequence apart)
        for k, g in enumerate(games):
            m = _misere(g, params)
            out[k] = replace(out[k], misere_reached=m[0], misere_order=m[1], misere_status=m[2])
    seconds = round(time.perf_counter() - began, 6)
    cpu_seconds = round(time.thread_time() - cpu, 6)
    out[0] = replace(out[0], seconds=seconds, cpu_seconds=cpu_seconds)
    return out


def _result(  # noqa: PLR0917
    item: CensusItem,
    params: CensusParams,
    values: Any,
    per: Periodicity,
    prover: Any,
    stopped: str,
    kernel: str,
    began: float,
    cpu: float,
) -> CodeResult:
    """The row of one code from its table and what its theorem says of it."""
    values = np.asarray(values)
    canon = None
    if per.proved and per.preperiod is not None and per.period is not None:
        e_, p_, saltus = canonical_period(values, per.preperiod, per.period, per.saltus)
        canon = (e_, p_)
        proof = prover.periodicity_proof(per.preperiod, per.period, per.saltus)
        bound = None if proof is None else int(proof[0])
        e: int | None = e_
        p: int | None = p_
    else:
        bound, e, p, saltus = None, per.preperiod, per.period, per.saltus
    stats = sparse_stats(values)
    sparse = stats.sparse and stats.rare_mask is not None
    return CodeResult(
        code=item.code,
        label=item.label,
        heaps_asked=params.heaps,
        heaps=len(values) - 1,
        stopped=stopped,
        values_hash=values_hash(values),
        sequence_key=sequence_key(values, per, canon),
        largest=int(values.max()),
        distinct_values=len(np.unique(values)),
        proved=per.proved,
        preperiod=e,
        period=p,
        saltus=saltus,
        proof_bound=bound,
        reason=per.reason,
        last_exceptional=None if e is None else e - 1,
        rare_mask=stats.rare_mask if sparse else None,
        rare_heaps=stats.rare_heaps if sparse else None,
        last_rare_heap=stats.last_rare_heap if sparse else None,
        misere_asked=params.misere,
        misere_reached=None,
        misere_order=None,
        misere_status=None,
        kernel=kernel,
        seconds=round(time.perf_counter() - began, 6),
        cpu_seconds=round(time.thread_time() - cpu, 6),
        worker=_worker_name(),
        largest_at=stats.largest_at,
        rare_values=stats.rare_values if sparse else None,
        last_rare_value=stats.last_rare_value if sparse else None,
    )


def _misere(game: TakeAndBreak, params: CensusParams) -> tuple[int, int, str]:
    """``(heap reached, quotient order there, status)``: ``reached`` or ``not reached: why``."""
    assert params.misere is not None
    builder = QuotientBuilder(game)
    status = "reached"
    try:
        builder.extend(
            params.misere,
            deadline=now() + params.misere_seconds,
            max_work=params.misere_work,
        )
    except (SearchLimitError, InvalidGameError) as e:
        status = f"not reached: {e}"
    return builder.done, len(builder.mul), status


def error_result(
    item: CensusItem,
    params: CensusParams,
    why: str,
    began: float | None = None,
    cpu: float | None = None,
) -> CodeResult:
    """The result of a code that could not be computed (``stopped == "error"``); a census
    run again computes it again."""
    began = time.perf_counter() if began is None else began
    cpu = time.thread_time() if cpu is None else cpu
    return CodeResult(
        code=item.code,
        label=item.label,
        heaps_asked=params.heaps,
        heaps=-1,
        stopped="error",
        values_hash="",
        sequence_key=f"E:{item.code}",
        largest=0,
        distinct_values=0,
        proved=False,
        preperiod=None,
        period=None,
        saltus=0,
        proof_bound=None,
        reason=why,
        last_exceptional=None,
        rare_mask=None,
        rare_heaps=None,
        last_rare_heap=None,
        misere_asked=params.misere,
        misere_reached=None,
        misere_order=None,
        misere_status=None,
        kernel="",
        seconds=round(time.perf_counter() - began, 6),
        cpu_seconds=round(time.thread_time() - cpu, 6),
        worker=_worker_name(),
    )


def compute_chunk(
    items: Sequence[CensusItem],
    params: CensusParams,
    copies: Mapping[str, Sequence[tuple[CensusItem, str]]] | None = None,
) -> list[CodeResult]:
    """Compute several codes in turn (one task of a census), each with the codes that
    copy it (``copies[code]``, :func:`compute_group`)."""
    more = copies or {}
    return [r for item in items for r in compute_group(item, more.get(item.code, ()), params)]


def _cheap(item: CensusItem) -> bool:
    """No digit leaves two or more heaps (each heap costs at most ``t`` steps)."""
    code = OctalCode.parse(item.code)
    return not any(d & 12 for d in (code.first, *code.digits))


def plan_tasks(
    items: Sequence[CensusItem], chunk: int = CHEAP_CHUNK
) -> list[tuple[CensusItem, ...]]:
    """Group the codes into tasks: each costly code alone, cheap codes ``chunk`` at a time;
    costly ones first (longest digits first), so that the last tasks to finish are short.

    >>> items = [CensusItem.from_text(c) for c in ("0.3", "0.07", "0.33", "0.137")]
    >>> [[i.code for i in t] for t in plan_tasks(items, 2)]
    [['0.137'], ['0.07'], ['0.3', '0.33']]
    """
    costly = sorted((i for i in items if not _cheap(i)), key=lambda i: -len(i.code))
    cheap = [i for i in items if _cheap(i)]
    step = max(1, chunk)
    return [(i,) for i in costly] + [tuple(cheap[k : k + step]) for k in range(0, len(cheap), step)]
