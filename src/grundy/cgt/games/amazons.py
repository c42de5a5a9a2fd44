"""Amazons (CGSuite's ``game.grid.Amazons``): move a queen, then shoot an arrow from it.

Left's amazons are ``x``, Right's ``o``; ``.`` is empty and ``#`` an arrow (or no
square). A move slides one of the mover's amazons like a chess queen (any distance in one
of the 8 directions, over empty squares only), then fires an arrow from where it stopped,
again like a queen, over and onto empty squares (the square it just left counts as
empty); the arrow's square is burnt for good. Who cannot move loses.

Nothing crosses an arrow, so the regions are the groups of squares joined by the 8
directions that hold an amazon and an empty square (a group without either has no move,
now or ever: it is 0 and dropped), keyed up to the symmetries of the square; swapping the
colours negates the value. Each region's value is memoised by its key. Where the compiled
core runs, the regions are walked in C (``_core/amazons.c`` on the one walk of
``_core/walk.h``, same regions and keys); this Python walk is the fallback and the
reference.

>>> from grundy.cgt import value_of
>>> g = Amazons()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in ("x.", "x..", "x.o", "x./.o")]
['1', '2', '*', '0']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._grid import trim
from grundy.cgt.games._shapes import WHO, GridGame, Placement, fits_bitboard
from grundy.cgt.games._stones import swap_key
from grundy.cgt.value import CLEAR_HOOKS
from grundy.core.cache import memo_put
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError

__all__ = ["Amazons", "AmazonsState"]

#: ``(h, w, Left's amazons, Right's amazons, empty squares)`` as bit masks (see
#: :mod:`._grid`); an arrow (``#``) is none of them.
AmazonsState = tuple[int, int, int, int, int]

_keys: dict[AmazonsState, tuple[Hashable, bool]] = {}
CLEAR_HOOKS.append(_keys.clear)
#: The most boards whose keys are remembered (the Python walk meets each region some four
#: times for each key it memoises): past it they are forgotten, so memory stays bounded.
_KEYS_KEPT = 1 << 17


def _steps(w: int) -> tuple[int, ...]:
    """The bit offsets of the 8 queen directions on a board ``w`` wide (rows ``w + 1``
    bits apart: a step off the side lands on the unused bit that ends each row)."""
    s = w + 1
    return (1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1)


def _ray(start: int, step: int, free: int) -> Iterator[int]:
    """The squares (bit indices) a queen at ``start`` reaches along ``step`` over ``free``."""
    p = start + step
    while p >= 0 and free >> p & 1:
        yield p
        p += step


@dataclass(frozen=True)
class Amazons(GridGame):
    """Amazons on any board."""

    name: ClassVar[str] = "amazons"
    syntax: ClassVar[str] = (
        "amazons ROWS  (x Left's amazon, o Right's, . empty, # arrow or no square; "
        "rows separated by /)"
    )
    rule: ClassVar[str] = (
        "a player moves one of their amazons (Left x, Right o) like a chess queen over "
        "empty squares, then shoots an arrow from it the same way onto an empty square "
        "(the square just left counts as empty), which is burnt; who cannot move loses"
    )
    example: ClassVar[str] = "amazons x../.../..o"
    memo_family: ClassVar[str] = "amazons"
    symbols: ClassVar[str] = "xo.#"
    pieces: ClassVar[dict[str, str]] = {"x": "black", "o": "white", ".": "empty", "#": "blocked"}
    #: A move's cells are played one after another (the amazon, its square, its arrow):
    #: the page takes a move as clicks on them in that order.
    ordered_cells: ClassVar[bool] = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args and self.rows is None:
            raise InvalidSpecError("amazons needs the board", self.syntax)
        return super().parse_args(args)

    def _moves(
        self, state: AmazonsState, left: bool
    ) -> Iterator[tuple[AmazonsState, int, int, int]]:
        """Each move: the board after it, and where the amazon was, went and shot (bits)."""
        h, w, xs, os, empty = state
        mine = xs if left else os
        steps = _steps(w)
        while mine:
            low = mine & -mine
            mine ^= low
            src = low.bit_length() - 1
            for step in steps:
                for dst in _ray(src, step, empty):
                    free = (empty | low) & ~(1 << dst)
                    moved = ((xs if left else os) ^ low) | (1 << dst)
                    x, o = (moved, os) if left else (xs, moved)
                    for arrow in steps:
                        for hit in _ray(dst, arrow, free):
                            yield (h, w, x, o, free & ~(1 << hit)), src, dst, hit

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        """Each move and its cells in the order they are played: where the amazon was,
        where it went, where its arrow landed (the first again for a shot back).

        >>> g = Amazons()
        >>> [cells for _, cells in g.placements(g.parse_args(["x."])[0], LEFT)]
        [((0, 0), (0, 1), (0, 0))]
        """
        stride = state[1] + 1
        for after, src, dst, hit in self._moves(state, player == LEFT):  # type: ignore[arg-type]
            yield after, tuple(divmod(b, stride) for b in (src, dst, hit))

    def left_moves(self, state: AmazonsState) -> Iterator[AmazonsState]:
        return (after for after, *_ in self._moves(state, True))

    def right_moves(self, state: AmazonsState) -> Iterator[AmazonsState]:
        return (after for after, *_ in self._moves(state, False))

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Where the amazon goes and where its arrow lands.

        >>> g = Amazons()
        >>> (s,) = g.parse_args(["x.."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left: x moves from row 1, column 1 to row 1, column 2 and shoots row 1, column 3'
        """
        (r1, c1), (r2, c2), (r3, c3) = cells
        mark = "x" if player == LEFT else "o"
        return (
            f"{WHO[player]}: {mark} moves from row {r1 + 1}, column {c1 + 1} to row {r2 + 1}, "
            f"column {c2 + 1} and shoots row {r3 + 1}, column {c3 + 1}"
        )

    def regions(self, state: Any) -> Iterator[Any]:
        _h, w, xs, os, empty = state
        for comp in _groups(xs | os | empty, w):
            if comp & (xs | os) and comp & empty:
                nh, nw, (a, b, e) = trim(w, (xs & comp, os & comp, empty & comp))
                yield (nh, nw, a, b, e)

    def signed_region_key(self, region: Any) -> tuple[Hashable, bool]:
        """The least image under the symmetries of the square and the colour swap."""
        found = _keys.get(region)
        if found is None:
            found = memo_put(_keys, region, swap_key(region), _KEYS_KEPT)
        return found

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The compiled walk (``amazons_value``), for keys whose board fits 64 bits."""
        return compiled_walk("amazons", 8, fits_bitboard, fits_bitboard)


def _groups(mask: int, w: int) -> list[int]:
    """The groups of set bits joined by the 8 queen directions (rows ``w + 1`` bits
    apart, so that no step wraps round a row's end)."""
    s = w + 1
    out = []
    while mask:
        comp = mask & -mask
        while True:
            grown = comp | comp << 1 | comp >> 1 | comp << s | comp >> s
            grown |= comp << (s + 1) | comp >> (s + 1) | comp << (s - 1) | comp >> (s - 1)
            grown &= mask
            if grown == comp:
                break
            comp = grown
        out.append(comp)
        mask &= ~comp
    return out
