"""Known values from the literature (tests/cgt/data/*.txt, each with its # Source: lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grundy.cgt import parse_game, value_of
from grundy.cgt.games import Domineering
from grundy.lang.registry import REGISTRY

DATA = Path(__file__).parent / "data"
#: Files of other tests (``test_published.py``) in the same folder.
OTHER_TESTS = ("published_",)
#: A file's game is the registered game named by its stem (``_`` for ``-``), or the spec of
#: a ``# Game:`` line in it (``hackenbush.txt`` holds Blue-Red-Green pictures).
GAME_LINE = "# Game: "
#: Games with no published table of values that could be read; what their rule gives is
#: tested beside their reference (weighted-arc-kayles: tests/cgt/test_weighted_arc_kayles.py,
#: one counter on every vertex being CGSuite's Arc Kayles values).
NO_PUBLISHED_VALUES = ("weighted-arc-kayles",)


def _files() -> list[Path]:
    return sorted(p for p in DATA.glob("*.txt") if not p.name.startswith(OTHER_TESTS))


def _game(path: Path, lines: list[str]) -> Any:
    """The ruleset of a data file; an unknown game fails, saying what to write."""
    spec = next((ln[len(GAME_LINE) :].strip() for ln in lines if ln.startswith(GAME_LINE)), None)
    name = spec or path.stem.replace("_", "-")
    if name.partition(":")[0] not in REGISTRY:
        pytest.fail(
            f"{path.name} is for no registered game {name!r}: rename it after the game, or add "
            f"a line '{GAME_LINE}NAME[:PARAMS]'"
        )
    entry = REGISTRY.get(name.partition(":")[0])
    params = name.partition(":")[2] or None
    return entry.build(params)


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for path in _files():
        lines = path.read_text(encoding="utf-8").splitlines()
        assert any(line.startswith("# Source:") for line in lines), path.name
        if getattr(_game(path, lines), "loopy_partisan", False):
            continue  # loopy values: tests/cgt/loopy/test_values.py reads the file
        for line in lines:
            if line.strip() and not line.startswith("#"):
                board, _, value = line.partition(" = ")
                out.append((path.stem, board, value))
    return out


def test_every_data_file_names_a_game_and_every_board_game_has_one() -> None:
    """Each data file is read (a new ``cherries.txt`` is never silently skipped) and names a
    registered game; each registered partisan board game has a file of known values."""
    games = {
        path.stem: _game(path, path.read_text(encoding="utf-8").splitlines()) for path in _files()
    }
    names = {g.name for g in games.values()}
    missing = [
        e.name
        for e in REGISTRY
        if e.family == "partisan"
        and e.name not in names
        and e.name not in ("cgt", "domineering-search", *NO_PUBLISHED_VALUES)
    ]
    assert not missing, f"no tests/cgt/data/NAME.txt for {missing}"


@pytest.mark.parametrize(("name", "board", "value"), _cases())
def test_known_value(name: str, board: str, value: str) -> None:
    path = DATA / f"{name}.txt"
    game = _game(path, path.read_text(encoding="utf-8").splitlines())
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


def test_a_file_for_an_unknown_game_fails(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="no registered game 'no-such-game'"):
        _game(tmp_path / "no_such_game.txt", ["# Source: nowhere"])
