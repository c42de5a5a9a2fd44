"""Entry points: the quotient of a game (cached per ruleset) and misère play through it.

>>> from grundy.core.game import HeapGame
>>> class Nim(HeapGame):
...     def moves(self, n):
...         return range(n)
>>> answer = misere_by_quotient(Nim(), [1, 2, 2], max_moves=10)
>>> answer.outcome, answer.winning
('N', ((0, (0,)),))
>>> answer.explanation[1]
'Heaps pretend to be: 1 -> a, 2 -> b, 2 -> b; the sum is ab², not in the P-portion {a, b²}.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grundy.core.cache import BoundedCache, register
from grundy.core.game import ImpartialGame, MisereAnswer
from grundy.core.limits import CHECK_EVERY, checkpoint, current_bounds, now
from grundy.errors import ArgumentTypeError, InvalidGameError, InvalidSpecError, SearchLimitError
from grundy.quotient.bounds import DEFAULT_MAX_WORK, QuotientLimitError
from grundy.quotient.build import (
    DEFAULT_MAX_ORDER,
    Progress,
    QuotientBuilder,
)
from grundy.quotient.result import MisereQuotient, proof_shape

__all__ = [
    "AUTO_SECONDS",
    "AUTO_WORK",
    "CACHE_SIZE",
    "LIST_LIMIT",
    "clear_cache",
    "misere_by_quotient",
    "misere_quotient",
]

#: Rulesets whose quotient computation is kept.
CACHE_SIZE = 16
#: Winning moves are listed only when no heap is larger than this (each option is tried).
LIST_LIMIT = 2_000_000
#: The first heap :func:`misere_by_quotient` computes a quotient to (then it doubles).
FIRST_REACH = 64
#: Time :func:`misere_by_quotient` spends on a quotient it has to compute.
AUTO_SECONDS = 8.0
#: Work bound per heap of :func:`misere_by_quotient` (a few seconds): a heap that passes it
#: is remembered, so asking again about that ruleset falls back to search at once.
AUTO_WORK = 60_000_000

_CACHE: BoundedCache[Any, QuotientBuilder] = register(BoundedCache(CACHE_SIZE))


def clear_cache() -> None:
    """Forget every cached quotient computation."""
    _CACHE.clear()


def _builder(game: ImpartialGame[int]) -> QuotientBuilder:
    return _CACHE.setdefault(game, lambda: QuotientBuilder(game))


def misere_quotient(
    game: ImpartialGame[int],
    last: int,
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    deadline: float | None = None,
    progress: Progress | None = None,
    max_work: int = DEFAULT_MAX_WORK,
) -> MisereQuotient:
    """The misère quotient of heaps ``0..last`` of a heap game (``split_moves(n)`` yields
    tuples of smaller heaps). Raises :class:`~grundy.errors.SearchLimitError` (one line)
    past ``max_order`` elements, ``max_work`` steps for one heap, the ``deadline`` (a reading
    of :func:`grundy.core.limits.now`) or the time limit of :func:`grundy.core.limits.bounded`;
    the heaps finished so far stay cached for the next call with the same ruleset.
    """
    expected = "misere_quotient(game, last): a heap game and an int last >= 0"
    if isinstance(last, bool) or not isinstance(last, int):
        raise ArgumentTypeError(
            f"last must be an int heap size, not {type(last).__name__}", expected
        )
    if last < 0:
        raise InvalidSpecError(f"last must be a heap size >= 0, got {last}", expected)
    if not isinstance(game, ImpartialGame):
        raise ArgumentTypeError(f"{type(game).__name__} is not an impartial ruleset", expected)
    for name, value in (("max_order", max_order), ("max_work", max_work)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ArgumentTypeError(f"{name} must be an int >= 1, got {value!r:.40}", expected)
    if deadline is not None and (
        isinstance(deadline, bool) or not isinstance(deadline, (int, float))
    ):
        raise ArgumentTypeError(f"deadline must be a number, got {deadline!r:.40}", expected)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError("progress must be a function progress(done, last)", expected)
    builder = _builder(game)
    # One computation per ruleset at a time (the web server answers in several threads);
    # a caller with a deadline waits for the lock no longer than that.
    wait = _seconds_left(deadline)
    if not builder.lock.acquire(timeout=-1 if wait is None else max(wait, 0.0)):
        raise QuotientLimitError(
            f"time limit reached waiting for another computation of the quotient of "
            f"{game.spec_name()}"
        )
    try:
        builder.extend(
            last, max_order=max_order, deadline=deadline, progress=progress, max_work=max_work
        )
        return MisereQuotient.from_builder(game, builder.restricted(last))
    finally:
        builder.lock.release()


def _seconds_left(deadline: float | None) -> float | None:
    """Seconds to the earlier of ``deadline`` and the time limit in force, or None."""
    ambient, _ = current_bounds()
    ends = [d for d in (deadline, ambient) if d is not None]
    return None if not ends else min(ends) - now()


def misere_by_quotient(
    game: ImpartialGame[int],
    heaps: Sequence[int],
    max_moves: int,
    quotient: MisereQuotient | None = None,
    *,
    seconds: float = AUTO_SECONDS,
) -> MisereAnswer | None:
    """Misère play of a sum of heaps of ``game`` through its quotient, or None when the
    quotient does not cover the heaps in play: it cannot be computed within ``seconds``
    (or :data:`AUTO_WORK` steps for one heap, or the time limit in force), or the game's
    options are not made of smaller heaps. None is never a guess: the caller then searches.

    Winning moves are ``(component index, option)`` pairs, every option of every
    component whose product with the rest lies in the P-portion, one per distinct sum
    reached (equal heaps give equal sums); at most ``max_moves`` are listed and
    ``winning_total`` counts them all.
    """
    if quotient is None:
        # Grow the quotient by doubling until it covers every heap in play: a proved
        # periodicity covers heaps of any size long before the largest one is reached.
        top = max(heaps, default=0)
        deadline = now() + seconds
        reach = min(top, FIRST_REACH)
        while True:
            try:
                quotient = misere_quotient(game, reach, deadline=deadline, max_work=AUTO_WORK)
            except (SearchLimitError, InvalidGameError):
                # Not certified for these heaps (a bound passed, or options that are not
                # smaller heaps): the caller searches instead, and says so.
                return None
            if all(quotient.covers(h) for h in heaps) or reach >= top:
                break
            reach = min(top, _next_reach(game, quotient, reach))
    if not all(quotient.covers(h) for h in heaps):
        return None
    elems = [quotient.element(h) for h in heaps]
    # before[i] = product of elems[:i], after[i] = product of elems[i+1:].
    before, after = [0], [0]
    for x in elems:
        before.append(quotient.table[before[-1]][x])
    for x in reversed(elems):
        after.append(quotient.table[after[-1]][x])
    after = after[::-1][1:]
    total = before[-1]
    lost = quotient.is_p(total)
    winning: list[tuple[int, tuple[int, ...]]] = []
    count = 0
    if not lost and max(heaps, default=0) > LIST_LIMIT:
        # Listing means trying every option of every heap: refused for huge heaps.
        return MisereAnswer(
            outcome="N",
            method=f"misère quotient of {quotient.game} (order {quotient.order}, "
            f"{_coverage(quotient)})",
            explanation=(
                *_explain(quotient, heaps, elems, total, None),
                f"Winning moves are not listed: a heap above {LIST_LIMIT:,} has too many "
                "options to try.",
            ),
            winning=None,
        )
    if not lost:
        tried = 0
        done: set[int] = set()
        for i, h in enumerate(heaps):
            if h in done:  # a move in an equal heap leaves the same sum: one move
                continue
            done.add(h)
            rest = quotient.table[before[i]][after[i]]
            # The game's own options, as every other solver lists them (empty heaps kept),
            # once per multiset of heaps left.
            first: dict[tuple[int, ...], tuple[int, ...]] = {}
            for o in game.split_moves(h):
                first.setdefault(tuple(sorted(o)), tuple(o))
            for option in first.values():
                tried += 1
                if tried % CHECK_EVERY == 0:
                    checkpoint(tried, None, "options")
                if quotient.is_p(quotient.table[rest][quotient.product(option)]):
                    count += 1
                    if len(winning) < max_moves:
                        winning.append((i, option))
    return MisereAnswer(
        outcome="P" if lost else "N",
        method=f"misère quotient of {quotient.game} (order {quotient.order}, "
        f"{_coverage(quotient)})",
        explanation=_explain(quotient, heaps, elems, total, count),
        winning=tuple(winning),
        winning_total=count,
    )


def _next_reach(game: ImpartialGame[int], q: MisereQuotient, reach: int) -> int:
    """Where to compute next: the heap at which an observed period would be proved, or
    twice as far."""
    shape = proof_shape(game)
    if shape is not None and q.period is not None and q.preperiod is not None:
        parts, t = shape
        need = parts * (q.preperiod + q.period) + t - 1
        if need > reach:
            return need
    return 2 * reach


def _coverage(q: MisereQuotient) -> str:
    if q.proved:
        return f"all heaps: period {q.period} from heap {q.preperiod}"
    return f"heaps up to {q.computed_to}"


def _explain(
    q: MisereQuotient, heaps: Sequence[int], elems: list[int], total: int, count: int | None
) -> tuple[str, ...]:
    ps = ", ".join(q.name(x) for x in q.p_portion)
    tame = f"; tame, isomorphic to misère Nim's {q.tame}" if q.tame else ""
    pairs = ", ".join(f"{h} -> {q.name(x)}" for h, x in zip(heaps, elems, strict=True))
    where = "in" if q.is_p(total) else "not in"
    lines = [
        f"The misère quotient of {q.game} has order {q.order}, presentation "
        f"{q.presentation()}{tame}.",
        f"Heaps pretend to be: {pairs}; the sum is {q.name(total)}, {where} the P-portion "
        f"{{{ps}}}.",
    ]
    if q.is_p(total):
        lines.append("So every move leads outside the P-portion: the player to move loses.")
    else:
        many = "" if count is None else f" ({count:,} such move{'s' if count != 1 else ''})"
        lines.append(
            "So the player to move wins by moving to a sum whose element lies in the "
            f"P-portion{many}."
        )
    lines.append(f"How far it holds: {q.reason}.")
    return tuple(lines)
