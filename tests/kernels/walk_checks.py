"""Checks of the machinery every compiled walk of ``_core/walk.h`` shares, for the test
modules of the walks (Cram, Fission): the memo listed, added to and saved as raw records."""

from __future__ import annotations

from typing import Any

import pytest


def check_memo_round_trip(core: Any, walk: str, kind: int, other: int, key_len: int) -> None:
    """After a walk of ``walk`` (memo kind ``kind``) has run: its memo lists keys of
    ``key_len`` items, its raw records (24 bytes each) read back into it and not into the
    memo of kind ``other``, and an entry added by hand is kept."""
    memo, memo_add, memo_stats = (
        getattr(core, f"{walk}_{x}") for x in ("memo", "memo_add", "memo_stats")
    )
    items = dict(memo())
    assert items, "the walk remembers its regions"
    assert all(isinstance(k, tuple) and len(k) == key_len for k in items)
    entries, evaluated, _evictions, size = memo_stats()
    assert entries == len(items) and evaluated >= entries and size > 0
    raw = core.memo_raw(kind)
    assert len(raw) == 24 * entries
    core.memo_raw_add(kind, raw, 1 << 20)  # read back into its own memo
    assert dict(memo()) == items
    with pytest.raises(ValueError, match="no key"):  # not into another walk's
        core.memo_raw_add(other, raw[:24], 1 << 20)
    key, gid = next(iter(items.items()))
    memo_add(key, gid, 1 << 20)
    assert dict(memo())[key] == gid
