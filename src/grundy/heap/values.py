"""Grundy values of any heap ruleset, in plain Python (no numpy).

>>> from grundy.heap.subtraction import Subtraction
>>> heap_values(Subtraction((1, 3, 4)), 9)
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
"""

from __future__ import annotations

from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.limits import checkpoint
from grundy.errors import InvalidGameError

__all__ = ["heap_values"]

#: The limits are checked at least once per this many options (a heap near 10^5 of
#: Lasker's Nim has 1.5 * 10^5 of them: one check per heap count alone came minutes apart).
_OPTIONS_PER_CHECK = 200_000


def heap_values(
    game: ImpartialGame[int], last: int, prefix: Any = None, *, into: list[int] | None = None
) -> list[int]:
    """Grundy values of heaps ``0..last`` of any heap ruleset, in plain Python.

    Every heap in an option must be smaller than the heap moved from.
    ``prefix`` (values of heaps ``0..m``) is reused, not recomputed. With
    ``into`` (a list of the values of heaps ``0..m``) the values are appended
    to that list as they are found, so the finished ones survive an
    interruption (Ctrl-C, the time limit).

    >>> from grundy.heap.subtraction import Subtraction
    >>> done = [0, 1]
    >>> heap_values(Subtraction((1, 3, 4)), 4, into=done) is done, done
    (True, [0, 1, 0, 1, 2])
    """
    if into is not None:
        out = into
    else:
        out = [] if prefix is None else [int(v) for v in prefix[: last + 1]]
    check_at = len(out)
    work = work_at = 0
    for n in range(len(out), last + 1):
        if n >= check_at or work >= work_at:
            check_at = checkpoint(n, None, "heaps")
            work_at = work + _OPTIONS_PER_CHECK
        seen = set()
        for option in game.split_moves(n):
            work += 1
            x = 0
            for h in option:
                if not 0 <= h < n:
                    raise InvalidGameError(
                        f"a move from heap {n} leaves a heap of {h}; heap tables need every "
                        "heap left by a move to be smaller"
                    )
                x ^= out[h]
            seen.add(x)
        v = 0
        while v in seen:
            v += 1
        out.append(v)
    return out
