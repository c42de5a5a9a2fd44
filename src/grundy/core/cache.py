"""One owner for every cache: :func:`clear_all` forgets everything grundy remembers.

A module that keeps results between questions registers its cache here (any
object with a ``clear()`` method, an ``lru_cache``-wrapped function included,
or a function that empties a package's tables), so ``grundy.clear_cache()``
reaches all of them.

Every cache is safe to share between threads, in one of two styles:

* a *result cache* keeps whole answers (tables, builders, solved boards) and
  forgets the least recently used past its size: :class:`BoundedCache`
  (locked; ``functools.lru_cache`` is the same policy for pure functions);
* a *memo* of a search maps positions to finished values only (never a
  "working on it" mark), is written by any thread (two threads that meet the
  same position both compute the same value), and is emptied by
  :func:`clear_all` by giving fresh tables, so a search running meanwhile
  keeps a consistent one. A memo bounded in size (the partisan split caches)
  empties itself whole when full: its entries are cheap to make again.

>>> store: dict[int, int] = {1: 1}
>>> _ = register(store)
>>> clear_all()
>>> store
{}
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["BoundedCache", "clear_all", "memo_put", "register"]


_C = TypeVar("_C")
_K = TypeVar("_K")
_V = TypeVar("_V")

_CACHES: list[Any] = []
_LOCK = threading.Lock()


def register(cache: _C) -> _C:
    """Add ``cache`` (with ``clear()`` or ``cache_clear()``, or a function of no arguments
    that empties something) to those :func:`clear_all` empties; returns it."""
    with _LOCK:
        _CACHES.append(cache)
    return cache


def clear_all() -> None:
    """Empty every registered cache."""
    with _LOCK:
        caches = list(_CACHES)
    for cache in caches:
        clear = getattr(cache, "cache_clear", None) or getattr(cache, "clear", None) or cache
        clear()


def memo_put(memo: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Remember ``value`` for ``key`` in a bounded memo, emptied whole first when it already
    holds ``limit`` entries (its entries are cheap to make again); returns ``value``.

    >>> memo: dict[int, int] = {1: 1, 2: 4}
    >>> memo_put(memo, 3, 9, limit=2), memo
    (9, {3: 9})
    """
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


class BoundedCache(Generic[_K, _V]):
    """A mapping that keeps at most ``size`` entries, forgetting the least recently used.

    >>> c: BoundedCache[str, int] = BoundedCache(2)
    >>> c["a"], c["b"], c["c"] = 1, 2, 3
    >>> sorted(c.keys())
    ['b', 'c']
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[_K, _V] = OrderedDict()
        self._lock = threading.Lock()  # the web server solves in several threads

    def get(self, key: _K) -> _V | None:
        """The value for ``key`` (now the most recently used), or None."""
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
            return None

    def __getitem__(self, key: _K) -> _V:
        with self._lock:
            self._data.move_to_end(key)
            return self._data[key]

    def __setitem__(self, key: _K, value: _V) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def setdefault(self, key: _K, make: Callable[[], _V]) -> _V:
        """The value for ``key``, made by ``make()`` and kept when missing (one per key, even
        with several threads asking at once; ``make`` runs under the lock, so keep it cheap)."""
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
            value = self._data[key] = make()
            while len(self._data) > self.size:
                self._data.popitem(last=False)
            return value

    def pop(self, key: _K) -> _V | None:
        """Forget ``key``; its value, or None."""
        with self._lock:
            return self._data.pop(key, None)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)

    def keys(self) -> list[_K]:
        with self._lock:
            return list(self._data)

    def values(self) -> list[_V]:
        with self._lock:
            return list(self._data.values())

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
