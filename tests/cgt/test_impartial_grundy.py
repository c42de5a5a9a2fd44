"""Impartial games solved by their canonical value (Cram, Arc Kayles, ``impartial:``
variants): the answer carries the Grundy value ``n`` of the nimber ``*n``, checked against
the nim value of the canonical form, against a plain mex search written here over the
game's own moves (every board up to 3x3 and every graph on up to 5 edges named below), and
against the heap games they equal (a 1xn Cram strip and an Arc Kayles path are Dawson's
Kayles, octal 0.07; a path with a loop at each vertex is Kayles)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Hashable
from typing import Any

import pytest

import grundy
from grundy.cgt.sums import impartial_rule
from grundy.core.game import PartisanGame
from tests.cli.helpers import run

#: The partisan-solved games whose rule is impartial (the registry is checked against it).
IMPARTIAL_RULES = {"arc-kayles", "cram", "impartial", "weighted-arc-kayles"}


def _game(spec: str) -> PartisanGame[Any]:
    game = grundy.parse(spec).components[0].game
    assert isinstance(game, PartisanGame)
    return game


def _mex_search(game: PartisanGame[Any], state: Hashable, memo: dict[Hashable, int]) -> int:
    """The Grundy value by plain recursion over Left's moves (the same as Right's)."""
    if state not in memo:
        seen = {_mex_search(game, s, memo) for s in game.left_moves(state)}
        memo[state] = next(k for k in itertools.count() if k not in seen)
    return memo[state]


def _reach(game: PartisanGame[Any], state: Hashable, limit: int) -> list[Hashable]:
    out, todo = [state], [state]
    seen = {state}
    while todo and len(out) < limit:
        s = todo.pop()
        for t in (*game.left_moves(s), *game.right_moves(s)):
            if t not in seen:
                seen.add(t)
                out.append(t)
                todo.append(t)
    return out


def test_the_registry_declares_exactly_the_games_whose_players_share_their_moves() -> None:
    """Every partisan-solved game in the registry: if both players had the same moves in
    every position reached from its example's components (up to 150 from each), it
    declares ``impartial``, and only then."""
    declared = set()
    for entry in grundy.REGISTRY:
        game = grundy.parse(entry.example).components[0].game
        if not isinstance(game, PartisanGame):
            continue
        if impartial_rule(game):
            declared.add(entry.name)
        same = all(
            set(game.left_moves(s)) == set(game.right_moves(s))
            for part in grundy.parse(entry.example).components
            if part.game == game
            for s in _reach(game, part.state, 150)
        )
        assert same == impartial_rule(game), entry.name
    assert declared == IMPARTIAL_RULES


def _boards(rows: int, cols: int) -> list[str]:
    out = []
    for bits in range(2 ** (rows * cols)):
        cells = ["#" if bits >> i & 1 else "." for i in range(rows * cols)]
        out.append("/".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)))
    return out


BOARDS = [b for r, c in [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3)] for b in _boards(r, c)]


@pytest.mark.parametrize("name", ["cram", "impartial:domineering"])
def test_grid_grundy_values_are_the_mex_search(name: str) -> None:
    """Every board up to 3x3 (with blocked cells): ``grundy`` is the nim value of the
    canonical form and the mex search's value; the outcome follows from it."""
    game = _game(f"{name} ..")
    memo: dict[Hashable, int] = {}
    for board in BOARDS:
        position = grundy.parse(f"{name} {board}")
        result = grundy.solve(position, max_moves=1)
        assert result.canonical is not None and result.canonical.is_nimber(), board
        expected = _mex_search(game, position.components[0].state, memo)
        assert result.grundy == expected, board
        nimber = {0: "0", 1: "*"}.get(expected, f"*{expected}")
        assert str(result.canonical) == nimber, board
        assert result.outcome == ("N" if expected else "P"), board
        assert bool(result.winning_moves) == bool(expected), board


def test_cram_strips_and_arc_kayles_paths_are_dawsons_kayles() -> None:
    for n in range(1, 13):
        dawson = grundy.solve(f"octal:0.07 {n}").grundy
        assert grundy.solve(f"cram:1x{n}").grundy == dawson, n
        path = " ".join(f"{i}-{i + 1}" for i in range(1, n)) or "1-1"
        if n > 1:
            assert grundy.solve(f'arc-kayles "{path}"').grundy == dawson, n
        loops = " ".join(f"{i}-{i}" for i in range(1, n + 1))
        kayles = grundy.solve(f"kayles {n}").grundy
        assert grundy.solve(f'arc-kayles "{path} {loops}"').grundy == kayles, n


GRAPHS = ["1-2", "1-2 2-3", "1-2 2-3 3-1", "1-2 2-3 3-4 4-5 2-5", "1-2 1-3 1-4 1-5", "1-1 1-2"]


@pytest.mark.parametrize("edges", GRAPHS)
def test_arc_kayles_grundy_is_the_mex_search(edges: str) -> None:
    position = grundy.parse(f'arc-kayles "{edges}"')
    result = grundy.solve(position)
    game = _game(f'arc-kayles "{edges}"')
    expected = _mex_search(game, position.components[0].state, {})
    assert result.grundy == expected


def test_a_sum_with_heaps_is_impartial_too() -> None:
    """Cram + Nim: the Grundy values XOR; a partisan component makes it partisan again."""
    assert grundy.solve("cram:2x3 + nim 2").grundy == 1 ^ 2
    assert grundy.solve("cram:2x3 + domineering:1x2").grundy is None


def test_partisan_games_keep_grundy_null() -> None:
    for spec in ("domineering:2x3", 'cgt "*2"', "clobber xo", "dicotic:domineering 2x2"):
        assert grundy.solve(spec).grundy is None, spec


@pytest.mark.parametrize("spec", ["cram:3x4", "cram ..../....", "impartial:domineering 2x3"])
def test_text_and_json_say_it_in_impartial_words(spec: str) -> None:
    text = run("solve", spec).out
    data = json.loads(run("solve", spec, "--json").out)
    result = grundy.solve(spec)
    assert data["grundy"] == result.grundy is not None
    assert f"Grundy value: {result.grundy}\n" in text
    assert "Left" not in text and "Right" not in text
    assert all(not w.startswith(("Left", "Right")) for w in data["move_descriptions"])
    if result.grundy:
        assert "the player to move wins" in text and "Winning move" in text
    else:
        assert "the player to move loses" in text and "No winning move" in text
