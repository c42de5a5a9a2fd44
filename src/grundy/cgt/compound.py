"""Ways to combine games other than the disjunctive sum (Winning Ways ch. 9; ONAG).

All take canonical forms (:class:`~grundy.cgt.value.CanonicalGame`) and return the
canonical value of the compound, played under normal play:

* **Ordinal sum** ``G : H`` = ``{G^L, G:H^L | G^R, G:H^R}``: a move in ``G`` wipes out
  ``H`` (the base ``G`` is taken in canonical form, as CGSuite does).
* **Norton product** ``G.U`` (``U > 0``): ``n`` copies of ``U`` for an integer ``G = n``,
  else ``{G^L.U + U + I | G^R.U - U - I}`` with ``I`` over the incentives of ``U``
  (``U^L - U`` and ``U - U^R``).
* **Conjunctive compound** ``G ∧ H``: a move is made in *every* component, so play stops
  as soon as one component is over for the player to move:
  ``{G^L ∧ H^L | G^R ∧ H^R}``. Outcome rule: **remoteness**. A component's remoteness
  with a player to move is 0 when that player cannot move; else 1 + the least even
  remoteness of an option (the winner hurries), or 1 + the greatest (all odd: the loser
  dawdles). The compound ends with the component of least remoteness: the player to move
  wins exactly when that least remoteness is odd.
* **Continued conjunctive compound**: every component that can still be moved in must
  be moved in, until none can. Outcome rule: **suspense numbers** (0 at the end;
  1 + the greatest even suspense of an option, else 1 + the least: the winner dawdles,
  the loser hurries); with impartial components the player to move wins exactly when
  the greatest suspense is odd.
* **Selective compound** ``G ∨ H``: a move is made in any non-empty set of components:
  ``{G^L ∨ H, G ∨ H^L, G^L ∨ H^L | ...}``. For impartial games it is a P-position exactly
  when every component is.

Each compound of canonical forms is the compound of those forms (conjunctive and
selective compounds depend on the form, not only the value).

>>> from grundy.cgt.value import CanonicalGame as G
>>> str(ordinal_sum(G(1), G(-1))), str(ordinal_sum(G("*"), G(1)))
('1/2', '^*')
>>> str(norton_product(G(3), G("^"))), str(norton_product(G("1/2"), G(2)))
('^3', '1*')
>>> str(conjunctive(G("*2"), G("*3"))), remoteness(G("*2"), "L")
('*2', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from grundy.cgt.value import CanonicalGame
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError

__all__ = [
    "conjunctive",
    "conjunctive_outcome",
    "continued_conjunctive",
    "continued_conjunctive_outcome",
    "norton_product",
    "ordinal_sum",
    "remoteness",
    "selective",
    "suspense",
]

_Options = tuple[CanonicalGame, ...]


def _each_side(
    g: CanonicalGame, h: CanonicalGame, side: Callable[[_Options, _Options], list[CanonicalGame]]
) -> CanonicalGame:
    """The compound of ``g`` and ``h`` whose Left options are ``side(g's Left options, h's
    Left options)`` and whose Right options are the same of their Right options."""
    check_time()
    return CanonicalGame.from_options(
        side(g.left_options, h.left_options), side(g.right_options, h.right_options)
    )


@lru_cache(maxsize=1 << 16)
def ordinal_sum(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """``G : H``. ``G : 0 = G``; ``* : *`` is ``*2``.

    >>> str(ordinal_sum(CanonicalGame("*"), CanonicalGame("*")))
    '*2'
    """
    return _each_side(g, h, lambda a, b: [*a, *(ordinal_sum(g, x) for x in b)])


def norton_product(g: CanonicalGame, u: CanonicalGame) -> CanonicalGame:
    """The Norton product ``G.U`` (``U`` must be positive)."""
    if not u > 0:
        raise InvalidSpecError(f"the Norton product G.U needs U > 0; {u} is not")
    incentives = [x - u for x in u.left_options] + [u - x for x in u.right_options]
    return _norton(g, u, tuple(incentives))


@lru_cache(maxsize=1 << 16)
def _norton(g: CanonicalGame, u: CanonicalGame, inc: tuple[CanonicalGame, ...]) -> CanonicalGame:
    check_time()
    n = g.number()
    if n is not None and n.denominator == 1:
        return u * int(n) if n >= 0 else -(u * int(-n))
    lefts = [_norton(x, u, inc) + u + i for x in g.left_options for i in inc]
    rights = [_norton(x, u, inc) - u - i for x in g.right_options for i in inc]
    return CanonicalGame.from_options(lefts, rights)


@lru_cache(maxsize=1 << 16)
def conjunctive(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The conjunctive compound ``G ∧ H`` (a move in both components)."""
    return _each_side(g, h, lambda a, b: [conjunctive(x, y) for x in a for y in b])


@lru_cache(maxsize=1 << 16)
def continued_conjunctive(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The continued conjunctive compound: a move in every component that has one."""

    def side(a: _Options, b: _Options) -> list[CanonicalGame]:
        if a and b:
            return [continued_conjunctive(x, y) for x in a for y in b]
        if a:
            return [continued_conjunctive(x, h) for x in a]
        return [continued_conjunctive(g, y) for y in b]

    return _each_side(g, h, side)


@lru_cache(maxsize=1 << 16)
def selective(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The selective compound ``G ∨ H`` (a move in one or both components)."""
    return _each_side(
        g,
        h,
        lambda a, b: [
            *(selective(x, h) for x in a),
            *(selective(g, y) for y in b),
            *(selective(x, y) for x in a for y in b),
        ],
    )


def _other(side: str) -> str:
    return "R" if side == "L" else "L"


def _moves_to_end(
    g: CanonicalGame,
    side: str,
    count: Callable[[CanonicalGame, str], int],
    winning: Callable[[list[int]], int],
    losing: Callable[[list[int]], int],
) -> int:
    """Remoteness or suspense (``count``) of ``g`` with ``side`` to move: 0 without a move,
    else one more than the ``winning`` pick of the options' even counts (a win: the
    opponent then loses) or, with none, the ``losing`` pick of all of them."""
    opts = g.left_options if side == "L" else g.right_options
    if not opts:
        return 0
    values = [count(o, _other(side)) for o in opts]
    even = [v for v in values if v % 2 == 0]
    return 1 + (winning(even) if even else losing(values))


@lru_cache(maxsize=1 << 16)
def remoteness(g: CanonicalGame, side: str) -> int:
    """The remoteness of ``g`` with ``side`` (``"L"`` or ``"R"``) to move (see the module
    docstring); odd exactly when the player to move wins ``g`` alone.

    >>> remoteness(CanonicalGame(0), "L"), remoteness(CanonicalGame("*2"), "R")
    (0, 1)
    """
    return _moves_to_end(g, side, remoteness, min, max)


@lru_cache(maxsize=1 << 16)
def suspense(g: CanonicalGame, side: str) -> int:
    """The suspense number of ``g`` with ``side`` to move (see the module docstring)."""
    return _moves_to_end(g, side, suspense, max, min)


def conjunctive_outcome(*games: CanonicalGame) -> str:
    """The outcome class (L, R, N or P) of a conjunctive compound, by remoteness.

    >>> conjunctive_outcome(CanonicalGame("*2"), CanonicalGame(1))
    'L'
    """
    left = min(remoteness(g, "L") for g in games) % 2 == 1
    right = min(remoteness(g, "R") for g in games) % 2 == 1
    return _outcome(left, right)


def continued_conjunctive_outcome(*games: CanonicalGame) -> str:
    """The outcome class of a continued conjunctive compound: by suspense numbers when
    every component is impartial (Winning Ways ch. 9), else from the compound's value
    (the suspense rule does not hold for partisan components, where a component can be
    over for one player only)."""
    if not all(g.is_nimber() for g in games):
        total = games[0]
        for g in games[1:]:
            total = continued_conjunctive(total, g)
        return total.outcome
    left = max(suspense(g, "L") for g in games) % 2 == 1
    right = max(suspense(g, "R") for g in games) % 2 == 1
    return _outcome(left, right)


def _outcome(left_first_wins: bool, right_first_wins: bool) -> str:
    if left_first_wins:
        return "N" if right_first_wins else "L"
    return "R" if right_first_wins else "P"
