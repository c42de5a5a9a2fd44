"""Cherries (Bardoe's red-blue cherries on a path): a row of ``b`` blue (Left's) and ``r``
red (Right's) cherries; a player takes a cherry of their colour from an end of the row.
>>> from grundy.cgt import value_of
>>> g = Cherries()
>>> [str(value_of(g, s)) for s in ("b", "br", "brb", "brrrb", "bbrr")]
['1', '0', '1', '0', '0']"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._shapes import WHO, StripGame, reverse_swap_key
from grundy.core.game import LEFT, Player

__all__ = ["Cherries"]


@dataclass(frozen=True)
class Cherries(StripGame):
    name = "cherries"
    syntax = "cherries ROW...  (b blue Left's, r red Right's; one row each)"
    rule = "a player takes a cherry of their colour (Left b, Right r) from an end of a row"
    example = "cherries bbrbrr"
    memo_family = "cherries"
    symbols = "br"
    pieces: ClassVar[dict[str, str]] = {"b": "left", "r": "right"}

    def placements(self, state: str, player: Player) -> Iterator[tuple[str, tuple[int, ...]]]:
        mine = "b" if player == LEFT else "r"
        ends = {0, len(state) - 1} if state else set()
        yield from ((state[:i] + state[i + 1 :], (i,)) for i in sorted(ends) if state[i] == mine)

    def move_words(self, state: str, after: str, cells: tuple[int, ...], player: Player) -> str:
        return f"{WHO[player]} takes the cherry at {cells[0] + 1}"

    def signed_region_key(self, region: str) -> tuple[Hashable, bool]:
        """Reversing the row keeps the value; swapping the colours negates it."""
        return reverse_swap_key(region, str.maketrans("br", "rb"))
