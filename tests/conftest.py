"""The clock of the test run: no test decides by wall time (issue 35 item 6).

Every time limit in grundy is decided by one clock, :func:`grundy.core.limits.now`.
During the tests it is this process's CPU time, and ``GRUNDY_CLOCK=cpu`` hands the same
to every ``grundy`` child a test starts: other programs on a busy machine take nothing
from a limit. A test that needs a limit to run out at a known point replaces the clock
with a :class:`~grundy.core.limits.StepClock` (the ``step_clock`` fixture, or
``GRUNDY_CLOCK=step:SECONDS`` for a child): every reading is a fixed step after the one
before, so the limit runs out after a fixed number of checks, on any machine.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

import pytest

from grundy.core.limits import StepClock, use_clock

os.environ["GRUNDY_CLOCK"] = "cpu"


@pytest.fixture(autouse=True)
def _cpu_clock() -> Iterator[None]:
    with use_clock(time.process_time):
        yield


@pytest.fixture
def step_clock() -> Iterator[Callable[[float], StepClock]]:
    """``step_clock(seconds)``: from now on every reading of grundy's clock is ``seconds``
    after the one before (for the rest of the test)."""
    stack: list[object] = []

    def install(step: float) -> StepClock:
        clock = StepClock(step)
        manager = use_clock(clock)
        manager.__enter__()
        stack.append(manager)
        return clock

    yield install
    for manager in reversed(stack):
        manager.__exit__(None, None, None)  # type: ignore[attr-defined]
