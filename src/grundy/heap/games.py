"""Take-and-break heap games: ``octal:CODE``, Kayles, Dawson's Kayles, Dawson's chess,
Grundy's game.

>>> from grundy import solve
>>> solve("kayles 10").grundy
2
>>> solve("octal:0.07 15").outcome
'P'
>>> str(TakeAndBreak.from_code("0.77", alias="kayles"))
'kayles'
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from grundy.core.board import Board, Heaps, Strip
from grundy.core.cache import BoundedCache, register
from grundy.core.game import HeapGame, ListingCut, NamedRuleset, Play, Player
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.heap.code import OctalCode
from grundy.heap.saltus import SaltusCertificate, saltus_certificate

#: The longest row drawn as pins; a longer one is drawn as a heap of counters.
MOST_PINS = 40

if TYPE_CHECKING:
    from grundy.heap.period import Periodicity

__all__ = [
    "DAWSON",
    "DAWSONS_CHESS",
    "GRUNDYS_GAME",
    "KAYLES",
    "NAMED",
    "TakeAndBreak",
]

_SYNTAX = "octal:CODE N...  (CODE like 0.07, 0.137, 4.7 or 0.[3]; one heap per N)"

#: Heaps up to this size get their value from a computed table when no period is proved.
TABLE_LIMIT = 1 << 22

#: The same for codes whose heaps each cost time quadratic in their size: three-heap moves
#: (hex digits 8-F), or two-heap moves after removing any number of counters (an infinite
#: code such as 0.[7]). A table to this heap takes about 5 s; to 10 times it, 80 minutes.
THREE_HEAP_TABLE_LIMIT = 1 << 12

#: Winning moves are counted (for "N in all") for heaps up to this size.
COUNT_LIMIT = 10_000_000


@register
@functools.lru_cache(maxsize=256)
def _saltus(
    digits: tuple[int, ...], base: tuple[int, ...], e: int, p: int, s: int
) -> SaltusCertificate | None:
    """:func:`saltus_certificate`, remembered (the period search asks again for each table)."""
    return saltus_certificate(digits, base, e, p, s)


@dataclass(frozen=True)
class TakeAndBreak(HeapGame):
    """A take-and-break game given by its code (see :mod:`grundy.heap.code`).

    ``unequal`` adds the rule of Grundy's game: two heaps left by a move must
    differ in size. ``alias`` is the registry name it prints as (``kayles``);
    it does not take part in equality, so ``kayles`` and ``octal:0.77`` share
    one memo and one table. ``pins``: the board is a row of pins (Kayles), not a heap
    of counters (up to :data:`MOST_PINS` pins).

    >>> g = TakeAndBreak.from_code("0.137")
    >>> sorted(g.split_moves(5))
    [(1, 1), (2,), (3,)]
    >>> g.describe_move(7, (2, 3))
    'take 2 from the heap of 7 and split the rest into heaps of 2 and 3'
    """

    code: OctalCode
    unequal: bool = False
    alias: str = field(default="", compare=False)
    pins: bool = field(default=False, compare=False)
    name: ClassVar[str] = "octal"
    rule: ClassVar[str] = (
        "take-and-break: digit d_k of CODE says whether removing k counters may leave "
        "no heap (1), one heap (2), two heaps (4) or three heaps (8)"
    )
    example: ClassVar[str] = "octal:0.07 3 5"
    aliases: ClassVar[tuple[str, ...]] = ("take-and-break",)
    syntax: ClassVar[str] = _SYNTAX
    splits: ClassVar[bool] = True

    @classmethod
    def from_params(cls, params: str | None) -> TakeAndBreak:
        return _octal_factory(params)

    @classmethod
    def from_code(
        cls, text: str, *, unequal: bool = False, alias: str = "", pins: bool = False
    ) -> TakeAndBreak:
        """The game of the code ``text``."""
        return cls(OctalCode.parse(text), unequal, alias, pins)

    def board(self, state: Any) -> Board | None:
        """A row of pins (Kayles) or a heap of counters.

        >>> KAYLES.board(3)
        Strip(cells=('pin', 'pin', 'pin'), last=())
        """
        if self.pins and state <= MOST_PINS:
            return Strip(("pin",) * state)
        return Heaps((state,))

    def params_text(self) -> str | None:
        return None if self.alias else self.code.text

    def spec_name(self) -> str:
        return self.alias or f"octal:{self.code.text}"

    def expected_syntax(self) -> str:
        return f"{self.alias} N..." if self.alias else _SYNTAX

    def __str__(self) -> str:
        return self.spec_name()

    # ----- rules ------------------------------------------------------------------

    def removals(self, n: int) -> Iterator[tuple[int, int]]:
        """``(k, digit)`` for every amount ``k <= n`` with a non-zero digit."""
        top = n if self.code.max_removal is None else min(n, self.code.max_removal)
        for k in range(top + 1):
            if not k & 0xFFFF and k:
                check_time(k, "digits read")  # an infinite code to a huge heap: millions
            d = self.code.digit(k)
            if d:
                yield k, d

    def _quick_options(
        self, state: int, value: int, per: Periodicity | None
    ) -> Iterator[tuple[int, ...]]:
        """Options worth ``value`` found without listing every split of a huge heap under an
        arithmetic period: one heap, two equal heaps, and three heaps ``a, y, y`` (the two
        ``y`` cancel) with ``a`` where ``G(a) = value`` can be (bounds from the period)."""
        if per is None or not per.saltus or per.preperiod is None or per.period is None:
            return
        e, p, s = per.preperiod, per.period, per.saltus
        base = self._knowledge().base(e + p)
        phis = [p * base[x] - s * x for x in range(e, e + p)]
        lo = max(1, (p * value - max(phis)) // s - 1)
        hi = (p * value - min(phis)) // s + 1
        small = [a for a in range(1, min(e, state) + 1) if base[a] == value]
        for k, d in self.removals(min(state, len(self.code.digits))):
            r = state - k
            if d & 2 and r >= 1 and k >= 1 and per.value(base, r) == value:
                yield (r,)
            if d & 4 and r >= 2 and r % 2 == 0 and value == 0:
                yield (r // 2, r // 2)
            if d & 8:
                for a in [*small, *range(max(lo, e + 1), hi + 1)]:
                    if a <= r - 2 and (r - a) % 2 == 0 and per.value(base, a) == value:
                        yield tuple(sorted((a, (r - a) // 2, (r - a) // 2)))

    def split_moves(self, state: int) -> Iterator[tuple[int, ...]]:
        for k, d in self.removals(state):
            r = state - k
            if d & 1 and r == 0:
                yield ()
            if d & 2 and r >= 1 and k >= 1:
                yield (r,)
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    if not (self.unequal and 2 * a == r):
                        yield (a, r - a)
            if d & 8 and r >= 3:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        yield (a, b, r - a - b)

    def kernel_arrays(self, last: int) -> tuple[list[int], list[int], list[int], list[int]]:
        """``(whole, single, split, triple)`` for heaps up to ``last`` (see
        :mod:`grundy.kernels.heap`)."""
        whole_at = [k for k, d in self.removals(last) if d & 1]
        whole = [0] * (max(whole_at, default=0) + 1)
        single: list[int] = []
        split: list[int] = []
        triple: list[int] = []
        for k, d in self.removals(last):
            if d & 1:
                whole[k] = 1
            if d & 2 and k >= 1:
                single.append(k)
            if d & 4:
                split.append(k)
            if d & 8:
                triple.append(k)
        return whole, single, split, triple

    # ----- tables, periods and closed forms ----------------------------------------

    def periodicity_proof(self, preperiod: int, period: int, saltus: int) -> tuple[int, str] | None:
        """The bound of the octal periodicity theorem, or None where it does not apply.

        For a finite code removing at most ``t``: if ``G(n+p) = G(n)`` for
        ``e <= n < 2e + p + t`` then for all ``n >= e`` (Guy and Smith 1956;
        Winning Ways ch. 4). With three-heap moves the same induction needs
        ``n < 3e + 2p + t``. A saltus (``G(n+p) = G(n) + s``) of a code with three-heap
        moves goes to the finite check of :mod:`grundy.heap.saltus`. Nothing covers infinite
        codes or the unequal-split rule of Grundy's game.

        >>> TakeAndBreak.from_code("0.8").periodicity_proof(1, 3, 1)[0]
        10
        """
        t = self.code.max_removal
        if t is None or self.unequal:
            return None
        if saltus:
            return self._saltus_proof(preperiod, period, saltus)
        if self.code.hexadecimal:
            theorem = "periodicity theorem for take-and-break games, three-heap form, t={t}"
            return 3 * preperiod + 2 * period + t, theorem.format(t=t)
        return 2 * preperiod + period + t, f"octal periodicity theorem, bound 2e+p+t with t={t}"

    def _saltus_proof(self, e: int, p: int, s: int) -> tuple[int, str] | None:
        """The bound of the arithmetic-periodicity check (:mod:`grundy.heap.saltus`), which
        needs moves that leave three heaps; None where it finds no proof."""
        if not self.code.hexadecimal or s < 0:
            return None
        digits = tuple(self.code.digit(k) for k in range(len(self.code.digits) + 1))
        base = tuple(int(v) for v in self.table_values(e + p - 1)[: e + p])
        for d in range(1, p):
            # a multiple of a shorter arithmetic period: that one is the candidate to prove
            jump = s * d // p
            if (
                p % d == 0
                and s * d % p == 0
                and all(base[n + d] - base[n] == jump for n in range(e, e + p - d))
            ):
                return None
        cert = _saltus(digits, base, e, p, s)
        # never less than the plain theorem's bound (the period search filters by its form)
        t = len(digits) - 1
        return None if cert is None else (max(cert.bound, 3 * e + 2 * p + t), cert.text)

    def has_periodicity_theorem(self) -> bool:
        """True for a finite code without the unequal-split rule (the octal theorem)."""
        return self.code.max_removal is not None and not self.unequal

    def move_shape(self) -> tuple[int, int] | None:
        """``(2, t)`` for a finite octal code removing at most ``t`` (``(3, t)`` for a
        hexadecimal one), None for an infinite code or Grundy's unequal rule."""
        t = self.code.max_removal
        if t is None or self.unequal:
            return None
        return (3 if self.code.hexadecimal else 2), t

    def periodicity_bound_form(self) -> tuple[int, int, int] | None:
        """``(a, b, c)`` with ``periodicity_proof(e, p, s)[0] == a*e + b*p + c`` whenever it
        gives a bound (lets the period search skip hopeless candidates in compiled code).

        >>> TakeAndBreak.from_code("0.77").periodicity_bound_form()
        (2, 1, 2)
        """
        t = self.code.max_removal
        if t is None or self.unequal:
            return None
        return (3, 2, t) if self.code.hexadecimal else (2, 1, t)

    def _knowledge(self) -> _Knowledge:
        return _knowledge_for(self)

    def table_values(self, last: int) -> Any:
        """Values of heaps ``0..last`` as a numpy array (computed once, then cached)."""
        return self._knowledge().values(last)[: last + 1]

    def proved_periodicity(self) -> Periodicity | None:
        """The proved periodicity, if a table of moderate size proves one."""
        return self._knowledge().proved()

    def quadratic_heaps(self) -> str | None:
        """Why each heap costs time quadratic in its size, or None when it does not.

        >>> TakeAndBreak.from_code("0.[7]").quadratic_heaps()
        'an infinite code with two-heap moves'
        >>> KAYLES.quadratic_heaps() is None
        True
        """
        if self.code.hexadecimal:
            return "three-heap moves"
        if any(d & 4 for d in self.code.repeat):
            return "an infinite code with two-heap moves"
        return None

    def table_limit(self) -> int:
        """The largest heap answered from a computed table when no period is proved."""
        return TABLE_LIMIT if self.quadratic_heaps() is None else THREE_HEAP_TABLE_LIMIT

    def grundy_formula(self, state: int) -> int | None:
        return self._value(state)

    def _value(self, state: int, know: _Knowledge | None = None) -> int:
        # ``know``: the knowledge a caller works with throughout (clear_cache() in another
        # thread may replace the cached one meanwhile)
        know = self._knowledge() if know is None else know
        value = know.formula(state)
        if value is None:
            raise UnsupportedError(self._beyond_the_table(state))
        return value

    def _beyond_the_table(self, state: int) -> str:
        """Why heap ``state`` has no value here, and what can be asked instead."""
        name, limit = self.spec_name(), self.table_limit()
        why = self.quadratic_heaps()
        cost = f" ({why}: each heap costs time quadratic in its size)" if why else ""
        if self.periodicity_proof(0, 1, 0) is None:
            proof = "no periodicity theorem applies to this game"
        else:
            proof = f"no period is proved in its first {self._knowledge().tried_proof:,} heaps"
        return (
            f"{name} {state}: {proof}, and heap {state:,} is beyond the table limit of "
            f"{limit:,} heaps{cost}; ask about heaps up to {limit:,}, or explore with "
            f"'grundy table {name} -n N --time-limit SECONDS' or 'grundy period {name}'"
        )

    def formula_name(self) -> str:
        return self._knowledge().describe()

    def options_with_value(self, state: int, value: int) -> Iterable[tuple[int, ...]]:
        """Options of heap ``state`` worth ``value``, lazily (yielded as found).

        With a proved period the search is over one period plus the preperiod
        for each amount removed, whatever the heap (see :meth:`_periodic_options`).

        >>> from itertools import islice
        >>> n = 10**100
        >>> [(a, n - a - b) for a, b in islice(KAYLES.options_with_value(n, 0), 3)]
        [(1, 2), (7, 2), (9, 2)]
        """
        know = self._knowledge()

        def g(s: int) -> int:
            return self._value(s, know)

        g(state)  # the table or the period now covers every heap up to state
        per = know.period
        if per is not None and not self.code.hexadecimal:
            yield from self._periodic_options(state, value, per)
            return
        if state >= 1 << 62 or self.code.hexadecimal:
            quick = set(self._quick_options(state, value, know.period))
            yield from sorted(quick)
            if state > self.table_limit():
                # every split of a heap past the table limit: too many to look through
                raise ListingCut
            for count, option in enumerate(self.split_moves(state)):
                if option in quick:
                    continue
                if count & 0xFFF == 0xFFF:
                    check_time(count, "moves looked at")  # a huge heap has countless moves
                x = 0
                for s in option:
                    x ^= g(s)
                if x == value:
                    yield option
            return
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        look = know.lookup
        for k, d in self.removals(state):
            r = state - k
            if d & 1 and r == 0 and value == 0:
                yield ()
            if d & 2 and r >= 1 and k >= 1 and g(r) == value:
                yield (r,)
            if d & 4 and r >= 2:
                top = r // 2 - (1 if self.unequal and r % 2 == 0 else 0)
                for lo in range(1, top + 1, 4096):
                    a = np.arange(lo, min(top, lo + 4095) + 1, dtype=np.int64)
                    for i in np.flatnonzero((look(a) ^ look(r - a)) == value):
                        yield (int(a[i]), r - int(a[i]))

    def _periodic_options(
        self, state: int, value: int, per: Periodicity
    ) -> Iterator[tuple[int, ...]]:
        """The options worth ``value``, in the order of :meth:`split_moves`, from a proved
        period ``p`` from heap ``e`` (no saltus; codes without three-heap moves).

        A split ``(a, r - a)`` with ``e <= a <= r - a`` has the value
        ``T[e + (a - e) % p] ^ T[e + (r - a - e) % p]``, which depends only on
        ``a mod p``: the residues that give ``value`` are found once (one period),
        the parts ``a < e`` one by one (the preperiod), and then every ``a`` of a
        matching residue is yielded without looking at the others.
        """
        e, p, table = _period_parts(self, per)
        for k, d in self.removals(state):
            r = state - k
            if d & 1 and r == 0 and value == 0:
                yield ()
            if d & 2 and r >= 1 and k >= 1 and _periodic_value(table, e, p, r) == value:
                yield (r,)
            if d & 4 and r >= 2:
                top = r // 2 - (1 if self.unequal and r % 2 == 0 else 0)
                small = min(top, e - 1)
                for a in range(1, small + 1):
                    if int(table[a]) ^ _periodic_value(table, e, p, r - a) == value:
                        yield (a, r - a)
                lo = max(1, e)
                if lo > top:
                    continue
                offsets = _matching_offsets(table, e, p, r=r, lo=lo, value=value)
                if not offsets:
                    continue
                for start in range(lo, top + 1, p):
                    for o in offsets:
                        a = start + o
                        if a > top:
                            break
                        yield (a, r - a)

    def count_options_with_value(self, state: int, value: int) -> int | None:
        """Count by arithmetic per residue class when a period is proved (any heap), else by
        vectorised table look-ups for heaps up to :data:`COUNT_LIMIT` (None beyond, for
        three-heap moves, or for infinitely many split amounts).

        >>> KAYLES.count_options_with_value(1_000_000, 0)
        83338
        >>> KAYLES.count_options_with_value(10**30, 0)
        83333333333333333333333333338
        """
        if self.code.hexadecimal:
            return None
        if not self.code.finite and any(d & 4 for d in self.code.repeat):
            return None
        know = self._knowledge()
        if state <= COUNT_LIMIT or know.period is not None:
            self._value(state, know)  # make sure the table or the period covers the heap
        per = know.period
        if per is not None:
            return self._periodic_count(state, value, per)
        if state > COUNT_LIMIT:
            return None
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        g = know.lookup
        count = 0
        for k, d in self.removals(state):
            r = state - k
            if d & 1 and r == 0 and value == 0:
                count += 1
            if d & 2 and r >= 1 and k >= 1 and int(g(np.array([r]))[0]) == value:
                count += 1
            if d & 4 and r >= 2:
                a = np.arange(1, r // 2 + 1, dtype=np.int64)
                if self.unequal and r % 2 == 0:
                    a = a[:-1]
                count += int(np.count_nonzero((g(a) ^ g(r - a)) == value))
        return count

    def _periodic_count(self, state: int, value: int, per: Periodicity) -> int:
        """:meth:`count_options_with_value` from a proved period: the parts below the
        preperiod one by one, the rest as a count of numbers of each matching residue."""
        e, p, table = _period_parts(self, per)
        count = 0
        for k, d in self.removals(state):
            r = state - k
            if d & 1 and r == 0 and value == 0:
                count += 1
            if d & 2 and r >= 1 and k >= 1 and _periodic_value(table, e, p, r) == value:
                count += 1
            if d & 4 and r >= 2:
                top = r // 2 - (1 if self.unequal and r % 2 == 0 else 0)
                for a in range(1, min(top, e - 1) + 1):
                    if int(table[a]) ^ _periodic_value(table, e, p, r - a) == value:
                        count += 1
                lo = max(1, e)
                if lo <= top:
                    for o in _matching_offsets(table, e, p, r=r, lo=lo, value=value):
                        # numbers lo + o + j*p <= top, j >= 0
                        if lo + o <= top:
                            count += (top - lo - o) // p + 1
        return count

    def describe_move(self, state: int, option: tuple[int, ...]) -> str:
        k = state - sum(option)
        if not option:
            return f"take the whole heap of {state}"
        if len(option) == 1:
            return f"take {k} from the heap of {state}"
        parts = " and ".join(str(h) for h in option)
        if k == 0:
            return f"split the heap of {state} into heaps of {parts}"
        return f"take {k} from the heap of {state} and split the rest into heaps of {parts}"

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """:meth:`split_moves` as :class:`~grundy.core.game.Play` values; on a row of pins
        (:meth:`board`: Kayles, Dawson's Kayles) each names the run of pins it takes, the
        smaller part (or none) left on the left; on a heap, the heap (cell 0 of its Heaps board).

        >>> [(p.after, p.cells) for p in KAYLES.plays(4)]
        [((3,), (0,)), ((1, 2), (1,)), ((2,), (0, 1)), ((1, 1), (1, 2))]
        """
        row = self.pins and state <= MOST_PINS
        for option in self.split_moves(state):
            cells = _pins_taken(state, option) if row else (0,)  # the pins, or the heap
            yield Play(option, player, cells, self.describe_move(state, option))

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        return [f"Values of {self.spec_name()} heaps come from {self.formula_name()}."]


def _pins_taken(n: int, option: tuple[int, ...]) -> tuple[int, ...]:
    """The run of a row of ``n`` pins a move to ``option`` takes: none left, the rest on
    the right, or the parts on either side of it; () for a move no one run makes.

    >>> _pins_taken(5, ()), _pins_taken(5, (3,)), _pins_taken(5, (1, 2)), _pins_taken(5, (1, 1, 1))
    ((0, 1, 2, 3, 4), (0, 1), (1, 2), ())
    """
    if len(option) > 2:
        return ()
    left, right = (option[0], option[1]) if len(option) == 2 else (0, sum(option))
    return tuple(range(left, n - right))


class _Knowledge:
    """What is known about one ruleset's sequence: a table, and maybe a proved period."""

    def __init__(self, game: TakeAndBreak) -> None:
        self.game = game
        self.table: Any = None
        self.period: Periodicity | None = None
        self.tried_proof = 0
        self._base: list[int] = []
        # Threads share this object: the table and the period are replaced whole (a reader
        # sees an old one or a new one), and made under the lock (one thread builds them).
        self._lock = threading.RLock()

    def base(self, length: int) -> list[int]:
        """The values of heaps ``0..length-1`` as Python ints (kept for the next call)."""
        base = self._base
        if len(base) < length:
            with self._lock:
                base = self._base
                if len(base) < length:
                    base = self._base = [int(v) for v in self.values(length - 1)[:length]]
        return base

    def values(self, last: int) -> Any:
        from grundy.heap.table import build_table  # noqa: PLC0415 (lazy: numpy)

        table = self.table
        if table is not None and len(table) > last:
            return table
        with self._lock:
            table = self.table
            if table is None or len(table) <= last:
                size = max(last, 2 * (len(table) if table is not None else 0), 256)
                table = self.table = build_table(self.game, size, prefix=table)
            return table

    def proved(self) -> Periodicity | None:
        if self.period is not None:
            return self.period
        if self.game.periodicity_proof(0, 1, 0) is None:
            return None
        with self._lock:
            return self._prove()

    def _prove(self) -> Periodicity | None:
        from grundy.heap.period import periodicity  # noqa: PLC0415 (lazy: numpy)

        if self.period is not None:
            return self.period
        for size in (1 << 10, 1 << 13, 1 << 16):
            if size <= self.tried_proof or size > self.game.table_limit():
                continue
            self.tried_proof = size
            found = periodicity(self.game, self.values(size)[: size + 1])
            if found.proved:
                self.period = found
                return found
        return None

    def formula(self, n: int) -> int | None:
        table = self.table
        if table is not None and n < len(table):
            return int(table[n])
        if n > 1 << 12:
            per = self.proved()
            if per is not None:
                return per.value(self.table, n)
        if n <= self.game.table_limit():
            return int(self.values(n)[n])
        return None

    def lookup(self, heaps: Any) -> Any:
        """Values of a numpy array of heaps, all covered by the table or the proved period."""
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        table = self.table
        if int(heaps.max(initial=0)) < len(table):
            return table[heaps]
        per = self.period
        assert per is not None and per.preperiod is not None and per.period is not None
        e, p = per.preperiod, per.period
        assert not per.saltus  # (a saltus is proved only with three-heap moves: no lookups)
        return table[np.where(heaps < e, heaps, e + (heaps - e) % p)]

    def describe(self) -> str:
        if self.period is not None:
            return f"Grundy table with {self.period.reason}"
        last = len(self.table) - 1 if self.table is not None else 0
        return f"Grundy table of {self.game.spec_name()} computed to heap {last:,}"


def _period_parts(game: TakeAndBreak, per: Periodicity) -> tuple[int, int, list[int]]:
    """``(e, p, values of heaps 0..e+p-1 as Python ints)`` of a proved period."""
    e, p = per.preperiod, per.period
    assert e is not None and p is not None and not per.saltus
    return e, p, game._knowledge().base(e + p)


def _periodic_value(table: Sequence[int], e: int, p: int, n: int) -> int:
    """``G(n)`` from the values ``table`` of heaps ``0..e+p-1`` (period ``p`` from ``e``)."""
    return table[n] if n < e + p else table[e + (n - e) % p]


def _matching_offsets(
    table: Sequence[int], e: int, p: int, *, r: int, lo: int, value: int
) -> list[int]:
    """The offsets ``0 <= o < p``, in order, for which the split ``(lo + o, r - lo - o)``
    is worth ``value``; both parts are at least ``e`` (``e <= lo <= a <= r - a``), so the
    same holds for ``a = lo + o + j*p`` for every ``j``."""
    out = []
    for o in range(p):
        a = lo + o
        if table[e + (a - e) % p] ^ table[e + (r - a - e) % p] == value:
            out.append(o)
    return out


#: Tables and periods per game, the few most recently used (tables can be large).
_KNOWN: BoundedCache[TakeAndBreak, _Knowledge] = register(BoundedCache(8))


def _knowledge_for(game: TakeAndBreak) -> _Knowledge:
    know = _KNOWN.get(game)
    if know is None:
        know = _KNOWN.setdefault(game, lambda: _Knowledge(game))
    return know


def _octal_factory(params: str | None) -> TakeAndBreak:
    if params is None:
        raise InvalidSpecError("octal needs its code, e.g. octal:0.07", _SYNTAX)
    return TakeAndBreak(OctalCode.parse(params))


#: Kayles: knock down one pin or two adjacent pins from a row.
KAYLES = TakeAndBreak.from_code("0.77", alias="kayles", pins=True)
#: Dawson's Kayles: knock down two adjacent pins.
DAWSON = TakeAndBreak.from_code("0.07", alias="dawson", pins=True)
#: Dawson's chess as the octal game 0.137.
DAWSONS_CHESS = TakeAndBreak.from_code("0.137", alias="dawsons-chess")
#: Grundy's game: split a heap into two unequal non-empty heaps.
GRUNDYS_GAME = TakeAndBreak.from_code("4.0", unequal=True, alias="grundys-game")

#: The named take-and-break games, one line of data each (as CGSuite's game library).
NAMED = (
    NamedRuleset(
        KAYLES,
        rule="knock down one pin or two adjacent pins from a row of N (octal 0.77)",
        example="kayles 4 7",
    ),
    NamedRuleset(
        DAWSON,
        rule="Dawson's Kayles: knock down two adjacent pins from a row of N (octal 0.07)",
        example="dawson 5 8",
        aliases=("dawsons-kayles",),
    ),
    NamedRuleset(
        DAWSONS_CHESS,
        rule="Dawson's chess as octal 0.137: take 1 from a heap of 1, 2 from a heap of 2, "
        "or 3 from a heap, leaving up to two heaps",
        example="dawsons-chess 6",
    ),
    NamedRuleset(
        GRUNDYS_GAME,
        rule="split one heap into two non-empty heaps of different sizes",
        example="grundys-game 9 10",
    ),
)
