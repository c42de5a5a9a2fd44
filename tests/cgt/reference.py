"""A slow, obviously correct reference for partisan games: raw option sets, definitions only.

No canonical forms, no fast paths: ``le`` is Conway's recursive definition,
``add`` builds the sum's options, and games come from rulesets by their moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from grundy.cgt import CanonicalGame


@dataclass(frozen=True)
class RGame:
    """``{left | right}`` as raw sets of games."""

    left: frozenset[RGame]
    right: frozenset[RGame]


ZERO = RGame(frozenset(), frozenset())


def rgame(left: Any = (), right: Any = ()) -> RGame:
    return RGame(frozenset(left), frozenset(right))


@cache
def le(g: RGame, h: RGame) -> bool:
    """``g <= h``: no ``g^L >= h`` and no ``h^R <= g``."""
    return not any(le(h, gl) for gl in g.left) and not any(le(hr, g) for hr in h.right)


def eq(g: RGame, h: RGame) -> bool:
    return le(g, h) and le(h, g)


@cache
def neg(g: RGame) -> RGame:
    return rgame((neg(r) for r in g.right), (neg(x) for x in g.left))


@cache
def add(g: RGame, h: RGame) -> RGame:
    return rgame(
        [add(x, h) for x in g.left] + [add(g, x) for x in h.left],
        [add(x, h) for x in g.right] + [add(g, x) for x in h.right],
    )


def outcome(g: RGame) -> str:
    ge0, le0 = le(ZERO, g), le(g, ZERO)
    return {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}[
        (ge0, le0)
    ]


@cache
def raw(g: CanonicalGame) -> RGame:
    """The engine's canonical form as a raw game (same options, nothing else)."""
    return rgame((raw(x) for x in g.left_options), (raw(x) for x in g.right_options))


@cache
def number_value(g: RGame) -> Fraction | None:
    """The number a *form* is, by definition: options numbers, every G^L < every G^R."""
    ls = [number_value(x) for x in g.left]
    rs = [number_value(x) for x in g.right]
    if None in ls or None in rs:
        return None
    if any(not (le(a, b) and not le(b, a)) for a in g.left for b in g.right):
        return None
    # the simplest number strictly between: search by birthday
    lo = max((x for x in ls if x is not None), default=None)
    hi = min((x for x in rs if x is not None), default=None)
    if lo is None and hi is None:
        return Fraction(0)
    n = 0
    while True:
        for cand in _numbers_born_by(n):
            if (lo is None or cand > lo) and (hi is None or cand < hi):
                return cand
        n += 1


@cache
def _numbers_born_by(n: int) -> tuple[Fraction, ...]:
    nums = {Fraction(0)}
    for _ in range(n):
        s = sorted(nums)
        new = {s[0] - 1, s[-1] + 1}
        new.update((a + b) / 2 for a, b in itertools.pairwise(s))
        nums |= new
    return tuple(sorted(nums, key=lambda x: (abs(x), x)))


@cache
def stops(g: RGame) -> tuple[Fraction, Fraction]:
    """(left stop, right stop) of a form whose subpositions are canonical-ish forms."""
    x = number_value(g)
    if x is not None:
        return x, x
    return max(stops(o)[1] for o in g.left), min(stops(o)[0] for o in g.right)


def ruleset_game(
    left_moves: Callable[[Hashable], Any], right_moves: Callable[[Hashable], Any], state: Hashable
) -> RGame:
    """The raw game tree of a position from its moves alone (memoised on the whole state)."""
    memo: dict[Hashable, RGame] = {}

    def go(s: Hashable) -> RGame:
        found = memo.get(s)
        if found is None:
            found = rgame((go(x) for x in left_moves(s)), (go(x) for x in right_moves(s)))
            memo[s] = found
        return found

    return go(state)


def birthday_games(day: int) -> list[CanonicalGame]:
    """Every canonical game born by ``day``: options are antichains of games born earlier."""
    games = [CanonicalGame(0)]
    for _ in range(day):
        chains = _antichains(games)
        made = {CanonicalGame.from_options(a, b) for a in chains for b in chains}
        games = sorted(made, key=lambda g: (g.birthday, str(g)))
    return games


def _antichains(games: list[CanonicalGame]) -> list[tuple[CanonicalGame, ...]]:
    out: list[tuple[CanonicalGame, ...]] = [()]
    for i, g in enumerate(games):
        out += [
            (*a, g)
            for a in out
            if all(not (x <= g) and not (g <= x) for x in a) and all(games.index(x) < i for x in a)
        ]
    return out
