"""Col, Snort and Konane on bitboards (``_core/col.c``, ``_core/konane.c``): a board split
into independent regions with their symmetry keys, and the parts of each option, with
pure-Python twins (``.py_func``).

Boards are as in :mod:`grundy.kernels.grid`: cell ``(r, c)`` of a board ``w`` wide at bit
``r * (w + 1) + c``. A part is ``(key, swapped, region)``: ``key`` is ``(h, w, a rows, b
rows)``, the least of the 8 images of the region under the symmetries of the square, or,
when strictly less, the least with the planes ``a`` and ``b`` swapped (the colours swapped:
``swapped`` is True and the region's value is minus the key's).

Col and Snort (``snort`` 0 or 1): an empty cell next to a cell of Left's colour (Col) or
Right's (Snort) is one Left may no longer colour, and the mirror for Right. Colouring a
cell only changes what its empty neighbours allow, so the regions are the 4-connected
groups of the empty cells at least one player may colour; a key's plane ``a`` is the cells
Left may colour, ``b`` those Right may. The region is the board cropped around the group
and the coloured cells next to it, every other cell a hole ``(h, w, blue, red, holes)``.

Konane: a stone moves only by jumping, each jump over a stone of the other colour, which
is removed; so a stone of a group of stones moves at most twice the number of the other
colour's stones in the group (Manhattan distance). The groups are the finest partition of
the stones in which no two stones of different groups could ever meet: for stones ``s``
and ``t`` of groups ``S`` and ``T``, ``dist(s, t) > reach(s) + reach(t) (+ 1 when their
colours differ, as they must not become adjacent)``, ``reach`` twice the stones of the
other colour in the stone's group; two groups that do not satisfy this are merged until
none remain. A group with both colours is a region: the board cropped to the box each
stone could reach (its reach around it, clipped to the board), whose edges then behave
as the board's; the key's planes are ``x`` and ``o``.

:mod:`grundy.cgt.games.col`, :mod:`~grundy.cgt.games.snort` and
:mod:`~grundy.cgt.games.konane` use these; the tests compare the compiled functions with
the twins on every position of small boards, and the values found through the regions
with those of the plain game tree.

>>> col_split(1, 3, 0, 0, 0, 0)  # Col on three empty cells in a row: one region
(((1, 3, (7,), (7,)), False, (1, 3, 0, 0, 0)),)
>>> col_split.py_func(1, 3, 0b001, 0, 0, 0)  # b..: the middle cell is Right's only (mirrored)
(((1, 2, (1,), (3,)), False, (1, 3, 1, 0, 0)),)
>>> konane_split(1, 4, 0b0001, 0b0010)  # xo..: x may jump, the box is the row
(((1, 4, (1,), (2,)), False, (1, 4, 1, 2)),)
"""

from __future__ import annotations

import itertools
from typing import Any

from grundy.kernels._core import twin
from grundy.kernels.bitboard import components, konane_jumps

__all__ = [
    "col_options",
    "col_split",
    "fits",
    "konane_options",
    "konane_split",
]

Part = tuple[Any, Any, Any]
Options = tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]


def fits(h: int, w: int) -> bool:
    """True when the compiled functions take a board ``h`` x ``w`` (``h * (w + 1) <= 64``)."""
    return h * (w + 1) <= 64


def _full(h: int, w: int) -> int:
    stride = w + 1
    return sum(((1 << w) - 1) << (r * stride) for r in range(h))


def _near(m: int, stride: int) -> int:
    return (m << 1) | (m >> 1) | (m << stride) | (m >> stride)


def _rows(mask: int, stride: int, box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The rows of ``mask`` in the box ``(r0, c0, h, w)``."""
    r0, c0, h, w = box
    full = (1 << w) - 1
    return tuple((mask >> ((r0 + r) * stride + c0)) & full for r in range(h))


def _box(mask: int, stride: int) -> tuple[int, int, int, int]:
    """``(r0, c0, h, w)``: the bounding box of the set bits."""
    low_row = ((mask & -mask).bit_length() - 1) // stride
    high_row = (mask.bit_length() - 1) // stride
    cols = 0
    for r in range(low_row, high_row + 1):
        cols |= (mask >> (r * stride)) & ((1 << (stride - 1)) - 1)
    c0 = (cols & -cols).bit_length() - 1
    return low_row, c0, high_row - low_row + 1, cols.bit_length() - c0


def _pack(rows: tuple[int, ...], w: int) -> int:
    return sum(row << (r * (w + 1)) for r, row in enumerate(rows))


def _reverse(x: int, w: int) -> int:
    return int(format(x, f"0{w}b")[::-1], 2)


def _transpose(rows: tuple[int, ...], w: int) -> tuple[int, ...]:
    return tuple(sum(((row >> c) & 1) << r for r, row in enumerate(rows)) for c in range(w))


def pair_key(h: int, w: int, a: tuple[int, ...], b: tuple[int, ...]) -> tuple[Any, bool]:
    """``(key, swapped)`` of the planes ``a`` and ``b`` (``h`` rows of ``w`` bits)."""
    images = []
    for tr in (False, True):
        pa, pb = (_transpose(a, w), _transpose(b, w)) if tr else (a, b)
        ih, iw = (w, h) if tr else (h, w)
        fa = tuple(_reverse(x, iw) for x in pa)
        fb = tuple(_reverse(x, iw) for x in pb)
        for ia, ib in ((pa, pb), (fa, fb), (pa[::-1], pb[::-1]), (fa[::-1], fb[::-1])):
            images.append((ih, iw, ia, ib))
    plain = min(images)
    swapped = min((ih, iw, ib, ia) for ih, iw, ia, ib in images)
    return (swapped, True) if swapped < plain else (plain, False)


# ---- Col and Snort ------------------------------------------------------------------------


def _col_planes(  # noqa: PLR0917 (the board's masks, as the compiled functions take them)
    h: int, w: int, blue: int, red: int, holes: int, snort: int
) -> tuple[int, int]:
    """The cells Left may colour and those Right may."""
    stride = w + 1
    empty = _full(h, w) & ~(blue | red | holes)
    near_blue, near_red = _near(blue, stride), _near(red, stride)
    lefts = empty & ~(near_red if snort else near_blue)
    rights = empty & ~(near_blue if snort else near_red)
    return lefts, rights


def _col_parts(w: int, lefts: int, rights: int, blue: int, red: int) -> tuple[Part, ...]:
    stride = w + 1
    out: list[Part] = []
    for comp in components(lefts | rights, w):
        r0, c0, kh, kw = _box(comp, stride)
        key = pair_key(
            kh,
            kw,
            _rows(lefts & comp, stride, (r0, c0, kh, kw)),
            _rows(rights & comp, stride, (r0, c0, kh, kw)),
        )
        coloured = (blue | red) & _near(comp, stride)
        r0, c0, rh, rw = _box(comp | coloured, stride)
        cells = _pack(_rows(comp, stride, (r0, c0, rh, rw)), rw)
        nb = _pack(_rows(blue & coloured, stride, (r0, c0, rh, rw)), rw)
        nr = _pack(_rows(red & coloured, stride, (r0, c0, rh, rw)), rw)
        holes = _full(rh, rw) & ~(cells | nb | nr)
        out.append((key[0], key[1], (rh, rw, nb, nr, holes)))
    return tuple(out)


def _col_split_compiled(fast: Any, h: int, w: int, *rest: int) -> Any:
    return fast(h, w, *rest) if fits(h, w) else col_split.py_func(h, w, *rest)


def _col_options_compiled(fast: Any, h: int, w: int, *rest: int) -> Any:
    return fast(h, w, *rest) if fits(h, w) else col_options.py_func(h, w, *rest)


@twin("col_split", _col_split_compiled)
def col_split(  # noqa: PLR0917 (the compiled function's arguments)
    h: int, w: int, blue: int, red: int, holes: int, snort: int
) -> tuple[Part, ...]:
    """The parts of a Col (``snort`` 0) or Snort (1) board, by their lowest cell."""
    lefts, rights = _col_planes(h, w, blue, red, holes, snort)
    return _col_parts(w, lefts, rights, blue, red)


@twin("col_options", _col_options_compiled)
def col_options(  # noqa: PLR0917 (the compiled function's arguments)
    h: int, w: int, blue: int, red: int, holes: int, snort: int
) -> Options:
    """The parts of each Left option and each Right option, each side by the cell coloured."""
    lefts, rights = _col_planes(h, w, blue, red, holes, snort)
    sides: list[list[tuple[Part, ...]]] = [[], []]
    for side, playable in enumerate((lefts, rights)):
        free = playable
        while free:
            low = free & -free
            free ^= low
            nb, nr = (blue | low, red) if side == 0 else (blue, red | low)
            sides[side].append(col_split.py_func(h, w, nb, nr, holes, snort))
    return sides[0], sides[1]


# ---- Konane -------------------------------------------------------------------------------


def _dilate(mask: int, steps: int, stride: int, full: int) -> int:
    """The cells of the board ``full`` within ``steps`` (Manhattan) of ``mask``."""
    for _ in range(steps):
        grown = (mask | _near(mask, stride)) & full
        if grown == mask:
            break
        mask = grown
    return mask


def _konane_groups(h: int, w: int, xs: int, os: int) -> list[tuple[int, int]]:
    """The groups of stones (see the module docstring) as ``(x stones, o stones)`` masks, by
    their lowest stone.

    Two stones ``d`` apart with reaches ``r`` and ``s`` may meet when ``d <= r + s``: when
    the cells within ``r`` of one and within ``s`` of the other overlap. Stones of one
    colour in one group have one reach, so a group's zones are its stones of each colour
    grown by their reach (``+ 1`` against the other colour). Stones of different colours
    side by side always end in one group, so the groups start from those chains."""
    stride = w + 1
    full = _full(h, w)
    groups: list[list[int]] = []
    rest = xs | os
    while rest:  # chains of stones of alternating colours side by side
        comp = rest & -rest
        while True:
            grown = comp | (_near(comp & xs, stride) & os) | (_near(comp & os, stride) & xs)
            if grown == comp:
                break
            comp = grown
        rest ^= comp
        groups.append([comp & xs, comp & os])

    def zones(g: list[int]) -> tuple[int, int, int, int]:
        gx, go = g
        rx, ro = 2 * go.bit_count(), 2 * gx.bit_count()
        return (
            _dilate(gx, rx, stride, full),
            _dilate(go, ro, stride, full),
            _dilate(gx, rx + 1, stride, full),
            _dilate(go, ro + 1, stride, full),
        )

    zone = [zones(g) for g in groups]
    merged = True
    while merged:
        merged = False
        for i, j in itertools.combinations(range(len(groups)), 2):
            (ax, ao, ax1, ao1), (bx, bo, _, _) = zone[i], zone[j]
            if ax & bx or ao & bo or ax1 & bo or ao1 & bx:
                groups[i] = [groups[i][0] | groups[j][0], groups[i][1] | groups[j][1]]
                del groups[j], zone[j]
                zone[i] = zones(groups[i])
                merged = True
                break
    groups.sort(key=lambda g: (g[0] | g[1]) & -(g[0] | g[1]))
    return [(g[0], g[1]) for g in groups]


def _konane_part(h: int, w: int, gx: int, go: int) -> Part:
    stride = w + 1
    nx, no = gx.bit_count(), go.bit_count()
    top, left, bottom, right = h, w, -1, -1
    for stones, reach in ((gx, 2 * no), (go, 2 * nx)):
        mask = stones
        while mask:
            low = mask & -mask
            mask ^= low
            r, c = divmod(low.bit_length() - 1, stride)
            top, bottom = min(top, r - reach), max(bottom, r + reach)
            left, right = min(left, c - reach), max(right, c + reach)
    r0, c0 = max(top, 0), max(left, 0)
    bh, bw = min(bottom, h - 1) - r0 + 1, min(right, w - 1) - c0 + 1
    xr, orows = _rows(gx, stride, (r0, c0, bh, bw)), _rows(go, stride, (r0, c0, bh, bw))
    key, swapped = pair_key(bh, bw, xr, orows)
    return (key, swapped, (bh, bw, _pack(xr, bw), _pack(orows, bw)))


def _konane_split_compiled(fast: Any, h: int, w: int, *rest: int) -> Any:
    return fast(h, w, *rest) if fits(h, w) else konane_split.py_func(h, w, *rest)


def _konane_options_compiled(fast: Any, h: int, w: int, *rest: int) -> Any:
    return fast(h, w, *rest) if fits(h, w) else konane_options.py_func(h, w, *rest)


@twin("konane_split", _konane_split_compiled)
def konane_split(h: int, w: int, xs: int, os: int) -> tuple[Part, ...]:
    """The parts of a Konane board (``x`` Left's stones), by their lowest stone."""
    return tuple(_konane_part(h, w, gx, go) for gx, go in _konane_groups(h, w, xs, os) if gx and go)


@twin("konane_options", _konane_options_compiled)
def konane_options(h: int, w: int, xs: int, os: int) -> Options:
    """The parts of each Left option and each Right option, in the order of
    :meth:`grundy.cgt.games.konane.Konane.left_moves` (by direction: right, left, down, up;
    then by stone; then by how far it jumps)."""
    sides: list[list[tuple[Part, ...]]] = [[], []]
    for side in (0, 1):
        mine, theirs = (xs, os) if side == 0 else (os, xs)
        for _, _, now_mine, now_theirs in konane_jumps(h, w, mine, theirs):
            nx, no = (now_mine, now_theirs) if side == 0 else (now_theirs, now_mine)
            sides[side].append(konane_split.py_func(h, w, nx, no))
    return sides[0], sides[1]
