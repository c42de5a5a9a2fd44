"""Sums: component-wise answers against a brute-force search of the whole sum.

Bounds: up to 3 components, heaps up to 7, subtraction sets from {1..4},
bash maximum 1..3 (hypothesis draws within these).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.moves import legal_moves
from tests.reference.sums import Heap, grundy_of_sum, misere_wins, spec_of, sum_moves

heaps = st.one_of(
    st.tuples(st.just("nim"), st.just(()), st.integers(0, 7)),
    st.tuples(
        st.just("subtraction"),
        st.sets(st.integers(1, 4), min_size=1).map(lambda s: tuple(sorted(s))),
        st.integers(0, 7),
    ),
    st.tuples(st.just("bash"), st.integers(1, 3).map(lambda m: (m,)), st.integers(0, 7)),
)
sums = st.lists(heaps, min_size=1, max_size=3).map(tuple)


def _p_position(spec: str, misere: bool) -> bool:
    return grundy.solve(spec, misere=misere).outcome == "P"


@settings(max_examples=150, deadline=None)
@given(sums)
def test_normal_play_matches_whole_sum_search(position: tuple[Heap, ...]) -> None:
    spec = spec_of(position)
    result = grundy.solve(spec)
    expected = grundy_of_sum(position)
    assert result.grundy == expected
    assert result.outcome == ("N" if expected else "P")
    for after in result.winning_moves:
        assert grundy.solve(after).outcome == "P"
    # every winning move is listed: compare with the brute-force options of value 0
    winners = {
        grundy.parse(spec_of(p)).canonical() for p in sum_moves(position) if grundy_of_sum(p) == 0
    }
    assert {m.canonical() for m in result.winning_moves} == winners


@settings(max_examples=100, deadline=None)
@given(sums)
def test_from_a_p_position_no_move_leads_to_a_p_position(position: tuple[Heap, ...]) -> None:
    # A nim heap of the sum's value (by brute force) makes a P-position.
    p_position = (*position, ("nim", (), grundy_of_sum(position)))
    spec = spec_of(p_position)
    assert grundy.solve(spec).outcome == "P"

    for after, _ in legal_moves(grundy.parse(spec)):
        assert grundy.solve(after).outcome == "N"


@settings(max_examples=100, deadline=None)
@given(sums)
def test_misere_matches_whole_sum_search(position: tuple[Heap, ...]) -> None:
    spec = spec_of(position)
    result = grundy.solve(spec, misere=True)
    assert result.grundy is None
    assert result.play == "misere"
    assert result.outcome == ("N" if misere_wins(position) else "P")
    for after in result.winning_moves:
        assert _p_position(str(after), misere=True)

    if result.outcome == "N" and sum_moves(position):
        assert result.winning_moves


def test_acceptance_nim_345() -> None:
    r = grundy.solve("nim 3 4 5")
    assert (r.outcome, r.grundy) == ("N", 2)
    assert [str(m) for m in r.winning_moves] == ["nim 1 4 5"]


def test_acceptance_subtraction_plus_nim() -> None:
    r = grundy.solve("subtraction:1,3,4 10 + nim 2")
    position = (("subtraction", (1, 3, 4), 10), ("nim", (), 2))
    assert r.grundy == grundy_of_sum(position)
    assert {str(m) for m in r.winning_moves} == {
        "subtraction:1,3,4 6 + nim 2",
        "subtraction:1,3,4 10 + nim 1",
    }


def test_sum_operator_and_xor() -> None:
    a = grundy.parse("nim 3")
    b = grundy.parse("bash:3 10")
    assert str(a + b) == "nim 3 + bash:3 10"
    assert grundy.grundy_value(a + b) == 3 ^ 2


def test_winning_moves_have_no_duplicates() -> None:
    # moving in either heap of 5 gives the same game: listed once
    r = grundy.solve("nim 5 5 1")
    keys = [m.canonical() for m in r.winning_moves]
    assert len(keys) == len(set(keys))
    assert [str(m) for m in r.winning_moves] == ["nim 4 5 1", "nim 5 5 0"]


def test_max_moves_truncates_and_counts() -> None:
    spec = "nim 8 9 10 11 12 13 14 15 9"  # nim-sum 9: every heap has a winning move
    full = grundy.solve(spec)
    assert len(full.winning_moves) == 8
    assert not full.winning_moves_truncated
    r = grundy.solve(spec, max_moves=2)
    assert len(r.winning_moves) == 2
    assert r.winning_moves_truncated
    assert r.winning_moves_total == 8  # the two heaps of 9 give one game
