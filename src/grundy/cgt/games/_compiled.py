"""The canonical-value walks of the compiled core (Domineering, Toads-and-Frogs, Clobber,
Col, Snort, Konane, Cram, Fission: one memo-and-walk, ``_core/walk.h``, into which each game's
file plugs its move generator, splitter and symmetry key), seen by
:func:`grundy.cgt.value_of` through one interface: a region's value by its key, the C memo
as ``(key, id)`` pairs or raw records (checkpoints), and its size.

Each ruleset names its walk by the prefix of its C functions (``dom``, ``tf``, ``clob``,
``col``, ``snort``, ``konane``, ``cram``, ``fission``), the kind of its raw records
(:data:`grundy.cgt._memo_file.RAW_KINDS`) and which keys fit the C bitboards;
:func:`compiled_walk` gives None when the compiled core or its table of canonical games is
not running, and the Python walk is used.

Threads: a walk calls back into Python every 4,096 regions (progress, the clock, a
checkpoint), where another thread may run; so one lock lets a single thread at a time walk
or change the C memos (which a walk's waiting frames rely on), and the others wait. C
checks it too: a walk or change from another thread while one runs raises RuntimeError.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt._memo_file import RAW_KINDS
from grundy.cgt.value import CLEAR_HOOKS
from grundy.kernels._core import core_module

__all__ = ["CompiledRegions", "compiled_walk"]

#: One walk (or change of a C memo) at a time, over all threads (re-entrant: a checkpoint
#: saved from a walk's callback reads the memo).
_WALK = threading.RLock()


class CompiledRegions:
    """The whole walk of one ruleset in C: regions' values by key, memoised in C, ids of
    the compiled table of canonical games."""

    def __init__(
        self,
        core: Any,
        prefix: str,
        kind: int,
        fits: Callable[[Any], bool],
        stores: Callable[[Any], bool],
    ) -> None:
        self._core = core
        self._kind = kind
        self._fits = fits
        self._stores = stores
        self._value = getattr(core, f"{prefix}_value")
        self._memo = getattr(core, f"{prefix}_memo")
        self._memo_add = getattr(core, f"{prefix}_memo_add")
        self._stats = getattr(core, f"{prefix}_memo_stats")

    @property
    def kind(self) -> int:
        """Which memo of the compiled core holds the regions (the kind of its raw records)."""
        return self._kind

    def value(self, key: Any, tick: Any, limit: int) -> tuple[int, int] | None:
        """``(id, new regions)`` of the key's region, or None when C cannot take it."""
        if not self._fits(key):
            return None
        with _WALK:
            found: tuple[int, int] = self._value(key, tick, limit)
        return found

    def items(self) -> list[tuple[Hashable, int]]:
        """Every ``(key, id)`` of the C memo."""
        found: list[tuple[Hashable, int]] = self._memo()
        return found

    def add(self, key: Any, gid: int, limit: int) -> None:
        """Remember ``key``'s value (read from a checkpoint) when C can hold the key."""
        if self._stores(key):
            with _WALK:
                self._memo_add(key, gid, limit)

    def raw(self) -> bytes:
        """The C memo as raw records (a checkpoint, :mod:`grundy.cgt._memo_file`)."""
        records: bytes = self._core.memo_raw(self._kind)
        return records

    def add_raw(self, records: bytes, limit: int) -> None:
        """Store raw records back (ids of this table)."""
        with _WALK:
            self._core.memo_raw_add(self._kind, records, limit)

    def clear_all(self) -> None:
        """Empty every compiled memo (a checkpoint found wrong after its records went in;
        the other walks' regions are recomputed when needed)."""
        _clear_compiled()

    def size(self) -> int:
        """How many regions the C memo holds."""
        entries: int = self._stats()[0]
        return entries


def compiled_walk(
    prefix: str, kind: int, fits: Callable[[Any], bool], stores: Callable[[Any], bool]
) -> CompiledRegions | None:
    """The walk named ``prefix`` when the compiled core and its table of canonical games
    run, else None (then :func:`grundy.cgt.value_of` walks in Python). ``kind`` must be
    the walk's kind of raw records (:data:`grundy.cgt._memo_file.RAW_KINDS`)."""
    if RAW_KINDS.get(prefix) != kind:
        raise ValueError(
            f"the compiled walk {prefix!r} keeps records of kind {RAW_KINDS.get(prefix)}"
        )
    core = core_module()
    if core is None or T.backend() != "compiled" or not hasattr(core, f"{prefix}_value"):
        return None
    return CompiledRegions(core, prefix, kind, fits, stores)


def _clear_compiled() -> None:
    core = core_module()
    if core is not None and hasattr(core, "dom_memo_clear"):
        with _WALK:
            core.dom_memo_clear()  # every compiled memo (their ids are the table's)


CLEAR_HOOKS.append(_clear_compiled)
