"""Turning codes and spawning codes (CGSuite's ``game.strip.Turning`` and
``game.heap.Spawning``; Winning Ways ch. 14).

A *turning code* says which sets of coins a move of a coin-turning game may turn over (the
rightmost of them always from heads to tails). It is a comma-separated list of elements;
any element may be used. An element is a count of coins turned, ``3``, a range ``1-3``
or an unbounded range ``3+`` (written ``3..`` in a spec, where ``+`` joins components),
followed by modifiers:

* ``C``: the coins turned are consecutive;
* ``E``: the coins turned are equally spaced;
* ``S``: the coins turned are symmetrically arranged (about their midpoint);
* ``F``: the leftmost coin of the row (coin 1) is among those turned;
* ``C(n)``: the coins turned lie within a span of ``n`` adjacent coins.

``turning-code:CODE ROW`` plays the code on a row of coins (``H``/``T``, coin 1 first, or
the heads' positions). ``spawning:CODE N...`` is its heap form: a heap of ``n`` is a head
at coin ``n``, and a move that turns the coins ``a_1 < ... < a_k = n`` replaces the heap
of ``n`` by heaps of ``a_1, ..., a_(k-1)``. In normal play the two have the same values:
a row is the XOR of the values of its heads, and a head at ``n`` is worth the mex of the
XORs of the values of the other coins of each set it may turn.

Names from Winning Ways, as CGSuite lists them: Mock Turtles ``1-3``, Moebius ``1-5``,
Mogul ``1-7``, Moidores ``1-9``, Motley ``1..``, Twins ``2``, Triplets ``3``, Ruler ``1..C``,
Mock Turtle Fives ``1-3C(5)``, Triplet Fives ``3C(5)``, Ruler Fives ``1-5C``, Turnips
``3E``, Grunt ``4FS``, Sym ``1..S``, Sympler ``1..FS`` (CGSuite writes ``1+`` for ``1..``).

>>> from grundy import solve
>>> solve("turning-code:1-3 HTTHTHTTH").grundy  # Mock Turtles
29
>>> solve("spawning:3E 7 9").grundy  # Turnips: heaps 7 and 9 are worth 2 and 1
3
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from grundy.catalog.impartial.coins import CoinGame
from grundy.core.board import Board, Heaps
from grundy.core.game import HeapGame
from grundy.core.mex import least_missing
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = [
    "SpawningCode",
    "TurningCode",
    "TurningElement",
    "code_sets",
    "normal_code",
    "parse_turning_code",
]

#: Most sets of coins one head may turn that are listed (values need them all).
MOST_SETS = 200_000
#: Largest coin (or heap) whose value is computed.
MOST_COIN = 512

_CODE_SYNTAX = (
    "a turning code: elements split by commas, each a count 3, a range 1-3 or 3.. (3+), then "
    "modifiers C (consecutive), E (equally spaced), S (symmetric), F (coin 1 turned), "
    "C(n) (within n adjacent coins); e.g. 1-3C(5)"
)
_ELEMENT = re.compile(r"^(\d+)(?:(-)(\d+)|(\+|\.\.))?((?:C\(\d+\)|[CESF])*)$")


@dataclass(frozen=True)
class TurningElement:
    """One element of a turning code: ``least``..``most`` coins turned (``most`` None:
    no bound), their ``spacing`` (``""``, ``"C"``, ``"E"`` or ``"S"``), whether coin 1 must
    be turned (``first``) and the span they must lie in (``span``, None: any)."""

    least: int
    most: int | None
    spacing: str
    first: bool
    span: int | None


@lru_cache(maxsize=256)
def parse_turning_code(code: str, syntax: str) -> tuple[TurningElement, ...]:
    """The elements of ``code``; a malformed code is refused in one line.

    >>> parse_turning_code("1-3C(5),4FS", "")
    (TurningElement(least=1, most=3, spacing='', first=False, span=5), \
TurningElement(least=4, most=4, spacing='S', first=True, span=None))
    """
    elements = []
    for text in code.upper().split(","):
        m = _ELEMENT.match(text.strip())
        if m is None:
            raise InvalidSpecError(f"{text.strip()!r} is not an element of {_CODE_SYNTAX}", syntax)
        least = int(m.group(1))
        most = None if m.group(4) else int(m.group(3)) if m.group(2) else least
        if least < 1 or (most is not None and most < least):
            raise InvalidSpecError(f"the count {text.strip()!r} turns no coin", syntax)
        mods = m.group(5)
        spans = [int(s) for s in re.findall(r"C\((\d+)\)", mods)]
        letters = re.sub(r"C\(\d+\)", "", mods)
        spacings = [ch for ch in letters if ch in "CES"]
        if len(spacings) > 1 or len(spans) > 1 or len(set(letters)) < len(letters):
            raise InvalidSpecError(f"{text.strip()!r} repeats or mixes modifiers", syntax)
        elements.append(
            TurningElement(
                least,
                most,
                spacings[0] if spacings else "",
                "F" in letters,
                spans[0] if spans else None,
            )
        )
    return tuple(elements)


def normal_code(code: str) -> str:
    """``code`` as a spec writes it: upper case, an unbounded range ``3..`` (``3+`` is read
    too, but ``+`` joins the components of a spec).

    >>> normal_code("1+s")
    '1..S'
    """
    return code.upper().replace("+", "..").replace(" ", "")


def _element_sets(e: TurningElement, n: int) -> Iterator[tuple[int, ...]]:
    """The other coins (left of ``n``, sorted) of each set element ``e`` turns with ``n``."""
    low = 1 if e.span is None else max(1, n - e.span + 1)  # the leftmost coin allowed
    top = n if e.most is None else min(e.most, n)
    for k in range(e.least, top + 1):
        if e.spacing == "C":
            if n - k + 1 >= low:
                yield tuple(range(n - k + 1, n))
        elif e.spacing == "E" and k >= 3:
            for d in range(1, (n - low) // (k - 1) + 1):
                yield tuple(n - d * j for j in range(k - 1, 0, -1))
        elif e.spacing == "S" and k >= 3:
            for a in range(low, n):
                pairs = [x for x in range(a + 1, n) if 2 * x < a + n]
                centre = (a + n) // 2 if (a + n) % 2 == 0 else None
                inner = k - 2
                for with_centre in (False, True):
                    if with_centre and centre is None:
                        continue
                    half, odd = divmod(inner - with_centre, 2)
                    if odd or half > len(pairs):
                        continue
                    for chosen in combinations(pairs, half):
                        mid = (centre,) if with_centre else ()
                        yield tuple(sorted((a, *chosen, *mid, *(a + n - x for x in chosen))))
        else:  # no spacing rule (and E or S sets of one or two coins, always so arranged)
            yield from combinations(range(low, n), k - 1)


def code_sets(elements: Sequence[TurningElement], n: int) -> list[tuple[int, ...]]:
    """Every set of other coins a head at ``n`` may turn with it, each once, in order.

    >>> code_sets(parse_turning_code("3E", ""), 7)
    [(5, 6), (3, 5), (1, 4)]
    """
    seen: set[tuple[int, ...]] = set()
    out = []
    for e in elements:
        for others in _element_sets(e, n):
            if e.first and (others[:1] or (n,))[0] != 1:
                continue
            if others not in seen:
                seen.add(others)
                out.append(others)
                if len(out) > MOST_SETS:
                    raise UnsupportedError(
                        f"a head at {n} may turn more than {MOST_SETS:,} sets of coins"
                    )
    return out


@lru_cache(maxsize=64)
def _sets(elements: tuple[TurningElement, ...], n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(code_sets(elements, n))


_VALUES: dict[tuple[TurningElement, ...], list[int]] = {}
#: The web server and Dask workers solve from several threads: one extends a list at a time.
_VALUES_LOCK = threading.Lock()


def _values(elements: tuple[TurningElement, ...], count: int) -> list[int]:
    """The values of a head at 1..count (at least): the mex of the XORs of each set's
    other coins, computed from 1 up and remembered per code."""
    with _VALUES_LOCK:
        if len(_VALUES) > 64:
            _VALUES.clear()
        values = _VALUES.setdefault(elements, [])
        for n in range(len(values) + 1, count + 1):
            seen = set()
            for others in _sets(elements, n):
                x = 0
                for a in others:
                    x ^= values[a - 1]
                seen.add(x)
            values.append(least_missing(seen))
        return values


def _value(elements: tuple[TurningElement, ...], n: int, name: str) -> int:
    if n > MOST_COIN:
        raise UnsupportedError(f"{name}: values are computed up to {MOST_COIN}; {n} is beyond")
    return _values(elements, n)[n - 1]


def _code_param(params: str | None, missing: str, syntax: str) -> str:
    """The turning code of ``NAME:CODE``, in normal form (``missing``: the message when
    there is none)."""
    if params is None:
        raise InvalidSpecError(missing, syntax)
    parse_turning_code(params, syntax)
    return normal_code(params)


class _Coded:
    """What the two games of a turning code share: the code as their ``:PARAMS`` and its
    elements (a bad code is refused with the game's own syntax)."""

    code: str
    syntax: ClassVar[str]

    def params_text(self) -> str:
        return self.code

    @property
    def elements(self) -> tuple[TurningElement, ...]:
        return parse_turning_code(self.code, self.syntax)


_TURNING_SYNTAX = "turning-code:CODE ROW  (ROW of H and T, coin 1 first, or head positions)"
_SPAWNING_SYNTAX = "spawning:CODE N...  (heaps; the heap form of turning-code:CODE)"


@dataclass(frozen=True)
class TurningCode(_Coded, CoinGame):
    """The coin-turning game of a turning code."""

    code: str = "1-3"
    name = "turning-code"
    rule = (
        "coins 1, 2, ... in a row: turn over a set of coins that the code allows, its "
        "rightmost coin from heads to tails (code: counts 3, 1-3, 3.. with C consecutive, "
        "E equally spaced, S symmetric, F coin 1 turned, C(n) within n adjacent coins); "
        "the last mover wins"
    )
    example = "turning-code:1-3C(5) HTTHTHTTH"
    syntax = _TURNING_SYNTAX

    @classmethod
    def from_params(cls, params: str | None) -> TurningCode:
        return cls(_code_param(params, "turning-code needs a code, like :1-3C", _TURNING_SYNTAX))

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        return iter(_sets(self.elements, n))

    def move_count(self, n: int) -> int:
        return len(_sets(self.elements, n))

    def coin_value(self, n: int) -> int:
        return _value(self.elements, n, self.spec_name())

    def formula_name(self) -> str:
        return (
            f"coin turning (code {self.code}): the value of a row is the XOR of the values of "
            "its heads; a head is worth the mex of the XORs of the other coins it may turn"
        )


@dataclass(frozen=True)
class SpawningCode(_Coded, HeapGame):
    """The heap form of a turning code: a heap of ``n`` becomes heaps of the other coins a
    head at ``n`` may turn."""

    code: str = "1-3"
    name = "spawning"
    rule = (
        "heaps: replace a heap of n by heaps a_1, ..., a_(k-1), where the turning code "
        "allows turning the coins a_1 < ... < a_(k-1) < n together (see turning-code); "
        "the last mover wins"
    )
    example = "spawning:3E 7 9"
    syntax = _SPAWNING_SYNTAX
    first_state = 1
    splits = True

    @classmethod
    def from_params(cls, params: str | None) -> SpawningCode:
        return cls(_code_param(params, "spawning needs a turning code, like :3E", _SPAWNING_SYNTAX))

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("spawning needs at least one heap", _SPAWNING_SYNTAX)
        out = []
        for a in args:
            n = parse_natural(a, "a heap size", _SPAWNING_SYNTAX)
            if not 1 <= n <= MOST_COIN:
                raise InvalidSpecError(
                    f"a heap is 1 to {MOST_COIN} counters (coin n of the row), got {n}",
                    _SPAWNING_SYNTAX,
                )
            out.append(n)
        return out

    def board(self, state: Any) -> Board | None:
        return Heaps((state,))

    def split_moves(self, state: int) -> Iterator[tuple[int, ...]]:
        return iter(_sets(self.elements, state))

    def grundy_formula(self, state: int) -> int:
        return _value(self.elements, state, self.spec_name())

    def options_with_value(self, state: int, value: int) -> Iterator[tuple[int, ...]]:
        """The moves to heaps whose values XOR to ``value`` (read from the values, no search).

        >>> list(SpawningCode("3E").options_with_value(7, 0))
        [(1, 4)]
        """
        values = _values(self.elements, state)
        for others in _sets(self.elements, state):
            x = 0
            for a in others:
                x ^= values[a - 1]
            if x == value:
                yield others

    def count_options_with_value(self, state: int, value: int) -> int:
        return sum(1 for _ in self.options_with_value(state, value))

    def formula_name(self) -> str:
        return (
            f"spawning (code {self.code}): a heap of n is worth the mex of the XORs of the "
            "heaps each move leaves, computed from 1 up"
        )
