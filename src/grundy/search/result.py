"""The answer of the two-player search: :class:`SearchResult`.

>>> from grundy import solve
>>> r = solve("tictactoe x.o......")
>>> type(r).__name__, r.value, r.remoteness, r.outcome
('SearchResult', 'win', 5, 'N')
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.core.result import Result

__all__ = ["SearchResult"]


@dataclass(frozen=True, repr=False)
class SearchResult(Result):
    """The answer of the two-player search (games whose own rules say who wins: Connect
    Four, Chomp, tic-tac-toe; draws allowed). ``winning_moves`` holds the best moves
    (winning, else drawing, else losing as slowly as possible).

    Attributes:
        value: ``"win"``, ``"loss"`` or ``"draw"`` for the player to move.
        remoteness: moves to the end under perfect play.
    """

    value: str | None = None
    remoteness: int | None = None
