"""Positions: a ruleset applied to a state, and disjunctive sums of them.

>>> from grundy import parse
>>> p = parse("nim 3 4 5")
>>> str(p)
'nim 3 4 5'
>>> str(parse("nim 3") + parse("bash:3 10"))
'nim 3 + bash:3 10'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.core.game import Ruleset

__all__ = ["Position", "Sum", "sum_of"]


@dataclass(frozen=True)
class Position:
    """One component: ``game`` applied to ``state``. Immutable and hashable."""

    game: Ruleset
    state: Any

    @property
    def components(self) -> tuple[Position, ...]:
        """The components of this position (itself alone)."""
        return (self,)

    def __add__(self, other: Position | Sum) -> Position | Sum:
        return sum_of(self.components + other.components)

    def canonical(self) -> frozenset[tuple[Position, int]]:
        """The position as a multiset of components (see :meth:`Sum.canonical`)."""
        return frozenset({(self, 1)})

    def __str__(self) -> str:
        return _format((self,))

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a position as a picture when its ruleset can draw one."""
        return self.game.svg(self.state)

    def __repr__(self) -> str:
        return f"grundy.parse({str(self)!r})" if self.game.name else _raw_repr(self)


@dataclass(frozen=True)
class Sum:
    """A disjunctive sum: a move is made in exactly one component.

    Order is kept for display; :meth:`canonical` ignores it.
    """

    components: tuple[Position, ...]

    def __add__(self, other: Position | Sum) -> Position | Sum:
        return sum_of(self.components + other.components)

    def __iter__(self) -> Iterator[Position]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def canonical(self) -> frozenset[tuple[Position, int]]:
        """The sum as a multiset (order-free), for memoising sums."""
        return frozenset(Counter(self.components).items())

    def __str__(self) -> str:
        return _format(self.components)

    def __repr__(self) -> str:
        if all(c.game.name for c in self.components):
            return f"grundy.parse({str(self)!r})"
        return " + ".join(_raw_repr(c) for c in self.components)


def sum_of(components: tuple[Position, ...] | list[Position]) -> Position | Sum:
    """The sum of ``components``; a single component is returned as itself.

    >>> from grundy import parse
    >>> sum_of(list(parse("nim 1 2").components)) == parse("nim 1 2")
    True
    """
    comps = tuple(components)
    if len(comps) == 1:
        return comps[0]
    return Sum(comps)


def _raw_repr(p: Position) -> str:
    return f"Position({p.game!r}, {p.state!r})"


def _format(components: tuple[Position, ...]) -> str:
    """Format components, merging neighbours of one heap ruleset (``nim 1 4 5``)."""
    if not components:
        return "0"
    parts: list[str] = []
    i = 0
    while i < len(components):
        game = components[i].game
        args = [game.format_state(components[i].state)]
        j = i + 1
        if game.merges_components:
            while j < len(components) and components[j].game == game:
                args.append(game.format_state(components[j].state))
                j += 1
        parts.append(f"{game.spec_name()} {' '.join(args)}")
        i = j
    return " + ".join(parts)
