"""Time limits and progress: every search stops cleanly, and finished work is kept."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

import grundy
from grundy.core.limits import bounded, checkpoint, deadline_passed
from grundy.errors import InvalidSpecError, SearchLimitError, TimeLimitError


class Slow(grundy.ImpartialGame[int]):
    """A chain 0 <- 1 <- ... whose every move sleeps a little: search is slow by design."""

    def moves(self, n: int) -> list[int]:
        time.sleep(0.00002)
        return [n - 1, n - 2] if n >= 2 else [n - 1] if n == 1 else []


@pytest.mark.parametrize(
    "spec",
    ["connect4:5x4", "chomp:9x9", "grundys-game 1 + kayles 5000"],
)
def test_solve_stops_at_the_time_limit(spec: str) -> None:
    grundy.clear_cache()
    try:
        grundy.solve(spec, time_limit=0.05, misere="kayles" in spec)
    except TimeLimitError as e:
        assert "time limit" in str(e) and "\n" not in str(e)


@pytest.mark.slow
def test_time_limit_is_a_search_limit_and_keeps_finished_values(
    step_clock: Callable[[float], object],
) -> None:
    step_clock(0.0001)  # every reading of the clock 0.1 ms after the one before
    grundy.clear_cache()
    game = Slow()
    with pytest.raises(SearchLimitError):
        grundy.grundy_value(game, 10**6, time_limit=0.01)
    with pytest.raises(TimeLimitError):
        grundy.grundy_table(game, 10**6, time_limit=0.3)
    # The values the table finished before the stop are memoised: a small question is free.
    r = grundy.solve(game, 1000)
    assert r.positions_searched == 0


def test_progress_is_reported() -> None:
    seen: list[tuple[str, int]] = []
    grundy.clear_cache()
    grundy.solve("connect4:4x4", progress=lambda what, n: seen.append((what, n)))
    assert seen and seen[-1][1] > seen[0][1]
    assert all(what == "positions" for what, _ in seen)


@pytest.mark.parametrize("bad", [-1, "3", True, float("nan")])
def test_bad_time_limits_are_refused(bad: object) -> None:
    with pytest.raises(InvalidSpecError, match="time_limit"):
        grundy.solve("nim 1", time_limit=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"max_moves": 2.5}, "max_moves"),
        ({"max_positions": 0}, "max_positions"),
        ({"max_positions": "3"}, "max_positions"),
        ({"max_moves": -1}, "max_moves"),
    ],
)
def test_limits_are_checked_at_the_door(kwargs: dict[str, object], name: str) -> None:
    with pytest.raises(InvalidSpecError, match=name):
        grundy.solve("chomp:3x4", **kwargs)  # type: ignore[arg-type]


def test_nested_bounds_keep_the_earlier_deadline() -> None:
    with bounded(time_limit=0), bounded(time_limit=1000):
        assert deadline_passed()
        with pytest.raises(TimeLimitError):
            checkpoint(1)
    assert not deadline_passed()
    assert checkpoint(5, 100) <= 101
    with pytest.raises(SearchLimitError):
        checkpoint(101, 100)
