"""The half-division game: each pile has exactly one move, given by the seed notes' ``move``.

The notes give this C function for the move from a pile of x::

    int move(int x) {
        if (x % 2 == 0) return x / 2;
        while (x % 2 != 0) x /= 2;
        return x / 2;
    }

and say that a pile of 1 "can't be halved further". Read bit by bit, ``move``
deletes the trailing 1-bits of x and then one more bit (a 0): it is
``x >> (t + 1)`` where t is the number of trailing 1-bits (t = 0 for even x).

The rule implemented here: a pile of x >= 2 moves to ``move(x)``; piles of 0
and 1 have no move. Two points of the C code are *not* followed, on purpose:
``move(0)`` is 0 (a move to itself, which would make the game loopy), and
``move(1)`` is 0, but the notes' prose (and the issue) say 1 cannot move.

>>> from grundy import solve
>>> r = solve("halving 6 5")
>>> r.grundy, [str(p) for p in r.winning_moves]
(1, ['halving 3 5', 'halving 6 1'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.core.game import Answer, HeapGame
from grundy.core.misere import sj_answer
from grundy.core.text import short_number as _short

__all__ = ["Halving", "halving_move", "halving_moves_left"]

_SYNTAX = "halving N..."


def halving_move(x: int) -> int:
    """The notes' ``move(x)``: drop the trailing 1-bits of x, then one more bit.

    >>> [halving_move(x) for x in (2, 3, 5, 6, 7, 12, 13)]
    [1, 0, 1, 3, 0, 6, 3]
    """
    t = ((x ^ (x + 1)).bit_length()) - 1  # trailing 1-bits of x
    return x >> (t + 1)


def halving_moves_left(x: int) -> int:
    """How many moves the pile of x makes before it stops (at 0 or 1).

    Each move removes exactly one 0-bit of x, until only the leading run of
    1-bits is left; that run takes one more move unless it is a single 1.
    So the count is (0-bits of x) + (1 if the leading run of 1s has length >= 2).

    >>> [halving_moves_left(x) for x in range(8)]
    [0, 0, 1, 1, 2, 1, 2, 1]
    """
    if x <= 1:
        return 0
    bits = bin(x)[2:]
    zeros = bits.count("0")
    lead = len(bits) - len(bits.lstrip("1"))
    return zeros + (1 if lead >= 2 else 0)


@dataclass(frozen=True)
class Halving(HeapGame):
    """The half-division game: a pile of x >= 2 has exactly one move, to
    ``move(x) = x >> (t + 1)`` (t = trailing 1-bits of x: halve an even pile;
    strip an odd pile's trailing 1s, then halve). Piles of 0 and 1 cannot move.

    A pile is a chain of forced moves, so its Grundy value is the parity of
    the number of moves left: G(x) = (0-bits of x + [leading 1-run >= 2]) mod 2.

    >>> Halving().grundy_formula(6), list(Halving().moves(6))
    (0, [3])
    """

    name = "halving"
    sj_hypothesis = True
    rule = (
        "a pile of x >= 2 has one move: halve it if even; if odd, strip its trailing "
        "1-bits, then halve; piles of 0 and 1 cannot move; the last mover wins"
    )
    example = "halving 6 5"
    syntax = _SYNTAX

    def moves(self, state: int) -> list[int]:
        return [halving_move(state)] if state >= 2 else []

    def grundy_formula(self, state: int) -> int:
        return halving_moves_left(state) % 2

    def formula_name(self) -> str:
        return (
            "half-division: G(x) = moves left mod 2 = "
            "(0-bits of x + [leading run of 1-bits >= 2]) mod 2"
        )

    def options_with_value(self, state: int, value: int) -> list[tuple[int, ...]]:
        if state >= 2 and self.grundy_formula(halving_move(state)) == value:
            return [(halving_move(state),)]
        return []

    def count_options_with_value(self, state: int, value: int) -> int:
        return len(self.options_with_value(state, value))

    def misere_solve(self, states: Sequence[int], max_moves: int) -> Answer | None:
        """Misère play by the SJ theorem, whose hypothesis holds here.

        (H): a pile of value 0 that can move has an even number >= 2 of moves
        left, and its one move leaves an odd number (value 1). Equivalently:
        every move uses up one of the fixed total of moves left, so the player
        to move wins iff that total is even.

        >>> Halving().misere_solve([6, 5], 10).outcome
        'P'
        """
        values = [self.grundy_formula(x) for x in states]
        return sj_answer(
            self,
            states,
            values,
            max_moves,
            "SJ theorem (every pile is a chain of forced moves; hypothesis (H) holds)",
        )

    def describe_move(self, state: int, option: tuple[int, ...]) -> str:
        how = "halve" if state % 2 == 0 else "strip the trailing 1-bits and halve"
        return f"{how} the pile of {_short(state)} to {_short(option[0])}"

    def explain(self, states: Sequence[int], values: Sequence[int]) -> list[str]:
        lines = [
            "Half-division: each pile has one forced move, so its value is the parity "
            "of the moves it has left.",
            "Each move deletes one 0-bit (with the 1-bits below it); a leading run of "
            "two or more 1-bits costs one last move.",
        ]
        for x, v in list(zip(states, values, strict=True))[:10]:
            bits = bin(x)[2:]
            shown = bits if len(bits) <= 40 else f"{bits[:12]}...{bits[-12:]}"
            lines.append(
                f"  {_short(x)} = {shown} in binary: {halving_moves_left(x)} moves left, G = {v}"
            )
        if len(states) > 10:
            lines.append(f"  ... and {len(states) - 10} more piles")
        return lines
