"""Snort (Winning Ways, ch. 2; ONAG ch. 7): Col with the opposite restriction.

Left colours an empty cell blue (``b``), Right red (``r``); a cell may not be
coloured next to (orthogonally) a cell of the *other* player's colour. Whoever
cannot colour loses. Snort positions are often hot (a two-cell strip is ±1),
unlike Col's, which are numbers or numbers plus star.

>>> from grundy.cgt import value_of
>>> g = Snort()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in (".", "..", "b.")]
['*', '+-1', '1']
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.cgt.games.col import ColouringGame

__all__ = ["Snort"]


@dataclass(frozen=True)
class Snort(ColouringGame):
    """Snort: never colour a cell next to one of the other player's colour."""

    name = "snort"
    example = "snort .../..."
    forbid_own = False
    memo_family = "snort"
