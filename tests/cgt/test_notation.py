"""CGSuite notation read and written; round trips on every game born by day 3."""

from __future__ import annotations

import pytest

from grundy.cgt import CanonicalGame, format_braces, parse_game
from grundy.errors import InvalidSpecError


def test_round_trips_day3(day3: list[CanonicalGame]) -> None:
    for g in day3:
        assert parse_game(str(g)) == g
        assert parse_game(g.braces()) == g
        assert parse_game(g.unicode()) == g
        assert eval(repr(g), {"CanonicalGame": CanonicalGame}) == g
        leaves = g.braces().replace("{", " ").replace("}", " ").replace("|", " ").replace(",", " ")
        for leaf in leaves.split():
            assert leaf.startswith("*") or leaf.lstrip("-").replace("/", "").isdigit()


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("0", "0"),
        ("3/4", "3/4"),
        ("-2", "-2"),
        ("*", "*"),
        ("*2", "*2"),
        ("^", "^"),
        ("v", "v"),
        ("^*", "^*"),
        ("v*", "v*"),
        ("^2", "^2"),
        ("^^", "^2"),
        ("v3", "v3"),
        ("^2*", "^2*"),
        ("+-1", "+-1"),
        ("{1|-1}", "+-1"),
        ("{0,*|0}", "^*"),
        ("{2|-1/2}", "{2|-1/2}"),
        ("{0||0|-1}", "{0||0|-1}"),
        ("{0|{0|-1}}", "{0||0|-1}"),
        ("{|}", "0"),
        ("3/2+-1/2", "{2|1}"),
        ("{3/2|1/2}", "1+-1/2"),
        ("1+*", "1*"),
        ("1/2^*", "1/2^*"),
        ("-1v2", "-1v2"),
        ("2-1/2", "3/2"),
        ("(1+^)-^", "1"),
        ("{3||2|0|||-1}", "{3|1+-1||-1}"),
        ("{3||2|1|||-1}", "{3||2|1|||-1}"),
        ("{0|1}", "1/2"),
        ("{1|0}", "{1|0}"),
        ("⇑*", "^2*"),
        ("↑ + ↓", "0"),
        ("±½", "+-1/2"),
        ("∗3", "*3"),
        ("{1,2|}", "3"),
        ("{|-1,0}", "-2"),
    ],
)
def test_readable_forms(text: str, shown: str) -> None:
    assert str(parse_game(text)) == shown


def test_braces_form() -> None:
    assert format_braces(parse_game("^2")) == "{0|{0,*|0}}"
    assert format_braces(parse_game("1/2*")) == "{1/2|1/2}"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("{1|", "'}'"),
        ("{1 2}", "'|'"),
        ("1/3", "1/3"),
        ("{1||2||3}", "'||'"),
        ("x", "'x'"),
        ("{1,|0}", "','"),
        ("", "a game"),
        ("1 2", "'2'"),
        ("3/", "'/'"),
    ],
)
def test_bad_notation_names_the_token(text: str, word: str) -> None:
    with pytest.raises(InvalidSpecError) as info:
        parse_game(text)
    message = str(info.value)
    assert word in message and "expected:" in message and "\n" not in message
