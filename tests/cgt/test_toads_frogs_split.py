"""Toads and Frogs: the cut at dead pieces against its fixpoint definition, and values with
the cut against a search over whole strips (no regions, no keys, no symmetry)."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from grundy.cgt import CanonicalGame, value_of
from grundy.cgt.games import ToadsAndFrogs
from grundy.cgt.games.toads_frogs import _live_blocks


def _dead_by_fixpoint(strip: str) -> list[bool]:
    """The largest set of pieces each blocked for good by the set or the ends."""
    n = len(strip)
    dead = [ch != "." for ch in strip]
    changed = True
    while changed:
        changed = False
        for i, ch in enumerate(strip):
            if not dead[i]:
                continue
            if ch == "t":
                j = i + 1
                held = j == n or (dead[j] and (strip[j] == "t" or j + 1 == n or dead[j + 1]))
            else:
                j = i - 1
                held = j < 0 or (dead[j] and (strip[j] == "f" or j == 0 or dead[j - 1]))
            if not held:
                dead[i] = False
                changed = True
    return dead


def _blocks_by_fixpoint(strip: str) -> list[str]:
    dead = _dead_by_fixpoint(strip)
    cut = "".join("|" if d else ch for ch, d in zip(strip, dead, strict=True))
    return [b for b in cut.split("|") if b]


def test_live_blocks_match_the_fixpoint() -> None:
    for n in range(1, 10):
        for cells in itertools.product("tf.", repeat=n):
            strip = "".join(cells)
            assert [b for b in _live_blocks(strip) if b] == _blocks_by_fixpoint(strip), strip


def test_dead_pieces_never_move() -> None:
    game = ToadsAndFrogs()
    rng = random.Random(7)
    for _ in range(300):
        strip = "".join(rng.choice("tf.") for _ in range(rng.randint(3, 12)))
        dead = _dead_by_fixpoint(strip)
        seen = {strip}
        todo = [strip]
        while todo:
            s = todo.pop()
            for i, d in enumerate(dead):
                if d:
                    assert s[i] == strip[i], (strip, s)
            for t in [*game.left_moves(s), *game.right_moves(s)]:
                if t not in seen and len(seen) < 2000:
                    seen.add(t)
                    todo.append(t)


@cache
def _whole(strip: str) -> CanonicalGame:
    game = ToadsAndFrogs()
    return CanonicalGame.from_options(
        [_whole(s) for s in game.left_moves(strip)], [_whole(s) for s in game.right_moves(strip)]
    )


@pytest.mark.slow
def test_values_match_a_search_without_regions() -> None:
    game = ToadsAndFrogs()
    strips = ["".join(c) for n in (7, 8) for c in itertools.product("tf.", repeat=n)]
    rng = random.Random(11)
    strips += ["".join(rng.choice("tf.") for _ in range(rng.randint(9, 12))) for _ in range(150)]
    strips += ["ttftff", "tt.ftff.f", "t.ttftff..f", "ttt...fff", "tt.t.f.ff."]
    for strip in strips:
        assert value_of(game, strip) == _whole(strip), strip
