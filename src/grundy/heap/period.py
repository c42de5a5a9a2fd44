"""Periodicity of Grundy sequences: find it, and prove it where a theorem allows.

A sequence is *arithmetic periodic* with preperiod ``e``, period ``p`` and
saltus ``s`` when ``G(n + p) = G(n) + s`` for every ``n >= e`` (plain
periodicity is ``s = 0``). :func:`find_period` finds the smallest period
(and for it the smallest preperiod) seen in a finite table;
:func:`periodicity` adds a proof when the ruleset offers one through the hook
``periodicity_proof(preperiod, period, saltus) -> (bound, theorem) | None``:
checking ``G(n + p) = G(n) + s`` for ``e <= n < bound`` proves it for all ``n``.

>>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> find_period([n % 3 for n in range(20)])
(0, 3, 0)
>>> find_period([n + (n % 4 == 3) - (n % 4 == 0 and n > 0) for n in range(40)])
(1, 4, 4)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from grundy.core.game import HeapGame
from grundy.core.limits import check_time
from grundy.core.text import html_table
from grundy.kernels.period import period_candidates, period_kernel, table_array

__all__ = ["Periodicity", "find_period", "periodicity"]

#: An observed period must repeat at least this many times in the table.
MIN_REPEATS = 3

#: Candidate periods fetched from the kernel per call in :func:`periodicity`.
_BATCH = 1024


@dataclass(frozen=True)
class Periodicity:
    """What is known about the periodicity of a Grundy sequence.

    Attributes:
        preperiod: ``e``, the first heap of the periodic part (None when no period was seen).
        period: ``p``, the smallest period seen (None when none).
        saltus: ``s`` in ``G(n + p) = G(n) + s`` (0 for plain periodicity).
        proved: True when a theorem turns the finite check into a proof.
        checked_to: the largest heap whose value was computed.
        reason: one line saying what was proved or observed, and how.
    """

    preperiod: int | None
    period: int | None
    saltus: int
    proved: bool
    checked_to: int
    reason: str

    def _repr_html_(self) -> str:
        """Jupyter shows what is known, and how, in a small table."""
        rows = [
            ("Preperiod", self.preperiod),
            ("Period", self.period),
            ("Saltus", self.saltus),
            ("Proved", "yes" if self.proved else f"no (observed up to heap {self.checked_to})"),
            ("How", self.reason),
        ]
        return html_table((k, html.escape(str(v))) for k, v in rows)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``grundy period --json``)."""
        return asdict(self)

    def value(self, base: Sequence[int], n: int) -> int:
        """``G(n)`` from the table ``base`` (which covers the preperiod and one period).

        >>> Periodicity(1, 4, 4, False, 40, "").value([0, 1, 2, 4, 3], 10**20 + 3)
        100000000000000000004
        """
        if self.period is None or self.preperiod is None:
            raise ValueError("no period is known")
        e, p = self.preperiod, self.period
        if n < e + p:
            return int(base[n])
        q, r = divmod(n - e, p)
        return int(base[e + r]) + q * self.saltus


def find_period(
    values: Sequence[int],
    *,
    min_repeats: int = MIN_REPEATS,
    min_tail: int | None = None,
    first: int = 1,
) -> tuple[int, int, int]:
    """``(preperiod, period, saltus)`` of the smallest period seen, or ``(0, 0, 0)`` if none.

    The periodic part (from the preperiod to the end) must hold at least
    ``min_repeats`` periods and ``min_tail`` values (default: half the table,
    so that three equal values at the end are not taken for a period), and
    the saltus must be non-negative. Periods below ``first`` are skipped.
    """
    arr = _kernel_table(values)
    if len(arr) < 2:
        return 0, 0, 0
    tail = (len(arr) + 1) // 2 if min_tail is None else min_tail
    e, p, s = period_kernel(arr, first, len(arr) // min_repeats, min_repeats, tail)
    return int(e), int(p), int(s)


def _kernel_table(values: Sequence[int]) -> Any:
    """``values`` for the period kernels: an array for the compiled core, a list for the
    pure-Python twins (which index lists faster than arrays)."""
    arr = table_array(values)
    return arr if period_kernel.compiled is not None else arr.tolist()


def periodicity(game: Any, values: Sequence[int], *, max_candidates: int = 10_000) -> Periodicity:
    """The periodicity of ``values`` (heaps ``0..len(values)-1`` of ``game``), proved if possible.

    First the smallest period that the ruleset's theorem proves from this
    table is sought (a candidate needs no repeats beyond those its proof
    checks); failing that, the smallest period observed over at least half the
    table is reported as observed. So a short table proves what it can: 41
    values prove the period 22 of ``subtraction:2,5,7`` (the proof needs heaps
    up to 28).

    >>> from grundy.heap.subtraction import Subtraction
    >>> from grundy.heap.values import heap_values
    >>> game = Subtraction((2, 5, 7))
    >>> found = periodicity(game, heap_values(game, 40))
    >>> found.proved, found.preperiod, found.period
    (True, 0, 22)
    """
    last = len(values) - 1
    hook = game.periodicity_proof if isinstance(game, HeapGame) else None
    if hook is not None:
        found = _proved(game, hook, values, max_candidates)
        if found is not None:
            return found
    e, p, s = find_period(values)
    if p == 0:
        return Periodicity(
            None, None, 0, False, last, f"no period seen in the values of heaps 0..{last}"
        )
    what = f"period {p} from heap {e}" + (f" with saltus {s}" if s else "")
    proof = hook(e, p, s) if hook is not None else None
    if proof is not None:
        need = proof[0] + p - 1
        reason = (
            f"observed {what} up to heap {last}; a proof by {proof[1]} needs heaps up to {need}"
        )
    else:
        shape = game.move_shape() if isinstance(game, HeapGame) else None
        tried = s and shape is not None and shape[0] == 3  # three-heap moves: the saltus check
        why = "the saltus check found no proof" if tried else "no theorem available to prove it"
        reason = f"observed {what} up to heap {last} ({why} here)"
    return Periodicity(e, p, s, False, last, reason)


def _proved(
    game: HeapGame, hook: Any, values: Sequence[int], max_candidates: int
) -> Periodicity | None:
    """The smallest period that ``hook`` proves from ``values``, trying at most
    ``max_candidates`` periods (those with a non-negative saltus, ascending).

    The kernel lists the candidates a batch at a time. A ruleset whose proof bound is at
    least ``a*e + b*p + c`` declares ``periodicity_bound_form() -> (a, b, c)``; the kernel
    then leaves out the candidates whose bound passes the table (``bound + p - 1 > last``)."""
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    last = len(values) - 1
    table = _kernel_table(values)
    form = game.periodicity_bound_form()
    test = (0, 0, 0, 0) if form is None else (form[0], form[1] + 1, form[2] - 1, last)
    out = np.zeros(3 * _BATCH, dtype=np.int64)
    first, tried = 1, 0
    # Batches grow from one row: each candidate that is a multiple of the true period scans
    # the whole table, so a full first batch costs seconds on ten million heaps (minutes
    # in the pure-Python twin), while the first candidate is usually the one proved.
    size = 1
    while tried < max_candidates:
        check_time()
        count, first = period_candidates(table, first, last, test, out[: 3 * size])
        for e, p, s in out[: 3 * count].reshape(-1, 3).tolist():
            proof = hook(e, p, s)
            if proof is not None and proof[0] + p - 1 <= last:
                what = f"period {p} from heap {e}" + (f" with saltus {s}" if s else "")
                reason = (
                    f"proved {what}: G(n+{p}) = G(n)"
                    + (f" + {s}" if s else "")
                    + f" checked for {e} <= n < {proof[0]} ({proof[1]})"
                )
                return Periodicity(e, p, s, True, last, reason)
            tried += 1
            if tried >= max_candidates:
                break
        if count < size:
            break
        size = min(2 * size, _BATCH)
    return None
