"""Heap rulesets written as a Python function: heap size -> options.

>>> from grundy import solve
>>> def halve_or_split(n):  # take 1, or split into two halves (n even)
...     if n:
...         yield (n - 1,)
...     if n and n % 2 == 0:
...         yield (n // 2, n // 2)
>>> game = HeapFunctionGame(halve_or_split, "halve-or-split")
>>> heap_values(game, 6)
[0, 1, 2, 0, 1, 0, 1]
>>> solve(game, 5).outcome
'P'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from grundy.core.game import HeapGame
from grundy.errors import InvalidGameError
from grundy.heap.values import heap_values

__all__ = ["HeapFunctionGame", "heap_values"]

Options = Callable[[int], Iterable[Iterable[int]]]


@dataclass(frozen=True, eq=False)
class HeapFunctionGame(HeapGame):
    """A heap ruleset from a function: ``options(n)`` lists each move from a heap of ``n``
    as the heap sizes it leaves (``()`` for nothing, ``(3,)`` for one heap, ``(1, 2)`` for two).

    Compared by identity. It gets the same tools as the built-in heap games:
    :func:`grundy.heap.heap_table` and :func:`grundy.heap.heap_periodicity`
    (periods are reported as observed: no theorem covers an arbitrary rule).
    """

    function: Options = field(repr=False)
    label: str = "heap-function"
    splits: ClassVar[bool] = True

    def __init__(self, options: Options, label: str = "heap-function") -> None:
        object.__setattr__(self, "function", options)
        object.__setattr__(self, "label", label)

    def split_moves(self, state: int) -> Iterator[tuple[int, ...]]:
        for option in self.function(state):
            parts = tuple(option)
            for h in parts:
                if not isinstance(h, int) or h < 0:
                    raise InvalidGameError(
                        f"{self.label}: a move from {state} leaves {parts!r}; "
                        "heap sizes must be non-negative ints"
                    )
            yield tuple(h for h in parts if h)

    def spec_name(self) -> str:
        return self.label
