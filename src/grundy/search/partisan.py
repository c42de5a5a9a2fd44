"""The two-player search view of any partisan ruleset: who wins with a given side to move.

A partisan ruleset (:class:`~grundy.core.game.PartisanGame`) is solved by its
canonical value, which is the answer whoever moves first. The same rules,
with the player to move written into the state, are a two-player game the
search engine (:func:`~grundy.search.retrograde.retrograde`,
:func:`~grundy.search.negamax.negamax`) solves like any other: a state of
:class:`PartisanSearch` is a state of the ruleset and the side to move, a move
is one of that side's moves (the ruleset's
:meth:`~grundy.core.game.PartisanGame.left_moves` or ``right_moves``), and a
side with no move loses.
The outcome class follows from the two searches, Left first and Right first
(:func:`outcome_class`). Nothing about the game is written twice: the view
only asks the ruleset.

>>> from grundy.cgt.games.domineering import Domineering
>>> view = PartisanSearch(Domineering())
>>> board = Domineering().parse_args(["..."])[0]  # a 1x3 strip: only Right can move
>>> from grundy.search.retrograde import outcome_of
>>> outcome_of(view, (board, "L")), outcome_of(view, (board, "R"))
('loss', 'win')
>>> outcome_of_partisan(view, board, max_positions=1_000)
'R'

A sum of components (:class:`SumRules`) is a ruleset too, so a whole position
can be searched (``SumRules`` states are tuples of
:class:`~grundy.core.position.Position`):

>>> from grundy import parse
>>> pos = parse("domineering:1x3 + domineering:2x1")  # -1 + 1 = 0
>>> outcome_of_partisan(PartisanSearch(SumRules()), pos.components, max_positions=1_000)
'P'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.game import LEFT, RIGHT, PartisanGame, Player
from grundy.core.limits import check_time
from grundy.core.position import Position
from grundy.search.protocol import WIN, unpack
from grundy.search.ruleset import TwoPlayerRuleset, position_score

__all__ = ["PartisanSearch", "SumRules", "outcome_class", "outcome_of_partisan"]

_OTHER: dict[Player, Player] = {LEFT: RIGHT, RIGHT: LEFT}


def outcome_class(left_first_wins: bool, right_first_wins: bool) -> str:
    """The partisan outcome class from who wins when each player starts.

    >>> outcome_class(True, False), outcome_class(True, True), outcome_class(False, False)
    ('L', 'N', 'P')
    """
    if left_first_wins and right_first_wins:
        return "N"
    if left_first_wins:
        return "L"
    if right_first_wins:
        return "R"
    return "P"


@dataclass(frozen=True)
class PartisanSearch(TwoPlayerRuleset):
    """Any partisan ruleset ``game`` with the side to move in the state.

    A state is what :meth:`join` makes of a state of ``game`` and the side to move
    (``"L"`` or ``"R"``); the default is the pair ``(state, side)``. A subclass that
    must keep another encoding (a registered game whose states are saved in tables)
    overrides :meth:`join` and :meth:`split`. Options of ``game`` must be one state
    each (as a :class:`~grundy.core.game.PartisanGame`'s are; a sum is one state of
    :class:`SumRules`).
    """

    game: PartisanGame[Any]
    #: The players' names in the words of a result (a board may say which way each plays).
    side_names: ClassVar[tuple[str, str]] = ("Left", "Right")

    def join(self, state: Any, side: Player) -> Any:
        """The view's state for ``state`` of ``game`` with ``side`` to move."""
        return (state, side)

    def split(self, state: Any) -> tuple[Any, Player]:
        """``(state of game, side to move)`` of a state of the view (inverse of :meth:`join`)."""
        inner, side = state
        return inner, side

    def params_text(self) -> str | None:
        return self.game.params_text()

    def spec_name(self) -> str:
        return self.game.spec_name() if not self.name else super().spec_name()

    def format_state(self, state: Any) -> str:
        inner, side = self.split(state)
        return f"{self.game.format_state(inner)} {side}"

    def board(self, state: Any) -> Any:
        return self.game.board(self.split(state)[0])

    def moves(self, state: Any) -> list[Any]:
        inner, side = self.split(state)
        other = _OTHER[side]
        out = []
        game = self.game
        for after in game.left_moves(inner) if side == LEFT else game.right_moves(inner):
            out.append(self.join(after, other))
            if not len(out) & 4095:  # a position may have a huge number of options
                check_time()
        if len(out) > 64:  # a search checks the clock every few thousand nodes: too rare here
            check_time()
        return out

    def use_retrograde(self, state: Any) -> bool:
        """False: a generic ruleset's graph may be huge; negamax needs no table of it."""
        return False

    def describe_move(self, state: Any, after: Any) -> str:
        inner, side = self.split(state)
        return self.game.describe_move(inner, self.split(after)[0], side)

    def caption(self, side: Player) -> str:
        """Who moves, in words (under the board of ``grundy play``)."""
        return f"{self.side_names[side == RIGHT]} to move"

    def text_board(self, state: Any) -> list[str] | None:
        inner, side = self.split(state)
        lines = self.game.text_board(inner)
        return None if lines is None else [*lines, self.caption(side)]

    def outcome_letter(self, state: Any, value: str, max_positions: int) -> str:
        inner, side = self.split(state)
        other = self.join(inner, _OTHER[side])
        other_wins = unpack(position_score(self, other, max_positions=max_positions))[0] == WIN
        mover_wins = value == WIN
        if side == RIGHT:
            return outcome_class(other_wins, mover_wins)
        return outcome_class(mover_wins, other_wins)

    def explain_position(self, state: Any, value: str) -> list[str]:
        left, right = self.side_names
        return [
            f"Outcome class: L = {left} wins whoever starts, R = {right} wins whoever "
            "starts, N = the first player wins, P = the second player wins."
        ]


@dataclass(frozen=True)
class SumRules(PartisanGame[tuple[Position, ...]]):
    """A sum of components as one ruleset: a state is a tuple of
    :class:`~grundy.core.position.Position`, and an option of a side is its option in one
    component (the others unchanged). For searching a whole position with
    :class:`PartisanSearch`; impartial components give both sides their moves."""

    def options(self, state: Any, player: Player | None = None) -> Iterable[tuple[Any, ...]]:
        comps: tuple[Position, ...] = state
        for i, c in enumerate(comps):
            for option in c.game.options(c.state, player):
                after = tuple(Position(c.game, s) for s in option)
                yield ((*comps[:i], *after, *comps[i + 1 :]),)

    def left_moves(self, state: tuple[Position, ...]) -> Iterable[tuple[Position, ...]]:
        return (after for (after,) in self.options(state, LEFT))

    def right_moves(self, state: tuple[Position, ...]) -> Iterable[tuple[Position, ...]]:
        return (after for (after,) in self.options(state, RIGHT))

    def format_state(self, state: Any) -> str:
        return " + ".join(str(c) for c in state) or "0"

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        who = "Left" if side == LEFT else "Right"
        return f"{who} moves to {self.format_state(after)}"


def outcome_of_partisan(view: PartisanSearch, state: Any, *, max_positions: int) -> str:
    """The outcome class (``L``, ``R``, ``N`` or ``P``) of ``state`` of ``view.game``, by
    two searches: Left first and Right first (each within ``max_positions``)."""
    left = position_score(view, view.join(state, LEFT), max_positions=max_positions)
    right = position_score(view, view.join(state, RIGHT), max_positions=max_positions)
    return outcome_class(unpack(left)[0] == WIN, unpack(right)[0] == WIN)
