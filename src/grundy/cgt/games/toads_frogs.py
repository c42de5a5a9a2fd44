"""Toads and Frogs on a strip: Left's toads ``t`` move right, Right's frogs ``f`` left.

A toad moves one square right into an empty square, or jumps right over one
frog into the empty square just beyond; frogs move left symmetrically
(Winning Ways, ch. 1). A block ``ttff`` never moves again, so the strip splits
there; dead frogs at the left end and dead toads at the right end are dropped.
Reversing the strip and swapping toads with frogs negates the value.

>>> from grundy.cgt import value_of
>>> g = ToadsAndFrogs()
>>> [str(value_of(g, s)) for s in ("t.f", "tt.ff", "t..f", "tt..f")]
['*', '*', '0', '1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError

__all__ = ["ToadsAndFrogs"]

_SYNTAX = "toads-frogs STRIP  (STRIP: t toad, f frog, . empty; e.g. t..f.)"
_SWAP = str.maketrans("tf", "ft")


@dataclass(frozen=True)
class ToadsAndFrogs(PartisanGame[str]):
    """Toads and Frogs; a state is the strip as text."""

    name: ClassVar[str] = "toads-frogs"
    aliases: ClassVar[tuple[str, ...]] = ("toads-and-frogs", "toadsfrogs")
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "Left's toads t move one square right into an empty square or jump over one frog "
        "into the empty square beyond; Right's frogs f do the same leftwards"
    )
    example: ClassVar[str] = "toads-frogs tt..ff"
    family: ClassVar[str] = "partisan"
    memo_family: ClassVar[str] = "toads-frogs"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) != 1:
            raise InvalidSpecError("toads-frogs takes one strip", _SYNTAX)
        strip = args[0].lower()
        bad = set(strip) - set("tf.")
        if not strip or bad:
            raise InvalidSpecError(
                f"unexpected {sorted(bad)[0]!r} in the strip {args[0]!r}"
                if bad
                else "the strip is empty",
                _SYNTAX,
            )
        return [strip]

    def format_state(self, state: Any) -> str:
        return str(state)

    def left_moves(self, state: str) -> Iterator[str]:
        n = len(state)
        for i, ch in enumerate(state):
            if ch != "t":
                continue
            if i + 1 < n and state[i + 1] == ".":
                yield state[:i] + ".t" + state[i + 2 :]
            elif i + 2 < n and state[i + 1] == "f" and state[i + 2] == ".":
                yield state[:i] + ".ft" + state[i + 3 :]

    def right_moves(self, state: str) -> Iterator[str]:
        for i, ch in enumerate(state):
            if ch != "f":
                continue
            if i >= 1 and state[i - 1] == ".":
                yield state[: i - 1] + "f." + state[i + 1 :]
            elif i >= 2 and state[i - 1] == "t" and state[i - 2] == ".":
                yield state[: i - 2] + "ft." + state[i + 1 :]

    def regions(self, state: str) -> Iterator[str]:
        for block in state.replace("ttff", "tt|ff").split("|"):
            part = block.lstrip("f").rstrip("t")
            if "t" in part or "f" in part:
                yield part

    def number_value(self, region: str) -> int | None:
        """The value when no toad has a frog ahead of it (they can never meet), else None.

        Then each toad walks over every empty square to its right and each frog
        over every empty square to its left: the value is the difference of
        the counts of those (piece, empty square) pairs.
        """
        last_f = region.rfind("f")
        if last_f > region.find("t") >= 0:
            return None
        total = empties = 0
        for ch in reversed(region):  # toads: empty squares to their right
            if ch == ".":
                empties += 1
            elif ch == "t":
                total += empties
        empties = 0
        for ch in region:  # frogs: empty squares to their left
            if ch == ".":
                empties += 1
            elif ch == "f":
                total -= empties
        return total

    def signed_region_key(self, region: str) -> tuple[Hashable, bool]:
        """The strip or its mirror image with colours swapped (negated), whichever is less."""
        mirror = region[::-1].translate(_SWAP)
        return (mirror, True) if mirror < region else (region, False)
