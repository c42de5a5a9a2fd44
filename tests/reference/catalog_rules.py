"""Independent brute-force references for the catalog-B games.

Nothing here uses grundy: each game's moves are written again from its rules,
in the most literal way (trial division, the notes' C loop, whole-position
states), and values come from plain memoised mex or win/lose recursion over
the whole position (sums are searched as one game, without XOR).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tests.reference.mex import mex


def misere_search(moves: Callable[[Any], Sequence[Any] | set[Any]]) -> Callable[[Any], bool]:
    """``wins(position)``: True when the player to move wins ``position`` under misère
    play (the player who cannot move wins), by memoised recursion over ``moves`` alone."""

    @cache
    def wins(position: Any) -> bool:
        options = moves(position)
        return not options or any(not wins(o) for o in options)

    return wins


def sum_moves(parts: tuple[int, ...], moves: Callable[[int], list[int]]) -> list[tuple[int, ...]]:
    """The moves of a sum of ``parts`` (sorted) searched as one game: one part moves."""
    return [
        tuple(sorted((*parts[:i], m, *parts[i + 1 :])))
        for i, x in enumerate(parts)
        for m in moves(x)
    ]


# ----- Lasker's Nim: a position is a sorted tuple of heaps ---------------------------


def lasker_moves(heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for m in range(h):
            out.add(tuple(sorted((*rest, m))))
        for a in range(1, h):
            out.add(tuple(sorted((*rest, a, h - a))))
    return out


@cache
def lasker_value(heaps: tuple[int, ...]) -> int:
    return mex({lasker_value(p) for p in lasker_moves(heaps)})


# ----- divisors: trial division ----------------------------------------------------


def divisor_moves(n: int) -> list[int]:
    return [d for d in range(1, n) if n % d == 0]


@cache
def divisors_value(n: int) -> int:
    return mex({divisors_value(d) for d in divisor_moves(n)})


def big_omega_by_trial(n: int) -> int:
    count, p = 0, 2
    while p * p <= n:
        while n % p == 0:
            n //= p
            count += 1
        p += 1
    return count + (1 if n > 1 else 0)


# ----- halving: the notes' C function, literally -----------------------------------


def c_move(x: int) -> int:
    if x % 2 == 0:
        return x // 2
    while x % 2 != 0:
        x //= 2
    return x // 2


def halving_moves(x: int) -> list[int]:
    return [c_move(x)] if x >= 2 else []


@cache
def halving_value(x: int) -> int:
    return mex({halving_value(y) for y in halving_moves(x)})


# ----- matrix: whole grids ---------------------------------------------------------


def matrix_moves(rows: int, cols: int, grid: tuple[int, ...]) -> set[tuple[int, ...]]:
    out = set()
    for i in range(rows):
        for j in range(cols):
            pile = grid[i * cols + j]
            for di, dj in ((0, 1), (1, 0)):
                ti, tj = i + di, j + dj
                if ti >= rows or tj >= cols:
                    continue
                for k in range(1, pile + 1):
                    g = list(grid)
                    g[i * cols + j] -= k
                    g[ti * cols + tj] += k
                    out.add(tuple(g))
    return out


@cache
def matrix_value(rows: int, cols: int, grid: tuple[int, ...]) -> int:
    return mex({matrix_value(rows, cols, g) for g in matrix_moves(rows, cols, grid)})


# ----- Ferguson --------------------------------------------------------------------


def ferguson_moves(m: int, n: int) -> set[tuple[int, int]]:
    out = set()
    for keep in (m, n):
        for a in range(1, keep):
            out.add((min(a, keep - a), max(a, keep - a)))
    return out


@cache
def ferguson_value(m: int, n: int) -> int:
    return mex({ferguson_value(*p) for p in ferguson_moves(m, n)})


@cache
def ferguson_misere_wins(m: int, n: int) -> bool:
    options = ferguson_moves(m, n)
    if not options:
        return True
    return any(not ferguson_misere_wins(*p) for p in options)


# ----- divisor removal: whole tables, no splitting ---------------------------------


def removal_moves(table: frozenset[int]) -> set[frozenset[int]]:
    return {frozenset(y for y in table if x % y != 0) for x in table}


@cache
def removal_value(table: frozenset[int]) -> int:
    return mex({removal_value(t) for t in removal_moves(table)})


# ----- misère play of the whole position ---------------------------------------------

removal_misere_wins = misere_search(removal_moves)
#: (a Lasker position drops its empty heaps first)
lasker_misere_wins = misere_search(lambda heaps: lasker_moves(tuple(sorted(h for h in heaps if h))))
divisors_misere_wins = misere_search(lambda numbers: sum_moves(numbers, divisor_moves))
halving_misere_wins = misere_search(lambda piles: sum_moves(piles, halving_moves))
