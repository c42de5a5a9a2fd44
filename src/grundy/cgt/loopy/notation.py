"""CGSuite's notation for loopy games, read and written.

Reading: everything :func:`grundy.cgt.notation.parse_game` reads, plus ``pass`` as an
option (the game itself: ``{0|pass}``), named braces for longer cycles
(``a{0|b{a|}}``: ``a`` and ``b`` name those games inside them; ``pass`` is the game of
its own slash level, as in CGSuite: ``{0||0|0,pass}`` is ``{0|a{0|0,a}}``), CGSuite's
``^[on]`` and ``v[on]`` (``upon`` and its negative), the named values below,
sums (``on + off``), differences, juxtaposed parts (``1over``) and negation.

=========  =====================  =================================
name       form                   what it is
=========  =====================  =================================
``on``     ``{pass|}``            Left can pass for ever
``off``    ``{|pass}``            ``-on``
``over``   ``{0|pass}``           just above every positive number's 0
``under``  ``{pass|0}``           ``-over``
``upon``   ``{pass|*}``           CGSuite's ``^[on]``
``dud``    ``{pass|pass}``        the deathless universal draw
``tis``    ``a{b{|a}|}``          "this": ``1 & 0``
``tisn``   ``b{|a{b|}}``          "this not": ``0 & -1``
=========  =====================  =================================

>>> g, s = parse_loopy("{0|pass}")
>>> len(g), g.left[s], g.right[s]
(2, (1,), (0,))
>>> g, s = parse_loopy("a{0|b{a|}}")
>>> format_stopper(g, s)
'a{0|{a|}}'
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.cgt.cgsuite import _cgsuite_key, _cgsuite_level
from grundy.cgt.loopy.graph import MAX_VERTICES, Graph, add, is_loopfree, pack, reachable
from grundy.cgt.notation import _format_level, _options_between_commas, parse_game
from grundy.cgt.value import CanonicalGame
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError, SearchLimitError, UnsupportedError

__all__ = [
    "EXPECTED",
    "NAMED",
    "format_stopper",
    "is_loopy_text",
    "parse_loopy",
    "pseudonumber",
    "sum_terms",
    "vertex_readers",
]

#: The syntax shown when a loopy game is malformed.
EXPECTED = (
    "a loopy game like {0|pass}, a{0|b{a|}}, on, off, over, under, upon, dud, tis, tisn, "
    "on+1, {1|pass} (braces with pass or named braces; CGSuite notation)"
)

#: CGSuite's named loopy values, as text this module reads.
NAMED = {
    "on": "{pass|}",
    "off": "{|pass}",
    "over": "{0|pass}",
    "under": "{pass|0}",
    "upon": "{pass|*}",
    "dud": "{pass|pass}",
    "tis": "zz{zy{|zz}|}",
    "tisn": "zy{|zz{zy|}}",
}

_SHORT = set("0123456789/*^↑↓⇑⇓½¼¾∗")
_WORDS = {"pass", *NAMED}


def is_loopy_text(text: str) -> bool:
    """True when ``text`` uses loopy notation (``pass``, a named brace or a named value).

    >>> is_loopy_text("{0|pass}"), is_loopy_text("on+1"), is_loopy_text("{1|v}")
    (True, True, False)
    """
    word = ""
    for ch in text + " ":
        if ch.isascii() and (ch.isalpha() or ch == "_" or (word and ch.isdigit())):
            word += ch
            continue
        if word and (word in _WORDS or (ch == "{" and not _is_down(word))):
            return True
        word = ""
    return False


def _is_down(word: str) -> bool:
    """``v``, ``vv``, ``v2``: downs, not names."""
    return bool(word) and word.rstrip("0123456789").strip("v") == "" and word[0] == "v"


class _Builder:
    """Vertices under construction: an open vertex is a brace not yet closed."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.open: set[int] = set()
        self.short: dict[CanonicalGame, int] = {}

    def new(self) -> int:
        if len(self.left) >= MAX_VERTICES:
            raise InvalidSpecError(f"more than {MAX_VERTICES:,} vertices", EXPECTED)
        self.left.append([])
        self.right.append([])
        return len(self.left) - 1

    def of_short(self, g: CanonicalGame) -> int:
        found = self.short.get(g)
        if found is not None:
            return found
        stack = [g]
        while stack:
            check_time()
            x = stack[-1]
            if x in self.short:
                stack.pop()
                continue
            todo = [o for o in (*x.left_options, *x.right_options) if o not in self.short]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            v = self.new()
            self.left[v] = [self.short[o] for o in x.left_options]
            self.right[v] = [self.short[o] for o in x.right_options]
            self.short[x] = v
        return self.short[g]

    def closed(self, v: int, what: str) -> tuple[Graph, int]:
        graph = Graph.of(self.left, self.right)
        if any(w in self.open for w in reachable(graph, v)):
            raise InvalidSpecError(
                f"{what} of a game that refers to an enclosing named brace (or pass) "
                f"is not defined, in {self.text!r}",
                EXPECTED,
            )
        return pack(graph, v), 0

    def append(self, g: Graph) -> int:
        base = len(self.left)
        if base + len(g) > MAX_VERTICES:
            raise InvalidSpecError(f"more than {MAX_VERTICES:,} vertices", EXPECTED)
        for v in range(len(g)):
            self.left.append([base + w for w in g.left[v]])
            self.right.append([base + w for w in g.right[v]])
        return base

    def combine(self, a: int, b: int, negate_b: bool) -> int:
        ga, _ = self.closed(a, "a sum")
        gb, _ = self.closed(b, "a sum")
        if negate_b:
            gb = gb.negated()
        return self.append(add(ga, gb))

    def negate(self, a: int) -> int:
        ga, _ = self.closed(a, "the negative")
        return self.append(ga.negated())


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.b = _Builder(text)
        self.scopes: list[dict[str, int]] = []  # named braces visible here
        self.current: list[int] = []  # the braces being read (pass is the innermost)
        self.depth = 0

    def fail(self, what: str) -> InvalidSpecError:
        at = "the end" if self.i >= len(self.text) else f"{self.text[self.i]!r}"
        return InvalidSpecError(
            f"{what}, found {at} at position {self.i + 1} in {self.text[:60]!r}", EXPECTED
        )

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def word(self) -> str:
        self.skip()
        j = self.i
        if j >= len(self.text) or not (
            self.text[j].isascii() and (self.text[j].isalpha() or self.text[j] == "_")
        ):
            return ""
        while (
            j < len(self.text)
            and self.text[j].isascii()
            and (self.text[j].isalnum() or self.text[j] == "_")
        ):
            j += 1
        return self.text[self.i : j]

    def whole(self) -> tuple[Graph, int]:
        v = self.expr()
        if self.peek():
            raise self.fail("expected + - or the end")
        graph = Graph.of(self.b.left, self.b.right)
        return pack(graph, v), 0

    def terms(self) -> list[str]:
        """The top-level terms of a sum, each as text that reads alone (a subtracted one
        negated): ``on + {0|pass} - 1`` gives ``['on', '{0|pass}', '-(1)']``."""
        out: list[str] = []
        negated = False
        while True:
            start = self.i
            self.term()
            part = self.text[start : self.i].strip()
            out.append(f"-({part})" if negated else part)
            ch = self.peek()
            if ch not in ("+", "-") or self.text.startswith("+-", self.i):
                break
            negated = ch == "-"
            self.i += 1
        return out

    def expr(self) -> int:
        v = self.term()
        while True:
            ch = self.peek()
            if self.text.startswith("+-", self.i) or ch == "±":
                raise self.fail("+- is not read in loopy games; write {G|-G}")
            if ch == "+":
                self.i += 1
                v = self.b.combine(v, self.term(), False)
            elif ch == "-":
                self.i += 1
                v = self.b.combine(v, self.term(), True)
            else:
                return v

    def term(self) -> int:
        v = self.unary()
        while True:
            ch = self.peek()
            w = self.word()
            if ch in _SHORT or ch == "{" or (w and w not in ("pass",)):
                v = self.b.combine(v, self.unary(), False)  # juxtaposed parts add up
            else:
                return v

    def unary(self) -> int:
        if self.peek() == "-":
            self.i += 1
            return self.b.negate(self.unary())
        return self.primary()

    def primary(self) -> int:
        ch = self.peek()
        if ch == "(":
            self.i += 1
            v = self.expr()
            if self.peek() != ")":
                raise self.fail("expected ')'")
            self.i += 1
            return v
        if ch == "{":
            return self.braces(None)
        for arrow, named in (("^", "upon"), ("v", "-upon")):
            if self.text.startswith(arrow + "[on]", self.i):  # CGSuite's ^[on] and v[on]
                self.i += 5
                g, s = _Parser(named).whole()
                return self.b.append(g) + s
        w = self.word()
        if w and not _is_down(w):
            self.i += len(w)
            if self.peek() == "{":
                if w in _WORDS:
                    raise self.fail(f"{w!r} cannot name a brace (it is a value)")
                return self.braces(w)
            if w == "pass":
                raise self.fail("pass is an option, only inside braces")
            for scope in reversed(self.scopes):
                if w in scope:
                    return scope[w]
            if w in NAMED:
                sub = _Parser(NAMED[w])
                g, s = sub.whole()
                return self.b.append(g) + s
            raise InvalidSpecError(
                f"unknown name {w!r} at position {self.i - len(w) + 1} in {self.text[:60]!r} "
                "(a name is defined by a brace after it, as in a{0|a})",
                EXPECTED,
            )
        if ch in _SHORT or _is_down(w):
            j = self.i
            while (
                j < len(self.text)
                and not (self.text[j] in "^v" and self.text.startswith("[on]", j + 1))
            ) and (
                self.text[j] in _SHORT
                or (self.text[j] == "v" and not _word_at(self.text, j))
                or (self.text[j].isdigit())
            ):
                j += 1
            piece = self.text[self.i : j]
            try:
                short = parse_game(piece)
            except InvalidSpecError as e:
                raise InvalidSpecError(e.problem, EXPECTED) from None
            self.i = j
            return self.b.of_short(short)
        raise self.fail("expected a game")

    def braces(self, name: str | None) -> int:
        self.i += 1  # the "{"
        self.depth += 1
        if self.depth > 200:
            raise self.fail("braces nested more than 200 deep")
        v = self.b.new()
        self.b.open.add(v)
        self.scopes.append({name: v} if name else {})
        self.current.append(v)
        items: list[int | str] = []
        while True:
            ch = self.peek()
            if ch == "}":
                self.i += 1
                break
            if ch == "|":
                j = self.i
                while j < len(self.text) and self.text[j] == "|":
                    j += 1
                items.append(self.text[self.i : j])
                self.i = j
            elif ch == ",":
                items.append(",")
                self.i += 1
            elif not ch:
                raise self.fail("expected '}'")
            elif self.word() == "pass":
                self.i += 4
                items.append("pass")  # the game of its slash level, as in CGSuite
            else:
                items.append(self.expr())
        if not any(isinstance(x, str) and x[0] == "|" for x in items):
            raise self.fail("expected a '|' between the options")
        self._split(v, items)
        self.b.open.discard(v)
        self.scopes.pop()
        self.current.pop()
        self.depth -= 1
        return v

    def _split(self, v: int, items: list[int | str]) -> None:
        bars = [(len(x), i) for i, x in enumerate(items) if isinstance(x, str) and x[0] == "|"]
        top = max(b for b, _ in bars)
        where = [i for b, i in bars if b == top]
        if len(where) > 1:
            raise self.fail(f"two '{'|' * top}' at the same level of a game")
        cut = where[0]
        self.b.left[v] = self._side(items[:cut], v)
        self.b.right[v] = self._side(items[cut + 1 :], v)

    def _side(self, items: list[int | str], owner: int) -> list[int]:
        """The options of one side of ``owner``; ``pass`` there is ``owner`` itself (a
        side with bars is one game, whose own ``pass`` is that game: CGSuite reads
        ``{0||0|0,pass}`` as ``{0 || a{0|0,a}}``)."""
        if any(isinstance(x, str) and x[0] == "|" for x in items):
            u = self.b.new()
            self._split(u, items)
            return [u]

        def option(x: int | str) -> int | None:
            return x if isinstance(x, int) else owner if x == "pass" else None

        return _options_between_commas(items, option, self.fail)


def _word_at(text: str, j: int) -> bool:
    """True when the ``v`` at ``j`` is part of a longer name (``over``, ``dud``...)."""
    k = j
    while k < len(text) and text[k].isascii() and (text[k].isalnum() or text[k] == "_"):
        k += 1
    h = j
    while h > 0 and text[h - 1].isascii() and (text[h - 1].isalpha() or text[h - 1] == "_"):
        h -= 1
    return not _is_down(text[h:k])


def parse_loopy(text: str) -> tuple[Graph, int]:
    """Read a loopy game: its graph and start vertex (0, the graph packed).

    >>> g, s = parse_loopy("on + off")
    >>> g.left, g.right
    (((0,),), ((0,),))
    >>> parse_loopy("a{0|b}")
    Traceback (most recent call last):
    grundy.errors.InvalidSpecError: unknown name 'b' at position 5 in 'a{0|b}' (a name is \
defined by a brace after it, as in a{0|a}) (expected: ...)
    """
    try:
        return _Parser(text).whole()
    except RecursionError:
        raise InvalidSpecError(f"the game {text[:40]!r} is nested too deeply", EXPECTED) from None


def sum_terms(text: str) -> list[str]:
    """The parts of a loopy game written as a sum, each a game alone (read first as a
    whole: a malformed ``text`` is refused as :func:`parse_loopy` refuses it).

    A sum's graph has a vertex for each tuple of its parts' vertices, and a vertex written
    out repeats what it shares (exponentially in the parts): played as its parts, each
    move is written in the part it is made in.

    >>> sum_terms("on + {0|pass} - 1"), sum_terms("a{0|b{a|-1}}"), sum_terms("1over")
    (['on', '{0|pass}', '-(1)'], ['a{0|b{a|-1}}'], ['1over'])
    """
    parse_loopy(text)
    return _Parser(text).terms()


# ----- writing ------------------------------------------------------------------------


def _name(n: int) -> str:
    return chr(ord("a") + n) if n < 26 else f"N{n - 25}"


def _short(g: Graph, v: int, memo: dict[int, CanonicalGame]) -> CanonicalGame:
    """The canonical value of a loopfree vertex."""
    order = [w for w in reversed(reachable(g, v)) if w not in memo]
    pending = list(order)
    while pending:
        left: list[int] = []
        for w in pending:
            if all(x in memo for x in (*g.left[w], *g.right[w])):
                memo[w] = CanonicalGame.from_options(
                    [memo[x] for x in g.left[w]], [memo[x] for x in g.right[w]]
                )
            else:
                left.append(w)
        if len(left) == len(pending):  # cannot happen for a loopfree vertex
            raise ValueError("not loopfree")
        pending = left
    return memo[v]


def vertex_readers(
    g: Graph,
) -> tuple[Callable[[int], bool], Callable[[int], CanonicalGame]]:
    """``loopfree(v)``, whether the vertex ``v`` of ``g`` is loopfree, and ``short(v)``,
    the canonical value of a loopfree vertex: both remembered per vertex."""
    memo: dict[int, CanonicalGame] = {}
    free: dict[int, bool] = {}

    def loopfree(v: int) -> bool:
        if v not in free:
            free[v] = is_loopfree(g, v)
        return free[v]

    def short(v: int) -> CanonicalGame:
        return _short(g, v, memo)

    return loopfree, short


def pseudonumber(
    g: Graph, v: int, loopfree: Callable[[int], bool], short: Callable[[int], CanonicalGame]
) -> tuple[str, object] | None:
    """``("on"|"off"|"over"|"under"|"number", x)`` when vertex ``v`` is one, else None."""
    lefts, rights = g.left[v], g.right[v]
    if lefts == (v,) and not rights:
        return ("on", None)
    if rights == (v,) and not lefts:
        return ("off", None)
    if loopfree(v):
        x = short(v).number()
        return None if x is None else ("number", x)
    if len(lefts) == 1 and rights == (v,) and loopfree(lefts[0]):
        x = short(lefts[0]).number()
        if x is not None:
            return ("over", x)
    if len(rights) == 1 and lefts == (v,) and loopfree(rights[0]):
        x = short(rights[0]).number()
        if x is not None:
            return ("under", x)
    return None


#: CGSuite braces a game whose options bring it to this many slashes (``maxSlashes``).
_MAX_SLASHES = 4


def _named_stopper(
    g: Graph,
    v: int,
    loopfree: Callable[[int], bool],
    short: Callable[[int], CanonicalGame],
    cgsuite: bool,
) -> str | None:
    """The name of vertex ``v`` when it has one (:func:`format_stopper`): ``on``, ``off``,
    a pseudonumber (``1over``), or x + upon (``upon``; with ``cgsuite``, ``x^[on]``)."""
    p = pseudonumber(g, v, loopfree, short)
    if p is not None:
        kind, x = p
        if kind in ("on", "off"):
            return kind
        num = "" if x == 0 else str(x)
        return num + kind
    lefts, rights = g.left[v], g.right[v]
    for mine, theirs, arrow in ((lefts, rights, "^"), (rights, lefts, "v")):
        if mine == (v,) and len(theirs) == 1 and loopfree(theirs[0]):
            u = short(theirs[0]).uptimal()  # {pass | x*}: x + upon (CGSuite's x^[on])
            if u is None or u[1] != 0 or u[2] != 1:
                continue
            if cgsuite:
                return ("" if u[0] == 0 else str(u[0])) + arrow + "[on]"
            if arrow == "^" and u[0] == 0:
                return "upon"
    return None


def format_stopper(
    g: Graph, start: int, *, cgsuite: bool = False, max_length: int | None = None
) -> str:
    """A simplified game in CGSuite's notation: named values where they fit (``on``,
    ``over``, ``1over``, ``upon``), loopfree parts in canonical notation, ``pass`` for a
    move to the game itself and named braces (``a{...}``) for longer cycles. Slashes as
    CGSuite writes them: an option with one option a side stays unbraced, and its game
    takes one more bar (``{on||0|-1/2}``); a game with a side empty, a named one, or one of
    several options on its side is braced. With ``cgsuite``, exactly CGSuite's text:
    loopfree parts as :func:`~grundy.cgt.cgsuite.cgsuite_text` writes them, options in
    CGSuite's order (loopfree ones first), ``^[on]`` for ``upon``, at most four bars.

    >>> format_stopper(*parse_loopy("{1|pass}")), format_stopper(*parse_loopy("{pass|*}"))
    ('1over', 'upon')
    >>> [format_stopper(*parse_loopy(t)) for t in ("{on|{0|-1/2}}", "{0|{0|0,pass}}")]
    ['{on||0|-1/2}', '{0||0|0,pass}']
    >>> format_stopper(*parse_loopy("{pass|-1/2*}"), cgsuite=True)
    '-1/2^[on]'

    A vertex is written out on each path to it (names only break cycles), so a graph that
    shares much, such as a sum's, can take exponentially many characters: past
    ``max_length`` (None: no limit) one line (:class:`~grundy.errors.SearchLimitError`)
    says so, and the writing stops there.

    >>> format_stopper(*parse_loopy("{a{0|b{a|-1}}+^+*3|0}"), max_length=1000)
    Traceback (most recent call last):
    grundy.errors.SearchLimitError: the loopy game's form has more than 1,000 characters \
(a vertex is written on each path to it)
    """
    loopfree, short = vertex_readers(g)
    written = [0]  # characters of the leaves written so far (each is once in the whole)
    level_text = _cgsuite_level if cgsuite else _format_level
    loopfree_texts: dict[tuple[int, bool], tuple[str, int]] = {}

    def counted(out: tuple[str, int]) -> tuple[str, int]:
        if max_length is not None:
            written[0] += len(out[0])
            if written[0] > max_length:
                raise SearchLimitError(
                    max_length,
                    f"the loopy game's form has more than {max_length:,} characters "
                    "(a vertex is written on each path to it)",
                )
        return out

    def ordered(v: int, opts: tuple[int, ...]) -> list[int]:
        if not cgsuite:
            return list(opts)
        shorts = sorted(
            (w for w in opts if w != v and loopfree(w)), key=lambda w: _cgsuite_key(short(w))
        )
        return shorts + [w for w in opts if w == v or not loopfree(w)]

    names: dict[int, str | None] = {}  # vertices on the path being written
    count = [0]

    def text(v: int, force: bool) -> tuple[str, int]:
        check_time()
        if v in names:
            name = names[v]
            if name is None:
                name = _name(count[0])
                count[0] += 1
                names[v] = name
            return counted((name, 0))
        if loopfree(v):
            found = loopfree_texts.get((v, force))
            if found is None:
                found = loopfree_texts[v, force] = level_text(short(v), force)
            return counted(found)
        named = _named_stopper(g, v, loopfree, short, cgsuite)
        if named is not None:
            return counted((named, 0))
        lefts, rights = g.left[v], g.right[v]
        names[v] = None
        slashes = 0
        sides = []
        for opts in (lefts, rights):
            parts = []
            for w in ordered(v, opts):
                if w == v:
                    parts.append(counted(("pass", 0))[0])
                else:
                    t, s = text(w, len(opts) > 1)
                    slashes = max(slashes, s)
                    parts.append(t)
            sides.append(",".join(parts))
        name = names.pop(v)
        slashes += 1
        braces = (
            force
            or name is not None
            or not lefts
            or not rights
            or (cgsuite and slashes == _MAX_SLASHES)
        )
        body = sides[0] + "|" * slashes + sides[1]
        if braces:
            return (name or "") + "{" + body + "}", 0
        return body, slashes

    try:
        out, level = text(start, True)
    except RecursionError:
        raise UnsupportedError(
            "the loopy game is nested too deeply to print (its form is more than a few "
            "hundred games deep)"
        ) from None
    return out if level == 0 else "{" + out + "}"
