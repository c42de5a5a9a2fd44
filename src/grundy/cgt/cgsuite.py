"""Values printed exactly as CGSuite prints them, and their uptimal expansions.

CGSuite writes a canonical game in plain text by these rules (learnt from its
documentation and test cases, not copied): numbers as ``3`` or ``-5/16``;
``x + a.^ + *m`` as ``x`` then ``^``, ``^^`` or ``^a`` (``v``, ``vv``, ``va``
downwards) then ``*`` or ``*m``; the uptimals ``^<n>`` (up to the n-th power)
and ``^[n]`` (``^ + ^<2> + ... + ^<n>``); a switch ``G = -G`` as ``+-``
followed by its Left options; ``{x || x | x - G}`` as ``Tiny(G)`` (``xTiny(G)``
when ``x`` is not 0) and its negative as ``Miny(G)``; any other game in braces,
options in CGSuite's order (numbers, then nimbers, then uptimals, then the rest)
and up to four bars, a deeper level braced.

>>> from grundy.cgt import CanonicalGame as G
>>> [cgsuite_text(G(s)) for s in ("^2", "v2*", "{0||0|-1/2}", "{0|*||*|||*}", "{0||0|v*}")]
['^^', 'vv*', 'Tiny(1/2)', '^[3]', '{0|^<2>}']
>>> cgsuite_text(G("{5||3|1|||0||||0}")), cgsuite_text(G("{1,1*|-1,-1*}"))
('Miny({5||3|1})', '+-{1,1*}')
>>> uptimal_expansion(G("{0||0|v*}")), uptimal_expansion(G("v*")), uptimal_expansion(G("+-1"))
('*.12', '*.1-', None)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt import _walk
from grundy.cgt.value import CLEAR_HOOKS, CanonicalGame, GameLike, game_of
from grundy.core.limits import check_time
from grundy.errors import SearchLimitError, TimeLimitError

__all__ = [
    "MAX_NODES",
    "UPTIMAL_NODES",
    "cgsuite_field",
    "cgsuite_fields",
    "cgsuite_options",
    "cgsuite_text",
    "up_power",
    "uptimal_expansion",
    "uptimal_parts",
]

#: An uptimal ``x + *m + a_1.^ + a_2.^<2> + ...``: ``(x, m, (a_1, a_2, ...))``.
Uptimal = tuple[Fraction, int, tuple[int, ...]]

_MAX_SLASHES = 4
#: Uptimals are looked for among games of at most this many distinct parts (``^[n]``
#: and ``^<n>`` have ``n + 2``): a larger game is taken not to be one.
UPTIMAL_NODES = 64
_powers: dict[int, int] = {}  # k -> id of ^<k>
_uptimal: dict[int, Uptimal | None] = {}
_keys: dict[int, tuple[Any, ...]] = {}


def _clear() -> None:
    _powers.clear()
    _uptimal.clear()
    _keys.clear()


CLEAR_HOOKS.append(_clear)


def _power(k: int) -> int:
    """The id of ``^<k>``: ``^<1> = ^ = {0|*}``, ``^<k+1> = {0 | v[k]*}`` where
    ``^[k] = ^<1> + ... + ^<k>``."""
    found = _powers.get(k)
    if found is not None:
        return found
    up = T.nus_id(Fraction(0), 1, 0)
    _powers[1] = up
    total = up  # ^[j]
    for j in range(2, k + 1):
        known = _powers.get(j)
        if known is None:
            star = T.nus_id(Fraction(0), 0, 1)
            known = T.make([T.number_id(Fraction(0))], [T.add(T.neg(total), star)])
            _powers[j] = known
        total = T.add(total, known)
    return _powers[k]


def up_power_id(k: int) -> int:
    """The table id of ``^<k>`` (for the reader of CGSuite notation)."""
    return _power(k)


@T.guarded
def up_power(k: int) -> CanonicalGame:
    """``^<k>``, up to the k-th power (``k >= 1``).

    >>> up_power(2), up_power(3).birthday
    (CanonicalGame('{0|v*}'), 4)
    """
    if k < 1:
        raise ValueError("^<k> needs k >= 1")
    return CanonicalGame._of(_power(k))


def _of_uptimal(x: Fraction, m: int, digits: tuple[int, ...]) -> int:
    gid = T.nus_id(x, 0, m)
    for k, a in enumerate(digits, 1):
        if a:
            p = _power(k)
            term = p if a > 0 else T.neg(p)
            for _ in range(abs(a)):
                gid = T.add(gid, term)
    return gid


def _is_nimber(gid: int) -> int | None:
    nus = T.NUS[gid]
    if nus is not None and nus[0] == 0 and nus[1] == 0:
        return nus[2]
    return None


def _uptimal_of(gid: int) -> Uptimal | None:
    """The uptimal expansion of ``gid``, or None (also for a game of more than
    :data:`UPTIMAL_NODES` parts, numbers not counted, or with an option that is not an
    uptimal). A value ``x + G`` with a number part ``x`` (its stops) is worked on as ``G``
    (number translation: ``x``'s own chain of games is no part of the expansion); ``G``'s
    digits are found one by one (the k-th digit is the one that leaves a rest whose double
    lies strictly between ``v<k>`` and ``^<k>``: two such digits would differ by less than
    1), then checked by rebuilding the game, so an expansion given is always right."""
    if gid in _uptimal:
        return _uptimal[gid]
    result: Uptimal | None = None
    nus = T.NUS[gid]
    if nus is not None:
        x, n, m = nus
        result = (x, m, (n,) if n else ())
    elif T.LSTOP[gid] == T.RSTOP[gid] and _shape(gid, UPTIMAL_NODES) <= UPTIMAL_NODES:
        x = T.LSTOP[gid]
        if x:  # number translation: the expansion of x + G is G's, moved by x
            core = _uptimal_of(T.add(gid, T.number_id(-x)))
            result = None if core is None else (core[0] + x, core[1], core[2])
        elif all(_uptimal_of(o) is not None for o in (*T.LEFT[gid], *T.RIGHT[gid])):
            result = _digits(gid)  # the options of an uptimal's canonical form are uptimals
    _uptimal[gid] = result
    return result


def _shape(gid: int, most: int) -> int:
    """How many parts of ``gid``'s form are not numbers (counted up to ``most + 1``): the
    same for every translate ``x + G``."""
    if T.NUMBER[gid] is not None:
        return 0
    seen = {gid}
    todo = [gid]
    count = 1
    while todo and count <= most:
        g = todo.pop()
        for o in (*T.LEFT[g], *T.RIGHT[g]):
            if o not in seen:
                seen.add(o)
                if T.NUMBER[o] is None:
                    count += 1
                    todo.append(o)
    return count


def _digits(gid: int) -> Uptimal | None:
    """The expansion of ``gid`` (stops 0, not ``x + n.^ + *m``), digit by digit."""
    rest = gid
    bound = T.BIRTHDAY[gid] + 2
    digits: list[int] = []
    k = 0
    while _is_nimber(rest) is None and k < T.BIRTHDAY[gid]:
        check_time()
        k += 1
        up, down = _power(k), T.neg(_power(k))
        chosen = None
        a, r = 0, rest
        for _ in range(2 * bound + 1):  # the rest, doubled (its nimber gone), within +-^<k>
            twice = T.add(r, r)
            if T.le(up, twice):
                a, r = a + 1, T.add(r, down)
            elif T.le(twice, down):
                a, r = a - 1, T.add(r, up)
            else:
                if T.le(twice, up) and T.le(down, twice):
                    chosen = (a, r)
                break
        if chosen is None:
            break
        digits.append(chosen[0])
        rest = chosen[1]
    nim = _is_nimber(rest)
    if nim is None:
        return None
    while digits and not digits[-1]:
        digits.pop()
    if _of_uptimal(Fraction(0), nim, tuple(digits)) != gid:
        return None
    return (Fraction(0), nim, tuple(digits))


@T.guarded
def uptimal_parts(g: GameLike) -> Uptimal | None:
    """``(x, m, (a_1, ..., a_k))`` with ``g = x + *m + a_1.^ + a_2.^<2> + ...``, or None.

    >>> uptimal_parts("{0|*||*|||*}")
    (Fraction(0, 1), 0, (1, 1, 1))
    """
    game = game_of(g)
    return _moved(_uptimal_of(game._gid), game._x)


def _moved(parts: Uptimal | None, x: Fraction) -> Uptimal | None:
    """The expansion of ``x + G`` from ``G``'s (number translation)."""
    return parts if parts is None or not x else (parts[0] + x, parts[1], parts[2])


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _digit(d: int) -> str:
    a = abs(d)
    text = str(a) if a < 10 else chr(a + 55) if a < 36 else f"({a})"
    return text + ("-" if d < 0 else "")


@T.guarded
def uptimal_expansion(g: GameLike) -> str | None:
    """CGSuite's uptimal notation ``x*m.d1d2...`` (a negative digit followed by
    ``-``), or None when ``g`` is not an uptimal.

    >>> uptimal_expansion("73/16v9*8"), uptimal_expansion("*8"), uptimal_expansion("-1/2")
    ('73/16*8.9-', '*8.0', '-1/2.0')
    """
    game = game_of(g)
    parts = _moved(_uptimal_of(game._gid), game._x)
    if parts is None:
        return None
    x, m, digits = parts
    head = _num(x) if m == 0 or x != 0 else ""
    if m:
        head += "*" if m == 1 else f"*{m}"
    return head + "." + ("".join(_digit(d) for d in digits) or "0")


def _short_uptimal(gid: int) -> Uptimal | None:
    """The expansion when CGSuite writes the game as an uptimal: at most one digit,
    or ``+-^<k>`` or ``+-^[k]`` (plus a number and a nimber); None otherwise."""
    nus = T.NUS[gid]
    if nus is not None:
        x, n, m = nus
        return (x, m, (n,) if n else ())
    if T.LSTOP[gid] != T.RSTOP[gid] or T.BIRTHDAY[gid] < 3:
        return None
    parts = _uptimal_of(gid)
    if parts is None:
        return None
    digits = parts[2]
    unit = sum(1 for d in digits if d) == 1 and all(abs(d) <= 1 for d in digits)
    unit_sum = all(d == digits[0] for d in digits) and abs(digits[0]) == 1
    return parts if unit or unit_sum else None


def _sort_key(gid: int) -> tuple[Any, ...]:
    """CGSuite's order of options: numbers, nimbers, uptimals (number part, digits,
    nimber), then the rest by their sorted Left and then Right options."""
    found = _keys.get(gid)
    if found is not None:
        return found
    num = T.NUMBER[gid]
    nim = _is_nimber(gid)
    up = None if num is not None or nim is not None else _uptimal_of(gid)
    key: tuple[Any, ...]
    if num is not None:
        key = (0, num)
    elif nim is not None:
        key = (1, nim)
    elif up is not None:
        key = (2, up[0], up[2], up[1])
    else:
        key = (
            3,
            tuple(sorted(_sort_key(o) for o in T.LEFT[gid])),
            tuple(sorted(_sort_key(o) for o in T.RIGHT[gid])),
        )
    _keys[gid] = key
    return key


def _sort_key_at(gid: int, x: Fraction, memo: dict[Any, Any]) -> tuple[Any, ...]:
    """:func:`_sort_key` of ``x + G`` (a value beyond the table: ``G`` translated by ``x``)."""
    if not x:
        return _sort_key(gid)
    found = memo.get(("key", gid, x))
    if found is not None:
        return found  # type: ignore[no-any-return]
    num = T.NUMBER[gid]
    nim = _is_nimber(gid)
    up = None if num is not None or nim is not None else _uptimal_of(gid)
    key: tuple[Any, ...]
    if num is not None:
        key = (0, num + x)
    elif nim is not None:  # x + *m is no nimber: an uptimal with no digit
        key = (2, x, (), nim)
    elif up is not None:
        key = (2, up[0] + x, up[2], up[1])
    else:
        key = (
            3,
            tuple(sorted(_sort_key_at(o, x, memo) for o in T.LEFT[gid])),
            tuple(sorted(_sort_key_at(o, x, memo) for o in T.RIGHT[gid])),
        )
    memo[("key", gid, x)] = key
    return key


def _sorted(ids: tuple[int, ...], x: Fraction = Fraction(0), memo: Any = None) -> list[int]:
    if not x:
        return sorted(ids, key=_sort_key)
    return sorted(ids, key=lambda o: _sort_key_at(o, x, memo))


def _uptimal_text(parts: Uptimal, force_parens: bool) -> str:
    x, m, digits = parts
    length = len(digits)
    unit = sum(1 for d in digits if d) == 1 and all(abs(d) <= 1 for d in digits)
    unit_sum = not digits or (all(d == digits[0] for d in digits) and abs(digits[0]) == 1)
    compact = (length == 0 and (m == 0 or x == 0)) or (x == 0 and m == 0)
    out = ""
    if x != 0 or (m == 0 and length == 0):
        out += _num(x)
    if length == 1:
        a = digits[0]
        out += {2: "^^", -2: "vv"}.get(
            a, ("^" if a > 0 else "v") + (str(abs(a)) if abs(a) > 2 else "")
        )
    elif length > 1:
        out += ("^" if digits[-1] > 0 else "v") + (f"<{length}>" if unit else f"[{length}]")
    del unit_sum
    if m:
        out += "*" if m == 1 else f"*{m}"
    return f"({out})" if force_parens and not compact else out


#: The longest text :func:`cgsuite_text` writes (``{3/2|1/2}:*18``'s would have billions
#: of characters): past it, one line (:class:`~grundy.errors.SearchLimitError`).
MAX_TEXT_LENGTH = 10_000_000


def _text(
    gid: int,
    force_brackets: bool,
    force_parens: bool,
    memo: dict[Any, Any],
    x: Fraction = Fraction(0),
) -> tuple[str, int]:
    """``(text, bars)`` of ``x + G`` (``x``: number translation, for a value beyond the
    table): bars > 0 when the text is ``L|..|R`` left unbraced."""
    key: tuple[Any, ...] = (gid, force_brackets, force_parens)
    if x:
        key = (*key, x)
    found = memo.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    check_time()
    result: tuple[str, int]
    up = _moved(_short_uptimal(gid), x)
    lefts, rights = _sorted(T.LEFT[gid], x, memo), _sorted(T.RIGHT[gid], x, memo)
    if up is not None:
        result = (_uptimal_text(up, force_parens), 0)
    elif not x and T.neg(gid) == gid:
        if len(lefts) > 1:
            inner = ",".join(_text(o, True, False, memo)[0] for o in lefts)
            result = ("+-{" + inner + "}", 0)
        else:
            result = ("+-" + _text(lefts[0], True, True, memo)[0], 0)
    elif (tiny := _tiny(gid)) is not None:
        word, shift, sub = tiny
        shift += x
        text = (
            ("" if shift == 0 else _num(shift))
            + word
            + "("
            + _text(sub, True, False, memo)[0]
            + ")"
        )
        result = (f"({text})" if force_parens else text, 0)
    else:
        sides = []
        bars = 0
        for opts in (lefts, rights):
            parts = [_text(o, len(opts) > 1, False, memo, x) for o in opts]
            bars = max([bars, *(b + 1 for _, b in parts)])
            sides.append(",".join(t for t, _ in parts))
        body = sides[0] + "|" * bars + sides[1]
        braced = force_brackets or bars == _MAX_SLASHES
        result = ("{" + body + "}", 0) if braced else (body, bars)
    if len(result[0]) > MAX_TEXT_LENGTH:  # shared parts are written out where used
        raise SearchLimitError(
            MAX_TEXT_LENGTH,
            f"CGSuite's text of the value has more than {MAX_TEXT_LENGTH:,} characters "
            "(it writes a shared part out wherever it is used)",
        )
    memo[key] = result
    return result


def _tiny(gid: int) -> tuple[str, Fraction, int] | None:
    """``("Tiny", x, G)`` for ``{x || x | x - G}`` (G's mean above 0), ``("Miny", x, G)``
    for ``{x + G | x || x}``; None otherwise."""
    lefts, rights = T.LEFT[gid], T.RIGHT[gid]
    if len(lefts) != 1 or len(rights) != 1:
        return None
    (gl,), (gr,) = lefts, rights
    x = T.NUMBER[gl]
    if x is not None and len(T.LEFT[gr]) == 1 and len(T.RIGHT[gr]) == 1:
        (grl,), (grr,) = T.LEFT[gr], T.RIGHT[gr]
        if grl == gl and (T.LSTOP[grr] + T.RSTOP[grr]) / 2 < x:
            return ("Tiny", x, T.add(gl, T.neg(grr)))
    y = T.NUMBER[gr]
    if y is not None and len(T.LEFT[gl]) == 1 and len(T.RIGHT[gl]) == 1:
        (gll,), (glr,) = T.LEFT[gl], T.RIGHT[gl]
        if glr == gr and (T.LSTOP[gll] + T.RSTOP[gll]) / 2 > y:
            return ("Miny", y, T.add(gll, T.neg(gr)))
    return None


@T.guarded
def cgsuite_text(g: GameLike) -> str:
    """``g`` written exactly as CGSuite prints it.

    >>> cgsuite_text("{3||2*|1*}"), cgsuite_text("{0|||0||-1|-3}"), cgsuite_text("{^^^|vv}")
    ('{3||2*|1*}', 'Tiny({3|1})', '{^3|vv}')
    """
    game = game_of(g)
    memo: dict[Any, Any] = {}
    _prime(game._gid, game._x, memo)
    return _text(game._gid, True, False, memo, game._x)[0]


def _cgsuite_level(g: CanonicalGame, force: bool) -> tuple[str, int]:
    """``(text, bars)`` of ``g`` as CGSuite prints it among slashes of an enclosing game
    (the loopy printer): bars > 0 when the text is ``L|..|R`` left unbraced (braced when
    ``force``, as CGSuite's ``forceBrackets``)."""
    memo: dict[Any, Any] = {}
    _prime(g._gid, g._x, memo)
    return _text(g._gid, force, False, memo, g._x)


def _cgsuite_key(g: CanonicalGame) -> tuple[Any, ...]:
    """CGSuite's sort key of ``g`` among options (numbers, nimbers, uptimals, the rest)."""
    memo: dict[Any, Any] = {}
    _prime(g._gid, g._x, memo)
    return _sort_key_at(g._gid, g._x, memo)


def _parts(gid: int) -> list[int]:
    """The games :func:`_text` may write or sort for ``gid``: its options, and the ``G`` of
    ``Tiny(G)``."""
    if T.NUMBER[gid] is not None or T.NUS[gid] is not None:
        return []
    out = [*T.LEFT[gid], *T.RIGHT[gid]]
    tiny = _tiny(gid)
    if tiny is not None:
        out.append(tiny[2])
    return out


def _prime(gid: int, x: Fraction, memo: dict[Any, Any]) -> None:
    """Fill ``memo`` for a deep value, its parts deepest first (so that :func:`_text` and
    the sort keys recurse one level only, however deep the form)."""
    if T.BIRTHDAY[gid] <= _walk.DEEP:
        return
    shifts = (x, Fraction(0)) if x else (x,)
    for part in _walk.postorder(gid, _parts):
        for y in shifts:
            _sort_key_at(part, y, memo)
            for brackets, parens in ((True, False), (False, False), (True, True)):
                _text(part, brackets, parens, memo, y)


@T.guarded
def cgsuite_options(options: tuple[CanonicalGame, ...]) -> str:
    """A set of games as CGSuite prints it: ``{0,*}``, ``{}``, ``{{0|v*}}``.

    >>> from grundy.cgt import CanonicalGame as G
    >>> cgsuite_options(G("v*").right_options), cgsuite_options(G("*8").left_options)[:12]
    ('{0,*}', '{0,*,*2,*3,*')
    """
    memo: dict[Any, Any] = {}
    for o in options:
        _prime(o._gid, o._x, memo)
    ordered = sorted(options, key=lambda o: _sort_key_at(o._gid, o._x, memo))
    return "{" + ",".join(_text(o._gid, True, False, memo, o._x)[0] for o in ordered) + "}"


#: ``cgsuite_fields`` describes values whose canonical form has at most this many
#: distinct subgames that are not numbers (a larger one gets None: its text can run to
#: megabytes; a number is a few characters, however long its chain of games).
MAX_NODES = 5000


_FIELDS = (
    "cgsuite",
    "reduced_canonical",
    "atomic_weight",
    "birthday",
    "uptimal_expansion",
    "left_options",
    "right_options",
)


@T.guarded
def cgsuite_field(g: CanonicalGame | None, name: str) -> str | int | None:
    """One of :func:`cgsuite_fields`, computed alone (None when the time limit runs out
    on the way).

    >>> cgsuite_field(CanonicalGame("{0||0|v*}"), "uptimal_expansion")
    '*.12'
    """
    if name not in _FIELDS:
        raise ValueError(f"no CGSuite field {name!r}")
    if g is None or _shape(g._gid, MAX_NODES) > MAX_NODES:
        return None
    try:
        return _field(g, name)
    except TimeLimitError:  # out of time: the field is left out
        return None
    except SearchLimitError:  # a text too long to write (a shared part written each time)
        return None


def _field(g: CanonicalGame, name: str) -> str | int | None:
    if name == "cgsuite":
        return cgsuite_text(g)
    from grundy.cgt.reduced import (  # noqa: PLC0415 (lazy: a plain solve needs neither)
        atomic_weight,
        reduced_canonical_form,
    )

    if name == "reduced_canonical":
        return cgsuite_text(reduced_canonical_form(g))
    if name == "atomic_weight":
        return cgsuite_text(atomic_weight(g)) if g.is_all_small() else None
    if name == "birthday":
        return g.birthday
    if name == "uptimal_expansion":
        return uptimal_expansion(g)
    return cgsuite_options(g.left_options if name == "left_options" else g.right_options)


@T.guarded
def cgsuite_fields(g: CanonicalGame | None) -> dict[str, str | int | None]:
    """The value in CGSuite's terms, for ``--json``: its text, reduced canonical form,
    atomic weight (all-small values), birthday, uptimal expansion and options (None
    each where it does not apply, or for a value of more than :data:`MAX_NODES` parts not numbers).

    >>> cgsuite_fields(CanonicalGame("{0,*|0}"))["cgsuite"], cgsuite_fields(None)["birthday"]
    ('^*', None)
    >>> f = cgsuite_fields(CanonicalGame("v*"))
    >>> f["atomic_weight"], f["uptimal_expansion"], f["left_options"], f["right_options"]
    ('-1', '*.1-', '{0}', '{0,*}')
    """
    return {name: cgsuite_field(g, name) for name in _FIELDS}
