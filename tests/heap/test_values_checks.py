"""heap_values checks the limits per amount of work, not only per heap count (issue 21:
`grundy table lasker -n 10000000 --time-limit 1` ran on for minutes between checks)."""

from __future__ import annotations

import pytest

from grundy.catalog.impartial.lasker import LaskersNim
from grundy.heap import values
from grundy.heap.nim import Nim


@pytest.mark.parametrize("game", [LaskersNim(), Nim()])
def test_the_limits_are_checked_per_options_looked_at(
    game: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def spy(done: int, limit: int | None = None, what: str = "positions") -> int:
        calls.append(done)
        return done + 10**9  # as if the next check by heap count were far away

    monkeypatch.setattr(values, "checkpoint", spy)
    monkeypatch.setattr(values, "_OPTIONS_PER_CHECK", 500)
    out = values.heap_values(game, 400)  # type: ignore[arg-type]
    per_heap = [len(list(game.split_moves(n))) for n in range(401)]  # type: ignore[attr-defined]
    assert len(out) == 401
    # a check at least every 500 options, rounded up to the end of a heap
    assert len(calls) >= sum(per_heap) // (500 + max(per_heap)) > 50
    assert calls == sorted(calls)
