"""Nim: heaps of counters; a move removes any positive number from one heap.

>>> from grundy import solve
>>> solve("nim 3 4 5").grundy
2
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.core.entry import GameEntry, no_params
from grundy.core.game import HeapGame

__all__ = ["ENTRY", "Nim"]


@dataclass(frozen=True)
class Nim(HeapGame):
    """Nim. A move removes one or more counters from one heap.

    The Grundy value of a heap of n is n (Bouton 1901), so a sum is lost by
    the player to move exactly when the XOR of the heap sizes is 0.

    >>> Nim().grundy_formula(7)
    7
    """

    name: ClassVar[str] = "nim"
    syntax: ClassVar[str] = "nim A..."

    def moves(self, state: int) -> Iterator[int]:
        return iter(range(state))

    def grundy_formula(self, state: int) -> int:
        return state

    def formula_name(self) -> str:
        return "Nim heap: G(n) = n (Bouton 1901)"

    def options_with_value(self, state: int, value: int) -> Iterable[tuple[int, ...]]:
        return [(value,)] if value < state else []

    def count_options_with_value(self, state: int, value: int) -> int:
        return 1 if value < state else 0


ENTRY = GameEntry(
    name="nim",
    factory=no_params("nim", Nim.syntax, Nim),
    syntax=Nim.syntax,
    rule="remove one or more counters from one heap; the last mover wins",
    example="nim 3 4 5",
)
