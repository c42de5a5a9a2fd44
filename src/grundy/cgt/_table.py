"""The table of canonical short games (private kernel of :mod:`grundy.cgt`): which one runs.

Every canonical game is an integer id. Game ``i`` is ``{LEFT[i] | RIGHT[i]}``, both sorted
tuples of smaller ids, so two ids are equal exactly when the values are equal. Each id
carries tags worked out once: ``NUMBER[i]`` (or None), ``NUS[i]``, the ``x + n.^ + *m``
form (or None), ``BIRTHDAY[i]``, stops ``LSTOP[i]``/``RSTOP[i]`` and a structural hash
``SHASH[i]``; :func:`le`, :func:`add`, :func:`neg` and :func:`make` work on ids.

Two tables answer alike: the compiled one (``grundy/_core/canon_*.c``, through
:mod:`grundy.cgt._ctable`) when the core is built, and the pure-Python reference
(:mod:`grundy.cgt._pytable`) otherwise or with ``GRUNDY_PURE_PYTHON=1``. The choice is made
at import and again at each :func:`reset` (``grundy.clear_cache()``), when no id is held:
the names of this module are rebound then, so callers read them as ``T.add``, ``T.LEFT``.

>>> a = number_id(Fraction(1, 2))
>>> len(LEFT[a]), len(RIGHT[a])  # 1/2 = {0|1}
(1, 1)
>>> le(0, a), le(a, 0)
(True, False)
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, ParamSpec, Protocol, TypeVar

from grundy.cgt import _ctable, _pytable
from grundy.core.limits import memory_budget
from grundy.errors import InvalidSpecError, TableFullError
from grundy.kernels._core import core_module

__all__ = [
    "ROOM_MAKERS",
    "alone",
    "backend",
    "exclusive",
    "guarded",
    "memory_bytes",
    "reset",
    "set_table_limit",
    "shared",
    "table_limit",
    "unbounded",
]
__all__.extend((*_pytable.SWITCHED, *_pytable.CONSTANTS))  # declared once, there

_V_co = TypeVar("_V_co", covariant=True)


class Column(Protocol[_V_co]):
    """A tag of every game, read as ``column[id]`` (a list, or a view of the C table)."""

    def __getitem__(self, i: int, /) -> _V_co: ...


class Memo(Protocol):
    """What :func:`neg_memo` gives: ``get(id)`` is a negative's id, or None when not known."""

    def get(self, key: int, /) -> int | None: ...


MAX_DENOMINATOR_BITS = _pytable.MAX_DENOMINATOR_BITS
MAX_INTEGER = _pytable.MAX_INTEGER
MAX_NIMBER = _pytable.MAX_NIMBER
MAX_UPS = _pytable.MAX_UPS
simplest_between = _pytable.simplest_between

# The running table's names (rebound by _select).
LEFT: Column[tuple[int, ...]] = _pytable.LEFT
RIGHT: Column[tuple[int, ...]] = _pytable.RIGHT
NUMBER: Column[Fraction | None] = _pytable.NUMBER
NUS: Column[tuple[Fraction, int, int] | None] = _pytable.NUS
BIRTHDAY: Column[int] = _pytable.BIRTHDAY
LSTOP: Column[Fraction] = _pytable.LSTOP
RSTOP: Column[Fraction] = _pytable.RSTOP
LSTOPF: Column[float] = _pytable.LSTOPF
RSTOPF: Column[float] = _pytable.RSTOPF
SHASH: Column[int] = _pytable.SHASH
add: Callable[[int, int], int] = _pytable.add
le: Callable[[int, int], bool] = _pytable.le
neg: Callable[[int], int] = _pytable.neg
make: Callable[[Iterable[int], Iterable[int]], int] = _pytable.make
intern: Callable[[tuple[int, ...], tuple[int, ...]], int] = _pytable.intern
number_id: Callable[[Fraction], int] = _pytable.number_id
nus_id: Callable[[Fraction, int, int], int] = _pytable.nus_id
neg_memo: Callable[[], Memo] = _pytable.neg_memo
size: Callable[[], int] = _pytable.size
clear_memos: Callable[[], None] = _pytable.clear_memos
compact: Callable[[Iterable[int]], Sequence[int]] = _pytable.compact
_set_limit: Callable[[int], None] = _pytable.set_limit
_reset: Callable[[], None] = _pytable.reset
_BACKEND = ["python"]

_NAMES = _pytable.SWITCHED  # declared once, there


def _select() -> None:
    """Bind this module's names to the compiled table when the core runs, else the twin."""
    use_c = _ctable.available()
    source: Any = _ctable if use_c else _pytable
    names = {name: getattr(source, name) for name in _NAMES}
    names["_reset"] = source.reset
    names["_set_limit"] = source.set_limit
    if use_c:  # the hot functions straight from C, without a Python frame around them
        core: Any = core_module()
        names.update(add=core.canon_add, le=core.canon_le, neg=core.canon_neg, make=core.canon_make)
    globals().update(names)
    _BACKEND[0] = "compiled" if use_c else "python"
    _set_limit(_limit(strict=False))


def backend() -> str:
    """``"compiled"`` or ``"python"``: which table runs now."""
    return _BACKEND[0]


def reset() -> None:
    """Empty the whole table (only zero, id 0, is made again) and choose the table anew."""
    _reset()  # the old table gives its memory back first
    _select()
    _reset()


# ----- the bound on the table ----------------------------------------------------------
#
# Past its bound, making a game raises TableFullError; grundy.cgt.value_of then keeps the games
# its memos and the live values need, drops the rest (compact), and goes on.

#: Bytes a game costs, about, with its share of the memos (for the default bound).
_GAME_BYTES = {"compiled": 1024, "python": 4096}
_LIMIT_ENV = "GRUNDY_CGT_TABLE_LIMIT"
_SET: list[int | None] = [None]  # set_table_limit's bound (None: the environment's or default)


def memory_bytes() -> int:
    """The memory this process can still have, in bytes: the machine's, or less under a
    ``ulimit`` or a cgroup limit (:func:`grundy.core.limits.memory_budget`; 8 GiB where
    none can be read)."""
    budget = memory_budget()
    return 8 << 30 if budget is None else budget


def _limit(*, strict: bool = True) -> int:
    if _SET[0] is not None:
        return _SET[0]
    text = os.environ.get(_LIMIT_ENV, "").strip()
    if text:
        if text.lower() == "none":
            return 0
        try:
            value = int(text.replace("_", ""))
            if value >= 0:
                return value
        except ValueError:
            pass
        if strict:
            raise InvalidSpecError(
                f"{_LIMIT_ENV}={text!r} is not a number of games", "an integer >= 1, or none"
            )
    return min(memory_bytes() // 2 // _GAME_BYTES[_BACKEND[0]], 2**31 - 2)


def table_limit() -> int:
    """The most games the table holds (0: no bound): ``set_table_limit``'s, else
    ``GRUNDY_CGT_TABLE_LIMIT`` (a number, or ``none``), else half the machine's memory at
    about 1 KiB a game (4 KiB in the pure-Python table). A bad variable: one line.

    >>> table_limit() > 1000
    True
    """
    return _limit()


def set_table_limit(games: int | None) -> None:
    """Bound the table to ``games`` games (0: no bound; None: back to the default).

    >>> set_table_limit(10**6); table_limit()
    1000000
    >>> set_table_limit(None)
    """
    if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 0):
        raise InvalidSpecError(f"a table bound of {games!r} games", "an integer >= 0 (0: none)")
    _SET[0] = games
    _set_limit(_limit(strict=False))


@contextmanager
def unbounded() -> Iterator[None]:
    """No bound within the block (for remaking games already known to be needed)."""
    _set_limit(0)
    try:
        yield
    finally:
        _set_limit(_limit(strict=False))


# ----- sharing the table between threads ---------------------------------------------
#
# Ids are only ever appended (under a lock: in C the table's own, checked in C), so any number
# of threads may read and extend the table at once; the memos map ids to answers that do not
# depend on who computed them. Only :func:`reset` (``clear_cache``) and :func:`compact`
# renumber: they run alone, once every computation that holds ids (inside :func:`shared`) has
# finished, and new ones wait for them. The compiled table is told of each thread's holds
# (``_ctable.hold``) and refuses, in C, a reset or compaction while another thread holds it
# or any computation runs in C, whoever calls it.


class _Sharing:
    """How many computations hold the table, and whether a reset waits or runs."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.users = 0  # computations inside shared(), over all threads
        self.resetting = False
        self.depth = threading.local()  # per thread: how deep inside shared() it is


_SHARING = _Sharing()


@contextmanager
def shared() -> Iterator[None]:
    """Hold the table for a computation: ids stay valid (no reset) until it ends.

    Re-entrant in a thread; a computation waits only while a reset runs.
    """
    st = _SHARING
    depth = getattr(st.depth, "n", 0)
    if depth == 0:
        with st.cond:
            while st.resetting:
                st.cond.wait()
            st.users += 1
    st.depth.n = depth + 1
    held = False
    try:
        if depth == 0:
            _ctable.hold()
            held = True
        yield
    finally:
        if held:
            _ctable.release()
        st.depth.n = depth
        if depth == 0:
            with st.cond:
                st.users -= 1
                if st.users == 0:
                    st.cond.notify_all()


@contextmanager
def exclusive() -> Iterator[None]:
    """Have the table alone: wait for running computations, hold back new ones."""
    st = _SHARING
    mine = 1 if getattr(st.depth, "n", 0) else 0  # a computation of this thread clearing
    with st.cond:
        while st.resetting:
            st.cond.wait()
        st.resetting = True
        while st.users > mine:
            st.cond.wait()
    try:
        yield
    finally:
        with st.cond:
            st.resetting = False
            st.cond.notify_all()


@contextmanager
def alone() -> Iterator[bool]:
    """Like :func:`exclusive` when no other computation holds the table (yields True:
    ids may be renumbered, then every holder renumbered); yields False at once otherwise."""
    st = _SHARING
    mine = 1 if getattr(st.depth, "n", 0) else 0
    with st.cond:
        ok = not st.resetting and st.users == mine
        if ok:
            st.resetting = True
    try:
        yield ok
    finally:
        if ok:
            with st.cond:
                st.resetting = False
                st.cond.notify_all()


_P = ParamSpec("_P")
_R = TypeVar("_R")


def guarded(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` run inside :func:`shared` (for entry points that hold ids between steps);
    when the table fills up in an outermost call, room is made (``ROOM_MAKERS``) and ``fn``
    runs once again."""

    @functools.wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if getattr(_SHARING.depth, "n", 0):
            return fn(*args, **kwargs)
        try:
            with shared():
                return fn(*args, **kwargs)
        except TableFullError:  # between computations no id is held: room, then once again
            if not any(make() for make in ROOM_MAKERS):
                raise
        with shared():
            return fn(*args, **kwargs)

    return run


#: Functions that make room in a full table when no computation holds it (True when they
#: did): :func:`guarded` entry points (which take values, never ids) run once again then.
ROOM_MAKERS: list[Callable[[], bool]] = []


_select()
