"""Backsliding Toads and Frogs: Toads and Frogs where a piece may also step back.

Left's toads ``t`` move one square right into an empty square, jump right over one
frog into the empty square beyond, or *backslide* one square left into an empty
square; Right's frogs ``f`` do the same the other way (Winning Ways, ch. 11; Albert and
Nowakowski, "Backsliding Toads and Frogs", *Games of No Chance 3*, 2009). Backward jumps
are not allowed. Almost every position can repeat, so the game is loopy: positions are
solved by :mod:`grundy.cgt.loopy` (outcome with draws; value as a stopper or as
``onside & offside``).

>>> g = BackslidingToadsAndFrogs()
>>> sorted(g.left_moves("t.f")), sorted(g.right_moves("t.f"))
(['.tf'], ['tf.'])
>>> from grundy import solve
>>> r = solve("backsliding-toads-frogs t.f")
>>> r.canonical, r.outcome
('0', 'P')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.board import Strip
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError

__all__ = ["BackslidingToadsAndFrogs"]

_SYNTAX = "backsliding-toads-frogs STRIP  (STRIP: t toad, f frog, . empty; e.g. ttt..fff)"

#: Longest strip accepted (the positions number about C(n, toads) * C(n - toads, frogs)).
MAX_STRIP = 24


@dataclass(frozen=True)
class BackslidingToadsAndFrogs(PartisanGame[str]):
    """Backsliding Toads and Frogs; a state is the strip as text."""

    name: ClassVar[str] = "backsliding-toads-frogs"
    aliases: ClassVar[tuple[str, ...]] = ("backsliding-toads-and-frogs", "backsliding-tf")
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "as Toads and Frogs (toads t step or jump one frog rightwards, frogs f leftwards), "
        "and a piece may also step back one square into an empty square (no backward "
        "jumps); positions repeat, so endless play is a draw"
    )
    example: ClassVar[str] = "backsliding-toads-frogs tt.f"
    family: ClassVar[str] = "partisan"
    #: Solved by grundy.cgt.loopy (positions repeat).
    loopy_partisan: ClassVar[bool] = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) != 1:
            raise InvalidSpecError("backsliding-toads-frogs takes one strip", _SYNTAX)
        strip = args[0].lower()
        bad = set(strip) - set("tf.")
        if not strip or bad:
            raise InvalidSpecError(
                f"unexpected {sorted(bad)[0]!r} in the strip {args[0]!r}"
                if bad
                else "the strip is empty",
                _SYNTAX,
            )
        if len(strip) > MAX_STRIP:
            raise InvalidSpecError(
                f"the strip has {len(strip)} squares, more than {MAX_STRIP}", _SYNTAX
            )
        return [strip]

    def format_state(self, state: Any) -> str:
        return str(state)

    def board(self, state: Any) -> Strip:
        """The strip: Left's toads, Right's frogs."""
        return Strip(tuple({"t": "toad", "f": "frog"}.get(ch, "empty") for ch in state))

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which piece moves where, squares numbered from 1 on the left.

        >>> g = BackslidingToadsAndFrogs()
        >>> g.describe_move(".tf", "t.f", "L"), g.describe_move("tf.", ".ft", "L")
        ('Left: the toad on 2 slides back to 1', 'Left: the toad on 1 jumps the frog on 2 to 3')
        """
        moved = [i for i, (a, b) in enumerate(zip(state, after, strict=False)) if a != b]
        if len(state) != len(after) or len(moved) != 2:
            return super().describe_move(state, after, side)
        piece = "t" if side == "L" else "f"
        i = next(k for k in moved if state[k] == piece)
        j = next(k for k in moved if k != i)
        who = "Left: the toad" if side == "L" else "Right: the frog"
        forward = (j > i) == (side == "L")
        if abs(j - i) == 2:
            jumped = "frog" if side == "L" else "toad"
            return f"{who} on {i + 1} jumps the {jumped} on {(i + j) // 2 + 1} to {j + 1}"
        return f"{who} on {i + 1} {'steps' if forward else 'slides back'} to {j + 1}"

    def _moves(self, state: str, piece: str, other: str, step: int) -> Iterator[str]:
        n = len(state)
        for i, ch in enumerate(state):
            if ch != piece:
                continue
            for d in (step, -step):  # forward, then back
                j = i + d
                if 0 <= j < n and state[j] == ".":
                    yield _swap(state, i, j)
            j = i + 2 * step
            if 0 <= j < n and state[i + step] == other and state[j] == ".":
                yield _swap(state, i, j)

    def left_moves(self, state: str) -> Iterator[str]:
        return self._moves(state, "t", "f", 1)

    def right_moves(self, state: str) -> Iterator[str]:
        return self._moves(state, "f", "t", -1)


def _swap(state: str, i: int, j: int) -> str:
    cells = list(state)
    cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)
