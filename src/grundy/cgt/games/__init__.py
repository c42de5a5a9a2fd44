"""Partisan rulesets whose positions :func:`grundy.cgt.value_of` evaluates exactly.

Each class carries its registry metadata (``name``, ``aliases``, ``syntax``,
``rule``, ``example``, ``family = "partisan"``) as class variables.
"""

from __future__ import annotations

from grundy.cgt.games.clobber import Clobber
from grundy.cgt.games.cutcake import Cutcake
from grundy.cgt.games.domineering import Domineering
from grundy.cgt.games.hackenbush import ColoredHackenbush
from grundy.cgt.games.toads_frogs import ToadsAndFrogs
from grundy.cgt.games.toppling import TopplingDominoes

__all__ = [
    "Clobber",
    "ColoredHackenbush",
    "Cutcake",
    "Domineering",
    "ToadsAndFrogs",
    "TopplingDominoes",
]
