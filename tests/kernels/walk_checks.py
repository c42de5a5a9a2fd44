"""Checks of the machinery every compiled walk of ``_core/walk.h`` shares, for the test
modules of the walks (Amazons, Cram, Fission): the skip marker of a module that needs a walk,
the game walked in Python only, and the memo listed, added to and saved as raw records."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import pytest

from grundy.cgt import _table as T
from grundy.cgt import value_of
from grundy.cgt.solve import memo_size
from grundy.cgt.value import clear_cache
from grundy.errors import SearchLimitError
from grundy.kernels._core import core_module

G = TypeVar("G")


def needs_compiled_walk(function: str) -> pytest.MarkDecorator:
    """Skip a module unless the compiled core with ``function`` (and its table of canonical
    games) is active."""
    core = core_module()
    return pytest.mark.skipif(
        core is None or not hasattr(core, function) or T.backend() != "compiled",
        reason="the compiled core (with its table of canonical games) is not active",
    )


def python_walk(game: type[G], family: str) -> type[G]:
    """``game`` walked in Python only: no compiled regions, and a memo of its own (``family``),
    so nothing comes from C."""

    @dataclass(frozen=True)
    class PythonWalk(game):  # type: ignore[valid-type,misc]
        memo_family: ClassVar[str] = family

        @property
        def compiled_regions(self) -> None:
            return None

    PythonWalk.__name__ = PythonWalk.__qualname__ = f"Python{game.__name__}"
    return PythonWalk


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


def check_checkpoint_keeps_memo(core: Any, walk: str, game: Any, board: str, path: Path) -> None:
    """``value_of`` with a checkpoint saves the C memo of ``walk`` as raw records and reads them
    back into it. Each record read back is checked one ply deep first (issue 35), which works
    out the option regions the walk never visited: those are the only regions evaluated
    again."""
    import grundy  # noqa: PLC0415

    memo_stats = getattr(core, f"{walk}_memo_stats")
    (state,) = game.parse_args([board])
    grundy.clear_cache()  # the memo holds this computation's regions only
    first = value_of(game, state, checkpoint=path)
    saved = memo_stats()[0]
    grundy.clear_cache()
    assert memo_stats()[0] == 0
    assert value_of(game, state, checkpoint=path) == first
    entries, evaluated, evictions, _size = memo_stats()
    assert saved > 100 and evictions == 0
    assert entries - evaluated == saved  # every saved region read back, none worked out again


def check_checkpoint_resumes(game: Any, board: str, path: Path) -> None:
    """A walk of ``board`` stopped by its position limit at a third of its regions saves them
    to ``path`` on the way out; resumed from there, the regions already done are not counted
    again (and a limit of 0 is enough once all are saved)."""
    (state,) = game.parse_args([board])
    clear_cache()
    want = str(value_of(game, state))
    total = memo_size(game)
    clear_cache()
    with pytest.raises(SearchLimitError):
        value_of(game, state, max_positions=total // 3, checkpoint=path)
    # counted from the call's start (the compiled walk checks every 4,096 regions)
    assert total // 3 < memo_size(game) <= total // 3 + 4096
    assert path.exists()  # saved on the way out
    clear_cache()
    assert str(value_of(game, state, checkpoint=path, max_positions=total)) == want
    clear_cache()
    assert str(value_of(game, state, checkpoint=path, max_positions=0)) == want  # all saved
