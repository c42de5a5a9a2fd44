"""Independent brute force for the catalog-A games: plain tables built bottom-up.

Written from the rules alone, sharing no code with grundy (not even its
search), so the closed forms are checked against two references: this and
the generic search :func:`grundy.core.search.grundy_by_search`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, product

from tests.reference.mex import mex


def bash_table(p: int, q: int, size: int) -> list[int]:
    """Grundy values of heaps 0..size-1: remove p..q, or a heap below p whole."""
    g = [0] * size
    for n in range(1, size):
        opts = [0] if n < p else [g[n - k] for k in range(p, min(q, n) + 1)]
        g[n] = mex(opts)
    return g


def wythoff_moves(a: int, b: int) -> list[tuple[int, int]]:
    out = [(x, b) for x in range(a)] + [(a, y) for y in range(b)]
    out += [(a - d, b - d) for d in range(1, min(a, b) + 1)]
    return out


def wythoff_table(size: int) -> dict[tuple[int, int], int]:
    g: dict[tuple[int, int], int] = {}
    for a in range(size):
        for b in range(size):
            g[a, b] = mex(g[o] for o in wythoff_moves(a, b))
    return g


def fibonacci_moves(n: int, cap: int) -> list[tuple[int, int]]:
    return [(n - k, 2 * k) for k in range(1, min(cap, n) + 1)]


def fibonacci_table(size: int) -> dict[tuple[int, int], int]:
    """Grundy values of (n, cap), n < size, 0 <= cap <= 2*size (caps above n act like n)."""
    g: dict[tuple[int, int], int] = {}
    for n in range(size):
        for cap in range(2 * size + 1):
            g[n, cap] = mex(g[o] for o in fibonacci_moves(n, cap))
    return g


def moore_moves(k: int, heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = []
    for size in range(1, k + 1):
        for chosen in combinations(range(len(heaps)), size):
            for new in product(*(range(heaps[i]) for i in chosen)):
                h = list(heaps)
                for i, v in zip(chosen, new, strict=True):
                    h[i] = v
                out.append(tuple(h))
    return out


def moore_table(k: int, heaps: int, size: int) -> dict[tuple[int, ...], int]:
    g: dict[tuple[int, ...], int] = {}
    for state in product(range(size), repeat=heaps):  # lexicographic: options come first
        g[state] = mex(g[o] for o in moore_moves(k, state))
    return g


def misere_outcomes(
    states: Iterable[tuple[int, ...]], moves: Callable[[tuple[int, ...]], Sequence[tuple[int, ...]]]
) -> dict[tuple[int, ...], bool]:
    """Misère win/loss (True: the player to move wins) of states listed options-first."""
    win: dict[tuple[int, ...], bool] = {}
    for s in states:
        opts = moves(s)
        win[s] = not opts or any(not win[o] for o in opts)
    return win


def heap_sum_moves(
    heap_moves: Callable[[int], list[int]],
) -> Callable[[tuple[int, ...]], list[tuple[int, ...]]]:
    """Moves of a sum of heaps of one heap game (a state is a sorted tuple of heaps)."""

    def moves(state: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, h in enumerate(state):
            for o in heap_moves(h):
                out.append(tuple(sorted((*state[:i], o, *state[i + 1 :]))))
        return out

    return moves
