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
from typing import Any, ClassVar

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._grid import components, row_images, rows_of, trim
from grundy.cgt.games._shapes import WHO, GridGame, Placement, pack_rows
from grundy.cgt.value import CLEAR_HOOKS
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError
from grundy.kernels._core import core_module

__all__ = ["Clobber", "ClobberState"]

#: ``(h, w, left stones, right stones)`` as bit masks (see :mod:`._grid`).
ClobberState = tuple[int, int, int, int]

_SYNTAX = "clobber ROWS  (x Left's stone, o Right's, . empty; rows separated by /)"
_keys: dict[ClobberState, tuple[Hashable, bool]] = {}
CLEAR_HOOKS.append(_keys.clear)
Part = tuple[Hashable, Any, Any]


@dataclass(frozen=True)
class Clobber(GridGame):
    """Clobber on any board."""

    name: ClassVar[str] = "clobber"
    syntax: ClassVar[str] = _SYNTAX
    rule: ClassVar[str] = (
        "a player moves one of their stones (Left x, Right o) onto an orthogonally "
        "adjacent stone of the other colour, which is removed; who cannot move loses"
    )
    example: ClassVar[str] = "clobber xoxo/oxox"
    memo_family: ClassVar[str] = "clobber"
    symbols: ClassVar[str] = "xo."
    pieces: ClassVar[dict[str, str]] = {"x": "black", "o": "white", ".": "empty"}

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("clobber needs the board", _SYNTAX)
        return super().parse_args(args)

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Which stone clobbers which, rows and columns numbered from 1.

        >>> g = Clobber()
        >>> (s,) = g.parse_args(["xo."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left: x at row 1, column 1 clobbers o at row 1, column 2'
        """
        (r1, c1), (r2, c2) = cells
        a, b = ("x", "o") if player == LEFT else ("o", "x")
        return (
            f"{WHO[player]}: {a} at row {r1 + 1}, column {c1 + 1} clobbers {b} at row "
            f"{r2 + 1}, column {c2 + 1}"
        )

    def _moves(self, state: ClobberState, left: bool) -> Iterator[tuple[ClobberState, int, int]]:
        """Each move: the board after it, the stone that moves and where it lands (bits)."""
        h, w, xs, os = state
        mine, theirs = (xs, os) if left else (os, xs)
        stride = w + 1
        for shift in (1, stride):
            for forward in (True, False):
                # stones of mine whose neighbour in this direction is theirs
                src = mine & (theirs >> shift) if forward else mine & (theirs << shift)
                while src:
                    low = src & -src
                    dst = low << shift if forward else low >> shift
                    new_mine, new_theirs = (mine ^ low) | dst, theirs ^ dst
                    after = (h, w, new_mine, new_theirs) if left else (h, w, new_theirs, new_mine)
                    yield after, low, dst
                    src ^= low

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        stride = state[1] + 1
        for after, src, dst in self._moves(state, player == LEFT):  # type: ignore[arg-type]
            yield after, tuple(divmod(m.bit_length() - 1, stride) for m in (src, dst))

    def left_moves(self, state: ClobberState) -> Iterator[ClobberState]:
        return (after for after, _, _ in self._moves(state, True))

    def right_moves(self, state: ClobberState) -> Iterator[ClobberState]:
        return (after for after, _, _ in self._moves(state, False))

    def regions(self, state: ClobberState) -> Iterator[ClobberState]:
        _h, w, xs, os = state
        for comp in components(xs | os, w):
            if comp & xs and comp & os:
                nh, nw, (a, b) = trim(w, (xs & comp, os & comp))
                yield (nh, nw, a, b)

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

    def state_of_key(self, key: Any) -> Any:
        """A board whose region key is ``key`` (a checkpoint's record is checked on it,
        :mod:`grundy.cgt._verify_memo`): ``(h, w, x rows, o rows)`` back to masks."""
        h, w, xs, os = key
        return (h, w, pack_rows(xs, w), pack_rows(os, w))

    def signed_region_key(self, region: ClobberState) -> tuple[Hashable, bool]:
        """The least image under the symmetries of the square and the colour swap."""
        found = _keys.get(region)
        if found is None:
            h, w, xs, os = region
            images = row_images(h, w, (rows_of(h, w, xs), rows_of(h, w, os)))
            plain = min((i[0], i[1], i[2][0], i[2][1]) for _, i in images)
            swapped = min((i[0], i[1], i[2][1], i[2][0]) for _, i in images)
            found = (swapped, True) if swapped < plain else (plain, False)
            _keys[region] = found
        return found


def _fits_clob(key: Any) -> bool:
    """A keyed region ``(h, w, ...)`` whose bitboard (rows ``w + 1`` bits apart) fits 64 bits."""
    h: int = key[0]
    w: int = key[1]
    return h * (w + 1) <= 64
