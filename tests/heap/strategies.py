"""Hypothesis strategies for take-and-break games."""

from __future__ import annotations

from hypothesis import strategies as st

from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak


@st.composite
def games(draw: st.DrawFn, *, hexadecimal: bool = False, infinite: bool = True) -> TakeAndBreak:
    """A random take-and-break game: up to 4 digits, maybe a repeated tail, maybe unequal."""
    top = 15 if hexadecimal else 7
    first = draw(st.sampled_from([0, 4, 8, 12] if hexadecimal else [0, 4]))
    digits = tuple(draw(st.lists(st.integers(0, top), min_size=1, max_size=4)))
    repeat: tuple[int, ...] = ()
    if infinite and draw(st.booleans()):
        repeat = tuple(draw(st.lists(st.integers(0, top), min_size=1, max_size=2)))
    unequal = draw(st.booleans())
    return TakeAndBreak(OctalCode.make(first, digits, repeat), unequal)
