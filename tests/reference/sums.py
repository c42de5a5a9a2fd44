"""An independent brute-force reference: search the whole sum as one game.

Shares nothing with grundy's solver: positions are tuples of (kind, param,
heap) triples; moves and values are recomputed by plain memoised recursion.
"""

from __future__ import annotations

from functools import cache

from tests.reference.mex import mex

Heap = tuple[str, tuple[int, ...], int]


def heap_moves(kind: str, param: tuple[int, ...], n: int) -> list[int]:
    if kind == "nim":
        return list(range(n))
    if kind == "subtraction":
        return [n - s for s in param if s <= n]
    if kind == "bash":
        return [n - k for k in range(1, param[0] + 1) if k <= n]
    raise AssertionError(kind)


def sum_moves(position: tuple[Heap, ...]) -> list[tuple[Heap, ...]]:
    out = []
    for i, (kind, param, n) in enumerate(position):
        for m in heap_moves(kind, param, n):
            out.append((*position[:i], (kind, param, m), *position[i + 1 :]))
    return out


@cache
def grundy_of_sum(position: tuple[Heap, ...]) -> int:
    """Grundy value by mex over the whole product space (no XOR used)."""
    values = {grundy_of_sum(p) for p in sum_moves(position)}
    return mex(values)


@cache
def misere_wins(position: tuple[Heap, ...]) -> bool:
    """Misère: the player who cannot move wins."""
    options = sum_moves(position)
    if not options:
        return True
    return any(not misere_wins(p) for p in options)


def spec_of(position: tuple[Heap, ...]) -> str:
    parts = []
    for kind, param, n in position:
        if kind == "nim":
            parts.append(f"nim {n}")
        elif kind == "subtraction":
            parts.append(f"subtraction:{','.join(map(str, param))} {n}")
        else:
            parts.append(f"bash:{param[0]} {n}")
    return " + ".join(parts)
