"""Domineering on any board: Left places vertical dominoes, Right horizontal ones.

The convention of CGSuite and Winning Ways (Left vertical). A state is
``(h, w, mask)``: bit ``r*(w+1) + c`` of ``mask`` is set when cell ``(r, c)``
is empty. Regions are the connected empty areas, keyed up to the four
symmetries that keep vertical vertical; a transposed region has the negative
value, which :meth:`Domineering.signed_region_key` exploits.

>>> from grundy.cgt import value_of
>>> d = Domineering.from_params("2x3")
>>> [str(value_of(d, s)) for s in d.parse_args([])]
['{2|-1/2}']
>>> d.format_state(d.parse_args(["..#/..."])[0])
'..#/...'
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._grid import (
    _reverse_rows,
    _transpose,
    components,
    row_images,
    rows_of,
)
from grundy.cgt.games._shapes import WHO, GridGame, Placement, fits_bitboard, stores_bitboard
from grundy.cgt.value import CLEAR_HOOKS
from grundy.core.cache import memo_put
from grundy.core.game import LEFT, Player
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError
from grundy.kernels.bitboard import crop
from grundy.kernels.grid import dom_options, dom_split

__all__ = ["Domineering", "DomineeringState", "domino_placements", "domino_words"]

DomineeringState = tuple[int, int, int]

_SYNTAX = "domineering:RxC [ROWS]  (ROWS: rows of . empty and # removed, separated by /)"
_keys: dict[DomineeringState, tuple[Hashable, bool]] = {}
CLEAR_HOOKS.append(_keys.clear)
Part = tuple[Hashable, Any, Any]


class _PerWidth(dict[int, dict[int, Any]]):
    """A table per board width, made on first use."""

    def __missing__(self, w: int) -> dict[int, Any]:
        table: dict[int, Any] = {}
        self[w] = table
        return table


#: Per board width: the parts of a mask (``_split``), of one component where it lies
#: (``_parts``) and of one component moved to the corner (``_shapes``).
_split = _PerWidth()
_parts = _PerWidth()
_shapes = _PerWidth()
_row_keys: dict[tuple[int, tuple[int, ...]], Part] = {}
CLEAR_HOOKS.append(_split.clear)
CLEAR_HOOKS.append(_parts.clear)
CLEAR_HOOKS.append(_shapes.clear)
CLEAR_HOOKS.append(_row_keys.clear)
_SPLIT_CACHE_LIMIT = 400_000


def domino_placements(state: tuple[int, ...], vertical: bool) -> Iterator[Placement]:
    """Every domino on two empty cells one above the other (``vertical``) or side by side:
    the board after it and its two cells."""
    h, w, mask = state
    stride = w + 1
    step = stride if vertical else 1
    spots = mask & (mask >> step)
    while spots:
        low = spots & -spots
        r, c = divmod(low.bit_length() - 1, stride)
        yield (h, w, mask ^ (low | (low << step))), ((r, c), (r + 1, c) if vertical else (r, c + 1))
        spots ^= low


def domino_words(cells: Sequence[tuple[int, int]]) -> str:
    """Where a domino goes, rows and columns numbered from 1.

    >>> domino_words(((0, 0), (1, 0)))
    'places a vertical domino in column 1, rows 1-2'
    """
    (r1, c1), (r2, c2) = cells
    if c1 == c2:
        return f"places a vertical domino in column {c1 + 1}, rows {r1 + 1}-{r2 + 1}"
    return f"places a horizontal domino in row {r1 + 1}, columns {c1 + 1}-{c2 + 1}"


@dataclass(frozen=True)
class Domineering(GridGame):
    """Domineering; ``rows`` and ``cols`` give the default (empty) board, if any."""

    name = "domineering"
    aliases = ("dom", "partisan-domineering")
    syntax = _SYNTAX
    rule = (
        "Left places a domino on two empty cells one above the other, Right on two side "
        "by side; who cannot move loses"
    )
    example = "domineering:3x4"
    memo_family = "domineering"
    transpose_negates = True

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        return domino_placements(state, player == LEFT)

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        return f"{WHO[player]} {domino_words(cells)}"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if args and args[-1].upper() in ("L", "R"):
            raise InvalidSpecError(
                "domineering gives the value whoever moves first, so it takes no L or R; "
                "for a search with a fixed player to move write domineering-search:RxC "
                f"BOARD {args[-1].upper()}",
                _SYNTAX,
            )
        return super().parse_args(args)

    def left_moves(self, state: DomineeringState) -> Iterator[DomineeringState]:
        h, w, mask = state
        stride = w + 1
        spots = mask & (mask >> stride)
        while spots:
            low = spots & -spots
            yield (h, w, mask ^ (low | (low << stride)))
            spots ^= low

    def right_moves(self, state: DomineeringState) -> Iterator[DomineeringState]:
        h, w, mask = state
        spots = mask & (mask >> 1)
        while spots:
            low = spots & -spots
            yield (h, w, mask ^ (low | (low << 1)))
            spots ^= low

    def keyed_regions(self, state: DomineeringState) -> tuple[Part, ...]:
        """``(key, negated, region)`` for each region, or ``(None, n, None)`` for an integer ``n``.

        The fast path of :func:`grundy.cgt.value_of` (the same answers as
        :meth:`regions`, :meth:`number_value` and :meth:`signed_region_key`).
        """
        _, w, mask = state
        fast = dom_split.compiled  # the compiled core (grid.c), the same answers
        if fast is not None and mask >> 64 == 0:
            parts: tuple[Part, ...] = fast(w, mask)
            return parts
        cache = _split[w]
        found = cache.get(mask)
        return _split_mask(w, mask, cache) if found is None else found

    def option_parts(
        self, region: DomineeringState
    ) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]:
        """The parts (as :meth:`keyed_regions` gives them) of each Left and each Right option."""
        _, w, mask = region
        fast = dom_options.compiled  # the compiled core (grid.c), the same answers
        if fast is not None and mask >> 64 == 0:
            lefts, rights = fast(w, mask)
            return lefts, rights
        cache = _split[w]
        get = cache.get
        sides: list[list[tuple[Part, ...]]] = []
        n = 0
        for step in (w + 1, 1):
            out = []
            spots = mask & (mask >> step)
            while spots:
                low = spots & -spots
                m = mask ^ (low | (low << step))
                found = get(m)
                if found is None:
                    n += 1
                    if not n & 31:  # splitting a big board is slow: read the clock
                        check_time()
                    found = _split_mask(w, m, cache)
                out.append(found)
                spots ^= low
            sides.append(out)
        return sides[0], sides[1]

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The walk in C, when the compiled core and its table of canonical games run (then
        :func:`grundy.cgt.value_of` hands it each missing region), else None."""
        return compiled_walk("dom", 0, fits_bitboard, stores_bitboard)

    def number_value(self, region: DomineeringState) -> int | None:
        """The value of a region where only one player can ever move, else None.

        Then the value is the most dominoes that player can place: half of each
        run of empty cells in their direction, rounded down.
        """
        h, w, m = region
        stride = w + 1
        if m & (m >> 1) == 0:  # no horizontal pair: only Left moves
            return sum(_run_halves(m >> c, stride, h) for c in range(w))
        if m & (m >> stride) == 0:
            rows = rows_of(h, w, m)
            return -sum(_run_halves(row, 1, w) for row in rows)
        return None

    def signed_region_key(self, region: DomineeringState) -> tuple[Hashable, bool]:
        """The least image under the 8 symmetries; True when it is transposed (negated)."""
        found = _keys.get(region)
        if found is None:
            h, w, m = region
            transposed, best = min(
                ((t, (img[0], img[1], img[2][0])) for t, img in _images(h, w, m)),
                key=lambda item: (item[1], item[0]),
            )
            found = memo_put(_keys, region, (best, transposed), _SPLIT_CACHE_LIMIT)
        return found

    def region_key(self, region: DomineeringState) -> Hashable:
        h, w, m = region
        return min((img[0], img[1], img[2][0]) for t, img in _images(h, w, m) if not t)


def _split_mask(w: int, mask: int, cache: dict[int, tuple[Part, ...]]) -> tuple[Part, ...]:
    """The parts of ``mask`` (a board ``w`` wide), remembered in ``cache``."""
    parts = _parts[w]
    found = tuple(
        parts.get(comp) or _part(w, comp, parts)
        for comp in components(mask, w)
        if comp & (comp - 1)
    )
    if len(cache) > _SPLIT_CACHE_LIMIT:
        cache.clear()
    cache[mask] = found
    return found


def _part(w: int, comp: int, parts: dict[int, Part]) -> Part:
    """The part of the component ``comp`` of a board ``w`` wide (remembered in ``parts``,
    and by its shape moved to the corner)."""
    stride = w + 1
    full = (1 << w) - 1
    shift = ((comp & -comp).bit_length() - 1) // stride * stride
    cols = 0
    rest = comp >> shift
    while rest:
        cols |= rest & full
        rest >>= stride
    shape = comp >> (shift + (cols & -cols).bit_length() - 1)
    shapes = _shapes[w]
    found = shapes.get(shape)
    if found is None:
        found = shapes[shape] = _part_uncached(w, shape)
        if len(shapes) > _SPLIT_CACHE_LIMIT:
            shapes.clear()
    if len(parts) > _SPLIT_CACHE_LIMIT:
        parts.clear()
    parts[comp] = found
    return found


def _part_uncached(w: int, comp: int) -> Part:
    nw, rows = crop(comp, w)
    found = _row_keys.get((nw, rows))
    if found is not None:
        return found
    if not any(row & (row >> 1) for row in rows):  # only Left can move
        found = (None, _vertical_pairs(rows), None)
    elif not any(a & b for a, b in itertools.pairwise(rows)):
        found = (None, -sum(_row_pairs(row) for row in rows), None)
    else:
        h = len(rows)
        transposed, best = _least_image(h, nw, rows)
        nstride = nw + 1
        mask = 0
        for r, row in enumerate(rows):
            mask |= row << (r * nstride)
        found = (best, transposed, (h, nw, mask))
    return memo_put(_row_keys, (nw, rows), found, _SPLIT_CACHE_LIMIT)


def _least_image(h: int, w: int, rows: tuple[int, ...]) -> tuple[bool, tuple[Any, ...]]:
    """The least of the 8 images of the board (as ``(h, w, rows)``), and whether it is
    transposed (a tie goes to the image that is not)."""
    flipped = _reverse_rows(rows, w)
    plain = min(rows, flipped, rows[::-1], flipped[::-1])
    cols = _transpose(rows, w)
    flipped = _reverse_rows(cols, h)
    turned = min(cols, flipped, cols[::-1], flipped[::-1])
    a, b = (h, w, plain), (w, h, turned)
    return (True, b) if b < a else (False, a)


def _vertical_pairs(rows: tuple[int, ...]) -> int:
    """Most vertical dominoes on these rows (greedy from the top pairs each column run)."""
    count = 0
    unpaired = 0
    for row in rows:
        pair = unpaired & row
        count += pair.bit_count()
        unpaired = row & ~pair
    return count


def _row_pairs(row: int) -> int:
    """Most horizontal dominoes in one row."""
    count = 0
    while row:
        low = row & -row
        if row & (low << 1):
            count += 1
            row &= ~(low | (low << 1))
        else:
            row &= ~low
    return count


def _run_halves(bits: int, step: int, length: int) -> int:
    """Sum of ``run // 2`` over the runs of set bits ``bits, bits >> step, ...``."""
    total = run = 0
    for _ in range(length):
        if bits & 1:
            run += 1
        else:
            total += run // 2
            run = 0
        bits >>= step
    return total + run // 2


def _images(h: int, w: int, mask: int) -> list[tuple[bool, tuple[int, int, tuple[Any, ...]]]]:
    return row_images(h, w, (rows_of(h, w, mask),))
