"""Clobber: a stone moves onto an orthogonally adjacent stone of the other colour,
removing it. Left plays ``x``, Right plays ``o``; ``.`` is empty; rows separated by ``/``.

Stones never move onto empty cells, so groups of stones that do not touch
never interact: the regions are the 4-connected groups holding both colours,
keyed up to the 8 symmetries of the square (and translation); swapping the
colours negates the value.

>>> from grundy.cgt import value_of
>>> g = Clobber()
>>> [str(value_of(g, s)) for s in (g.parse_args([t])[0] for t in ("xo", "xox", "xo/ox"))]
['*', '*', '*']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._grid import groups_with
from grundy.cgt.games._shapes import WHO, square_words
from grundy.cgt.games._stones import StoneGame, steps_onto, swap_key
from grundy.cgt.value import CLEAR_HOOKS
from grundy.core.cache import memo_put
from grundy.core.game import LEFT, Player
from grundy.kernels._core import core_module

__all__ = ["Clobber", "ClobberState"]

#: ``(h, w, left stones, right stones)`` as bit masks (see :mod:`._grid`).
ClobberState = tuple[int, int, int, int]

_SYNTAX = "clobber ROWS  (x Left's stone, o Right's, . empty; rows separated by /)"
_keys: dict[ClobberState, tuple[Hashable, bool]] = {}
CLEAR_HOOKS.append(_keys.clear)
#: The most boards whose keys are remembered; past it they are forgotten (memory stays bounded).
_KEYS_KEPT = 1 << 17
Part = tuple[Hashable, Any, Any]


@dataclass(frozen=True)
class Clobber(StoneGame):
    """Clobber on any board."""

    name = "clobber"
    syntax = _SYNTAX
    rule = (
        "a player moves one of their stones (Left x, Right o) onto an orthogonally "
        "adjacent stone of the other colour, which is removed; who cannot move loses"
    )
    example = "clobber xoxo/oxox"
    memo_family = "clobber"

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Which stone clobbers which, rows and columns numbered from 1.

        >>> g = Clobber()
        >>> (s,) = g.parse_args(["xo."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left: x at row 1, column 1 clobbers o at row 1, column 2'
        """
        a, b = ("x", "o") if player == LEFT else ("o", "x")
        src, dst = (square_words(cell) for cell in cells)
        return f"{WHO[player]}: {a} at {src} clobbers {b} at {dst}"

    def stone_moves(
        self, state: ClobberState, left: bool
    ) -> Iterator[tuple[ClobberState, int, int]]:
        h, w, xs, os = state
        mine, theirs = (xs, os) if left else (os, xs)
        for low, dst in steps_onto(mine, theirs, w):
            new_mine, new_theirs = (mine ^ low) | dst, theirs ^ dst
            yield (h, w, new_mine, new_theirs) if left else (h, w, new_theirs, new_mine), low, dst

    def regions(self, state: ClobberState) -> Iterator[ClobberState]:
        _h, w, xs, os = state
        return cast("Iterator[ClobberState]", groups_with(w, (xs, os), xs, os))

    def keyed_regions(self, state: ClobberState) -> tuple[Part, ...] | None:
        """``(key, negated, region)`` for each region, from the compiled core (``grid.c``)
        when it runs and the board fits 64 bits, else None (then :meth:`regions` and
        :meth:`signed_region_key` give the same answers)."""
        core = core_module()
        _h, w, xs, os = state
        if core is None or not hasattr(core, "clob_split") or (xs | os) >> 64:
            return None
        parts: tuple[Part, ...] = core.clob_split(w, xs, os)
        return parts

    def option_parts(
        self, region: ClobberState
    ) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]] | None:
        """The parts of each Left and each Right option, from the compiled core, or None."""
        core = core_module()
        _h, w, xs, os = region
        if core is None or not hasattr(core, "clob_options") or (xs | os) >> 64:
            return None
        lefts, rights = core.clob_options(w, xs, os)
        return lefts, rights

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The walk in C, when the compiled core and its table of canonical games run (then
        :func:`grundy.cgt.value_of` hands it each missing region), else None."""
        return compiled_walk("clob", 2, _fits_clob, _fits_clob)

    def signed_region_key(self, region: ClobberState) -> tuple[Hashable, bool]:
        """The least image under the symmetries of the square and the colour swap."""
        found = _keys.get(region)
        if found is None:
            found = memo_put(_keys, region, swap_key(region), _KEYS_KEPT)
        return found


def _fits_clob(key: Any) -> bool:
    """A keyed region ``(h, w, ...)`` whose bitboard (rows ``w + 1`` bits apart) fits 64 bits."""
    h: int = key[0]
    w: int = key[1]
    return h * (w + 1) <= 64
