"""Nim: heaps of counters; a move removes any positive number from one heap.

Normal play (Bouton 1901): the player to move loses exactly when the nim-sum
(bitwise XOR) of the heaps is 0. Misère play (the last mover loses; Bouton's
misère theorem): if some heap has 2 or more counters, the same rule holds;
otherwise (every heap 0 or 1) the player to move loses exactly when the
number of heaps of 1 is odd. Empty heaps never matter.

>>> from grundy import solve
>>> solve("nim 3 4 5").grundy
2
>>> r = solve("nim 0 1 1 4", misere=True)
>>> r.outcome, [str(m) for m in r.winning_moves]
('N', ['nim 0 1 1 1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from grundy.core.game import Answer, HeapGame
from grundy.core.misere import sj_answer
from grundy.core.text import short_number as _short
from grundy.heap.pictures import heap_line, heap_svg

__all__ = ["Nim", "nim_sum_table"]

#: Widest heap (in bits) for which the binary table is printed.
_TABLE_BITS = 64


@dataclass(frozen=True)
class Nim(HeapGame):
    """Nim. A move removes one or more counters from one heap.

    The Grundy value of a heap of n is n (Bouton 1901), so a sum is lost by
    the player to move exactly when the XOR of the heap sizes is 0.

    >>> Nim().grundy_formula(7)
    7
    """

    name: ClassVar[str] = "nim"
    sj_hypothesis: ClassVar[bool] = True
    rule: ClassVar[str] = "remove one or more counters from one heap; the last mover wins"
    example: ClassVar[str] = "nim 3 4 5"
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

    def misere_solve(self, states: Sequence[int], max_moves: int) -> Answer | None:
        """Bouton's misère theorem (the SJ rule with G(n) = n; empty heaps included).

        >>> Nim().misere_solve([1, 1, 1], 10).outcome
        'P'
        >>> Nim().misere_solve([0, 1], 10).outcome
        'P'
        """
        return sj_answer(self, states, list(states), max_moves, "misère Nim theorem (Bouton 1901)")

    def text_board(self, state: int) -> list[str]:
        """The heap as a row of counters (``grundy play`` numbers the heaps of a sum).

        >>> Nim().text_board(3)
        ['●●● (3)']
        """
        return [heap_line(state)]

    def svg(self, state: int) -> str | None:
        """A pile of counters for a heap of at most 30 (Jupyter); None for a bigger heap."""
        return heap_svg(state)

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        """The nim-sum as a binary table, and the heap to change.

        >>> print("\\n".join(Nim().explain([3, 4, 5], [3, 4, 5])))
        Nim-sum in binary (Bouton 1901: the player to move loses iff it is 0):
            3  011
            4  100
            5  101
          XOR  010  = 2
        To zero it: 3 has a 1 in the top column of 2, and 3 XOR 2 = 1, so take 2 from 3.
        """
        return nim_sum_table(states)


def nim_sum_table(heaps: Sequence[int]) -> list[str]:
    """Lines showing the nim-sum of ``heaps`` column by column, and how to zero it."""
    total = 0
    for h in heaps:
        total ^= h
    width = max(1, *(h.bit_length() for h in heaps)) if heaps else 1
    lines: list[str] = []
    if width <= _TABLE_BITS and len(heaps) <= 16:
        lines.append("Nim-sum in binary (Bouton 1901: the player to move loses iff it is 0):")
        pad = max(3, *(len(str(h)) for h in heaps))
        for h in heaps:
            lines.append(f"  {h:>{pad}}  {h:0{width}b}")
        lines.append(f"  {'XOR':>{pad}}  {total:0{width}b}  = {total}")
    else:
        lines.append(
            f"Nim-sum of the {len(heaps)} heaps (up to {width} binary digits): "
            f"{_short(total)} (Bouton 1901: the player to move loses iff it is 0)."
        )
    if total:
        top = total.bit_length() - 1
        h = next(h for h in heaps if h >> top & 1)
        lines.append(
            f"To zero it: {_short(h)} has a 1 in the top column of {_short(total)}, and "
            f"{_short(h)} XOR {_short(total)} = {_short(h ^ total)}, so take "
            f"{_short(h - (h ^ total))} from {_short(h)}."
        )
    return lines
