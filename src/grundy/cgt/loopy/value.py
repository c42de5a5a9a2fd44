"""Values of loopy partisan games: :class:`Stopper` and :class:`LoopyValue`.

A :class:`Stopper` is a stopper in simplest form (a canonical stopper). A
:class:`LoopyValue` is a stopper-sided value ``S & T`` (onside ``S``, offside ``T``); when
the two sides are equal it is that stopper. Both are frozen; ``==`` is equality of value.

>>> on, off = loopy_value("on"), loopy_value("off")
>>> str(on + off), str(loopy_value("over") + loopy_value("over"))
('on & off', 'over')
>>> loopy_value("over") > 0, loopy_value("over") < loopy_value("1/64")
(True, True)
>>> str(loopy_value("tis")), str(-loopy_value("tis")), loopy_value("{0|pass}").outcome
('1 & 0', '0 & -1', 'L')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Self

from grundy.cgt.loopy.compare import leq_table, outcome_class, outcomes
from grundy.cgt.loopy.graph import Graph, add, is_loopfree, is_stopper, pack
from grundy.cgt.loopy.notation import (
    format_stopper,
    parse_loopy,
    pseudonumber,
    vertex_readers,
)
from grundy.cgt.loopy.sides import side
from grundy.cgt.loopy.simplify import simplify
from grundy.errors import UnsupportedError

__all__ = ["LoopyValue", "Stop", "Stopper", "loopy_value", "value_of_graph"]


@dataclass(frozen=True, order=True)
class Stop:
    """A stop: a number, possibly adorned ``over`` (+1) or ``under`` (-1), or ``on``/``off``
    (``x`` is then plus or minus infinity)."""

    x: float | Fraction
    adorn: int = 0

    def __str__(self) -> str:
        if self.x == math.inf:
            return "on"
        if self.x == -math.inf:
            return "off"
        num = str(self.x)
        if self.adorn == 0:
            return num
        return ("" if self.x == 0 else num) + ("over" if self.adorn > 0 else "under")


class _PartialOrder:
    """The comparisons made from ``<=`` alone, a partial order (two values may be
    incomparable: neither ``<=`` holds); ``==`` is ``<=`` both ways, between two values of
    one class. :meth:`_operand` turns the other side of ``>=`` and ``>`` into a value."""

    def __le__(self, other: Self) -> bool:  # pragma: no cover - each class defines it
        raise NotImplementedError

    def __hash__(self) -> int:  # pragma: no cover - each class defines it (equal: equal hashes)
        raise NotImplementedError

    def _operand(self, other: Any) -> Self:
        result: Self = other
        return result

    def __ge__(self, other: Any) -> bool:
        return self._operand(other) <= self

    def __lt__(self, other: Self) -> bool:
        return self <= other and not other <= self

    def __gt__(self, other: Any) -> bool:
        return self._operand(other) < self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self <= other <= self


@dataclass(frozen=True, eq=False)
class Stopper(_PartialOrder):
    """A stopper in simplest form: ``graph`` with the game at vertex 0."""

    graph: Graph

    @classmethod
    def of(cls, g: Graph, start: int) -> Stopper:
        """The simplest form of the stopper at ``start`` of ``g``."""
        return cls(simplify(g, start))

    def __le__(self, other: Stopper) -> bool:
        return leq_table(self.graph, other.graph)[0][0]

    def __hash__(self) -> int:
        return hash(self._stops)  # equal values have equal stops

    def __neg__(self) -> Stopper:
        return Stopper(self.graph.negated())

    def __str__(self) -> str:
        return format_stopper(self.graph, 0)

    def cgsuite_text(self) -> str:
        """The stopper exactly as CGSuite prints it (``^[on]`` for ``upon``, loopfree
        parts in CGSuite's short notation, its slashes).

        >>> loopy_value("{on|{0|-1/2}}").onside.cgsuite_text()
        '{on||0|-1/2}'
        """
        return format_stopper(self.graph, 0, cgsuite=True)

    def __repr__(self) -> str:
        return f"Stopper({str(self)!r})"

    @property
    def is_loopfree(self) -> bool:
        """True for a short game (no follower repeats)."""
        return is_loopfree(self.graph, 0)

    @cached_property
    def _stops(self) -> tuple[Stop, Stop]:
        return _stops(self.graph)

    @property
    def left_stop(self) -> Stop:
        """Left's stop: where play stops (at a number, ``on`` or ``off``) when Left starts."""
        return self._stops[0]

    @property
    def right_stop(self) -> Stop:
        """Right's stop."""
        return self._stops[1]

    @property
    def outcome(self) -> str:
        """The outcome class (a stopper's play always ends: L, R, N or P)."""
        return outcome_class(outcomes(self.graph)[0])

    def upsum(self, other: Stopper) -> Stopper:
        """The onside of ``self + other``."""
        return Stopper(side(add(self.graph, other.graph), 0, True)[0])

    def downsum(self, other: Stopper) -> Stopper:
        """The offside of ``self + other``."""
        return Stopper(side(add(self.graph, other.graph), 0, False)[0])

    def degree(self) -> Stopper:
        """CGSuite's ``Degree``: 0 for a short game, else the onside of ``G - G``.

        >>> str(loopy_value("over").onside.degree()), str(loopy_value("on").onside.degree())
        ('over', 'on')
        """
        if self.is_loopfree:
            return Stopper(Graph(((),), ((),)))
        return self.upsum(-self)

    def variety(self) -> Stopper:
        """CGSuite's ``Variety``: with ``D`` the degree, ``G + (-G - D)`` onside... precisely
        the upsum of ``G`` and the downsum of ``-G`` and ``-D``, which must equal the downsum
        of ``G`` and the upsum of ``-G`` and ``D`` (the degree must be idempotent).

        >>> str(loopy_value("1over").onside.variety())
        'over'
        """
        deg = self.degree()
        twice = LoopyValue.of_graph(add(deg.graph, deg.graph), 0)
        if not (twice.is_stopper and twice.onside == deg):
            raise UnsupportedError(f"the degree {deg} is not idempotent: no variety")
        up = self.upsum((-self).downsum(-deg))
        down = self.downsum((-self).upsum(deg))
        if up != down:
            raise UnsupportedError(
                f"the upsum and downsum varieties differ ({up}, {down}): please report it"
            )
        return up


def _stops(g: Graph) -> tuple[Stop, Stop]:
    """Left's and Right's stops of vertex 0 of a stopper graph (play alternates and, in a
    stopper, ends; it stops at a pseudonumber: a number, ``x over``, ``x under``, ``on``,
    ``off``)."""
    loopfree, short = vertex_readers(g)
    memo: dict[tuple[int, int], Stop] = {}

    def stop(v: int, mover: int) -> Stop:
        key = (v, mover)
        if key in memo:
            return memo[key]
        p = pseudonumber(g, v, loopfree, short)
        if p is not None:
            kind, x = p
            out = {
                "on": Stop(math.inf),
                "off": Stop(-math.inf),
                "number": Stop(x),  # type: ignore[arg-type]
                "over": Stop(x, 1),  # type: ignore[arg-type]
                "under": Stop(x, -1),  # type: ignore[arg-type]
            }[kind]
        elif mover == 0:
            opts = [stop(w, 1) for w in g.left[v]]
            out = max(opts) if opts else Stop(-math.inf)
        else:
            opts = [stop(w, 0) for w in g.right[v]]
            out = min(opts) if opts else Stop(math.inf)
        memo[key] = out
        return out

    return stop(0, 0), stop(0, 1)


@dataclass(frozen=True, eq=False)
class LoopyValue(_PartialOrder):
    """A stopper-sided value ``onside & offside`` (a stopper when they are equal)."""

    onside: Stopper
    offside: Stopper

    @classmethod
    def of_graph(cls, g: Graph, start: int) -> LoopyValue:
        """The value of the game at ``start``: simplest form of a stopper, or its sides.

        Raises :class:`~grundy.cgt.loopy.sides.NotSettledError` when no stopper side is found.
        """
        g = pack(g, start)
        if is_stopper(g, 0):
            s = Stopper.of(g, 0)
            return cls(s, s)
        return cls(Stopper(side(g, 0, True)[0]), Stopper(side(g, 0, False)[0]))

    @property
    def is_stopper(self) -> bool:
        """True when both sides are the same stopper."""
        return self.onside == self.offside

    def __str__(self) -> str:
        if self.is_stopper:
            return str(self.onside)
        return f"{self.onside} & {self.offside}"

    def __repr__(self) -> str:
        return f"LoopyValue({str(self)!r})"

    def cgsuite_text(self) -> str:
        """The value exactly as CGSuite prints it: a stopper, ``onside & offside``, or
        ``dud`` for ``on & off``.

        >>> loopy_value("on + off").cgsuite_text(), loopy_value("tis").cgsuite_text()
        ('dud', '1 & 0')
        """
        on, off = self.onside.cgsuite_text(), self.offside.cgsuite_text()
        if self.is_stopper:
            return on
        return "dud" if (on, off) == ("on", "off") else f"{on} & {off}"

    def __neg__(self) -> LoopyValue:
        return LoopyValue(-self.offside, -self.onside)

    def __add__(self, other: LoopyValue) -> LoopyValue:
        if self.is_stopper and other.is_stopper:
            return LoopyValue.of_graph(add(self.onside.graph, other.onside.graph), 0)
        return LoopyValue(self.onside.upsum(other.onside), self.offside.downsum(other.offside))

    def __sub__(self, other: LoopyValue) -> LoopyValue:
        return self + (-other)

    def __le__(self, other: LoopyValue) -> bool:
        return self.onside <= other.onside and self.offside <= other.offside

    def _operand(self, other: LoopyValue | int) -> LoopyValue:
        """``x >= 0`` and ``x > 0`` may name an integer."""
        return loopy_value(str(other)) if isinstance(other, int) else other

    def __hash__(self) -> int:
        return hash((hash(self.onside), hash(self.offside)))

    @property
    def outcome(self) -> str:
        """The outcome class with draws (CGSuite's names): Left wins moving first when she
        wins the offside, draws when she wins only the onside; likewise for Right."""
        on, off = outcomes(self.onside.graph)[0], outcomes(self.offside.graph)[0]
        first = 1 if off[0] == 1 else 0 if on[0] == 1 else -1
        second = -1 if on[1] == -1 else 0 if off[1] == -1 else 1
        return outcome_class((first, second))


def value_of_graph(g: Graph, start: int) -> LoopyValue:
    """The value of the game at ``start`` of ``g`` (see :meth:`LoopyValue.of_graph`)."""
    return LoopyValue.of_graph(g, start)


def loopy_value(text: str) -> LoopyValue:
    """The value of a game written in CGSuite's notation (loopy or not).

    >>> str(loopy_value("a{0|{a|}}")), str(loopy_value("{1|pass}"))
    ('1 & *', '1over')
    """
    return value_of_graph(*parse_loopy(text))
