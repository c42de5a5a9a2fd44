"""``TwoPlayerRuleset``: the base of games solved by search (draws, partisan moves).

A game module subclasses :class:`TwoPlayerRuleset`, encodes each position as
one compact hashable value (an int bitboard for the built-in games, with the
player to move inside it), and writes :meth:`~TwoPlayerRuleset.moves` and,
when a game can end other than by the player to move having no move,
:meth:`~grundy.core.game.Ruleset.terminal_value`. The base class answers
``grundy solve`` and ``grundy play``:

* small games by :func:`~grundy.search.retrograde.retrograde` (the table is
  kept, so solving the positions met later in a game is free);
* large ones by :func:`~grundy.search.negamax.negamax` (only one best move
  is listed then).

``Result.winning_moves`` holds the winning moves that win fastest, and only
winning moves; a drawn or lost position lists its best moves (the drawing
moves, else the moves that lose most slowly) under ``Result.best_moves``
(``grundy play`` picks the first of either).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from grundy.core.cache import BoundedCache, register
from grundy.core.game import GameType, ImpartialGame, Ruleset
from grundy.core.position import Position
from grundy.core.result import Outcome
from grundy.errors import UnsupportedError
from grundy.search.negamax import NegamaxTable, negamax
from grundy.search.protocol import DRAW, LOSS, WIN, backup, unpack
from grundy.search.result import SearchResult
from grundy.search.retrograde import SolvedTable, retrograde

__all__ = [
    "TwoPlayerRuleset",
    "clear_tables",
    "kept_table",
    "position_score",
    "remember_table",
    "solve_two_player",
]

#: Solved tables kept per ruleset (the most recent last).
_MAX_RULESETS = 4
_TABLES: BoundedCache[Any, tuple[SolvedTable, ...]] = register(BoundedCache(_MAX_RULESETS))
_NEGAMAX: BoundedCache[Any, NegamaxTable] = register(BoundedCache(_MAX_RULESETS))
_TABLES_LOCK = threading.Lock()
_MAX_TT = 4_000_000

_OUTCOME = {WIN: "N", LOSS: "P", DRAW: "D"}


def clear_tables() -> None:
    """Forget every kept retrograde table and transposition table."""
    _TABLES.clear()
    _NEGAMAX.clear()


def remember_table(game: Any, table: SolvedTable) -> None:
    """Keep ``table`` (e.g. one loaded from a file) so that solving ``game`` reuses it."""
    with _TABLES_LOCK:  # read, add, write back: one at a time
        _TABLES[game] = (*(_TABLES.get(game) or ()), table)


def kept_table(game: Any, state: Any) -> SolvedTable | None:
    """The most recent kept table of ``game`` (computed or loaded) holding ``state``, or None."""
    for table in reversed(_TABLES.get(game) or ()):
        if state in table:
            return table
    return None


def position_score(game: Ruleset, state: Any, *, max_positions: int) -> int:
    """The packed score of ``state``, from a kept table or by a new search."""
    if game.use_retrograde(state):
        table = kept_table(game, state)
        if table is None:
            table = retrograde(game, state, max_positions=max_positions)
            remember_table(game, table)
        return table.score(state)
    return negamax(game, state, max_positions=max_positions, table=_tt(game)).score


def _tt(game: Any) -> NegamaxTable:
    # Entries are proven bounds and hints, true whoever wrote them: threads share the table.
    tt = _NEGAMAX.setdefault(game, NegamaxTable)
    if len(tt) > _MAX_TT:
        tt.bounds = {}  # a search running meanwhile keeps the tables it had
        tt.hints = {}
    return tt


class TwoPlayerRuleset(Ruleset):
    """A game solved by two-player search; subclasses write :meth:`moves`."""

    #: The state records the player to move, and a position is solved alone by search.
    game_type: ClassVar[GameType] = GameType(impartial=False, summable=False)
    #: Who moves, for the words of a result ("the player to move").
    family = "two-player"

    def moves(self, state: Any) -> Iterable[Any]:
        """Every position the player to move can reach (empty when the game is over)."""
        raise NotImplementedError

    def describe_move(self, state: Any, after: Any) -> str:
        """Words for the move from ``state`` to ``after``."""
        return f"{self.format_state(state)} -> {self.format_state(after)}"

    def outcome_letter(self, state: Any, value: str, max_positions: int) -> str:
        """The outcome shown in results: N, P or D for the player to move."""
        return _OUTCOME[value]

    def explain_position(self, state: Any, value: str) -> list[str]:
        """Extra lines for the explanation (rules reminders, outcome class)."""
        return []

    def play_moves(self, state: Any) -> list[tuple[Any, str]]:
        return [(after, self.describe_move(state, after)) for after in self.moves(state)]


def _words(value: str, remoteness: int | None) -> str:
    if value == DRAW:
        return "a draw"
    plural = "" if remoteness == 1 else "s"
    return f"{'a win' if value == WIN else 'a loss'} in {remoteness} move{plural}"


def _describer(game: Ruleset) -> Callable[[Any, Any], str]:
    """``(state, after) -> words``: a board's own words, or an impartial game's words for
    the option ``(after,)``."""
    if isinstance(game, TwoPlayerRuleset):
        return game.describe_move
    if isinstance(game, ImpartialGame):
        impartial = game
        return lambda state, after: impartial.describe_move(state, (after,))
    raise UnsupportedError(f"{game.spec_name()} is not solved by two-player search")


def _move_lines(  # noqa: PLR0917
    game: Ruleset,
    state: Any,
    value: str,
    best: list[Any],
    option_scores: list[tuple[Any, int]],
    describe: Callable[[Any, Any], str],
) -> list[str]:
    """The explanation's lines on the moves: the game over or no move, each move's score
    (the first 40), and what the best moves do when none wins."""
    lines = []
    terminal = game.terminal_value(state)
    if terminal is not None:
        lines.append(f"The game is over: {terminal} for the player to move.")
    elif not option_scores and not best:
        lines.append("The player to move has no move, and loses.")
    if option_scores:
        lines.append("Each move, and what it gives the player making it:")
        for o, s in option_scores[:40]:
            v, r = unpack(s)
            lines.append(f"  {describe(state, o)}: {_words(v, r)}")
    if best and value != WIN:
        kind = "draw" if value == DRAW else "lose as slowly as possible"
        lines.append(f"No move wins; the moves listed {kind}.")
    return lines


def _source_line(loaded: SolvedTable) -> str:
    """Where the scores of a table read from a file come from, and how it was verified."""
    if loaded.sampled:  # issue 35: an answer on a table checked by sampling says so
        return (
            f"The scores come from {loaded.source}, verified only by sampling ("
            f"{loaded.verified}): a forged score elsewhere could pass; solve without "
            "--load to search it afresh."
        )
    return f"The scores come from {loaded.source} ({loaded.verified})."


def solve_two_player(
    game: Ruleset,
    state: Any,
    *,
    max_moves: int,
    max_positions: int,
    misere: bool = False,
) -> SearchResult:
    """Solve one position of ``game`` and describe the best moves.

    ``game`` is a :class:`TwoPlayerRuleset`, or an impartial ruleset that declares
    :attr:`~grundy.core.game.Ruleset.search_alone` (Chomp).
    """
    describe = _describer(game)
    if misere:
        raise UnsupportedError(
            f"{game.spec_name()} has its own ending rules; misère play is not defined for it"
        )
    game.check_search_size(state, max_positions)
    searched = 0
    option_scores: list[tuple[Any, int]] = []
    loaded: SolvedTable | None = None
    if game.use_retrograde(state):
        table = kept_table(game, state)
        loaded = table
        if table is None:
            table = retrograde(game, state, max_positions=max_positions)
            remember_table(game, table)
            searched = len(table)
            method = table.method
        elif table.source is not None:
            method = table.method
        else:
            method = f"{table.method} (kept from an earlier question)"
        score = table.score(state)
        options = [] if game.terminal_value(state) is not None else list(game.moves(state))
        option_scores = [(o, backup(table.score(o))) for o in options]
        best = [o for o, s in option_scores if s == score]
        total: int | None = len(best)
    else:
        answer = negamax(game, state, max_positions=max_positions, table=_tt(game))
        score = answer.score
        searched = answer.nodes
        best = [] if answer.best is None else [answer.best]
        total = None
        method = (
            f"negamax alpha-beta search (transposition table, move ordering, "
            f"{answer.iterations} iterative-deepening passes) over {answer.nodes:,} nodes"
        )
    value, remoteness = unpack(score)
    shown = best[:max_moves]
    explanation = [f"With perfect play this is {_words(value, remoteness)} for the player to move."]
    explanation.extend(_move_lines(game, state, value, best, option_scores, describe))
    if loaded is not None and loaded.source is not None and loaded.verified:
        explanation.append(_source_line(loaded))
    if isinstance(game, TwoPlayerRuleset):
        explanation.extend(game.explain_position(state, value))
        outcome = game.outcome_letter(state, value, max_positions)
    else:
        outcome = _OUTCOME[value]
    moves = tuple(Position(game, o) for o in shown)
    words = tuple(describe(state, o) for o in shown)
    wins = value == WIN
    return SearchResult(
        position=Position(game, state),
        play="normal",
        outcome=Outcome(outcome),
        winning_moves=moves if wins else (),
        move_descriptions=words if wins else (),
        method=method,
        explanation=tuple(explanation),
        positions_searched=searched,
        winning_moves_total=total if wins else 0,
        winning_moves_truncated=wins and len(best) > len(shown),
        value=value,
        remoteness=remoteness,
        best_moves=() if wins else moves,
        best_move_descriptions=() if wins else words,
        best_moves_total=None if wins else total,
    )
