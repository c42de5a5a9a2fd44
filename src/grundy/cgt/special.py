"""Named games: numbers, nimbers, ups, switches, tinies and minies.

>>> up(2, star=True), switch(1), tiny(2), nimber(3) + nimber(5)
(CanonicalGame('^2*'), CanonicalGame('+-1'), CanonicalGame('{0|-1+-1}'), CanonicalGame('*6'))
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt import _table as T
from grundy.cgt.value import CanonicalGame, GameLike, game_of

__all__ = ["DOWN", "STAR", "UP", "ZERO", "miny", "nimber", "number", "switch", "tiny", "up"]


def number(x: int | Fraction | str) -> CanonicalGame:
    """The dyadic rational ``x`` (``"3/4"`` accepted)."""
    return game_of(Fraction(x))


def nimber(n: int) -> CanonicalGame:
    """``*n``."""
    if n < 0:
        raise ValueError("a nimber *n needs n >= 0")
    return CanonicalGame._of(T.nus_id(Fraction(0), 0, n))


def up(n: int = 1, *, star: bool | int = False) -> CanonicalGame:
    """``n.^`` (``n < 0``: down), plus ``*`` (or ``*star`` for an int)."""
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
