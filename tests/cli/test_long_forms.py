"""Values whose written forms grow exponentially answer at once (found by a notation fuzz).

A canonical form or a loopy graph shares its parts, and every notation writes a shared
part out wherever it is used: ``{3/2|1/2}:*18`` is born on day 22 with a small graph, but
its readable form has 3,099,363,911 characters (the command ran for hours before, and ran
out of memory). Each writer now counts or caps the length first; the answer says in a line
what it could not write.
"""

from __future__ import annotations

from grundy.core.limits import StepClock, use_clock
from tests.cli.helpers import run

#: A step clock for the command's default time limit of 60 s: 600,000 readings (the old
#: writers read it billions of times; the answers now take a few hundred).
CLOCK = 0.0001


def test_a_value_with_a_huge_readable_form() -> None:
    with use_clock(StepClock(CLOCK)):
        r = run("solve", 'cgt "{3/2|1/2}:*18"')
    assert r.status == 0, r.err
    line = "(a value born on day 22: its readable form has 3,099,363,911 characters)"
    assert f"Canonical value: {line}" in r.out
    assert "Outcome: Left wins whoever starts" in r.out
    assert "Mean 1, temperature 1/2" in r.out
    assert "(a value born on day 17: its readable form has 12,754,583 characters)" in r.out
    assert len(r.out) < 2_000_000


def test_a_loopy_sum_in_one_value() -> None:
    with use_clock(StepClock(CLOCK)):
        r = run("solve", 'cgt "a{0|b{a|-1}}+^+*3+{1|-1}"')
    assert r.status == 0, r.err
    assert r.out.startswith('cgt "a{0||a|-1}" + cgt "^" + cgt "*3" + cgt "+-1"')
    assert 'Left moves to "1" (draws)' in r.out


def test_a_loopy_game_out_of_time_says_so() -> None:
    """Under the default time limit a loopy game's analysis has all of it (no two-player
    search can stand in: play may go on for ever); out of time, the line says so. Before,
    the search stood in at half time and stopped with "the game is loopy"."""
    with use_clock(StepClock(1.0)):  # 60 readings: the analysis needs more
        r = run("solve", 'cgt "a{0|b{a|-1}}+^+*3+{1|-1}"')
    assert r.status == 1
    assert r.err.startswith("grundy: error: stopped at the default time limit of 60 s")
    assert "loopy" not in r.err


def test_braces_past_the_limit_are_left_out() -> None:
    r = run("solve", 'cgt "1/2*40"')
    assert r.status == 0, r.err
    assert "The fully nested braces form has 40,525,551,530,189,762,669 characters" in r.out


def test_a_position_too_long_to_write_is_refused_when_read_back() -> None:
    line = "(a value born on day 22: its readable form has 3,099,363,911 characters)"
    for spec in (f"cgt {line}", 'cgt "^" + cgt ' + line):
        r = run("solve", spec)
        assert r.status == 2
        assert "this position was too long to write out" in r.err
        assert len(r.err.splitlines()) == 1
