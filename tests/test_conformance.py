"""One conformance test over every game in the registry.

For each entry's example: the spec round-trips through ``str``; the ruleset
rebuilds from its printed parameters; every listed winning move leads to a
P-position; from a P-position no move leads to a P-position; the closed form
agrees with the generic search on the example and on each of its options
(searches capped at 200,000 positions); misère answers obey the same laws.
"""

from __future__ import annotations

import contextlib

import pytest

import grundy
from grundy.core.board import Graph, Grid, Heaps, Panel, Strip
from grundy.core.game import ImpartialGame, Player
from grundy.core.moves import legal_moves
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.errors import SearchLimitError
from grundy.play import play, play_partisan

ENTRIES = list(grundy.REGISTRY)
CAP = 200_000


def _ids(entry: grundy.GameEntry) -> str:
    return entry.name


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_example_round_trips(entry: grundy.GameEntry) -> None:
    position = grundy.parse(entry.example)
    assert grundy.parse(str(position)) == position
    for c in position.components:
        name, colon, params = c.game.spec_name().partition(":")
        again = grundy.REGISTRY.get(name).build(params if colon else None)
        assert again == c.game
    assert entry.rule and entry.syntax


def _impartial(position: grundy.Position | grundy.Sum) -> bool:
    return all(isinstance(c.game, ImpartialGame) for c in position.components)


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_winning_moves_lead_to_p_positions(entry: grundy.GameEntry, misere: bool) -> None:
    position = grundy.parse(entry.example)
    if misere and not _impartial(position):
        pytest.skip("misère play is defined here for impartial games")
    if getattr(position.components[0].game, "loopy_partisan", False):
        pytest.skip("loopy partisan: best moves may be draws (tests/cgt/loopy checks them)")
    result = grundy.solve(position, misere=misere)
    if result.canonical is not None:  # partisan: Left's winning moves reach values >= 0
        for after in result.winning_moves:
            r = grundy.solve(after)
            assert r.outcome in ("L", "P"), str(after)
        for after in result.right_winning_moves:
            assert grundy.solve(after).outcome in ("R", "P"), str(after)
        return
    assert result.play == ("misere" if misere else "normal")
    assert result.method
    assert len(result.winning_moves) == len(result.move_descriptions)
    keys = [m.canonical() for m in result.winning_moves]
    assert len(keys) == len(set(keys)), "winning moves must have no duplicates"
    options = {after.canonical() for after, _ in legal_moves(position)}
    if not _impartial(position):
        assert result.value in {"win", "loss", "draw"} or result.outcome in {"L", "R", "N", "P"}
        for after in result.winning_moves:
            assert after.canonical() in options
        return
    for after in result.winning_moves:
        assert after.canonical() in options, f"{after} is not a legal move"
        assert grundy.solve(after, misere=misere).outcome == "P", str(after)
    if result.outcome == "P":
        for after, _ in list(legal_moves(position))[:300]:
            assert grundy.solve(after, misere=misere).outcome == "N", str(after)
    elif options and not result.winning_moves_truncated:
        assert result.winning_moves, "an N-position with moves must list a winning move"


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_formula_agrees_with_search(entry: grundy.GameEntry) -> None:
    position = grundy.parse(entry.example)
    if not _impartial(position):
        pytest.skip("not an impartial game")
    memo = SearchMemo()
    formulas = checked = 0
    for c in position.components:
        game = c.game
        assert isinstance(game, ImpartialGame)
        states = [c.state, *(s for option in game.split_moves(c.state) for s in option)]
        for state in states[:200]:
            formula = game.grundy_formula(state)
            if formula is None:
                continue
            formulas += 1
            try:
                value, _ = grundy_by_search(game, state, memo, max_positions=CAP)
            except SearchLimitError:
                continue
            assert formula == value, f"{game.spec_name()} {game.format_state(state)}"
            checked += 1
    if not formulas:
        pytest.skip("no closed form for the example or its options")
    # The example must be small enough that the search can check the formula somewhere.
    assert checked > 0, f"the search passed {CAP:,} positions on all {formulas} states"


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_play_runs_to_the_end(entry: grundy.GameEntry) -> None:
    """``grundy play`` on the example: the user always takes the first listed move."""
    said: list[str] = []
    turns = 0

    def read(prompt: str) -> str | None:
        nonlocal turns
        turns += 1
        if prompt.startswith("Game over"):  # the offer to undo after the end: leave
            return None
        return "1" if turns < 500 else None

    position = grundy.parse(entry.example)
    if getattr(position.components[0].game, "loopy_partisan", False):
        pytest.skip("loopy partisan: play can go on for ever (no repetition rule in play)")
    if position.components[0].game.kind == "partisan":  # the user plays Right, Left starts
        status = play_partisan(
            position, side="R", computer_first=True, read=read, write=said.append
        )
    else:
        status = play(position, read=read, write=said.append)
    assert status == 0
    if said[-1].startswith("Type undo"):  # offered once the user has moved
        said.pop()
    assert said[-1] in {"You win!", "The computer wins.", "It is a draw."}, said[-3:]
    assert turns < 500


def _size(board: object) -> int:
    """How many cells a board has: squares, heaps or edges; a panel (a table of several
    pieces) its parts' cells, one part after another."""
    if isinstance(board, Panel):
        return sum(_size(p) for p in board.parts)
    if isinstance(board, Heaps):
        return len(board.heaps)
    if isinstance(board, Graph):
        return len(board.edges)
    assert isinstance(board, (Grid, Strip)), board
    return len(board.cells)


#: How many positions one move from the example are checked as well (a table of several
#: pieces of cake, a heap of Wythoff's emptied).
NEXT = 4


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_moves_are_values_that_name_their_cells(entry: grundy.GameEntry) -> None:
    """Each move of the example (and of a few positions one move on) is a
    :class:`grundy.Play` with the same positions and words as ``legal_moves``; a move on
    a board names the cells it plays on (squares, heaps or edges, the pieces of a panel
    counted one after another), so that no front end compares boards to find it."""
    position = grundy.parse(entry.example)
    kinds = {c.game.kind for c in position.components}
    sides = ["L", "R"] if "partisan" in kinds else [None]
    todo, checked = [position], 0
    while todo and checked <= NEXT:
        here = todo.pop(0)
        checked += 1
        for side in sides:
            try:
                plays = grundy.legal_plays(here, side, max_moves=2_000)
            except SearchLimitError:
                continue
            pairs = legal_moves(here, side, max_moves=2_000)
            assert [(p.after, p.words) for p in plays] == pairs
            if here is position:
                todo += [p.after for p in plays[:NEXT]]
            for p in plays:
                assert p.words, p
                board = here.components[p.part].board()  # the board of the part moved in
                if board is None:
                    continue
                assert p.cells, (entry.name, str(here), p.words)  # a move on a board says where
                size = _size(board)
                assert all(0 <= i < size for i in p.cells), (str(here), p)
                # a move played a cell at a time may come back to a cell (Amazons' arrow
                # shot back where the amazon stood); any other names each cell once
                ordered = getattr(here.components[p.part].game, "ordered_cells", False)
                assert ordered or len(set(p.cells)) == len(p.cells), p


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_plays_are_the_rulesets_options_in_order(entry: grundy.GameEntry) -> None:
    """A ruleset's :meth:`~grundy.core.game.Ruleset.plays` (the moves with their cells)
    lead to its :meth:`~grundy.core.game.Ruleset.options`, one for one and in order, in
    the example and a few positions one move on: the cells come with the move, not from
    a second look at the boards."""
    position = grundy.parse(entry.example)
    partisan = any(c.game.kind == "partisan" for c in position.components)
    here = [position]
    with contextlib.suppress(SearchLimitError):
        here += [p.after for p in grundy.legal_plays(position, "L" if partisan else None)[:NEXT]]
    for q in here:
        for c in q.components:
            sides: list[Player | None] = ["L", "R"] if c.game.kind == "partisan" else [None]
            for side in sides:
                plays = [tuple(p.after) for p in c.game.plays(c.state, side)]
                assert plays == [tuple(o) for o in c.game.options(c.state, side)], str(q)
