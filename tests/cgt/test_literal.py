"""``cgt VALUE``: a game written in CGSuite notation is a component of the position language."""

from __future__ import annotations

import pytest

import grundy
from grundy.cgt import CanonicalGame, parse_game
from grundy.core.moves import legal_moves
from grundy.errors import InvalidSpecError
from tests.cgt.reference import birthday_games
from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("spec", "canonical", "outcome"),
    [
        ('cgt "{2|-1}"', "{2|-1}", "N"),
        ('cgt "{2|-1}" + nim 1', "{2*|-1*}", "N"),
        ("cgt ^ *", "^*", "N"),
        ('cgt "{0,*|0}"', "^*", "N"),
        ('cgt "+-1"', "+-1", "N"),
        ('cgt "{0||0|-1}"', "{0||0|-1}", "L"),
        ('cgt "3/2+-1/2"', "{2|1}", "L"),
        ("cgt ↑ ⇑*", "^3*", "L"),
        ('cgt "-3/4" + cgt 3/4', "0", "P"),
        ('cgt "{1|-1}" + domineering:2x3', "{2+-1|-1/2+-1}", "L"),
    ],
)
def test_values_and_outcomes(spec: str, canonical: str, outcome: str) -> None:
    r = grundy.solve(spec)
    assert (r.canonical, r.outcome) == (canonical, outcome)


def test_every_game_born_by_day_2_reads_back_and_moves_to_its_options() -> None:
    """All 22 games born by day 2:
    the component's value is the game, and its moves are the canonical options."""
    games = birthday_games(2)
    assert len(games) == 22
    for g in games:
        spec = f'cgt "{g}"'
        position = grundy.parse(spec)
        assert str(position) == spec
        assert grundy.solve(spec).canonical == str(g)
        for side, options in (("L", g.left_options), ("R", g.right_options)):
            reached = {str(p) for p, _ in legal_moves(position, side=side)}
            assert reached == {f'cgt "{o}"' for o in options}


def test_the_sum_of_literals_is_the_sum_of_values() -> None:
    games = birthday_games(2)
    for a in games[::3]:
        for b in games[::4]:
            r = grundy.solve(f'cgt "{a}" "{b}"')
            assert r.canonical == str(a + b)
            assert r.outcome == (a + b).outcome


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("cgt", "cgt needs a value"),
        ('cgt "{1|"', "expected '}'"),
        ('cgt "{1|2|3}"', "two '|'"),
        ("cgt x", "unexpected character"),
        ('cgt "{1|}" "("', "expected a game"),
    ],
)
def test_bad_literals_are_one_line(spec: str, problem: str) -> None:
    with pytest.raises(InvalidSpecError, match=problem):
        grundy.parse(spec)
    done = run("solve", spec)
    assert done.status == 2
    assert problem in done.err
    assert len(done.err.strip().splitlines()) == 1


def test_cli_json_for_a_literal() -> None:
    done = run("solve", "--json", 'cgt "{2|-1}" + nim 1')
    assert done.status == 0
    assert '"canonical": "{2*|-1*}"' in done.out
    assert '"canonical_braces": "{{2|2}|{-1|-1}}"' in done.out
    assert parse_game("{{2|2}|{-1|-1}}") == CanonicalGame("{2*|-1*}")


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ('cgt "*100000000000"', "the nimber *100000000000 is too large"),
        ('cgt "*257"', "at most *256"),
        ('cgt "^257"', "257 ups or downs are too many"),
        ('cgt "{1000000|-1000000}"', "numbers lie too far apart"),
        ("cgt " + "9" * 5000, "a number of 5,000 characters is too long"),
        ("cgt *" + "9" * 5000, "a count that large is out of reach"),
        ("cgt " + "{" * 300 + "0|" + "}" * 300, "braces nested more than 200 deep"),
        ("cgt " + "(" * 300 + "0" + ")" * 300, "parentheses nested more than 200 deep"),
        ("cgt " + "-" * 5000 + "1", "nested too deeply to read"),
        ("nim 129 + domineering:2x2", "nimbers above *128"),
    ],
)
def test_values_out_of_reach_are_refused_at_once(spec: str, problem: str) -> None:
    """Each value is stored with all its options: sizes past the engine's bounds are one
    line, exit 2, before any work (bounds in grundy.cgt._table and grundy.cgt.sums)."""
    done = run("solve", spec)
    assert done.status == 2, done.out[:200]
    assert problem in done.err
    assert len(done.err.strip().splitlines()) == 1
    assert len(done.err) < 600


def test_big_values_within_the_bounds_are_answered() -> None:
    r = grundy.solve('cgt "*256" + cgt "^256" + cgt 10000')
    assert r.canonical == "10000^256*256"
    assert r.outcome == "L"
    s = grundy.solve("nim 40 + domineering:3x3")  # {1*40|-1*40}: the braces form is huge
    assert s.canonical == "{1*40|-1*40}"
    assert s.canonical_braces is None
    assert any("braces form has" in line for line in s.explanation)


def test_a_partisan_search_stops_at_the_time_limit_as_given() -> None:
    grundy.clear_cache()
    done = run("solve", "domineering:8x8", "--time-limit", "0.5")
    assert done.status == 1
    assert "stopped at the time limit of 0.5 s after" in done.err
    # The work counted is the value's regions, or, where the value's share of the limit
    # passed before its first region was counted (a busy machine), the outcome search's
    # nodes (catalog.outcome.solve_partisan_bounded).
    assert " regions " in done.err or " nodes " in done.err, done.err
