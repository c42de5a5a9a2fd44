"""``grundy play`` plays every registered game to the end: the user types the number of
the first listed move at each turn (as the page's browser test clicks its first move),
and the game ends with a winner or a draw within a few dozen moves."""

from __future__ import annotations

import pytest

import grundy
from grundy.core.game import Play
from grundy.core.moves import legal_plays
from grundy.play import _by_cells
from tests.cli.helpers import run

#: A small position of every game in ``grundy games`` that ends quickly whatever is played
#: (Backsliding Toads and Frogs is loopy; ``tf.`` has one line of play, of three moves).
SPECS = {
    "amazons": "amazons x../..#/..o",
    "anti-clobber": "anti-clobber xo./.ox",
    "arc-kayles": 'arc-kayles "1-2 2-3 3-3 4-5 5-6 6-4"',
    "backsliding-toads-frogs": "backsliding-toads-frogs tf.",
    "bash": "bash:2..3 5",
    "ceylonese-fox-and-geese": "ceylonese-fox-and-geese geese=3,1;3,3 fox=1,1",
    "cgt": 'cgt "{2|-1/2}"',
    "childish-hackenbush": 'childish-hackenbush "0-1:b 1-2:r 1-3:g 0-4:r 4-4:g"',
    "chomp": "chomp:3x3",
    "clobber": "clobber xox/oxo",
    "col": "col .../...",
    "connect4": "connect4:4x4 ..../..../xo../xo..",
    "cram": "cram:2x3",
    "cutcake": "cutcake 2x3",
    "dawson": "dawson 6",
    "dawsons-chess": "dawsons-chess 5",
    "dicotic": "dicotic:clobber xox/oxo",
    "divisor-removal": "divisor-removal 1..5",
    "divisors": "divisors 12",
    "domineering": "domineering:3x3",
    "domineering-search": "domineering-search:3x3",
    "eatcake": "eatcake 2x3",
    "elephants-rhinos": "elephants-rhinos tt..t.ff",
    "ferguson": "ferguson 2 3",
    "fibonacci": "fibonacci 6",
    "fission": "fission .../.x./...",
    "fox-and-geese": "fox-and-geese geese=3,1;3,3 fox=1,1",
    "grundys-game": "grundys-game 7",
    "hackenbush": 'hackenbush "0-1 1-2 1-3 2-3 0-4"',
    "halving": "halving 6 5",
    "impartial": "impartial:domineering 2x3",
    "kayles": "kayles 3 4",
    "konane": "konane xo.x/.xo./ox.o",
    "lasker": "lasker 3 2",
    "matrix": "matrix:2x2 1 0 1 1",
    "maundy-cake": "maundy-cake 2x4",
    "mock-turtles": "mock-turtles 1 4 7",
    "moore": "moore:2 2 3",
    "nim": "nim 2 3",
    "octal": "octal:0.07 6",
    "partizan-arc-kayles": 'partizan-arc-kayles "1-2:b 2-3:r 3-4:g 4-1:b 3-3:r"',
    "partizan-euclid": "partizan-euclid 9,6 8,7",
    "partizan-splittles": "partizan-splittles:1,3|2,3 7 4",
    "partizan-subtraction": "partizan-subtraction:1,3|2,3 6 4",
    "ruler": "ruler THHTH",
    "snort": "snort .../...",
    "spawning": "spawning:3E 7 9",
    "subtraction": "subtraction:1,3,4 7",
    "tartan": "tartan:ruler*ruler 2,2 3,4",
    "tictactoe": "tictactoe xo.x.o...",
    "toads-frogs": "toads-frogs tt..ff",
    "toppling-dominoes": "toppling-dominoes bbrgrb",
    "cherries": "cherries bbrbrr",
    "treblecross": "treblecross .......",
    "turn-and-eatcake": "turn-and-eatcake 2x3",
    "turning": "turning:4 THHTH",
    "turning-code": "turning-code:1-3C(5) HTTHTHTTH",
    "turning-turtles": "turning-turtles THHTH",
    "twisted": "twisted:cutcake 2x3",
    "weighted-arc-kayles": 'weighted-arc-kayles "1:2 2:2 3:1 1-2 2-3"',
    "wythoff": "wythoff 2 3",
}

#: How the game ends, as ``grundy play`` says it.
ENDS = ("You win!", "The computer wins.", "It is a draw.")


def test_every_registered_game_has_a_spec() -> None:
    names = {e.name for e in grundy.REGISTRY}
    assert names <= set(SPECS), f"add a spec to SPECS for: {sorted(names - set(SPECS))}"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_game_is_played_to_the_end_by_move_numbers(name: str) -> None:
    spec = SPECS[name]
    done = run("play", spec, stdin="1\n" * 40)
    assert done.status == 0, done.err
    assert done.err == ""
    lines = done.out.replace("Your move> ", "Your move>\n").splitlines()
    ends = [line for line in lines if line in ENDS]
    assert len(ends) == 1, lines[-12:]
    assert any(line.startswith("Computer") for line in lines) or ends == ["You win!"], lines
    # nothing typed was refused: each "1" was the first listed move
    assert not any("is not a move" in line or "not a legal move" in line for line in lines)


def test_an_amazons_move_is_typed_as_its_cells_in_order() -> None:
    """The same three squares in two orders are two moves (to 1,2 shooting 1,3, and to 1,3
    shooting 1,2); a shot back names the first square again; help's example is in order."""
    position = grundy.parse("amazons x../..#/..o")
    options = legal_plays(position, side="L")
    for typed, after in (
        ("1,1-1,2-1,3", "amazons .x#/..#/..o"),
        ("1,1-1,3-1,2", "amazons .#x/..#/..o"),
        ("1,1-1,2-1,1", "amazons #x./..#/..o"),
    ):
        found = _by_cells(typed, position, options)
        assert isinstance(found, Play) and str(found.after) == after, (typed, found)
    assert "the cells it plays on (e.g. 1,1-1,2-1,3)" in run("play", str(position)).out
