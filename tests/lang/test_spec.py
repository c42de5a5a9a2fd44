"""The position language: parsing, printing, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.lang.spec import tokenize


@pytest.mark.parametrize(
    "text",
    [
        "nim 3 4 5",
        "subtraction:1,3,4 10",
        "subtraction:2..5 17",
        "bash:3 10 + nim 3",
        "nim 0",
        "subtraction:1,2,5..9 3 4",
        # the search games (grundy.catalog.boards)
        "tictactoe x.o......",
        "tictactoe x.o/.x./o..",
        "connect4:4x4 ..../..../..../xo..",
        "connect4:5x4 3344",
        "connect4:7x6",
        "chomp:3x4",
        "chomp:4x5 5 3 3 1",
        "domineering-search:3x3 #../#../... R",
        "domineering-search:2x4",
    ],
)
def test_round_trip(text: str) -> None:
    p = grundy.parse(text)
    assert grundy.parse(str(p)) == p
    assert str(grundy.parse(str(p))) == str(p)


def test_heap_arguments_are_a_sum() -> None:
    assert grundy.parse("nim 3 4 5") == grundy.parse("nim 3 + nim 4 + nim 5")
    assert len(grundy.parse("nim 3 4 5").components) == 3


def test_ranges_and_sets_are_normalised() -> None:
    assert grundy.parse("subtraction:2..5 17") == grundy.parse("subtraction:5,4,3,2 17")
    assert str(grundy.parse("sub:5,4,3,2 17")) == "subtraction:2..5 17"


def test_tokenizer() -> None:
    assert tokenize("nim 3+nim 4") == ["nim", "3", "+", "nim", "4"]
    assert tokenize("x 'a b' \"c\"") == ["x", "a b", "c"]
    assert tokenize("x ''") == ["x", ""]


def test_empty_game() -> None:
    assert str(grundy.parse("0")) == "0"
    assert grundy.solve("0").outcome == "P"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("nim -3", "'-3'"),
        ("nim 3.5", "'3.5'"),
        ("nim", "at least one heap"),
        ("foo 3", "unknown game 'foo'"),
        ("nimm 3", "did you mean nim"),
        ("nim 3 +", "missing"),
        ("+ nim 3", "missing"),
        ("subtraction 3", "needs its set"),
        ("subtraction:0,1 3", "may not contain 0"),
        ("subtraction:5..2 3", "empty"),
        ("subtraction:a 3", "'a'"),
        ("subtraction: 3", "empty parameters"),
        ("bash:0 3", "M >= 1"),
        ("nim:2 3", "takes no parameters"),
        ("3 4", "not a game name"),
        ("nim 'x", "unterminated quote"),
    ],
)
def test_errors_name_the_problem_and_the_syntax(text: str, fragment: str) -> None:
    with pytest.raises(grundy.InvalidSpecError) as info:
        grundy.parse(text)
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message
    assert "expected" in message


def test_unknown_game_is_also_a_key_error() -> None:
    with pytest.raises(KeyError):
        grundy.parse("foo 3")


@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=5))
def test_nim_round_trip_property(heaps: list[int]) -> None:
    text = "nim " + " ".join(map(str, heaps))
    p = grundy.parse(text)
    assert str(p) == text
    assert grundy.parse(str(p)) == p


def test_repr_rebuilds_the_position() -> None:
    p = grundy.parse("bash:3 10 + nim 3")
    assert eval(repr(p), {"grundy": grundy}) == p
