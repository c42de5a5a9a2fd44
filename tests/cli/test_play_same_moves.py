"""``grundy play`` of games solved by canonical values whose players have the same moves
(Cram, Arc Kayles, the ``impartial:`` variants): played as impartial games, with no
Left and Right; partisan games keep their sides."""

from __future__ import annotations

import pytest

import grundy
from grundy.core.moves import legal_plays, same_moves
from grundy.errors import UnsupportedError
from grundy.play import needs_side
from tests.cli.helpers import GRUNDY_MODULE, run, run_process

_AFTER_END = "Type undo to take back your last move, or press Enter to leave."
_FIRST = "You play against the computer and move first; whoever makes the last move wins."


def _lines(*argv: str, stdin: str) -> list[str]:
    done = run("play", *argv, stdin=stdin)
    assert done.status == 0, done.err
    assert done.err == ""
    return done.out.replace("Your move> ", "Your move>\n").splitlines()


def test_cram_is_played_like_nim_by_cells() -> None:
    """cram:2x3 is *: a vertical domino at the side leaves a 2x2 square (0) and wins."""
    assert _lines("cram:2x3", stdin="1,1-2,1\n1,3\n") == [
        _FIRST,
        "Type a move as the position it leaves (e.g. cram:2x3 #../#.., or just #../#..), the "
        "cells it plays on (e.g. 1,1-2,1) or its number in 'moves'; 'help' says more.",
        "Position: cram:2x3 .../...",
        "     1 2 3",
        "  1  . . .",
        "  2  . . .",
        "Your move>",
        "Computer: places a vertical domino in column 2, rows 1-2 -> cram:2x3 ##./##.",
        "Position: cram:2x3 ##./##.",
        "     1 2 3",
        "  1  # # .",
        "  2  # # .",
        "Your move>",
        "Position: cram:2x3 ###/### has no moves (the last mover wins).",
        "     1 2 3",
        "  1  # # #",
        "  2  # # #",
        "You win!",
        _AFTER_END,
        "Game over> ",
    ]


def test_cram_moves_hints_and_help_name_no_side() -> None:
    out = "\n".join(_lines("cram:2x3", stdin="help\nmoves\nhint\nquit\n"))
    assert "  1. places a vertical domino in column 1, rows 1-2 -> cram:2x3 #../#.." in out
    assert "  7. places a horizontal domino in row 2, columns 2-3 -> cram:2x3 .../.##" in out
    assert "Hint: places a vertical domino in column 1, rows 1-2 -> cram:2x3 #../#.." in out
    assert "(e.g. 'places a vertical domino in column 1, rows 1-2')" in out
    assert "Left" not in out and "Right" not in out
    # a P-position: no winning move for the player to move
    out = "\n".join(_lines("cram:2x2", stdin="hint\nquit\n"))
    assert "Hint: no move wins here; every move loses against perfect play." in out


def test_cram_with_the_computer_first_and_a_thrown_away_win() -> None:
    lines = _lines("--computer-first", "cram:2x3", stdin="2,2-2,3\n")
    assert lines[0] == (
        "You play against the computer and it moves first; whoever makes the last move wins."
    )
    assert (
        lines[2] == "Computer: places a vertical domino in column 1, rows 1-2 -> cram:2x3 #../#.."
    )
    assert lines[-8:] == [
        "Computer: places a horizontal domino in row 1, columns 2-3 -> cram:2x3 ###/###",
        "Position: cram:2x3 ###/### has no moves (the last mover wins).",
        "     1 2 3",
        "  1  # # #",
        "  2  # # #",
        "The computer wins.",
        _AFTER_END,
        "Game over> ",
    ]
    # the user throws the win away in cram:2x3 (a horizontal domino leaves an N-position)
    lines = _lines("cram:2x3", stdin="1,1-1,2\nquit\n")
    assert lines[7].startswith(
        "That move gives away the win: places a vertical domino in column 1, rows 1-2 -> "
        "cram:2x3 #../#.. would have kept it."
    )
    assert lines[8].startswith("Computer: places ")


def test_arc_kayles_is_played_like_nim_by_words() -> None:
    lines = _lines('arc-kayles "1-2 2-3 3-4"', stdin="moves\npicks the edge 3-4\n\n")
    assert lines[:3] == [
        _FIRST,
        'Type a move as the position it leaves (e.g. arc-kayles "3-4", or just "3-4") or '
        "its number in 'moves'; 'help' says more.",
        'Position: arc-kayles "1-2 2-3 3-4"',
    ]
    assert lines[3] == "  edges: 1-2 2-3 3-4"  # the graph
    assert lines[5:8] == [
        '  1. picks the edge 1-2 (vertices 1 and 2 go) -> arc-kayles "3-4"',
        '  2. picks the edge 2-3 (vertices 2 and 3 go) -> arc-kayles ""',
        '  3. picks the edge 3-4 (vertices 3 and 4 go) -> arc-kayles "1-2"',
    ]
    assert lines[9:] == [
        "That move gives away the win: picks the edge 2-3 (vertices 2 and 3 go) -> "
        'arc-kayles "" would have kept it.',
        'Computer: picks the edge 1-2 (vertices 1 and 2 go) -> arc-kayles ""',
        'Position: arc-kayles "" has no moves (the last mover wins).',
        "The computer wins.",
        _AFTER_END,
        "Game over> ",
    ]


def test_an_impartial_variant_is_played_like_nim() -> None:
    """impartial:domineering 2x3 is Cram 2x3: either player places a domino either way."""
    lines = _lines("impartial:domineering", "2x3", stdin="2,1-2,2\n")
    assert lines[0] == _FIRST
    assert lines[2] == "Position: impartial:domineering .../..."
    assert lines[7:] == [
        "That move gives away the win: places a vertical domino in column 1, rows 1-2 -> "
        "impartial:domineering #../#.. would have kept it.",
        "Computer: places a horizontal domino in row 1, columns 2-3 -> "
        "impartial:domineering .##/##.",
        "Position: impartial:domineering .##/##. has no moves (the last mover wins).",
        "     1 2 3",
        "  1  . # #",
        "  2  # # .",
        "The computer wins.",
        _AFTER_END,
        "Game over> ",
    ]


def test_a_sum_of_cram_and_nim_is_played_like_nim() -> None:
    lines = _lines("cram:2x2 + nim 2", stdin="moves\n2:1\n\n")
    assert lines[0] == _FIRST
    assert lines[2] == "Position: cram:2x2 ../.. + nim 2"
    assert (
        "  1. places a vertical domino in column 1, rows 1-2 in cram:2x2 ../.. -> "
        "cram:2x2 #./#. + nim 2"
    ) in lines
    assert "  5. take 2 from the heap of 2 -> cram:2x2 ../.. + nim 0" in lines
    assert not any("Left" in line or "Right" in line for line in lines)


def test_misere_is_refused_naming_the_game() -> None:
    done = run("play", "--misere", "cram:2x3")
    assert done.status == 2 and done.out == ""
    assert done.err == (
        "grundy: error: misère play is not supported for cram:2x3 (solved by canonical "
        "values, which are for normal play); drop --misere\n"
    )


def test_partisan_games_keep_left_and_right() -> None:
    for argv, computer in (
        (("domineering:2x3", "--computer-first"), "Computer (Right): Right places "),
        (("toads-frogs", "TT..FF", "--computer-first"), "Computer (Right): Right: "),
        (("clobber", "xoxo", "--side", "right", "--computer-first"), "Computer (Left): Left: "),
        (("cram:1x2 + domineering:2x2", "--computer-first"), "Computer (Right): Right "),
    ):
        lines = _lines(*argv, stdin="quit\n")
        assert lines[0].startswith("You play ") and " moves first)." in lines[0], argv
        assert lines[2].startswith(computer), (argv, lines[2])
        assert any(line.endswith("to move)") for line in lines), argv
    lines = _lines("domineering:2x2", stdin="quit\n")
    assert lines[:1] + lines[2:3] == [
        "You play Left (Left moves first).",
        "Position: domineering:2x2 ../..  (Left to move)",
    ]


def test_a_real_child_process_plays_cram() -> None:
    done = run_process([*GRUNDY_MODULE, "play", "cram:1x2"], stdin="1,1-1,2\n")
    assert done.status == 0, done.err
    assert done.out.startswith(_FIRST + "\n")
    assert "Position: cram:1x2 ## has no moves (the last mover wins)." in done.out
    assert "You win!" in done.out and "Left" not in done.out


# ----- the moves without a side ------------------------------------------------------

_SAME = (
    "cram:2x3",
    "cram .#./.../..#",
    'arc-kayles "1-2 2-3 3-4 4-5 2-5"',
    "impartial:domineering 2x3",
    "impartial:clobber xox/oxo",
    "impartial:toads-frogs tt.ff",
    'cram:2x2 + nim 2 + arc-kayles "1-2"',
)


@pytest.mark.parametrize("spec", _SAME)
def test_legal_plays_without_a_side_are_either_sides_moves(spec: str) -> None:
    position = grundy.parse(spec)
    assert not needs_side(position)
    neutral = legal_plays(position, None)
    assert neutral, spec
    after = sorted(str(p.after) for p in neutral)
    for side in ("L", "R"):
        assert sorted(str(p.after) for p in legal_plays(position, side)) == after, side
    for p in neutral:
        assert p.player is None
        assert not p.words.startswith(("Left", "Right")), p.words
        assert "Left:" not in p.words and "Right:" not in p.words


def test_the_words_are_the_solvers() -> None:
    """The moves listed and the solver's winning moves are said in the same words."""
    for spec in _SAME:
        position = grundy.parse(spec)
        words = {str(p.after): p.words for p in legal_plays(position, None)}
        result = grundy.solve(position, max_moves=1000)
        for after, said in zip(result.winning_moves, result.move_descriptions, strict=True):
            assert said.startswith(words[str(after)].split(" in ")[0]), (spec, said)


def test_a_partisan_position_still_needs_a_side() -> None:
    for spec in ("domineering:2x2", "cram:2x2 + domineering:1x2", 'cgt "*2"', "clobber xo"):
        position = grundy.parse(spec)
        assert needs_side(position), spec
        with pytest.raises(UnsupportedError, match="name the side"):
            legal_plays(position, None)
    for spec in ("nim 3", "kayles 4 + nim 1", "tictactoe .........", "chomp:2x2"):
        assert not needs_side(grundy.parse(spec)), spec


def test_same_moves_is_the_solvers_impartial_rule() -> None:
    from grundy.cgt.sums import impartial_rule  # noqa: PLC0415

    for entry in grundy.REGISTRY:
        game = grundy.parse(entry.example).components[0].game
        assert same_moves(game) == impartial_rule(game), entry.name
