"""``grundy play`` in the terminal: boards as grids, heaps as counters, undo, and the
warning when a move throws a win away (played in-process, lines fed one by one)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import grundy
import grundy.play as play_engine
from grundy import Position, Sum
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.errors import SearchLimitError
from grundy.play import play


def _play(
    position: Position | Sum, typed: Iterable[str], *, computer_first: bool = False
) -> list[str]:
    """Every line ``play`` writes when the user types ``typed`` (then the input ends)."""
    said: list[str] = []
    feed = iter(typed)
    status = play(
        position,
        computer_first=computer_first,
        read=lambda _: next(feed, None),
        write=said.append,
    )
    assert status == 0
    return _after_intro(said)


def _after_intro(said: list[str]) -> list[str]:
    """The lines after the two of the introduction (checked in test_play_input.py)."""
    assert said[0].startswith("You play ")
    return said[2:] if said[1:2] and said[1].startswith("Type a move as ") else said[1:]


def _block(said: list[str], first: str, count: int) -> list[str]:
    """``count`` lines from the first line equal to ``first``."""
    start = said.index(first)
    return said[start : start + count]


# ----- pictures -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "opening"),
    [
        pytest.param(
            "tictactoe xo.x.o...",
            ["     a b c", "  1  x o .", "  2  x . o", "  3  . . .", "  x to move"],
            id="tictactoe-labelled-grid",
        ),
        pytest.param(
            "nim 3 0 5",
            ["  heap 1: ●●● (3)", "  heap 2: (0)", "  heap 3: ●●●●● (5)"],
            id="heaps-rows-of-counters-numbered-as-the-short-form-counts",
        ),
    ],
)
def test_play_opens_with_the_position_and_its_picture(spec: str, opening: list[str]) -> None:
    said = _play(grundy.parse(spec), ["quit"])
    assert said[: 1 + len(opening)] == [f"Position: {spec}", *opening]
    assert said[-1] == "Bye."


@pytest.mark.parametrize(
    ("spec", "grid"),
    [
        pytest.param(
            "connect4:5x4 ...../...../...../x.o..",
            [
                "     1 2 3 4 5",
                "  4  . . . . .",
                "  3  . . . . .",
                "  2  . . . . .",
                "  1  x . o . .",
                "  x to move",
            ],
            id="connect4-columns-and-rows",
        ),
        pytest.param(
            "chomp:3x4 4 2 1",
            [
                "     1 2 3 4",
                "  3  # . . .",
                "  2  # # . .",
                "  1  X # # #",
                "  X: the poisoned square (# a square, . eaten)",
            ],
            id="chomp-poisoned-square-bottom-left",
        ),
    ],
)
def test_a_grid_counts_its_rows_from_the_bottom(spec: str, grid: list[str]) -> None:
    """Connect Four's columns and rows, Chomp's poisoned square at the bottom left."""
    said = _play(grundy.parse(spec), ["quit"])
    assert _block(said, grid[0], len(grid)) == grid


def test_domineering_grid_shows_covered_cells_and_who_moves() -> None:
    game = DomineeringSearch.of(2, 3)
    said = _play(Position(game, game.parse_args(["#../#.."])[0]), ["quit"])
    assert said[1:5] == [
        "     1 2 3",
        "  1  # . .",
        "  2  # . .",
        "  Left (vertical) to move",
    ]


def test_a_huge_heap_and_many_heaps_stay_short() -> None:
    # (play itself is refused for such a heap by the CLI's size check: the picture alone)
    lines = grundy.parse(f"nim {10**60} 1").text_board()
    assert lines is not None and lines[0].startswith("heap 1: ●●●")
    assert "(61 digits)" in lines[0] and len(lines[0]) < 120
    many = grundy.parse("nim " + " ".join(["1"] * 100))
    said = _play(many, ["quit"])
    assert said[-2] == "  ... and 76 more components"
    assert sum(line.startswith("  heap ") for line in said) == 24


def test_a_sum_without_pictures_prints_only_its_spec() -> None:
    said = _play(grundy.parse("matrix:1x2 1 2"), ["quit"])
    assert said == ["Position: matrix:1x2 1 2", "Bye."]


def test_a_finished_board_is_drawn_and_finished_heaps_are_not() -> None:
    # x completes the top row; the grid of the end comes before the verdict
    said = _play(grundy.parse("tictactoe xx.oo...."), ["tictactoe xxxoo...."])
    assert said[-8:-1] == [
        "Position: tictactoe xxxoo.... ends the game: loss for the player to move.",
        "     a b c",
        "  1  x x x",
        "  2  o o .",
        "  3  . . .",
        "  x has three in a row",
        "You win!",
    ]
    said = _play(grundy.parse("nim 1"), ["1:0"])
    assert said[-3:-1] == ["Position: nim 0 has no moves (the last mover wins).", "You win!"]


# ----- undo ---------------------------------------------------------------------


def test_undo_takes_back_the_move_and_the_reply_several_times() -> None:
    start = grundy.parse("nim 4 5 6 7")  # a P-position: the computer always wins
    said = _play(start, ["1:3", "1:2", "undo", "undo", "undo", "quit"])
    shown = [line for line in said if line.startswith("Position:")]
    assert shown[0] == "Position: nim 4 5 6 7"
    assert said.count("Took back your move and the computer's reply.") == 2
    # after two undos the start is shown again, and a third undo has nothing to take back
    assert shown[-1] == "Position: nim 4 5 6 7"
    assert said[-2:] == ["Nothing to undo: you have not moved yet.", "Bye."]
    assert shown[-2] == shown[1]  # the first undo returns to the position before move 2


def test_undo_before_any_move_and_after_the_computer_moved_first() -> None:
    said = _play(grundy.parse("nim 1 2"), ["undo", "UNDO ", "quit"])
    assert said.count("Nothing to undo: you have not moved yet.") == 2
    said = _play(grundy.parse("nim 2 3"), ["undo", "quit"], computer_first=True)
    assert said[0].startswith("Computer: ")
    assert "Nothing to undo: you have not moved yet." in said


def test_undo_restores_a_board() -> None:
    said = _play(grundy.parse("tictactoe ........."), ["5", "undo", "quit"])
    grids = [i for i, line in enumerate(said) if line == "     a b c"]
    assert len(grids) == 3
    assert said[grids[0] : grids[0] + 4] == said[grids[2] : grids[2] + 4]


# ----- throwing a win away ----------------------------------------------------------


def test_a_move_that_gives_away_the_win_is_pointed_out() -> None:
    said = _play(grundy.parse("nim 2 3"), ["1:1", "quit"])
    assert said[3] == (
        "That move gives away the win: take 1 from the heap of 3 -> nim 2 2 would have kept it."
    )
    assert said[4].startswith("Computer: ")


def test_a_winning_move_and_a_lost_position_get_no_remark() -> None:
    said = _play(grundy.parse("nim 2 3"), ["2:2", "quit"])
    assert not any("gives away" in line for line in said)
    said = _play(grundy.parse("nim 2 2"), ["1:1", "quit"])  # lost whatever the user does
    assert not any("gives away" in line for line in said)


def test_a_board_move_that_gives_away_the_win() -> None:
    # x wins with the top right cell; the bottom right cell lets o win
    said = _play(grundy.parse("tictactoe xx.oo...."), ["tictactoe xx.oo...x", "quit"])
    assert (
        "That move gives away the win: x in the top right cell -> tictactoe xxxoo.... "
        "would have kept it." in said
    )


def test_chomp_gift_names_the_winning_move() -> None:
    said = _play(grundy.parse("chomp:3x4"), ["1", "quit"])
    remark = next(line for line in said if "gives away" in line)
    assert "chomp:3x4 4 2 2 would have kept it." in remark


def test_a_draw_thrown_away_is_not_called_a_lost_win() -> None:
    # the empty grid is a draw: no move from it can give away a win
    said = _play(grundy.parse("tictactoe ........."), ["tictactoe x........", "quit"])
    assert not any("gives away" in line for line in said)


def test_the_check_never_breaks_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    real = grundy.solve
    start = grundy.parse("nim 2 3")

    def fussy(position: Any, *args: Any, **kwargs: Any) -> grundy.Result:
        if position == start:
            raise SearchLimitError(10)
        return real(position, *args, **kwargs)

    monkeypatch.setattr(play_engine, "solve", fussy)
    said = _play(start, ["1:1", "quit"])
    assert not any("gives away" in line for line in said)
    assert any(line.startswith("Computer: ") for line in said)
    assert said[-1] == "Bye."


# ----- the old commands and garbage ----------------------------------------------------


def test_help_names_undo_and_the_old_commands_still_work() -> None:
    said = _play(grundy.parse("nim 1 2"), ["help", "moves", "hint", "3", "quit"])
    text = "\n".join(said)
    assert "Commands: moves, hint, help, quit." in text
    assert "undo: take back your last move and the computer's reply" in text
    assert "  1. take 1 from the heap of 1 -> nim 0 2" in said
    assert "Hint: take 1 from the heap of 2 -> nim 1 1" in said
    assert any(line.startswith("Computer: ") for line in said)  # move 3 was played


@pytest.mark.parametrize(
    "line",
    [
        "undo now",
        "und",
        "\x00\x01",
        "1:",
        "::",
        "9" * 5000,
        "nim 1 2 + undo",
        "tictactoe xxxxxxxxx",
        "0",
        "-1",
        "1:-1",
        "heap 1",
    ],
)
def test_garbage_says_one_line_and_the_game_goes_on(line: str) -> None:
    said = _play(grundy.parse("nim 1 2"), [line, "undo", "quit"])
    assert said[-2:] == ["Nothing to undo: you have not moved yet.", "Bye."]
    complaint = said[3]
    assert "Type 'moves' to list the legal moves" in complaint
    assert all(len(x) < 800 for x in said)


def test_garbage_on_a_board() -> None:
    game = Chomp(2, 3)
    said = _play(Position(game, game.full()), ["7:1", "chomp:2x3 9 9", "quit"])
    assert sum("Type 'moves'" in line for line in said) == 2
    assert said[-1] == "Bye."
