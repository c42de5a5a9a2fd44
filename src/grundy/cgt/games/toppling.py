"""Toppling Dominoes (Lessons in Play, ch. 2; Fink, Nowakowski, Siegel, Wolfe).

A row of dominoes: ``b`` blue (Left's), ``r`` red (Right's), ``g`` green
(both). A move chooses a domino of one's colour (or green) and topples it to
the left or to the right: it falls with every domino on that side of it.
Reversing the row keeps the value; swapping blue and red negates it.

>>> from grundy.cgt import value_of
>>> g = TopplingDominoes()
>>> [str(value_of(g, s)) for s in ("b", "br", "bb", "g", "brb")]
['1', '*', '2', '*', '1/2']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from grundy.cgt.games._shapes import WHO, StripGame, reverse_swap_key
from grundy.core.game import LEFT, Player

__all__ = ["TopplingDominoes"]

_SYNTAX = "toppling-dominoes ROW...  (b blue Left's, r red Right's, g green; one row each)"
_SWAP = str.maketrans("br", "rb")


@dataclass(frozen=True)
class TopplingDominoes(StripGame):
    """Toppling Dominoes; a state is a row as text."""

    name = "toppling-dominoes"
    aliases = ("toppling",)
    syntax = _SYNTAX
    rule = (
        "a player topples one domino of their colour (Left b, Right r) or a green g to "
        "the left or right; it knocks down every domino on that side"
    )
    example = "toppling-dominoes bbrgrb"
    merges_components = True
    memo_family = "toppling-dominoes"
    symbols = "brg"
    pieces: ClassVar[dict[str, str]] = {"b": "left", "r": "right", "g": "green"}

    def placements(self, state: str, player: Player) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Each domino of the player's colour (or green) toppled left, then right (a row
        left twice is listed once); the cells are the dominoes that fall."""
        colour = "b" if player == LEFT else "r"
        seen = set()
        for i, ch in enumerate(state):
            if ch in (colour, "g"):
                for after in (state[i + 1 :], state[:i]):
                    if after not in seen:
                        seen.add(after)
                        k = len(after)
                        right = _rightwards(state, after, player)
                        yield after, tuple(range(k, len(state)) if right else range(len(state) - k))

    def move_words(self, state: str, after: str, cells: tuple[int, ...], player: Player) -> str:
        """Which domino is toppled and which way, dominoes numbered from 1 on the left, and
        the other topple that leaves the same row, if any (so that its words find the move
        too).

        >>> g = TopplingDominoes()
        >>> g.describe_move("brb", "rb", "L")
        'Left topples domino 1 to the left'
        >>> g.describe_move("bbrgrb", "", "L")
        'Left topples domino 1 to the right (or topples domino 6 to the left, the same move)'
        """
        right = _rightwards(state, after, player)
        first = (cells[0], "right") if right else (cells[-1], "left")
        words = f"{WHO[player]} topples domino {first[0] + 1} to the {first[1]}"
        for i, way in _pushes(state, after, _colours(player)):
            if (i, way) != first:
                other = f"to the {way}" if i == first[0] else f"topples domino {i + 1} to the {way}"
                words += f" (or {other}, the same move)"
        return words

    def click_pushes(
        self, state: str, cells: Sequence[int], player: Player | None
    ) -> list[tuple[int, str]]:
        """Where a click makes the move that knocks down ``cells`` (a run at an end of the
        row): each domino of ``player`` (None: either player) whose topple leaves the same
        row, with the side it falls to, ``"left"`` or ``"right"``. Every topple of the
        player is one move's, so that a click on a domino near that side makes it
        (:func:`grundy.web.board.play_target`'s ``pushes``).

        >>> g = TopplingDominoes()
        >>> g.click_pushes("bbrgrb", (0, 1, 2, 3, 4, 5), "L")  # every domino falls
        [(0, 'right'), (5, 'left')]
        >>> g.click_pushes("bbrgrb", (0, 1), "L"), g.click_pushes("bbrgrb", (5,), "R")
        ([(1, 'left')], [])
        """
        run = sorted(cells)
        if not run:
            return []
        after = state[: run[0]] + state[run[-1] + 1 :]
        return _pushes(state, after, _colours(player))

    def regions(self, state: str) -> Iterator[str]:
        if state:
            yield state

    def signed_region_key(self, region: str) -> tuple[Hashable, bool]:
        """The least of the row, its reverse, and their colour swaps (negated)."""
        return reverse_swap_key(region, _SWAP)


def _colours(player: Player | None) -> str:
    """The dominoes ``player`` may topple (None: any)."""
    return "brg" if player is None else "bg" if player == LEFT else "rg"


def _pushes(state: str, after: str, colours: str) -> list[tuple[int, str]]:
    """Every topple of a domino of ``colours`` that leaves ``after``: ``(domino, side)``,
    along the row (at most one each way: the row left says how many fall).

    >>> _pushes("bb", "b", "bg"), _pushes("g", "", "brg")
    ([(0, 'left'), (1, 'right')], [(0, 'left'), (0, 'right')])
    """
    out = []
    for i, ch in enumerate(state):
        if ch in colours:
            if state[i + 1 :] == after:
                out.append((i, "left"))
            if state[:i] == after:
                out.append((i, "right"))
    return out


def _rightwards(state: str, after: str, player: Player) -> bool:
    """Whether ``after`` is what is left when a domino of ``player`` topples to the right."""
    k = len(after)
    return state[:k] == after and state[k] in ("b" if player == LEFT else "r", "g")
