"""Temperature theory: thermographs, mean, temperature, cooling, heating, overheating.

Thermographs are exact: walls are lists of points ``(t, x)`` of Fractions
from ``t = -1`` up to the temperature, where the mast rises at the mean.

>>> from grundy.cgt import CanonicalGame
>>> g = CanonicalGame("{2|-1/2}")
>>> temperature(g), mean(g)
(Fraction(5, 4), Fraction(3, 4))
>>> cool(g, Fraction(5, 4))
CanonicalGame('3/4*')
>>> temperature(CanonicalGame("1/2")), temperature(CanonicalGame("^"))
(Fraction(-1, 2), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from grundy.cgt import _table as T
from grundy.cgt import _translate as X
from grundy.cgt._piecewise import Wall, lower, upper
from grundy.cgt.value import CLEAR_HOOKS, CanonicalGame, GameLike, game_of
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError

R = TypeVar("R")

__all__ = [
    "Thermograph",
    "cool",
    "heat",
    "mean",
    "overheat",
    "temperature",
    "thermograph",
]

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Thermograph:
    """The thermograph of a game, exactly.

    ``left_wall`` and ``right_wall`` are the points ``(t, x)`` of each wall from
    ``t = -1`` up to ``t = temperature``, joined by straight segments; above
    the temperature both walls are the vertical *mast* at ``x = mast``.
    """

    left_wall: tuple[Point, ...]
    right_wall: tuple[Point, ...]
    mast: Fraction
    temperature: Fraction

    def left_at(self, t: Fraction) -> Fraction:
        """The left wall's ``x`` at temperature ``t`` (``t >= -1``)."""
        return _at(self.left_wall, self.mast, t)

    def right_at(self, t: Fraction) -> Fraction:
        """The right wall's ``x`` at temperature ``t``."""
        return _at(self.right_wall, self.mast, t)


def _at(points: tuple[Point, ...], mast: Fraction, t: Fraction) -> Fraction:
    return Wall(points, Fraction(0)).at(t) if points else mast


_walls: dict[int, tuple[Wall, Wall, Fraction, Fraction]] = {}
_cooled: dict[tuple[int, Fraction], int] = {}


def _clear() -> None:
    _walls.clear()
    _cooled.clear()


CLEAR_HOOKS.append(_clear)


def _thermo(gid: int) -> tuple[Wall, Wall, Fraction, Fraction]:
    """``(left wall, right wall, temperature, mean)`` of game ``gid``."""
    found = _walls.get(gid)
    if found is not None:
        return found
    num = T.NUMBER[gid]
    if num is not None:
        mast = Wall.constant(num)
        temp = Fraction(-1, num.denominator) if num.denominator > 1 else Fraction(-1)
        result = (mast, mast, temp, num)
    else:
        check_time()
        # equal walls (the options of *n, for one) are combined once
        left: Wall | None = None
        for wall in dict.fromkeys(_thermo(option)[1] for option in T.LEFT[gid]):
            w = wall.shift(-1)
            left = w if left is None else upper(left, w)
        right: Wall | None = None
        for wall in dict.fromkeys(_thermo(option)[0] for option in T.RIGHT[gid]):
            w = wall.shift(1)
            right = w if right is None else lower(right, w)
        assert left is not None and right is not None  # a non-number has both
        temp = _meet(left, right)
        x = left.at(temp)
        result = (left.cut(temp, x), right.cut(temp, x), temp, x)
    _walls[gid] = result
    return result


def _meet(left: Wall, right: Wall) -> Fraction:
    """The least ``t >= -1`` where the left wall is no longer right of the right wall."""
    ts = sorted({t for t, _ in left.points} | {t for t, _ in right.points})
    prev_t, prev_d = ts[0], left.at(ts[0]) - right.at(ts[0])
    if prev_d <= 0:
        return prev_t
    for t in ts[1:]:
        d = left.at(t) - right.at(t)
        if d <= 0:
            return prev_t + (t - prev_t) * prev_d / (prev_d - d)
        prev_t, prev_d = t, d
    slope = left.tail - right.tail
    if slope >= 0:  # pragma: no cover - walls of a short game always meet
        raise ArithmeticError("thermograph walls do not meet")
    return prev_t - prev_d / slope


@T.guarded
def thermograph(g: GameLike) -> Thermograph:
    """The thermograph of ``g`` (walls as exact points, and the mast).

    >>> tg = thermograph(CanonicalGame("+-1"))
    >>> tg.left_wall, tg.right_wall, tg.mast
    (((Fraction(-1, 1), Fraction(2, 1)), (Fraction(1, 1), Fraction(0, 1))), \
((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(1, 1), Fraction(0, 1))), Fraction(0, 1))
    """
    game = game_of(g)
    num, shift = game.number(), game._x
    if shift and num is not None:  # a number beyond the table: its mast alone
        temp, mast = _number_temp(num), Wall.constant(num)
        return Thermograph(_upto(mast, temp), _upto(mast, temp), num, temp)
    left, right, temp, x = _thermo(game._gid)  # x + G: G's thermograph moved by x
    lw, rw = _upto(left, temp), _upto(right, temp)
    if shift:
        lw = tuple((t, v + shift) for t, v in lw)
        rw = tuple((t, v + shift) for t, v in rw)
    return Thermograph(lw, rw, x + shift, temp)


def _number_temp(num: Fraction) -> Fraction:
    return Fraction(-1, num.denominator) if num.denominator > 1 else Fraction(-1)


def _upto(w: Wall, temp: Fraction) -> tuple[Point, ...]:
    pts = tuple(p for p in w.points if p[0] <= temp)
    if not pts or pts[-1][0] < temp:
        pts = (*pts, (temp, w.at(temp)))
    return pts


@T.guarded
def temperature(g: GameLike) -> Fraction:
    """The temperature: where the thermograph's mast starts (``-1/2^k`` for numbers ``m/2^k``)."""
    game = game_of(g)
    num = game.number()
    if game._x and num is not None:
        return _number_temp(num)
    return _thermo(game._gid)[2]


@T.guarded
def mean(g: GameLike) -> Fraction:
    """The mean value (where the mast stands)."""
    game = game_of(g)
    return game._x + _thermo(game._gid)[3]


def _dyadic(t: GameLike, what: str) -> Fraction:
    x = game_of(t).number()
    if x is None:
        raise InvalidSpecError(f"{what} must be a number, got {game_of(t)}", "a number like 1/2")
    return x


@T.guarded
def cool(g: GameLike, t: GameLike) -> CanonicalGame:
    """``g`` cooled by the number ``t``: ``{G^L_t - t | G^R_t + t}`` until it freezes at its mean.

    >>> cool(CanonicalGame("{3|-1}"), 1), cool(CanonicalGame("{3|-1}"), 3)
    (CanonicalGame('1+-1'), CanonicalGame('1'))
    """
    game, temp = game_of(g), _dyadic(t, "the cooling temperature")
    if game._x:  # past the table's numbers: the same recursion on x + G, with exact pairs
        return CanonicalGame._pair(_cool_pair(game._x, game._gid, temp, {}))
    return CanonicalGame._of(_cool(game._id, temp))


def _cool_pair(shift: Fraction, gid: int, t: Fraction, memo: dict[int, X.Pair]) -> X.Pair:
    """:func:`_cool` of ``shift + G`` (number translation: ``G``'s thermograph, moved)."""
    num = T.NUMBER[gid]
    if num is not None:
        return X.number(shift + num)
    found = memo.get(gid)
    if found is not None:
        return found
    _, _, temp, x = _thermo(gid)
    if t > temp:
        result = X.number(shift + x)
    else:
        mt, pt = X.number(-t), X.number(t)
        result = X.make(
            [X.add(_cool_pair(shift, o, t, memo), mt) for o in T.LEFT[gid]],
            [X.add(_cool_pair(shift, o, t, memo), pt) for o in T.RIGHT[gid]],
        )
    memo[gid] = result
    return result


def _cool(gid: int, t: Fraction) -> int:
    if T.NUMBER[gid] is not None:
        return gid
    key = (gid, t)
    found = _cooled.get(key)
    if found is not None:
        return found
    _, _, temp, x = _thermo(gid)
    if t > temp:
        result = T.number_id(x)
    else:
        mt, pt = T.number_id(-t), T.number_id(t)
        result = T.make(
            [T.add(_cool(o, t), mt) for o in T.LEFT[gid]],
            [T.add(_cool(o, t), pt) for o in T.RIGHT[gid]],
        )
    _cooled[key] = result
    return result


@T.guarded
def heat(g: GameLike, t: GameLike) -> CanonicalGame:
    """``g`` heated by ``t`` (Norton's integral): numbers stay, else ``{t + ∫G^L | -t + ∫G^R}``.

    >>> heat(CanonicalGame("*"), 1)
    CanonicalGame('+-1')
    """
    game = game_of(g)
    if game._x:  # past the table's numbers: the same recursion on x + G, with exact pairs
        return _heat_pair(game, game_of(t))
    tid = game_of(t)._id
    return CanonicalGame._of(
        _integral(game._id, lambda gid, _num: gid, T.make, T.add, tid, T.neg(tid))
    )


def _heat_pair(game: CanonicalGame, t: CanonicalGame) -> CanonicalGame:
    shift, tp = game._x, (t._x, t._gid)
    return CanonicalGame._pair(
        _integral(game._gid, lambda _gid, num: X.number(shift + num), X.make, X.add, tp, X.neg(tp))
    )


def _integral(  # noqa: PLR0917 (private: the two algebras' operations)
    root: int,
    number: Callable[[int, Fraction], R],
    make: Callable[[list[R], list[R]], R],
    add: Callable[[R, R], R],
    t: R,
    minus_t: R,
) -> R:
    """Norton's integral of the table's game ``root`` by ``t``, in the algebra of ``make``
    and ``add`` (table ids, or exact pairs past the table's numbers): a number ``x`` (id
    ``gid``) is ``number(gid, x)``, any other game ``{t + ∫G^L | -t + ∫G^R}``."""
    memo: dict[int, R] = {}

    def go(gid: int) -> R:
        num = T.NUMBER[gid]
        if num is not None:
            return number(gid, num)
        found = memo.get(gid)
        if found is None:
            found = make(
                [add(go(o), t) for o in T.LEFT[gid]],
                [add(go(o), minus_t) for o in T.RIGHT[gid]],
            )
            memo[gid] = found
        return found

    return go(root)


@T.guarded
def overheat(g: GameLike, s: GameLike, t: GameLike) -> CanonicalGame:
    """``g`` overheated from ``s`` to ``t``: an integer ``n`` becomes ``n.s``, else
    ``{t + G^L | -t + G^R}`` with the options overheated.

    >>> overheat(CanonicalGame("1/2"), 1, 1)
    CanonicalGame('{1|0}')
    """
    sg = game_of(s)
    tid = game_of(t)._id
    ntid = T.neg(tid)
    memo: dict[int, int] = {}

    def go(gid: int) -> int:
        found = memo.get(gid)
        if found is not None:
            return found
        num = T.NUMBER[gid]
        if num is not None and num.denominator == 1:
            found = (sg * int(num))._id
        else:
            found = T.make(
                [T.add(go(o), tid) for o in T.LEFT[gid]],
                [T.add(go(o), ntid) for o in T.RIGHT[gid]],
            )
        memo[gid] = found
        return found

    return CanonicalGame._of(go(game_of(g)._id))
