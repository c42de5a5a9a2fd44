"""The shape base of the impartial games played on a few heaps of counters that the rules
treat alike (Wythoff's two piles, Ferguson's two boxes, Moore's heaps): the arguments are
the heap sizes, the position prints as them, and its board is the heaps of counters.

>>> from grundy.catalog.impartial.ferguson import Ferguson
>>> Ferguson().parse_args(["3", "4"]), Ferguson().format_state((3, 4))
([(3, 4)], '3 4')
>>> Ferguson().parse_args(["3"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.errors.InvalidSpecError: ferguson needs exactly two box sizes, got 1 (expected: ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from grundy.core.board import Board, Heaps
from grundy.core.game import ImpartialGame
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["HeapRow"]

H = TypeVar("H", bound=tuple[int, ...])


@dataclass(frozen=True)
class HeapRow(ImpartialGame[H]):
    """A game on a tuple of heaps: :attr:`heap_count` heaps (None: one or more), each a
    :attr:`heap_word` of at least :attr:`least_heap` counters."""

    interchangeable_heaps = True
    #: How many heaps a position has (None: any number from one).
    heap_count: ClassVar[int | None] = None
    #: What a heap is called in messages (``pile``, ``box``).
    heap_word: ClassVar[str] = "heap"
    #: The fewest counters a heap holds.
    least_heap: ClassVar[int] = 0

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        word, count = self.heap_word, self.heap_count
        if count is None and not args:
            raise InvalidSpecError(f"{self.name} needs at least one {word} size", self.syntax)
        if count is not None and len(args) != count:
            raise InvalidSpecError(
                f"{self.name} needs exactly {_NUMBERS.get(count, count)} {word} sizes, "
                f"got {len(args)}",
                self.syntax,
            )
        heaps = tuple(parse_natural(a, f"a {word} size", self.syntax) for a in args)
        if min(heaps) < self.least_heap:
            raise InvalidSpecError(
                f"each {self.name} {word} holds at least {self.least_heap} counter", self.syntax
            )
        return [heaps]

    def board(self, state: Any) -> Board | None:
        """The heaps, as heaps of counters.

        >>> from grundy.catalog.impartial.wythoff import Wythoff
        >>> Wythoff().board((3, 5))
        Heaps(heaps=(3, 5), last=())
        """
        return Heaps(tuple(state))

    def format_state(self, state: Any) -> str:
        return " ".join(str(h) for h in state)


_NUMBERS = {2: "two", 3: "three"}
