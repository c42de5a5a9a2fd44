"""Bash's game: a move removes between 1 and M counters from one heap.

Also the variation ``bash:P..Q``: a move removes between P and Q counters; a
heap with fewer than P counters may be taken whole. ``bash:M`` is ``bash:1..M``.

Formula (checked by search, see ``tests/heap/test_bash.py``): with r = n mod (P+Q),
G(n) = ⌈r/P⌉ if r ≤ Q, else 0. So the player to move wins a single heap
exactly when 1 ≤ r ≤ Q. For P = 1 this is the classic n mod (M+1).

>>> from grundy import solve
>>> solve("bash:3 8").outcome
'P'
>>> r = solve("bash:2..3 7")
>>> r.grundy, [str(m) for m in r.winning_moves]
(1, ['bash:2..3 5', 'bash:2..3 4'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from grundy.core.game import Answer, HeapGame
from grundy.core.misere import sj_answer
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["Bash"]

_SYNTAX = "bash:M N...  (remove 1..M)  or  bash:P..Q N...  (remove P..Q; fewer than P: all)"


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Bash(HeapGame):
    """Bash's game: remove between ``p`` and ``m`` counters from one heap.

    A heap with fewer than ``p`` counters (but at least one) may be taken
    whole; with ``p = 1`` (the default) this is the classic game "remove 1 to
    m". The last mover wins.

    Grundy value: with T = p + m and r = n mod T, G(n) = ⌈r/p⌉ when r ≤ m,
    and 0 when r > m. Proof by induction on n: for n ≥ p the options are
    n-m, ..., n-p, a window of m-p+1 consecutive heaps whose residues, read
    from r-m to r-p modulo T, cover exactly the values 0 .. ⌈r/p⌉-1 when
    1 ≤ r ≤ m and miss 0 when r = 0 or r > m; for 0 < n < p the only option
    is the empty heap (value 0), and ⌈n/p⌉ = 1. (Checked by search for
    p ≤ 14, m ≤ 29, n ≤ 400 in the tests.)

    >>> Bash(3).grundy_formula(10)
    2
    >>> [Bash(3, 2).grundy_formula(n) for n in range(11)]
    [0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0]
    """

    m: int
    p: int = 1
    name: ClassVar[str] = "bash"
    sj_hypothesis: ClassVar[bool] = True
    rule: ClassVar[str] = (
        "remove between 1 and M counters from one heap (bash:P..Q: between P and Q, and a "
        "heap of fewer than P may be taken whole); the last mover wins"
    )
    example: ClassVar[str] = "bash:2..3 7 9"

    @classmethod
    def from_params(cls, params: str | None) -> Bash:
        return _factory(params)

    syntax: ClassVar[str] = _SYNTAX

    def __post_init__(self) -> None:
        if self.p < 1:
            raise InvalidSpecError("bash needs P >= 1", _SYNTAX)
        if self.p == 1 and self.m < 1:
            raise InvalidSpecError(f"bash needs M >= 1, got {self.m}", _SYNTAX)
        if self.m < self.p:
            raise InvalidSpecError(
                f"bash needs a maximum at least its minimum, got {self.p}..{self.m}", _SYNTAX
            )

    def params_text(self) -> str:
        return str(self.m) if self.p == 1 else f"{self.p}..{self.m}"

    def moves(self, state: int) -> Iterator[int]:
        if state < self.p:
            return iter([0] if state else [])
        return iter(range(max(state - self.m, 0), state - self.p + 1))

    def grundy_formula(self, state: int) -> int:
        r = state % (self.p + self.m)
        return _ceil_div(r, self.p) if r <= self.m else 0

    def formula_name(self) -> str:
        if self.p == 1:
            return f"Bash's game: G(n) = n mod (M+1) = n mod {self.m + 1}"
        return (
            f"Bash's game P..Q: G(n) = ⌈r/P⌉ if r ≤ Q else 0, r = n mod (P+Q) = "
            f"n mod {self.p + self.m}"
        )

    def _residues(self, value: int) -> list[tuple[int, int]]:
        """Residue intervals ``[s, e]`` modulo p+m of the heaps with Grundy value ``value``."""
        p, m = self.p, self.m
        if value == 0:
            out = [(0, 0)]
            if p > 1:
                out.append((m + 1, m + p - 1))
            return out
        s, e = (value - 1) * p + 1, min(value * p, m)
        return [(s, e)] if s <= e else []

    def _segments(self, state: int, value: int) -> list[tuple[int, int]]:
        """Options of ``state`` with ``value`` as intervals ``[lo, hi]`` of heap sizes."""
        if state < self.p:
            return [(0, 0)] if state and value == 0 else []
        lo, hi = max(state - self.m, 0), state - self.p
        period = self.p + self.m
        out = []
        base = lo - lo % period
        while base <= hi:
            for s, e in self._residues(value):
                a, b = max(base + s, lo), min(base + e, hi)
                if a <= b:
                    out.append((a, b))
            base += period
        return sorted(out, reverse=True)

    def options_with_value(self, state: int, value: int) -> Iterator[tuple[int, ...]]:
        """Every option of ``state`` with Grundy ``value``, smallest take first (lazily).

        >>> list(Bash(5, 2).options_with_value(19, 0))
        [(14,)]
        >>> list(Bash(5, 2).options_with_value(19, 1))
        [(16,), (15,)]
        """
        for a, b in self._segments(state, value):
            for n in range(b, a - 1, -1):
                yield (n,)

    def count_options_with_value(self, state: int, value: int) -> int:
        return sum(b - a + 1 for a, b in self._segments(state, value))

    def misere_solve(self, states: Sequence[int], max_moves: int) -> Answer | None:
        """Misère play of a sum of heaps by the SJ theorem.

        Its hypothesis holds: a non-empty heap of value 0 has r = 0 (then taking
        m leaves r = p, value 1) or m < r < m+p (then taking m leaves
        1 ≤ r-m < p, value 1). Checked by search in the tests.

        >>> Bash(3).misere_solve([1], 5).outcome
        'P'
        """
        values = [self.grundy_formula(s) for s in states]
        return sj_answer(
            self, states, values, max_moves, "SJ theorem (Anti-SG; its hypothesis holds for Bash)"
        )

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        period = self.p + self.m
        if self.p == 1:
            lines = [f"Bash's game: G(n) = n mod (M+1) = n mod {period}."]
        else:
            lines = [
                f"Bash's game {self.p}..{self.m}: the values repeat with period P+Q = {period}; "
                f"with r = n mod {period}, G(n) = ⌈r/{self.p}⌉ if r ≤ {self.m}, else 0."
            ]
        for n, v in list(zip(states, values, strict=True))[:12]:
            lines.append(f"  heap {n}: r = {n % period}, so G = {v}")
        if len(states) > 12:
            lines.append(f"  ... ({len(states) - 12} more heaps)")
        return lines


def _factory(params: str | None) -> Bash:
    if params is None:
        raise InvalidSpecError("bash needs its maximum M (or a range P..Q)", _SYNTAX)
    if ".." in params:
        lo, _, hi = params.partition("..")
        p = parse_natural(lo, "bash's minimum P", _SYNTAX)
        m = parse_natural(hi, "bash's maximum Q", _SYNTAX)
        return Bash(m, p)
    return Bash(parse_natural(params, "bash's maximum M", _SYNTAX))
