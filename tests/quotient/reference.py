"""Slow, obvious references for the quotient tests: misère outcomes by memoised search,
and an octal-code rule written from the definition (independent of grundy.heap)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

Rules = Callable[[int], Iterable[tuple[int, ...]]]


class MisereOracle:
    """Misère outcomes of sums of heaps under ``rules`` (heap -> options, tuples of heaps)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._wins = lru_cache(maxsize=None)(self._search)
        self._options = lru_cache(maxsize=None)(lambda h: tuple(set(map(_clean, rules(h)))))

    def first_player_wins(self, heaps: Sequence[int]) -> bool:
        """True when the player to move wins the misère sum (no move at all: a win)."""
        return self._wins(_clean(heaps))

    def outcome(self, heaps: Sequence[int]) -> str:
        return "N" if self.first_player_wins(heaps) else "P"

    def _search(self, heaps: tuple[int, ...]) -> bool:
        moved = False
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1 :]
            for option in self._options(h):
                moved = True
                if not self._wins(_clean(rest + option)):
                    return True
        return not moved


def _clean(heaps: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(h for h in heaps if h))


def octal_rules(code: str) -> Rules:
    """Options of a heap under an octal code like ``0.77`` (digits after the point; bit 1:
    take the whole heap, bit 2: leave one heap, bit 4: leave two non-empty heaps)."""
    digits = [int(c, 16) for c in code.split(".")[1]]

    def rules(n: int) -> Iterable[tuple[int, ...]]:
        for k, d in enumerate(digits, start=1):
            r = n - k
            if r < 0:
                break
            if d & 1 and r == 0:
                yield ()
            if d & 2 and r > 0:
                yield (r,)
            if d & 4:
                for a in range(1, r // 2 + 1):
                    yield (a, r - a)

    return rules


def nim_rules(n: int) -> Iterable[tuple[int, ...]]:
    return ((k,) for k in range(n))


def subtraction_rules(subset: Sequence[int]) -> Rules:
    def rules(n: int) -> Iterable[tuple[int, ...]]:
        return ((n - s,) for s in subset if s <= n)

    return rules


def multisets(top: int, count: int, start: int = 1) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``count`` heaps from ``start..top`` (sorted tuples)."""
    if count == 0:
        yield ()
        return
    for h in range(start, top + 1):
        for rest in multisets(top, count - 1, h):
            yield (h, *rest)
