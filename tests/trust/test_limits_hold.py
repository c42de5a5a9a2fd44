"""Every limit holds (issue 35 item 4). The cases of the report, each decided by a step
clock (every reading of grundy's clock a fixed step after the one before), so that a loop
that never reads the clock is what fails, not a slow machine:

* ``grundy table 'octal:0.[3]' -n 7321496 --time-limit 2`` read seven million digits of its
  infinite code without looking at the clock (6.6 s CPU);
* ``heap_periodicity`` and ``heap_table`` of ``octal:0.123456`` to ``2**31`` under
  ``bounded(time_limit=2)`` filled two billion heaps from the period without looking (25 s);
* ``grundy play`` of a sum of 1,000 heaps listed its half a million moves before the first
  prompt (6 to 24 s): they are listed when first needed, under the limit, and the check
  comes every few moves of a big sum.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import grundy
from grundy.errors import TimeLimitError
from tests.cli.helpers import run

BIG_SUM = ["nim", *(str(i) for i in range(1, 1001))]


def test_an_infinite_code_to_millions_of_heaps_stops_at_its_limit(
    step_clock: Callable[[float], object],
) -> None:
    step_clock(0.5)
    r = run("table", "octal:0.[3]", "-n", "7321496", "--time-limit", "2")
    assert r.status == 1 and r.out == ""
    assert r.err.count("\n") == 1 and "time limit of 2 s" in r.err


@pytest.mark.parametrize("name", ["heap_periodicity", "heap_table"])
def test_two_billion_heaps_filled_from_a_period_stop_at_the_limit(
    name: str, step_clock: Callable[[float], object]
) -> None:
    game = grundy.parse_ruleset("octal:0.123456")
    step_clock(0.25)
    with pytest.raises(TimeLimitError, match="time limit of 2 s"), grundy.bounded(time_limit=2):
        getattr(grundy, name)(game, 2**31)


@pytest.mark.slow
def test_play_of_a_big_sum_prompts_before_listing_its_moves(
    step_clock: Callable[[float], object],
) -> None:
    step_clock(0.5)  # a listing of the moves would run out of time after four readings
    r = run("play", "--time-limit", "2", *BIG_SUM, stdin="quit\n")
    assert r.status == 0, r.err
    assert "Your move>" in r.out and "... and 976 more components" in r.out


@pytest.mark.slow
def test_a_move_in_a_big_sum_lists_the_moves_under_the_limit(
    step_clock: Callable[[float], object],
) -> None:
    step_clock(0.5)
    r = run("play", "--time-limit", "2", *BIG_SUM, stdin="1:1\nquit\n")
    assert r.status == 1
    assert r.err.count("\n") == 1 and "time limit of 2 s" in r.err and "moves listed" in r.err
