"""One owner for every cache: :func:`clear_all` forgets everything grundy remembers.

A module that keeps results between questions registers its cache here (any
object with a ``clear()`` method, an ``lru_cache``-wrapped function included),
so ``grundy.clear_cache()`` reaches all of them.

>>> store: dict[int, int] = {1: 1}
>>> _ = register(store)
>>> clear_all()
>>> store
{}
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

__all__ = ["BoundedCache", "clear_all", "register"]


_C = TypeVar("_C")
_K = TypeVar("_K")
_V = TypeVar("_V")

_CACHES: list[Any] = []


def register(cache: _C) -> _C:
    """Add ``cache`` (with ``clear()`` or ``cache_clear()``) to those :func:`clear_all`
    empties; returns it."""
    _CACHES.append(cache)
    return cache


def clear_all() -> None:
    """Empty every registered cache."""
    for cache in _CACHES:
        clear = getattr(cache, "cache_clear", None) or cache.clear
        clear()


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

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def keys(self) -> list[_K]:
        return list(self._data)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
