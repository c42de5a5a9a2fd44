"""Cram (Winning Ways ch. 22; rules as in Wikipedia's "Cram (game)"): Domineering where
either player places a domino either way, the impartial variant of its rule.
>>> from grundy.cgt import value_of
>>> g = Cram()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in ("1x2", "2x2", ".#.", "2x3")]
['*', '0', '0', '*']"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._shapes import WHO, GridGame, Placement, fits_bitboard, stores_bitboard
from grundy.cgt.games.domineering import domino_placements, domino_words
from grundy.core.game import Player

__all__ = ["Cram"]


@dataclass(frozen=True)
class Cram(GridGame):
    name = "cram"
    syntax = "cram:RxC [ROWS] or cram ROWS  (. empty, # no square; rows split by /)"
    rule = "place a domino on two adjacent empty cells, either way; who cannot loses"
    example = "cram:3x4"
    impartial = True
    memo_family = "cram"

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        yield from domino_placements(state, True)
        yield from domino_placements(state, False)

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        return f"{WHO[player]} {domino_words(cells)}"

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        return compiled_walk("cram", 6, fits_bitboard, stores_bitboard)
