"""Conway's nim multiplication: the finite nimbers form a field (ONAG ch. 6).

Nim addition is XOR. Nim multiplication is defined by
``a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}`` (nim sums); the nimbers below
each Fermat 2-power ``2^(2^k)`` form a subfield, and ``F*F = 3F/2`` for a Fermat
2-power ``F`` ("sesquimultiple"). :func:`nim_product` splits each factor into halves
``a = a1*L + a0`` with ``L = 2^(2^(k-1))`` and uses ``L*L = L + L/2``:
``(a1 L + a0)(b1 L + b0) = ((a1+a0)(b1+b0) + a0 b0) L + a0 b0 + (a1 b1)(L/2)``.

>>> nim_product(2, 2), nim_product(2, 3), nim_product(4, 4), nim_product(16, 16)
(3, 1, 6, 24)
>>> nim_inverse(2), nim_product(2, nim_inverse(2))
(3, 1)
"""

from __future__ import annotations

from functools import lru_cache

from grundy.errors import InvalidSpecError

__all__ = ["nim_divide", "nim_inverse", "nim_power", "nim_product", "nim_square_root"]


def _check(a: int, what: str) -> None:
    if isinstance(a, bool) or not isinstance(a, int) or a < 0:
        raise InvalidSpecError(f"{what} must be a nimber size, an int >= 0; got {a!r}")


def _field_bits(n: int) -> int:
    """Bits of the smallest nim field holding n: 2^k bits with 2^(2^k) > n."""
    bits = 1
    while n >> bits:
        bits *= 2
    return bits


@lru_cache(maxsize=1 << 16)
def _mul(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    half = _field_bits(max(a, b)) // 2
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    b1, b0 = b >> half, b & mask
    low = _mul(a0, b0)
    cross = _mul(a1 ^ a0, b1 ^ b0)
    top = _mul(a1, b1)
    return ((cross ^ low) << half) ^ low ^ _mul(top, 1 << (half - 1))


def nim_product(a: int, b: int) -> int:
    """The nim product ``*a . *b`` (as the size of the nimber).

    >>> [nim_product(3, k) for k in range(4)]
    [0, 3, 1, 2]
    """
    _check(a, "a")
    _check(b, "b")
    return _mul(a, b)


def nim_power(a: int, n: int) -> int:
    """``a`` nim-multiplied by itself ``n`` times (``n >= 0``)."""
    _check(a, "a")
    _check(n, "the exponent")
    result, base = 1, a
    while n:
        if n & 1:
            result = _mul(result, base)
        base = _mul(base, base)
        n >>= 1
    return result


def nim_inverse(a: int) -> int:
    """The nim-multiplicative inverse of ``*a`` (``a > 0``): ``a^(2^(2^k) - 2)`` in the
    smallest field ``{0, ..., 2^(2^k) - 1}`` holding ``a``.

    >>> [nim_inverse(k) for k in range(1, 8)]
    [1, 3, 2, 15, 12, 9, 11]
    """
    _check(a, "a")
    if a == 0:
        raise InvalidSpecError("0 has no nim inverse")
    size = 1 << _field_bits(a)
    return nim_power(a, size - 2)


def nim_divide(a: int, b: int) -> int:
    """``*a / *b`` in the nim field (``b > 0``)."""
    return nim_product(a, nim_inverse(b))


def nim_square_root(a: int) -> int:
    """The nim square root of ``*a`` (squaring is a field automorphism in
    characteristic 2, so it is unique): ``a^(2^(2^k - 1))``.

    >>> nim_square_root(3), nim_product(nim_square_root(3), nim_square_root(3))
    (2, 3)
    """
    _check(a, "a")
    bits = _field_bits(max(a, 1))
    return nim_power(a, 1 << (bits - 1))
