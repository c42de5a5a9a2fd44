"""Toppling Dominoes (Lessons in Play, ch. 2; Fink, Nowakowski, Siegel, Wolfe).

A row of dominoes: ``b`` blue (Left's), ``r`` red (Right's), ``g`` green
(both). A move chooses a domino of one's colour (or green) and topples it to
the left or to the right: it falls with every domino on that side of it.
Reversing the row keeps the value; swapping blue and red negates it.

>>> from grundy.cgt import value_of
>>> g = TopplingDominoes()
>>> [str(value_of(g, s)) for s in ("b", "br", "bb", "g", "brb")]
['1', '*', '2', '*', '1/2']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.board import Strip
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError

__all__ = ["TopplingDominoes"]

_SYNTAX = "toppling-dominoes ROW...  (b blue Left's, r red Right's, g green; one row each)"
_SWAP = str.maketrans("br", "rb")


@dataclass(frozen=True)
class TopplingDominoes(PartisanGame[str]):
    """Toppling Dominoes; a state is a row as text."""

    name: ClassVar[str] = "toppling-dominoes"
    aliases: ClassVar[tuple[str, ...]] = ("toppling",)
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "a player topples one domino of their colour (Left b, Right r) or a green g to "
        "the left or right; it knocks down every domino on that side"
    )
    example: ClassVar[str] = "toppling-dominoes bbrgrb"
    family: ClassVar[str] = "partisan"
    merges_components: ClassVar[bool] = True
    memo_family: ClassVar[str] = "toppling-dominoes"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("toppling-dominoes needs a row", _SYNTAX)
        out = []
        for a in args:
            row = a.lower()
            bad = set(row) - set("brg")
            if bad:
                raise InvalidSpecError(f"unexpected {sorted(bad)[0]!r} in the row {a!r}", _SYNTAX)
            out.append(row)
        return out

    def format_state(self, state: Any) -> str:
        """The row; the empty row quoted, so that the spec reads back.

        >>> TopplingDominoes().format_state("")
        '""'
        """
        return str(state) or '""'

    def board(self, state: Any) -> Strip:
        """The row of dominoes: Left's blue, Right's red, green."""
        return Strip(tuple({"b": "left", "r": "right"}.get(ch, "green") for ch in state))

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which domino is toppled and which way, dominoes numbered from 1 on the left.

        >>> TopplingDominoes().describe_move("brb", "rb", "L")
        'Left topples domino 1 to the left'
        """
        colour = "b" if side == "L" else "r"
        who = "Left" if side == "L" else "Right"
        n, k = len(state), len(after)
        if k < n and state[:k] == after and state[k] in (colour, "g"):
            return f"{who} topples domino {k + 1} to the right"
        if k < n and state[n - k :] == after and state[n - k - 1] in (colour, "g"):
            return f"{who} topples domino {n - k} to the left"
        return super().describe_move(state, after, side)

    def _moves(self, state: str, colour: str) -> Iterator[str]:
        seen = set()
        for i, ch in enumerate(state):
            if ch in (colour, "g"):
                for after in (state[i + 1 :], state[:i]):
                    if after not in seen:
                        seen.add(after)
                        yield after

    def left_moves(self, state: str) -> Iterator[str]:
        return self._moves(state, "b")

    def right_moves(self, state: str) -> Iterator[str]:
        return self._moves(state, "r")

    def regions(self, state: str) -> Iterator[str]:
        if state:
            yield state

    def signed_region_key(self, region: str) -> tuple[Hashable, bool]:
        """The least of the row, its reverse, and their colour swaps (negated)."""
        plain = min(region, region[::-1])
        swapped = plain.translate(_SWAP)
        swapped = min(swapped, swapped[::-1])
        return (swapped, True) if swapped < plain else (plain, False)
