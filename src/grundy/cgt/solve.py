"""Canonical values of positions of any :class:`~grundy.core.game.PartisanGame`.

:func:`value_of` splits a position into regions (``regions``), takes the
value of a region from ``number_value(region)`` when the ruleset has that
method and it answers (a ruleset whose states are values, such as game
literals, gives ``canonical_value(state)`` instead), looks each other one up by
its key (``region_key``; a ruleset may also define
``signed_region_key(region) -> (key, negated)`` for a symmetry that negates
the value, such as transposing a Domineering board), and evaluates missing
regions with an explicit stack, so deep games never hit Python's recursion limit.

>>> from grundy.cgt.games.domineering import Domineering
>>> str(value_of(Domineering(), Domineering().parse_args(["2x3"])[0]))
'{2|-1/2}'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt.value import CLEAR_HOOKS, CanonicalGame
from grundy.core.game import PartisanGame
from grundy.errors import InvalidGameError, SearchLimitError, TimeLimitError

__all__ = ["MoveValue", "memo_size", "moves_with_values", "value_of", "winning_moves"]

_memos: dict[Hashable, dict[Hashable, int]] = {}

CLEAR_HOOKS.append(_memos.clear)


def memo_size(game: PartisanGame[Any] | None = None) -> int:
    """How many regions are memoised (for ``game``'s family, or in all)."""
    if game is None:
        return sum(len(m) for m in _memos.values())
    return len(_memos.get(_family(game), {}))


def _family(game: PartisanGame[Any]) -> Hashable:
    family: Hashable = getattr(game, "memo_family", None) or game
    return family


def _keyer(game: PartisanGame[Any]) -> Callable[[Any], tuple[Hashable, bool]]:
    signed = getattr(game, "signed_region_key", None)
    if signed is not None:
        return signed  # type: ignore[no-any-return]
    key = game.region_key
    return lambda region: (key(region), False)


Part = tuple[Hashable, Any, Any]


def _splitter(game: PartisanGame[Any]) -> Callable[[Any], Iterable[Part]]:
    """``state -> (key, negated, region)`` per region; ``(None, number, None)`` for a number."""
    fast = getattr(game, "keyed_regions", None)
    if fast is not None:
        return fast  # type: ignore[no-any-return]
    keyer = _keyer(game)
    quick = getattr(game, "number_value", None)

    def split(state: Any) -> Iterator[Part]:
        for region in game.regions(state):
            q = quick(region) if quick is not None else None
            if q is not None:
                yield (None, q, None)
            else:
                key, negated = keyer(region)
                yield (key, negated, region)

    return split


def value_of(
    game: PartisanGame[Any],
    state: Any,
    *,
    max_positions: int | None = None,
    deadline: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> CanonicalGame:
    """The canonical value of ``state`` in ``game`` (a sum over its regions).

    ``max_positions`` bounds how many new regions are evaluated
    (:class:`~grundy.errors.SearchLimitError` past it); ``deadline`` is a
    :func:`time.monotonic` value after which
    :class:`~grundy.errors.TimeLimitError` (a ``SearchLimitError``) is raised;
    ``progress(count)`` is called every 1,000 new regions. Regions evaluated
    before an interruption stay memoised.
    """
    direct = getattr(game, "canonical_value", None)
    if direct is not None:  # the state is its own value (a game literal)
        value: CanonicalGame = direct(state)
        return value
    memo = _memos.setdefault(_family(game), {})
    split = _splitter(game)
    started = time.monotonic()
    count = 0
    total = 0
    for key, negated, region in split(state):
        if key is None:
            total = T.add(total, T.number_id(Fraction(negated)))
            continue
        gid = memo.get(key)
        if gid is None:
            count = _evaluate(
                game,
                memo,
                split,
                (key, region, negated),
                count=count,
                max_positions=max_positions,
                deadline=deadline,
                progress=progress,
                started=started,
            )
            gid = memo[key]
        total = T.add(total, T.neg(gid) if negated else gid)
    return CanonicalGame._of(total)


def _evaluate(
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    split: Callable[[Any], Iterable[Part]],
    root: tuple[Hashable, Any, bool],
    *,
    count: int,
    max_positions: int | None,
    deadline: float | None,
    progress: Callable[[int], None] | None,
    started: float,
) -> int:
    """Evaluate ``region`` and every missing region below it; returns the new count."""
    # a frame: [key, region, options or None]; options: per side, per move, (key, negated)s.
    # A key may be pushed twice (shared below two regions); the second pop finds it memoised.
    key, region, negated = root
    stack: list[list[Any]] = [[key, region, None, negated]]
    expanded: set[Hashable] = set()  # keys whose frame waits for its options: the ancestors
    add, neg, number_id = T.add, T.neg, T.number_id
    while stack:
        frame = stack[-1]
        fkey, fregion, options, fneg = frame
        if options is None:
            if fkey in memo:
                stack.pop()
                continue
            options = ([], [])  # per side, per move
            missing: dict[Hashable, Any] = {}
            for side, moves in ((0, game.left_moves), (1, game.right_moves)):
                for option in moves(fregion):
                    parts: list[tuple[Any, Any]] = []
                    for k, sign, sub in split(option):
                        if k is None:  # then `sign` is the region's number
                            parts.append((None, number_id(Fraction(sign))))
                            continue
                        parts.append((k, sign))
                        if k not in memo and k not in missing:
                            if k in expanded or k == fkey:
                                raise InvalidGameError(
                                    f"{type(game).__name__} is loopy: a region repeats below itself"
                                )
                            missing[k] = (sub, sign)
                    options[side].append(parts)  # type: ignore[arg-type]
            frame[2] = options
            if missing:
                expanded.add(fkey)
                for k, (sub, negated) in missing.items():
                    stack.append([k, sub, None, negated])
                continue
        stack.pop()
        expanded.discard(fkey)
        sides: list[list[int]] = [[], []]
        for side in (0, 1):
            for parts in options[side]:
                total = 0
                for k, negated in parts:
                    if k is None:  # a number given by the ruleset
                        total = add(total, negated)
                        continue
                    gid = memo[k]
                    total = add(total, neg(gid) if negated else gid)
                sides[side].append(total)
        value = T.make(sides[0], sides[1])
        memo[fkey] = neg(value) if fneg else value  # the memo holds the key's orientation
        count += 1
        if max_positions is not None and count > max_positions:
            raise SearchLimitError(max_positions)
        if count % 1000 == 0:
            if progress is not None:
                progress(count)
            if deadline is not None and time.monotonic() > deadline:
                raise TimeLimitError(round(deadline - started, 3), count, "regions")
    return count


@dataclass(frozen=True)
class MoveValue:
    """A move of one side: the state it leads to and that state's value."""

    state: Any
    value: CanonicalGame


def moves_with_values(game: PartisanGame[Any], state: Any, side: str) -> list[MoveValue]:
    """Every move of ``side`` (``"L"`` or ``"R"``) from ``state`` with the value it leads to."""
    moves = game.left_moves(state) if side == "L" else game.right_moves(state)
    return [MoveValue(s, value_of(game, s)) for s in moves]


def winning_moves(game: PartisanGame[Any], state: Any, side: str) -> list[MoveValue]:
    """The moves with which ``side`` wins moving first (Left: to ``>= 0``; Right: to ``<= 0``).

    >>> from grundy.cgt.games.toads_frogs import ToadsAndFrogs
    >>> g = ToadsAndFrogs()
    >>> [g.format_state(m.state) for m in winning_moves(g, "t.f", "L")]
    ['.tf']
    """
    out = []
    for mv in moves_with_values(game, state, side):
        if (side == "L" and mv.value >= 0) or (side == "R" and mv.value <= 0):
            out.append(mv)
    return out
