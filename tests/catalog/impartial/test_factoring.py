"""Factorisation and primality against trial division."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.catalog.impartial import factoring
from grundy.catalog.impartial.factoring import factorize, is_prime


def _trial_prime(n: int) -> bool:
    return n >= 2 and all(n % p for p in range(2, math.isqrt(n) + 1))


def test_is_prime_below_20000() -> None:
    assert [n for n in range(20000) if is_prime(n)] == [n for n in range(20000) if _trial_prime(n)]


def test_bpsw_path_on_small_numbers() -> None:
    # The Baillie-PSW branch (used above 3.3e24) checked on every odd n < 30000,
    # including the strong Lucas pseudoprimes 5459, 5777, 10877, 16109, 18971.
    for n in range(3, 30000, 2):
        r = math.isqrt(n)
        bpsw = (
            r * r != n
            and factoring._strong_probable_prime(n, 2)
            and factoring._strong_lucas_probable_prime(n)
        )
        assert bpsw == _trial_prime(n), n
    assert not factoring._strong_lucas_probable_prime(5461)


def test_known_large_primes_and_composites() -> None:
    assert is_prime(2**127 - 1) and is_prime(2**521 - 1)
    assert not is_prime((2**89 - 1) * (2**61 - 1))
    assert not is_prime(2**128 + 1)
    # A Carmichael number above the proven bound: 3 prime factors near 10^9.
    p = 1_000_000_007
    assert not is_prime(p * (2 * p - 1) * (3 * p - 2))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**15))
def test_factorize_rebuilds_the_number(n: int) -> None:
    f = factorize(n)
    assert math.prod(p**e for p, e in f.items()) == n
    assert all(_trial_prime(p) for p in f if p < 10**7)
    assert all(is_prime(p) for p in f)
