"""Loopy values: notation, named values, sums, order, stops, and the solve path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import parse, solve
from grundy.cgt.loopy import LoopyValue, Stopper, loopy_value
from grundy.cgt.loopy.notation import format_stopper, parse_loopy
from grundy.cgt.loopy.solve import component_graph
from grundy.errors import InvalidSpecError
from tests.cgt.loopy.test_reference import LOOPY_X, _game, _predicted, _sides_agree
from tests.reference.loopy_play import outcome, short_game

DATA = Path(__file__).parents[1] / "data" / "backsliding_toads_frogs.txt"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("on", "on"),
        ("off", "off"),
        ("{pass|}", "on"),
        ("over", "over"),
        ("{0|pass}", "over"),
        ("under", "under"),
        ("upon", "upon"),
        ("{1|pass}", "1over"),
        ("1over", "1over"),
        ("{0|over}", "over"),
        ("over + over", "over"),
        ("on + 1", "on"),
        ("^ + over", "over"),
        ("dud", "on & off"),
        ("on + off", "on & off"),
        ("tis", "1 & 0"),
        ("tisn", "0 & -1"),
        ("a{0|{a|}}", "1 & *"),
        ("{2|{1|pass}}", "{2|1over}"),
        ("1/2", "1/2"),
        ("{1|-1}", "+-1"),
    ],
)
def test_values_print_in_cgsuite_notation(text: str, shown: str) -> None:
    assert str(loopy_value(text)) == shown


def test_printed_values_read_back() -> None:
    for text in ("over", "{2|1over}", "a{0|{a|0}}", "{0,pass|0}", "upon + *"):
        v = loopy_value(text)
        assert loopy_value(str(v.onside)) == LoopyValue(v.onside, v.onside)


def test_order_of_named_values() -> None:
    on, off, over, zero = (loopy_value(t) for t in ("on", "off", "over", "0"))
    assert off < zero < over < on
    assert over < loopy_value("1/1024")
    assert loopy_value("upon") > loopy_value("^")


def test_negation_swaps_the_sides() -> None:
    tis = loopy_value("tis")
    assert -tis == loopy_value("tisn")
    assert str(-loopy_value("over")) == "under"


def test_stops() -> None:
    s = loopy_value("{2|1over}").onside
    assert (str(s.left_stop), str(s.right_stop)) == ("2", "1over")
    on = loopy_value("on").onside
    assert (str(on.left_stop), str(on.right_stop)) == ("on", "on")


def test_degree_and_variety() -> None:
    assert str(loopy_value("over").onside.degree()) == "over"
    assert str(loopy_value("3/2").onside.degree()) == "0"
    assert str(loopy_value("1over").onside.variety()) == "over"


@pytest.mark.parametrize("bad", ["{0|pass", "a{0|b}", "pass", "on{0|}", "{0|a + pass}"])
def test_bad_loopy_text_is_one_clear_error(bad: str) -> None:
    with pytest.raises(InvalidSpecError):
        parse_loopy(bad)


def test_named_braces_for_longer_cycles() -> None:
    g, s = parse_loopy("a{0|b{a|}}")
    assert format_stopper(g, s) == "a{0|{a|}}"
    assert len(g) == 3


def test_solve_a_loopy_literal() -> None:
    r = solve('cgt "{0|pass}"')
    assert (r.outcome, r.canonical, r.cgsuite, r.onside, r.offside) == (
        "L",
        "over",
        "over",
        "over",
        "over",
    )
    assert (r.left_stop, r.right_stop, r.degree, r.variety) == ("over", "over", "over", "over")
    d = solve('cgt "dud" + cgt 1')
    assert (d.outcome, d.canonical, d.onside, d.offside) == ("D", "on & off", "on", "off")
    assert all("draws" in w for w in d.move_descriptions)


def test_not_stopper_sided_as_found_still_gives_the_outcome() -> None:
    r = solve('cgt "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"')  # Bach's Carousel
    assert r.canonical is None and r.outcome == "N"
    assert any("Not stopper-sided as far as found" in line for line in r.explanation)


def test_a_game_the_rounds_did_not_settle_has_its_value() -> None:
    """``a{0,{|a}|a}``: the sidling rounds of earlier versions did not settle; both its
    sides are ``over``, which the reference confirms in sums."""
    r = solve('cgt "a{0,{|a}|a}"')
    assert (r.canonical, r.onside, r.offside, r.outcome) == ("over", "over", "over", "L")
    game = _game(*parse_loopy("a{0,{|a}|a}"))
    over = _game(*parse_loopy("over"))
    for x in [short_game(x) for x in ("0", "*", "1", "-1", "1/2", "^")] + list(LOOPY_X.values()):
        assert _sides_agree(game, over, over, x)


def test_cli_json_and_errors() -> None:
    run = [sys.executable, "-m", "grundy", "solve", "--json", 'cgt "tis"']
    out = subprocess.run(run, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert (data["cgsuite"], data["onside"], data["offside"], data["outcome"]) == (
        "1 & 0",
        "1",
        "0",
        "PHat",
    )
    bad = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", 'cgt "{0|pas}"'],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr


def _published() -> list[tuple[str, str]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            strip, value = line.split(" = ")
            rows.append((strip, value))
    return rows


@pytest.mark.parametrize(("strip", "value"), _published())
def test_backsliding_published_value_predicts_our_outcomes(strip: str, value: str) -> None:
    """CGSuite's value of the strip, read here, predicts the outcome of the strip plus each
    short game X (under both starts) that a retrograde analysis of our rules' game graph
    gives (tests/reference/loopy_play.py)."""
    on_text, off_text = (t.strip() for t in value.split("&"))
    on, off = _game(*parse_loopy(on_text)), _game(*parse_loopy(off_text))
    assert Stopper.of(*parse_loopy(on_text)) >= Stopper.of(*parse_loopy(off_text))
    pos = parse(f"backsliding-toads-frogs {strip}")
    g, _states = component_graph(pos.components[0], 10**5)
    game = _game(g, 0)
    for x in ("0", "*", "1", "-1", "1/2", "^"):
        assert outcome([game, short_game(x)]) == _predicted(on, off, short_game(x)), x
    assert outcome([game]) == (0, 0)  # a draw whoever starts


@pytest.mark.slow  # about 20 s: U_1 of 560 positions, simplified, five rounds
@pytest.mark.parametrize(("strip", "value"), _published())
def test_backsliding_gets_the_published_value(strip: str, value: str) -> None:
    """grundy's sides of the strip are CGSuite's (equal stoppers), and its ``cgsuite`` field
    is CGSuite's text."""
    on_text, off_text = (t.strip() for t in value.split("&"))
    r = solve(f"backsliding-toads-frogs {strip}")
    assert r.outcome == "D" and r.onside and r.offside
    assert r.cgsuite == value
    assert Stopper.of(*parse_loopy(r.onside)) == Stopper.of(*parse_loopy(on_text))
    assert Stopper.of(*parse_loopy(r.offside)) == Stopper.of(*parse_loopy(off_text))


@pytest.mark.parametrize(("strip", "value"), [("tt..ff", "*"), ("t..ff", "off"), ("tt.f", "on")])
def test_backsliding_sides_found_predict_our_outcomes(strip: str, value: str) -> None:
    """Strips whose sides grundy finds: the value, and its sides agree with the reference
    outcome of our rules' game graph in sums (draws counted for Left with the onside, for
    Right with the offside)."""
    pos = parse(f"backsliding-toads-frogs {strip}")
    result = solve(pos)
    assert result.canonical == value
    g, _states = component_graph(pos.components[0], 10**5)
    game = _game(g, 0)
    on = _game(*parse_loopy(result.onside or ""))
    off = _game(*parse_loopy(result.offside or ""))
    for x in [short_game(x) for x in ("0", "*", "1", "-1", "1/2", "^")] + list(LOOPY_X.values()):
        assert _sides_agree(game, on, off, x)


def _sided() -> list[tuple[str, ...]]:
    path = DATA.parent / "published_loopy_sided_values.txt"
    return [
        tuple(part.strip() for part in line.split(";"))
        for line in path.read_text().splitlines()
        if line and not line.startswith("#")
    ]


@pytest.mark.parametrize(("game", "value", "onside", "offside", "outcome_class"), _sided())
def test_cgsuite_sided_values(
    game: str, value: str, onside: str, offside: str, outcome_class: str
) -> None:
    """CGSuite's published sided values: grundy's value, sides and outcome class; Bach's
    Carousel is not stopper-sided (no value) and its outcome is N."""
    r = solve(f'cgt "{game}"')
    assert r.outcome == outcome_class
    if value == "-":
        assert r.canonical is None and r.onside is None
    else:
        assert (r.canonical, r.onside, r.offside) == (value, onside, offside)
