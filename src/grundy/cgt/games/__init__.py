"""Partisan rulesets whose positions :func:`grundy.cgt.value_of` evaluates exactly.

Each class carries its registry metadata (``name``, ``aliases``, ``syntax``,
``rule``, ``example``, ``family = "partisan"``) as class variables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grundy._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use at run time (see __getattr__)
    from grundy.cgt.games.amazons import Amazons
    from grundy.cgt.games.anti_clobber import AntiClobber
    from grundy.cgt.games.arc_kayles import ArcKayles
    from grundy.cgt.games.cakes import Eatcake, MaundyCake, TurnAndEatcake
    from grundy.cgt.games.cherries import Cherries
    from grundy.cgt.games.childish_hackenbush import ChildishHackenbush
    from grundy.cgt.games.clobber import Clobber
    from grundy.cgt.games.cram import Cram
    from grundy.cgt.games.cutcake import Cutcake
    from grundy.cgt.games.domineering import Domineering
    from grundy.cgt.games.elephants_rhinos import ElephantsAndRhinos
    from grundy.cgt.games.fission import Fission
    from grundy.cgt.games.hackenbush import ColoredHackenbush
    from grundy.cgt.games.partizan_arc_kayles import PartizanArcKayles
    from grundy.cgt.games.partizan_euclid import PartizanEuclid
    from grundy.cgt.games.partizan_splittles import PartizanSplittles
    from grundy.cgt.games.partizan_subtraction import PartizanSubtraction
    from grundy.cgt.games.toads_frogs import ToadsAndFrogs
    from grundy.cgt.games.toppling import TopplingDominoes
    from grundy.cgt.games.variants import DicoticVariant, ImpartialVariant, TwistedVariant
    from grundy.cgt.games.weighted_arc_kayles import WeightedArcKayles

#: Where each public name lives: a game's module is imported the first time its class is
#: used (PEP 562), so that the registry, reading one game's module, loads no other.
_WHERE = {
    "Amazons": "grundy.cgt.games.amazons",
    "AntiClobber": "grundy.cgt.games.anti_clobber",
    "ArcKayles": "grundy.cgt.games.arc_kayles",
    "Eatcake": "grundy.cgt.games.cakes",
    "Cherries": "grundy.cgt.games.cherries",
    "Cram": "grundy.cgt.games.cram",
    "Fission": "grundy.cgt.games.fission",
    "MaundyCake": "grundy.cgt.games.cakes",
    "PartizanArcKayles": "grundy.cgt.games.partizan_arc_kayles",
    "PartizanEuclid": "grundy.cgt.games.partizan_euclid",
    "PartizanSplittles": "grundy.cgt.games.partizan_splittles",
    "PartizanSubtraction": "grundy.cgt.games.partizan_subtraction",
    "TurnAndEatcake": "grundy.cgt.games.cakes",
    "ChildishHackenbush": "grundy.cgt.games.childish_hackenbush",
    "Clobber": "grundy.cgt.games.clobber",
    "ColoredHackenbush": "grundy.cgt.games.hackenbush",
    "Cutcake": "grundy.cgt.games.cutcake",
    "Domineering": "grundy.cgt.games.domineering",
    "ElephantsAndRhinos": "grundy.cgt.games.elephants_rhinos",
    "ToadsAndFrogs": "grundy.cgt.games.toads_frogs",
    "TopplingDominoes": "grundy.cgt.games.toppling",
    "DicoticVariant": "grundy.cgt.games.variants",
    "ImpartialVariant": "grundy.cgt.games.variants",
    "TwistedVariant": "grundy.cgt.games.variants",
    "WeightedArcKayles": "grundy.cgt.games.weighted_arc_kayles",
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())


__all__ = [
    "Amazons",
    "AntiClobber",
    "ArcKayles",
    "Cherries",
    "ChildishHackenbush",
    "Clobber",
    "ColoredHackenbush",
    "Cram",
    "Cutcake",
    "DicoticVariant",
    "Domineering",
    "Eatcake",
    "ElephantsAndRhinos",
    "Fission",
    "ImpartialVariant",
    "MaundyCake",
    "PartizanArcKayles",
    "PartizanEuclid",
    "PartizanSplittles",
    "PartizanSubtraction",
    "ToadsAndFrogs",
    "TopplingDominoes",
    "TurnAndEatcake",
    "TwistedVariant",
    "WeightedArcKayles",
]
