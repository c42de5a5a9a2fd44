"""Every ruleset against a brute-force game tree built from its moves alone (no regions,
no symmetry, no memo by key), over all small boards:

* Domineering: every set of removed cells of the 3x3, 2x4 and 4x2 boards, and 1xN, Nx1 for N <= 5;
* Toads and Frogs: every strip of length <= 6;
* Clobber: every row of length <= 6 and every 2x3 board;
* Hackenbush: every colouring (or removal) of the edges of two small pictures;
* Cutcake: every rectangle up to 5x5; Toppling Dominoes: every row of length <= 5.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from grundy.cgt import value_of
from grundy.cgt.games import (
    Clobber,
    ColoredHackenbush,
    Cutcake,
    Domineering,
    ToadsAndFrogs,
    TopplingDominoes,
)
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError
from grundy.lang.registry import REGISTRY
from tests.cgt import reference as ref

#: Every partisan ruleset class of the registry but the game literals (``cgt``).
# Loopy rulesets (backsliding Toads-and-Frogs) have no short value: tests/cgt/loopy.
RULESETS = tuple(
    c
    for c in REGISTRY.rulesets()
    if c.game_type.solver == "canonical"
    and c.name != "cgt"
    and not getattr(c, "loopy_partisan", False)
)


def _check(game: PartisanGame[Any], state: Any) -> None:
    expected = ref.ruleset_game(game.left_moves, game.right_moves, state)
    got = value_of(game, state)
    assert ref.eq(ref.raw(got), expected), game.format_state(state)


def _boards(h: int, w: int) -> Iterator[str]:
    for cells in itertools.product(".#", repeat=h * w):
        yield "/".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))


@pytest.mark.parametrize(("h", "w"), [(3, 3), (2, 4), (4, 2), (1, 5), (5, 1)])
def test_domineering_all_small_boards(h: int, w: int) -> None:
    game = Domineering()
    for text in _boards(h, w):
        (state,) = game.parse_args([text])
        _check(game, state)


def test_toads_frogs_all_strips() -> None:
    game = ToadsAndFrogs()
    for n in range(1, 7):
        for strip in itertools.product("tf.", repeat=n):
            _check(game, "".join(strip))


def test_clobber_rows_and_2x3() -> None:
    game = Clobber()
    texts = ["".join(p) for n in range(1, 7) for p in itertools.product("xo.", repeat=n)]
    texts += ["".join(p[:3]) + "/" + "".join(p[3:]) for p in itertools.product("xo.", repeat=6)]
    for text in texts:
        (state,) = game.parse_args([text])
        _check(game, state)


@pytest.mark.parametrize(
    "edges",
    [
        [(0, 1), (1, 2), (1, 3), (0, 2)],  # a cycle through the ground with a tail
        [(0, 1), (1, 2), (2, 3), (3, 1)],  # a lollipop
    ],
)
def test_hackenbush_all_colourings(edges: list[tuple[int, int]]) -> None:
    game = ColoredHackenbush()
    for colours in itertools.product("brg-", repeat=len(edges)):
        spec = " ".join(
            f"{u}-{v}:{c}" for (u, v), c in zip(edges, colours, strict=True) if c != "-"
        )
        if spec:
            (state,) = game.parse_args([spec])
            _check(game, state)


def test_cutcake_rectangles() -> None:
    # Bounds: every rectangle up to 3x4 (the reference's sums grow fast beyond).
    game = Cutcake()
    for r in range(1, 4):
        for c in range(1, 5):
            _check(game, ((r, c),))


def test_toppling_dominoes_rows() -> None:
    game = TopplingDominoes()
    for n in range(1, 6):
        for row in itertools.product("brg", repeat=n):
            _check(game, "".join(row))


@pytest.mark.parametrize("cls", RULESETS)
def test_metadata_and_round_trip(cls: type[Any]) -> None:
    assert cls.family == "partisan" and cls.kind == "partisan"
    assert cls.name and cls.rule and cls.syntax and cls.example
    name, _, rest = cls.example.partition(" ")
    params = name.partition(":")[2] or None
    game = cls.from_params(params)
    args = [rest.strip('"')] if rest else []
    states = game.parse_args(args)
    for state in states:
        text = game.format_state(state).strip('"')
        assert game.parse_args([text]) == [state]
        value_of(game, state)


@pytest.mark.parametrize(
    ("cls", "args"),
    [
        (Domineering, ["..x"]),
        (Domineering, ["../..."]),
        (ToadsAndFrogs, ["tq"]),
        (Clobber, ["xo/x"]),
        (ColoredHackenbush, ["0-1:q"]),
        (Cutcake, ["3by4"]),
        (TopplingDominoes, ["bx"]),
    ],
)
def test_bad_boards_name_the_problem(cls: type[Any], args: list[str]) -> None:
    game = cls.from_params("colored") if cls is ColoredHackenbush else cls()
    with pytest.raises(InvalidSpecError) as info:
        game.parse_args(args)
    assert "expected:" in str(info.value) and "\n" not in str(info.value)


def _slow_parts(game: PartisanGame[Any], state: Any) -> tuple[Any, Any]:
    """The parts of each option as moves and splitting give them one by one."""
    return (
        [tuple(game.keyed_regions(o) or ()) for o in game.left_moves(state)],
        [tuple(game.keyed_regions(o) or ()) for o in game.right_moves(state)],
    )


def test_option_parts_agree_with_moves_and_splitting() -> None:
    # Bounds: every Domineering board of 3x3 and 2x4 cells removed or not; every strip of
    # length <= 7. The fast path must list the same options in the same order.
    dom = Domineering()
    for h, w in ((3, 3), (2, 4)):
        for text in _boards(h, w):
            (state,) = dom.parse_args([text])
            lefts, rights = dom.option_parts(state)
            assert (list(lefts), list(rights)) == _slow_parts(dom, state), text
    toads = ToadsAndFrogs()
    for n in range(1, 8):
        for cells in itertools.product("tf.", repeat=n):
            strip = "".join(cells)
            lefts, rights = toads.option_parts(strip)
            assert (list(lefts), list(rights)) == _slow_parts(toads, strip), strip


@pytest.mark.parametrize(
    ("cls", "args"),
    [
        (Domineering, ["..#/.../..."]),
        (ToadsAndFrogs, ["tt.f.tf.f"]),
        (Clobber, ["xox./oxo./x.ox"]),
        (ColoredHackenbush, ["0-1:b 1-2:r 2-3:g 1-3:b 0-4:g"]),
        (Cutcake, ["2x5", "3x3"]),
        (TopplingDominoes, ["bgrbr"]),
    ],
)
def test_every_move_is_named_by_what_moves(cls: type[Any], args: list[str]) -> None:
    """Each move's words name the piece moved (not the default "moves to" words), and two
    moves of one side never get the same words."""
    game = cls()
    (state,) = (
        game.parse_args(args)
        if cls is not Cutcake
        else [tuple(sorted(p for s in game.parse_args(args) for p in s))]
    )
    for side, moves in (("L", game.left_moves(state)), ("R", game.right_moves(state))):
        words = [game.describe_move(state, after, side) for after in moves]
        assert words, side
        assert len(set(words)) == len(words), words
        who = "Left" if side == "L" else "Right"
        assert all(w.startswith(who) and " moves to " not in w for w in words), words
