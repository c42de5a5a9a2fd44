"""``grundy play``: scripted games against the perfect player."""

from __future__ import annotations

import grundy
from grundy.play import play
from tests.cli.helpers import run

#: What play says once the game is over when the user has a move to take back.
_AFTER_END = "Type undo to take back your last move, or press Enter to leave."
_AFTER_END_PROMPT = _AFTER_END + "\nGame over> "


def test_computer_wins_from_an_n_position_when_it_moves_first() -> None:
    said: list[str] = []
    feed = iter(["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"])
    status = play(
        grundy.parse("nim 3 4 5"),
        computer_first=True,
        read=lambda _: next(feed, None),
        write=said.append,
    )
    assert status == 0
    end = said.index("Type undo to take back your last move, or press Enter to leave.")
    assert said[end - 1] == "The computer wins."
    # the lines typed after the end are not moves: each says so until the input ends
    assert said[end + 1 :] and all(
        line.startswith("The game is over: ") for line in said[end + 1 :]
    )
    assert said[0] == (
        "You play against the computer and it moves first; whoever makes the last move wins."
    )
    assert said[1].startswith("Type a move as the position it leaves (e.g. nim ")
    assert said[2] == "Computer: take 2 from the heap of 3 -> nim 1 4 5"


def test_user_can_win_with_hints_and_short_forms() -> None:
    said: list[str] = []
    position = grundy.parse("nim 1 2")
    answers = iter(["hint", "nonsense", "2:5", "2:1"])  # 2:1 makes nim 1 1
    status = play(position, read=lambda _: next(answers, None), write=said.append)
    assert status == 0
    text = "\n".join(said)
    assert "Hint: take 1 from the heap of 2 -> nim 1 1" in text
    assert "'nonsense'" in text
    assert "'2:5' is not a legal move" in text
    assert "Computer:" in text


def test_full_game_by_resulting_spec_user_wins() -> None:
    said: list[str] = []
    answers = iter(["nim 1 1", "nim 0 0"])
    play(grundy.parse("nim 1 2"), read=lambda _: next(answers, None), write=said.append)
    assert said[-2:] == ["You win!", _AFTER_END]


def test_misere_play_end() -> None:
    said: list[str] = []
    answers = iter(["1"])  # the only move: take the heap; the user moved last and loses
    play(grundy.parse("nim 1"), misere=True, read=lambda _: next(answers, None), write=said.append)
    assert said[-2:] == ["The computer wins.", _AFTER_END]


def test_play_reads_stdin_until_eof() -> None:
    r = run("play", "bash:3", "10", stdin="hint\nmoves\n1\n")
    assert r.status == 0, r.err
    assert "Hint: take 2 from the heap of 10 -> bash:3 8" in r.out
    assert "Bye." in r.out


def test_help_quit_and_blank_lines() -> None:
    r = run("play", "nim 1 + nim 2", stdin="\n  \nhelp\nquit\n")
    assert r.status == 0, r.err
    assert "as the resulting position (e.g. nim 0 2, or just 0 2)" in r.out
    assert "as words of a move from 'moves' (e.g. 'take 1 from the heap of 1')" in r.out
    assert "Commands: moves, hint, help, quit." in r.out
    assert r.out.count("Your move> ") == 4  # blank lines ask again
    assert r.out.endswith("Bye.\n")


def test_moves_that_are_not_understood_say_why_and_the_game_goes_on() -> None:
    typed = ["moves", "7", "5:1", "1:x", "nim 9 9", "!!", "take 1", "foo", "q"]
    r = run("play", "nim 1 + nim 2", stdin="\n".join(typed) + "\n")
    assert r.status == 0, r.err
    for line in [
        "  1. take 1 from the heap of 1 -> nim 0 2",
        "  3. take 1 from the heap of 2 -> nim 1 1",
        "'7' is not a move number: there are 3 moves (1 to 3).",
        "'5' is not a component number (1 to 2).",
        "a heap size must be a non-negative integer, got 'x'",
        "'nim 9 9' is not a legal move from nim 1 2.",
        "'!!' is not a move: neither a move number (1 to 3), a position, I:ARGS nor words "
        "of a move.",
        "'take 1' fits 2 moves: take 1 from the heap of 1; take 1 from the heap of 2; say "
        "more of its words.",
        "'foo' is not a move: neither",
    ]:
        assert line in r.out, line
    assert "ambiguous" not in r.out
    assert r.out.count("Type 'moves' to list the legal moves") == 7
    assert r.out.endswith("Bye.\n")


def test_hint_from_a_p_position_and_the_computer_wins() -> None:
    r = run("play", "nim", "1", "1", stdin="hint\n1\n")
    assert r.status == 0, r.err
    assert "Hint: no move wins here; every move loses against perfect play." in r.out
    assert r.out.endswith(
        "Position: nim 0 0 has no moves (the last mover wins).\nThe computer wins.\n"
        + _AFTER_END_PROMPT
    )


def test_computer_first_from_a_p_position_makes_some_move() -> None:
    r = run("play", "--computer-first", "nim", "1", "1")
    assert r.status == 0, r.err
    assert "\nComputer: take 1 from the heap of 1 -> nim 0 1\n" in r.out
    assert r.out.endswith("Bye.\n")  # stdin is empty: the user leaves


def test_misere_user_wins_and_a_finished_position() -> None:
    r = run("play", "--misere", "nim", "1", "1", stdin="1\n")
    assert r.out.endswith(
        "Position: nim 0 0 has no moves (the last mover loses).\nYou win!\n" + _AFTER_END_PROMPT
    )
    r = run("play", "nim", "0")
    assert r.out == (
        "You play against the computer and move first; whoever makes the last move wins.\n"
        "Position: nim 0 has no moves (the last mover wins).\nThe computer wins.\n"
    )


def test_huge_board_is_refused_before_playing() -> None:
    r = run("play", "connect4:7x6")
    assert r.status == 1
    assert r.out == ""
    assert r.err.count("\n") == 1 and "far beyond the limit of" in r.err


def test_partisan_play_as_left_winning_move_wins() -> None:
    """domineering:2x3 = {2|-1/2}: Left moving first wins only by the middle column."""
    done = run("play", "domineering:2x3", stdin="hint\n.#./.#.\n")
    assert done.status == 0, done.err
    lines = done.out.splitlines()  # the prompts "Your move> " are on stdout too
    assert lines[0] == "You play Left (Left moves first)."
    assert (
        "Hint: Left places a vertical domino in column 2, rows 1-2 -> domineering:2x3 .#./.#."
        in done.out
    )
    assert lines[-3:] == ["You win!", _AFTER_END, "Game over> "]
    assert lines[-4].endswith("Right has no move: Left made the last move.")


def test_partisan_play_computer_first_wins_what_the_first_player_wins() -> None:
    """The computer plays Left first on {2|-1/2}, so it wins whatever Right does."""
    done = run("play", "--side", "right", "--computer-first", "domineering:2x3", stdin="1\n" * 6)
    assert done.status == 0, done.err
    assert done.out.splitlines()[0] == "You play Right (Left moves first)."
    assert done.out.splitlines()[2].startswith(
        "Computer (Left): Left places a vertical domino in column 2, rows 1-2 -> "
        "domineering:2x3 .#./.#."
    )
    assert done.out.splitlines()[-1] == "The computer wins."


def test_partisan_play_points_out_a_thrown_away_win() -> None:
    """domineering:2x4 = {1+-1|0}: Right moving first wins only by a middle domino."""
    done = run("play", "--side", "R", "domineering:2x4", stdin="1\nundo\n2\n" + "1\n" * 6)
    assert done.status == 0, done.err
    assert (
        "That move gives away the win: Right places a horizontal domino in row 1, columns 2-3 "
        "-> domineering:2x4 .##./...." in done.out
    )
    assert "Took back your move and the computer's reply." in done.out
    verdict = done.out.splitlines()[done.out.splitlines().index(_AFTER_END) - 1]
    assert verdict in {"You win!", "The computer wins."}


def test_partisan_play_refuses_misere_and_unknown_sides() -> None:
    done = run("play", "--misere", "domineering:2x2")
    assert done.status == 2
    assert "misère play is not supported for partisan games" in done.err
    assert run("play", "--side", "up", "domineering:2x2").status == 2


def test_partisan_play_of_a_board_too_big_stops_at_the_time_limit() -> None:
    """The first evaluation is bounded (the moves then reuse it): one line, exit 1."""
    done = run("play", "--time-limit", "0.5", "--computer-first", "domineering:8x8")
    assert done.status == 1
    assert done.out == ""
    assert "stopped at the time limit of 0.5 s" in done.err
    assert done.err.count("\n") == 1
