"""Subtraction games: a move removes exactly s counters from one heap, for some s in S.

>>> from grundy import solve
>>> solve("subtraction:1,3,4 10").grundy
1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.core.entry import GameEntry
from grundy.core.game import HeapGame
from grundy.core.params import format_int_set, parse_int_set
from grundy.errors import InvalidSpecError

__all__ = ["ENTRY", "Subtraction"]

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


def _factory(params: str | None) -> Subtraction:
    if params is None:
        raise InvalidSpecError("subtraction needs its set S", _SYNTAX)
    return Subtraction(parse_int_set(params, "subtraction set", _SYNTAX))


ENTRY = GameEntry(
    name="subtraction",
    factory=_factory,
    syntax=_SYNTAX,
    rule="remove exactly s counters from one heap, for some s in the set S",
    example="subtraction:1,3,4 10",
    aliases=("sub",),
)
