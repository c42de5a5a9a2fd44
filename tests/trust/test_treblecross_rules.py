"""Treblecross by its own rules against grundy's answers (issue 35 item 8).

The reference plays the real game, sharing nothing with grundy: a cross in any empty
square; three crosses in a row win for the player who made them; a board filled without
three in a row is a draw. grundy said that a strip of one or two squares is a first-player
win (its reduction "who cannot move safely loses" does not hold on a full board); it is
a draw. Bounds: every lone strip of up to 9 squares (crosses at least three apart), and
every sum of a strip of one or two squares with a strip of up to 7.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

import grundy
from grundy.errors import UnsupportedError

WIN, DRAW, LOSS = 1, 0, -1
OUTCOME = {WIN: "N", DRAW: "D", LOSS: "P"}


def _three(strip: str) -> bool:
    return "xxx" in strip


@cache
def _value(strips: tuple[str, ...]) -> int:
    """The real game's value for the player to move: WIN, DRAW or LOSS."""
    best = None
    for k, strip in enumerate(strips):
        for i, square in enumerate(strip):
            if square != ".":
                continue
            after = strip[:i] + "x" + strip[i + 1 :]
            if _three(after):
                return WIN
            v = -_value((*strips[:k], after, *strips[k + 1 :]))
            best = v if best is None else max(best, v)
    return DRAW if best is None else best  # a full board without three in a row: a draw


def _legal(strip: str) -> bool:
    crosses = [i for i, c in enumerate(strip) if c == "x"]
    return len(strip) <= 2 or all(b - a >= 3 for a, b in itertools.pairwise(crosses))


def _strips(n: int) -> list[str]:
    return [s for s in ("".join(c) for c in itertools.product(".x", repeat=n)) if _legal(s)]


@pytest.mark.parametrize("n", range(1, 10))
def test_a_lone_strip_is_answered_as_its_rules_say(n: int) -> None:
    for strip in _strips(n):
        if _three(strip) or ("." not in strip and n > 2):
            continue
        assert grundy.solve(f"treblecross {strip}").outcome == OUTCOME[_value((strip,))], strip


def test_strips_of_one_or_two_squares_are_draws() -> None:
    for strip in (".", "..", "x.", ".x"):
        r = grundy.solve(f"treblecross {strip}")
        assert r.outcome == "D" and r.winning_moves == () and r.grundy is None
        assert _value((strip,)) == DRAW


@pytest.mark.parametrize("short", [".", "..", "x."])
def test_a_short_strip_beside_a_longer_one(short: str) -> None:
    for n in range(3, 8):
        for strip in _strips(n):
            if "." not in strip:
                continue
            want = OUTCOME[_value((short, strip))]
            assert grundy.solve(f"treblecross {short} {strip}").outcome == want, (short, strip)


def test_short_strips_together_are_refused_as_a_draw() -> None:
    assert _value((".", "..")) == DRAW
    with pytest.raises(UnsupportedError, match="draw"):
        grundy.solve("treblecross . ..")
