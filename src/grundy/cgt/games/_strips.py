"""The facing-strip base: a strip of Left's pieces ``t`` that move rightwards and Right's
pieces ``f`` that move leftwards (Toads and Frogs, Elephants and Rhinos).

Reversing such a strip and swapping the pieces swaps the players' moves, so it negates
the value: a region's key is the least of the strip and that mirror image
(:func:`mirror_key`).

>>> mirror_key("t.f"), mirror_key("tt.f"), mirror_key("t.ff")
(('t.f', False), ('t.ff', True), ('t.ff', False))
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._shapes import StripGame

__all__ = ["FacingStrip", "mirror_key"]

_SWAP = str.maketrans("tf", "ft")


def mirror_key(strip: str) -> tuple[str, bool]:
    """The strip or its mirror image with ``t`` and ``f`` swapped, whichever is less
    (``True``: the mirror image, whose value is the negative)."""
    mirror = strip[::-1].translate(_SWAP)
    return (mirror, True) if mirror < strip else (strip, False)


@dataclass(frozen=True)
class FacingStrip(StripGame):
    """A strip of ``t`` (Left's, moving rightwards), ``f`` (Right's, leftwards) and ``.``
    (empty), one per argument."""

    symbols = "tf."
    pieces: ClassVar[dict[str, str]] = {"t": "toad", "f": "frog", ".": "empty"}
    noun = "strip"

    def signed_region_key(self, region: str) -> tuple[Hashable, bool]:
        """The strip or its mirror image with the pieces swapped (negated), whichever is less."""
        return mirror_key(region)
