"""Canonical values of short partisan games: :class:`CanonicalGame`.

A :class:`CanonicalGame` is frozen and hashable; ``==`` is equality of values
(canonical forms are unique). Build one from notation, a number, or options:

>>> from grundy.cgt import CanonicalGame
>>> g = CanonicalGame("{2|-1/2}")
>>> g, -g, g + g
(CanonicalGame('{2|-1/2}'), CanonicalGame('{1/2|-2}'), CanonicalGame('3/2'))
>>> CanonicalGame.from_options([0, "*"], [0])
CanonicalGame('^*')
>>> CanonicalGame("^") > 0, CanonicalGame("*").confused_with(0)
(True, True)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping, Sequence
from fractions import Fraction
from html import escape as _escape
from typing import TYPE_CHECKING, Any, ClassVar, Union

from grundy.cgt import _table as T
from grundy.cgt import _translate as X
from grundy.core.cache import register
from grundy.errors import ArgumentTypeError, InvalidSpecError, UnsupportedError

if TYPE_CHECKING:
    from grundy.cgt.thermo import Thermograph

__all__ = ["CLEAR_HOOKS", "CanonicalGame", "GameLike", "clear_cache", "game_of"]

GameLike = Union["CanonicalGame", int, Fraction, str]

#: What a game can be made from (the expected syntax of a refusal).
_GAME_LIKE = "a CanonicalGame, an int, a dyadic Fraction or notation text such as '{1|0}'"

_LIVE_LOCK = threading.Lock()
_ZERO = Fraction(0)


class CanonicalGame:
    """The canonical form of a short partisan game (one object per value).

    A value whose canonical form holds numbers too large for the table of canonical games
    (integers past 100,000, denominators past ``2**44``) is kept as a number plus a small
    game of the table (:mod:`grundy.cgt._translate`); most of the API works on it alike:

    >>> big = CanonicalGame(2**100) + "^"
    >>> big.left_stop == 2**100, big > 2**100, big.outcome, str(big - 2**100)
    (True, True, 'L', '^')
    """

    __slots__ = ("__weakref__", "_gid", "_x")
    _gid: int
    _x: Fraction  # 0, or the number part of a value beyond the table (see _translate)
    _live: ClassVar[weakref.WeakValueDictionary[int, CanonicalGame]] = weakref.WeakValueDictionary()
    _big: ClassVar[weakref.WeakValueDictionary[tuple[Fraction, int], CanonicalGame]] = (
        weakref.WeakValueDictionary()
    )

    def __new__(cls, spec: GameLike = 0) -> CanonicalGame:
        if isinstance(spec, CanonicalGame):
            return spec
        return cls._pair(_coerce(spec))

    @property
    def _id(self) -> int:
        """The table's id of the value (refused for a value beyond the table)."""
        if self._x:
            raise UnsupportedError(
                f"{_short_text(self)} is too large for this operation of the canonical-value "
                f"engine (numbers up to {T.MAX_INTEGER:,} in size, denominators up to "
                f"2^{T.MAX_DENOMINATOR_BITS}; sums, comparisons, stops, thermographs, "
                "cooling, birthday and printing work on larger ones)"
            )
        return self._gid

    @classmethod
    def _pair(cls, p: X.Pair) -> CanonicalGame:
        """The game of a normal pair ``(x, id)`` (:mod:`grundy.cgt._translate`)."""
        x, gid = p
        if not x:
            return cls._of(gid)
        obj = cls._big.get((x, gid))
        return cls._new(cls._big, (x, gid), gid, x) if obj is None else obj

    @property
    def _p(self) -> X.Pair:
        return (self._x, self._gid)

    @classmethod
    def _of(cls, gid: int) -> CanonicalGame:
        obj = cls._live.get(gid)
        return cls._new(cls._live, gid, gid, _ZERO) if obj is None else obj

    @classmethod
    def _new(
        cls, table: MutableMapping[Any, CanonicalGame], key: Hashable, gid: int, x: Fraction
    ) -> CanonicalGame:
        """The one object of ``key`` in ``table``, made under the lock if no other thread
        made it first (one object per id, so clear_cache renumbers every one)."""
        with _LIVE_LOCK:
            obj = table.get(key)
            if obj is None:
                obj = object.__new__(cls)
                object.__setattr__(obj, "_gid", gid)
                object.__setattr__(obj, "_x", x)
                table[key] = obj
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CanonicalGame is immutable")

    def __reduce__(self) -> tuple[Callable[..., CanonicalGame], tuple[Fraction, tuple[_Node, ...]]]:
        # The distinct games below, each once: the braces form would repeat shared parts,
        # exponentially in the birthday (1/2*40's has about 4*10**19 characters).
        return (_unpickle, (self._x, _nodes(self._gid)))

    # ----- construction -------------------------------------------------------

    @classmethod
    def from_options(
        cls, lefts: Iterable[GameLike] = (), rights: Iterable[GameLike] = ()
    ) -> CanonicalGame:
        """The canonical form of ``{lefts | rights}``.

        >>> CanonicalGame.from_options([1], [-1])
        CanonicalGame('+-1')
        """
        return cls._pair(X.make([_coerce(g) for g in lefts], [_coerce(g) for g in rights]))

    # ----- structure ----------------------------------------------------------

    @property
    def left_options(self) -> tuple[CanonicalGame, ...]:
        """Left's options in canonical form (no dominated or reversible ones)."""
        if self._x:
            return tuple(CanonicalGame._pair(p) for p in X.options(self._p, "L"))
        return tuple(CanonicalGame._of(i) for i in T.LEFT[self._gid])

    @property
    def right_options(self) -> tuple[CanonicalGame, ...]:
        """Right's options in canonical form."""
        if self._x:
            return tuple(CanonicalGame._pair(p) for p in X.options(self._p, "R"))
        return tuple(CanonicalGame._of(i) for i in T.RIGHT[self._gid])

    @property
    def birthday(self) -> int:
        """The birthday: 0 for 0, 1 + the largest birthday of an option otherwise.

        >>> CanonicalGame("^").birthday, CanonicalGame("3/4").birthday
        (2, 3)
        """
        return X.birthday(self._p)

    def is_number(self) -> bool:
        """True for a dyadic rational."""
        return T.NUMBER[self._gid] is not None

    def is_integer(self) -> bool:
        """True for an integer."""
        num = self.number()
        return num is not None and num.denominator == 1

    def is_nimber(self) -> bool:
        """True for ``*n`` (``0`` included)."""
        nus = T.NUS[self._gid]
        return not self._x and nus is not None and nus[0] == 0 and nus[1] == 0

    def number(self) -> Fraction | None:
        """The value as a :class:`~fractions.Fraction` if it is a number, else None."""
        num = T.NUMBER[self._gid]
        return num if num is None or not self._x else self._x + num

    def uptimal(self) -> tuple[Fraction, int, int] | None:
        """``(x, n, m)`` when the value is ``x + n.^ + *m``, else None.

        >>> CanonicalGame("1/2v2*").uptimal()
        (Fraction(1, 2), -2, 1)
        """
        nus = T.NUS[self._gid]
        return nus if nus is None or not self._x else (self._x + nus[0], nus[1], nus[2])

    def is_infinitesimal(self) -> bool:
        """True when ``-x < G < x`` for every positive number ``x`` (0 included)."""
        return self.left_stop == 0 and self.right_stop == 0

    def is_all_small(self) -> bool:
        """True when in every subposition both players can move or neither can."""
        if self._x:  # a number other than 0 is in its canonical form
            return False
        seen: set[int] = set()
        stack = [self._gid]
        while stack:
            gid = stack.pop()
            if gid in seen:
                continue
            seen.add(gid)
            if bool(T.LEFT[gid]) != bool(T.RIGHT[gid]):
                return False
            stack.extend(T.LEFT[gid] + T.RIGHT[gid])
        return True

    # ----- arithmetic and order -----------------------------------------------

    def __add__(self, other: GameLike) -> CanonicalGame:
        if isinstance(other, CanonicalGame) and not self._x and not other._x:
            try:  # (the table's ids: the common case, without the pairs)
                return CanonicalGame._of(T.add(self._gid, other._gid))
            except UnsupportedError:
                pass
        return CanonicalGame._pair(X.add(self._p, _coerce(other)))

    __radd__ = __add__

    def __or__(self, other: object) -> CanonicalGame:
        """``|`` is not an operation on games: refused in one line (a TypeError of grundy's).

        >>> CanonicalGame(1) | CanonicalGame(0)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.errors.ArgumentTypeError: '|' is not an operation on games; ...
        """
        raise ArgumentTypeError(
            "'|' is not an operation on games; the game {G | H} is "
            "CanonicalGame.from_options([G], [H]), or CanonicalGame('{G|H}')"
        )

    __ror__ = __or__

    def __neg__(self) -> CanonicalGame:
        if not self._x:
            return CanonicalGame._of(T.neg(self._gid))
        return CanonicalGame._pair(X.neg(self._p))

    def __pos__(self) -> CanonicalGame:
        return self

    def __sub__(self, other: GameLike) -> CanonicalGame:
        return CanonicalGame._pair(X.add(self._p, X.neg(_coerce(other))))

    def __rsub__(self, other: GameLike) -> CanonicalGame:
        return CanonicalGame._pair(X.add(_coerce(other), X.neg(self._p)))

    def __mul__(self, n: int) -> CanonicalGame:
        """``n`` copies of the game (``n`` may be negative)."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentTypeError(
                f"a game times {type(n).__name__}: a game can be multiplied by an int only",
                "n * G for an int n",
            )
        base = self._p if n >= 0 else X.neg(self._p)
        total, power, k = (_ZERO, 0), base, abs(n)
        while k:
            if k & 1:
                total = X.add(total, power)
            k >>= 1
            if k:
                power = X.add(power, power)
        return CanonicalGame._pair(total)

    __rmul__ = __mul__

    def __le__(self, other: GameLike) -> bool:
        if isinstance(other, CanonicalGame) and not self._x and not other._x:
            return T.le(self._gid, other._gid)
        return X.le(self._p, _coerce(other))

    def __ge__(self, other: GameLike) -> bool:
        if isinstance(other, CanonicalGame) and not self._x and not other._x:
            return T.le(other._gid, self._gid)
        return X.le(_coerce(other), self._p)

    def __lt__(self, other: GameLike) -> bool:
        o = _coerce(other)
        return o != self._p and X.le(self._p, o)

    def __gt__(self, other: GameLike) -> bool:
        o = _coerce(other)
        return o != self._p and X.le(o, self._p)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CanonicalGame):
            return other._gid == self._gid and other._x == self._x
        if isinstance(other, (int, Fraction, str)):
            try:
                return _coerce(other) == self._p
            except (InvalidSpecError, UnsupportedError):
                return False
        return NotImplemented

    def __hash__(self) -> int:
        if self._x:
            return hash((self._x, T.SHASH[self._gid]))
        return T.SHASH[self._gid]

    def confused_with(self, other: GameLike) -> bool:
        """``G || H``: neither ``G <= H`` nor ``G >= H``."""
        o = _coerce(other)
        return not X.le(self._p, o) and not X.le(o, self._p)

    def less_or_confused(self, other: GameLike) -> bool:
        """``G <| H``: not ``G >= H``."""
        return not X.le(_coerce(other), self._p)

    def greater_or_confused(self, other: GameLike) -> bool:
        """``G |> H``: not ``G <= H``."""
        return not X.le(self._p, _coerce(other))

    @property
    def outcome(self) -> str:
        """``L``, ``R``, ``N`` or ``P``: who wins (Left, Right, first or second player).

        >>> [CanonicalGame(s).outcome for s in ("1", "-1", "*", "0")]
        ['L', 'R', 'N', 'P']
        """
        if self._x:
            ge0 = X.ge_zero(self._x, self._gid)
            le0 = X.ge_zero(-self._x, T.neg(self._gid))
        else:
            ge0 = T.le(0, self._gid)
            le0 = T.le(self._gid, 0)
        if ge0:
            return "P" if le0 else "L"
        return "R" if le0 else "N"

    # ----- stops and incentives -----------------------------------------------

    @property
    def left_stop(self) -> Fraction:
        """Left's stop: the number reached when Left starts and both play to stop.

        >>> CanonicalGame("{2|-1/2}").left_stop
        Fraction(2, 1)
        """
        return self._x + T.LSTOP[self._gid] if self._x else T.LSTOP[self._gid]

    @property
    def right_stop(self) -> Fraction:
        """Right's stop."""
        return self._x + T.RSTOP[self._gid] if self._x else T.RSTOP[self._gid]

    @property
    def confusion_interval(self) -> tuple[Fraction, Fraction]:
        """``(right stop, left stop)``: the numbers the game may be confused with lie here."""
        return (self.right_stop, self.left_stop)

    def left_incentives(self) -> tuple[CanonicalGame, ...]:
        """``G^L - G`` for each Left option, in canonical form."""
        if self._x:
            return tuple(g - self for g in self.left_options)
        n = T.neg(self._gid)
        return tuple(CanonicalGame._of(T.add(i, n)) for i in T.LEFT[self._gid])

    def right_incentives(self) -> tuple[CanonicalGame, ...]:
        """``G - G^R`` for each Right option, in canonical form."""
        if self._x:
            return tuple(self - g for g in self.right_options)
        return tuple(CanonicalGame._of(T.add(self._gid, T.neg(i))) for i in T.RIGHT[self._gid])

    # ----- text -----------------------------------------------------------------

    def __str__(self) -> str:
        """The readable form (:func:`grundy.cgt.format_game`); past its ten million
        characters, a line that says how long it would be, in parentheses.

        >>> str(CanonicalGame("{3/2|1/2}:*18"))
        '(a value born on day 22: its readable form has 3,099,363,911 characters)'
        """
        from grundy.cgt.notation import format_game, short_text  # noqa: PLC0415 (cycle)
        from grundy.errors import SearchLimitError  # noqa: PLC0415 (cycle with errors)

        try:
            return format_game(self)
        except SearchLimitError:
            return f"({short_text(self)})"

    def __repr__(self) -> str:
        return f"CanonicalGame({str(self)!r})"

    def _repr_svg_(self) -> str:
        """Jupyter's picture of the value: its thermograph, with axes."""
        from grundy.cgt.svg import thermograph_svg  # noqa: PLC0415 (cycle with svg)

        return thermograph_svg(self)

    def _repr_html_(self) -> str:
        """Jupyter shows the value, who wins, mean, temperature, stops and the thermograph.

        >>> html = CanonicalGame("{2|-1/2}")._repr_html_()
        >>> "<code>{2|-1/2}</code>" in html, html.count("<svg")
        (True, 1)
        """
        from grundy.cgt.thermo import mean, temperature  # noqa: PLC0415 (cycle with thermo)

        def num(x: Fraction) -> str:
            return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

        winner = {
            "L": "Left wins whoever starts",
            "R": "Right wins whoever starts",
            "N": "the player to move wins",
            "P": "the player to move loses",
        }[self.outcome]
        facts = (
            f"<code>{_escape(str(self))}</code> — {self.outcome}: {winner}<br>"
            f"mean {num(mean(self))}, temperature {num(temperature(self))}; "
            f"stops: Left {num(self.left_stop)}, Right {num(self.right_stop)}"
        )
        return f"<div><div>{facts}</div>{self._repr_svg_()}</div>"

    def thermograph(self) -> Thermograph:
        """The thermograph: walls, mast, mean and temperature (:func:`grundy.cgt.thermograph`).

        >>> CanonicalGame("{2|-1/2}").thermograph().temperature
        Fraction(5, 4)
        """
        from grundy.cgt.thermo import thermograph  # noqa: PLC0415 (cycle with thermo)

        return thermograph(self)

    def braces(self, max_length: int | None = 10_000_000) -> str:
        """The value fully written as nested ``{L|R}`` whose leaves are numbers and ``*n``
        (at most ``max_length`` characters: :func:`grundy.cgt.format_braces`).

        >>> CanonicalGame("^2").braces()
        '{0|{0,*|0}}'
        """
        from grundy.cgt.notation import format_braces  # noqa: PLC0415 (cycle with notation)

        return format_braces(self, max_length)

    def unicode(self) -> str:
        """The readable form with Unicode symbols (``↑``, ``±``, ``½``...)."""
        from grundy.cgt.notation import to_unicode  # noqa: PLC0415 (cycle with notation)

        return to_unicode(str(self))


_UNGUARDED = frozenset(
    {
        "__setattr__",
        "__pos__",
        "__weakref__",
        "__slots__",
        "_id",
        "_live",
        "_big",
        "_gid",
        "_x",
        "_p",
        "_pair",
    }
)


def _guard_methods(cls: type) -> None:
    """Run every method and property of ``cls`` inside :func:`_table.shared`, so that
    :func:`clear_cache` in another thread never renumbers ids under it."""
    for name, attr in list(vars(cls).items()):
        if name in _UNGUARDED:
            continue
        if isinstance(attr, property):
            assert attr.fget is not None
            setattr(cls, name, property(T.guarded(attr.fget), doc=attr.__doc__))
        elif isinstance(attr, classmethod):
            setattr(cls, name, classmethod(T.guarded(attr.__func__)))
        elif isinstance(attr, staticmethod):
            setattr(cls, name, staticmethod(T.guarded(attr.__func__)))
        elif callable(attr):
            setattr(cls, name, T.guarded(attr))


_guard_methods(CanonicalGame)


def _short_text(g: CanonicalGame) -> str:
    from grundy.cgt.notation import short_text  # noqa: PLC0415 (cycle with notation)

    return short_text(g, 40)


def _coerce(g: GameLike) -> X.Pair:
    """The normal pair of ``g`` (:mod:`grundy.cgt._translate`)."""
    if isinstance(g, CanonicalGame):
        return (g._x, g._gid)
    if isinstance(g, bool):
        raise ArgumentTypeError("a bool is not a game", _GAME_LIKE)
    if isinstance(g, (int, Fraction)):
        x = Fraction(g)
        if x.denominator & (x.denominator - 1):
            raise InvalidSpecError(
                f"{g} is not a dyadic rational, so not a short game", "a number like 3/4"
            )
        return X.number(x)
    if isinstance(g, str):
        from grundy.cgt.notation import parse_game  # noqa: PLC0415 (cycle with notation)

        parsed = parse_game(g)
        return (parsed._x, parsed._gid)
    raise ArgumentTypeError(f"cannot make a game from {type(g).__name__}", _GAME_LIKE)


#: One game of a pickle: a number, or the indices of its Left and Right options among the
#: games before it.
_Node = Fraction | tuple[tuple[int, ...], tuple[int, ...]]


@T.guarded
def _nodes(gid: int) -> tuple[_Node, ...]:
    """The games of the table below ``gid`` (itself last), each once, options first."""
    index: dict[int, int] = {}
    out: list[_Node] = []
    stack = [(gid, False)]
    while stack:
        g, expanded = stack.pop()
        if g in index:
            continue
        num = T.NUMBER[g]
        if num is not None or expanded:
            index[g] = len(out)
            lefts, rights = T.LEFT[g], T.RIGHT[g]
            out.append(num if num is not None else (_at(index, lefts), _at(index, rights)))
            continue
        stack.append((g, True))  # after its options, which go on top of it
        stack.extend((o, False) for o in (*T.LEFT[g], *T.RIGHT[g]) if o not in index)
    return tuple(out)


def _at(index: Mapping[int, int], gids: Iterable[int]) -> tuple[int, ...]:
    return tuple(index[g] for g in gids)


def _unpickle(x: Fraction, nodes: Sequence[_Node]) -> CanonicalGame:
    """The game :meth:`CanonicalGame.__reduce__` wrote: ``x`` plus the last of ``nodes``."""
    built: list[X.Pair] = []
    for node in nodes:
        if isinstance(node, Fraction):
            built.append(X.number(node))
        else:
            lefts, rights = node
            built.append(X.make([built[i] for i in lefts], [built[i] for i in rights]))
    g = CanonicalGame._pair(built[-1])
    return g + x if x else g


def game_of(g: GameLike) -> CanonicalGame:
    """``g`` as a :class:`CanonicalGame` (a game, an int, a Fraction or notation text)."""
    return CanonicalGame(g)


#: Functions that empty the other tables of the package (run by :func:`clear_cache`).
CLEAR_HOOKS: list[Callable[[], None]] = []


def clear_cache() -> None:
    """Empty every table of :mod:`grundy.cgt` (values still held stay valid).

    Live :class:`CanonicalGame` objects are moved into the fresh table.

    >>> g = CanonicalGame("{3|1/2*}")
    >>> clear_cache()
    >>> g == CanonicalGame("{3|1/2*}"), str(g)
    (True, '{3|1/2*}')
    """
    with T.exclusive():
        _clear()


def _clear() -> None:
    live = live_ids()
    keep: set[int] = set()
    stack = [gid for gid, _ in live]  # (a value beyond the table: its core)
    while stack:
        gid = stack.pop()
        if gid not in keep:
            keep.add(gid)
            stack.extend(T.LEFT[gid] + T.RIGHT[gid])
    old = {gid: (T.LEFT[gid], T.RIGHT[gid]) for gid in keep}
    for hook in CLEAR_HOOKS:
        hook()
    T.reset()
    mapping: dict[int, int] = {}
    with T.unbounded():  # the live values are made again, whatever the table's bound
        for gid in sorted(old):  # options have smaller ids
            lefts, rights = old[gid]
            mapping[gid] = T.intern(
                tuple(sorted(mapping[i] for i in lefts)),
                tuple(sorted(mapping[i] for i in rights)),
            )
    move_live(live, mapping)


def live_ids() -> list[tuple[int, CanonicalGame]]:
    """``(id, game)`` of every live :class:`CanonicalGame` (for renumbering the table; a
    value beyond the table gives its core's id)."""
    return list(CanonicalGame._live.items()) + [
        (gid, obj) for (_, gid), obj in list(CanonicalGame._big.items())
    ]


def move_live(
    live: list[tuple[int, CanonicalGame]], mapping: Mapping[int, int] | Sequence[int]
) -> None:
    """Give each game of ``live`` (from :func:`live_ids`) its new id ``mapping[old id]``."""
    CanonicalGame._live = weakref.WeakValueDictionary()
    CanonicalGame._big = weakref.WeakValueDictionary()
    for gid, obj in live:
        object.__setattr__(obj, "_gid", mapping[gid])
        if obj._x:
            CanonicalGame._big[(obj._x, mapping[gid])] = obj
        else:
            CanonicalGame._live[mapping[gid]] = obj


register(clear_cache)
