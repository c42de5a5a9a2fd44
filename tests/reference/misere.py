"""Slow, obvious reference for misère play of octal games: the outcome of a sum of heaps by
brute force over the whole game tree (positions as sorted tuples of heaps), from the
definition of the code's digits. Imports nothing from grundy."""

from __future__ import annotations

from functools import cache

from tests.reference.octal import digits_of


def heap_options(code: str, n: int) -> set[tuple[int, ...]]:
    """The heaps a move on a heap of ``n`` leaves (sorted, empty heaps dropped): remove
    ``k`` and leave ``j`` non-empty heaps when bit ``2**j`` of digit ``d_k`` is set."""
    d0, ds = digits_of(code)
    out: set[tuple[int, ...]] = set()
    for k, d in enumerate([d0, *ds]):
        r = n - k
        if r < 0:
            continue
        if d & 1 and r == 0 and k > 0:
            out.add(())
        if d & 2 and r >= 1 and k > 0:
            out.add((r,))
        if d & 4 and r >= 2:
            out.update((a, r - a) for a in range(1, r // 2 + 1))
        if d & 8 and r >= 3:
            for a in range(1, r // 3 + 1):
                for b in range(a, (r - a) // 2 + 1):
                    out.add((a, b, r - a - b))
    return out


def misere_outcome(code: str, heaps: tuple[int, ...]) -> str:
    """``"P"`` when the player to move loses the misère sum of ``heaps`` (the last player
    to move loses), else ``"N"``: brute force."""

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        moved = False
        for i, n in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for parts in heap_options(code, n):
                moved = True
                if not wins(tuple(sorted(rest + parts))):
                    return True
        return not moved  # no move: the player to move has won (misère)

    return "N" if wins(tuple(sorted(h for h in heaps if h))) else "P"
