"""The public API checks its arguments and raises only grundy's errors (issue 25 item 4).

A hypothesis fuzz over every name in ``grundy.__all__`` (wrong types, extreme values;
see tests/trust/api_fuzz.py): a small version in the quick suite, 5,000 calls in the
slow suite, each with 0 foreign exceptions and 0 hangs. Then the report's cases, one
by one.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings

import grundy
from grundy import parse, parse_ruleset
from grundy.errors import (
    InvalidGameError,
    InvalidSpecError,
    SearchLimitError,
    TimeLimitError,
    UnsupportedError,
)
from tests.trust.api_fuzz import TARGETS, Call, calls, outcome

#: Names whose calls are cheap whatever the arguments (no search): the quick fuzz.
CHEAP = sorted(
    n
    for n in TARGETS
    if n not in {"solve", "grundy_value", "grundy_table", "heap_table", "heap_periodicity"}
)


def _check(call: Call) -> None:
    got = outcome(call)
    assert got.kind in ("ok", "grundy"), f"{call!r} -> {got.kind} {got.error}"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(calls(CHEAP))
def test_fuzz_cheap_names(call: Call) -> None:
    _check(call)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(calls(["solve", "grundy_value", "grundy_table", "heap_table", "heap_periodicity"]))
def test_fuzz_solvers_a_little(call: Call) -> None:
    _check(call)


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(calls())
def test_fuzz_every_public_name(call: Call) -> None:
    _check(call)


def test_every_public_name_is_fuzzed() -> None:
    callable_names = {n for n in grundy.__all__ if callable(getattr(grundy, n))}
    assert callable_names <= set(TARGETS)
    assert any(n.startswith("REGISTRY.") for n in TARGETS)


# ----- the report's cases ------------------------------------------------------------------


def test_legal_moves_takes_a_spec_string() -> None:
    assert [str(p) for p, _ in grundy.legal_moves("nim 3")] == ["nim 0", "nim 1", "nim 2"]
    with pytest.raises(InvalidGameError):
        grundy.legal_moves(3)  # type: ignore[arg-type]


def test_legal_moves_of_a_huge_heap_stop_at_their_bound() -> None:
    with pytest.raises(SearchLimitError, match="more than 1,000 legal moves"):
        grundy.legal_moves(parse("nim 2147483648 13"), max_moves=1_000)
    with pytest.raises(SearchLimitError, match="more than 20,000 legal moves"):
        grundy.legal_moves(parse("nim 2147483648 13"))


@pytest.mark.parametrize(
    "limit", [10**400, 1e308, math.inf, 0.5, 3, Fraction(1, 2), Decimal("1e400")]
)
def test_time_limit_takes_any_positive_number(limit: object) -> None:
    assert grundy.solve("nim 3 4", time_limit=limit).outcome == "N"  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [-1, -(10**400), math.nan, "3", True, 1j, Decimal("sNaN")])
def test_time_limit_refuses_what_is_not_a_duration(limit: object) -> None:
    with pytest.raises(InvalidSpecError, match="time_limit"):
        grundy.solve("nim 3 4", time_limit=limit)  # type: ignore[arg-type]


def test_tables_larger_than_memory_are_refused_before_allocating() -> None:
    with pytest.raises(SearchLimitError, match="TiB of memory"):
        grundy.heap_table(parse_ruleset("kayles"), 10**12)
    with pytest.raises(SearchLimitError, match="of memory"):
        grundy.grundy_table("nim", 10**12)


def test_grundy_table_of_a_game_without_number_states() -> None:
    with pytest.raises(UnsupportedError, match="wythoff has no table"):
        grundy.grundy_table("wythoff", 100)


@pytest.mark.parametrize(
    ("game", "state"),
    [("nim", "abc"), ("nim", -1), ("nim", 2.5), ("wythoff", 5), ("tictactoe", 3**20)],
)
def test_positions_made_by_hand_are_checked(game: str, state: object) -> None:
    with pytest.raises(InvalidSpecError, match="is not a position of"):
        grundy.solve(grundy.Position(parse_ruleset(game), state))
    with pytest.raises(InvalidSpecError, match="is not a position of"):
        grundy.solve(parse_ruleset(game), state)


def test_well_formed_positions_made_by_hand_are_solved() -> None:
    assert grundy.solve(grundy.Position(parse_ruleset("wythoff"), (3, 5))).outcome == "P"
    assert grundy.solve(parse_ruleset("nim"), 10**50).outcome == "N"


@pytest.mark.parametrize("values", [3, None, "abc", [1, "a"], [-1, 2]])
def test_mex_and_nim_sum_take_non_negative_ints(values: object) -> None:
    with pytest.raises(InvalidSpecError):
        grundy.mex(values)  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError):
        grundy.nim_sum(values)  # type: ignore[arg-type]


def test_error_constructors_never_fail() -> None:
    for error in (
        grundy.LoopyGameError(1),  # type: ignore[arg-type]
        grundy.SearchLimitError(None),  # type: ignore[arg-type]
        grundy.TimeLimitError("x", [1]),  # type: ignore[arg-type]
        grundy.TimeLimitError(10**400, 10**400),
    ):
        assert str(error)


@pytest.mark.slow
def test_a_huge_cutcake_stops_at_its_time_limit() -> None:
    with pytest.raises(TimeLimitError):
        grundy.solve("cutcake 1000000x1000000", time_limit=3)


@pytest.mark.parametrize("spec", ["cgt 1/0", "cgt 0/0", "cgt {1/0|}"])
def test_zero_denominator_is_a_parse_error(spec: str) -> None:
    with pytest.raises(InvalidSpecError, match="zero denominator"):
        parse(spec)


def test_moore_with_a_huge_k_is_answered_without_a_list_of_k_entries() -> None:
    with pytest.raises(UnsupportedError, match="too large to search"):
        grundy.grundy_value("moore:10000000000 14 99999")


def test_legal_plays_checks_a_position_built_by_hand() -> None:
    """Found by the slow fuzz: ``grundy.legal_plays`` took a hand-built position unchecked
    (a TypeError from inside Nim's rule); it now checks it as ``legal_moves`` does."""
    nim = parse_ruleset("nim")
    with pytest.raises(InvalidSpecError, match="not a position of nim"):
        grundy.legal_plays(grundy.Position(nim, "abc"))
    with pytest.raises(InvalidGameError, match="legal_plays takes a position"):
        grundy.legal_plays(3)  # type: ignore[arg-type]
    assert [p.cells for p in grundy.legal_plays("nim 2")] == [(0,), (0,)]
