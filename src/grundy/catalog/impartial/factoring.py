"""Integer factorisation for the divisor games: trial division, BPSW, Pollard's rho.

Exact for every number it answers. Its one limit is the *work*: Pollard's
rho (Brent's variant) gets a fixed budget of steps (:data:`RHO_BUDGET`, a few
seconds; enough for prime factors of about 13 digits), and when sympy is
importable (optional, never a dependency) its elliptic-curve method follows with
fixed bounds (:data:`ECM_CURVES` curves). A number still unfactored (two distinct
prime factors of roughly 20 digits or more) is refused with
:class:`~grundy.errors.UnsupportedError` rather than answered slowly. The
budgets are counted in steps, not seconds, so the same number gets the same
answer on every machine; a time limit in force (:func:`grundy.core.limits.bounded`,
``--time-limit``) is checked between steps and stops the work with
:class:`~grundy.errors.TimeLimitError`. Perfect powers are recognised first, so a power of one
large prime is answered.

Primality: proven (deterministic Miller–Rabin) below 3.3 * 10^24; above that,
the Baillie–PSW test, which has no known counterexample but is not a proof.
:func:`factorization_note` says which applies to an answer.

>>> factorize(360)
{2: 3, 3: 2, 5: 1}
>>> factorize(2**89 - 1)
{618970019642690137449562111: 1}
>>> big_omega(2**1000 * 3**5)
1005
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

from grundy.core.cache import register
from grundy.core.limits import check_time
from grundy.errors import UnsupportedError

__all__ = [
    "ECM_CURVES",
    "PROVEN_PRIME_BOUND",
    "RHO_BUDGET",
    "big_omega",
    "factorization_note",
    "factorize",
    "is_prime",
]

#: Below this bound Miller–Rabin with the prime bases 2..41 is a proof (Sorenson–Webster 2015).
PROVEN_PRIME_BOUND = 3_317_044_064_679_887_385_961_981
#: Steps of Pollard's rho spent on one number before giving up (without sympy) ...
RHO_BUDGET = 3_000_000
#: ... and before handing over to sympy's elliptic-curve method (when it is importable).
RHO_BUDGET_BEFORE_ECM = 300_000
#: Curves of sympy's ECM (stage-1 bound :data:`ECM_B1`) tried before giving up.
ECM_CURVES = 40
ECM_B1 = 10_000

_SMALL_PRIMES: tuple[int, ...] = tuple(
    p for p in range(2, 1000) if all(p % q for q in range(2, math.isqrt(p) + 1))
)
_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _strong_probable_prime(n: int, a: int) -> bool:
    d = n - 1
    s = 0
    while d % 2 == 0:
        d //= 2
        s += 1
    x = pow(a, d, n)
    if x in (1, n - 1):
        return True
    for _ in range(s - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def _jacobi(a: int, n: int) -> int:
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def _strong_lucas_probable_prime(n: int) -> bool:
    """Strong Lucas test with Selfridge's parameters (n odd, not a square)."""
    d = 5
    while True:
        j = _jacobi(d, n)
        if j == -1:
            break
        if j == 0 and abs(d) != n:
            return False
        d = -d - 2 if d > 0 else -d + 2
    p, q = 1, (1 - d) // 4
    k = n + 1
    s = 0
    while k % 2 == 0:
        k //= 2
        s += 1
    # Lucas sequences U_k, V_k mod n by binary expansion of k.
    u, v, qk = 1, p, q % n
    inv2 = (n + 1) // 2
    for i, bit in enumerate(bin(k)[3:]):
        if not i & 63:
            check_time()
        u, v = u * v % n, (v * v - 2 * qk) % n
        qk = qk * qk % n
        if bit == "1":
            u, v = (p * u + v) * inv2 % n, (d * u + p * v) * inv2 % n
            qk = qk * q % n
    if u == 0 or v == 0:
        return True
    for i in range(s - 1):
        if not i & 63:
            check_time()
        v = (v * v - 2 * qk) % n
        qk = qk * qk % n
        if v == 0:
            return True
    return False


def is_prime(n: int) -> bool:
    """True when ``n`` is prime (a proof below :data:`PROVEN_PRIME_BOUND`, BPSW above).

    >>> [n for n in range(30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    >>> is_prime(2**127 - 1), is_prime(2**128 + 1)
    (True, False)
    """
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    if n < PROVEN_PRIME_BOUND:
        return all(_strong_probable_prime(n, a) for a in _MR_BASES)
    if not _strong_probable_prime(n, 2):
        return False
    r = math.isqrt(n)
    if r * r == n:
        return False
    return _strong_lucas_probable_prime(n)


def _rho(n: int, budget: list[int]) -> int | None:
    """A proper factor of the odd composite ``n`` by Brent's rho, or None when out of budget."""
    for c in range(1, 64):
        y, r, q, g = 2, 1, 1, 1
        x = ys = y
        while g == 1:
            x = y
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                steps = min(128, r - k)
                for _ in range(steps):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                budget[0] -= steps
                g = math.gcd(q, n)
                k += steps
                if budget[0] < 0:
                    return None
                check_time()
            r *= 2
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = math.gcd(abs(x - ys), n)
        if g != n:
            return g
    return None


def factorize(n: int) -> dict[int, int]:
    """The prime factorisation of ``n >= 1`` as ``{prime: exponent}``, primes in order.

    Raises :class:`~grundy.errors.UnsupportedError` when Pollard's rho runs out
    of its budget (:data:`RHO_BUDGET` steps) and sympy's ECM, where it is
    importable, finds no factor either; ``ValueError`` for ``n < 1``. Recent
    answers are cached.

    >>> factorize(1000003 * 999999000001)
    {1000003: 1, 999999000001: 1}
    """
    return dict(_factorize(n))


@lru_cache(maxsize=512)
def _factorize(n: int) -> tuple[tuple[int, int], ...]:
    if n < 1:
        raise ValueError(f"factorize needs n >= 1, got {n}")
    out: dict[int, int] = {}
    for p in _SMALL_PRIMES:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out[p] = e
    ecm = _sympy_ecm()
    budget = [RHO_BUDGET if ecm is None else RHO_BUDGET_BEFORE_ECM]
    stack = [n] if n > 1 else []
    while stack:
        check_time()
        m = stack.pop()
        if is_prime(m):
            out[m] = out.get(m, 0) + 1
            continue
        power = _perfect_power(m)
        if power is not None:
            root, k = power
            stack.extend([root] * k)
            continue
        f = _rho(m, budget)
        if f is None and ecm is not None:
            f = _ecm_factor(ecm, m)
        if f is None:
            how = (
                f"{RHO_BUDGET:,} steps of Pollard's rho"
                if ecm is None
                else f"{RHO_BUDGET_BEFORE_ECM:,} steps of Pollard's rho and {ECM_CURVES} "
                "curves of sympy's ECM"
            )
            raise UnsupportedError(
                f"could not factor a {len(str(m))}-digit part of the number within {how} "
                "(it has no prime factor below 1000 and is not prime)"
            )
        stack.extend((f, m // f))
    return tuple(sorted(out.items()))


def _sympy_ecm() -> Callable[..., Any] | None:
    """sympy's ``ecm`` when sympy is importable (it is optional), else None."""
    try:
        ntheory = importlib.import_module("sympy.ntheory")  # optional, and slow to import
    except ImportError:
        return None
    ecm = getattr(ntheory, "ecm", None)
    return cast("Callable[..., Any]", ecm) if callable(ecm) else None


def _ecm_factor(ecm: Callable[..., Any], m: int) -> int | None:
    """A proper factor of the composite ``m`` from sympy's ECM with fixed bounds, or None."""
    try:
        found = ecm(m, B1=ECM_B1, B2=10 * ECM_B1, max_curve=ECM_CURVES, seed=1234)
    except ValueError:  # sympy: "Increase the bounds"
        return None
    for f in sorted(int(x) for x in found):
        if 1 < f < m and m % f == 0:
            return f
    return None


def _iroot(m: int, k: int) -> int:
    """The integer k-th root of ``m >= 1``: the largest r with r**k <= m (Newton's method)."""
    r = 1 << -(-m.bit_length() // k)  # r**k >= m to start
    while True:
        s = ((k - 1) * r + m // r ** (k - 1)) // k
        if s >= r:
            return r
        r = s


def _perfect_power(m: int) -> tuple[int, int] | None:
    """``(r, k)`` with ``r**k == m`` and k prime, or None.

    >>> _perfect_power((2**61 - 1) ** 3)
    (2305843009213693951, 3)
    """
    k = 2
    while (1 << k) <= m:
        if not k & 63:
            check_time()
        if all(k % d for d in range(2, math.isqrt(k) + 1)):
            r = _iroot(m, k)
            if r**k == m:
                return r, k
        k += 1
    return None


def big_omega(n: int) -> int:
    """Omega(n): the number of prime factors of ``n >= 1`` counted with multiplicity."""
    return sum(factorize(n).values())


def factorization_note(factors: dict[int, int]) -> str | None:
    """A caveat when some prime factor was certified only by the BPSW test, else None."""
    big = [p for p in factors if p >= PROVEN_PRIME_BOUND]
    if not big:
        return None
    return (
        f"{len(big)} prime factor(s) above 3.3*10^24 are Baillie-PSW probable primes "
        "(no counterexample to BPSW is known, but it is not a proof)"
    )


register(_factorize)
