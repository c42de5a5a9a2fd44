"""CGSuite's game notation, read and written.

Reading accepts numbers (``3``, ``-3/4``), nimbers (``*``, ``*2``), ups and
downs (``^``, ``v``, ``^2``, ``v3``, ``^^``), ``+-G`` (``{G|-G}``), braces with
comma-separated options and one or more bars (``{0||0|-1}`` is
``{0|{0|-1}}``: more bars bind looser), sums and differences (``3/2+-1/2``,
``1+*``), juxtaposed parts (``1/2^*``) and the Unicode forms ↑ ↓ ⇑ ⇓ ± ½ ¼ ¾ ∗;
and the rest of what CGSuite prints: ``^<n>``, ``^[n]``, ``v<n>``, ``v[n]``,
``+-{a,b}``, ``Tiny(G)``, ``Miny(G)``, ``xTiny(G)`` (see :mod:`grundy.cgt.cgsuite`).

>>> str(parse_game("{0||0|-1}")), str(parse_game("{1|-1}")), str(parse_game("{0,*|0}"))
('{0||0|-1}', '+-1', '^*')
>>> parse_game("⇑*") == parse_game("^2*") == parse_game("{0|^}")
True
>>> format_braces(parse_game("1/2v*"))
'{1/2|1/2,{1/2|1/2}}'
>>> parse_game("^[2]") == parse_game("{^|*}"), parse_game("Tiny(1/2)")
(True, CanonicalGame('{0||0|-1/2}'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from grundy.cgt import _table as T
from grundy.cgt import _translate as X
from grundy.cgt import _walk, cgsuite
from grundy.cgt.value import CanonicalGame
from grundy.core.limits import check_time
from grundy.errors import ArgumentTypeError, InvalidSpecError, SearchLimitError

__all__ = [
    "EXPECTED",
    "MAX_BRACES_LENGTH",
    "MAX_READABLE_LENGTH",
    "braces_length",
    "format_braces",
    "format_game",
    "parse_game",
    "short_text",
    "to_unicode",
]

#: The syntax shown when a game literal is malformed.
EXPECTED = "a game like 3/4, -2, *2, ^, v*, ^2*, +-1, 3/2+-1/2, {2|-1/2}, {0||0|-1}"

_Item = TypeVar("_Item")
_Option = TypeVar("_Option")
_Fail = Callable[[str], InvalidSpecError]

_UNICODE_IN = {
    "↑": "^",
    "↓": "v",
    "⇑": "^^",
    "⇓": "vv",
    "±": "+-",
    "∗": "*",
    "½": "1/2",
    "¼": "1/4",
    "¾": "3/4",
    "−": "-",
}


_ZERO = Fraction(0)

#: The longest braces form :func:`format_braces` writes unless told otherwise: ten million
#: characters. The form repeats shared parts, so ``1/2*40``, born on day 41, would take
#: about 4*10**19 (its length is known at once: :func:`braces_length`).
MAX_BRACES_LENGTH = 10_000_000

#: The longest readable form :func:`format_game` (and ``str`` of a game) writes unless told
#: otherwise: ten million characters (``{3/2|1/2}:*18``'s would have three billion).
MAX_READABLE_LENGTH = 10_000_000

#: Words of CGSuite's notation: ``Tiny(G)``, ``Miny(G)`` (``xTiny(G)`` is ``x + Tiny(G)``).
_NAMES = ("Tiny", "Miny")


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    """Tokens ``(kind, text, position)``; kinds: num, sym, bar, pm, end."""
    src = text
    tokens: list[tuple[str, str, int]] = []
    i = 0
    while i < len(src):
        if not len(tokens) & 0xFFFF:
            check_time()  # the text of a canonical form can run to megabytes
        ch = src[i]
        if ch.isspace():
            i += 1
        elif ch in _UNICODE_IN:
            sub = _UNICODE_IN[ch]
            if sub == "+-":
                tokens.append(("pm", "+-", i))
            elif sub[0].isdigit():
                tokens.append(("num", sub, i))
            else:
                tokens.extend(("sym", c, i) for c in sub)
            i += 1
        elif ch.isascii() and ch.isdigit():
            j = i
            while j < len(src) and src[j].isascii() and src[j].isdigit():
                j += 1
            if j < len(src) and src[j] == "/":
                k = j + 1
                while k < len(src) and src[k].isascii() and src[k].isdigit():
                    k += 1
                if k == j + 1:
                    raise InvalidSpecError(f"'/' at position {j + 1} needs a denominator", EXPECTED)
                j = k
            tokens.append(("num", src[i:j], i))
            i = j
        elif ch == "|":
            j = i
            while j < len(src) and src[j] == "|":
                j += 1
            tokens.append(("bar", src[i:j], i))
            i = j
        elif src.startswith("+-", i):
            tokens.append(("pm", "+-", i))
            i += 2
        elif ch in "{},()+-*^v":
            tokens.append(("sym", ch, i))
            i += 1
        elif ch in "<>[]." or src.startswith(_NAMES, i):  # CGSuite's ^<n>, ^[n], Tiny(G)
            name = next((w for w in _NAMES if src.startswith(w, i)), ch)
            tokens.append(("name" if len(name) > 1 else "sym", name, i))
            i += len(name)
        else:
            raise InvalidSpecError(
                f"unexpected character {ch!r} at position {i + 1} in {text!r}", EXPECTED
            )
    tokens.append(("end", "", len(src)))
    return tokens


def _cut(text: str, most: int) -> str:
    """``text``, shortened to about ``most`` characters for a one-line message."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


#: Braces nested deeper than this are refused (the reader recurses).
MAX_DEPTH = 200


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.depth = 0
        self.braced = 0  # braces read (the clock is checked every 1,024)

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.pos]

    def fail(self, what: str) -> InvalidSpecError:
        kind, tok, at = self.peek()
        shown = "the end" if kind == "end" else f"{_cut(tok, 20)!r} at position {at + 1}"
        return InvalidSpecError(f"{what}, found {shown} in {_cut(self.text, 60)!r}", EXPECTED)

    def take(self, kind: str, text: str | None = None) -> bool:
        k, t, _ = self.peek()
        if k == kind and (text is None or t == text):
            self.pos += 1
            return True
        return False

    def whole(self) -> X.Pair:
        if self.peek()[0] == "end":
            raise self.fail("expected a game")
        g = self.expr()
        if self.peek()[0] != "end":
            raise self.fail("expected + - or the end")
        return g

    def expr(self) -> X.Pair:
        g = self.term()
        while True:
            if self.take("sym", "+"):
                g = X.add(g, self.term())
            elif self.take("sym", "-"):
                g = X.add(g, X.neg(self.term()))
            elif self.take("pm"):
                g = X.add(g, self.pm_operand(self.term))
            else:
                return g

    def term(self) -> X.Pair:
        g = self.primary()
        while (self.peek()[0] == "sym" and self.peek()[1] in "*^v") or self.peek()[0] == "name":
            g = X.add(g, self.primary())
        if self.peek()[:2] == ("sym", ".") and self.tokens[self.pos + 1][0] == "name":
            self.pos += 1  # CGSuite 1's "2.Tiny", "(1/2).Miny": Tiny-G of the part before
            g = _tiny(g, self.tokens[self.pos][1])
            self.pos += 1
        return g

    def count(self, default: int) -> int:
        k, t, _ = self.peek()
        if k == "num" and "/" not in t:
            if len(t) > 18:
                raise self.fail("a count that large is out of reach")
            self.pos += 1
            return int(t)
        return default

    def primary(self) -> X.Pair:
        kind, tok, _ = self.peek()
        if kind == "pm":
            self.pos += 1
            return self.pm_operand(self.primary)
        if kind == "name":
            self.pos += 1
            if not self.take("sym", "("):
                raise self.fail(f"expected '(' after {tok}")
            g = self.expr()
            if not self.take("sym", ")"):
                raise self.fail("expected ')'")
            return _tiny(g, tok)
        if kind == "num":
            self.pos += 1
            return X.number(_number(tok))
        if kind == "sym":
            if tok == "-":
                self.pos += 1
                return X.neg(self.primary())
            if tok == "*":
                self.pos += 1
                return (_ZERO, T.nus_id(Fraction(0), 0, self.count(1)))
            if tok in "^v" and self.tokens[self.pos + 1][:2] in (("sym", "<"), ("sym", "[")):
                return self.uptimal(tok)
            if tok in "^v":
                n = 0
                while self.peek()[:2] == ("sym", tok):
                    self.pos += 1
                    n += self.count(1)
                return (_ZERO, T.nus_id(Fraction(0), n if tok == "^" else -n, 0))
            if tok == "(":
                self.pos += 1
                self.depth += 1
                if self.depth > MAX_DEPTH:
                    raise self.fail(f"parentheses nested more than {MAX_DEPTH} deep")
                g = self.expr()
                self.depth -= 1
                if not self.take("sym", ")"):
                    raise self.fail("expected ')'")
                return g
            if tok == "{":
                self.pos += 1
                self.depth += 1
                if self.depth > MAX_DEPTH:
                    raise self.fail(f"braces nested more than {MAX_DEPTH} deep")
                g = self.braces()
                self.depth -= 1
                return g
        raise self.fail("expected a game")

    def uptimal(self, arrow: str) -> X.Pair:
        """CGSuite's ``^<n>`` (up to the n-th power) and ``^[n]`` (``^ + ^<2> + ... + ^<n>``)."""
        self.pos += 1
        close = ">" if self.tokens[self.pos][1] == "<" else "]"
        self.pos += 1
        n = self.count(0)
        if n < 1 or n > MAX_DEPTH:
            raise self.fail(f"expected a count from 1 to {MAX_DEPTH} in {arrow}<n> or {arrow}[n]")
        if not self.take("sym", close):
            raise self.fail(f"expected '{close}'")
        g = cgsuite.up_power_id(n)
        if close == "]":
            g = T.number_id(Fraction(0))
            for k in range(1, n + 1):
                g = T.add(g, cgsuite.up_power_id(k))
        return (_ZERO, g if arrow == "^" else T.neg(g))

    def pm_operand(self, operand: Callable[[], X.Pair]) -> X.Pair:
        """What follows ``+-``: a game, or CGSuite's ``{a,b}`` (``+-{a,b}`` = ``{a,b | -a,-b}``)."""
        if self.peek()[:2] == ("sym", "{"):
            depth, j = 0, self.pos
            while self.tokens[j][0] != "end":
                kind, tok, _ = self.tokens[j]
                if kind == "sym" and tok in "{}":
                    depth += 1 if tok == "{" else -1
                    if not depth:
                        break
                elif kind == "bar" and depth == 1:
                    return _pm(operand())
                j += 1
            self.pos += 1
            opts = [self.expr()]
            while self.take("sym", ","):
                opts.append(self.expr())
            if not self.take("sym", "}"):
                raise self.fail("expected ',' or '}' in +-{a,b}")
            return X.make(opts, [X.neg(o) for o in opts])
        return _pm(operand())

    def braces(self) -> X.Pair:
        self.braced += 1
        if not self.braced & 0x3FF:
            check_time()
        items: list[X.Pair | str] = []  # games, "," and bar strings
        while True:
            kind, tok, _ = self.peek()
            if kind == "bar" or (kind == "sym" and tok == ","):
                items.append(tok)
                self.pos += 1
            elif kind == "sym" and tok == "}":
                self.pos += 1
                break
            elif kind == "end":
                raise self.fail("expected '}'")
            else:
                items.append(self.expr())
        if not any(isinstance(x, str) and x[0] == "|" for x in items):
            raise self.fail("expected a '|' between the options")
        return self.split(items)

    def split(self, items: list[X.Pair | str]) -> X.Pair:
        """The game of ``items`` (options, ``,`` and bars): the most bars split it, each
        side with bars is one game split likewise. Worked with an explicit stack, so a
        form of a thousand levels of bars (``format_game`` of a deep value) reads back."""
        bars = [len(x) if isinstance(x, str) and x[0] == "|" else 0 for x in items]
        made: dict[tuple[int, int], X.Pair] = {}
        todo = [(0, len(items))]
        while todo:
            lo, hi = todo[-1]
            top = max(bars[lo:hi])
            where = [i for i in range(lo, hi) if bars[i] == top]
            if len(where) > 1:
                raise self.fail(f"two '{'|' * top}' at the same level of a game")
            cut = where[0]
            halves = ((lo, cut), (cut + 1, hi))
            waiting = [h for h in halves if h not in made and any(bars[h[0] : h[1]])]
            if waiting:
                todo.extend(waiting)
                continue
            todo.pop()
            made[(lo, hi)] = X.make(*(self.side(items, a, b, made) for a, b in halves))
        return made[(0, len(items))]

    def side(
        self,
        items: list[X.Pair | str],
        lo: int,
        hi: int,
        made: dict[tuple[int, int], X.Pair],
    ) -> list[X.Pair]:
        if (lo, hi) in made:
            return [made[(lo, hi)]]
        return _options_between_commas(
            items[lo:hi], lambda x: x if isinstance(x, tuple) else None, self.fail
        )


def _options_between_commas(
    items: Sequence[_Item], option: Callable[[_Item], _Option | None], fail: _Fail
) -> list[_Option]:
    """The options of one side of a game in braces, ``items`` between its bars: options
    (``option(item)``, None for an item that is not one) with a comma between each two.
    A misplaced comma or option is ``fail(what is wrong)``, raised (the loopy notation's
    parser too)."""
    out: list[_Option] = []
    expect_game = True
    for x in items:
        found = option(x) if expect_game else None
        if found is not None:
            out.append(found)
            expect_game = False
        elif x == "," and not expect_game:
            expect_game = True
        else:
            raise fail("misplaced ',' in a list of options")
    if expect_game and out:
        raise fail("an option is missing after ','")
    return out


def _pm(g: X.Pair) -> X.Pair:
    """``+-G`` = ``{G | -G}``."""
    return X.make([g], [X.neg(g)])


def _tiny(g: X.Pair, word: str) -> X.Pair:
    """``Tiny(G)`` = ``{0 || 0 | -G}``; ``Miny(G)`` = ``{G | 0 || 0}``."""
    zero = X.number(_ZERO)
    tiny = X.make([zero], [X.make([zero], [X.neg(g)])])
    return tiny if word == "Tiny" else X.neg(tiny)


def _number(tok: str) -> Fraction:
    if len(tok) > 200:
        raise InvalidSpecError(f"a number of {len(tok):,} characters is too long", EXPECTED)
    _num, _, den = tok.partition("/")
    if den and not den.strip("0"):
        raise InvalidSpecError(f"{tok} has a zero denominator", EXPECTED)
    x = Fraction(tok)
    if x.denominator & (x.denominator - 1):
        raise InvalidSpecError(
            f"{tok} is not a dyadic rational (denominator a power of 2)", EXPECTED
        )
    return x


@T.guarded
def parse_game(text: str) -> CanonicalGame:
    """Read a game written in CGSuite notation (ASCII or Unicode).

    >>> parse_game("3/2+-1/2").left_options
    (CanonicalGame('2'),)
    >>> parse_game("{1|")
    Traceback (most recent call last):
    grundy.errors.InvalidSpecError: expected '}', found the end in '{1|' (expected: ...)
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_game() reads text, not {type(text).__name__}", EXPECTED)
    if ":" in text or "[" in text or "(" in text:  # compounds, *[...] (issue 33)
        from grundy.cgt import compound_text  # noqa: PLC0415 (lazy: rarely used)

        if compound_text.has_compound(text):
            return compound_text.parse_compound(text)
    try:
        return CanonicalGame._pair(_Parser(text).whole())
    except RecursionError:
        raise InvalidSpecError(
            f"the game {text[:40]!r}... is nested too deeply to read", EXPECTED
        ) from None


def _num_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _nus_text(x: Fraction, n: int, m: int) -> str:
    parts = []
    if x != 0 or (n == 0 and m == 0):
        parts.append(_num_text(x))
    if n:
        parts.append(("^" if n > 0 else "v") + (str(abs(n)) if abs(n) > 1 else ""))
    if m:
        parts.append("*" + (str(m) if m > 1 else ""))
    return "".join(parts)


#: ``(text, length, level)`` of a form: the text is None when it is longer than the
#: writer's cap (the length is known all the same, from the parts' lengths).
_Written = tuple[str | None, int, int]


def _format(
    gid: int, memo: dict[int, _Written], x: Fraction = _ZERO, cap: int | None = None
) -> _Written:
    """``(text, length, level)`` of ``x + G`` (number translation: ``x`` is added to every
    number of ``G``'s form): level 0 for a closed form, k for ``{..}`` with k bars
    unbraced; the text None past ``cap`` characters (the form shares its parts, and
    writes each out where it is used: its length can grow exponentially with the
    birthday, as ``{3/2|1/2}:*18``'s does to 3,099,363,911)."""
    found = memo.get(gid)
    if found is not None:
        return found
    nus = T.NUS[gid]
    lefts, rights = T.LEFT[gid], T.RIGHT[gid]
    result: _Written
    if nus is not None:
        text = _nus_text(nus[0] + x, nus[1], nus[2])
        result = (text, len(text), 0)
    elif (
        len(lefts) == 1
        and len(rights) == 1
        and T.NUMBER[lefts[0]] is not None
        and T.NUMBER[rights[0]] is not None
    ):
        a, b = T.NUMBER[lefts[0]], T.NUMBER[rights[0]]
        assert a is not None and b is not None
        a, b = a + x, b + x
        mean, t = (a + b) / 2, (a - b) / 2
        if mean.denominator <= max(a.denominator, b.denominator):
            text = ("" if mean == 0 else _num_text(mean)) + "+-" + _num_text(t)
            result = (text, len(text), 0)
        else:
            text = f"{_num_text(a)}|{_num_text(b)}"
            result = (text, len(text), 1)
    else:
        check_time()  # a value may have a huge form
        level = 1
        sides = []
        for opts in (lefts, rights):
            items = [_format(o, memo, x, cap) for o in opts]
            if len(items) == 1 and items[0][2] > 0:
                level = max(level, items[0][2] + 1)
            sides.append(items)
        words: list[str | None] = []
        length = level
        for items in sides:
            if len(items) == 1 and items[0][2] > 0:
                words.append(items[0][0])
                length += items[0][1]
                continue
            length += sum(n + (2 if lv else 0) for _, n, lv in items) + max(len(items) - 1, 0)
            texts = [t for t, _, _ in items]
            if any(t is None for t in texts):
                words.append(None)
            else:
                words.append(",".join(_closed((t, lv)) for t, _, lv in items if t is not None))
        left, right = words
        if left is None or right is None or (cap is not None and length > cap):
            result = (None, length, level)
        else:
            result = (left + "|" * level + right, length, level)
    memo[gid] = result
    return result


def _closed(item: tuple[str, int]) -> str:
    return item[0] if item[1] == 0 else "{" + item[0] + "}"


@T.guarded
def format_game(g: CanonicalGame, max_length: int | None = MAX_READABLE_LENGTH) -> str:
    """The most readable standard form (``+-1``, ``^*``, ``{2|-1/2}``, ``{0||0|-1}``).

    It writes a shared part out wherever it is used, so it can be far longer than the
    value's graph: past ``max_length`` characters (None: no limit) one line
    (:class:`~grundy.errors.SearchLimitError`) says how long it would be.

    >>> format_game(parse_game("{2|1}")), format_game(parse_game("{3/2|1/2}"))
    ('{2|1}', '1+-1/2')
    >>> format_game(parse_game("{3/2|1/2}:*18"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grundy.errors.SearchLimitError: the readable form of a value born on day 22 has 3,099,...
    """
    _check_max_length(max_length)
    text, length = _readable(g, max_length)
    if text is None:
        assert max_length is not None
        raise SearchLimitError(
            max_length,
            f"the readable form of a value born on day {g.birthday} has {length:,} "
            f"characters, more than max_length={max_length:,}",
        )
    return text


def _readable(g: CanonicalGame, cap: int | None) -> tuple[str | None, int]:
    """:func:`format_game`'s text (None past ``cap`` characters) and its length."""
    text, length, level = _written(g, cap)
    length += 2 if level else 0
    if text is None or (cap is not None and length > cap):
        return None, length
    return _closed((text, level)), length


def _written(g: CanonicalGame, cap: int | None) -> _Written:
    """:func:`_format` of ``g`` (a deep form: its parts first, deepest first)."""
    memo: dict[int, _Written] = {}
    if T.BIRTHDAY[g._gid] > _walk.DEEP:
        for gid in _walk.postorder(g._gid, _parts):
            _format(gid, memo, g._x, cap)
    return _format(g._gid, memo, g._x, cap)


def _check_max_length(max_length: object) -> None:
    if max_length is not None and (
        isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 0
    ):
        raise InvalidSpecError(f"max_length must be an integer >= 0 or None, not {max_length!r}")


@T.guarded
def short_text(g: CanonicalGame, most: int = 60) -> str:
    """The readable form for a message: cut after ``most`` characters, and never written
    out when it is long (a value born on day N).

    >>> short_text(parse_game("{3/2|1/2}:*18")), short_text(parse_game("^*"))
    ('a value born on day 22: its readable form has 3,099,363,911 characters', '^*')
    """
    text, length = _readable(g, 100_000)
    if text is None:
        return f"a value born on day {g.birthday}: its readable form has {length:,} characters"
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _format_level(g: CanonicalGame, force: bool) -> tuple[str, int]:
    """``(text, level)`` of :func:`format_game`'s form of ``g``, for a printer that sets it
    among slashes of its own (the loopy one): level k > 0 when the text is ``L|..|R`` with
    k bars and no braces (braced when ``force``)."""
    text, _, level = _written(g, None)
    assert text is not None  # no cap
    return (_closed((text, level)), 0) if force else (text, level)


def _parts(gid: int) -> tuple[int, ...]:
    """The options that :func:`_format` writes out for ``gid`` (none for ``x + n.^ + *m``)."""
    return () if T.NUS[gid] is not None else (*T.LEFT[gid], *T.RIGHT[gid])


@T.guarded
def format_braces(g: CanonicalGame, max_length: int | None = MAX_BRACES_LENGTH) -> str:
    """The value as nested ``{L|R}`` whose only leaves are numbers, ``*`` and ``*n``.

    A form longer than ``max_length`` characters (None: no limit) is not written: one line
    (:class:`~grundy.errors.SearchLimitError`) says how long it would be.

    >>> format_braces(parse_game("+-1")), format_braces(parse_game("^*"))
    ('{1|-1}', '{0,*|0}')
    >>> format_braces(parse_game("1/2*40"))
    Traceback (most recent call last):
    ...
    grundy.errors.SearchLimitError: the braces form of 1/2*40 has 40,525,551,530,189,762,669 \
characters, more than max_length=10,000,000 (format_game writes it short)
    """
    _check_max_length(max_length)
    if max_length is not None:
        length = braces_length(g)
        if length > max_length:
            raise SearchLimitError(
                max_length,
                f"the braces form of {short_text(g)} has {length:,} characters, more than "
                f"max_length={max_length:,} (format_game writes it short)",
            )
    memo: dict[int, str] = {}
    x = g._x  # a value beyond the table: x plus a game of it (number translation)

    def text(gid: int) -> str:
        found = memo.get(gid)
        if found is not None:
            return found
        num, nus = T.NUMBER[gid], T.NUS[gid]
        if num is not None:
            out = _num_text(num + x)
        elif not x and nus is not None and nus[0] == 0 and nus[1] == 0:
            out = _star_text(nus[2])
        else:
            left = ",".join(text(o) for o in T.LEFT[gid])
            right = ",".join(text(o) for o in T.RIGHT[gid])
            out = "{" + left + "|" + right + "}"
        memo[gid] = out
        return out

    if T.BIRTHDAY[g._gid] > _walk.DEEP:  # a deep form: its parts first, deepest first
        for gid in _walk.postorder(g._gid, lambda i: _braced_parts(i, x)):
            text(gid)
    return text(g._gid)


@T.guarded
def braces_length(g: CanonicalGame) -> int:
    """How many characters :func:`format_braces` writes for ``g`` (without writing them: the
    braces form repeats shared parts, so it can grow exponentially with the birthday).

    >>> braces_length(parse_game("^*")) == len(format_braces(parse_game("^*")))
    True
    >>> braces_length(parse_game("{1|-1}") + parse_game("*40")) > 10**12
    True
    """
    memo: dict[int, int] = {}
    x = g._x  # a value beyond the table: x plus a game of it (number translation)
    order = [g._gid]
    seen = {g._gid}
    i = 0
    while i < len(order):  # every game below g, then lengths from the bottom up
        gid = order[i]
        i += 1
        if T.NUMBER[gid] is None and (x or not _is_nimber(gid)):
            for o in (*T.LEFT[gid], *T.RIGHT[gid]):
                if o not in seen:
                    seen.add(o)
                    order.append(o)
    for gid in sorted(order):  # options have smaller ids
        num = T.NUMBER[gid]
        if num is not None:
            memo[gid] = len(_num_text(num + x))
        elif not x and (nus := T.NUS[gid]) is not None and _is_nimber(gid):
            memo[gid] = len(_star_text(nus[2]))
        else:
            lefts, rights = T.LEFT[gid], T.RIGHT[gid]
            commas = max(len(lefts) - 1, 0) + max(len(rights) - 1, 0)
            memo[gid] = 3 + commas + sum(memo[o] for o in (*lefts, *rights))
    return memo[g._gid]


def _braced_parts(gid: int, x: Fraction) -> tuple[int, ...]:
    """The options that :func:`format_braces` writes out for ``x + G`` (a number, or a
    nimber when ``x`` is 0, has none there)."""
    if T.NUMBER[gid] is not None or (not x and _is_nimber(gid)):
        return ()
    return (*T.LEFT[gid], *T.RIGHT[gid])


def _star_text(n: int) -> str:
    """``*n`` as the braces form writes it (``*`` for ``*1``)."""
    return "*" + (str(n) if n > 1 else "")


def _is_nimber(gid: int) -> bool:
    nus = T.NUS[gid]
    return nus is not None and nus[0] == 0 and nus[1] == 0


def to_unicode(text: str) -> str:
    """Write ``+-``, ``^`` and ``v`` of a readable form as ``±``, ``↑`` and ``↓``.

    >>> to_unicode("1/2v2*"), to_unicode("+-1")
    ('1/2↓2*', '±1')
    """
    return text.replace("+-", "±").replace("^", "↑").replace("v", "↓")
