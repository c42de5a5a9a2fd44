"""Col, Snort and Konane on bitboards (``_core/col.c``, ``_core/konane.c``,
:mod:`grundy.kernels.boards`): the compiled functions against their pure-Python twins, and
the values found through the regions (the walk in C, and the Python walk) against the
plain game tree of the rulesets' own moves, with no splitting and no keys (the reference).

Bounds: the parts and options of every Col and Snort board (each cell empty, blue, red or
a hole) of 1x6 and 2x3 cells (slow: 3x3 and 2x4), every Konane board (x, o or empty) of
1x7, 2x3 and 2x4 cells (slow: 3x3 and 2x5); random boards up to 7x7 (the most the compiled
functions take) and past 64 bits (where the twins run). Values: every Col and Snort board
of 1x5 and 2x3 cells and every Konane board of 1x6 and 2x3 cells (slow: Col and Snort 3x3,
Konane 3x3) by the three ways.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import CanonicalGame, value_of
from grundy.cgt.games.col import Col, ColouringGame
from grundy.cgt.games.konane import Konane
from grundy.cgt.games.snort import Snort
from grundy.cgt.value import clear_cache
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError
from grundy.kernels._core import PURE_PYTHON, core_module
from grundy.kernels.boards import col_options, col_split, konane_options, konane_split
from tests.kernels.walk_checks import check_checkpoint_resumes

compiled = pytest.mark.skipif(core_module() is None, reason="the compiled core is not active")


def _boards(h: int, w: int, symbols: str) -> Iterator[tuple[int, ...]]:
    """Every board ``h`` x ``w``: one mask per symbol but the last (empty)."""
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    for picks in itertools.product(symbols, repeat=len(cells)):
        yield tuple(
            sum(1 << b for b, ch in zip(cells, picks, strict=True) if ch == s) for s in symbols[:-1]
        )


def _col_states(g: ColouringGame, h: int, w: int) -> list[tuple[int, int, int, int, int]]:
    """Every Col (or Snort) position on an ``h`` x ``w`` board (no rule broken)."""
    out = []
    for blue, red, holes in _boards(h, w, "br#."):
        text = g.format_state((h, w, blue, red, holes))
        try:
            out.append(g.parse_args([text])[0])
        except InvalidSpecError:  # two cells that may not touch: not a position
            continue
    return out


def _twins_agree(split: Any, options: Any, args: tuple[int, ...]) -> Any:
    """The pure-Python split of a board, after checking that the compiled split and options
    (when built) give what the pure-Python ones give."""
    want, want_options = split.py_func(*args), options.py_func(*args)
    if split.compiled is not None and options.compiled is not None:
        assert split.compiled(*args) == want, args
        assert options.compiled(*args) == want_options, args
    return want


@pytest.mark.parametrize(
    ("h", "w"),
    [
        (1, 6),
        (2, 3),
        pytest.param(3, 3, marks=pytest.mark.slow),
        pytest.param(2, 4, marks=pytest.mark.slow),
    ],
)
def test_col_split_and_options_of_every_board(h: int, w: int) -> None:
    for blue, red, holes in _boards(h, w, "br#."):
        for snort in (0, 1):
            want = _twins_agree(col_split, col_options, (h, w, blue, red, holes, snort))
            assert len({key for key, _, _ in want}) <= len(want)


@pytest.mark.parametrize(
    ("h", "w"),
    [
        (1, 7),
        (2, 3),
        (2, 4),
        pytest.param(3, 3, marks=pytest.mark.slow),
        pytest.param(2, 5, marks=pytest.mark.slow),
    ],
)
def test_konane_split_and_options_of_every_board(h: int, w: int) -> None:
    for xs, os_ in _boards(h, w, "xo."):
        _twins_agree(konane_split, konane_options, (h, w, xs, os_))


@st.composite
def boards(draw: st.DrawFn, symbols: str, most: int = 7) -> tuple[int, ...]:
    h = draw(st.integers(1, most))
    w = draw(st.integers(1, most))
    picks = draw(st.lists(st.sampled_from(symbols), min_size=h * w, max_size=h * w))
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    kinds = symbols.rstrip(".")  # "." (empty) repeated: drawn more often
    masks = tuple(sum(1 << b for b, ch in zip(cells, picks, strict=True) if ch == s) for s in kinds)
    return (h, w, *masks)


@compiled
@settings(max_examples=200, deadline=None)
@given(boards("br#...."), st.integers(0, 1))
def test_col_compiled_matches_twin_up_to_7x7(board: tuple[int, ...], snort: int) -> None:
    args = (*board, snort)
    assert col_split(*args) == col_split.py_func(*args)
    assert col_options(*args) == col_options.py_func(*args)


@compiled
@settings(max_examples=200, deadline=None)
@given(boards("xo.."))
def test_konane_compiled_matches_twin_up_to_7x7(board: tuple[int, ...]) -> None:
    assert konane_split(*board) == konane_split.py_func(*board)
    assert konane_options(*board) == konane_options.py_func(*board)


@settings(max_examples=20, deadline=None)
@given(boards("xo...", most=9), boards("br#...", most=9))
def test_past_64_bits_the_twins_run(kon: tuple[int, ...], col: tuple[int, ...]) -> None:
    assert konane_split(*kon) == konane_split.py_func(*kon)
    assert col_split(*col, 0) == col_split.py_func(*col, 0)


@compiled
def test_bad_input_is_an_exception() -> None:
    core = core_module()
    assert core is not None
    with pytest.raises(ValueError, match="off the board"):
        core.col_split(2, 3, 1 << 3, 0, 0, 0)  # the spare column
    with pytest.raises(ValueError, match="two things"):
        core.konane_split(2, 3, 1, 1)
    with pytest.raises(OverflowError):
        core.konane_options(8, 8, 1, 2)
    with pytest.raises(TypeError):
        core.col_options(2, 3, "1", 0, 0, 0)
    with pytest.raises(ValueError, match="key"):
        core.konane_value((8, 8, (0,) * 8, (0,) * 8), None, 10)
    with pytest.raises(ValueError, match="two stones"):
        core.konane_value((1, 2, (1,), (1,)), None, 10)
    with pytest.raises(ValueError, match="not an id"):
        core.col_memo_add((1, 1, (1,), (1,)), -1, 10)


# ---- values: the regions' walks against the plain game tree -----------------------------


def _plain(g: PartisanGame[Any], state: Any, memo: dict[Any, CanonicalGame]) -> CanonicalGame:
    """The value by the rulesets' moves alone (no regions, no keys)."""
    found = memo.get(state)
    if found is None:
        found = CanonicalGame.from_options(
            [_plain(g, s, memo) for s in g.left_moves(state)],
            [_plain(g, s, memo) for s in g.right_moves(state)],
        )
        memo[state] = found
    return found


def _three_ways(monkeypatch: pytest.MonkeyPatch, g: PartisanGame[Any], states: list[Any]) -> None:
    clear_cache()
    fast = [value_of(g, s) for s in states]
    monkeypatch.setenv(PURE_PYTHON, "1")  # the Python walk and the twins
    assert g.compiled_regions is None
    slow = [value_of(g, s) for s in states]
    monkeypatch.delenv(PURE_PYTHON)
    memo: dict[Any, CanonicalGame] = {}
    for s, x, y in zip(states, fast, slow, strict=True):
        want = _plain(g, s, memo)
        assert x == want, (g.format_state(s), str(x), str(want))
        assert y == want, (g.format_state(s), str(y), str(want))


@pytest.mark.parametrize("game", [Col(), Snort()], ids=["col", "snort"])
@pytest.mark.parametrize(("h", "w"), [(1, 5), (2, 3), pytest.param(3, 3, marks=pytest.mark.slow)])
def test_col_values_three_ways(
    monkeypatch: pytest.MonkeyPatch, game: ColouringGame, h: int, w: int
) -> None:
    _three_ways(monkeypatch, game, _col_states(game, h, w))


@pytest.mark.parametrize(("h", "w"), [(1, 6), (2, 3), pytest.param(3, 3, marks=pytest.mark.slow)])
def test_konane_values_three_ways(monkeypatch: pytest.MonkeyPatch, h: int, w: int) -> None:
    g = Konane()
    _three_ways(monkeypatch, g, [(h, w, xs, os_) for xs, os_ in _boards(h, w, "xo.")])


def test_bigger_boards_both_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    cases: list[tuple[PartisanGame[Any], str]] = [
        (Col(), "..../..../...."),
        (Snort(), "..#./..../...."),
        (Konane(), "xoxo/ox.x/x.xo/oxox"),
        (Konane(), "xo...../......./.....ox"),
    ]
    clear_cache()
    fast = [str(value_of(g, g.parse_args([t])[0])) for g, t in cases]
    monkeypatch.setenv(PURE_PYTHON, "1")
    slow = [str(value_of(g, g.parse_args([t])[0])) for g, t in cases]
    assert fast == slow


def test_far_konane_groups_split() -> None:
    g = Konane()
    (state,) = g.parse_args(["xo...../......./.....ox"])
    parts = konane_split(*state)
    assert len(parts) == 2
    assert parts[0][0] == parts[1][0]  # turned half a turn, the same region
    assert str(value_of(g, state)) == "2"  # x jumps in each corner, o never


@pytest.mark.parametrize(
    ("game", "text"),
    [(Snort(), "..../..../...."), (Konane(), "xox.o/oxo.x/x.xox/.x.xo"), (Col(), "...../.....")],
    ids=["snort", "konane", "col"],
)
def test_checkpoint_resumes(tmp_path: Path, game: PartisanGame[Any], text: str) -> None:
    check_checkpoint_resumes(game, text, tmp_path / "ckpt")
