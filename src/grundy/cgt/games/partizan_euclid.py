"""Partizan Euclid (CGSuite's ``game.heap.PartizanEuclid``; Nowakowski and McKay).

``partizan-euclid P,Q...``: a position is an ordered pair ``(p, q)`` of non-negative
integers. When ``q`` is 0 or divides ``p`` the position is terminal; otherwise each player
has exactly one move: Left to ``(q, p mod q)``, Right to ``(q, q - p mod q)``. Who cannot
move loses. Several pairs form a sum. ``q`` is at most :data:`MAX_Q` (``p`` is any size).

>>> from grundy.cgt import value_of
>>> g = PartizanEuclid()
>>> [str(value_of(g, s)) for s in g.parse_args(["8,3", "8,6", "8,7", "9,6"])]
['v', '^', '^5', '*']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.board import Board, Heaps
from grundy.core.game import LEFT, PartisanGame, Play, Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["PartizanEuclid"]

#: ``(p, q)``.
Pair = tuple[int, int]

#: The largest ``q``: every move makes ``q`` smaller, so a pair lasts at most ``q`` moves,
#: and ``(q + 1, q)`` is about ``q`` ups (the canonical-value engine holds 256 at most).
MAX_Q = 256

#: The largest ``p`` drawn as a heap of counters (a larger pair has no board).
MAX_DRAWN = 40

_SYNTAX = "partizan-euclid P,Q...  (one ordered pair of non-negative integers each, like 9,6)"


@dataclass(frozen=True)
class PartizanEuclid(PartisanGame[Pair]):
    """Partizan Euclid; a state is the pair ``(p, q)``."""

    name = "partizan-euclid"
    aliases = ("partisan-euclid",)
    syntax = _SYNTAX
    rule = (
        "a position is a pair (p, q); unless q is 0 or divides p, Left's one move is to "
        "(q, p mod q) and Right's to (q, q - p mod q); who cannot move loses"
    )
    example = "partizan-euclid 9,6 8,7"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("partizan-euclid needs at least one pair P,Q", _SYNTAX)
        out = []
        words = re.sub(r"\s*,\s*", ",", " ".join(args)).split()  # "9, 6" is one pair
        for a in words:
            p, comma, q = a.strip().strip("()").partition(",")
            if not comma:
                raise InvalidSpecError(f"expected a pair P,Q, got {a!r}", _SYNTAX)
            pair = (parse_natural(p.strip(), "p", _SYNTAX), parse_natural(q.strip(), "q", _SYNTAX))
            if pair[1] > MAX_Q:
                raise InvalidSpecError(
                    f"q = {pair[1]} is too large: at most {MAX_Q} (a game lasts up to q moves, "
                    "and its value can hold as many ups)",
                    _SYNTAX,
                )
            out.append(pair)
        return out

    def format_state(self, state: Any) -> str:
        p, q = state
        return f"{p},{q}"

    def board(self, state: Any) -> Board | None:
        """The pair as two heaps, ``p`` then ``q``: a move leaves ``p mod q`` (Left) or
        ``q - p mod q`` (Right) of the first heap's counters, and the pair then reads the
        other way round.

        >>> PartizanEuclid().board((9, 6))
        Heaps(heaps=(9, 6), last=())
        """
        p, q = state
        return Heaps((p, q)) if p <= MAX_DRAWN else None

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The one move of ``player``, naming the heap ``p`` of :meth:`board` it shrinks.

        >>> [(p.after, p.cells) for p in PartizanEuclid().plays((9, 6), "R")]
        [(((6, 3),), (0,))]
        """
        side = "L" if player == LEFT else "R"
        moves = self.left_moves if player == LEFT else self.right_moves
        for after in moves(state):
            yield Play((after,), player, (0,), self.describe_move(state, after, side))

    def left_moves(self, state: Pair) -> Iterator[Pair]:
        p, q = state
        if q and p % q:
            yield (q, p % q)

    def right_moves(self, state: Pair) -> Iterator[Pair]:
        p, q = state
        if q and p % q:
            yield (q, q - p % q)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """The pair before and after.

        >>> PartizanEuclid().describe_move((9, 6), (6, 3), "L")
        'Left moves (9, 6) to (6, 3)'
        """
        who = "Left" if side == "L" else "Right"
        return f"{who} moves ({state[0]}, {state[1]}) to ({after[0]}, {after[1]})"
