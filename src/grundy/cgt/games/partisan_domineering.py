"""Domineering by canonical value, under its own name while ``domineering`` keeps the
two-player search (outcome class and the mover's win or loss) that earlier releases gave.

>>> from grundy import solve
>>> solve("partisan-domineering:3x4").canonical
'-3/2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games.domineering import Domineering

__all__ = ["PartisanDomineering"]


@dataclass(frozen=True)
class PartisanDomineering(Domineering):
    """:class:`Domineering` (Left vertical) registered as ``partisan-domineering``."""

    name: ClassVar[str] = "partisan-domineering"
    aliases: ClassVar[tuple[str, ...]] = ("dom",)
    example: ClassVar[str] = "partisan-domineering:3x4"
