"""Powers of large primes are factored (found by an audit: (2^61-1)^3 was refused)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.catalog.impartial.factoring import _iroot, factorize

P61 = 2**61 - 1


def test_cube_of_a_large_prime() -> None:
    assert factorize(P61**3) == {P61: 3}
    assert grundy.solve(f"divisors {P61**3}").grundy == 3


def test_mixed_power() -> None:
    assert factorize(7**5 * 1_000_003 * P61**2) == {7: 5, 1_000_003: 1, P61: 2}


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**60), st.integers(2, 12))
def test_integer_root(m: int, k: int) -> None:
    r = _iroot(m, k)
    assert r**k <= m < (r + 1) ** k
