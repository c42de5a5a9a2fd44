"""``grundy play`` (issue 22): moves by number, by the cells of a labelled board and by
words; each refusal names what is wrong; undo after the end; Domineering's dominoes
drawn by side; every evaluation under ``--time-limit``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import grundy
import grundy.play as play_engine
from grundy.cli import common
from grundy.core.limits import time_limit_seconds
from grundy.play import play, play_partisan
from tests.cli.helpers import run

_AFTER_END = "Type undo to take back your last move, or press Enter to leave."
_AGAIN = " Type 'moves' to list the legal moves, 'help' for the syntax."


def _run(loop: Any, spec: str, typed: Iterable[str], **kwargs: object) -> list[str]:
    """What ``loop`` (``play`` or ``play_partisan``) says to these typed lines."""
    said: list[str] = []
    feed = iter(typed)
    status = loop(grundy.parse(spec), read=lambda _: next(feed, None), write=said.append, **kwargs)
    assert status == 0
    return said


def _play(spec: str, typed: Iterable[str], **kwargs: object) -> list[str]:
    return _run(play, spec, typed, **kwargs)


def _partisan(spec: str, typed: Iterable[str], **kwargs: object) -> list[str]:
    return _run(play_partisan, spec, typed, **kwargs)


def _computer(said: list[str]) -> list[str]:
    return [line for line in said if line.startswith("Computer")]


# ----- numbers ------------------------------------------------------------------------


def test_a_number_past_the_list_says_how_many_moves_there_are() -> None:
    said = _play("nim 3 4 5", ["13", "0", "quit"])  # 3 + 4 + 5 = 12 moves
    assert "'13' is not a move number: there are 12 moves (1 to 12)." + _AGAIN in said
    assert "'0' is not a move number: there are 12 moves (1 to 12)." + _AGAIN in said
    assert not any("ambiguous" in line for line in said)


def test_a_number_on_one_heap_is_a_list_number_or_the_new_heap() -> None:
    said = _play("nim 20", ["25", "quit"])
    assert (
        "'25' is not a move number: there are 20 moves (1 to 20), and nim 25 is not a legal "
        "move from nim 20." + _AGAIN in said
    )
    said = _play("nim 20", ["3", "quit"])  # a legal new heap comes before the list number
    assert _computer(said) == ["Computer: take 3 from the heap of 3 -> nim 0"]


# ----- words ------------------------------------------------------------------------


def test_words_of_one_move_make_it() -> None:
    said = _play("nim 3 4 5", ["take 2 from the heap of 3", "quit"])
    # nim 1 4 5 is the winning move: no remark, and the computer answers from there
    assert not any("gives away" in line for line in said)
    assert _computer(said) == ["Computer: take 1 from the heap of 1 -> nim 0 4 5"]
    said = _play("tictactoe .........", ["Centre", "quit"])
    assert _computer(said)[0].endswith("-> tictactoe o...x....")


def test_words_that_fit_several_moves_list_them() -> None:
    said = _play("nim 3 4 5", ["take 2", "quit"])
    assert (
        "'take 2' fits 3 moves: take 2 from the heap of 3; take 2 from the heap of 4; "
        "take 2 from the heap of 5; say more of its words." + _AGAIN in said
    )
    said = _play("tictactoe .........", ["left", "quit"])
    assert said[-2].startswith("'left' fits 3 moves: x in the top left cell; x in the left cell;")


def test_words_must_run_in_order_and_garbage_names_what_was_tried() -> None:
    said = _play("nim 3 4 5", ["heap 3", "foo", "quit"])  # "heap of 3": not a run of words
    assert (
        "'heap 3' is not a move: neither a move number (1 to 12), a position, I:ARGS nor "
        "words of a move." + _AGAIN in said
    )
    assert said[-2].startswith("'foo' is not a move: neither a move number (1 to 12)")
    said = _play("nim 5", ["foo", "quit"])  # one heap: what is wrong with it as the heap
    assert said[-2].startswith(
        "'foo' is not a move: neither a move number (1 to 5), a position, the new ARGS nor "
        "words of a move (as ARGS: a heap size must be a non-negative integer, got 'foo'"
    )
    assert said[-2].endswith(")." + _AGAIN)


def test_either_topple_that_knocks_down_the_same_dominoes_is_typed() -> None:
    """Domino 1 of bbrgrb to the right and domino 6 to the left both knock down the whole
    row: one move, whose words name both, so that either is typed (before, 'topples domino
    6 to the left' was no move)."""
    for typed in ("topples domino 6 to the left", "topples domino 1 to the right"):
        said = _partisan("toppling-dominoes bbrgrb", [typed, "quit"])
        assert "Right has no move: Left made the last move." in said, (typed, said)
    said = _partisan("toppling-dominoes bb", ["topples domino 1 to the left", "quit"])
    assert said[3:7] == ["  LL", "  12", "  L", "  1"]  # one domino left standing


def test_connect_four_by_the_words_of_a_column() -> None:
    said = _play("connect4:4x4 ..../..../..../....", ["column 4", "quit"])
    assert "x in column 4" in "\n".join(said) or _computer(said)
    assert not any("not a move" in line or "fits" in line for line in said)
    assert _computer(said)[0].startswith("Computer: o in column")


# ----- cells --------------------------------------------------------------------------


def test_tictactoe_cells_by_letter_and_number() -> None:
    said = _play("tictactoe .........", ["b2", "quit"])
    assert _computer(said) == ["Computer: o in the top left cell -> tictactoe o...x...."]
    said = _play("tictactoe .........", ["B2", "quit"])
    assert _computer(said)[0].endswith("tictactoe o...x....")


def test_a_cell_that_is_taken_or_off_the_board() -> None:
    said = _play("tictactoe ....x....", ["b2", "d1", "a4", "quit"])
    assert said[-4] == "no legal move plays on b2." + _AGAIN
    assert said[-3] == "there is no cell d1 on this board (columns a to c, rows 1 to 3)." + _AGAIN
    assert said[-2] == "there is no cell a4 on this board (columns a to c, rows 1 to 3)." + _AGAIN


def test_chomp_cells_are_row_comma_column_and_bite_there() -> None:
    # row 2, column 3 bites that square and those above and to the right: rows 4 2 2
    said = _play("chomp:3x4", ["2,3", "quit"])  # the winning bite: 4 2 2
    assert not any("gives away" in line for line in said)
    assert _computer(said) == [
        "Computer: take row 1, column 3 and everything above and to the right -> chomp:3x4 2 2 2"
    ]
    said = _play("chomp:3x4", ["9,9", "b2", "quit"])
    assert "there is no cell 9,9 on this board (columns 1 to 4, rows 1 to 3)." + _AGAIN in said
    # letters are not this board's columns: no cell form, and no move's words
    assert said[-2].startswith("'b2' is not a move: neither a move number")


def test_domineering_cells_one_is_enough_when_it_fits_one_move() -> None:
    said = _partisan("domineering:3x3", ["2,2", "1,1", "quit"])
    assert (
        "'2,2' fits 2 moves: Left places a vertical domino in column 2, rows 1-2; Left places "
        "a vertical domino in column 2, rows 2-3; name every cell the move covers." + _AGAIN in said
    )
    assert _computer(said)  # 1,1: only the domino on rows 1-2 of column 1 covers it
    said = _partisan("domineering:3x3", ["1,2-2,2", "quit"])
    assert not any("gives away" in line for line in said)  # the winning move
    said = _partisan("domineering:3x3", ["1,1-1,2", "quit"])  # Right's kind of domino
    assert "no legal move plays on 1,1-1,2." + _AGAIN in said


def test_help_shows_the_cells_of_the_first_move() -> None:
    said = _play("tictactoe .........", ["help", "quit"])
    assert "as the cells it plays on (e.g. a1: a column letter, then a row number;" in said[-2]
    said = _partisan("domineering:2x2", ["help", "quit"])
    assert "as the cells it plays on (e.g. 1,1-2,1: row,column; several joined by -)" in said[-2]
    said = _play("nim 1 2", ["help", "quit"])
    assert "cells" not in said[-2]


# ----- undo after the end ---------------------------------------------------------------


def test_undo_after_a_loss_takes_back_the_move_and_the_reply() -> None:
    said = _play("nim 1 1", ["1", "undo", "quit"])
    end = said.index(_AFTER_END)
    assert said[end - 1] == "The computer wins."
    assert said[end + 1] == "Took back your move and the computer's reply."
    assert said[end + 2] == "Position: nim 1 1"
    assert said[-1] == "Bye."


def test_undo_after_a_win_takes_back_the_winning_move_only() -> None:
    said = _play("nim 1", ["1", "hint", "undo", "undo", ""])
    end = said.index(_AFTER_END)
    assert said[end + 1] == (
        "The game is over: type undo to take back your last move, or quit to leave."
    )
    assert said[end + 2] == "Took back your move."
    assert said[end + 3] == "Position: nim 1"
    assert said[-2:] == ["Nothing to undo: you have not moved yet.", "Bye."]


def test_leaving_after_the_end_and_no_offer_without_a_move() -> None:
    assert _play("nim 1", ["1", ""])[-1] == _AFTER_END  # Enter leaves
    said = _play("nim 1", [], computer_first=True)  # the computer ended it: nothing to undo
    assert said[-1] == "The computer wins." and _AFTER_END not in said


def test_undo_after_the_end_of_a_partisan_game_restores_the_dominoes() -> None:
    said = _partisan("domineering:2x3", ["1,1-2,1", "undo", "1,2-2,2", ""])
    assert said.count(_AFTER_END) == 2
    assert "Took back your move and the computer's reply." in said
    assert said[-2:] == ["You win!", _AFTER_END]
    grids = [said[i + 1 : i + 3] for i, line in enumerate(said) if line == "     1 2 3"]
    assert grids[0] == ["  1  . . .", "  2  . . ."]
    assert grids[1] == ["  1  L R R", "  2  L . ."]  # the first game's end
    assert grids[2] == grids[0]  # after undo: the start again, no letters left over
    assert grids[3] == ["  1  . L .", "  2  . L ."]


def test_cells_covered_from_the_start_stay_hashes() -> None:
    said = _partisan("domineering:2x3 #../#..", ["1,2-2,2", ""])
    assert "  1  # L ." in said
    assert "  L, R: the dominoes Left and Right placed (# covered from the start)" in said


# ----- the CLI: time limits ---------------------------------------------------------------


def test_play_of_a_huge_heap_stops_at_the_time_limit() -> None:
    grundy.clear_cache()
    # A heap of a million: no machine builds its table to 2^20 within the limit (the one of
    # 15,000 can be finished in 0.45 s by the plain kernel: the test hung on the machine's speed).
    r = run("play", "--time-limit", "0.5", "octal:0.007", "1000000", stdin="1\n")
    assert r.status == 1
    assert r.out == ""
    assert r.err.count("\n") == 1 and "stopped at the time limit of 0.5 s" in r.err


def test_play_with_no_progress_shown_stops_at_the_default_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(common, "DEFAULT_BATCH_TIME_LIMIT", 0.5)
    grundy.clear_cache()
    r = run("play", "--misere", "--computer-first", "octal:0.137", "60", "50")
    assert r.status == 1
    assert r.err.count("\n") == 1
    assert "stopped at the default time limit of 0.5 s" in r.err
    assert "--time-limit none" in r.err


def test_a_position_within_the_limit_plays_as_before() -> None:
    r = run("play", "--time-limit", "20", "kayles", "12", stdin="hint\nquit\n")
    assert r.status == 0, r.err
    assert "Hint: " in r.out and r.out.endswith("Bye.\n")


def test_every_evaluation_of_the_engine_runs_under_its_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The computer's move, the hint and the check for a thrown-away win each see the
    limit (the first evaluation in the CLI is tested above)."""
    seen: list[float | None] = []
    real = play_engine.solve  # type: ignore[attr-defined]

    def watched(*args: Any, **kwargs: Any) -> grundy.Result:
        seen.append(time_limit_seconds())
        return real(*args, **kwargs)

    monkeypatch.setattr(play_engine, "solve", watched)
    _play("nim 2 3", ["hint", "1:1", "quit"], time_limit=7.0)
    _partisan("domineering:2x3", ["hint", "1", "quit"], time_limit=7.0)
    assert len(seen) >= 6
    assert all(s is not None and 0 < s <= 7.0 for s in seen)
    seen.clear()
    _play("nim 2 3", ["hint", "1:1", "quit"])  # no limit given: none
    assert seen and all(s is None for s in seen)


# ----- the first screen, positions without the game's name -------------------------------


def test_the_first_lines_say_who_moves_how_a_move_looks_and_help() -> None:
    said = _play("nim 3 4 5", ["quit"])
    assert (
        said[0] == "You play against the computer and move first; whoever makes the last move wins."
    )
    assert said[1] == (
        "Type a move as the position it leaves (e.g. nim 0 4 5, or just 0 4 5) or its number "
        "in 'moves'; 'help' says more."
    )
    said = _play("nim 1 2", ["quit"], computer_first=True, misere=True)
    assert said[0].startswith("You play against the computer and it moves first; ")
    assert said[0].endswith("whoever makes the last move loses.")
    said = _play("tictactoe .........", ["quit"])
    assert "the cells it plays on (e.g. a1)" in said[1]
    said = _partisan("domineering:2x2", ["quit"], side="R")
    assert said[:2] == [
        "You play Right (Right moves first).",
        "Type a move as the position it leaves (e.g. domineering:2x2 ##/.., or just ##/..), "
        "the cells it plays on (e.g. 1,1-1,2) or its number in 'moves'; 'help' says more.",
    ]


def test_a_position_without_the_game_name_is_a_move() -> None:
    said = _play("nim 2 4 5", ["1 4 5", "quit"])
    assert not any(_AGAIN in line for line in said)
    assert any(line.startswith("Computer: ") for line in said)
    said = _play("nim 2 4 5", ["1 1 1", "quit"])  # not a legal move: said so
    assert "'1 1 1' is not a legal move from nim 2 4 5." + _AGAIN in said
    said = _play("nim 2 + kayles 3", ["1 4 5", "quit"])  # two games: no name to add
    assert not any(line.startswith("Computer: ") for line in said)


def test_a_cram_move_is_found_by_its_cells() -> None:
    said = _partisan("cram:2x2", ["1,1-1,2", "quit"])
    assert any(line.startswith("Computer (Right): ") for line in said)
    assert not any(_AGAIN in line for line in said)


def test_a_cut_is_found_by_a_square_just_past_its_line() -> None:
    """Cutcake's cut names the squares just past its line and its mirror line: 1,3 is
    Left's cut of 2x4 into halves, 1,4 the cut of one column (from either side)."""
    said = _partisan("cutcake 2x4", ["1,3", "quit"])
    assert any(line.startswith("Computer (Right): Right cuts the 2x2 piece") for line in said)
    said = _partisan("cutcake 2x4", ["1,4", "quit"])
    replies = [line for line in said if line.startswith("Computer (Right): ")]
    assert replies and replies[0].endswith("-> cutcake 1x1 1x1 2x3"), said  # 2x1 and 2x3 left
    said = _partisan("cutcake 2x4", ["1,1", "quit"])
    assert any("no legal move plays on 1,1" in line for line in said), said
