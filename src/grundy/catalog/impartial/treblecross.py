"""Treblecross (Winning Ways, ch. 4): one-dimensional tic-tac-toe with crosses only.

Both players put an ``x`` in an empty square of a strip; whoever makes three in a
row wins. A cross within two squares of another lets the opponent complete a
row at once, so with good play nobody does so until forced: the game is the
impartial game in which a move puts a cross at least three squares from every
cross, and a player who has no such move (and so must hand the win over) loses.
A strip of ``n`` empty squares is then octal 0.007 on a heap of ``n + 2``; a gap
of ``k`` empty squares between two crosses is a heap of ``k - 2``, with
``k`` between a cross and the end of the strip.

Positions where a cross is within two squares of another are over already (the
player to move completes a row) and are refused.

A strip of one or two squares is the exception (issue 35 item 8): three in a row
never fits, so no cross there is unsafe and the strip fills up. Alone it is a draw
(it fills without three in a row); beside a longer strip each of its empty squares
is one harmless move (a chain of moves: its value is their number modulo 2), and
the player with no safe move must still hand a win over in the longer strip.

>>> from grundy import solve
>>> [solve(f"treblecross {'.' * n}").grundy for n in range(3, 10)]
[1, 2, 2, 0, 3, 3, 1]
>>> [solve(f"treblecross {'.' * n}").outcome for n in (1, 2)]
['D', 'D']
>>> solve("treblecross .. + treblecross ......").grundy  # 0 (a chain of 2) xor 0
0
>>> Treblecross().heaps("..x......")
(2, 6)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.board import Strip
from grundy.core.game import Answer, ImpartialGame, Play, Player
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.heap.games import TakeAndBreak

__all__ = ["Treblecross"]

_SYNTAX = "treblecross STRIP...  (x a cross, . an empty square; crosses at least 3 apart)"
_LONGEST = 1_000
_OCTAL = TakeAndBreak.from_code("0.007")

#: A strip of at most this many squares can never hold three in a row.
SHORT = 2


@dataclass(frozen=True)
class Treblecross(ImpartialGame[str]):
    """Treblecross; a state is the strip as text."""

    name = "treblecross"
    aliases = ()
    syntax = _SYNTAX
    rule = (
        "put a cross in an empty square of the strip at least three squares from every "
        "cross (a nearer one lets the opponent make three in a row); who cannot loses"
    )
    example = "treblecross .......... ...x..."
    merges_components = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("treblecross needs a strip", _SYNTAX)
        out = []
        for a in args:
            strip = a.lower()
            bad = set(strip) - set("x.")
            if bad:
                raise InvalidSpecError(f"unexpected {sorted(bad)[0]!r} in the strip {a!r}", _SYNTAX)
            if len(strip) > _LONGEST:
                raise InvalidSpecError(f"a strip has at most {_LONGEST:,} squares", _SYNTAX)
            crosses = [i for i, ch in enumerate(strip) if ch == "x"]
            if len(strip) > SHORT and any(b - a < 3 for a, b in itertools.pairwise(crosses)):
                raise InvalidSpecError(
                    f"two crosses of {a!r} are within two squares: the player to move "
                    "makes three in a row",
                    _SYNTAX,
                )
            out.append(strip)
        if len(out) > 1 and all(len(strip) <= SHORT for strip in out):
            raise UnsupportedError(
                "strips of one or two squares never hold three in a row: together they are "
                "a draw; ask about one strip (a draw), or add a longer strip",
                _SYNTAX,
            )
        return out

    def format_state(self, state: Any) -> str:
        return str(state)

    def board(self, state: Any) -> Strip:
        """The strip of crosses and empty squares."""
        return Strip(tuple("x" if ch == "x" else "empty" for ch in state))

    def moves(self, state: str) -> Iterator[str]:
        return (state[:i] + "x" + state[i + 1 :] for i in self._squares(state))

    def _squares(self, state: str) -> Iterator[int]:
        """The squares a cross may go in (from 0)."""
        n = len(state)
        for i in range(n):
            if state[i] != "x" and (
                n <= SHORT  # three in a row never fits: every cross is safe
                or all(state[j] != "x" for j in range(max(0, i - 2), min(n, i + 3)))
            ):
                yield i

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play` naming the square crossed.

        >>> [p.cells for p in Treblecross().plays("x....")]
        [(3,), (4,)]
        """
        for i in self._squares(state):
            after = state[:i] + "x" + state[i + 1 :]
            yield Play((after,), player, (i,), f"put a cross in square {i + 1}")

    def heaps(self, state: str) -> tuple[int, ...]:
        """The octal 0.007 heaps equal to ``state``: each run of empty squares with a heap
        of its length plus 2, less 2 for each end at a cross (empty heaps left out); none
        for a strip of one or two squares (see :meth:`grundy_formula`)."""
        if len(state) <= SHORT:
            return ()
        out = []
        for k, run in enumerate(state.split("x")):
            ends = (k > 0) + (k < state.count("x"))
            h = len(run) + 2 - 2 * ends
            if h > 0:
                out.append(h)
        return tuple(out)

    def grundy_formula(self, state: str) -> int | None:
        """The nim-sum of the octal 0.007 values of :meth:`heaps` (Winning Ways ch. 4); a
        strip of one or two squares is a chain of harmless moves, one per empty square."""
        if len(state) <= SHORT:
            return state.count(".") % 2
        octal = _OCTAL
        value = 0
        for h in self.heaps(state):
            value ^= octal.grundy_formula(h) or 0
        return value

    def outcome_theorem(self, state: str, misere: bool) -> Answer | None:
        """A strip of one or two squares alone is a draw: it fills without three in a row."""
        if len(state) > SHORT:
            return None
        return Answer.theorem(
            outcome="D",
            method="a strip too short for three in a row: a draw",
            explanation=(
                f"The strip has {len(state)} square{'s' * (len(state) > 1)}: three in a row "
                "never fits, so it fills up and nobody wins.",
            ),
        )

    def formula_name(self) -> str:
        return "Treblecross as octal 0.007 on each gap (Winning Ways ch. 4)"

    def explain(self, states: Sequence[str], values: Sequence[int]) -> list[str]:
        return [
            f"Strip {s}: too short for three in a row, {s.count('.')} harmless move(s) "
            f"left, value {v}"
            if len(s) <= SHORT
            else f"Strip {s}: gaps as octal 0.007 heaps {list(self.heaps(s))} (a gap of k "
            f"squares is a heap of k + 2, less 2 for each end at a cross), value {v}"
            for s, v in zip(states, values, strict=True)
        ][:20]

    def describe_move(self, state: str, option: tuple[str, ...]) -> str:
        return next(p.words for p in self.plays(state) if p.after == tuple(option))
