"""The page's "Try these" examples, answered from a cache filled when the server starts.

A visitor who picks an example gets its answers at once, whatever the server is doing:
:meth:`ExampleCache.fill` asks the solver pool, once, every question the page asks when
an example is picked (the answer, the moves and board, the thermograph of a partisan
value, the table, the theorem and the mex of a heap game), and keeps every answer that
came back (status 200). Answers never depend on earlier requests (each solver starts
cold), so a kept answer is the one a solver would give again.

>>> from grundy.web.limits import Limits
>>> from grundy.web.pool import SolverPool
>>> with SolverPool(Limits(quick_workers=1, workers=1)) as pool:
...     cache = ExampleCache(pool, ["nim 1 2"])
...     cache.fill()
>>> reply = cache.get("solve", {"spec": "nim 1 2", "misere": "0"})
>>> reply["status"], '"outcome": "N"' in reply["body"], len(cache) >= 4
(200, True, True)
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable
from typing import Any, Protocol

__all__ = ["TABLE_N", "ExampleCache"]

_LOG = logging.getLogger("grundy.web")

#: The table the page shows first (the value of its "heaps 0 to" box).
TABLE_N = "200"

_Key = tuple[str, tuple[tuple[str, str], ...]]


class _Runs(Protocol):
    def run(self, op: str, query: dict[str, str]) -> dict[str, Any]: ...


def _key(op: str, query: dict[str, str]) -> _Key:
    return op, tuple(sorted(query.items()))


class ExampleCache:
    """The answers to the page's questions about ``specs``, kept once computed.

    Thread-safe: :meth:`get` may be called while :meth:`fill` runs in the background.
    """

    def __init__(self, pool: _Runs, specs: Iterable[str], *, tries: int = 5) -> None:
        self.pool = pool
        self.specs = tuple(specs)
        self.tries = tries
        self._answers: dict[_Key, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self.done = threading.Event()

    def __len__(self) -> int:
        with self._lock:
            return len(self._answers)

    def get(self, op: str, query: dict[str, str]) -> dict[str, Any] | None:
        """The kept reply to this question, or None."""
        with self._lock:
            return self._answers.get(_key(op, query))

    def _ask(self, op: str, query: dict[str, str]) -> dict[str, Any] | None:
        """The body of a 200 reply (kept), or None; a busy pool is asked again."""
        for attempt in range(self.tries):
            reply = self.pool.run(op, query)
            if reply.get("kind") == "busy" and attempt + 1 < self.tries:
                time.sleep(1 + attempt)
                continue
            if reply.get("status") != 200:
                return None
            with self._lock:
                self._answers[_key(op, query)] = reply
            if "name" in reply:
                return {}
            body = json.loads(reply["body"])
            return body if isinstance(body, dict) else None
        return None

    def fill(self) -> None:
        """Ask every question the page asks about each example (in this thread)."""
        try:
            # The table the page shows as it opens, before any example is picked.
            self._ask("table", {"spec": "kayles", "n": TABLE_N})
            self._ask("formula", {"spec": "kayles"})
            for spec in self.specs:
                self._fill_one(spec)
        except Exception:  # pragma: no cover - the cache is a help, never a need
            _LOG.exception("filling the examples' cache stopped")
        finally:
            self.done.set()

    def _fill_one(self, spec: str) -> None:
        answer = self._ask("solve", {"spec": spec, "misere": "0"})
        if answer is None:
            return
        position = str(answer["position"])
        partisan = answer.get("canonical") is not None
        if position != spec:
            self._ask("solve", {"spec": position, "misere": "0"})
        moves_query = {"spec": position, "misere": "0"}
        if partisan:
            if answer.get("grundy") is None:  # Cram and the like are played with no side
                moves_query["side"] = "L"
            self._ask("thermograph", {"spec": position})
        moves = self._ask("moves", moves_query)
        if answer.get("grundy") is not None and "table" in str(answer.get("method", "")):
            self._ask("mex", {"spec": position})
        table = moves.get("table") if moves else None
        if table:
            self._ask("table", {"spec": table, "n": TABLE_N})
            self._ask("formula", {"spec": table})

    def fill_in_background(self) -> threading.Thread:
        """Start :meth:`fill` in a daemon thread; the thread."""
        thread = threading.Thread(target=self.fill, name="grundy-examples", daemon=True)
        thread.start()
        return thread
