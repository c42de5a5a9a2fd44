"""CGSuite notation read and written; round trips on every game born by day 3."""

from __future__ import annotations

import pytest

from grundy.cgt import CanonicalGame, format_braces, format_game, parse_game
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


def test_a_braces_form_past_its_limit_is_one_line_not_a_hang() -> None:
    """The braces form repeats shared parts: 1/2*40's would have about 4*10**19 characters.
    Its length is counted without writing it, and the limit refuses it in one line."""
    from grundy.cgt.notation import braces_length  # noqa: PLC0415
    from grundy.errors import SearchLimitError  # noqa: PLC0415

    with pytest.raises(SearchLimitError, match=r"has 40,525,551,530,189,762,669 characters"):
        format_braces(parse_game("1/2*40"))
    small = parse_game("1/2v2*")
    n = braces_length(small)
    assert len(format_braces(small, max_length=n)) == n == len(format_braces(small, None))
    with pytest.raises(SearchLimitError, match=f"more than max_length={n - 1}"):
        small.braces(max_length=n - 1)
    for bad in (-1, True, 2.5, "10"):
        with pytest.raises(InvalidSpecError, match="max_length must be an integer"):
            format_braces(small, max_length=bad)  # type: ignore[arg-type]
    # nimbers are leaves: their length is their text's, however large the nimber
    assert braces_length(parse_game("*256")) == len("*256")


def test_pickles_hold_each_shared_part_once(day3: list[CanonicalGame]) -> None:
    """A pickle lists the distinct games below (not the braces form, which repeats them):
    every game born by day 3 comes back, and so do values the braces form cannot write."""
    import pickle  # noqa: PLC0415

    for g in day3:
        assert pickle.loads(pickle.dumps(g)) is g
    for text in ("1/2*40", "{1|-1}+*40", "1/2v2*17", "{0||0|-1}+^[5]*3"):
        g = parse_game(text)
        data = pickle.dumps(g)
        assert len(data) < 20_000, text
        assert pickle.loads(data) == g


def test_the_readable_form_s_length_is_known_without_writing_it(
    day3: list[CanonicalGame],
) -> None:
    """format_game counts a form's length from its parts' lengths (so that a cap refuses a
    long form before writing it): the count is the text's length, over every game born by
    day 3 and sums of them with ordinal sums and big numbers (one table, no limit)."""
    from grundy.cgt.notation import _readable  # noqa: PLC0415

    games = list(day3) + [
        parse_game(t) for t in ("{3/2|1/2}:*6", "1/2v2*5", "{0||0|-1}+^[4]*3", "2^70+{1|-1}")
    ]
    games += [a + b for a in day3[::37] for b in day3[::53]]  # 40 x 28 sums
    for g in games:
        text = format_game(g, max_length=None)
        assert _readable(g, None) == (text, len(text)), text
        assert format_game(g, max_length=len(text)) == text == str(g)


def test_a_readable_form_past_its_limit_is_one_line_everywhere() -> None:
    """{3/2|1/2}:*18 is born on day 22 with a small graph, but its readable form has three
    billion characters (each shared part written where it is used): format_game refuses
    it, and str, pretty, CGSuite's text and the command line say so in a line."""
    from grundy.cgt import pretty  # noqa: PLC0415
    from grundy.cgt.cgsuite import cgsuite_field, cgsuite_text  # noqa: PLC0415
    from grundy.errors import SearchLimitError  # noqa: PLC0415

    g = parse_game("{3/2|1/2}:*18")
    line = "(a value born on day 22: its readable form has 3,099,363,911 characters)"
    with pytest.raises(SearchLimitError, match="has 3,099,363,911 characters"):
        format_game(g)
    assert str(g) == pretty(g) == line
    assert repr(g) == f"CanonicalGame({line!r})"
    with pytest.raises(SearchLimitError, match="CGSuite's text of the value has more than"):
        cgsuite_text(g)
    assert cgsuite_field(g, "cgsuite") is None
    with pytest.raises(SearchLimitError, match="more than max_length=100"):
        format_game(parse_game("{3/2|1/2}:*6"), max_length=100)
    for bad in (-1, True, 2.5):
        with pytest.raises(InvalidSpecError, match="max_length must be an integer"):
            format_game(g, max_length=bad)  # type: ignore[arg-type]
