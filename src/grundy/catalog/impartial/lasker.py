"""Lasker's Nim: take from one heap, or split a heap into two non-empty heaps.

>>> from grundy import solve
>>> r = solve("lasker 3 4")
>>> r.grundy, [str(p) for p in r.winning_moves]
(7, ['lasker 1 2 4', 'lasker 3 3'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grundy.core.game import HeapGame, MisereAnswer
from grundy.core.text import short_number as _short

__all__ = ["LaskersNim", "lasker_grundy"]

_SYNTAX = "lasker A..."

# Residue r = a mod 4 of a heap a >= 1: (low two bits of G(a), change of a >> 2).
# G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
_LOW = (3, 1, 2, 0)
_SHIFT = (-1, 0, 0, 1)


def lasker_grundy(n: int) -> int:
    """G(n) of Lasker's Nim: n-1 if n = 0 mod 4 (n > 0), n if n = 1, 2, n+1 if n = 3 (mod 4).

    G is an involution of the naturals (it swaps 4k+3 and 4k+4), so it is its own inverse.

    >>> [lasker_grundy(n) for n in range(10)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7, 9]
    """
    if n == 0:
        return 0
    r = n % 4
    return n + 1 if r == 3 else n - 1 if r == 0 else n


def _split_pairs(n: int, t: int) -> Iterator[tuple[int, int]]:
    """Every split ``(a, b)``, ``1 <= a <= b``, ``a + b = n``, with ``G(a) XOR G(b) = t``.

    Write a = 4p + ra (ra in 0..3, with a >= 1). The high part of G(a) is
    A = p + _SHIFT[ra] and its low two bits are _LOW[ra]. For a residue pair
    (ra, rb) the high parts satisfy A + B = M and A XOR B = T (T = t >> 2), so
    A AND B = D = (M - T) / 2 and A = D | S for any subset S of T's bits.
    """
    for ra, rb in _residue_pairs(n, t):
        for a, b in _pairs_for_residues(n, t, ra, rb):
            if a <= b:
                yield a, b


def _residue_pairs(n: int, t: int) -> list[tuple[int, int]]:
    return [
        (ra, rb)
        for ra in range(4)
        for rb in range(4)
        if (ra + rb) % 4 == n % 4 and _LOW[ra] ^ _LOW[rb] == t & 3
    ]


def _high_parts(n: int, t: int, ra: int, rb: int) -> tuple[int, int] | None:
    """(D, T) for the residue pair, or None when no high parts fit."""
    big_t = t >> 2
    m = (n - ra - rb) // 4 + _SHIFT[ra] + _SHIFT[rb]
    diff = m - big_t
    if diff < 0 or diff % 2:
        return None
    d = diff // 2
    if d & big_t:
        return None
    return d, big_t


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low)
        x ^= low
    return out


def _pairs_for_residues(n: int, t: int, ra: int, rb: int) -> Iterator[tuple[int, int]]:
    parts = _high_parts(n, t, ra, rb)
    if parts is None:
        return
    d, big_t = parts
    bits = _bits(big_t)
    # Highest bit of T first in the counter, so small subsets (small a) come first.
    bits.reverse()
    k = len(bits)
    for index in range(1 << k):
        s = 0
        for j in range(k):
            if index >> (k - 1 - j) & 1:
                s |= bits[j]
        big_a = d | s
        a = 4 * (big_a - _SHIFT[ra]) + ra
        b = n - a
        if a >= 1 and b >= 1 and (a % 4 == ra):
            yield a, b


def _count_splits(n: int, t: int) -> int:
    ordered = 0
    for ra, rb in _residue_pairs(n, t):
        parts = _high_parts(n, t, ra, rb)
        if parts is None:
            continue
        d, big_t = parts
        count = 1 << big_t.bit_count()
        # Only the extreme subsets can give a = 0 or b = 0 (high part 0 with residue 3).
        bad = set()
        if d == 0 and ra == 3:
            bad.add(0)
        if d == 0 and rb == 3:
            bad.add(big_t)
        ordered += count - len(bad)
    selfpair = 1 if n % 2 == 0 and n >= 2 and t == 0 else 0
    return (ordered + selfpair) // 2


@dataclass(frozen=True)
class LaskersNim(HeapGame):
    """Lasker's Nim (Lasker 1931). A move either removes one or more counters
    from one heap, or splits one heap into two non-empty heaps.

    Grundy values (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4): G(0) = 0
    and, for n >= 1, G(n) = n - 1 if n = 0 (mod 4), n if n = 1 or 2 (mod 4),
    n + 1 if n = 3 (mod 4). Every winning move is found without enumerating
    the splits: see :func:`_split_pairs`.

    >>> LaskersNim().grundy_formula(7), LaskersNim().grundy_formula(8)
    (8, 7)
    >>> sorted(LaskersNim().split_moves(4))
    [(0,), (1,), (1, 3), (2,), (2, 2), (3,)]
    """

    name = "lasker"
    sj_hypothesis = True
    rule = (
        "remove one or more counters from one heap, or split one heap into two "
        "non-empty heaps; the last mover wins"
    )
    example = "lasker 3 4"
    syntax = _SYNTAX
    splits = True

    def split_moves(self, state: int) -> Iterator[tuple[int, ...]]:
        for m in range(state):
            yield (m,)
        for a in range(1, state // 2 + 1):
            yield (a, state - a)

    def grundy_formula(self, state: int) -> int:
        return lasker_grundy(state)

    def formula_name(self) -> str:
        return (
            "Lasker's Nim: G(n) = n-1, n, n, n+1 for n = 0, 1, 2, 3 mod 4 (n > 0) "
            "(Winning Ways, ch. 4)"
        )

    def options_with_value(self, state: int, value: int) -> Iterator[tuple[int, ...]]:
        m = lasker_grundy(value)
        if m < state:
            yield (m,)
        yield from _split_pairs(state, value)

    def count_options_with_value(self, state: int, value: int) -> int:
        return (1 if lasker_grundy(value) < state else 0) + _count_splits(state, value)

    def misere_solve(self, states: Sequence[int], max_moves: int) -> MisereAnswer:
        """Misère play by the SJ rule, which holds here: value 0 means an empty heap.

        A = {nim-sum != 0 and a heap of value > 1} or {nim-sum 0 and none > 1}
        is the set of misère N-positions: splits keep the proof (a move outside
        A leaves another heap of value > 1 and changes the nim-sum). Winning
        moves are listed exactly, splits included (a split whose parts exceed
        value 1 must make the nim-sum 0).

        >>> a = LaskersNim().misere_solve([6], 10)
        >>> a.outcome, [o for _, o in a.winning]
        ('N', [(1,), (3, 3)])
        """
        values = [lasker_grundy(h) for h in states]
        total = 0
        for v in values:
            total ^= v
        big = sum(1 for v in values if v > 1)
        outcome = "N" if (total != 0) == (big > 0) else "P"
        method = "SJ theorem for Lasker's Nim (misère; value 0 only for empty heaps)"
        why = [
            "Misère play (the last mover loses). In Lasker's Nim only an empty heap has value 0, "
            "so the SJ rule applies, splits included:",
            "the player to move wins iff (nim-sum != 0 and some heap has value > 1) or "
            "(nim-sum = 0 and no heap has value > 1).",
            f"Values {', '.join(_short(v) for v in values[:12])}"
            + (", ..." if len(values) > 12 else "")
            + f"; nim-sum {_short(total)}; {big} heap(s) of value > 1: {outcome}.",
        ]
        if outcome == "P":
            return MisereAnswer("P", method, tuple(why), (), 0)
        winning: list[tuple[int, tuple[int, ...]]] = []
        count = 0
        seen: set[int] = set()
        for i, n in enumerate(states):
            if n in seen:
                continue
            seen.add(n)
            others = total ^ values[i]
            others_big = big - (1 if values[i] > 1 else 0) > 0
            ones = sum(1 for j, v in enumerate(values) if j != i and v == 1)
            options, known = self._misere_winning(n, others, others_big, ones)
            count += known
            for option in options:
                if len(winning) >= max_moves:
                    break
                winning.append((i, option))
        return MisereAnswer("N", method, tuple(why), tuple(winning), count)

    def _misere_winning(
        self,
        n: int,
        others: int,
        others_big: bool,
        ones: int,
    ) -> tuple[Iterator[tuple[int, ...]], int]:
        """Options of heap ``n`` that leave a misère P-position, and how many there are.

        ``others``: nim-sum of the other heaps; ``others_big``: one of them has
        value > 1; ``ones``: how many of them have value 1.
        """
        if others_big:
            return self.options_with_value(n, others), self.count_options_with_value(n, others)
        removals = [(h,) for h in (0, 1) if h < n and (ones + h) % 2 == 1]
        pair_ok = n == 2 and ones % 2 == 1

        def listing() -> Iterator[tuple[int, ...]]:
            yield from removals
            for pair in _split_pairs(n, others):
                if pair != (1, 1):
                    yield pair
            if pair_ok:
                yield (1, 1)

        splits = _count_splits(n, others)
        if n == 2 and others == 0:
            splits -= 1  # (1, 1) has value 0 but both parts are 1s
        return listing(), len(removals) + splits + (1 if pair_ok else 0)

    def describe_move(self, state: int, option: tuple[int, ...]) -> str:
        if len(option) == 2:
            return f"split the heap of {state} into {option[0]} and {option[1]}"
        return super().describe_move(state, option)

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        lines = ["Lasker's Nim: G(n) = n-1, n, n, n+1 as n = 0, 1, 2, 3 (mod 4), G(0) = 0."]
        for n, v in list(zip(states, values, strict=True))[:10]:
            if n == 0:
                lines.append("  heap 0: no move, G = 0")
            else:
                lines.append(f"  heap {_short(n)} = {n % 4} (mod 4), so G = {_short(v)}")
        if len(states) > 10:
            lines.append(f"  ... and {len(states) - 10} more heaps")
        return lines
