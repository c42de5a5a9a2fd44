"""Known values from the literature (tests/cgt/data/*.txt, each with its # Source: lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grundy.cgt import parse_game, value_of
from grundy.cgt.games import (
    Clobber,
    ColoredHackenbush,
    Cutcake,
    Domineering,
    ToadsAndFrogs,
    TopplingDominoes,
)
from grundy.cgt.games.col import Col
from grundy.cgt.games.konane import Konane
from grundy.cgt.games.snort import Snort

DATA = Path(__file__).parent / "data"
GAMES: dict[str, Any] = {
    "domineering": Domineering(),
    "toads_frogs": ToadsAndFrogs(),
    "clobber": Clobber(),
    "hackenbush": ColoredHackenbush(),
    "cutcake": Cutcake(),
    "toppling_dominoes": TopplingDominoes(),
    "col": Col(),
    "snort": Snort(),
    "konane": Konane(),
}


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for name in GAMES:
        lines = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        assert any(line.startswith("# Source:") for line in lines), name
        for line in lines:
            if line.strip() and not line.startswith("#"):
                board, _, value = line.partition(" = ")
                out.append((name, board, value))
    return out


@pytest.mark.parametrize(("name", "board", "value"), _cases())
def test_known_value(name: str, board: str, value: str) -> None:
    game = GAMES[name]
    states = game.parse_args([board])
    total = sum((value_of(game, s) for s in states), parse_game("0"))
    assert total == parse_game(value), f"{name} {board}: {total}"


def test_domineering_4x4_is_a_first_player_win_and_5x5_second() -> None:
    d = Domineering()
    assert value_of(d, d.parse_args(["4x4"])[0]).outcome == "N"


@pytest.mark.slow
def test_domineering_5x5_is_zero() -> None:
    d = Domineering()
    assert value_of(d, d.parse_args(["5x5"])[0]) == 0
