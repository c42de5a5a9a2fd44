"""Konane (Hawaiian checkers; Ernst, "Playing Konane mathematically", 1995): Left plays
black ``x``, Right white ``o``.

A move jumps one of the mover's stones orthogonally over an adjacent stone of the
other colour into the empty cell beyond, removing the jumped stone; the same stone
may go on jumping in the same direction (each stopping point is a separate move).
Whoever cannot jump loses. The board is rows of ``x``, ``o`` and ``.`` separated by
``/`` (the opening removals are not part of the game here: give the position).

>>> from grundy.cgt import value_of
>>> g = Konane()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in ("xo.", ".ox", "xo.o.", "xox.")]
['1', '1', '1', '-1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._shapes import WHO, square_words
from grundy.cgt.games._stones import StoneGame
from grundy.core.game import LEFT, Player
from grundy.kernels.bitboard import konane_jumps
from grundy.kernels.boards import fits, konane_options, konane_split

__all__ = ["Konane", "KonaneState"]

#: ``(h, w, black stones, white stones)`` as bit masks (see :mod:`._grid`).
KonaneState = tuple[int, int, int, int]

Part = tuple[Hashable, Any, Any]
_SYNTAX = "konane ROWS  (x Left's black stone, o Right's white, . empty; rows separated by /)"


@dataclass(frozen=True)
class Konane(StoneGame):
    """Konane on any rectangular board."""

    name = "konane"
    syntax = _SYNTAX
    rule = (
        "a player jumps one of their stones (Left black x, Right white o) orthogonally over "
        "an adjacent stone of the other colour into an empty cell, removing it, and may jump "
        "again in the same direction; who cannot jump loses"
    )
    example = "konane xo.x/.xo./ox.o"
    memo_family = "konane"
    max_cells = 64

    def stone_moves(self, state: KonaneState, left: bool) -> Iterator[tuple[KonaneState, int, int]]:
        """Each move: the board after it, where the stone starts and where it stops (bits)."""
        h, w, xs, os = state
        mine, theirs = (xs, os) if left else (os, xs)
        for low, land, now_mine, now_theirs in konane_jumps(h, w, mine, theirs):
            after = (h, w, now_mine, now_theirs) if left else (h, w, now_theirs, now_mine)
            yield after, low, land

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Where the stone jumps from and to, rows and columns numbered from 1.

        >>> g = Konane()
        >>> (s,) = g.parse_args(["xo.o."])
        >>> [g.describe_move(s, a, "L") for a in g.left_moves(s)][-1]
        'Left jumps x from row 1, column 1 to row 1, column 5'
        """
        stone = "x" if player == LEFT else "o"
        return (
            f"{WHO[player]} jumps {stone} from {square_words(cells[0])} to {square_words(cells[1])}"
        )

    # ----- regions (grundy.kernels.boards, compiled) ---------------------------------
    # Without the compiled core the whole board is one region, keyed by itself: working
    # out groups and symmetry keys in Python costs more than it saves (a 4x5 opening:
    # 8 s against 0.4 s), as a Konane position seldom falls apart before its end.
    # (The grid base's split and keys are for boards of one mask: not Konane's two.)

    def regions(self, state: KonaneState) -> Iterator[KonaneState]:
        """The board as one region (see above)."""
        yield state

    def signed_region_key(self, region: KonaneState) -> tuple[Hashable, bool]:
        """The board itself, never negated (see above)."""
        return region, False

    def keyed_regions(self, state: KonaneState) -> tuple[Part, ...] | None:
        """``(key, swapped, region)`` per group of stones that can never meet another
        group's, each cropped to the box its stones could reach and keyed up to the
        symmetries of the square and the colour swap (see :mod:`grundy.kernels.boards`),
        from the compiled core; None without it (then the board is its own key)."""
        fast = konane_split.compiled
        if fast is None or not fits(state[0], state[1]):
            return None
        parts: tuple[Part, ...] = fast(*state)
        return parts

    def option_parts(
        self, region: KonaneState
    ) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]] | None:
        """The parts of each Left and each Right option, in :meth:`left_moves`' order, from
        the compiled core, or None."""
        fast = konane_options.compiled
        if fast is None or not fits(region[0], region[1]):
            return None
        lefts, rights = fast(*region)
        return lefts, rights

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The walk in C (``grid.c``), when the compiled core and its table of canonical
        games run, else None."""
        return compiled_walk("konane", 5, _fits_key, _fits_key)


def _fits_key(key: Any) -> bool:
    """A key ``(h, w, ...)`` whose board (rows ``w + 1`` bits apart) fits the C walk."""
    return fits(key[0], key[1])
