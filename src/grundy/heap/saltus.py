"""Arithmetic periodicity of take-and-break games, proved by a finite check.

A Grundy sequence is *arithmetic periodic* with preperiod ``e``, period ``p`` and saltus
``s > 0`` when ``G(n + p) = G(n) + s`` for every ``n >= e``. Finite octal games never are
(Horrocks and Nowakowski, INTEGERS 3 (2003) G01); hexadecimal games, which may leave three
heaps, often are (``0.8``: ``G(n) = (n - 1) // 3``). :func:`saltus_certificate` turns such a
claim into a finite computation; it is sufficient, not necessary: a ``None`` answer proves
nothing either way.

**The theorem.** Let ``F`` be the claimed sequence: the table on ``0..e+p-1`` and
``F(n) = F(n - p) + s`` beyond. Write ``Phi(x) = p*F(x) - s*x`` (periodic for ``x >= e``)
and call a heap *small* below ``e`` and *large* from ``e`` on. If ``G = F`` on the heaps
below ``N0`` (the table shows it) and the checks below pass, then ``G = F`` everywhere.
By induction on ``n >= N0``, assuming ``G = F`` below ``n``, it is enough that

* **(absent)** no option of ``n`` has the value ``F(n)``. A move leaves parts whose small
  ones XOR to ``w`` (exactly known). With one large part ``y = n - m``:
  ``w ^ F(n) = F(y)`` depends only on ``F(n) - F(n - m)`` (a function of ``n mod p``) and
  on ``F(n) mod 2^b`` with ``2^b > w`` (a function of ``n mod p*2^b``, as
  ``F(n + p*2^b) = F(n) + s*2^b``), so every residue class is checked exactly. With two or
  three large parts the bound ``XOR <= sum`` is used:
  ``w + sum F(large) < F(n)``, that is ``p*w + sum Phi(large) < Phi(n) + s*(i + sigma)``
  (``i`` removed, ``sigma`` the small parts' total), over every residue class of the parts;
* **(present)** every ``v < F(n)`` is the value of an option:

  - *bottom* (``v < B0``): a move leaving ``x, y, y`` (the two ``y`` cancel) with
    ``F(x) = v`` and ``x`` of the parity that ``n`` needs, ``x <= N0 - i - 2``, for both
    parities of ``n`` (or ``v = 0`` from two equal heaps);
  - *middle* (``B0 <= v <= F(n) - Delta``): the same with a large ``x``; checked for
    ``v`` in one window ``[B0, B0 + 2s)`` and both parities of ``n``, and carried upward by
    ``x -> x + 2p``, ``v -> v + 2s`` (the parity of ``x`` is kept). ``Delta`` is chosen so
    that ``F(x) <= F(n) - Delta`` forces ``x <= n - i - 2``:
    ``p*Delta >= max Phi - min Phi + s*(t + 2)``;
  - *top* (``F(n) - Delta < v < F(n)``): checked at every heap of one window
    ``N1 <= n < N1 + L`` with options whose value moves by exactly ``s*L/p`` when ``n`` and
    their one large part move by ``L`` (a multiple of ``p*2^B``, with ``2^B`` above every
    small value, so the XOR with the small parts commutes with the shift).

Every check is over finitely many cases. The tests compare it with long tables: it never
certifies a claim that a longer table breaks.

0.8 (take one counter, leave three heaps) has ``G(n) = (n - 1) // 3`` for ``n >= 1``:

>>> cert = saltus_certificate([0, 8], [0, 0, 0, 0], 1, 3, 1)
>>> cert.bound, cert.cases
(6, 19)
>>> saltus_certificate([0, 8], [0, 0, 0, 1], 1, 3, 1) is None  # a wrong claim
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["SaltusCertificate", "saltus_certificate"]


@dataclass(frozen=True)
class SaltusCertificate:
    """A proof that ``G(n + p) = G(n) + s`` for every ``n >= e``, once the table agrees on
    the heaps below ``bound + p``.

    Attributes:
        bound: checking ``G(n + p) = G(n) + s`` for ``e <= n < bound`` completes the proof.
        cases: how many finite cases the checks went through.
        text: one line naming the theorem and its numbers.
    """

    bound: int
    cases: int
    text: str


#: The most cases one attempt may go through (a certificate is cheap or is not tried).
WORK = 3_000_000


class _OutOfWork(Exception):
    """The attempt went past :data:`WORK` steps."""


class _Budget:
    """Steps left to one certificate's attempts."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise _OutOfWork


def _moves(digits: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """The amounts that may leave one heap, two heaps and three heaps."""
    one = [i for i, d in enumerate(digits) if d & 2 and i >= 1]
    two = [i for i, d in enumerate(digits) if d & 4]
    three = [i for i, d in enumerate(digits) if d & 8]
    return one, two, three


class _Claim:
    """The claimed sequence ``F`` (the table, then ``F(n) = F(n - p) + s``), ``Phi``, and
    the split of heaps into small (below ``small``, values used exactly) and large."""

    def __init__(self, base: Sequence[int], e: int, p: int, s: int, small: int) -> None:
        self.base = [int(v) for v in base[: e + p]]
        self.e, self.p, self.s, self.small = e, p, s, small
        self.phis = [self.phi(x) for x in range(e, e + p)]
        self._tuples: dict[int, list[tuple[int, ...]]] = {}

    def f(self, x: int) -> int:
        if x < self.e + self.p:
            return self.base[x]
        q, r = divmod(x - self.e, self.p)
        return self.base[self.e + r] + q * self.s

    def phi(self, x: int) -> int:
        return self.p * self.f(x) - self.s * x

    def xor(self, parts: Sequence[int]) -> int:
        w = 0
        for x in parts:
            w ^= self.f(x)
        return w

    def tuples(self, count: int) -> list[tuple[int, ...]]:
        """Every non-decreasing tuple of ``count`` small heaps (``1 <= x < small``)."""
        if count not in self._tuples:
            out: list[tuple[int, ...]] = [()]
            for _ in range(count):
                out = [(*t, x) for t in out for x in range(t[-1] if t else 1, self.small)]
            self._tuples[count] = out
        return self._tuples[count]


def _one_large(claim: _Claim, digits: Sequence[int], budget: _Budget) -> list[tuple[int, int]]:
    """``(m, w)`` for every move whose parts are small but one, the large ``n - m``: ``m``
    is the amount removed plus the small parts, ``w`` the XOR of the small parts' values."""
    one, two, three = _moves(digits)
    shapes = {(i, 0) for i in one}
    for count, removals in ((1, two), (2, three)):
        for i in removals:
            small_tuples = claim.tuples(count)
            budget.spend(len(small_tuples))
            for small in small_tuples:
                shapes.add((i + sum(small), claim.xor(small)))
    return sorted(shapes)


def _large_table(
    claim: _Claim, count: int, bits: int, budget: _Budget
) -> dict[tuple[int, int], int]:
    """For ``count`` large heaps ``small + r_j (mod p * 2^bits)``: the largest sum of
    ``Phi(x) - p * (F(x) mod 2^bits)`` for each ``(sum r_j mod p*2^bits, XOR of the values'
    low bits)``."""
    lap, mask = claim.p << bits, (1 << bits) - 1
    items = []
    for r in range(lap):
        x = claim.small + r
        items.append((r, claim.f(x) & mask, claim.phi(x) - claim.p * (claim.f(x) & mask)))
    best = {(0, 0): 0}
    for _ in range(count):
        budget.spend(len(best) * len(items))
        nxt: dict[tuple[int, int], int] = {}
        for (key, low), val in best.items():
            for r, lo, gain in items:
                k = ((key + r) % lap, low ^ lo)
                if k not in nxt or val + gain > nxt[k]:
                    nxt[k] = val + gain
        best = nxt
    return best


def _absent(
    claim: _Claim,
    digits: Sequence[int],
    start: int,
    width: int,
    budget: _Budget,
    *,
    shapes: Sequence[tuple[int, int]],
) -> int | None:
    """Cases checked for "no option of a heap n >= start has the value F(n)", or None.

    One large part: exact, over a whole cycle of ``n mod p*2^width``. Two or three: the
    low ``bits`` of the XOR exactly and the rest by XOR <= sum, for ``bits = 0, 1, ...``
    until every case passes."""
    p, s = claim.p, claim.s
    _, two, three = _moves(digits)
    cases = 0
    budget.spend((p << width) * len(shapes))
    for n in range(start, start + (p << width)):
        fn = claim.f(n)
        for m, w in shapes:
            cases += 1
            if w ^ fn == claim.f(n - m):
                return None
    kinds = [(2, 0, i) for i in two] + [(2, 1, i) for i in three] + [(3, 0, i) for i in three]
    todo = [(n, kind) for n in range(start, start + p) for kind in kinds]
    bits = 0
    while todo:
        lap = p << bits
        tables = {k: _large_table(claim, k, bits, budget) for k in (2, 3) if k == 2 or three}
        mask = (1 << bits) - 1
        left = []
        for n0, (large, count, i) in todo:
            ok = True
            for n in range(n0, n0 + lap, p):  # the classes of n mod p*2^bits in this one
                fn, phin = claim.f(n), claim.phi(n)
                budget.spend(len(claim.tuples(count)))
                for small in claim.tuples(count):
                    sigma, w = sum(small), claim.xor(small)
                    rho = (n - i - sigma - large * claim.small) % lap
                    top = tables[large].get((rho, (fn ^ w) & mask))
                    cases += 1
                    room = phin - p * (fn & mask) + s * (i + sigma) - p * ((w >> bits) << bits)
                    if top is not None and top >= room:
                        ok = False
            if not ok:
                left.append((n0, (large, count, i)))
        todo = left
        bits += 1
    return cases


def _witness(claim: _Claim, three: Sequence[int], v: int, parity: int, lo: int) -> int | None:
    """The least ``x + i + 2`` over moves ``i`` leaving ``x, y, y`` with ``x >= lo``,
    ``F(x) = v`` and ``x + i`` of the given parity (None if there is none)."""
    hi = max(lo, claim.e, (claim.p * v - min(claim.phis)) // claim.s + 1)
    best: int | None = None
    for x in range(max(lo, 1), hi + 1):
        if claim.f(x) != v:
            continue
        for i in three:
            if (x + i) % 2 == parity and (best is None or x + i + 2 < best):
                best = x + i + 2
    return best


def _present(
    claim: _Claim,
    digits: Sequence[int],
    start: int,
    width: int,
    budget: _Budget,
    *,
    shapes: Sequence[tuple[int, int]],
) -> tuple[int, int] | None:
    """``(N0, cases)``: every value below ``F(n)`` is an option's for every ``n >= N0``."""
    e, p, s = claim.e, claim.p, claim.s
    t = len(digits) - 1
    one, two, three = _moves(digits)
    delta = -(-(max(claim.phis) - min(claim.phis) + s * (t + 2)) // p)
    cases = 0
    # middle: the lowest B0 whose window [B0, B0 + 2s) has large witnesses of both parities
    cap = claim.f(e + 2 * p) + 2 * s
    b0 = 0
    while not all(
        _witness(claim, three, v, par, e) for v in range(b0, b0 + 2 * s) for par in (0, 1)
    ):
        budget.spend(4 * s * p)
        b0 += 1
        if b0 > cap:
            return None
    cases += 4 * s
    # bottom: every v < B0 from one fixed move, for both parities of n
    need = start
    for v in range(b0):
        for par in (0, 1):
            cases += 1
            if v == 0 and any(i % 2 == par for i in two):
                continue
            at = _witness(claim, three, v, par, 1)
            if at is None:
                return None
            need = max(need, at)
    # top: F(n) - delta <= v < F(n) at every heap of one window, by moves that shift with n
    lap = p << width
    lap *= 2 if lap % 2 else 1
    n1 = max(need, -(-(p * (b0 + delta) - min(claim.phis)) // s))
    budget.spend(lap * (len(shapes) + delta))
    for n in range(n1, n1 + lap):
        fn = claim.f(n)
        got = {claim.f(n - i) for i in one}
        got.update(w ^ claim.f(n - m) for m, w in shapes)
        for i in three:
            x = n - i - 2
            while x >= e and claim.f(x) >= fn - delta:
                got.add(claim.f(x))
                x -= 2
        for d in range(1, delta + 1):
            cases += 1
            if fn - d >= 0 and fn - d not in got:
                return None
    return n1, cases


def saltus_certificate(
    digits: Sequence[int], base: Sequence[int], e: int, p: int, s: int
) -> SaltusCertificate | None:
    """A certificate that the take-and-break game of ``digits`` (``digits[i]`` for removing
    ``i``, bits 1/2/4/8 for leaving 0/1/2/3 heaps) has ``G(n + p) = G(n) + s`` for all
    ``n >= e``, given its values ``base`` on ``0..e+p-1``; None when the checks fail.

    Heaps below a threshold ``small`` (tried from ``e`` up to ``e + 2p``) are used with
    their exact values."""
    if s <= 0 or p <= 0 or e < 0 or len(base) < e + p or not _moves(digits)[2]:
        return None
    t = len(digits) - 1
    budget = _Budget(WORK)
    small, step = max(e, 1), 1
    while small <= e + 2 * p:
        claim = _Claim(base, e, p, s, small)
        width = max((claim.f(x) for x in range(small)), default=0).bit_length()
        start = 3 * small + t + 1
        try:
            shapes = _one_large(claim, digits, budget)
            absent = _absent(claim, digits, start, width, budget, shapes=shapes)
            present = (
                None
                if absent is None
                else _present(claim, digits, start, width, budget, shapes=shapes)
            )
        except _OutOfWork:
            return None
        if absent is None or present is None:
            small, step = small + step, 2 * step
            continue
        n0, cases = present
        text = (
            f"arithmetic-periodicity check (grundy.heap.saltus): G(n+{p}) = G(n)+{s} for "
            f"n >= {e}, exact below heap {small}, {absent + cases} cases, induction from "
            f"heap {n0}"
        )
        return SaltusCertificate(max(e, n0 - p), absent + cases, text)
    return None
