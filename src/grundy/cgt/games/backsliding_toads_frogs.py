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
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.errors import InvalidGameError, InvalidSpecError

__all__ = ["BackslidingToadsAndFrogs"]

_SYNTAX = "backsliding-toads-frogs STRIP  (STRIP: t toad, f frog, . empty; e.g. ttt..fff)"

#: Longest strip accepted (the positions number about C(n, toads) * C(n - toads, frogs)).
MAX_STRIP = 24


@dataclass(frozen=True)
class BackslidingToadsAndFrogs(PartisanGame[str]):
    """Backsliding Toads and Frogs; a state is the strip as text."""

    name = "backsliding-toads-frogs"
    aliases = ("backsliding-toads-and-frogs", "backsliding-tf")
    syntax = _SYNTAX
    rule = (
        "as Toads and Frogs (toads t step or jump one frog rightwards, frogs f leftwards), "
        "and a piece may also step back one square into an empty square (no backward "
        "jumps); positions repeat, so endless play is a draw"
    )
    example = "backsliding-toads-frogs tt.f"
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
        player: Player = LEFT if side == LEFT else RIGHT
        found = (p.words for p in self.plays(state, player) if p.after == (after,))
        return next(found, None) or super().describe_move(state, after, side)

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play` naming the square the piece leaves
        and the one it lands on.

        >>> [p.cells for p in BackslidingToadsAndFrogs().plays("tf.", "L")]
        [(0, 2)]
        """
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        piece, other, step = ("t", "f", 1) if player == LEFT else ("f", "t", -1)
        who = "Left: the toad" if player == LEFT else "Right: the frog"
        for i, j in self._steps(state, piece, other, step):
            if abs(j - i) == 2:
                words = f"{who} on {i + 1} jumps the {_NAMES[other]} on {(i + j) // 2 + 1}"
            else:
                words = f"{who} on {i + 1} {'steps' if j - i == step else 'slides back'}"
            yield Play((_swap(state, i, j),), player, (i, j), f"{words} to {j + 1}")

    def _steps(self, state: str, piece: str, other: str, step: int) -> Iterator[tuple[int, int]]:
        """``(from, to)`` for each move of ``piece``: forward, back, then a jump."""
        n = len(state)
        for i, ch in enumerate(state):
            if ch != piece:
                continue
            for d in (step, -step):  # forward, then back
                j = i + d
                if 0 <= j < n and state[j] == ".":
                    yield i, j
            j = i + 2 * step
            if 0 <= j < n and state[i + step] == other and state[j] == ".":
                yield i, j

    def left_moves(self, state: str) -> Iterator[str]:
        return (_swap(state, i, j) for i, j in self._steps(state, "t", "f", 1))

    def right_moves(self, state: str) -> Iterator[str]:
        return (_swap(state, i, j) for i, j in self._steps(state, "f", "t", -1))


_NAMES = {"t": "toad", "f": "frog"}


def _swap(state: str, i: int, j: int) -> str:
    cells = list(state)
    cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)
