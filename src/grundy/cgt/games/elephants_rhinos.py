"""Elephants and Rhinos (CGSuite's ``game.strip.ElephantsAndRhinos``): Toads and Frogs
without jumps.

A strip of Left's elephants ``t``, Right's rhinos ``f`` and empty squares ``.`` (CGSuite
writes the strip with Toads and Frogs' letters). Left moves one elephant one square right
into an empty square, Right one rhino one square left into an empty square; nobody jumps.
Who cannot move loses.

No piece ever passes another, so the strip falls apart for good wherever a rhino stands
before an elephant (the squares between them are never entered again), and a part whose
pieces all belong to one player is an integer: each elephant walks over every empty square
to its right, each rhino over every empty square to its left. Reversing the strip and
swapping the pieces negates the value.

>>> from grundy.cgt import value_of
>>> g = ElephantsAndRhinos()
>>> [str(value_of(g, s)) for s in ("t.f", "t..f", "tt.", "tttt..fff")]
['*', '0', '2', '1']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games._shapes import WHO
from grundy.cgt.games._strips import FacingStrip
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError

__all__ = ["ElephantsAndRhinos"]

_SYNTAX = "elephants-rhinos STRIP...  (t Left's elephant, f Right's rhino, . empty; e.g. tt..ff)"


def live_parts(strip: str) -> list[str]:
    """The independent parts of ``strip``, their dead empty squares dropped.

    The strip is cut between each rhino and the next piece when that is an elephant: the
    rhino only ever moves left and the elephant right, nobody passes either, so the
    squares between them are never entered. In a part (elephants, then rhinos) the empty
    squares before a first elephant and after a last rhino are dead too.

    >>> live_parts("..f..t.t.f..")
    ['..f', 't.t.f']
    >>> live_parts("t..")
    ['t..']
    """
    pieces = [i for i, ch in enumerate(strip) if ch != "."]
    parts, start = [], 0
    for a, b in itertools.pairwise(pieces):
        if strip[a] == "f" and strip[b] == "t":
            parts.append(strip[start : a + 1])
            start = b
    parts.append(strip[start:])
    out = []
    for whole in parts:
        part = whole.lstrip(".") if whole.lstrip(".").startswith("t") else whole
        part = part.rstrip(".") if part.rstrip(".").endswith("f") else part
        if part.strip("."):
            out.append(part)
    return out


def walks(part: str) -> int | None:
    """The integer value of a part whose pieces are all one player's, else None: each
    elephant walks over every empty square to its right, each rhino over every empty
    square to its left.

    >>> walks("t.t.."), walks("..f.f"), walks("t.f")
    (5, -5, None)
    """
    if "t" in part and "f" in part:
        return None
    total = empties = 0
    if "t" in part:
        for ch in reversed(part):
            empties += ch == "."
            total += empties if ch == "t" else 0
        return total
    for ch in part:
        empties += ch == "."
        total -= empties if ch == "f" else 0
    return total


@dataclass(frozen=True)
class ElephantsAndRhinos(FacingStrip):
    """Elephants and Rhinos; a state is the strip as text."""

    name = "elephants-rhinos"
    aliases = ("elephants-and-rhinos",)
    syntax = _SYNTAX
    rule = (
        "Left moves one elephant t one square right into an empty square, Right one rhino f "
        "one square left into an empty square; no jumps (CGSuite: Toads and Frogs with "
        "maxJump 0); who cannot move loses"
    )
    example = "elephants-rhinos tt..t.ff"
    memo_family = "elephants-rhinos"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if any(not a for a in args):
            raise InvalidSpecError("a strip is empty", _SYNTAX)
        return super().parse_args(args)

    def placements(self, state: str, player: Player) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Each piece that can step: the strip after it, where it was and where it lands."""
        me, step = ("t", 1) if player == LEFT else ("f", -1)
        for i, ch in enumerate(state):
            j = i + step
            if ch == me and 0 <= j < len(state) and state[j] == ".":
                cells = [*state]
                cells[i], cells[j] = ".", me
                yield "".join(cells), (i, j)

    def move_words(self, state: str, after: str, cells: tuple[int, ...], player: Player) -> str:
        """Which piece steps where, squares numbered from 1 on the left.

        >>> ElephantsAndRhinos().describe_move("t.f", "tf.", "R")
        'Right: the rhino on 3 steps to 2'
        """
        piece = "elephant" if player == LEFT else "rhino"
        return f"{WHO[player]}: the {piece} on {cells[0] + 1} steps to {cells[1] + 1}"

    def regions(self, state: str) -> Iterator[str]:
        """The parts of :func:`live_parts`."""
        yield from live_parts(state)

    def number_value(self, region: str) -> int | None:
        """The integer of :func:`walks` when the region's pieces are all one player's."""
        return walks(region)
