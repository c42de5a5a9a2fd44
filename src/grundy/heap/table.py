"""Grundy tables of heap games: compiled kernels for take-and-break codes, plain
Python for any other heap ruleset.

>>> from grundy.heap.games import KAYLES, GRUNDYS_GAME
>>> build_table(KAYLES, 11).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> build_table(GRUNDYS_GAME, 12, method="plain").tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
>>> from grundy.heap.subtraction import Subtraction
>>> heap_values(Subtraction((1, 3, 4)), 9)
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.core.limits import check_time, checkpoint
from grundy.errors import InvalidSpecError
from grundy.heap.games import TakeAndBreak
from grundy.heap.period import periodicity
from grundy.heap.values import heap_values
from grundy.kernels._core import core_module
from grundy.kernels.heap import plain_kernel, rare_kernel

__all__ = ["METHODS", "TableBuilder", "best_mask", "build_table", "heap_values"]

#: Kernel choices: ``auto`` picks ``rare`` for games with two-heap splits.
METHODS = ("auto", "plain", "rare")

#: ``auto`` leaves the rare-value kernel once more than 1/DENSE_RATIO of the heaps are
#: rare, checked from heap DENSE_AFTER on (measured: 0.07, 0.137, 4.0 have 40-50 %
#: rare heaps and the rare kernel runs 1.5x slower than the plain one there; Kayles and
#: Grundy's game have a handful and it runs 100-1000x faster).
DENSE_AFTER = 8192
DENSE_RATIO = 8

#: After such a switch, the best mask is looked at again at each doubling of the table,
#: and ``auto`` goes back to the rare-value kernel when at most 1/SPARSE_AGAIN_RATIO of the
#: heaps are rare under it. (Measured over 65,536 heaps of Czajka's unsolved codes, thread
#: CPU, compiled core: the rare-value kernel ran 1.4-4.1x faster than the plain one with
#: 0.7-2.7 % of the heaps rare -- 0.36, 0.64, 0.6, 0.14, 0.74 -- and 2.4-3.3x slower with
#: 21-36 % -- 0.04, 0.06; over 131,072 heaps of 0.007, 14 % rare, 1.9x slower.)
SPARSE_AGAIN_RATIO = 16

#: A table has a *sparse space* (:mod:`grundy.heap.stats`) when at most 1/SPARSE_RATIO of
#: its heaps are rare. (Officers, 0.6, has 15% rare heaps among its first 10,000 and 0.15%
#: among its first million: the kernel switch waits for a denser 1/DENSE_RATIO.)
SPARSE_RATIO = 8

#: On codes whose heaps cost time quadratic in their size, ``auto`` times a short chunk of
#: the other kernel at this heap and at each doubling, and keeps the faster (measured
#: over 2,048 heaps: the rare-value kernel is 4-6x slower than the plain one on 0.[7],
#: 0.[4] and 0.3[4], and 200x faster on 0.[5]).
TRIAL_AFTER = 1024

Progress = Callable[[int, int], None]

#: Heaps handled per numpy step outside the kernels (bounds temporary memory).
_PIECE = 1 << 16


def best_mask(hist: Any) -> tuple[int, int]:
    """The mask (>= 1) leaving the fewest rare heaps, and that number.

    ``hist[v]`` counts the heaps of value ``v`` (its length a power of two).
    The heaps whose value has even parity under mask ``m`` number
    ``(N + W[m]) / 2``, where ``W`` is the Walsh–Hadamard transform of
    ``hist``, so one transform scores every mask at once.

    >>> best_mask(np.array([1, 5, 5, 0]))  # mask 3: only the value 0 is rare
    (3, 1)
    """
    w = np.array(hist, dtype=np.int64)
    size = len(w)
    h = 1
    while h < size:
        w = w.reshape(-1, 2, h)
        a, b = w[:, 0, :].copy(), w[:, 1, :].copy()
        w[:, 0, :] = a + b
        w[:, 1, :] = a - b
        w = w.reshape(size)
        h *= 2
    total = int(w[0])
    m = int(np.argmin(w[1:])) + 1
    return m, (total + int(w[m])) // 2


def _parity_common(mask: int, size: int) -> Any:
    """``common[v] = 1`` when ``v & mask`` has an odd number of one bits."""
    v = np.arange(size, dtype=np.int64) & mask
    bits = np.zeros(size, dtype=np.uint8)
    while v.any():
        bits ^= (v & 1).astype(np.uint8)
        v >>= 1
    return bits


class TableBuilder:
    """Grows the Grundy table of a take-and-break game, chunk by chunk.

    ``values[:count]`` is always finished work, so an interrupted
    :meth:`extend` (Ctrl-C) loses only the chunk in flight. Values are stored
    as ``uint16`` and widened to ``uint32`` (with a note in :attr:`notes`) if
    a value reaches 65,536.
    """

    def __init__(
        self,
        game: TakeAndBreak,
        *,
        prefix: Any = None,
        method: str = "auto",
        compiled: bool | None = None,
        period_fill: bool = False,
    ) -> None:
        if method not in METHODS:
            raise InvalidSpecError(f"unknown kernel {method!r}", "one of " + ", ".join(METHODS))
        self.game = game
        #: False runs the pure-Python twins even where the compiled core is active.
        self.compiled = compiled
        code = game.code
        has_split = any(code.digit(k) & 4 for k in range(len(code.digits) + len(code.repeat) + 1))
        #: ``auto`` starts with the rare-value kernel and leaves it for the plain one when
        #: rare values turn out dense (it is then slower than the plain kernel).
        self.auto = method == "auto"
        if method == "auto":
            method = "rare" if has_split and not code.hexadecimal else "plain"
        if method == "rare" and code.hexadecimal:
            raise InvalidSpecError(
                "the rare-value kernel handles moves leaving at most two heaps",
                "--kernel plain for codes with the digit bit 8",
            )
        self.method = method
        self.period_fill = period_fill and game.periodicity_proof(0, 1, 0) is not None
        self.filled_from: int | None = None
        self.notes: list[str] = []
        start = np.zeros(1, dtype=np.uint16) if prefix is None else np.asarray(prefix)
        if len(start) == 0 or int(start[0]) != 0:
            raise InvalidSpecError("a stored table must start with G(0) = 0")
        top = int(start.max())
        self.space = 64
        while self.space <= 2 * top:
            self.space *= 2
        # uint16 while every value the kernels may write (below the value space) fits
        dtype = np.uint16 if self.space <= 1 << 16 else np.uint32
        self.values: Any = np.array(start, dtype=dtype)
        self.count = len(start)
        self.mask = 0
        self.mark: Any = None
        self.rare: Any = None
        self.nrare = 0
        self.mask_changes = 0
        self.hist: Any = None
        self.hist_count = 0
        #: ``auto`` on a code whose heaps cost time quadratic in their size times the other
        #: kernel on a short chunk at heap ``next_trial`` (then at each doubling) and keeps
        #: the faster. (On other codes both kernels take about a microsecond a heap at first
        #: and the rare-value kernel gains as the table grows: an early trial misleads, and
        #: the rule of DENSE_AFTER decides.)
        self.trials = self.auto and method == "rare" and game.quadratic_heaps() is not None
        self.next_trial = max(TRIAL_AFTER, self.count)
        #: True once ``auto`` left the rare-value kernel because rare values were dense; the
        #: best mask is then looked at again at each doubling of the table, and the rare-value
        #: kernel comes back when it leaves few enough rare heaps (:meth:`_sparse_again`).
        self.dense_switch = False
        self.next_recheck = 0

    # ----- value space and the rare list -----------------------------------------

    def _grow_space(self) -> None:
        self.space *= 2
        if self.space > 1 << 16 and self.values.dtype == np.uint16:
            self.values = self.values.astype(np.uint32)
            self.notes.append(
                "a value reached 32,768 and later ones may pass 65,535: "
                "the table is now stored as uint32 (4 bytes a heap)"
            )
        self.mark = None

    def _histogram(self) -> Any:
        """Heaps per value, kept up to date chunk by chunk (no table-sized temporaries)."""
        if self.hist is None:
            self.hist = np.zeros(self.space, dtype=np.int64)
            self.hist_count = 0
        if len(self.hist) < self.space:
            self.hist = np.concatenate([self.hist, np.zeros(self.space - len(self.hist), np.int64)])
        for lo in range(self.hist_count, self.count, _PIECE):
            hi = min(lo + _PIECE, self.count)
            self.hist += np.bincount(self.values[lo:hi], minlength=self.space)[: self.space]
        self.hist_count = self.count
        return self.hist

    def _choose_mask(self) -> None:
        mask, rare_heaps = best_mask(self._histogram())
        current = self.nrare + 1 if self.mask else self.count + 1
        if self.mask == 0 or rare_heaps < 0.9 * current:
            self.mask = mask
            self.mask_changes += 1
            self.rare = None

    def _better_mask(self) -> bool:
        """True (and the mask changed) when another mask leaves few enough rare heaps to keep
        the rare-value kernel: the mask chosen early may go stale (Officers, 0.6: 1,419 of the
        first 9,535 heaps are rare under the mask of heap 2,048, 1,583 of a million under
        the best mask, and the rare-value kernel runs 10x faster there)."""
        mask, rare_heaps = best_mask(self._histogram())
        if mask == self.mask or rare_heaps * DENSE_RATIO > self.count:
            return False
        self.mask = mask
        self.mask_changes += 1
        self.rare = None
        return True

    def _sparse_again(self) -> bool:
        """True (and back on the rare-value kernel, with the best mask) when at most
        1/SPARSE_AGAIN_RATIO of the heaps are rare under the best mask: the rare set of a code may
        thin out as the table grows (4.007: 1.7 % of the first 131,072 heaps are rare under its
        best mask). Both kernels are
        exact whatever the rare set; only their speed depends on it."""
        mask, rare_heaps = best_mask(self._histogram())
        if rare_heaps * SPARSE_AGAIN_RATIO > self.count:
            return False
        self.method, self.mask, self.rare = "rare", mask, None
        self.mask_changes += 1
        self.notes.append(
            f"{rare_heaps:,} of the first {self.count:,} heaps are rare under the mask {mask:#x}: "
            "back on the rare-value kernel"
        )
        return True

    def _rare_list(self, common: Any) -> Any:
        if self.rare is None:
            pieces = [
                np.nonzero(common[self.values[lo : min(lo + _PIECE, self.count)]] == 0)[0] + lo
                for lo in range(1, self.count, _PIECE)
            ]
            idx = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
            self.rare = np.zeros(max(1024, 2 * len(idx)), dtype=np.int64)
            self.rare[: len(idx)] = idx
            self.nrare = len(idx)
        elif self.nrare == len(self.rare):
            bigger = np.zeros(2 * len(self.rare), dtype=np.int64)
            bigger[: self.nrare] = self.rare[: self.nrare]
            self.rare = bigger
        return self.rare

    # ----- the main loop -----------------------------------------------------------

    def extend(self, last: int, progress: Progress | None = None) -> Any:
        """Compute heaps up to ``last``; returns ``values[:last + 1]`` (a view)."""
        if last < self.count:
            return self.values[: last + 1]
        if len(self.values) < last + 1:
            grown = np.zeros(last + 1, dtype=self.values.dtype)
            grown[: self.count] = self.values[: self.count]
            self.values = grown
        fast = self.compiled is not False and core_module() is not None
        rules, g = self._kernel_rules(last, fast)
        unequal = int(self.game.unequal)
        chunk = 256
        next_mask = self.count
        next_check = max(1024, self.count)
        per_heap: float | None = None  # seconds per heap in the last chunk
        trial: tuple[str, float] | None = None  # (kernel before a trial chunk, its per_heap)
        while self.count <= last:
            if self.period_fill and self.count >= next_check:
                next_check = 2 * self.count
                if self._fill_by_period(last):
                    break
            start = self.count
            stop = min(last + 1, start + chunk)
            if self.mark is None:
                self.mark = np.full(self.space, -1, dtype=np.int64)
            if self.trials and start >= self.next_trial and per_heap is not None:
                trial = (self.method, per_heap)
                stop = min(stop, self._start_trial(start, chunk))
                if self.method == "rare":
                    next_mask = start
            if self.dense_switch and self.method == "plain" and start >= self.next_recheck:
                self.next_recheck = 2 * start
                if self._sparse_again():
                    next_mask = start + max(256, start // 4)
            if self.method == "plain":
                began = time.perf_counter()
                done = self._run_kernel(fast, g, start, stop, rules, unequal)
            else:
                if start >= next_mask:
                    self._choose_mask()
                    next_mask = start + max(256, start // 4)
                stop = min(stop, next_mask)
                common = _parity_common(self.mask, self.space)
                rare = self._rare_list(common)
                began = time.perf_counter()
                done = self._run_kernel(fast, g, start, stop, rules, unequal, (common, rare))
            spent = time.perf_counter() - began
            if self._finish_chunk(fast, g, start, done) and fast:
                g = self.values
            if trial is None:
                self._leave_rare_if_dense()
            if done > start and spent > 0:
                per_heap = spent / (done - start)
                if trial is not None:
                    self._end_trial(*trial, per_heap)
                    trial = None
                else:
                    chunk = int(min(max(0.25 / per_heap, 64), 1 << 20))
            if progress is not None:
                progress(self.count - 1, last)
            checkpoint(self.count, None, "heaps")  # the time limit; finished heaps stay
        return self.values[: last + 1]

    def _kernel_rules(self, last: int, fast: bool) -> tuple[tuple[Any, ...], Any]:
        """The game's rules up to heap ``last`` as the kernels take them (numpy arrays for the
        compiled ones, lists for the twins), and the table they write: the values themselves,
        or a list whose new values :meth:`_finish_chunk` copies back."""
        whole, single, split, triple = self.game.kernel_arrays(last)
        if fast:
            rules: tuple[Any, ...] = (
                np.array(whole, dtype=np.uint8),
                np.array(single, dtype=np.int64),
                np.array(split, dtype=np.int64),
                np.array(triple, dtype=np.int64),
            )
            return rules, self.values
        return (whole, single, split, triple), self.values[: last + 1].tolist()

    def _start_trial(self, start: int, chunk: int) -> int:
        """Switch to the other kernel for a short chunk, timed; returns where it stops."""
        self.next_trial = 2 * start
        self.method = "plain" if self.method == "rare" else "rare"
        if self.method == "rare":
            self.rare = None
        return start + max(16, min(chunk // 8, 64))

    def _finish_chunk(self, fast: bool, g: Any, start: int, done: int) -> bool:
        """Keep heaps ``start..done - 1`` just computed; True when the value space grew (the
        kernel stops just after a value >= half the space, which may be the last heap)."""
        if not fast:
            self.values[start:done] = g[start:done]
        self.count = done
        if done > start and int(self.values[done - 1]) >= self.space // 2:
            self._grow_space()
            return True
        return False

    def _leave_rare_if_dense(self) -> None:
        """``auto``: go to the plain kernel for good when, from heap DENSE_AFTER on, more than
        1/DENSE_RATIO of the heaps are rare under the best mask."""
        if (
            self.auto
            and self.method == "rare"
            and self.count >= DENSE_AFTER
            and self.nrare * DENSE_RATIO > self.count
            and not self._better_mask()
        ):
            self.method, self.mark, self.trials = "plain", None, False
            self.dense_switch, self.next_recheck = True, 2 * self.count
            self.notes.append(
                f"{self.nrare:,} of the first {self.count:,} heaps have rare values, too many "
                "for the rare-value kernel to pay: switched to the plain kernel"
            )

    def _end_trial(self, before: str, before_per_heap: float, trial_per_heap: float) -> None:
        """Keep the kernel just timed if it ran clearly faster than ``before`` did on the
        chunk before it, else go back (the rare list is rebuilt when needed)."""
        if trial_per_heap < 0.8 * before_per_heap:
            names = {"plain": "plain kernel", "rare": "rare-value kernel"}
            self.notes.append(
                f"at heap {self.count:,} the {names[self.method]} ran "
                f"{before_per_heap / trial_per_heap:.1f}x faster than the {names[before]}: "
                f"switched to the {names[self.method]}"
            )
        else:
            self.method = before
            if before == "rare":
                self.rare = None

    def _fill_by_period(self, last: int) -> bool:
        """Fill heaps ``count..last`` from a proved period, if the finished part proves one."""
        found = periodicity(self.game, self.values[: self.count])
        if not found.proved or found.preperiod is None or found.period is None:
            return False
        e, p, s, start = found.preperiod, found.period, found.saltus, self.count
        if s and found.value(self.values, last) > np.iinfo(self.values.dtype).max:
            return False  # an arithmetic period past the table's value type: keep computing
        for lo in range(start, last + 1, _PIECE):
            check_time(lo, "heaps filled")  # a fill of billions of heaps takes seconds
            hi = min(lo + _PIECE, last + 1)
            q, r = np.divmod(np.arange(lo, hi, dtype=np.int64) - e, p)
            self.values[lo:hi] = self.values[e + r] + q * s if s else self.values[e + r]
        self.count = last + 1
        self.filled_from = start
        self.notes.append(f"heaps {start}..{last} filled from the {found.reason}")
        return True

    def _run_kernel(  # noqa: PLR0917
        self,
        fast: bool,
        g: Any,
        start: int,
        stop: int,
        rules: tuple[Any, ...],
        unequal: int,
        sparse: tuple[Any, Any] | None = None,
    ) -> int:
        """Heaps ``start..stop-1`` by the plain kernel, or by the rare-value kernel when
        ``sparse`` is ``(common, rare)`` (the rare heaps it finds are appended to ``rare``);
        compiled when ``fast``, else the Python twin on lists."""
        mark = self.mark if fast else self.mark.tolist()
        if sparse is None:
            plain = plain_kernel if fast else plain_kernel.py_func
            done: int = plain(g, start, stop, *rules, unequal, mark)
        else:
            common, rare = sparse if fast else (sparse[0].tolist(), sparse[1].tolist())
            want: Any = np.zeros(self.space, dtype=np.uint8) if fast else [0] * self.space
            kernel = rare_kernel if fast else rare_kernel.py_func
            args = (*rules[:3], unequal, common, rare, self.nrare, mark, want)
            done, nrare = kernel(g, start, stop, *args)
            if not fast:
                self.rare[self.nrare : nrare] = rare[self.nrare : nrare]
            self.nrare = nrare
        if not fast:
            self.mark[:] = mark
        return done


def build_table(
    game: TakeAndBreak,
    last: int,
    *,
    prefix: Any = None,
    method: str = "auto",
    compiled: bool | None = None,
    progress: Progress | None = None,
    period_fill: bool = True,
) -> Any:
    """Grundy values of heaps ``0..last`` of a take-and-break game, as a numpy array.

    ``prefix`` (values of heaps ``0..m``) is reused, not recomputed. With
    ``period_fill`` the kernel stops once the finished part proves a period
    (checked at 1024 heaps and each doubling) and the rest is filled from it. With
    ``compiled=False`` the pure-Python twins of the kernels run even where the compiled core
    is active (tests compare the two).
    """
    builder = TableBuilder(
        game, prefix=prefix, method=method, compiled=compiled, period_fill=period_fill
    )
    values = builder.extend(last, progress)
    return values if len(values) == len(builder.values) else values.copy()
