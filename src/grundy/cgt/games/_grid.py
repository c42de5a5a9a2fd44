"""Boards as bit masks, for the grid rulesets (Domineering, Clobber).

A board of ``h`` rows and ``w`` columns keeps cell ``(r, c)`` at bit
``r * (w + 1) + c``: one spare column, so that shifting by one never wraps
from a row into the next. Shifting by ``w + 1`` moves a row up or down.

>>> h, w, masks = parse_rows("x.o/.xx", "xo.", "rows of x o .")
>>> (h, w), [bin(m) for m in masks]
((2, 3), ['0b1100001', '0b100'])
>>> format_rows(h, w, masks, "xo.")
'x.o/.xx'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from grundy.core.text import labelled_grid
from grundy.errors import InvalidSpecError
from grundy.kernels.bitboard import components

__all__ = [
    "board_lines",
    "cells_of",
    "components",
    "format_rows",
    "groups_with",
    "mask_of",
    "parse_rows",
    "row_images",
    "rows_of",
    "symmetric_images",
    "trim",
]


def parse_rows(text: str, symbols: str, expected: str) -> tuple[int, int, list[int]]:
    """Rows separated by ``/``: one mask per symbol but the last (which means empty/absent)."""
    rows = [r for r in text.replace(" ", "/").split("/") if r]
    if not rows:
        raise InvalidSpecError("the board is empty", expected)
    w = len(rows[0])
    for row in rows:
        if len(row) != w:
            raise InvalidSpecError(f"row {row!r} has {len(row)} cells, not {w}", expected)
    masks = [0] * (len(symbols) - 1)
    stride = w + 1
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            k = symbols.find(ch)
            if k < 0:
                raise InvalidSpecError(
                    f"unexpected {ch!r} in row {row!r}; cells are {' '.join(symbols)}", expected
                )
            if k < len(masks):
                masks[k] |= 1 << (r * stride + c)
    return len(rows), w, masks


def format_rows(h: int, w: int, masks: Sequence[int], symbols: str) -> str:
    """The inverse of :func:`parse_rows`."""
    stride = w + 1
    rows = []
    for r in range(h):
        row = []
        for c in range(w):
            bit = 1 << (r * stride + c)
            k = next((i for i, m in enumerate(masks) if m & bit), len(masks))
            row.append(symbols[k])
        rows.append("".join(row))
    return "/".join(rows)


def cells_of(mask: int, w: int) -> Iterator[tuple[int, int]]:
    """The ``(r, c)`` of each set bit."""
    stride = w + 1
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        yield divmod(b, stride)
        mask ^= low


def mask_of(cells: Sequence[tuple[int, int]], w: int) -> int:
    """The mask of these cells on a board ``w`` wide."""
    stride = w + 1
    m = 0
    for r, c in cells:
        m |= 1 << (r * stride + c)
    return m


def trim(w: int, masks: Sequence[int]) -> tuple[int, int, tuple[int, ...]]:
    """The bounding box of the set bits of all masks: ``(h, w, masks)`` moved to the corner."""
    stride = w + 1
    full = (1 << w) - 1
    union = 0
    for m in masks:
        union |= m
    low_row = ((union & -union).bit_length() - 1) // stride
    high_row = (union.bit_length() - 1) // stride
    cols = 0
    for r in range(low_row, high_row + 1):
        cols |= (union >> (r * stride)) & full
    c0 = (cols & -cols).bit_length() - 1
    nw = cols.bit_length() - c0
    nstride = nw + 1
    out = []
    for m in masks:
        new = 0
        for r in range(low_row, high_row + 1):
            new |= (((m >> (r * stride)) & full) >> c0) << ((r - low_row) * nstride)
        out.append(new)
    return high_row - low_row + 1, nw, tuple(out)


def groups_with(w: int, masks: Sequence[int], a: int, b: int) -> Iterator[tuple[int, ...]]:
    """The board ``(h, w, *masks)`` cut into its 4-connected groups of cells (of any mask)
    that hold a cell of ``a`` and a cell of ``b``, the others being dead: each group as a
    board of its own, cropped (:func:`trim`).

    >>> list(groups_with(4, (0b0001, 0b0010), 0b0001, 0b0010))  # x o . . : one group
    [(1, 2, 1, 2)]
    """
    union = 0
    for m in masks:
        union |= m
    for comp in components(union, w):
        if comp & a and comp & b:
            nh, nw, parts = trim(w, [m & comp for m in masks])
            yield (nh, nw, *parts)


def rows_of(h: int, w: int, mask: int) -> tuple[int, ...]:
    """The rows of a mask, each as a ``w``-bit int."""
    stride = w + 1
    full = (1 << w) - 1
    return tuple((mask >> (r * stride)) & full for r in range(h))


_REVERSED: dict[int, list[int]] = {}


def _reverse_table(w: int) -> list[int]:
    """``table[x]``: the ``w`` low bits of ``x`` reversed (built once per ``w``)."""
    table = _REVERSED.get(w)
    if table is None:
        if w <= 8:
            table = [int(format(x, f"0{w}b")[::-1], 2) if w else 0 for x in range(1 << w)]
        else:
            low = _reverse_table(8)
            high = _reverse_table(w - 8)
            table = [(low[x & 255] << (w - 8)) | high[x >> 8] for x in range(1 << w)]
        _REVERSED[w] = table
    return table


def _reverse_rows(rows: Sequence[int], w: int) -> tuple[int, ...]:
    """Each row's ``w`` bits reversed (a mirror image left to right)."""
    if w <= 10:
        table = _reverse_table(w)
        return tuple([table[x] for x in rows])
    byte = _reverse_table(8)
    out = []
    for row in rows:
        x, r, k = row, 0, w
        while k >= 8:
            r = (r << 8) | byte[x & 255]
            x >>= 8
            k -= 8
        if k:
            r = (r << k) | (byte[x] >> (8 - k))
        out.append(r)
    return tuple(out)


def _transpose(rows: Sequence[int], w: int) -> tuple[int, ...]:
    out = [0] * w
    for r, row in enumerate(rows):
        bit = 1 << r
        rest = row
        while rest:
            low = rest & -rest
            out[low.bit_length() - 1] |= bit
            rest ^= low
    return tuple(out)


def row_images(
    h: int, w: int, planes: Sequence[tuple[int, ...]]
) -> list[tuple[bool, tuple[int, int, tuple[tuple[int, ...], ...]]]]:
    """The 8 images of boards given as rows (one tuple of rows per plane).

    Each is ``(transposed, (h, w, planes))``; the first four keep rows as rows.
    """
    out = []
    for transpose in (False, True):
        if transpose:
            base = [_transpose(p, w) for p in planes]
            nh, nw = w, h
        else:
            base = list(planes)
            nh, nw = h, w
        flipped = [_reverse_rows(p, nw) for p in base]
        out.append((transpose, (nh, nw, tuple(base))))
        out.append((transpose, (nh, nw, tuple(flipped))))
        out.append((transpose, (nh, nw, tuple(p[::-1] for p in base))))
        out.append((transpose, (nh, nw, tuple(p[::-1] for p in flipped))))
    return out


def symmetric_images(
    h: int, w: int, masks: Sequence[int]
) -> list[tuple[bool, tuple[int, int, tuple[int, ...]]]]:
    """The 8 images of a trimmed board under the symmetries of the square.

    Each is ``(transposed, (h, w, masks))``: the first four keep rows as rows.
    """
    cells = [list(cells_of(m, w)) for m in masks]
    out = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                nh, nw = (w, h) if transpose else (h, w)
                images = []
                for cs in cells:
                    moved = []
                    for r0, c0 in cs:
                        r, c = (c0, r0) if transpose else (r0, c0)
                        moved.append((nh - 1 - r if flip_r else r, nw - 1 - c if flip_c else c))
                    images.append(mask_of(moved, nw))
                out.append((transpose, (nh, nw, tuple(images))))
    return out


def board_lines(rows_text: str) -> list[str]:
    """A board written as rows separated by ``/``, drawn as a grid with numbered rows and
    columns.

    >>> print("\\n".join(board_lines("x.o/.xo")))
       1 2 3
    1  x . o
    2  . x o
    """
    rows = rows_text.split("/")
    width = max(len(r) for r in rows)
    return labelled_grid(
        [r.ljust(width) for r in rows],
        [str(r + 1) for r in range(len(rows))],
        [str(c + 1) for c in range(width)],
    )
