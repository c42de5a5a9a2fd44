"""grundy.cgt.readable (pretty, short_name): readable notation names the same value (read
back by the notation parser after the words tiny/miny are written as braces), over random
games of birthday <= 3 and a few known forms."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.notation import parse_game
from grundy.cgt.readable import pretty, short_name
from grundy.cgt.value import CanonicalGame

_WORD = re.compile(r"(tiny|miny)-(\d+(?:/\d+)?)")


def read_back(text: str) -> CanonicalGame:
    """The game a pretty text names: tiny-x is {0||0|-x}, miny-x is {x|0||0}."""

    def braces(m: re.Match[str]) -> str:
        x = m.group(2)
        return "{0||0|-" + x + "}" if m.group(1) == "tiny" else "{" + x + "|0||0}"

    return parse_game(_WORD.sub(braces, text))


def games(depth: int) -> st.SearchStrategy[CanonicalGame]:
    base = st.sampled_from(
        [CanonicalGame(t) for t in ("0", "1", "-1", "1/2", "*", "^", "v", "2", "-3/4")]
    )
    if depth == 0:
        return base
    sub = games(depth - 1)
    built = st.builds(
        CanonicalGame.from_options,
        st.lists(sub, max_size=2),
        st.lists(sub, max_size=2),
    )
    return st.one_of(base, built)


@settings(max_examples=300, deadline=None)
@given(games(3))
def test_pretty_names_the_same_value(g: CanonicalGame) -> None:
    text = pretty(g)
    assert read_back(text) == g, text
    assert "+-" not in text and "^" not in text


def test_known_forms() -> None:
    cases = {
        "1+-1": "1±1",
        "+-1": "±1",
        "^": "↑",
        "^^": "⇑",
        "vv*": "⇓*",
        "v3": "↓3",
        "*7": "*7",
        "{0||0|-1}": "tiny-1",
        "{1|0||0}": "miny-1",
        "{0||0|-1/2}": "tiny-1/2",
        "{2|-1/2}": "{2 | -1/2}",
        "{2|1}": "{2 | 1}",
    }
    for ascii_form, expected in cases.items():
        assert pretty(ascii_form) == expected
        assert pretty(parse_game(ascii_form)) == expected


def test_short_names() -> None:
    assert short_name("+-1") == "a hot game: mean 0, temperature 1"
    assert short_name("^") == "an infinitesimal (positive)"
    assert short_name("v") == "an infinitesimal (negative)"
    assert short_name("*2") == "a nimber"
    assert short_name("-7/8") == "a number"
