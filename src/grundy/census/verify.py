"""Check a stored census row before it is reused (issue 35 item 2).

A census run again skips the codes already done. A row is data read from a file,
so a row whose period, preperiod and hash were changed (with the hash recomputed
to match nothing) was reused as it was, and ``census show`` listed the forged period.
Now a row with a proved period is checked before it counts as done:

* the heaps up to the proof's bound are computed again (the bound of the periodicity
  theorem for the stored preperiod ``e`` and period ``p``: ``2e + p + t`` for an octal
  code, ``e + max(S)`` for a subtraction set, usually a few hundred heaps; with a saltus
  ``s``, the bound of the arithmetic-periodicity check of :mod:`grundy.heap.saltus`);
* ``G(n + p) = G(n) + s`` must hold for ``e <= n <`` that bound (the theorem then proves
  it for every ``n >= e``), and ``(e, p)`` must be the smallest preperiod and period;
* the table of the row's ``heaps`` filled from that period must have the stored hash,
  sequence key, largest value and number of distinct values.

A row that fails is computed again (and replaced); the command says which. A row
without a proved period is reused as stored: checking it means computing it again.

>>> from grundy.census.compute import CensusParams, compute_item
>>> from grundy.census.family import CensusItem
>>> item = CensusItem.from_text("0.07")
>>> row = compute_item(item, CensusParams(heaps=2048)).to_dict()
>>> check_row(item, row) is None
True
>>> check_row(item, {**row, "preperiod": 3, "period": 7})
'the stored period 7 from heap 3 does not hold: G(3) = 1 but G(10) = 3'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.census.compute import canonical_period, sequence_key, values_hash
from grundy.census.family import CensusItem
from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import Periodicity
from grundy.heap.subtraction import Subtraction
from grundy.heap.table import TableBuilder

__all__ = ["MAX_CHECK_HEAPS", "check_row"]

#: A proof bound past this many heaps is not checked again: the row is computed again.
MAX_CHECK_HEAPS = 1 << 20


def _int(row: dict[str, Any], key: str) -> int | None:
    value = row.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_row(item: CensusItem, row: dict[str, Any]) -> str | None:
    """None when the stored ``row`` of ``item`` holds (see the module docstring), else why
    not, in a few words. A row without a proved period is not checked (None)."""
    if not row.get("proved"):
        return None
    e, p, heaps = _int(row, "preperiod"), _int(row, "period"), _int(row, "heaps")
    if e is None or p is None or heaps is None or e < 0 or p < 1 or heaps < e + p - 1:
        return "the stored period is not a preperiod and a period"
    s = _int(row, "saltus") or 0
    game = TakeAndBreak(OctalCode.parse(item.code))
    prover: Any = Subtraction(item.subset) if item.subset else game
    proof = prover.periodicity_proof(e, p, s)
    if proof is None:
        return "no periodicity theorem applies to this code"
    bound = int(proof[0])
    last = max(bound + p, e + p)
    if last > MAX_CHECK_HEAPS:
        return f"its proof needs {last:,} heaps, more than a check computes"
    values = np.asarray(TableBuilder(game, period_fill=False).extend(last), dtype=np.int64)
    for n in range(e, bound):
        if values[n + p] != values[n] + s:
            return (
                f"the stored period {p} from heap {e} does not hold: "
                f"G({n}) = {int(values[n])} but G({n + p}) = {int(values[n + p])}"
            )
    found = canonical_period(values, e, p, s)
    if found != (e, p, s):
        return f"the period is {found[1]} from heap {found[0]}, not the stored {p} from {e}"
    index = np.arange(heaps + 1)
    q, r = np.divmod(index - e, p)
    full = np.where(index < e + p, values[np.minimum(index, e + p - 1)], values[e + r] + q * s)
    per = Periodicity(e, p, s, True, last, "")
    expected = {
        "values_hash": values_hash(full),
        "sequence_key": sequence_key(full, per, (e, p)),
        "largest": int(full.max()),
        "distinct_values": len(np.unique(full)),
    }
    for key, want in expected.items():
        if row.get(key) != want:
            return f"its {key.replace('_', ' ')} is not that of its table ({want})"
    return None
