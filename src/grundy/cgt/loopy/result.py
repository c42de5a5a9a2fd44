"""The answer of the loopy partisan solver: :class:`LoopyResult`.

>>> from grundy import solve
>>> r = solve('cgt "{0|pass}"')
>>> type(r).__name__, r.outcome
('LoopyResult', 'L')
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.core.position import Position, Sum
from grundy.core.result import Result

__all__ = ["LoopyResult"]


@dataclass(frozen=True, repr=False)
class LoopyResult(Result):
    """The answer for a sum with a loopy partisan component (:mod:`grundy.cgt.loopy`):
    the outcome by retrograde analysis of the sum's game graph (draws for endless play),
    and the value where one was found. ``outcome`` may be one of CGSuite's mixed loopy
    classes (``NHat``, ``NCheck``, ``PHat``, ``PCheck``) besides L, R, N, P and D.

    Attributes:
        canonical, cgsuite: the value in CGSuite's notation (a stopper, or
            ``onside & offside``), None when not found.
        onside, offside: its two sides (equal for a stopper).
        left_stop, right_stop: a stopper's stops (numbers, ``on`` or ``off``).
        degree, variety: a stopper's ``Degree`` and ``Variety`` (None where not defined).
        right_winning_moves, right_move_descriptions, right_winning_moves_total: Right's
            best moves moving first (``winning_moves`` then holds Left's).
    """

    canonical: str | None = None
    left_stop: str | None = None
    right_stop: str | None = None
    right_winning_moves: tuple[Position | Sum, ...] = ()
    right_move_descriptions: tuple[str, ...] = ()
    right_winning_moves_total: int | None = None
    cgsuite: str | None = None
    onside: str | None = None
    offside: str | None = None
    degree: str | None = None
    variety: str | None = None
