"""The table of canonical short games held by the compiled core (``grundy/_core/canon_*.c``).

The same names as :mod:`grundy.cgt._pytable`, its pure-Python twin, with the same answers:
ids, ``LEFT[i]``/``RIGHT[i]`` (sorted tuples of ids), ``NUMBER[i]``, ``NUS[i]``, stops
and birthdays read through columns that ask the C table, and ``le``/``add``/``neg``/``make``
run in C. The C table keeps numbers as int64 fixed-point values ``x * 2**44``; numbers past
the twin's bounds are refused with the same messages.

>>> if available():
...     a = number_id(Fraction(1, 2))
...     (left,), (right,) = LEFT[a], RIGHT[a]
...     print(NUMBER[left], NUMBER[right], NUMBER[a], le(0, a), le(a, 0))
... else:
...     print("0 1 1/2 True False")
0 1 1/2 True False
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any, Generic, TypeVar

from grundy.cgt import _pytable as _py
from grundy.core.limits import check_time
from grundy.errors import TableFullError, UnsupportedError
from grundy.kernels._core import _load, core_module

__all__ = ["available", "hold", "release", "stats"]
__all__.extend(_py.TABLE_NAMES)  # declared once, there

MAX_DENOMINATOR_BITS = _py.MAX_DENOMINATOR_BITS
MAX_INTEGER = _py.MAX_INTEGER
MAX_NIMBER = _py.MAX_NIMBER
MAX_UPS = _py.MAX_UPS
simplest_between = _py.simplest_between

_FRAC = 44  # core.h's CANON_FRAC_BITS
_ONE = 1 << _FRAC
_V = TypeVar("_V")

_MODULE: list[ModuleType | None] = []


def _core() -> Any:
    """The compiled core, configured (the time check, the error class) on first use; None
    when it was not built (``GRUNDY_PURE_PYTHON`` does not hide it here: see _table)."""
    if not _MODULE:
        module = _load()[0]
        if module is not None and hasattr(module, "canon_configure"):
            bounds = module.canon_configure(check_time, UnsupportedError, _fraction)
            if bounds[:4] != (_FRAC, MAX_INTEGER, MAX_NIMBER, MAX_UPS):  # pragma: no cover
                raise ImportError(f"grundy._core: canon_table.c's bounds {bounds} differ")
        else:
            module = None
        _MODULE.append(module)
    return _MODULE[0]


def available() -> bool:
    """True when the compiled core has the table and is not switched off
    (``GRUNDY_PURE_PYTHON=1``): then this module may be used."""
    return core_module() is not None and _core() is not None


def _fraction(fixed: int) -> Fraction:
    return Fraction(fixed, _ONE)


def _fixed(x: Fraction) -> int:
    """``x * 2**44`` for a number within the bounds (else the twin's error)."""
    den = x.denominator
    if den & (den - 1) or abs(x) > MAX_INTEGER or den.bit_length() > MAX_DENOMINATOR_BITS + 1:
        _py.number_id(x)  # raises the error (ValueError or UnsupportedError)
        raise AssertionError(x)  # pragma: no cover - number_id raised
    return int(x.numerator) << (_FRAC + 1 - den.bit_length())


class _Column(Generic[_V]):
    """``column[i]``: one tag of game ``i``, read from the C table (for the type checker;
    :func:`_column` makes the real ones, whose ``__getitem__`` is the C function itself)."""

    __slots__ = ()

    def __getitem__(self, i: int) -> _V:  # pragma: no cover - replaced by _column
        raise NotImplementedError

    def __len__(self) -> int:
        return int(_core().canon_size())


def _column(name: str, floats: bool = False) -> Any:
    """A column reading ``canon_<name>`` of the compiled core, or an empty one without it."""
    core = _core()
    if core is None:
        return _Column()
    get = getattr(core, f"canon_{name}")
    if floats:
        return type(
            f"_{name}_float", (_Column,), {"__slots__": (), "__getitem__": _as_float(get)}
        )()
    # a builtin function as __getitem__ is called as get(i): no Python frame in between
    return type(f"_{name}", (_Column,), {"__slots__": (), "__getitem__": get})()


def _as_float(get: Callable[[int], Fraction]) -> Callable[[Any, int], float]:
    def item(_self: Any, i: int) -> float:
        return float(get(i))

    return item


LEFT: _Column[tuple[int, ...]] = _column("left")
RIGHT: _Column[tuple[int, ...]] = _column("right")
NUMBER: _Column[Fraction | None] = _column("number_of")
NUS: _Column[tuple[Fraction, int, int] | None] = _column("nus_of")
BIRTHDAY: _Column[int] = _column("birthday")
LSTOP: _Column[Fraction] = _column("lstop")
RSTOP: _Column[Fraction] = _column("rstop")
LSTOPF: _Column[float] = _column("lstop", floats=True)
RSTOPF: _Column[float] = _column("rstop", floats=True)
SHASH: _Column[int] = _column("shash")


def size() -> int:
    """How many canonical games the table holds."""
    return int(_core().canon_size())


def stats() -> dict[str, int]:
    """Sizes and cache counters of the C table (ids, bytes, le/add hits and misses)."""
    return dict(_core().canon_stats())


def clear_memos() -> None:
    """Forget memoised comparisons, sums and negatives (the table stays)."""
    _core().canon_clear_memos()


def reset() -> None:
    """Empty the whole table; only zero (id 0) is made again."""
    _core().canon_reset()


def _nothing() -> None:
    """What :func:`hold` and :func:`release` are without the compiled core."""


#: ``hold()``: this thread holds ids of the C table (:func:`grundy.cgt._table.shared`): until
#: ``release()``, C refuses a reset or compaction asked by another thread. Both are the C
#: functions themselves (no Python frame), or do nothing without the compiled core.
hold: Callable[[], None] = _nothing if _core() is None else _core().canon_hold
release: Callable[[], None] = _nothing if _core() is None else _core().canon_release


def set_limit(limit: int) -> None:
    """Bound the table to ``limit`` games (0: no bound): making one more raises
    :class:`~grundy.errors.TableFullError` (zero is always made)."""
    _core().canon_set_limit(max(0, limit), TableFullError)


def compact(roots: Iterable[int]) -> Sequence[int]:
    """Keep only the games reachable from ``roots`` (and zero), renumbered in their order;
    the memos are emptied and the arrays shrunk. The new id of each old one, -1 for a game
    dropped. No id may be held elsewhere (the caller renumbers them)."""
    ids = roots if isinstance(roots, array) else array("i", roots)
    new = array("i")
    new.frombytes(_core().canon_compact(ids))
    return new


def intern(lefts: tuple[int, ...], rights: tuple[int, ...]) -> int:
    """The id of ``{lefts | rights}``, which must already be in canonical form."""
    return int(_core().canon_intern(lefts, rights))


def make(lefts: Iterable[int], rights: Iterable[int]) -> int:
    """The id of the canonical form of ``{lefts | rights}`` (options are ids)."""
    return int(_core().canon_make(lefts, rights))


def le(a: int, b: int) -> bool:
    """``a <= b`` for two ids."""
    return bool(_core().canon_le(a, b))


def add(a: int, b: int) -> int:
    """The id of ``a + b``."""
    return int(_core().canon_add(a, b))


def neg(a: int) -> int:
    """The id of ``-a``."""
    return int(_core().canon_neg(a))


class _NegMemo:
    """What :func:`neg_memo` gives: ``.get(a)`` is ``-a`` (never a miss)."""

    __slots__ = ("get",)

    def __init__(self, get: Callable[[int], int]) -> None:
        self.get = get


def neg_memo() -> _NegMemo:
    """An object whose ``get(a)`` is the id of ``-a`` (the twin's memo dict, for hot loops)."""
    return _NegMemo(_core().canon_neg)


def number_id(x: Fraction) -> int:
    """The id of the dyadic rational ``x`` (its canonical form is made on the way)."""
    return int(_core().canon_dyadic(_fixed(Fraction(x))))


def nus_id(x: Fraction, n: int, m: int) -> int:
    """The id of ``x + n.^ + *m``."""
    if n == 0 and m == 0:
        return number_id(x)
    if m < 0:
        raise ValueError(f"*{m}: a nimber needs m >= 0")
    if m > MAX_NIMBER or abs(n) > MAX_UPS:
        return _py.nus_id(x, n, m)  # the twin's error, at once (no work: bounds first)
    return int(_core().canon_nus_id(_fixed(Fraction(x)), n, m))
