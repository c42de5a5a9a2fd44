"""Subtraction games: a move removes exactly s counters from one heap, for some s in S.

The value of a heap depends only on the ``m = max(S)`` values before it, so as
soon as a window of ``m`` consecutive values repeats, the sequence is periodic
from there on: a proved period, which answers heaps of any size.

>>> from grundy import solve
>>> solve("subtraction:1,3,4 10").grundy
1
>>> r = solve("subtraction:1,3,4 " + "9" * 1000)
>>> r.grundy, len(r.winning_moves)
(1, 2)
>>> r.method.split(" (")[0]
'formula: proved period 7 from heap 0'

Two-element sets ``{a, b}`` (``a < b``) have a closed form with period
``a + b`` from heap 0 (a classical result, checked against the generic search in
the tests), so a large member costs nothing:

>>> solve("subtraction:1,10000000 50000001").grundy
1

Any other set whose values do not repeat within the search budget is answered
by the generic search up to :data:`SEARCH_LIMIT` heaps, and refused at once beyond.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from grundy.core.cache import register
from grundy.core.game import HeapGame
from grundy.core.params import format_int_set, parse_int_set
from grundy.core.text import short_number as _short
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = ["SEARCH_LIMIT", "Subtraction", "two_element_value"]

#: Heaps of a set with no closed form and no period found are searched up to this size.
SEARCH_LIMIT = 2_000_000

_SYNTAX = "subtraction:S N...  (S a set like 1,3,4 or a range like 2..5)"


@dataclass(frozen=True)
class Subtraction(HeapGame):
    """The subtraction game S: remove exactly s counters from one heap, s in ``subset``.

    >>> Subtraction((1, 3, 4)).params_text()
    '1,3,4'
    >>> sorted(Subtraction((1, 3, 4)).moves(4))
    [0, 1, 3]
    """

    subset: tuple[int, ...]
    name: ClassVar[str] = "subtraction"
    rule: ClassVar[str] = "remove exactly s counters from one heap, for some s in the set S"
    example: ClassVar[str] = "subtraction:1,3,4 10"
    aliases: ClassVar[tuple[str, ...]] = ("sub",)

    @classmethod
    def from_params(cls, params: str | None) -> Subtraction:
        return _factory(params)

    syntax: ClassVar[str] = _SYNTAX

    def __post_init__(self) -> None:
        clean = tuple(sorted(set(self.subset)))
        if not clean or clean[0] <= 0:
            raise InvalidSpecError("a subtraction set needs positive members", _SYNTAX)
        object.__setattr__(self, "subset", clean)

    def params_text(self) -> str:
        return format_int_set(self.subset)

    def moves(self, state: int) -> Iterator[int]:
        return (state - s for s in self.subset if s <= state)

    # ----- the proved period -------------------------------------------------------

    def period(self) -> tuple[int, int, tuple[int, ...]] | None:
        """``(preperiod, period, values of heaps 0..preperiod+period-1)``, or None when no
        window repeats within :data:`WINDOW_BUDGET`.

        >>> Subtraction((2, 3)).period()
        (0, 5, (0, 0, 1, 1, 2))
        """
        return _window_period(self.subset)

    def periodicity_proof(self, preperiod: int, period: int, saltus: int) -> tuple[int, str] | None:
        """Checking ``G(n+p) = G(n)`` for ``e <= n < e + max(S)`` proves it for all ``n >= e``."""
        if saltus:
            return None
        m = self.subset[-1]
        return preperiod + m, f"subtraction game: a window of max(S) = {m} values repeats"

    def has_periodicity_theorem(self) -> bool:
        """True: every period of a finite subtraction game is proved by a window."""
        return True

    def move_shape(self) -> tuple[int, int] | None:
        """``(1, max(S))``: a move leaves one heap and removes at most ``max(S)``."""
        return (1, self.subset[-1]) if self.subset else None

    def periodicity_bound_form(self) -> tuple[int, int, int]:
        """``(1, 0, max(S))``: the proof bound is ``e + max(S)`` (see
        :meth:`grundy.heap.games.TakeAndBreak.periodicity_bound_form`)."""
        return 1, 0, self.subset[-1]

    def grundy_formula(self, state: int) -> int | None:
        if len(self.subset) == 2:
            return two_element_value(self.subset[0], self.subset[1], state)
        found = self.period()
        if found is None:
            if state <= SEARCH_LIMIT:
                return None  # the generic search, with its progress line and limits
            m = self.subset[-1]
            looked = _window_heaps(m)
            period = (
                f"no period found in its first {looked:,} heaps"
                if looked > m
                else f"max(S) = {m:,} is too large to look for a repeated window of {m:,} values"
            )
            raise UnsupportedError(
                f"subtraction:{self.params_text()} {_short(state)}: no closed form for this set "
                f"and {period}, so the value "
                f"needs every heap up to {_short(state)}, beyond the limit of "
                f"{SEARCH_LIMIT:,}; ask for a heap up to {SEARCH_LIMIT:,}, or explore the "
                f"values with 'grundy table subtraction:{self.params_text()} -n N'"
            )
        e, p, base = found
        return base[state] if state < e + p else base[e + (state - e) % p]

    def formula_name(self) -> str:
        if len(self.subset) == 2:
            a, b = self.subset
            return (
                f"closed form for two-element sets {{a, b}} = {{{a}, {b}}}: proved period "
                f"a+b = {a + b} from heap 0; with r = n mod {a + b}, G = floor(r/a) mod 2 "
                f"for r < b, else 2 - floor(r/a) mod 2"
            )
        found = self.period()
        if found is None:  # pragma: no cover - grundy_formula returned None, so not used
            return "no period found"
        e, p, _ = found
        m = self.subset[-1]
        return (
            f"proved period {p} from heap {e} (subtraction game: the {m} values "
            f"from heap {e} repeat at heap {e + p})"
        )

    def options_with_value(self, state: int, value: int) -> list[tuple[int, ...]] | None:
        if len(self.subset) != 2 and self.period() is None:
            return None
        return [(state - s,) for s in self.subset if s <= state and self._g(state - s) == value]

    def count_options_with_value(self, state: int, value: int) -> int | None:
        found = self.options_with_value(state, value)
        return None if found is None else len(found)

    def _g(self, state: int) -> int:
        value = self.grundy_formula(state)
        assert value is not None
        return value

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        if len(self.subset) == 2:
            a, b = self.subset
            q = a + b
            return [
                f"The Grundy values of subtraction:{a},{b} repeat with period {q} from heap 0: "
                f"with r = n mod {q}, G = floor(r/{a}) mod 2 for r < {b}, else "
                f"2 - floor(r/{a}) mod 2",
                *(
                    f"  heap {_short(n)}: r = {_short(n % q)}, so its value is {v}"
                    for n, v in zip(states, values, strict=True)
                ),
            ][:12]
        found = self.period()
        if found is None:
            return []
        e, p, base = found
        shown = ", ".join(map(str, base[e : e + min(p, 24)])) + (", ..." if p > 24 else "")
        return [
            f"The Grundy values of subtraction:{self.params_text()} repeat with period {p} "
            f"from heap {e}: {shown}",
            *(
                f"  heap {s} = {e} + {p}·{(s - e) // p} + {(s - e) % p}, so its value is {v}"
                for s, v in zip(states, values, strict=True)
                if s >= e + p
            ),
        ][:12]


#: Most values (heaps times window length) stored while looking for a repeated window.
WINDOW_BUDGET = 20_000_000


def _window_heaps(m: int) -> int:
    """How many heaps the window search looks at when ``max(S) = m``."""
    return WINDOW_BUDGET // m


def two_element_value(a: int, b: int, n: int) -> int:
    """G(n) of the subtraction game ``{a, b}``, ``0 < a < b``: periodic with period ``a + b``
    from heap 0; with ``r = n mod (a + b)`` and ``q = r // a``, ``G = q mod 2`` for
    ``r < b`` (only ``a`` can be taken) and ``2 - q mod 2`` for ``r >= b`` (taking ``b``
    leaves value 0 as well).

    >>> [two_element_value(2, 3, n) for n in range(10)]
    [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
    >>> two_element_value(1, 10_000_000, 50_000_001)
    1
    """
    r = n % (a + b)
    q = r // a
    return q % 2 if r < b else 2 - q % 2


@lru_cache(maxsize=256)
def _window_period(subset: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]] | None:
    """First repeat of a window of ``max(S)`` consecutive values: it gives the smallest
    preperiod and the smallest period (any earlier repeat would be found first)."""
    m = subset[-1]
    values: list[int] = []
    first: dict[tuple[int, ...], int] = {}
    n = 0
    while (n + 1) * m <= WINDOW_BUDGET:
        seen = {values[n - s] for s in subset if s <= n}
        v = 0
        while v in seen:
            v += 1
        values.append(v)
        start = n - m + 1
        if start >= 0:
            window = tuple(values[start:])
            if window in first:
                e = first[window]
                return e, start - e, tuple(values[:start])
            first[window] = start
        n += 1
    return None


def _factory(params: str | None) -> Subtraction:
    if params is None:
        raise InvalidSpecError("subtraction needs its set S", _SYNTAX)
    return Subtraction(parse_int_set(params, "subtraction set", _SYNTAX))


register(_window_period)
