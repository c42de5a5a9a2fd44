"""Named games: numbers, nimbers, ups, switches, tinies and minies.

>>> up(2, star=True), switch(1), tiny(2), nimber(3) + nimber(5)
(CanonicalGame('^2*'), CanonicalGame('+-1'), CanonicalGame('{0|-1+-1}'), CanonicalGame('*6'))
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt import _table as T
from grundy.cgt.value import CanonicalGame, GameLike, game_of
from grundy.errors import ArgumentTypeError, InvalidSpecError

__all__ = ["DOWN", "STAR", "UP", "ZERO", "miny", "nimber", "number", "switch", "tiny", "up"]


def number(x: int | Fraction | str) -> CanonicalGame:
    """The dyadic rational ``x`` (``"3/4"`` accepted); anything else is refused in one line
    (:class:`~grundy.errors.InvalidSpecError`).

    >>> number("3/4")
    CanonicalGame('3/4')
    >>> number("x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: number('x'): not a number (expected: an int, ...)
    """
    expected = "an int, a Fraction or text such as '3/4'"
    if isinstance(x, bool) or not isinstance(x, (int, Fraction, str)):
        raise ArgumentTypeError(
            f"number() takes an int, a Fraction or text, not {type(x).__name__}", expected
        )
    try:
        value = Fraction(x)
    except (ValueError, ZeroDivisionError, OverflowError):
        shown = repr(x) if len(repr(x)) <= 40 else repr(x)[:40] + "..."
        raise InvalidSpecError(f"number({shown}): not a number", expected) from None
    return game_of(value)


def nimber(n: int) -> CanonicalGame:
    """``*n``, for an int ``n >= 0`` (anything else: :class:`~grundy.errors.InvalidSpecError`).

    >>> nimber(3)
    CanonicalGame('*3')
    >>> nimber(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: a nimber *n needs an int n >= 0, got -1 (expected: ...)
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise ArgumentTypeError(
            f"a nimber *n needs an int n >= 0, not {type(n).__name__}", "nimber(n), n >= 0"
        )
    if n < 0:
        shown = repr(n) if len(repr(n)) <= 40 else type(n).__name__
        raise InvalidSpecError(f"a nimber *n needs an int n >= 0, got {shown}", "nimber(n), n >= 0")
    return CanonicalGame._of(T.nus_id(Fraction(0), 0, n))


def up(n: int = 1, *, star: bool | int = False) -> CanonicalGame:
    """``n.^`` (``n < 0``: down), plus ``*`` (or ``*star`` for an int >= 0).

    >>> up(2, star=3)
    CanonicalGame('^2*3')
    """
    expected = "up(n, star=m): an int n, and star True, False or an int m >= 0"
    if isinstance(n, bool) or not isinstance(n, int) or not isinstance(star, int):
        raise ArgumentTypeError("up() takes an int n and an int or bool star", expected)
    if star < 0:
        raise InvalidSpecError(f"star must be >= 0, got {star}", expected)
    m = int(star)
    return CanonicalGame._of(T.nus_id(Fraction(0), n, m))


def switch(x: GameLike, y: GameLike | None = None) -> CanonicalGame:
    """``+-x`` = ``{x | -x}``, or ``{x | y}`` when ``y`` is given."""
    g = game_of(x)
    return CanonicalGame.from_options([g], [-g if y is None else game_of(y)])


def tiny(g: GameLike) -> CanonicalGame:
    """Tiny-G: ``{0 || 0 | -G}``."""
    return CanonicalGame.from_options([0], [CanonicalGame.from_options([0], [-game_of(g)])])


def miny(g: GameLike) -> CanonicalGame:
    """Miny-G: ``{G | 0 || 0}``, the negative of tiny-G."""
    return -tiny(g)


ZERO = CanonicalGame(0)
STAR = nimber(1)
UP = up(1)
DOWN = up(-1)
