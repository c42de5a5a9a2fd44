"""Col (Winning Ways, ch. 2; ONAG ch. 7): players colour the cells of a map in turn.

Left colours an empty cell blue (``b``), Right red (``r``); in Col a cell may not
be coloured next to (orthogonally) a cell of the mover's own colour. Whoever
cannot colour loses. The board is rows of ``b``, ``r``, ``.`` (empty) and ``#``
(no cell) separated by ``/``. :class:`~grundy.cgt.games.snort.Snort` is the same
game with the opposite restriction and shares this module's board.

>>> from grundy.cgt import value_of
>>> g = Col()
>>> [str(value_of(g, g.parse_args([t])[0])) for t in (".", "..", "...", "b.")]
['*', '0', '0', '-1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._shapes import WHO, GridGame, Placement, square_words
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError
from grundy.kernels.boards import col_options, col_split, fits

__all__ = ["Col", "ColouringGame", "ColouringState", "colouring_rule", "colouring_syntax"]

#: ``(h, w, blue cells, red cells, holes)`` as bit masks (see :mod:`._grid`).
ColouringState = tuple[int, int, int, int, int]

Part = tuple[Hashable, Any, Any]


@dataclass(frozen=True)
class ColouringGame(GridGame):
    """A colouring game on a grid; subclasses say which neighbours forbid a move."""

    symbols = "br#."
    pieces: ClassVar[dict[str, str]] = {"b": "left", "r": "right", "#": "hole", ".": "empty"}
    max_cells = 64

    #: True: a cell next to the mover's own colour is forbidden (Col); False: next to
    #: the other player's colour (Snort).
    forbid_own: ClassVar[bool] = True
    needs_board = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:  # the syntax and the rule follow from the name and the restriction
            if "syntax" not in cls.__dict__:
                cls.syntax = colouring_syntax(cls.name)
            if "rule" not in cls.__dict__:
                cls.rule = colouring_rule(
                    "the mover's own colour" if cls.forbid_own else "the other player's colour"
                )

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        (state,) = super().parse_args(args)
        blue, red = state[2], state[3]
        for mask, colour in ((blue, "b"), (red, "r")):
            if self._forbidden(state, colour == "b" if self.forbid_own else colour == "r") & mask:
                which = f"coloured {colour}" if self.forbid_own else "of different colours"
                raise InvalidSpecError(
                    f"two cells {which} touch: not a {self.name} position",
                    self.syntax,
                )
        return [state]

    def _forbidden(self, state: ColouringState, blue_neighbours: bool) -> int:
        """Cells next to a blue cell (``blue_neighbours``) or next to a red one."""
        _h, w, blue, red, _ = state
        m = blue if blue_neighbours else red
        stride = w + 1
        return (m << 1) | (m >> 1) | (m << stride) | (m >> stride)

    def _empty(self, state: ColouringState) -> int:
        h, w, blue, red, holes = state
        stride = w + 1
        full = sum(((1 << w) - 1) << (r * stride) for r in range(h))
        return full & ~(blue | red | holes)

    def placements(self, state: tuple[int, ...], player: Player) -> Iterator[Placement]:
        h, w, blue, red, holes = state
        left = player == LEFT
        # Col: Left may not colour next to blue; Snort: next to red (and the mirror for Right)
        blocked = self._forbidden(state, left == self.forbid_own)  # type: ignore[arg-type]
        free = self._empty(state) & ~blocked  # type: ignore[arg-type]
        while free:
            low = free & -free
            free ^= low
            after = (h, w, blue | low, red, holes) if left else (h, w, blue, red | low, holes)
            yield after, (divmod(low.bit_length() - 1, w + 1),)

    def move_words(self, cells: Sequence[tuple[int, int]], player: Player) -> str:
        """Which cell is coloured, rows and columns numbered from 1.

        >>> g = Col()
        >>> (s,) = g.parse_args([".."])
        >>> g.describe_move(s, next(iter(g.left_moves(s))), "L")
        'Left colours row 1, column 1 blue'
        """
        ((r, c),) = cells
        colour = "blue" if player == LEFT else "red"
        return f"{WHO[player]} colours {square_words((r, c))} {colour}"

    # ----- regions (grundy.kernels.boards: compiled, or its pure-Python twin) ---------

    def keyed_regions(self, state: ColouringState) -> tuple[Part, ...]:
        """``(key, swapped, region)`` per region: the groups of empty cells someone may
        colour, keyed up to the symmetries of the square and the colour swap (see
        :mod:`grundy.kernels.boards`)."""
        h, w, blue, red, holes = state
        parts: tuple[Part, ...] = col_split(h, w, blue, red, holes, int(not self.forbid_own))
        return parts

    def option_parts(
        self, region: ColouringState
    ) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]:
        """The parts of each Left and each Right option, by the cell coloured."""
        h, w, blue, red, holes = region
        lefts, rights = col_options(h, w, blue, red, holes, int(not self.forbid_own))
        return lefts, rights

    def regions(self, state: ColouringState) -> Iterator[ColouringState]:
        return (region for _, _, region in self.keyed_regions(state))

    def state_of_key(self, key: Any) -> ColouringState:
        """A board whose region key is ``key`` (a checkpoint's record is checked on it,
        :mod:`grundy.cgt._verify_memo`), or a board of another key when none is found so.

        The key's planes are the cells Left may colour and those Right may: they are put
        on an empty board one cell bigger all round; a cell outside them next to cells
        only one player may colour is coloured so as to forbid the other player there,
        and the other cells are holes. (The checker splits the board again and keeps
        the record only when the key comes back.)

        >>> g = Col()
        >>> g.signed_region_key(g.state_of_key((1, 2, (1,), (3,))))
        ((1, 2, (1,), (3,)), False)
        """
        h, w, a, b = key
        nh, nw = h + 2, w + 2
        stride = nw + 1
        lefts = sum(row << ((r + 1) * stride + 1) for r, row in enumerate(a))
        rights = sum(row << ((r + 1) * stride + 1) for r, row in enumerate(b))
        if any(not 0 <= row < 1 << w for row in (*a, *b)):
            raise ValueError("a row wider than its board")
        region = lefts | rights
        # Col: a cell only Left may colour is next to red; Snort: next to blue
        only_left_colour_is_red = self.forbid_own
        blue = red = holes = 0
        for r in range(nh):
            for c in range(nw):
                bit = 1 << (r * stride + c)
                if region & bit:
                    continue
                near = [
                    bit << stride,
                    bit >> stride,
                    bit << 1 if c + 1 < nw else 0,
                    bit >> 1 if c > 0 else 0,
                ]
                touched = [n for n in near if n & region]
                if touched and all(n & lefts and not n & rights for n in touched):
                    left_only = True
                elif touched and all(n & rights and not n & lefts for n in touched):
                    left_only = False
                else:
                    holes |= bit
                    continue
                if left_only == only_left_colour_is_red:
                    red |= bit
                else:
                    blue |= bit
        return (nh, nw, blue, red, holes)

    def signed_region_key(self, region: ColouringState) -> tuple[Hashable, bool]:
        parts = self.keyed_regions(region)
        if len(parts) != 1:  # not one region: the board is its own key
            return region, False
        return parts[0][0], parts[0][1]

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The walk in C (``grid.c``), when the compiled core and its table of canonical
        games run, else None."""
        if self.forbid_own:
            return compiled_walk("col", 3, _fits_key, _fits_key)
        return compiled_walk("snort", 4, _fits_key, _fits_key)


def colouring_syntax(name: str) -> str:
    """The syntax line of a colouring game."""
    return (
        f"{name} ROWS  (b Left's blue, r Right's red, . empty, # no cell; rows separated by /) "
        f"or {name} RxC"
    )


def colouring_rule(forbidden: str) -> str:
    """The rule of a colouring game whose cells may not touch ``forbidden``."""
    return (
        "Left colours an empty cell blue, Right red; no cell may be coloured next to a cell "
        f"of {forbidden}; who cannot colour loses"
    )


@dataclass(frozen=True)
class Col(ColouringGame):
    """Col: never colour a cell next to one of your own colour."""

    name = "col"
    example = "col .../..."
    forbid_own = True
    memo_family = "col"


def _fits_key(key: Any) -> bool:
    """A key ``(h, w, ...)`` whose board (rows ``w + 1`` bits apart) fits the C walk."""
    return fits(key[0], key[1])
