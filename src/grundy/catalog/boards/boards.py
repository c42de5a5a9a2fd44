"""Shared parsing of board sizes and board text for the search games."""

from __future__ import annotations

from grundy.errors import InvalidSpecError

__all__ = ["board_rows", "parse_size"]


def parse_size(
    params: str | None, name: str, syntax: str, *, default: tuple[int, int]
) -> tuple[int, int]:
    """``"AxB"`` as ``(A, B)``, both from 1 to 16; ``default`` when absent.

    >>> parse_size("5x4", "connect4", "connect4:CxR", default=(7, 6))
    (5, 4)
    """
    if params is None:
        return default
    a, x, b = params.lower().partition("x")
    if not x or not a.isdigit() or not b.isdigit():
        raise InvalidSpecError(f"{name}:{params} needs a size like 4x4", syntax)
    first, second = int(a), int(b)
    if not (1 <= first <= 16 and 1 <= second <= 16):
        raise InvalidSpecError(f"{name}:{params}: both sides must be from 1 to 16", syntax)
    return first, second


def board_rows(text: str, rows: int, cols: int, cells: str, syntax: str) -> list[str]:
    """Split board text (rows top to bottom, optionally separated by ``/``) into rows.

    >>> board_rows("x.o/.../...", 3, 3, "xo.", "tictactoe BOARD")
    ['x.o', '...', '...']
    """
    flat = text.replace("/", "").lower()
    if len(flat) != rows * cols:
        raise InvalidSpecError(
            f"the board {text!r} has {len(flat)} cells, expected {rows}x{cols} = {rows * cols}",
            syntax,
        )
    bad = sorted(set(flat) - set(cells))
    if bad:
        raise InvalidSpecError(
            f"the board {text!r} has the character {bad[0]!r}; use only {' '.join(cells)}", syntax
        )
    return [flat[r * cols : (r + 1) * cols] for r in range(rows)]
