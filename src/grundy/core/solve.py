"""Solving impartial positions: Sprague–Grundy sums, misère theorems and misère search.

This is the engine behind :func:`grundy.solve` for impartial games; it takes
positions (the string-accepting entry points live in :mod:`grundy._api`).

>>> from grundy import parse
>>> r = solve_impartial(parse("nim 3 4 5"))
>>> r.outcome, r.grundy, [str(p) for p in r.winning_moves]
('N', 2, ['nim 1 4 5'])
>>> solve_impartial(parse("nim 1 1"), misere=True).outcome
'N'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from grundy.core.cache import register
from grundy.core.game import Answer, HeapGame, ImpartialGame, ListingCut, Move, Ruleset
from grundy.core.limits import check_memory, check_time, checkpoint
from grundy.core.misere import sj_answer_mixed
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import ImpartialResult, Outcome
from grundy.core.search import (
    DEFAULT_MAX_POSITIONS,
    SearchMemo,
    grundy_by_search,
    misere_outcome_by_search,
    sum_node,
    sum_node_moves,
)
from grundy.core.text import short_repr
from grundy.errors import (
    GrundyError,
    InvalidGameError,
    InvalidSpecError,
    SearchLimitError,
    TimeLimitError,
    UnsupportedError,
)

__all__ = [
    "DEFAULT_MAX_MOVES",
    "MisereSolver",
    "grundy_table",
    "grundy_value",
    "result_of_answer",
    "solve_impartial",
]

#: ``solver(position, max_moves, seconds)``: a misère answer, or None to search (see
#: solve_impartial); ``seconds`` bounds the attempt (None: the solver's own bound).
MisereSolver = Callable[[Position | Sum, int, float | None], Answer | None]

#: Default cap on the winning moves listed in a result.
DEFAULT_MAX_MOVES = 100

#: A lone component under misère play: the misère quotient is first given
#: ``MISERE_QUICK_SECONDS``, then a search at most ``MISERE_SEARCH_FIRST`` positions (a few
#: tenths of a second), and only then the quotient its full time and the search its full
#: size. A small game tree is so settled at once, where a quotient that ends up not
#: covering the heap (Dawson's Kayles, Grundy's game) would cost seconds; a quotient that
#: comes quickly (Kayles) still answers first. Heaps of the quotient and positions of the
#: search found on the way stay memoised for the later attempts (0 seconds: the search
#: first). Before issue 24 the order was the quotient in full, then the search.
MISERE_QUICK_SECONDS = 0.2
#: See :data:`MISERE_QUICK_SECONDS`; 0: no early search (the quotient first, as before).
MISERE_SEARCH_FIRST = 5_000

_MEMO = register(SearchMemo())


class _Counter:
    """Positions searched while answering one question."""

    def __init__(self) -> None:
        self.searched = 0
        self.formula: set[str] = set()
        self.search = False


def _impartial(p: Position) -> ImpartialGame[Any]:
    game = p.game
    if not isinstance(game, ImpartialGame):
        raise UnsupportedError(
            f"{game.spec_name()} is not an impartial game, so it cannot be part of a sum; "
            "solve it on its own"
        )
    return game


def _component_grundy(
    game: ImpartialGame[Any], state: Any, max_positions: int, counter: _Counter
) -> int:
    value = game.grundy_formula(state)
    if value is not None:
        counter.formula.add(game.formula_name())
        return value
    value, searched = grundy_by_search(game, state, _MEMO, max_positions=max_positions)
    counter.searched += searched
    counter.search = True
    return value


def grundy_value(pos: Position | Sum, *, max_positions: int = DEFAULT_MAX_POSITIONS) -> int:
    """The Grundy value of a position under normal play (XOR over a sum).

    >>> from grundy import parse
    >>> grundy_value(parse("nim 3 4 5"))
    2
    """
    counter = _Counter()
    total = 0
    for c in pos.components:
        total ^= _component_grundy(_impartial(c), c.state, max_positions, counter)
    return total


def grundy_table(
    game: ImpartialGame[Any], n: int, *, max_positions: int = DEFAULT_MAX_POSITIONS
) -> list[int]:
    """Grundy values of the states ``0, 1, ..., n`` of a heap ruleset, by search.

    >>> from grundy.heap.subtraction import Subtraction
    >>> grundy_table(Subtraction((1, 3, 4)), 9)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    """
    if not isinstance(game, ImpartialGame):
        raise InvalidGameError(f"grundy_table needs an impartial ruleset, got {short_repr(game)}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidSpecError(
            f"the last state must be an integer >= 0, got {short_repr(n)}", "n >= 0"
        )
    _require_number_states(game)
    check_memory((n + 1) * _BYTES_PER_STATE, f"a table of {_count(n + 1)} states")
    out = []
    for i in range(n + 1):
        out.append(grundy_by_search(game, i, _MEMO, max_positions=max_positions)[0])
        if not i & 4095:
            checkpoint(i, None, "states")
    return out


#: Memory one state of a table takes at least (its value in the list and in the memo).
_BYTES_PER_STATE = 64


def _count(n: int) -> str:
    return f"{n:,}" if n.bit_length() < 200 else "a huge number of"


def _require_number_states(game: ImpartialGame[Any]) -> None:
    """Refuse a ruleset whose states are not the numbers 0, 1, 2, ... (Wythoff's are pairs):
    a built-in ruleset must read ``0`` as one state, 0; a ruleset written outside grundy
    is taken at its word."""
    if isinstance(game, HeapGame) and game.first_state == 0:
        return
    if type(game).parse_args is Ruleset.parse_args:
        return
    try:
        ok = game.parse_args(["0"]) == [0]
    except GrundyError:
        ok = False
    if not ok:
        raise UnsupportedError(
            f"{game.spec_name()} has no table of states 0, 1, 2, ...: its positions are not "
            "those numbers; solve single positions instead"
        )


def _clocked(items: Iterable[Any], every: int = 1024) -> Iterator[Any]:
    """``items``, looking at the clock every ``every`` of them: a huge heap has countless
    moves, and listing them must stop at the time limit."""
    for n, item in enumerate(items):
        if n % every == every - 1:
            check_time(n, "moves")
        yield item


def _distinct(options: Iterable[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    seen: set[tuple[Any, ...]] = set()
    for o in options:
        if o not in seen:
            seen.add(o)
            yield o


def _replace(
    comps: Sequence[Position], i: int, game: ImpartialGame[Any], option: tuple[Any, ...]
) -> Position | Sum:
    new = [*comps[:i], *(Position(game, s) for s in option), *comps[i + 1 :]]
    return sum_of(new)


def _collect(
    comps: Sequence[Position], candidates: Iterable[tuple[int, tuple[Any, ...]]], max_moves: int
) -> tuple[tuple[Position | Sum, ...], tuple[str, ...], bool, bool]:
    """Positions and words of the moves ``(component index, option)``, without duplicates.

    Stops after ``max_moves`` distinct positions. The first flag says the list is cut: a
    further move existed, or the game stopped listing; the second says the game stopped
    (:class:`~grundy.core.game.ListingCut`), so a higher limit would show no more.
    """
    winning: list[Position | Sum] = []
    words: list[str] = []
    seen: set[Any] = set()
    # One component that does not split: its options are distinct already (unless its
    # heaps are interchangeable), and hashing a huge state (a picture of a million edges)
    # is not free.
    check = len(comps) != 1 or _impartial(comps[0]).splits or comps[0].game.interchangeable_heaps
    listed = _clocked(candidates)
    while True:
        try:
            i, option = next(listed)
        except StopIteration:
            break
        except ListingCut:
            return tuple(winning), tuple(words), True, True
        game = _impartial(comps[i])
        after = _replace(comps, i, game, option)
        if check:
            key = after.canonical()
            if key in seen:
                continue
            seen.add(key)
        if len(winning) == max_moves:
            return tuple(winning), tuple(words), True, False
        winning.append(after)
        words.append(
            option.words if isinstance(option, Move) else game.describe_move(comps[i].state, option)
        )
    return tuple(winning), tuple(words), False, False


def _method(counter: _Counter, ncomp: int, theorem: str | None) -> str:
    parts = []
    if counter.formula:
        parts.append("formula: " + "; ".join(sorted(counter.formula)))
    if counter.search:
        parts.append(f"search over {counter.searched:,} new positions (memoised per ruleset)")
    if not parts:
        parts.append("memo")
    how = ", ".join(parts)
    if theorem:
        return f"{theorem} over {ncomp} components; values by {how}"
    return how


def solve_impartial(
    pos: Position | Sum,
    *,
    misere: bool = False,
    max_moves: int = DEFAULT_MAX_MOVES,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    misere_solver: MisereSolver | None = None,
) -> ImpartialResult:
    """Solve a position whose components are all impartial (see :func:`grundy.solve`).

    ``misere_solver(position, max_moves, seconds)`` is asked for a misère sum that no
    theorem of the rulesets answers, before the whole sum is searched (the
    misère quotients of :mod:`grundy.quotient` plug in here); it returns an
    :class:`Answer` or None.
    """
    comps = pos.components
    for c in comps:
        _impartial(c)
    if len(comps) == 1:
        theorem = _impartial(comps[0]).outcome_theorem(comps[0].state, misere)
        if theorem is not None:
            return _solve_with_theorem(pos, theorem, misere, max_moves, max_positions)
    if misere:
        return _solve_misere(pos, max_moves, max_positions, misere_solver)
    return _solve_normal(pos, max_moves, max_positions)


def _solve_with_theorem(
    pos: Position | Sum, theorem: Answer, misere: bool, max_moves: int, max_positions: int
) -> ImpartialResult:
    """Search for the winning moves if that is small enough; else answer the theorem's outcome."""
    limit = min(max_positions, theorem.search_limit)
    if limit > 0:
        try:
            if misere:
                return _solve_misere(pos, max_moves, limit, None)
            return _solve_normal(pos, max_moves, limit)
        except SearchLimitError:
            pass
    return result_of_answer(pos, theorem, misere=misere, max_moves=max_moves)


def result_of_answer(
    pos: Position | Sum, answer: Answer, *, misere: bool, max_moves: int
) -> ImpartialResult:
    """The :class:`Result` that a theorem's :class:`Answer` gives: the one way to make one."""
    listed = answer.winning or ()
    winning, words, cut, stopped = _collect(pos.components, listed, max_moves)
    total = answer.winning_total
    if answer.winning is not None and not cut and total is not None and total <= len(listed):
        # Every winning move was listed: the distinct positions reached are the count.
        total = len(winning)
    return ImpartialResult(
        position=pos,
        play="misere" if misere else "normal",
        outcome=Outcome(answer.outcome),
        grundy=None,
        winning_moves=winning,
        move_descriptions=words,
        method=answer.method,
        explanation=answer.explanation,
        winning_moves_total=total,
        winning_moves_truncated=cut or (total is not None and total > len(winning)),
        winning_moves_listing_cut=stopped,
    )


def _solve_normal(pos: Position | Sum, max_moves: int, max_positions: int) -> ImpartialResult:
    comps = pos.components
    counter = _Counter()
    values = [_component_grundy(_impartial(c), c.state, max_positions, counter) for c in comps]
    total = 0
    for v in values:
        total ^= v
    # Winning-move counts per distinct component: equal components have equal moves,
    # and (games being acyclic) moves in unequal components give unequal sums.
    counts: dict[Any, int | None] = {}

    def candidates() -> Iterator[tuple[int, tuple[Any, ...]]]:
        for i, (c, g) in enumerate(zip(comps, values, strict=True)):
            game = _impartial(c)
            target = g ^ total
            options = game.options_with_value(c.state, target)
            if options is None:
                options = (
                    o
                    for o in _distinct(_clocked(game.split_moves(c.state)))
                    if _option_value(game, o, max_positions, counter) == target
                )
                counts[c.canonical()] = None
            else:
                counts[c.canonical()] = game.count_options_with_value(c.state, target)
            for option in options:
                yield i, option

    winning, words, truncated, stopped = _collect(
        comps, candidates() if total else iter(()), max_moves
    )
    total_moves: int | None = len(winning)
    if truncated:
        for c, g in zip(comps, values, strict=True):
            if c.canonical() not in counts:
                counts[c.canonical()] = _impartial(c).count_options_with_value(c.state, g ^ total)
        known = [n for n in counts.values() if n is not None]
        total_moves = sum(known) if len(known) == len(counts) else None
    theorem = "Sprague–Grundy theorem (nim-sum of component values)" if len(comps) > 1 else None
    explanation = _explain_normal(comps, values, total)
    return ImpartialResult(
        position=pos,
        play="normal",
        outcome=Outcome("N" if total else "P"),
        grundy=total,
        winning_moves=winning,
        move_descriptions=words,
        method=_method(counter, len(comps), theorem),
        explanation=tuple(explanation),
        positions_searched=counter.searched,
        winning_moves_total=total_moves,
        winning_moves_truncated=truncated,
        winning_moves_listing_cut=stopped,
    )


def _option_value(
    game: ImpartialGame[Any], option: tuple[Any, ...], max_positions: int, counter: _Counter
) -> int:
    x = 0
    for s in option:
        x ^= _component_grundy(game, s, max_positions, counter)
    return x


def _explain_normal(comps: Sequence[Position], values: Sequence[int], total: int) -> list[str]:
    lines: list[str] = []
    games = {c.game for c in comps}
    if len(games) == 1:
        game = _impartial(comps[0])
        lines.extend(game.explain([c.state for c in comps], values))
    if len(comps) > 1:
        lines.append("Grundy value of each component:")
        for c, v in zip(comps, values, strict=True):
            lines.append(f"  {c}  ->  {v}")
        xs = " XOR ".join(str(v) for v in values)
        lines.append(f"Sprague–Grundy theorem: the sum has value {xs} = {total}.")
    if total:
        lines.append(
            f"The value {total} is not 0, so the player to move wins by moving to a position "
            "of value 0."
        )
    else:
        lines.append(
            "The value is 0, so every move leads to a non-zero value: the player to move loses."
        )
    return lines


def _solve_misere(
    pos: Position | Sum, max_moves: int, max_positions: int, solver: MisereSolver | None
) -> ImpartialResult:
    comps = pos.components
    games = {c.game for c in comps}
    if len(games) == 1:
        game = _impartial(comps[0])
        answer = game.misere_solve([c.state for c in comps], max_moves)
        if answer is not None and answer.winning is not None:
            return result_of_answer(pos, answer, misere=True, max_moves=max_moves)
    mixed = _sj_mixed(comps, max_moves)
    if mixed is not None:
        return result_of_answer(pos, mixed, misere=True, max_moves=max_moves)
    if solver is not None:
        if len(comps) == 1 and MISERE_SEARCH_FIRST > 0:
            # A lone heap: a quick quotient, a short search, then each in full.
            answer = solver(pos, max_moves, MISERE_QUICK_SECONDS)
            if answer is not None:
                return result_of_answer(pos, answer, misere=True, max_moves=max_moves)
            try:
                return _misere_by_search(pos, max_moves, min(max_positions, MISERE_SEARCH_FIRST))
            except TimeLimitError:
                raise
            except SearchLimitError:
                pass  # a larger game tree: the quotient may yet cover it
        answer = solver(pos, max_moves, None)
        if answer is not None:
            return result_of_answer(pos, answer, misere=True, max_moves=max_moves)
    return _misere_by_search(pos, max_moves, max_positions)


def _sj_mixed(comps: Sequence[Position], max_moves: int) -> Answer | None:
    """The SJ theorem over components of several rulesets that each satisfy its hypothesis."""
    if len({c.game for c in comps}) < 2 or not all(
        isinstance(c.game, ImpartialGame) and c.game.sj_hypothesis for c in comps
    ):
        return None
    values: list[int] = []
    for c in comps:
        v = _impartial(c).grundy_formula(c.state)
        if v is None:
            return None
        values.append(v)
    names = ", ".join(sorted({c.game.spec_name() for c in comps}))
    return sj_answer_mixed(
        [(_impartial(c), c.state) for c in comps],
        values,
        max_moves,
        f"SJ theorem (Anti-SG), whose hypothesis holds for every component ({names})",
    )


def _misere_by_search(pos: Position | Sum, max_moves: int, max_positions: int) -> ImpartialResult:
    comps = pos.components
    searched = 0
    simple = len(comps) == 1 and not _impartial(comps[0]).splits

    def outcome_of(p: Position | Sum) -> bool:
        nonlocal searched
        if simple:
            assert isinstance(p, Position)
            game = _impartial(p)
            table = _MEMO.misere_table(game)
            win, n = misere_outcome_by_search(
                p.state, game.moves, table, max_positions=max_positions
            )
        else:
            node = sum_node(p.components, _MEMO)
            win, n = misere_outcome_by_search(
                node,
                partial(sum_node_moves, memo=_MEMO),
                _MEMO.misere_table("sum"),
                max_positions=max_positions,
            )
        searched += n
        return win

    win = outcome_of(pos)

    def candidates() -> Iterator[tuple[int, tuple[Any, ...]]]:
        for i, c in enumerate(comps):
            game = _impartial(c)
            for option in _distinct(game.split_moves(c.state)):
                if not outcome_of(_replace(comps, i, game, option)):
                    yield i, option

    winning, words, truncated, stopped = _collect(
        comps, candidates() if win else iter(()), max_moves
    )
    what = "the sum" if len(comps) > 1 else "the position"
    explanation = (
        f"Misère play (the last mover loses): searched {what} directly, since no "
        "theorem reduces it to the component values.",
        "A position is a win for the player to move when it has no moves, or a move to "
        "a losing position.",
    )
    return ImpartialResult(
        position=pos,
        play="misere",
        outcome=Outcome("N" if win else "P"),
        grundy=None,
        winning_moves=winning,
        move_descriptions=words,
        method=f"misère search over {searched:,} new positions"
        + (" of the whole sum (no component-wise shortcut is valid)" if len(comps) > 1 else ""),
        explanation=explanation,
        positions_searched=searched,
        winning_moves_total=None if truncated else len(winning),
        winning_moves_truncated=truncated,
        winning_moves_listing_cut=stopped,
    )
