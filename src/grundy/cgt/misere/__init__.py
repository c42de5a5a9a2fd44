"""Impartial games in misère play by canonical forms: CGSuite's ``*[...]`` notation,
misère canonical forms, genus, tame/restive/restless games (see docs/misere.md).

>>> from grundy.cgt.misere import MisereGame, genus
>>> g = MisereGame("*[2[2]321]")
>>> g.outcome, str(genus(g)), str(g + MisereGame(1))
('N', '4^146', '*[(2[2]321)[1]]')
"""

from __future__ import annotations

from grundy.cgt.misere.form import MisereGame, nim_heap
from grundy.cgt.misere.genus import (
    Genus,
    genus,
    is_restive,
    is_restless,
    is_tame,
    phylum,
    tame_sum_genus,
    tame_sum_outcome,
)
from grundy.cgt.misere.solve import misere_form

__all__ = [
    "Genus",
    "MisereGame",
    "genus",
    "is_restive",
    "is_restless",
    "is_tame",
    "misere_form",
    "nim_heap",
    "phylum",
    "tame_sum_genus",
    "tame_sum_outcome",
]
