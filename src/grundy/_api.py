"""The string-accepting entry points: ``grundy.solve("nim 3 4 5")`` and friends.

These functions take a spec, a position, or a ruleset and a state; they check
their arguments at the door, and hand the position to the solver its kind
declares (impartial, two-player search, loopy), as httpx's ``_api.py`` does
for requests.

>>> import grundy
>>> grundy.solve("nim 3 4 5").outcome
'N'
>>> grundy.grundy_value("nim 3 4 5")
2
"""

from __future__ import annotations

from typing import Any

from grundy.core import cache
from grundy.core import solve as impartial
from grundy.core.game import Answer, HeapGame, ImpartialGame, Ruleset
from grundy.core.limits import Progress, bounded
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.core.search import DEFAULT_MAX_POSITIONS
from grundy.errors import InvalidGameError, InvalidSpecError, UnsupportedError
from grundy.lang.spec import parse, parse_ruleset

__all__ = [
    "DEFAULT_MAX_MOVES",
    "as_position",
    "check_limit",
    "clear_cache",
    "grundy_table",
    "grundy_value",
    "solve",
]

DEFAULT_MAX_MOVES = impartial.DEFAULT_MAX_MOVES


def clear_cache() -> None:
    """Forget every memoised result (searches, tables, solved boards)."""
    cache.clear_all()


def check_limit(value: object, name: str, lowest: int) -> int:
    """``value`` if it is an integer ``>= lowest``, else :class:`InvalidSpecError`.

    >>> check_limit(3, "max_moves", 0)
    3
    >>> check_limit(2.5, "max_moves", 0)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: max_moves must be an integer >= 0, got 2.5 \
(expected: max_moves=N with N >= 0)
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise InvalidSpecError(
            f"{name} must be an integer >= {lowest}, got {value!r}",
            f"{name}=N with N >= {lowest}",
        )
    return value


def as_position(game: Ruleset | str | Position | Sum, state: Any = None) -> Position | Sum:
    """Turn the ways a caller can name a position into a position.

    >>> str(as_position("nim 3 4"))
    'nim 3 4'
    """
    if isinstance(game, (Position, Sum)):
        return game
    if isinstance(game, str):
        return parse(game)
    if isinstance(game, Ruleset):
        if state is None:
            raise InvalidGameError(
                f"solving a ruleset needs a position too: solve({type(game).__name__}(), state)"
            )
        return Position(game, state)
    raise InvalidGameError(
        f"expected a spec string, a position or a ruleset, got {type(game).__name__}"
    )


def solve(
    game: Ruleset | str | Position | Sum,
    position: Any = None,
    *,
    misere: bool = False,
    max_moves: int = DEFAULT_MAX_MOVES,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    loopy: bool = False,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> Result:
    """Solve a position: outcome, Grundy value, every winning move, and how.

    Call it with a spec (``solve("nim 3 4 5")``), a position (``solve(parse(...))``)
    or a ruleset and a state (``solve(MyGame(), 10)``). ``misere=True`` plays
    the misère convention (the last mover loses). At most ``max_moves`` winning
    moves are listed (``winning_moves_truncated`` says when more exist).
    ``max_positions`` caps each search. ``loopy=True`` solves impartial games
    whose positions can repeat by generalised Sprague–Grundy values
    (:mod:`grundy.core.loopy`; endless play is a draw, outcome ``"D"``).
    ``time_limit`` (seconds) stops any search cleanly with
    :class:`~grundy.errors.TimeLimitError` (values already found stay memoised);
    ``progress(what, count)`` is called every few thousand positions.

    >>> solve("nim 1 1", misere=True).outcome
    'N'
    """
    check_limit(max_moves, "max_moves", 0)
    check_limit(max_positions, "max_positions", 1)
    with bounded(time_limit=time_limit, progress=progress):  # reading the position counts too
        pos = as_position(game, position)
        return _solve(pos, misere, max_moves, max_positions, loopy)


def _solve(
    pos: Position | Sum, misere: bool, max_moves: int, max_positions: int, loopy: bool
) -> Result:
    if loopy:
        if misere:
            raise UnsupportedError("loopy values are defined here for normal play only")
        from grundy.core.loopy import solve_loopy  # noqa: PLC0415 (lazy: cheap start)

        return solve_loopy(pos, max_moves=max_moves, max_positions=max_positions)
    comps = pos.components
    if any(c.game.kind == "partisan" for c in comps):
        from grundy.cgt.sums import solve_partisan  # noqa: PLC0415 (lazy: a game family)

        return solve_partisan(pos, misere=misere, max_moves=max_moves, max_positions=max_positions)
    if len(comps) == 1 and comps[0].game.kind == "two-player":
        # The search family loads only for two-player games (cheap start).
        from grundy.search.ruleset import (  # noqa: PLC0415 (lazy: a game family)
            TwoPlayerRuleset,
            solve_two_player,
        )

        rules = comps[0].game
        assert isinstance(rules, TwoPlayerRuleset)
        return solve_two_player(
            rules,
            comps[0].state,
            misere=misere,
            max_moves=max_moves,
            max_positions=max_positions,
        )
    return impartial.solve_impartial(
        pos,
        misere=misere,
        max_moves=max_moves,
        max_positions=max_positions,
        misere_solver=_by_quotient,
    )


def _by_quotient(pos: Position | Sum, max_moves: int) -> Answer | None:
    """A misère sum of heaps of one heap ruleset, through its misère quotient (or None)."""
    games = {c.game for c in pos.components}
    if len(games) != 1:
        return None
    game = next(iter(games))
    if not isinstance(game, HeapGame):
        return None
    from grundy.quotient import misere_by_quotient  # noqa: PLC0415 (lazy: a game family)

    return misere_by_quotient(game, [c.state for c in pos.components], max_moves)


def grundy_value(
    game: Ruleset | str | Position | Sum,
    state: Any = None,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> int:
    """The Grundy value of a position under normal play (XOR over a sum).

    >>> grundy_value("nim 3 4 5")
    2
    """
    check_limit(max_positions, "max_positions", 1)
    pos = as_position(game, state)
    with bounded(time_limit=time_limit):
        return impartial.grundy_value(pos, max_positions=max_positions)


def grundy_table(
    game: ImpartialGame[Any] | str,
    n: int,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> list[int]:
    """Grundy values of the states ``0, 1, ..., n`` of a heap ruleset, by search.

    ``game`` is a ruleset or a game name as in the position language.

    >>> grundy_table("subtraction:1,3,4", 4)
    [0, 1, 0, 1, 2]
    """
    check_limit(max_positions, "max_positions", 1)
    rules = parse_ruleset(game) if isinstance(game, str) else game
    if not isinstance(rules, ImpartialGame):
        raise InvalidGameError(f"grundy_table needs an impartial ruleset, got {rules!r}")
    with bounded(time_limit=time_limit):
        return impartial.grundy_table(rules, n, max_positions=max_positions)
