"""Clocks for tests that need a time limit to run out at a known point (see tests/conftest.py)."""

from __future__ import annotations

import os

__all__ = ["child_clock"]


def child_clock(step: float) -> dict[str, str]:
    """The environment of a ``grundy`` child whose clock is a ``StepClock(step)``: every
    reading of it is ``step`` seconds after the one before.

    >>> child_clock(0.5)["GRUNDY_CLOCK"]
    'step:0.5'
    """
    return {**os.environ, "GRUNDY_CLOCK": f"step:{step}"}
