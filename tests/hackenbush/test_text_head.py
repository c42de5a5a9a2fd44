"""The head of a big picture's text (``grundy solve`` prints only the start of a
million-edge picture and of each move) is the start of the whole text, with its length."""

from __future__ import annotations

import random

import pytest

from grundy import Position, clear_cache, solve
from grundy.core.result import short_spec as _short_spec
from grundy.core.result import shorten as _shorten
from grundy.hackenbush.after import PictureAfterCut, origin_of
from grundy.hackenbush.ruleset import Hackenbush, _analysis
from grundy.hackenbush.values import winning_cuts
from grundy.lang import parse_tokens


def _text(m: int, seed: int, weighted: bool, cycles: bool) -> str:
    rng = random.Random(seed)
    edges = [(rng.randrange(i), i) for i in range(1, m + 1)]
    if cycles:
        edges += [(rng.randrange(m), rng.randrange(m)) for _ in range(m // 5)]
    if weighted:
        return " ".join(f"{u}-{v}:{rng.choice([1, 1, 2, 3])}" for u, v in edges)
    return " ".join(f"{u}-{v}" for u, v in edges)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("cycles", [False, True])
@pytest.mark.parametrize("m", [1200, 30_000])  # the token reader, and the bulk reader
def test_heads_are_the_start_of_the_text(m: int, weighted: bool, cycles: bool) -> None:
    clear_cache()
    name = "hackenbush:weighted" if weighted else "hackenbush"
    position = parse_tokens([name, _text(m, m, weighted, cycles)])
    assert isinstance(position, Position)
    game, picture = position.game, position.state
    assert isinstance(game, Hackenbush)
    for most in (5, 200):
        found = game.format_state_head(picture, most)
        if found is not None:  # read in bulk, or its moves listed
            head, length = found
            text = game.format_state(picture)
            assert length == len(text) and text.startswith(head) and len(head) >= min(most, length)
    analysis = _analysis(picture, weighted)
    origin = origin_of(analysis)
    target = analysis.value ^ 1
    moves = [
        PictureAfterCut(origin, c)
        for _, c in zip(range(40), winning_cuts(analysis, target), strict=False)
    ]
    moves += [
        PictureAfterCut(origin, c)
        for _, c in zip(range(40), winning_cuts(analysis, 0), strict=False)
    ]
    assert moves
    for after in moves:
        for most in (1, 50, 200):
            head, length = after.text_head(most)
            text = after.text()
            assert length == len(text), after.move
            assert text.startswith(head) and len(head) >= min(most, length), after.move
    result = solve(position, max_moves=20)
    assert _short_spec(result.position) == _shorten(str(result.position))
    for p in result.winning_moves:
        assert _short_spec(p) == _shorten(str(p))
