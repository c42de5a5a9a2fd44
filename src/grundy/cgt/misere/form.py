"""Misère canonical forms of impartial games (Conway, *On Numbers and Games* ch. 12).

Two impartial games are equal in misère play when adding either to any third
game gives the same misère outcome. Every game has a unique simplest form in
that sense, its *misère canonical form*, and :class:`MisereGame` is one object
per canonical form (hash-consed), so ``==`` is misère equality.

The rules (Conway ONAG ch. 12; Siegel, *Combinatorial Game Theory* ch. V):

* **Equality.** ``G = H`` exactly when every option ``G'`` equals some ``H'`` or has an
  option ``G'' = H``; every ``H'`` equals some ``G'`` or has an option ``H'' = G``;
  and, the special rule for 0, when ``G`` has no option ``H`` is a misère
  N-position (and the other way round).
* **Reversibility.** An option ``G'`` with an option ``G'' = G`` is *reversible*: it
  may be replaced by the options of ``G''``, provided the game keeps its value
  (the proviso: bypassing ``G'' = 0`` may not leave a P-position where there
  was an N-position; so ``{*} = 0`` but ``{*, *2}`` is not ``{*2}``).
  The canonical form is what remains when no option can be bypassed.
* There is no domination among impartial misère options.

>>> from grundy.cgt.misere.form import MisereGame, nim_heap
>>> MisereGame.from_options([nim_heap(1)]) == nim_heap(0)   # {*} = 0
True
>>> str(nim_heap(2) + nim_heap(2)), (nim_heap(2) + nim_heap(2)).outcome
('*[2[2]]', 'P')
>>> str(MisereGame.parse("*[2[2]321]")), str(nim_heap(2) + nim_heap(1))
('*[2[2]321]', '*[3]')
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import ClassVar

from grundy.core.limits import check_time
from grundy.core.mex import least_missing
from grundy.errors import InvalidSpecError, SearchLimitError

__all__ = [
    "EXPECTED",
    "MisereGame",
    "misere_outcome_of_options",
    "nim_heap",
    "table_size",
    "work_budget",
]

_LOCK = threading.RLock()

# The table of canonical forms: id -> options (ids), and options -> id.
_OPTS: list[tuple[int, ...]] = [()]
_INDEX: dict[frozenset[int], int] = {frozenset(): 0}
_BIRTHDAY: list[int] = [0]
_GPLUS: list[int] = [0]
_GMINUS: list[int] = [1]
_NIM: list[int] = [0]  # nim heap ids by size
_NIM_SIZE: dict[int, int] = {0: 0}  # and sizes by id
_BUDGET: list[int | None] = [None]  # most steps allowed (None: no bound)
_WORK = [0]  # steps taken: equality tests and sums not found in their memos
_EQ_MEMO: dict[tuple[frozenset[int], frozenset[int]], bool] = {}
_ADD_MEMO: dict[tuple[int, int], int] = {}


def _p_form(opts: frozenset[int]) -> bool:
    """A form with these (canonical) options is a misère P-position."""
    return bool(opts) and all(_GMINUS[o] != 0 for o in opts)


def _eq_forms(a: frozenset[int], b: frozenset[int]) -> bool:
    """Misère equality of two forms given by their canonical options (Conway's test)."""
    if a == b:
        return True
    key = (a, b) if hash(a) <= hash(b) else (b, a)
    found = _EQ_MEMO.get(key)
    if found is not None:
        return found
    _tick()
    ok = True
    if not a:
        ok = not _p_form(b)
    elif not b:
        ok = not _p_form(a)
    if ok:
        ok = all(x in b or any(_eq_forms(frozenset(_OPTS[y]), b) for y in _OPTS[x]) for x in a)
    if ok:
        ok = all(x in a or any(_eq_forms(frozenset(_OPTS[y]), a) for y in _OPTS[x]) for x in b)
    _EQ_MEMO[key] = ok
    return ok


_DAG: dict[int, int] = {}
_DAG_CAP = 1 << 20


def _dag_size(gid: int) -> int:
    """How many distinct positions the canonical form has (at most about ``_DAG_CAP``)."""
    found = _DAG.get(gid)
    if found is None:
        seen = {gid}
        todo = [gid]
        while todo and len(seen) < _DAG_CAP:
            for o in _OPTS[todo.pop()]:
                if o not in seen:
                    seen.add(o)
                    todo.append(o)
        found = len(seen)
        _DAG[gid] = found
    return found


def _tick() -> None:
    _WORK[0] += 1
    if not _WORK[0] & 0x3FF:
        check_time()
    limit = _BUDGET[0]
    if limit is not None and _WORK[0] > limit:
        raise SearchLimitError(
            limit, f"misère canonical forms: more than {limit:,} steps (sums and comparisons)"
        )


def _reduce(opts: set[int]) -> frozenset[int]:
    """Bypass reversible options until none is left (each step checked by equality)."""
    current = frozenset(opts)
    changed = True
    while changed:
        changed = False
        for a in sorted(current, key=lambda i: -_BIRTHDAY[i]):
            for b in _OPTS[a]:
                if not _eq_forms(frozenset(_OPTS[b]), current):
                    continue
                candidate = (current - {a}) | frozenset(_OPTS[b])
                if _eq_forms(candidate, current):
                    current = candidate
                    changed = True
                    break
            if changed:
                break
    return current


def _make(opts: Iterable[int]) -> int:
    """The id of the canonical form of the game with these canonical options."""
    with _LOCK:
        return _intern(_reduce(set(opts)))


def _intern(reduced: frozenset[int]) -> int:
    """The id of the canonical form with these options (which no bypass can simplify)."""
    with _LOCK:
        found = _INDEX.get(reduced)
        if found is not None:
            return found
        # A form with no reversible option equal to an existing canonical form would
        # be that form (canonical forms are unique), so the new id is a new value.
        gid = len(_OPTS)
        ordered = tuple(sorted(reduced))
        _OPTS.append(ordered)
        _INDEX[reduced] = gid
        _BIRTHDAY.append(1 + max(_BIRTHDAY[o] for o in ordered))
        _GPLUS.append(least_missing(_GPLUS[o] for o in ordered))
        _GMINUS.append(least_missing(_GMINUS[o] for o in ordered))
        return gid


def _nim(n: int) -> int:
    with _LOCK:
        while len(_NIM) <= n:  # nim heaps are canonical (ONAG ch. 12): no bypass to try
            gid = _intern(frozenset(_NIM))
            _NIM_SIZE[gid] = len(_NIM)
            _NIM.append(gid)
        return _NIM[n]


def _add(a: int, b: int) -> int:
    if a == 0:
        return b
    if b == 0:
        return a
    key = (a, b) if a <= b else (b, a)
    found = _ADD_MEMO.get(key)
    if found is not None:
        return found
    limit = _BUDGET[0]
    if limit is not None and _dag_size(a) * _dag_size(b) > limit - _WORK[0]:
        # Every pair of positions of a and b may need a sum of its own: out of reach.
        raise SearchLimitError(
            limit, f"misère canonical forms: a sum needs more than {limit:,} steps"
        )
    _tick()
    opts = [_add(x, b) for x in _OPTS[a]] + [_add(a, y) for y in _OPTS[b]]
    gid = _make(opts)
    _ADD_MEMO[key] = gid
    return gid


def _is_odd(gid: int) -> bool:
    """Odd: adding * lowers the birthday (so the game is its even part plus *)."""
    size = _NIM_SIZE.get(gid)
    if size is not None:  # *(2k+1) = *2k + * in misère play too
        return size % 2 == 1
    return gid != 0 and _BIRTHDAY[_add(gid, _nim(1))] < _BIRTHDAY[gid]


def _even_part(gid: int) -> int:
    size = _NIM_SIZE.get(gid)
    if size is not None:
        return _nim(size - (size % 2))
    return _add(gid, _nim(1)) if _is_odd(gid) else gid


_KEYS: dict[int, tuple[object, ...]] = {}


def _order_key(gid: int) -> tuple[object, ...]:
    """CGSuite's canonical order of options: by the even part's birthday, number of
    options, G+, G-, then its options; even before odd."""
    found = _KEYS.get(gid)
    if found is not None:
        return found
    e = _even_part(gid) if gid > 1 else 0
    found = (
        _BIRTHDAY[e],
        len(_OPTS[e]),
        _GPLUS[e],
        _GMINUS[e],
        tuple(_order_key(o) for o in _ordered(e)),
        e != gid,
    )
    _KEYS[gid] = found
    return found


_ORDERED: dict[int, tuple[int, ...]] = {}


def _ordered(gid: int) -> tuple[int, ...]:
    """The options of ``gid`` in CGSuite's canonical order (computed when first asked)."""
    found = _ORDERED.get(gid)
    if found is None:
        found = tuple(sorted(_OPTS[gid], key=_order_key))
        _ORDERED[gid] = found
    return found


def _subtract(gid: int, n: int) -> int | None:
    """``X`` with ``X + *n = G`` (X is then an option of G), or None."""
    heap = _nim(n)
    for x in _OPTS[gid]:
        if _add(x, heap) == gid:
            return x
    return None


def _digit(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


def _format(gid: int) -> str:
    out: list[str] = []
    flag = [False]

    def emit(g: int) -> None:
        b = _BIRTHDAY[g]
        if g == _nim(b):
            out.append(_digit(b))
            if flag[0]:
                out.append("[")
            return
        for i in range(2 + (1 if _is_odd(g) else 0), b, 2):
            x = _subtract(g, i)
            if x is not None and _BIRTHDAY[x] < b:
                flag[0] = True
                emit(x)
                out.append(_digit(i))
                return
            y = _add(g, _nim(i))
            if _BIRTHDAY[y] < b:
                flag[0] = True
                emit(y)
                out.append("-" + _digit(i))
                return
        if _is_odd(g):
            flag[0] = True
            emit(_even_part(g))
            out.append("1")
            return
        opts = _ordered(g)
        if len(opts) == 1:
            emit(opts[0])
            out.append("#")
            return
        saved = flag[0]
        out.append("(")
        for o in reversed(opts):
            flag[0] = False
            emit(o)
            if flag[0]:
                out.append("]")
        out.append(")")
        flag[0] = saved
        if saved:
            out.append("[")

    emit(gid)
    if flag[0]:
        out.append("]")
    text = "".join(out)
    if text.startswith("(") and _matching(text, 0) == len(text) - 1:
        text = text[1:-1]
    return f"*[{text}]"


def _matching(text: str, at: int) -> int:
    depth = 0
    for i in range(at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


#: The syntax shown when a misère literal is malformed.
EXPECTED = (
    "a misère game like *[0], *[2], *[42] (options *4 and *2), *[2#] (only option *2), "
    "*[2[2]321], or a list *[4,2], *[[2],2,1,0]"
)


class _Reader:
    """CGSuite's two ways of writing a misère game inside ``*[...]``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, what: str) -> InvalidSpecError:
        shown = "the end" if self.i >= len(self.text) else repr(self.text[self.i])
        return InvalidSpecError(
            f"{what}, found {shown} at position {self.i + 1} in {self.text!r}", EXPECTED
        )

    def peek(self) -> str:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1
        return self.text[self.i] if self.i < len(self.text) else ""

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            raise self.fail(f"expected {ch!r}")
        self.i += 1

    def number(self) -> int:
        self.peek()
        j = self.i
        while j < len(self.text) and self.text[j].isdigit():
            j += 1
        if j == self.i or j - self.i > 6:
            raise self.fail("expected a heap size")
        n = int(self.text[self.i : j])
        self.i = j
        return n

    # the list form: *[4,2], *[[2],2,1,0], *[[*[4] + *[2]]]
    def element(self) -> int:
        ch = self.peek()
        if ch == "[":
            self.i += 1
            return _make(self.items("]"))
        if ch == "*":
            return self.star()
        return _nim(self.number())

    def term(self) -> int:
        g = self.element()
        while self.peek() == "+":
            self.i += 1
            g = _add(g, self.element())
        return g

    def items(self, close: str) -> list[int]:
        out: list[int] = []
        if self.peek() == close:
            self.i += 1
            return out
        while True:
            out.append(self.term())
            if self.peek() == ",":
                self.i += 1
                continue
            self.expect(close)
            return out

    def star(self) -> int:
        self.expect("*")
        self.expect("[")
        start = self.i
        depth = 1
        j = self.i
        while j < len(self.text) and depth:
            depth += {"[": 1, "]": -1}.get(self.text[j], 0)
            j += 1
        if depth:
            self.i = len(self.text)
            raise self.fail("expected ']'")
        inner = self.text[start : j - 1]
        if "," in inner or inner.lstrip().startswith("[") or "*" in inner or "+" in inner:
            items = self.items("]")
            return items[0] if len(items) == 1 else _make(items)
        gid = self.compact(j - 1)
        self.i = j
        return gid

    # the compact form CGSuite prints: *[2[2]321], *[2#], *[(2#2)#]
    def compact(self, end: int) -> int:
        items = self.sequence(end)
        if not items:
            raise self.fail("expected a game")
        return items[0] if len(items) == 1 else _make(items)

    def sequence(self, end: int) -> list[int]:
        items: list[int] = []
        while self.peek() and self.i < end and self.peek() not in ")]":
            items.append(self.unit(end))
        return items

    def unit(self, end: int) -> int:
        ch = self.peek()
        if ch == "(":
            self.i += 1
            items = self.sequence(end)
            self.expect(")")
            g = items[0] if len(items) == 1 else _make(items)
        elif ch == "&":
            self.i += 1
            g = _nim(self.number())
            self.expect(";")
        elif ch.isdigit():
            g = _nim(int(ch))
            self.i += 1
        else:
            raise self.fail("expected a heap digit or '('")
        while self.peek() in ("#", "/"):
            self.i += 1
            g = _make([g])
        if self.peek() == "[":
            self.i += 1
            g = self.subscript(g)
        return g

    def subscript(self, g: int) -> int:
        while True:
            ch = self.peek()
            if ch == "]":
                self.i += 1
                return g
            if ch in ("#", "/"):
                self.i += 1
                g = _make([g])
            elif ch == "-":
                self.i += 1
                n = self.digit_or_code()
                found = _subtract(g, n)
                if found is None:
                    raise self.fail(f"*{n} cannot be subtracted here")
                g = found
            else:
                g = _add(g, _nim(self.digit_or_code()))

    def digit_or_code(self) -> int:
        ch = self.peek()
        if ch == "&":
            self.i += 1
            n = self.number()
            self.expect(";")
            return n
        if ch.isdigit():
            self.i += 1
            return int(ch)
        raise self.fail("expected a digit, '#' or ']' in a subscript")


class MisereGame:
    """The misère canonical form of an impartial game (one object per value)."""

    __slots__ = ("_id",)
    _id: int
    _live: ClassVar[dict[int, MisereGame]] = {}

    def __new__(cls, spec: str | int | MisereGame = 0) -> MisereGame:
        if isinstance(spec, MisereGame):
            return spec
        if isinstance(spec, int) and not isinstance(spec, bool):
            if spec < 0:
                raise InvalidSpecError(f"a nim heap cannot be negative: {spec}", EXPECTED)
            return cls._of(_nim(spec))
        if isinstance(spec, str):
            return cls.parse(spec)
        raise InvalidSpecError(f"not a misère game: {spec!r}", EXPECTED)

    @classmethod
    def _of(cls, gid: int) -> MisereGame:
        obj = cls._live.get(gid)
        if obj is None:
            obj = object.__new__(cls)
            object.__setattr__(obj, "_id", gid)
            cls._live[gid] = obj
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("MisereGame is immutable")

    def __reduce__(self) -> tuple[type[MisereGame], tuple[str]]:
        return (MisereGame, (str(self),))

    @classmethod
    def parse(cls, text: str) -> MisereGame:
        """Read CGSuite's notation: ``*[42]``, ``*[2#]``, ``*[2[2]321]``, ``*[[2],2,1,0]``.

        >>> MisereGame.parse("*[4,2]") == MisereGame.parse("*[42]")
        True
        >>> MisereGame.parse("*[2#x]")
        Traceback (most recent call last):
        grundy.errors.InvalidSpecError: expected a heap digit or '(', found 'x' ...
        """
        reader = _Reader(text.strip())
        with _LOCK:
            try:
                gid = reader.star()
            except RecursionError:
                raise InvalidSpecError(f"{text[:40]!r} is nested too deeply", EXPECTED) from None
        if reader.peek():
            raise reader.fail("expected the end")
        return cls._of(gid)

    @classmethod
    def from_options(cls, options: Iterable[MisereGame | int]) -> MisereGame:
        """The canonical form of the game with these options (ints are nim heaps)."""
        ids = [o._id if isinstance(o, MisereGame) else _nim(o) for o in options]
        return cls._of(_make(ids))

    @property
    def options(self) -> tuple[MisereGame, ...]:
        """The options of the canonical form, in CGSuite's canonical order."""
        with _LOCK:
            return tuple(MisereGame._of(o) for o in _ordered(self._id))

    @property
    def birthday(self) -> int:
        """The birthday of the canonical form (its height as a game tree)."""
        return _BIRTHDAY[self._id]

    @property
    def normal_value(self) -> int:
        """G+, the Grundy value under normal play."""
        return _GPLUS[self._id]

    @property
    def misere_value(self) -> int:
        """G-, the misère Grundy value: 1 for 0, else the mex of the options'; 0 exactly
        at misère P-positions."""
        return _GMINUS[self._id]

    @property
    def outcome(self) -> str:
        """``"P"`` when the player to move loses in misère play, else ``"N"``."""
        return "P" if _GMINUS[self._id] == 0 else "N"

    def positions(self) -> int:
        """How many distinct positions the canonical form has (itself included)."""
        with _LOCK:
            return _dag_size(self._id)

    def _any_order(self) -> tuple[MisereGame, ...]:
        """The options, in no particular order (no sums computed to sort them)."""
        return tuple(MisereGame._of(o) for o in _OPTS[self._id])

    def is_nim_heap(self) -> bool:
        """True when the canonical form is a nim heap ``*n``."""
        return self._id == _nim(self.birthday)

    def is_even(self) -> bool:
        """CGSuite's parity: odd games are ``E + *`` with a younger even part ``E``."""
        return not _is_odd(self._id)

    def __add__(self, other: MisereGame | int) -> MisereGame:
        o = other if isinstance(other, MisereGame) else MisereGame(other)
        with _LOCK:
            return MisereGame._of(_add(self._id, o._id))

    __radd__ = __add__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MisereGame) and other._id == self._id

    def __hash__(self) -> int:
        return hash(("misere", self._id))

    def __str__(self) -> str:
        with _LOCK:
            return _format(self._id)

    def __repr__(self) -> str:
        return f"MisereGame({str(self)!r})"


@contextmanager
def work_budget(steps: int) -> Iterator[None]:
    """Inside, more than ``steps`` new sums and equality tests of misère canonical forms
    raise :class:`~grundy.errors.SearchLimitError` (forms of sums can grow exponentially;
    what was found stays memoised)."""
    with _LOCK:
        old_limit, old_work = _BUDGET[0], _WORK[0]
        _WORK[0] = 0
        _BUDGET[0] = steps if old_limit is None else min(old_limit - old_work, steps)
        try:
            yield
        finally:
            _BUDGET[0] = old_limit
            _WORK[0] = old_work + _WORK[0]


def table_size() -> int:
    """How many misère canonical forms the table holds."""
    return len(_OPTS)


def nim_heap(n: int) -> MisereGame:
    """The nim heap ``*n`` as a misère game.

    >>> str(nim_heap(3)), nim_heap(3).options
    ('*[3]', (MisereGame('*[0]'), MisereGame('*[1]'), MisereGame('*[2]')))
    """
    return MisereGame(n)


def misere_outcome_of_options(options: Iterable[MisereGame]) -> str:
    """The misère outcome of the game with these options (N when there are none)."""
    opts = list(options)
    return "P" if opts and all(o.outcome == "N" for o in opts) else "N"
