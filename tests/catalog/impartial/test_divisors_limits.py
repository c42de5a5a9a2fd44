"""divisors beyond factoring (issue 10): the outcome and the winning move of a lone number
always, sympy's ECM when it is importable, and no table of heaps 0..N."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

import grundy
from grundy.catalog.impartial import factoring
from grundy.catalog.impartial.divisors import Divisors
from grundy.errors import UnsupportedError
from tests.cli.helpers import run

HARD = (2**89 - 1) * (2**107 - 1)  # two Mersenne primes of 27 and 33 digits


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A tiny rho budget and no sympy, so that HARD is out of reach at once."""
    monkeypatch.setattr(factoring, "RHO_BUDGET", 1000)
    monkeypatch.setattr(factoring, "_sympy_ecm", lambda: None)
    factoring._factorize.cache_clear()
    yield
    factoring._factorize.cache_clear()


def test_lone_unfactored_number_wins_by_moving_to_1(small_budget: None) -> None:
    r = grundy.solve(f"divisors {HARD}")
    assert r.outcome == "N" and r.grundy is None
    assert [str(p) for p in r.winning_moves] == ["divisors 1"]
    assert r.winning_moves_total == 1
    assert "N-position" in r.method


def test_lone_unfactored_number_misere(small_budget: None) -> None:
    r = grundy.solve(f"divisors {HARD}", misere=True)
    assert r.outcome == "N" and not r.winning_moves


def test_unfactored_number_in_a_sum_is_one_line(small_budget: None) -> None:
    with pytest.raises(UnsupportedError, match="could not factor") as info:
        grundy.solve(f"divisors {HARD} 12")
    assert "\n" not in str(info.value)


def test_factorable_lone_number_still_gets_its_value() -> None:
    assert Divisors().outcome_theorem(2**10 * 3, misere=False) is None
    assert grundy.solve("divisors 3072").grundy == 11


@pytest.mark.slow
def test_product_of_two_13_digit_primes_answers_within_seconds() -> None:
    r = grundy.solve("divisors 59461228517010555892867169")
    assert r.outcome == "N" and [str(p) for p in r.winning_moves] == ["divisors 1"]


def test_sympy_ecm_is_used_when_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def ecm(n: int, **kwargs: Any) -> set[int]:
        calls.append(n)
        return {2**89 - 1, 2**107 - 1}

    fake = types.ModuleType("sympy")
    fake_nt = types.ModuleType("sympy.ntheory")
    fake_nt.ecm = ecm  # type: ignore[attr-defined]
    fake.ntheory = fake_nt  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sympy", fake)
    monkeypatch.setitem(sys.modules, "sympy.ntheory", fake_nt)
    monkeypatch.setattr(factoring, "RHO_BUDGET_BEFORE_ECM", 1000)
    factoring._factorize.cache_clear()
    try:
        assert factoring.factorize(HARD) == {2**89 - 1: 1, 2**107 - 1: 1}
        assert calls == [HARD]
    finally:
        factoring._factorize.cache_clear()


def test_without_sympy_rho_gets_the_larger_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sympy", None)
    monkeypatch.setitem(sys.modules, "sympy.ntheory", None)
    assert factoring._sympy_ecm() is None
    monkeypatch.setattr(factoring, "RHO_BUDGET", 1000)
    factoring._factorize.cache_clear()
    try:
        with pytest.raises(UnsupportedError, match="1,000 steps of Pollard's rho"):
            factoring.factorize(HARD)
    finally:
        factoring._factorize.cache_clear()


@pytest.mark.parametrize("argv", [("table", "divisors", "-n", "10"), ("period", "divisors")])
def test_no_table_of_heaps_from_zero(argv: tuple[str, ...]) -> None:
    r = run(*argv)
    assert r.status == 2
    assert r.err.count("\n") == 1 and "no heap 0" in r.err
