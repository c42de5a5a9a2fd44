"""Reduced canonical form (Grossman–Siegel) and atomic weights of all-small games.

>>> from grundy.cgt import CanonicalGame
>>> reduced_canonical_form(CanonicalGame("{2|^}")), reduced_canonical_form(CanonicalGame("^*"))
(CanonicalGame('1+-1'), CanonicalGame('0'))
>>> [atomic_weight(CanonicalGame(s)) for s in ("^", "^2*", "*", "v3")]
[CanonicalGame('1'), CanonicalGame('2'), CanonicalGame('0'), CanonicalGame('-3')]
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from grundy.cgt import _table as T
from grundy.cgt.value import CLEAR_HOOKS, CanonicalGame, GameLike, game_of
from grundy.errors import UnsupportedError

__all__ = ["atomic_weight", "reduced_canonical_form"]

_rcf: dict[int, int] = {}
_aw: dict[int, int] = {}


def _clear() -> None:
    _rcf.clear()
    _aw.clear()


CLEAR_HOOKS.append(_clear)


def _inf_le(a: int, b: int) -> bool:
    """``a <=_Inf b``: ``a <= b + x`` for every positive number ``x`` (right stop of b - a >= 0)."""
    return T.RSTOP[T.add(b, T.neg(a))] >= 0


def _bypass_one(
    options: list[int],
    back: T.Column[tuple[int, ...]],
    forward: T.Column[tuple[int, ...]],
    reverses: Callable[[int], bool],
) -> list[int] | None:
    """``options`` with the first one that ``reverses`` through one of its ``back``
    options replaced by that option's ``forward`` options (sorted, once each), or None
    when none does."""
    for i, opt in enumerate(options):
        through = next((r for r in back[opt] if reverses(r)), None)
        if through is not None:
            return sorted(set(options[:i] + options[i + 1 :]) | set(forward[through]))
    return None


def _reduce(gid: int) -> int:
    found = _rcf.get(gid)
    if found is not None:
        return found
    if T.LSTOP[gid] == T.RSTOP[gid]:  # infinitesimally close to a number
        result = T.number_id(T.LSTOP[gid])
    else:
        lefts = sorted({_reduce(o) for o in T.LEFT[gid]})
        rights = sorted({_reduce(o) for o in T.RIGHT[gid]})
        while True:
            new_lefts = _bypass_one(lefts, T.RIGHT, T.LEFT, lambda r: _inf_le(r, gid))
            new_rights = _bypass_one(rights, T.LEFT, T.RIGHT, lambda lo: _inf_le(gid, lo))
            if new_lefts is None and new_rights is None:
                break
            if new_lefts is not None:
                lefts = new_lefts
            if new_rights is not None:
                rights = new_rights
        lefts = [a for a in lefts if not any(b != a and _inf_le(a, b) for b in lefts)]
        rights = [a for a in rights if not any(b != a and _inf_le(b, a) for b in rights)]
        result = T.make(lefts, rights)
    _rcf[gid] = result
    return result


@T.guarded
def reduced_canonical_form(g: GameLike) -> CanonicalGame:
    """The simplest game that differs from ``g`` by an infinitesimal.

    Two games have the same reduced canonical form exactly when their
    difference is infinitesimal. For a value past the table's numbers, ``x + G`` (see
    :class:`CanonicalGame`), it is ``x`` plus ``G``'s (number translation).

    >>> str(reduced_canonical_form(CanonicalGame(2**70) + "^*"))
    '1180591620717411303424'
    """
    game = game_of(g)
    if game._x:
        return CanonicalGame._of(_reduce(game._gid)) + game._x
    return CanonicalGame._of(_reduce(game._id))


def _far_star(gid: int) -> int:
    return T.nus_id(Fraction(0), 0, 1 << (T.BIRTHDAY[gid].bit_length() + 1))


def _weight(gid: int) -> int:
    found = _aw.get(gid)
    if found is not None:
        return found
    two = T.number_id(Fraction(2))
    low = [T.add(_weight(o), T.neg(two)) for o in T.LEFT[gid]]
    high = [T.add(_weight(o), two) for o in T.RIGHT[gid]]
    result = T.make(low, high)
    num = T.NUMBER[result]
    if num is not None and num.denominator == 1:
        star = _far_star(gid)
        above, below = T.le(star, gid) and star != gid, T.le(gid, star) and star != gid
        if above or below:
            stops = [T.LSTOP[i] for i in low + high] + [T.RSTOP[i] for i in low + high]
            lo, hi = int(min(stops, default=0)) - 2, int(max(stops, default=0)) + 2
            fits = [
                n
                for n in range(lo, hi + 1)
                if all(not T.le(T.number_id(Fraction(n)), a) for a in low)
                and all(not T.le(b, T.number_id(Fraction(n))) for b in high)
            ]
            result = T.number_id(Fraction(max(fits) if above else min(fits)))
        else:
            result = 0
    _aw[gid] = result
    return result


@T.guarded
def atomic_weight(g: GameLike) -> CanonicalGame:
    """The atomic weight of an all-small game (Conway's calculus, with the far-star rule).

    Raises :class:`~grundy.errors.UnsupportedError` for a game that is not all-small.
    """
    game = game_of(g)
    if not game.is_all_small():
        raise UnsupportedError(f"{game} is not all-small, so it has no atomic weight")
    return CanonicalGame._of(_weight(game._id))
