"""A partisan position whose value is out of reach: its outcome class by two-player search.

:func:`solve_partisan_bounded` is how :func:`grundy.solve` answers a position
with partisan components. Without a time limit it is
:func:`grundy.cgt.sums.solve_partisan` (the canonical value, however long it
takes). Under a time limit the value gets :data:`VALUE_SHARE` of the time
left; when it is not finished by then, the rest of the time goes to the
two-player search of the same rules
(:class:`~grundy.search.partisan.PartisanSearch`): Left first and Right
first, which give the outcome class (``L``, ``R``, ``N`` or ``P``) and a
winning first move of each side that has one. The result says so (its
``canonical`` is None). When the search does not finish either, the value's
one-line :class:`~grundy.errors.TimeLimitError` stands, with the whole limit
(counting the search's nodes when the value finished no region).

>>> from grundy import parse
>>> from grundy.core.limits import bounded
>>> with bounded(time_limit=60):
...     r = solve_partisan_bounded(parse("domineering:2x3"), max_moves=5, max_positions=10**5)
>>> r.canonical, r.outcome
(CanonicalGame('{2|-1/2}'), 'N')

A search alone (what happens when the value runs out of time):

>>> r = outcome_by_search(parse("domineering:2x3"), max_moves=5, max_positions=10**5,
...                       stopped="the canonical value was not finished")
>>> r.outcome, r.canonical, [str(m) for m in r.winning_moves]
('N', None, ['domineering:2x3 .#./.#.'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.cgt.result import PartisanResult
from grundy.cgt.sums import has_loopy_part, solve_partisan
from grundy.core.game import LEFT, RIGHT, PartisanGame, Player, Ruleset
from grundy.core.limits import bounded, current_bounds, deadline_passed, now, time_limit_seconds
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import Outcome, Result
from grundy.errors import LongPlayError, SearchLimitError, TimeLimitError

if TYPE_CHECKING:
    from grundy.search.partisan import PartisanSearch

__all__ = ["VALUE_SHARE", "outcome_by_search", "solve_partisan_bounded"]

#: The part of the time left that the canonical value may take before the search has its turn.
VALUE_SHARE = 0.5

_WHO = {LEFT: "Left", RIGHT: "Right"}


def solve_partisan_bounded(
    pos: Position | Sum, *, max_moves: int, max_positions: int, misere: bool = False
) -> Result:
    """The canonical value of ``pos`` (:func:`~grundy.cgt.sums.solve_partisan`), or, when a
    time limit is in force and the value is not finished within its share of it, the
    outcome class by two-player search (:func:`outcome_by_search`)."""
    deadline, _ = current_bounds()
    if deadline is None or misere or has_loopy_part(pos):
        # a loopy game has no search to stand in (play may go on for ever): the analysis of
        # its graph has the whole time, and its own line when the time runs out
        return solve_partisan(pos, max_moves=max_moves, max_positions=max_positions, misere=misere)
    limit = time_limit_seconds()
    share = max(0.0, (deadline - now()) * VALUE_SHARE)
    try:
        with bounded(time_limit=share):
            return solve_partisan(pos, max_moves=max_moves, max_positions=max_positions)
    except TimeLimitError as e:
        stopped = TimeLimitError(limit if limit is not None else e.seconds, e.done, e.what)
    if deadline_passed():
        raise stopped
    why = (
        f"the canonical value was not finished within its share of the time limit "
        f"({share:.3g} of {limit:g} s; {stopped.done:,} {stopped.what} evaluated)"
    )
    try:
        return outcome_by_search(pos, max_moves=max_moves, max_positions=max_positions, stopped=why)
    except TimeLimitError as late:  # out of time too: one line, with the work done counted
        if stopped.done or not late.done:
            raise stopped from None
        raise TimeLimitError(stopped.seconds, late.done, late.what) from None
    except SearchLimitError:  # out of positions: the value's one line stands
        raise stopped from None


def _view(pos: Position | Sum) -> tuple[PartisanSearch, Any, Any]:
    """The search view of ``pos``, its state there, and how to turn a view state back into
    a position."""
    from grundy.search.partisan import PartisanSearch, SumRules  # noqa: PLC0415 (lazy: cheap start)

    comps = pos.components
    if len(comps) == 1 and isinstance(comps[0].game, PartisanGame):
        game = comps[0].game
        return PartisanSearch(game), comps[0].state, lambda s: Position(game, s)
    return PartisanSearch(SumRules()), tuple(comps), sum_of


def _long_play(pos: Position | Sum, moves: int) -> LongPlayError:
    """The one line for a position whose play is too long for the outcome search: the
    games, why their play is long and what to ask instead (their ``long_play``), and the
    time limit that would let the canonical value finish.

    >>> from grundy import parse
    >>> print(_long_play(parse("domineering:2x3 + nim 2"), 400))
    domineering:2x3 + nim: a line of play lasts more than 400 moves, and the outcome \
search, which stands in when the canonical value is not finished within half the time limit, \
follows lines of at most 400: ask about a position with shorter play, or raise the time \
limit (--time-limit SECONDS, or none) for the canonical value
    """
    names: list[str] = []
    whys: list[str] = []
    insteads: list[str] = []
    for c in pos.components:
        name = c.game.spec_name()
        if name not in names:
            names.append(name)
        said = c.game.long_play(c.state) if isinstance(c.game, Ruleset) else None
        if said is not None:
            whys.append(said[0] if len(pos.components) == 1 else f"{name}: {said[0]}")
            if said[1] not in insteads:
                insteads.append(said[1])
    why = f" ({'; '.join(whys)})" if whys else ""
    instead = ", ".join(insteads) or "ask about a position with shorter play"
    return LongPlayError(
        moves,
        f"{' + '.join(names)}: a line of play lasts more than {moves} moves{why}, and the "
        "outcome search, which stands in when the canonical value is not finished within "
        f"half the time limit, follows lines of at most {moves}: {instead}, or raise the "
        "time limit (--time-limit SECONDS, or none) for the canonical value",
    )


def outcome_by_search(
    pos: Position | Sum, *, max_moves: int, max_positions: int, stopped: str
) -> PartisanResult:
    """The outcome class of ``pos`` by two negamax searches of its rules (Left first, Right
    first), with a winning first move for each side that has one; ``stopped`` says why the
    canonical value is not given."""
    from grundy.search.negamax import NegamaxTable, negamax  # noqa: PLC0415 (lazy: cheap start)
    from grundy.search.partisan import outcome_class  # noqa: PLC0415
    from grundy.search.protocol import WIN, unpack  # noqa: PLC0415

    view, root, position_of = _view(pos)
    table = NegamaxTable()  # one table for both searches: they share positions
    wins: dict[Player, bool] = {}
    moves: dict[Player, tuple[Position | Sum, ...]] = {}
    words: dict[Player, tuple[str, ...]] = {}
    nodes = 0
    for side in (LEFT, RIGHT):
        state = view.join(root, side)
        try:
            answer = negamax(view, state, max_positions=max_positions, table=table)
        except LongPlayError as e:
            raise _long_play(pos, e.moves) from None
        nodes += answer.nodes
        wins[side] = unpack(answer.score)[0] == WIN
        best = answer.best if wins[side] else None  # one move, whatever max_moves
        moves[side] = () if best is None else (position_of(view.split(best)[0]),)
        words[side] = () if best is None else (view.describe_move(state, best),)
    outcome = outcome_class(wins[LEFT], wins[RIGHT])
    explanation = [
        f"The value is not given: {stopped}.",
        "The outcome class comes from the two-player search of the same rules, once with "
        "each side moving first:",
        *(
            f"  {_WHO[side]} moving first {'wins' if wins[side] else 'loses'}"
            + (f", e.g. {words[side][0]}" if words[side] else "")
            for side in (LEFT, RIGHT)
        ),
        "Raise the time limit (--time-limit SECONDS, or none) for the canonical value.",
    ]
    return PartisanResult(
        position=pos,
        play="normal",
        outcome=Outcome(outcome),
        winning_moves=moves[LEFT],
        move_descriptions=words[LEFT],
        method=(
            "two-player search (negamax alpha-beta, Left first and Right first) over "
            f"{nodes:,} nodes; the canonical value was not finished"
        ),
        explanation=tuple(explanation),
        positions_searched=nodes,
        winning_moves_total=None,
        winning_moves_truncated=False,
        right_winning_moves=moves[RIGHT],
        right_move_descriptions=words[RIGHT],
        right_winning_moves_total=None,
    )
