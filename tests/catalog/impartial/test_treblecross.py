"""Treblecross: the strip search against octal 0.007 and the known-answer file."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy.catalog.impartial.treblecross import Treblecross
from grundy.core.board import Strip
from grundy.errors import InvalidSpecError
from tests.reference.mex import mex

DATA = Path(__file__).parent / "data" / "treblecross.txt"
#: Every strip (crosses at least three apart) up to this length is compared.
LONGEST = 12


@cache
def _brute(strip: str) -> int:
    """The Grundy value from the rules alone: a cross at least 3 squares from every cross."""
    n = len(strip)
    options = set()
    for i in range(n):
        if all(strip[j] != "x" for j in range(max(0, i - 2), min(n, i + 3))):
            options.add(_brute(strip[:i] + "x" + strip[i + 1 :]))
    return mex(options)


@cache
def _octal(h: int) -> int:
    value = grundy.solve(f"octal:0.007 {h}").grundy if h > 0 else 0
    assert value is not None
    return value


def _strips(n: int) -> list[str]:
    out = []
    for cells in itertools.product(".x", repeat=n):
        crosses = [i for i, c in enumerate(cells) if c == "x"]
        if all(b - a >= 3 for a, b in itertools.pairwise(crosses)):
            out.append("".join(cells))
    return out


@pytest.mark.parametrize("n", range(3, LONGEST + 1))
def test_every_strip_is_its_octal_heaps(n: int) -> None:
    # (a strip of one or two squares alone is a draw: tests/trust/test_treblecross_rules.py)
    game = Treblecross()
    for strip in _strips(n):
        value = grundy.solve(f"treblecross {strip}").grundy
        assert value is not None
        assert value == _brute(strip), strip
        xor = 0
        for h in game.heaps(strip):
            xor ^= _octal(h)
        assert value == xor, strip


def test_known_values() -> None:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("# Source:") for line in lines)
    known = [int(v) for line in lines if not line.startswith("#") for v in line.split()]
    assert known == [_octal(n + 2) for n in range(1, len(known) + 1)]
    assert known[:16] == [_brute("." * n) for n in range(1, 17)]


def test_board_is_a_strip() -> None:
    position = grundy.parse("treblecross ..x...")
    assert position.board() == Strip(("empty", "empty", "x", "empty", "empty", "empty"))


def test_refuses_crosses_that_make_a_row() -> None:
    with pytest.raises(InvalidSpecError, match="within two squares"):
        grundy.parse("treblecross x.x..")
