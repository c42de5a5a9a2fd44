"""Grid games on bitboards (``_core/dom.c``, ``_core/tf.c``): the options of a Domineering
region, each split into regions with their symmetry keys, with pure-Python twins
(``.py_func``).

A board ``w`` wide keeps cell ``(r, c)`` at bit ``r * (w + 1) + c`` of ``mask`` (one spare
column). :func:`dom_split` gives the parts of a board, each ``(key, transposed, (h, w,
mask))`` for a region both players can move in (``key`` is ``(h, w, rows)``, the least of
its images under the four symmetries that keep vertical vertical and the four transposed
ones, which negate the value; a tie goes to the image not transposed), or ``(None, n,
None)`` for a region where only one player can move, ``n`` the most dominoes Left (``n >
0``) or Right (``n < 0``) can place; regions of one cell are dropped. :func:`dom_options`
gives the parts of each Left option and of each Right option. The compiled functions take
masks of up to 64 bits (every board up to 7x7): past that :func:`fits` is False and the
caller runs the twins, or its own code.

:mod:`grundy.cgt.games.domineering` is the reference (with its caches); the tests compare
it, the twins and the compiled functions over every board of up to 16 cells.

>>> dom_split(3, 0b0110_0111)  # ... over #.. (a set bit is an empty cell): five cells
(((2, 3, (3, 7)), False, (2, 3, 103)),)
>>> dom_split.py_func(3, 0b0110_0111) == dom_split(3, 0b0110_0111)
True
>>> dom_split(2, 0b011_011)  # a 2x2 square: the key is 2x2, not transposed
(((2, 2, (3, 3)), False, (2, 2, 27)),)
>>> dom_options(2, 0b011)  # one row of two: Right's only option leaves nothing
([], [()])
"""

from __future__ import annotations

import itertools
from typing import Any

from grundy.kernels._core import twin
from grundy.kernels.bitboard import components, crop

__all__ = ["dom_options", "dom_split", "fits", "tf_options", "tf_split"]

Part = tuple[Any, Any, Any]


def fits(mask: int) -> bool:
    """True when the compiled functions take ``mask`` (64 bits at most)."""
    return mask >> 64 == 0


def _least(rows: tuple[int, ...], w: int) -> tuple[int, ...]:
    flipped = tuple(int(format(x, f"0{w}b")[::-1], 2) for x in rows)
    return min(rows, flipped, rows[::-1], flipped[::-1])


def _part(comp: int, w: int) -> Part:
    nw, rows = crop(comp, w)
    h = len(rows)
    if not any(row & (row >> 1) for row in rows):  # only Left moves: greedy from the top
        count = unpaired = 0
        for row in rows:
            pair = unpaired & row
            count += pair.bit_count()
            unpaired = row & ~pair
        return (None, count, None)
    if not any(a & b for a, b in itertools.pairwise(rows)):  # only Right moves
        count = 0
        for row in rows:
            text = format(row, "b")
            count += sum(len(run) // 2 for run in text.split("0"))
        return (None, -count, None)
    turned = tuple(sum(((row >> c) & 1) << r for r, row in enumerate(rows)) for c in range(nw))
    a = (h, nw, _least(rows, nw))
    b = (nw, h, _least(turned, h))
    mask = sum(row << (r * (nw + 1)) for r, row in enumerate(rows))
    key, transposed = (b, True) if b < a else (a, False)
    return (key, transposed, (h, nw, mask))


def _dom_split_compiled(fast: Any, w: int, mask: int) -> Any:
    return fast(w, mask) if fits(mask) else dom_split.py_func(w, mask)


def _dom_options_compiled(fast: Any, w: int, mask: int) -> Any:
    return fast(w, mask) if fits(mask) else dom_options.py_func(w, mask)


@twin("dom_split", _dom_split_compiled)
def dom_split(w: int, mask: int) -> tuple[Part, ...]:
    """The parts of the board ``mask`` (``w`` wide), by their lowest cell."""
    return tuple(_part(comp, w) for comp in components(mask, w) if comp & (comp - 1))


@twin("dom_options", _dom_options_compiled)
def dom_options(w: int, mask: int) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]:
    """The parts of each Left option (vertical dominoes) and each Right option, each side
    by the domino's lower-numbered cell."""
    sides: list[list[tuple[Part, ...]]] = []
    for step in (w + 1, 1):
        out = []
        spots = mask & (mask >> step)
        while spots:
            low = spots & -spots
            out.append(dom_split.py_func(w, mask ^ (low | (low << step))))
            spots ^= low
        sides.append(out)
    return sides[0], sides[1]


def _tf_dead(strip: str) -> set[int]:
    """The largest set of pieces each blocked for good by the set or the ends (a
    fixpoint: start from every piece, drop those that may move, until none)."""
    n = len(strip)
    dead = {i for i, ch in enumerate(strip) if ch != "."}
    while True:
        keep = set()
        for i in dead:
            if strip[i] == "t":
                ahead, beyond = i + 1, i + 2
                blocked = ahead == n or (
                    ahead in dead and (strip[ahead] == "t" or beyond == n or beyond in dead)
                )
            else:
                ahead, beyond = i - 1, i - 2
                blocked = ahead < 0 or (
                    ahead in dead and (strip[ahead] == "f" or beyond < 0 or beyond in dead)
                )
            if blocked:
                keep.add(i)
        if keep == dead:
            return dead
        dead = keep


def _tf_part(block: str) -> Part:
    first_t = block.find("t")
    if first_t < 0 or block.rfind("f") < first_t:  # no toad has a frog ahead: a number
        total = 0
        for i, ch in enumerate(block):
            if ch == "t":
                total += block[i:].count(".")
            elif ch == "f":
                total -= block[:i].count(".")
        return (None, total, None)
    mirror = block[::-1].translate(str.maketrans("tf", "ft"))
    return (mirror, True, block) if mirror < block else (block, False, block)


def _tf_split_compiled(fast: Any, strip: str) -> Any:
    return fast(strip) if len(strip) <= 62 else tf_split.py_func(strip)


def _tf_options_compiled(fast: Any, strip: str) -> Any:
    return fast(strip) if len(strip) <= 62 else tf_options.py_func(strip)


@twin("tf_split", _tf_split_compiled)
def tf_split(strip: str) -> tuple[Part, ...]:
    """The parts of a Toads-and-Frogs strip: the blocks between its dead pieces that hold a
    piece, each a number or keyed by the least of itself and its mirror image with the
    colours swapped (``True``: mirrored, negated).

    >>> tf_split("ft.f.ttfftf.tt")  # ft | .f.tt fftf | .tt: 't.f.' and 'tf.' are keyed
    (('.t.f', True, 't.f.'), ('.tf', True, 'tf.'))
    >>> tf_split.py_func("ft.f.ttfftf.tt") == tf_split("ft.f.ttfftf.tt")
    True
    """
    dead = _tf_dead(strip)
    out = []
    block: list[str] = []
    for i, ch in enumerate([*strip, "|"]):
        if i in dead or ch == "|":
            text = "".join(block)
            if "t" in text or "f" in text:
                out.append(_tf_part(text))
            block = []
        else:
            block.append(ch)
    return tuple(out)


@twin("tf_options", _tf_options_compiled)
def tf_options(strip: str) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]:
    """The parts of each Left option (a toad steps or jumps right) and each Right option,
    each side by the moving piece's square from the left."""
    n = len(strip)
    lefts, rights = [], []
    for i, ch in enumerate(strip):
        if ch == "t":
            if i + 1 < n and strip[i + 1] == ".":
                lefts.append(tf_split.py_func(strip[:i] + ".t" + strip[i + 2 :]))
            elif i + 2 < n and strip[i + 1 : i + 3] == "f.":
                lefts.append(tf_split.py_func(strip[:i] + ".ft" + strip[i + 3 :]))
    for i, ch in enumerate(strip):
        if ch == "f":
            if i >= 1 and strip[i - 1] == ".":
                rights.append(tf_split.py_func(strip[: i - 1] + "f." + strip[i + 1 :]))
            elif i >= 2 and strip[i - 2 : i] == ".t":
                rights.append(tf_split.py_func(strip[: i - 2] + "ft." + strip[i + 1 :]))
    return lefts, rights
