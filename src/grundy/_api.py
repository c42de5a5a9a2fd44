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

from grundy.core import cache, moves
from grundy.core import solve as impartial
from grundy.core.game import Answer, HeapGame, ImpartialGame, Play, Ruleset
from grundy.core.limits import Progress, bounded, check_memory, checkpoint
from grundy.core.moves import MAX_LEGAL_MOVES
from grundy.core.position import Position, Sum, is_checked, mark_checked
from grundy.core.result import Result
from grundy.core.search import DEFAULT_MAX_POSITIONS
from grundy.core.text import short_repr
from grundy.errors import InvalidGameError, InvalidSpecError, UnknownGameError, UnsupportedError
from grundy.lang.spec import parse, parse_ruleset

#: What ``grundy`` re-exports; the argument checks below (``as_position``, ``check_limit``,
#: ``check_flag``, ``check_position``) are this module's own, used by its entry points.
__all__ = [
    "DEFAULT_MAX_MOVES",
    "clear_cache",
    "grundy_table",
    "grundy_value",
    "heap_periodicity",
    "heap_table",
    "legal_moves",
    "legal_plays",
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
            f"{name} must be an integer >= {lowest}, got {short_repr(value)}",
            f"{name}=N with N >= {lowest}",
        )
    return value


def check_flag(value: object, name: str) -> bool:
    """``value`` if it is True or False, else :class:`InvalidSpecError`."""
    if not isinstance(value, bool):
        raise InvalidSpecError(
            f"{name} must be True or False, got {short_repr(value)}", f"{name}=True or {name}=False"
        )
    return value


def as_position(game: Ruleset | str | Position | Sum, state: Any = None) -> Position | Sum:
    """Turn the ways a caller can name a position into a position, checked to be one.

    >>> str(as_position("nim 3 4"))
    'nim 3 4'
    >>> as_position(Position(parse_ruleset("nim"), -1))
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: -1 is not a position of nim: a heap must be an integer >= 0 \
(expected: nim A...)
    """
    if isinstance(game, (Position, Sum)):
        return check_position(game)
    if isinstance(game, str):
        return parse(game)
    if isinstance(game, Ruleset):
        if state is None:
            raise InvalidGameError(
                f"solving a ruleset needs a position too: solve({type(game).__name__}(), state)"
            )
        return check_position(Position(game, state))
    raise InvalidGameError(
        f"expected a spec string, a position or a ruleset, got {type(game).__name__}"
    )


def check_position(pos: Position | Sum) -> Position | Sum:
    """``pos`` if every component is a state of its ruleset, else one line
    (:class:`InvalidSpecError` or :class:`InvalidGameError`).

    A heap must be an int (at least the ruleset's first state); a state of any other
    registered ruleset must survive a round trip through the position language
    (printed, parsed back, equal). Positions made by :func:`parse` are not checked
    again; a ruleset that is not registered keeps its states its own business.
    """
    if is_checked(pos):
        return pos
    comps = pos.components
    if not isinstance(comps, tuple):  # an empty sum is the finished game, "0"
        raise InvalidGameError("a sum's components must be a tuple: Sum((Position, ...))")
    for c in comps:
        if not isinstance(c, Position):
            raise InvalidGameError(f"a sum's components must be positions, got {short_repr(c)}")
        game, state = c.game, c.state
        if not isinstance(game, Ruleset):
            raise InvalidGameError(f"a position's game must be a ruleset, got {short_repr(game)}")
        if isinstance(game, HeapGame):
            first = game.first_state
            if type(state) is int and state >= first:
                continue
            why = f"a heap must be an integer >= {first}"
        elif type(game).parse_args is Ruleset.parse_args:
            continue  # a ruleset that cannot be written as text: its states are its own
        else:
            try:
                again: Any = parse(str(c))
            except UnknownGameError:
                continue  # a ruleset written outside grundy and not registered
            except Exception:  # the state broke the printer or the parser: not a position
                again = None
            if again == c:
                continue
            why = "it does not print as one"
        raise InvalidSpecError(
            f"{short_repr(state)} is not a position of {game.spec_name()}: {why}"[:300],
            game.expected_syntax(),
        )
    return mark_checked(pos)


def _position_arg(position: object, name: str) -> Position | Sum:
    """A function's ``position`` argument: a spec string parsed, a position built by hand
    checked (:func:`check_position`), anything else refused naming ``name``."""
    if isinstance(position, str):
        return parse(position)
    if isinstance(position, (Position, Sum)):
        return check_position(position)
    raise InvalidGameError(
        f"{name} takes a position or a spec string, got {type(position).__name__}"
    )


def legal_moves(
    position: str | Position | Sum, side: str | None = None, *, max_moves: int = MAX_LEGAL_MOVES
) -> list[tuple[Position | Sum, str]]:
    """Distinct positions reachable in one move, each with a description
    (:func:`grundy.core.moves.legal_moves`); ``position`` may be a spec string.

    >>> [str(p) for p, _ in legal_moves("nim 2")]
    ['nim 0', 'nim 1']
    """
    listed = moves.legal_moves(_position_arg(position, "legal_moves"), side, max_moves=max_moves)
    for after, _ in listed:  # made by the rules: positions, even those that do not print
        mark_checked(after)
    return listed


def legal_plays(
    position: str | Position | Sum, side: str | None = None, *, max_moves: int = MAX_LEGAL_MOVES
) -> list[Play]:
    """The moves as :class:`~grundy.core.game.Play` values
    (:func:`grundy.core.moves.legal_plays`); ``position`` may be a spec string, and a
    position built by hand is checked first, as for :func:`legal_moves`.

    >>> [(str(p.after), p.cells) for p in legal_plays("nim 2")]
    [('nim 0', (0,)), ('nim 1', (0,))]
    """
    plays = moves.legal_plays(_position_arg(position, "legal_plays"), side, max_moves=max_moves)
    for play in plays:  # made by the rules: positions, even those that do not print
        mark_checked(play.after)
    return plays


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
    outcome_by_search: bool = False,
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
    ``outcome_by_search=True`` (what ``grundy solve`` does): under a time limit, a
    partisan position whose canonical value is not finished within half of it is
    answered by its outcome class, found by two-player search of the same rules
    (:mod:`grundy.catalog.outcome`; ``canonical`` is then None and the method says so).

    >>> solve("nim 1 1", misere=True).outcome
    'N'
    """
    check_limit(max_moves, "max_moves", 0)
    check_limit(max_positions, "max_positions", 1)
    check_flag(misere, "misere")
    check_flag(loopy, "loopy")
    check_flag(outcome_by_search, "outcome_by_search")
    with bounded(time_limit=time_limit, progress=progress):  # reading the position counts too
        pos = as_position(game, position)
        result = _solve(pos, misere, max_moves, max_positions, loopy, outcome_by_search)
    for after in (*result.winning_moves, *result.right_winning_moves):
        mark_checked(after)  # made by the rules (a finished row may not print as a spec)
    return result


def _solve(  # noqa: PLR0917 (private)
    pos: Position | Sum,
    misere: bool,
    max_moves: int,
    max_positions: int,
    loopy: bool,
    outcome_by_search: bool = False,
) -> Result:
    if loopy:
        if misere:
            raise UnsupportedError("loopy values are defined here for normal play only")
        from grundy.core.loopy import solve_loopy  # noqa: PLC0415 (lazy: cheap start)

        return solve_loopy(pos, max_moves=max_moves, max_positions=max_positions)
    comps = pos.components
    if any(c.game.game_type.solver == "canonical" for c in comps):
        if outcome_by_search:  # under a time limit, the outcome by search if the value runs out
            from grundy.catalog.outcome import solve_partisan_bounded  # noqa: PLC0415 (lazy)

            return solve_partisan_bounded(
                pos, misere=misere, max_moves=max_moves, max_positions=max_positions
            )
        from grundy.cgt.sums import solve_partisan  # noqa: PLC0415 (lazy: a game family)

        return solve_partisan(pos, misere=misere, max_moves=max_moves, max_positions=max_positions)
    if len(comps) == 1 and (
        comps[0].game.game_type.solver == "search" or (comps[0].game.search_alone and not misere)
    ):
        # The search family loads only for two-player games (cheap start).
        from grundy.search.ruleset import solve_two_player  # noqa: PLC0415 (lazy: a family)

        return solve_two_player(
            comps[0].game,
            comps[0].state,
            misere=misere,
            max_moves=max_moves,
            max_positions=max_positions,
        )
    result = impartial.solve_impartial(
        pos,
        misere=misere,
        max_moves=max_moves,
        max_positions=max_positions,
        misere_solver=_by_quotient,
    )
    if misere:  # the misère canonical form and genus where small (issue 33)
        from grundy.cgt.misere.solve import annotate  # noqa: PLC0415 (lazy: a game family)

        result = annotate(pos, result)
    return result


def _by_quotient(pos: Position | Sum, max_moves: int, seconds: float | None) -> Answer | None:
    """A misère sum of heaps of one heap ruleset, through its misère quotient (or None);
    ``seconds`` bounds the time spent computing the quotient (None: its default)."""
    games = {c.game for c in pos.components}
    if len(games) != 1:
        return None
    game = next(iter(games))
    if not isinstance(game, HeapGame):
        return None
    from grundy.quotient import misere_by_quotient  # noqa: PLC0415 (lazy: a game family)

    heaps = [c.state for c in pos.components]
    if seconds is None:
        return misere_by_quotient(game, heaps, max_moves)
    return misere_by_quotient(game, heaps, max_moves, seconds=seconds)


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
    """Grundy values of the states ``0, 1, ..., n`` of a ruleset whose states are numbers.

    ``game`` is a ruleset or a game name as in the position language. A heap game
    (heap 0 up) is computed as ``grundy table`` computes it, by
    :func:`grundy.heap.heap_table` (the compiled take-and-break kernels, the period
    fill once a period is proved); any other ruleset by the generic search, each
    search capped at ``max_positions``.

    >>> grundy_table("subtraction:1,3,4", 4)
    [0, 1, 0, 1, 2]
    """
    check_limit(max_positions, "max_positions", 1)
    rules = parse_ruleset(game) if isinstance(game, str) else game
    if not isinstance(rules, ImpartialGame):
        raise InvalidGameError(f"grundy_table needs an impartial ruleset, got {short_repr(rules)}")
    with bounded(time_limit=time_limit):
        if isinstance(rules, HeapGame) and rules.first_state == 0 and _is_last(n):
            fast = _heap_table(rules, n)
            if fast is not None:
                return fast
        return impartial.grundy_table(rules, n, max_positions=max_positions)


#: Memory one heap of a table by closed form takes (an int in a list).
_BYTES_PER_HEAP = 64


def _is_last(n: object) -> bool:
    return type(n) is int and n >= 0


def _heap_table(rules: HeapGame, n: int) -> list[int] | None:
    """Heaps ``0..n`` by the fastest way there is: the ruleset's closed form where it has
    one for every heap (Nim, Lasker's Nim: the table's mex would be quadratic), else the
    way ``grundy table`` finds them (the take-and-break kernels); None when the rules move
    to a heap that is not smaller (the generic search then answers, or says why not)."""
    from grundy.heap import TakeAndBreak, heap_table  # noqa: PLC0415 (lazy: numpy)

    if not isinstance(rules, TakeAndBreak):
        check_memory((n + 1) * _BYTES_PER_HEAP, f"a table of heaps 0..{n:,}")
        formula = rules.grundy_formula
        out: list[int] = []
        for i in range(n + 1):
            value = formula(i)
            if value is None:
                break
            out.append(value)
            if not i & 4095:
                checkpoint(i, None, "heaps")
        else:
            return out
    try:
        values: list[int] = heap_table(rules, n).tolist()
    except InvalidGameError:
        return None
    return values


def heap_table(
    game: Ruleset | str,
    last: int,
    *,
    prefix: Any = None,
    method: str = "auto",
    compiled: bool | None = None,
    progress: Any = None,
    period_fill: bool = True,
) -> Any:
    """Grundy values of heaps ``0..last`` of a heap game as a numpy array, exactly as
    ``grundy table`` computes them (:func:`grundy.heap.heap_table`); ``game`` may be a
    game name as in the position language.

    >>> heap_table("kayles", 9).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
    """
    from grundy.heap.tools import heap_table as table  # noqa: PLC0415 (lazy: numpy)

    return table(
        _heap_rules(game),
        last,
        prefix=prefix,
        method=method,
        compiled=compiled,
        progress=progress,
        period_fill=period_fill,
    )


def heap_periodicity(game: Ruleset | str, last: int | None = None, *, values: Any = None) -> Any:
    """Preperiod, period and saltus of a heap game, proved where a theorem applies, as
    ``grundy period`` finds them (:func:`grundy.heap.heap_periodicity`); ``game`` may be
    a game name.

    >>> found = heap_periodicity("kayles")
    >>> found.preperiod, found.period, found.proved
    (71, 12, True)
    """
    from grundy.heap.tools import heap_periodicity as periodicity  # noqa: PLC0415 (lazy)

    return periodicity(_heap_rules(game), last, values=values)


def _heap_rules(game: object) -> Any:
    """A ruleset named by a string (``"kayles"``, ``"octal:0.07"``), else ``game`` itself
    (the heap functions check it)."""
    return parse_ruleset(game) if isinstance(game, str) else game
