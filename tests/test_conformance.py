"""One conformance test over every game in the registry.

For each entry's example: the spec round-trips through ``str``; the ruleset
rebuilds from its printed parameters; every listed winning move leads to a
P-position; from a P-position no move leads to a P-position; the closed form
agrees with the generic search on the example and on each of its options
(searches capped at 200,000 positions); misère answers obey the same laws.
"""

from __future__ import annotations

import pytest

import grundy
from grundy.core.board import Graph, Grid, Heaps, Strip
from grundy.core.game import ImpartialGame
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


#: Games on a board (grid, strip, heaps, graph) whose moves name no cells yet: the page
#: finds where they are made by comparing the boards before and after
#: (``grundy.web.board.move_target``).
CELLS_UNNAMED = {
    # a cut reshapes the board
    "cutcake", "eatcake", "maundy-cake", "turn-and-eatcake", "twisted",
    # one state of several heaps
    "moore", "wythoff", "ferguson", "fibonacci", "partizan-subtraction",
    "partizan-splittles",
}  # fmt: skip


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_moves_are_values_that_name_their_cells(entry: grundy.GameEntry) -> None:
    """Each move of the example is a :class:`grundy.Play`: the same positions and words as
    ``legal_moves``, and the cells it names (if any) are cells of the example's board."""
    position = grundy.parse(entry.example)
    kinds = {c.game.kind for c in position.components}
    sides = ["L", "R"] if "partisan" in kinds else [None]
    for side in sides:
        try:
            plays = grundy.legal_plays(position, side, max_moves=2_000)
        except SearchLimitError:
            continue
        pairs = legal_moves(position, side, max_moves=2_000)
        assert [(p.after, p.words) for p in plays] == pairs
        for p in plays:
            assert p.words, p
            board = position.components[p.part].board()  # the board of the part moved in
            if p.cells:  # cells of a grid or strip, heaps of a row of heaps, edges of a graph
                assert isinstance(board, (Grid, Strip, Heaps, Graph)), entry.name
                size = len(
                    board.heaps
                    if isinstance(board, Heaps)
                    else board.edges
                    if isinstance(board, Graph)
                    else board.cells
                )
                assert all(0 <= i < size for i in p.cells), p
                assert len(set(p.cells)) == len(p.cells), p
            elif isinstance(board, (Grid, Strip, Heaps, Graph)):  # a move on a board says where
                assert entry.name in CELLS_UNNAMED, (entry.name, p)
