"""Loopy values written exactly as CGSuite writes them (the ``cgsuite`` field), and read back.

CGSuite sets an option with one option a side among its game's slashes (``{on||0|-1/2}``,
not ``{on|{0|-1/2}}``), braces a game with an empty side, a named one and one of several
options, and reads ``pass`` as the game of its own slash level.
"""

from __future__ import annotations

import pytest

from grundy import solve
from grundy.cgt.loopy import LoopyValue, Stopper, loopy_value
from grundy.cgt.loopy.graph import Graph, is_stopper
from grundy.cgt.loopy.notation import format_stopper, parse_loopy
from grundy.cgt.loopy.sides import NotSettledError, side
from grundy.errors import UnsupportedError
from tests.cgt.loopy.test_reference import _games, _graph, _stoppers

# Source: CGSuite's test suite, aaron-siegel/cgsuite on GitHub,
#   lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala:
#   game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue == "{on||0|-1/2} & {1/2|0||off}"
TTT_FFF = "{on||0|-1/2} & {1/2|0||off}"

# Source: CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/
#   CanonicalStopperTestCase.scala (input, output) and SidedValueTestCase.scala (x, xOut):
#   the cases grundy writes as CGSuite does (CGSuite's Tiny(on), Miny(on), Tiny(over),
#   +-over, ^<on> forms are not written so here).
CGSUITE = [
    ("on", "on"),
    ("off", "off"),
    ("over", "over"),
    ("{pass|3/2}", "3/2under"),
    ("{-1/4+*|pass}", "-1/4v[on]"),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
    (
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
        "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
    ),
    ("a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}"),
    ("dud", "dud"),
    ("a{{|a}|}", "1 & 0"),
    ("{0|{dud|},*}", "^ & v*"),
]


def test_ttt_fff_prints_as_cgsuite() -> None:
    """The sides of Backsliding Toads and Frogs ``ttt..fff`` (built here from their nested
    braces, without the 20 s solve) print as CGSuite's published value."""
    on = Stopper.of(*parse_loopy("{on|{0|-1/2}}"))
    off = Stopper.of(*parse_loopy("{{1/2|0}|off}"))
    value = LoopyValue(on, off)
    assert value.cgsuite_text() == TTT_FFF
    assert str(value) == TTT_FFF  # grundy's own text sets the slashes alike
    assert (on.cgsuite_text(), off.cgsuite_text()) == ("{on||0|-1/2}", "{1/2|0||off}")


@pytest.mark.parametrize(("text", "shown"), CGSUITE)
def test_cgsuite_test_cases(text: str, shown: str) -> None:
    assert loopy_value(text).cgsuite_text() == shown


def test_the_cgsuite_field() -> None:
    assert solve('cgt "dud"').cgsuite == "dud"
    r = solve('cgt "{-1/4+*|pass}"')
    assert (r.cgsuite, r.canonical) == ("-1/4v[on]", "{-1/4*|pass}")
    r = solve('cgt "{on|{0||0|-1/2}}"')  # short parts in each one's notation
    assert (r.cgsuite, r.canonical) == ("{on|Tiny(1/2)}", "{on|||0||0|-1/2}")
    assert solve('cgt "{on|^^}"').cgsuite == "{on|^^}"


def test_pass_is_the_game_of_its_slash_level() -> None:
    """CGSuite's ``{0||0|0,pass}`` is ``{0 || a{0|0,a}}`` (its ``uponth``), not ``{0||0|0,G}``
    with ``G`` the whole game."""
    g, s = parse_loopy("{0||0|0,pass}")
    assert g.left[s] == (1,) and len(g.right[s]) == 1
    inner = g.right[s][0]
    assert inner in g.right[inner] and inner != s
    assert loopy_value("{0||0|0,pass}") == loopy_value("{0|a{0|0,a}}")
    assert loopy_value("{0||0|0,pass}") != loopy_value("a{0||0|0,a}")
    assert loopy_value("^[on]") == loopy_value("upon")
    assert loopy_value("1/2v[on]") == loopy_value("{1/2+*|pass}")


def _reads_back(s: Stopper) -> None:
    for text in (str(s), s.cgsuite_text()):
        assert Stopper.of(*parse_loopy(text)) == s, text


@pytest.mark.parametrize("seed", range(3))
def test_random_stoppers_read_back(seed: int) -> None:
    """print -> parse -> the same stopper, both texts, for random stoppers of 1 to 4
    vertices with passes and cycles."""
    for game in _stoppers(seed, 40):
        _reads_back(Stopper.of(*_graph(game)))


@pytest.mark.parametrize("seed", range(2))
def test_random_sides_read_back(seed: int) -> None:
    found = 0
    for game in _games(seed, 80):
        g, s = _graph(game)
        if is_stopper(g, s):
            continue
        try:
            sides = [side(g, s, on) for on in (True, False)]
        except NotSettledError:
            continue
        found += 1
        for sg, start in sides:
            _reads_back(Stopper.of(sg, start))
    assert found > 5


@pytest.mark.parametrize(
    "text",
    [t for t, _ in CGSUITE]
    + ["upon", "{1|pass}", "{2|{1|pass}}", "tis", "tisn", "{0|{0|0,pass}}", "{pass||0|0}"]
    + ["{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|*,pass}", "upon + *", "{on|{0|-1/2}}"],
)
def test_named_and_published_games_read_back(text: str) -> None:
    v = loopy_value(text)
    for s in (v.onside, v.offside):
        _reads_back(s)
    if not v.is_stopper:
        on, off = (t.strip() for t in v.cgsuite_text().replace("dud", "on & off").split("&"))
        assert LoopyValue(Stopper.of(*parse_loopy(on)), Stopper.of(*parse_loopy(off))) == v


def test_at_most_four_slashes_in_cgsuite_text() -> None:
    """CGSuite braces a level that reaches four slashes (``maxSlashes``); grundy's own text
    does not, as for short games."""
    for text, shown, own in [
        (
            "{on|{{{{{0|-1}|-2}|-3}|-4}|-5}}",
            "{on||{0|-1||-2|||-3||||-4}|-5}",
            "{on||||||0|-1||-2|||-3||||-4|||||-5}",
        ),
        (
            "{{{{{{on|0}|-1}|-2}|-3}|-4}|-5}",
            "{{on|0||-1|||-2||||-3}|-4||-5}",
            "{on|0||-1|||-2||||-3|||||-4||||||-5}",
        ),
    ]:
        v = loopy_value(text).onside
        assert (v.cgsuite_text(), str(v)) == (shown, own)
        _reads_back(v)


def test_a_deep_loopy_game_is_refused_in_one_line() -> None:
    """A chain of 1,100 loopy games (each Left's move to the next, ``on`` at the end)
    prints, or is refused with one GrundyError, never a RecursionError."""
    n = 1100
    left = [[k + 1] for k in range(n)] + [[n]]
    right: list[list[int]] = [[0]] + [[] for _ in range(n)]
    g = Graph.of(left, right)
    with pytest.raises(UnsupportedError, match="nested too deeply to print"):
        format_stopper(g, 0)
    with pytest.raises(UnsupportedError):
        format_stopper(g, 0, cgsuite=True)
