"""Canonical values written for people: ``±``, ``↑``, ``↓``, ``⇑``, ``⇓``, ``*n``, tiny and
miny, and a short name for values too long to read at a glance.

:func:`pretty` writes a value (a :class:`~grundy.cgt.value.CanonicalGame`, or its ASCII form
as :func:`~grundy.cgt.notation.format_game` writes it) in the notation of *Winning Ways*
and CGSuite, with the Unicode signs; :func:`short_name` gives a few words that stand for a
long value (its kind, mean and temperature). Both read the canonical game only, so that
the text always names the value itself.

>>> pretty("1+-1"), pretty("^2*"), pretty("v*3"), pretty("{0||0|-2}"), pretty("{2|0||0}")
('1±1', '⇑*', '↓*3', 'tiny-2', 'miny-2')
>>> pretty("{2|-1/2}"), pretty("*"), pretty("-3/2"), pretty("^3"), pretty("+-(1/2)")
('{2 | -1/2}', '*', '-3/2', '↑3', '±1/2')
>>> short_name("{2|-1/2}"), short_name("^*"), short_name("5/4")
('a hot game: mean 3/4, temperature 5/4', 'an infinitesimal (fuzzy with 0)', 'a number')
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt import _walk
from grundy.cgt.value import CanonicalGame

__all__ = ["pretty", "short_name"]


def _game(value: CanonicalGame | str) -> CanonicalGame:
    if isinstance(value, CanonicalGame):
        return value
    from grundy.cgt.notation import parse_game  # noqa: PLC0415 (only for text input)

    return parse_game(value)


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _ups(n: int) -> str:
    """``↑``, ``⇑``, ``↑3``, ``↓``, ``⇓``, ``↓3``: n ups (n < 0: downs)."""
    if n == 0:
        return ""
    one, two = ("↑", "⇑") if n > 0 else ("↓", "⇓")
    k = abs(n)
    return one if k == 1 else two if k == 2 else f"{one}{k}"


def _uptimal(x: Fraction, n: int, m: int) -> str:
    """A number plus n ups plus *m: ``1/2↑*``, ``⇓*3``, ``*``, ``0``."""
    text = "" if x == 0 and (n or m) else _num(x)
    text += _ups(n)
    if m:
        text += "*" if m == 1 else f"*{m}"
    return text


def _switch(g: CanonicalGame) -> str | None:
    """``x±t`` for ``{x+t | x-t}`` with numbers on both sides, else None."""
    if len(g.left_options) != 1 or len(g.right_options) != 1:
        return None
    a, b = g.left_options[0].number(), g.right_options[0].number()
    if a is None or b is None or a <= b:
        return None
    mean, t = (a + b) / 2, (a - b) / 2
    if mean.denominator > max(a.denominator, b.denominator):
        return None  # {1|0} reads better than 1/2±1/2
    return ("" if mean == 0 else _num(mean)) + "±" + _num(t)


def _tiny_miny(g: CanonicalGame) -> str | None:
    """``tiny-x`` for ``{0 || 0 | -x}`` and ``miny-x`` for ``{x | 0 || 0}`` (x a positive
    number), else None."""
    if len(g.left_options) != 1 or len(g.right_options) != 1:
        return None
    left, right = g.left_options[0], g.right_options[0]
    for zero, other, word, sign in ((left, right, "tiny", -1), (right, left, "miny", 1)):
        if zero.number() != 0 or other.number() is not None:
            continue
        if len(other.left_options) != 1 or len(other.right_options) != 1:
            continue
        inner = (other.left_options[0], other.right_options[0])
        near, far = (inner[0], inner[1]) if word == "tiny" else (inner[1], inner[0])
        x = far.number()
        if near.number() == 0 and x is not None and sign * x > 0:
            return f"{word}-{_num(abs(x))}"
    return None


def _atom(g: CanonicalGame, memo: dict[CanonicalGame, tuple[str, bool]]) -> tuple[str, bool]:
    """``(text, closed)``: closed when the text needs no braces as an option."""
    found = memo.get(g)
    if found is not None:
        return found
    up = g.uptimal()
    result: tuple[str, bool]
    if up is not None:
        result = (_uptimal(*up), True)
    else:
        special = _switch(g) or _tiny_miny(g)
        if special is not None:
            result = (special, True)
        else:
            sides = [
                ", ".join(_option(o, memo) for o in opts)
                for opts in (g.left_options, g.right_options)
            ]
            result = (f"{sides[0]} | {sides[1]}", False)
            if len(result[0]) > MAX_PRETTY_LENGTH:  # shared parts are written where used
                raise _TooLong
    memo[g] = result
    return result


#: The longest text :func:`pretty` writes: ten million characters.
MAX_PRETTY_LENGTH = 10_000_000


class _TooLong(Exception):
    """A text past :data:`MAX_PRETTY_LENGTH` (caught by :func:`pretty`)."""


def _option(g: CanonicalGame, memo: dict[CanonicalGame, tuple[str, bool]]) -> str:
    text, closed = _atom(g, memo)
    return text if closed else "{" + text + "}"


def pretty(value: CanonicalGame | str) -> str:
    """The value in readable notation: numbers, ``*n``, ups and downs (``↑``, ``⇑``,
    ``↓3``), switches ``x±t``, ``tiny-x`` and ``miny-x``, and braces ``{L | R}`` with spaces
    around the bar and after each comma for anything else.

    >>> pretty("{0,{1+-1,{2|1+-1}|1+-1,{1+-1|0}}|0}")
    '{0, {1±1, {2 | 1±1} | 1±1, miny-2} | 0}'
    >>> pretty("0"), pretty("-2"), pretty("1/2^*")
    ('0', '-2', '1/2↑*')

    A form that shares its parts writes each out wherever it is used, so its text can
    grow exponentially with the birthday: past ten million characters, a line in
    parentheses says how long it would be.

    >>> pretty("{3/2|1/2}:*18")
    '(a value born on day 22: its readable form has 3,099,363,911 characters)'
    """
    g = _game(value)
    memo: dict[CanonicalGame, tuple[str, bool]] = {}
    try:
        if g.birthday > _walk.DEEP:  # a deep form: its parts first, deepest first
            for part in _walk.postorder(g, _parts):
                _atom(part, memo)
        return _option(g, memo)
    except _TooLong:
        from grundy.cgt.notation import short_text  # noqa: PLC0415 (cycle with notation)

        return f"({short_text(g)})"


def _parts(g: CanonicalGame) -> tuple[CanonicalGame, ...]:
    """The options that :func:`_atom` writes out for ``g``."""
    if g.uptimal() is not None:
        return ()
    return (*g.left_options, *g.right_options)


def short_name(value: CanonicalGame | str) -> str:
    """A few words that stand for the value: its kind, and for a hot game its mean and
    temperature (what a reader wants first of a value that runs to many lines).

    >>> short_name("*3"), short_name("{0||0|-1}"), short_name("{1|-1}")
    ('a nimber', 'an infinitesimal (positive)', 'a hot game: mean 0, temperature 1')
    """
    from grundy.cgt.thermo import thermograph  # noqa: PLC0415 (only for hot games)

    g = _game(value)
    if g.is_number():
        return "a number"
    if g.is_nimber():
        return "a nimber"
    if g.is_infinitesimal():
        side = {"L": "positive", "R": "negative", "P": "zero", "N": "fuzzy with 0"}[g.outcome]
        return f"an infinitesimal ({side})"
    tg = thermograph(g)
    if tg.temperature > 0:
        return f"a hot game: mean {_num(tg.mast)}, temperature {_num(tg.temperature)}"
    return f"a tepid game: mean {_num(tg.mast)}"
