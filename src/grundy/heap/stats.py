"""The columns of the published octal-game tables: largest value and where, and the sparse
space (rare mask, rare heaps, the last rare value).

Flammenkamp's tables (and later ones) describe each sequence by its largest value, the
first heap where it occurs, and its *sparse space*: for a mask ``m`` a value ``v`` is
*rare* when ``v & m`` has an even number of one bits, *common* otherwise. Two common
values never XOR to a common one, so a game whose rare values die out is periodic and
a table of it is built in time linear in its size. The mask reported is the one leaving
the fewest rare heaps (every mask is scored at once by a Walsh-Hadamard transform of the
value histogram, :func:`grundy.heap.table.best_mask`). The value 0 is rare under every
mask, so heap 0 always counts.

>>> from grundy.heap.games import KAYLES
>>> from grundy.heap.table import build_table
>>> s = sparse_stats(build_table(KAYLES, 2000, period_fill=False))
>>> s.largest, s.largest_at, s.rare_mask, s.rare_heaps, s.last_rare_heap, s.last_rare_value
(8, 27, 15, 10, 70, 6)
>>> for part in s.text().split("; "):
...     print(part)
largest value 8 (first at heap 27)
rare mask 15: 10 rare heaps of 2,001 (0.5%), 4 rare values, the last rare value 6 at heap 70
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from grundy.heap.table import SPARSE_RATIO, best_mask

__all__ = ["SparseStats", "sparse_stats"]

#: Heaps handled per numpy step (bounds temporary memory on tables of 2^30 heaps).
_PIECE = 1 << 22


@dataclass(frozen=True)
class SparseStats:
    """What a table of heaps ``0..heaps`` shows (the literature's columns).

    Attributes:
        heaps: the last heap of the table.
        largest: the largest value.
        largest_at: the first heap with that value.
        rare_mask: the mask leaving the fewest rare heaps (None when every value is 0 or 1:
            no split into rare and common values says anything).
        rare_heaps: heaps whose value is rare under ``rare_mask`` (heap 0 included).
        rare_values: distinct rare values among them.
        last_rare_heap: the last heap with a rare value.
        last_rare_value: its value.
        sparse: True when at most one heap in :data:`~grundy.heap.table.SPARSE_RATIO` is
            rare (a sparse space in Flammenkamp's sense), False when rare values are common.
    """

    heaps: int
    largest: int
    largest_at: int
    rare_mask: int | None
    rare_heaps: int | None
    rare_values: int | None
    last_rare_heap: int | None
    last_rare_value: int | None
    sparse: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``stats`` in ``grundy period --json`` and ``grundy table --json``)."""
        return asdict(self)

    def text(self) -> str:
        """One line for people."""
        head = f"largest value {self.largest} (first at heap {self.largest_at:,})"
        if self.rare_mask is None or self.rare_heaps is None:
            return head + "; no sparse space (every value is 0 or 1)"
        share = f"{100 * self.rare_heaps / (self.heaps + 1):.3g}%"
        rare = (
            f"rare mask {self.rare_mask}: {self.rare_heaps:,} rare heaps of "
            f"{self.heaps + 1:,} ({share}), {self.rare_values:,} rare values, the last rare "
            f"value {self.last_rare_value} at heap {self.last_rare_heap:,}"
        )
        if not self.sparse:
            rare += " (too many for a sparse space)"
        return f"{head}; {rare}"


def sparse_stats(values: Any) -> SparseStats:
    """The columns of :class:`SparseStats` for a table of heaps ``0..len(values)-1``,
    computed piece by piece (no temporary the size of the table)."""
    arr = np.asarray(values)
    if arr.ndim != 1 or len(arr) == 0:
        raise ValueError("sparse_stats needs a non-empty one-dimensional table")
    top = int(arr.max())
    size = 2
    while size <= top:
        size *= 2
    hist = np.zeros(size, dtype=np.int64)
    for lo in range(0, len(arr), _PIECE):
        hist += np.bincount(arr[lo : lo + _PIECE], minlength=size)
    largest_at = int(np.argmax(arr == top))
    if top < 2:
        return SparseStats(len(arr) - 1, top, largest_at, None, None, None, None, None, False)
    mask, rare = best_mask(hist)
    levels = np.arange(size, dtype=np.int64) & mask
    odd = np.zeros(size, dtype=bool)
    while levels.any():
        odd ^= (levels & 1).astype(bool)
        levels >>= 1
    is_rare = ~odd
    rare_values = int(np.count_nonzero(is_rare & (hist > 0)))
    last = -1
    for lo in range(0, len(arr), _PIECE):
        hits = np.flatnonzero(is_rare[arr[lo : lo + _PIECE]])
        if len(hits):
            last = lo + int(hits[-1])
    return SparseStats(
        heaps=len(arr) - 1,
        largest=top,
        largest_at=largest_at,
        rare_mask=mask,
        rare_heaps=int(rare),
        rare_values=rare_values,
        last_rare_heap=last,
        last_rare_value=int(arr[last]),
        sparse=rare * SPARSE_RATIO <= len(arr),
    )
