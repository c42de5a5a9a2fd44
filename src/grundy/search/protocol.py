"""The two-player protocol: positions, moves, and the value of a finished game.

A *two-player game* is any object with

* ``moves(state) -> Iterable[state]``: the positions the player to move can
  reach (the state records whose turn it is when that matters);
* ``terminal_value(state) -> "win" | "loss" | "draw" | None``: the
  result, for the player to move, of a game that is over (None while it goes on).

Every :class:`~grundy.core.game.Ruleset` has both (``terminal_value`` is None by
default) and declares two optional capabilities the searches use:
``expand(state) -> (terminal value or None, moves)`` (both at once, for speed) and
``order_moves(state, options)`` (best first, for alpha-beta).

A position with no moves and no terminal value is lost by the player to move
(normal play), so every :class:`~grundy.core.game.ImpartialGame` fits the
protocol unchanged:

>>> from grundy.heap.nim import Nim
>>> from grundy.search.retrograde import outcome_of
>>> outcome_of(Nim(), 3)
'win'

Values are packed into one int *score* per position, from the side of the
player to move: a win in ``r`` moves is ``MATE - r``, a loss in ``r`` moves is
``r - MATE`` and a draw is 0, so a larger score is always better and the best
move maximises ``backup(score of the option)``.

>>> unpack(backup(pack("loss", 0)))
('win', 1)
>>> unpack(backup(pack("win", 4)))
('loss', 5)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, runtime_checkable

from grundy.core.game import Ruleset

__all__ = [
    "DRAW",
    "LOSS",
    "MATE",
    "WIN",
    "MisereImpartial",
    "TwoPlayerGame",
    "backup",
    "expander",
    "pack",
    "terminal_of",
    "unpack",
]

WIN = "win"
LOSS = "loss"
DRAW = "draw"

#: Score of a win in 0 moves; remoteness must stay below it.
MATE = 1 << 40

_TERMINAL_SCORE = {WIN: MATE, LOSS: -MATE, DRAW: 0}


@runtime_checkable
class TwoPlayerGame(Protocol):
    """What the solvers need: the moves of the player to move, and the value of a
    finished game."""

    def moves(self, state: Any) -> Iterable[Any]:
        """Every position reachable in one move (empty when the game is over)."""
        ...

    def terminal_value(self, state: Any) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move, or None."""
        ...


def terminal_of(game: TwoPlayerGame, state: Hashable) -> str | None:
    """The game's terminal value for ``state``, or None while the game goes on."""
    return game.terminal_value(state)


def expander(game: TwoPlayerGame) -> Callable[[Any], tuple[str | None, Iterable[Any]]]:
    """``state -> (terminal value, moves)``: a ruleset's declared :meth:`expand`, or one
    made from the protocol's two methods."""
    if isinstance(game, Ruleset):
        return game.expand
    moves, terminal = game.moves, game.terminal_value

    def expand(s: Any) -> tuple[str | None, Iterable[Any]]:
        tv = terminal(s)
        return (tv, ()) if tv is not None else (None, moves(s))

    return expand


def pack(value: str, remoteness: int) -> int:
    """The score of ``value`` reached in ``remoteness`` moves (draws score 0).

    >>> pack("win", 3), pack("loss", 3), pack("draw", 7)
    (1099511627773, -1099511627773, 0)
    """
    if value == DRAW:
        return 0
    base = _TERMINAL_SCORE[value]
    return base - remoteness if base > 0 else base + remoteness


def unpack(score: int) -> tuple[str, int | None]:
    """``(value, remoteness)`` of a score; a draw has no remoteness.

    >>> unpack(0)
    ('draw', None)
    """
    if score > 0:
        return WIN, MATE - score
    if score < 0:
        return LOSS, MATE + score
    return DRAW, None


def backup(score: int) -> int:
    """The score, for the player who moves there, of an option whose score is ``score``."""
    if score > 0:
        return 1 - score
    if score < 0:
        return -score - 1
    return 0


class MisereImpartial(Ruleset):
    """An impartial game under misère play, as a two-player game.

    >>> from grundy.heap.nim import Nim
    >>> from grundy.search.retrograde import outcome_of
    >>> outcome_of(MisereImpartial(Nim()), 1)
    'loss'
    """

    def __init__(self, game: Any) -> None:
        self.game = game

    def moves(self, state: Any) -> Iterable[Any]:
        return self.game.moves(state)  # type: ignore[no-any-return]

    def terminal_value(self, state: Any) -> str | None:
        return WIN if next(iter(self.game.moves(state)), None) is None else None
