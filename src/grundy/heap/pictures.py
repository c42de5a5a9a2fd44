"""Pictures of heaps of counters: a row of ``●`` for the terminal, a small SVG for Jupyter.

A heap game's ruleset returns these from its ``text_board`` and ``svg`` hooks
(:class:`~grundy.heap.nim.Nim` does); a sum of heaps is drawn one heap a row.

>>> heap_line(3)
'●●● (3)'
>>> heap_svg(31) is None
True
"""

from __future__ import annotations

from grundy.core.text import short_number, svg_document

__all__ = ["MOST_COUNTERS_DRAWN", "MOST_COUNTERS_TYPED", "heap_line", "heap_svg"]

#: Heaps up to this size get an SVG picture (a bigger one is better read as a number).
MOST_COUNTERS_DRAWN = 30

#: A terminal row shows at most this many counters, then ``…`` and the size.
MOST_COUNTERS_TYPED = 40

_PER_ROW = 5
_STEP = 16
_PAD = 6


def heap_line(n: int) -> str:
    """A heap as a row of counters and its size; a long heap is cut.

    >>> heap_line(0)
    '(0)'
    >>> heap_line(10**60)[-44:]
    '●●●… (100000000000…000000000000 (61 digits))'
    """
    if n <= MOST_COUNTERS_TYPED:
        return f"{'●' * n} ({n})".lstrip()
    return f"{'●' * MOST_COUNTERS_TYPED}… ({short_number(n)})"


def heap_svg(n: int) -> str | None:
    """A heap of ``n`` counters as a pile, rows of five from the bottom, its size below;
    None for a heap of more than :data:`MOST_COUNTERS_DRAWN` counters.

    >>> heap_svg(7).count("<circle")
    7
    """
    if not 0 <= n <= MOST_COUNTERS_DRAWN:
        return None
    rows = max(1, -(-n // _PER_ROW))
    width = 2 * _PAD + _PER_ROW * _STEP
    height = 2 * _PAD + rows * _STEP + 16
    base = _PAD + rows * _STEP
    body = [
        f'<line x1="{_PAD - 2}" y1="{base + 1}" x2="{width - _PAD + 2}" y2="{base + 1}" '
        'stroke="#999"/>'
    ]
    for k in range(n):
        row, col = divmod(k, _PER_ROW)
        x = _PAD + col * _STEP + _STEP // 2
        y = base - row * _STEP - _STEP // 2
        body.append(
            f'<circle cx="{x}" cy="{y}" r="{_STEP // 2 - 1}" fill="#e9a23b" stroke="#8a5a12"/>'
        )
    body.append(
        f'<text x="{width // 2}" y="{height - _PAD}" font-size="12" text-anchor="middle" '
        f'fill="#333">{n}</text>'
    )
    return svg_document(width, height, body, title=f"a heap of {n}")
