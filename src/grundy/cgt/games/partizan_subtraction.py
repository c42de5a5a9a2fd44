"""Partizan subtraction (CGSuite's ``game.heap.PartizanSubtraction``): Left and Right each
have their own subtraction set.

``partizan-subtraction:L|R N...``: heaps of ``N`` counters; Left removes exactly ``s``
counters from one heap for some ``s`` in ``L``, Right for some ``s`` in ``R`` (sets written
like ``1,3`` or ``2..5``). Who cannot move loses.

>>> from grundy.cgt import value_of
>>> g = PartizanSubtraction.from_params("1,3|2,3")
>>> [str(value_of(g, s)) for s in g.parse_args(["1", "2", "3"])]
['1', '{1|0}', '{0,{1|0}|0}']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Self

from grundy.core.board import Board, Heaps
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.core.params import format_int_set, parse_int_set, parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["PartizanSubtraction"]

#: A sorted tuple of heap sizes.
HeapsState = tuple[int, ...]

_SYNTAX = "partizan-subtraction:L|R N...  (L Left's set, R Right's, like 1,3|2..4; N heaps)"


@dataclass(frozen=True)
class PartizanSubtraction(PartisanGame[HeapsState]):
    """Left subtracts a member of ``left_set``, Right of ``right_set``."""

    left_set: tuple[int, ...] = (1,)
    right_set: tuple[int, ...] = (1,)
    name = "partizan-subtraction"
    aliases = ("partisan-subtraction",)
    syntax = _SYNTAX
    rule = (
        "Left removes exactly s counters from one heap for some s in her set L, Right for "
        "some s in his set R; who cannot move loses"
    )
    example = "partizan-subtraction:1,3|2,3 6"
    merges_components = True

    @classmethod
    def from_params(cls, params: str | None) -> Self:
        """``L|R``, Left's set and Right's (for this class and its subclasses)."""
        syntax = cls.syntax
        if params is None:
            raise InvalidSpecError("give the two subtraction sets, like :1,3|2,3", syntax)
        left, bar, right = params.partition("|")
        if not bar:
            raise InvalidSpecError(f"expected L|R (two sets split by |), got {params!r}", syntax)
        return cls(
            parse_int_set(left.strip(), "Left's set", syntax),
            parse_int_set(right.strip(), "Right's set", syntax),
        )

    def params_text(self) -> str:
        return f"{format_int_set(self.left_set)}|{format_int_set(self.right_set)}"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError(f"{self.name} needs at least one heap", self.syntax)
        return [(parse_natural(a, "a heap size", self.syntax),) for a in args]

    def format_state(self, state: Any) -> str:
        return " ".join(str(n) for n in state) or "0"

    def board(self, state: Any) -> Board | None:
        return Heaps(tuple(state)) if all(n <= 40 for n in state) else None

    def _moves(self, state: HeapsState, subset: tuple[int, ...]) -> Iterator[HeapsState]:
        for i, n in enumerate(state):
            if n in state[:i]:
                continue
            rest = state[:i] + state[i + 1 :]
            for s in subset:
                if s <= n:
                    yield tuple(sorted((*rest, n - s))) if n > s else rest

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values, in the order of :meth:`left_moves` / :meth:`right_moves`,
        each naming the heap it takes from (a heap of :meth:`board`).

        >>> g = PartizanSubtraction.from_params("1,3|2,3")
        >>> [(p.after, p.cells) for p in g.plays((2, 4), "R")]
        [(((4,),), (0,)), (((2, 2),), (1,)), (((1, 2),), (1,))]
        """
        side = RIGHT if player == RIGHT else LEFT
        subset = self.left_set if side == LEFT else self.right_set
        heaps = ((i,) for i, n in enumerate(state) if n not in state[:i] for s in subset if s <= n)
        moves = self.left_moves if side == LEFT else self.right_moves
        for after, cells in zip(moves(state), heaps, strict=True):
            yield Play((after,), player, cells, self.describe_move(state, after, side))

    def left_moves(self, state: HeapsState) -> Iterator[HeapsState]:
        return self._moves(state, self.left_set)

    def right_moves(self, state: HeapsState) -> Iterator[HeapsState]:
        return self._moves(state, self.right_set)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which heap loses how many counters.

        >>> g = PartizanSubtraction.from_params("1,3|2,3")
        >>> g.describe_move((6,), (3,), "L")
        'Left takes 3 from the heap of 6'
        """
        gone = [n for n in state if n not in after] or list(state)
        new = [n for n in after if n not in state] or [0]
        who = "Left" if side == "L" else "Right"
        if len(gone) == 1 and len(new) == 1:
            return f"{who} takes {gone[0] - new[0]} from the heap of {gone[0]}"
        return super().describe_move(state, after, side)

    def regions(self, state: HeapsState) -> Iterator[HeapsState]:
        for n in state:
            yield (n,)

    def signed_region_key(self, region: HeapsState) -> tuple[Hashable, bool]:
        return region, False
