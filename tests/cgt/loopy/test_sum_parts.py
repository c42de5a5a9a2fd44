"""A loopy game written as a sum is played as its parts, and a long form is bounded.

The graph of ``A + B`` has a vertex for each pair of A's and B's vertices, and writing a
vertex out repeats what it shares: ``cgt "a{0|b{a|-1}}+^+*3+{1|-1}"`` took 68 s to list
its moves (one option's form had 37 million characters). Its parts are now the position's
components, so each move is written in the part it is made in.
"""

from __future__ import annotations

import pytest

import grundy
from grundy.cgt.loopy import loopy_value
from grundy.cgt.loopy.notation import format_stopper, parse_loopy, sum_terms
from grundy.cgt.loopy.state import LoopyState
from grundy.core.limits import StepClock, bounded, use_clock
from grundy.errors import InvalidSpecError, SearchLimitError

#: Sums whose value the whole graph gives (loopy_value reads the text as one graph).
SUMS = [
    "on + off",
    "on - 1 + over",
    "over + under",
    "a{0|b{a|-1}} + ^",
    "a{0|b{a|-1}} - {1|pass}",
    "upon + * + {0|pass}",
    "-(on + 1) + tis",
    "1over + {pass|-1/2*}",
    "dud + 3",
]


@pytest.mark.parametrize("text", SUMS)
def test_a_sum_played_as_its_parts_has_the_whole_graph_s_value(text: str) -> None:
    whole = loopy_value(text)
    r = grundy.solve(f'cgt "{text}"')
    assert (r.onside, r.offside) == (str(whole.onside), str(whole.offside)), text
    assert r.outcome == whole.outcome
    assert str(r.position).count("cgt ") == len(sum_terms(text))


def test_the_terms_of_a_sum() -> None:
    assert sum_terms("on + {0|pass} - 1") == ["on", "{0|pass}", "-(1)"]
    assert sum_terms("{on + 1|0}") == ["{on + 1|0}"]  # inside braces: one game
    assert sum_terms("1over") == ["1over"]  # juxtaposed parts are one term
    assert sum_terms("-on - -1") == ["-on", "-(-1)"]
    with pytest.raises(InvalidSpecError, match="expected"):
        sum_terms("on +")


def test_moves_of_a_long_sum_are_listed_at_once() -> None:
    """The case from the fuzz: 68 s before (11.7 million readings of the clock in writing
    its options), a budget of 200,000 readings of a step clock now (not wall time)."""
    with use_clock(StepClock(1.0)), bounded(time_limit=200_000):
        r = grundy.solve('cgt "a{0|b{a|-1}}+^+*3+{1|-1}"')
    assert r.outcome == "D"
    assert str(r.position) == 'cgt "a{0||a|-1}" + cgt "^" + cgt "*3" + cgt "+-1"'
    assert all(len(d) < 200 for d in r.move_descriptions)


def test_a_form_too_long_to_write_is_one_line() -> None:
    g, s = parse_loopy("{a{0|b{a|-1}}+^+*3+{1|-1}|-5}")  # a sum inside braces: one graph
    with pytest.raises(SearchLimitError, match="more than 1,000 characters"):
        format_stopper(g, s, max_length=1000)
    with pytest.raises(SearchLimitError, match="more than 100,000 characters"):
        format_stopper(g, s, max_length=100_000)
    assert len(format_stopper(*parse_loopy("{a{0|b{a|-1}}+^|0}"), max_length=152)) == 152
    state = LoopyState(g, s)
    assert state.text(1000) is None
    assert LoopyState.parse("{a{0|b{a|-1}}+^+*3+{1|-1}|-5}").text(1000) == (
        "{a{0|b{a|-1}}+^+*3+{1|-1}|-5}"  # the text it was read from
    )
    r = grundy.solve('cgt "{a{0|b{a|-1}}+^+*3+{1|-1}|-5}"')
    assert str(r.position) == 'cgt "{a{0|b{a|-1}}+^+*3+{1|-1}|-5}"'
    assert any("more than 100,000 characters" in d for d in r.move_descriptions)
    whole = loopy_value("{a{0|b{a|-1}}+^+*3+{1|-1}|-5}")
    assert (r.onside, r.offside, r.outcome) == (
        str(whole.onside),
        str(whole.offside),
        whole.outcome,
    )
