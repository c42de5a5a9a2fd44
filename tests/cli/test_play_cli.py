"""``grundy play``: scripted games against the perfect player."""

from __future__ import annotations

import grundy
from grundy.cli.play_cmd import play
from tests.cli.helpers import run_cli


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
    assert said[-1] == "The computer wins."
    assert said[0] == "Computer: take 2 from the heap of 3 -> nim 1 4 5"


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
    assert said[-1] == "You win!"


def test_misere_play_end() -> None:
    said: list[str] = []
    answers = iter(["1"])  # the only move: take the heap; the user moved last and loses
    play(grundy.parse("nim 1"), misere=True, read=lambda _: next(answers, None), write=said.append)
    assert said[-1] == "The computer wins."


def test_play_in_subprocess_with_eof() -> None:
    out = run_cli("play", "bash:3", "10", stdin="hint\nmoves\n1\n")
    assert out.returncode == 0, out.stderr
    assert "Hint: take 2 from the heap of 10 -> bash:3 8" in out.stdout
    assert "Bye." in out.stdout
