"""Bit-mask board helpers shared by the kernels' pure-Python twins and the grid rulesets.

A board ``w`` wide keeps cell ``(r, c)`` at bit ``r * (w + 1) + c`` (one spare column, so
a shift by one never wraps into the next row). The rulesets in :mod:`grundy.cgt.games`
import these rather than restating them (kernels sit below cgt and may not import it).

>>> [bin(c) for c in components(0b011_001, 2)]  # cells (0,0) and (1,0), (1,1): one group
['0b11001']
>>> [bin(c) for c in components(0b010_001, 2)]  # (0,0) and (1,1) touch only at a corner
['0b1', '0b10000']
>>> crop(0b011_000, 2)  # both cells of the second row: one row of width 2
(2, (3,))
>>> [(bin(s), bin(d)) for s, d, _, _ in konane_jumps(1, 3, 0b001, 0b010)]
[('0b1', '0b100')]
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["components", "crop", "konane_jumps"]


def components(mask: int, w: int) -> list[int]:
    """The 4-connected components of the set bits, by their lowest bit."""
    stride = w + 1
    out = []
    while mask:
        comp = mask & -mask
        while True:
            grown = (comp | (comp << 1) | (comp >> 1) | (comp << stride) | (comp >> stride)) & mask
            if grown == comp:
                break
            comp = grown
        out.append(comp)
        mask ^= comp
    return out


def crop(comp: int, w: int) -> tuple[int, tuple[int, ...]]:
    """``(width, rows)``: the set bits of ``comp`` moved to the corner of their bounding box."""
    stride = w + 1
    full = (1 << w) - 1
    low_row = ((comp & -comp).bit_length() - 1) // stride
    high_row = (comp.bit_length() - 1) // stride
    raw = [(comp >> (r * stride)) & full for r in range(low_row, high_row + 1)]
    cols = 0
    for row in raw:
        cols |= row
    c0 = (cols & -cols).bit_length() - 1
    return cols.bit_length() - c0, tuple(row >> c0 for row in raw)


def konane_jumps(h: int, w: int, mine: int, theirs: int) -> Iterator[tuple[int, int, int, int]]:
    """Each Konane move of the stones ``mine``: ``(start, stop, mine after, theirs after)``,
    by direction (right, left, down, up), then by stone, then by how far it jumps."""
    stride = w + 1
    full = sum(((1 << w) - 1) << (r * stride) for r in range(h))
    for step in (1, -1, stride, -stride):
        stones = mine
        while stones:
            low = stones & -stones
            stones ^= low
            at, now_mine, now_theirs = low, mine, theirs
            while True:
                over = at << step if step > 0 else at >> -step
                land = over << step if step > 0 else over >> -step
                if not (over & now_theirs and land & full & ~(now_mine | now_theirs)):
                    break
                now_mine = (now_mine ^ at) | land
                now_theirs ^= over
                at = land
                yield low, land, now_mine, now_theirs
