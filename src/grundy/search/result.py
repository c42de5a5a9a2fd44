"""The answer of the two-player search: :class:`SearchResult`.

>>> from grundy import solve
>>> r = solve("tictactoe x.o......")
>>> type(r).__name__, r.value, r.remoteness, r.outcome
('SearchResult', 'win', 5, 'N')
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.core.position import Position, Sum
from grundy.core.result import Result

__all__ = ["SearchResult"]


@dataclass(frozen=True, repr=False)
class SearchResult(Result):
    """The answer of the two-player search (games whose own rules say who wins: Connect
    Four, Chomp, tic-tac-toe; draws allowed). ``winning_moves`` holds winning moves only;
    a lost or drawn position lists its best moves under ``best_moves``.

    Attributes:
        value: ``"win"``, ``"loss"`` or ``"draw"`` for the player to move.
        remoteness: moves to the end under perfect play.
        best_moves, best_move_descriptions, best_moves_total: for a position that is lost
            or drawn, its best moves: the drawing moves, else those that lose most slowly
            (``winning_moves`` is then empty: no move wins).
    """

    value: str | None = None
    remoteness: int | None = None
    best_moves: tuple[Position | Sum, ...] = ()
    best_move_descriptions: tuple[str, ...] = ()
    best_moves_total: int | None = None
