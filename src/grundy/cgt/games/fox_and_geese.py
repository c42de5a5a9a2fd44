"""Fox and Geese (Winning Ways, ch. 20), the loopy partisan game of CGSuite's ``FoxAndGeese``.

The board is 8 columns wide; squares are named ``R,C`` (row ``R`` from 1 at the bottom,
column ``C`` from 1 at the left) and only the squares with ``R + C`` even are used.
Left's geese step one square diagonally *down* into an empty square; Right's fox steps
one square diagonally in any direction into an empty square. Nothing is captured, and a
player who cannot move loses. The fox may step back and forth, so the game is loopy and
is solved by :mod:`grundy.cgt.loopy` (outcome with draws; value as a stopper or as
``onside & offside``).

As in CGSuite the board is open at the top, and a fox that has got past the geese (on
or above the highest goose's row, or one row below it with an empty square above it)
runs free forever: the position is ``off`` (Right can always move, Left only finitely
often), and is played as ``{|pass}``: the fox runs, the geese have lost.

>>> g = FoxAndGeese()
>>> s = g.parse_args(["geese=3,1;3,3", "fox=1,1"])[0]
>>> g.format_state(s)
'geese=3,1;3,3 fox=1,1'
>>> sorted(g.format_state(t) for t in g.right_moves(s))
['geese=3,1;3,3 fox=2,2']
>>> from grundy import solve
>>> r = solve("fox-and-geese geese=2,2 fox=1,1")
>>> r.outcome, r.canonical
('P', '0')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.board import Grid
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player
from grundy.errors import InvalidGameError, InvalidSpecError

__all__ = ["WIDTH", "FoxAndGeese", "escaped"]

_SYNTAX = (
    "fox-and-geese geese=R,C;R,C;... fox=R,C  (row R from 1 at the bottom to 8, column C "
    "from 1 to 8, R + C even; e.g. fox-and-geese 'geese=4,2;4,4;4,6;4,8' fox=1,1), or "
    "the board as rows from the top, x a goose, o the fox (x.x.x.x./......../o.......)"
)

#: Columns of the board (and rows a piece may be given on).
WIDTH = 8

Square = tuple[int, int]
State = tuple[tuple[Square, ...], Square]

_GEESE_STEPS = ((-1, -1), (-1, 1))
_FOX_STEPS = ((1, -1), (1, 1), (-1, -1), (-1, 1))


def _cell(square: Square) -> int:
    """The index of ``square`` among the cells of :meth:`FoxAndGeese.board` (row 8 first)."""
    r, c = square
    return (WIDTH - r) * WIDTH + c - 1


def escaped(state: State) -> bool:
    """True when the fox has got past the geese (CGSuite's rule, see the module doc).

    >>> escaped((((3, 1), (3, 3)), (2, 4))), escaped((((3, 1), (3, 3)), (2, 2)))
    (True, False)
    """
    geese, (fr, fc) = state
    top = max(r for r, _ in geese)
    if fr >= top:
        return True
    if fr == top - 1:
        return any(1 <= fc + d <= WIDTH and (fr + 1, fc + d) not in geese for d in (-1, 1))
    return False


def _square(text: str, what: str, syntax: str) -> Square:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise InvalidSpecError(f"{what} {text!r} is not R,C", syntax)
    r, c = int(parts[0]), int(parts[1])
    if not (1 <= r <= WIDTH and 1 <= c <= WIDTH) or (r + c) % 2:
        raise InvalidSpecError(
            f"{what} {text!r} is not a used square (1 <= R, C <= {WIDTH}, R + C even)", syntax
        )
    return r, c


def _board_form(text: str, syntax: str = _SYNTAX) -> State:
    """A position drawn as rows from the top, ``/`` between them, the last row being row
    1: ``x`` a goose, ``o`` the fox, ``.`` any other square (CGSuite's picture).

    >>> _board_form("x.x...../......../o.......")
    (((3, 1), (3, 3)), (1, 1))
    """
    rows = text.split("/")
    if len(rows) > WIDTH or any(len(row) != WIDTH for row in rows):
        raise InvalidSpecError(
            f"the board {text!r} is not at most {WIDTH} rows of {WIDTH} squares", syntax
        )
    geese: list[Square] = []
    foxes: list[Square] = []
    for i, row in enumerate(rows):
        r = len(rows) - i
        for c, ch in enumerate(row.lower(), start=1):
            if ch not in "xo.":
                raise InvalidSpecError(f"unexpected {ch!r} in the board {text!r}", syntax)
            if ch != "." and (r + c) % 2:
                raise InvalidSpecError(
                    f"a piece on {r},{c}, a square not used (R + C must be even)", syntax
                )
            (geese if ch == "x" else foxes if ch == "o" else []).append((r, c))
    if len(foxes) != 1 or not geese:
        raise InvalidSpecError("the board needs one fox o and at least one goose x", syntax)
    return tuple(sorted(geese)), foxes[0]


@dataclass(frozen=True)
class FoxAndGeese(PartisanGame[State]):
    """Fox and Geese; a state is ``(geese, fox)``, the geese a sorted tuple of squares."""

    name = "fox-and-geese"
    aliases = ("fox-geese",)
    syntax = _SYNTAX
    rule = (
        "Left's geese step one square diagonally down, Right's fox one square diagonally "
        "any way, onto empty dark squares (R + C even) of a board 8 wide; no captures; a "
        "fox past the geese runs free (off); the geese's moves run out, so no draws"
    )
    example = "fox-and-geese geese=3,1;3,3;3,5;3,7 fox=1,1"
    #: Solved by grundy.cgt.loopy (the fox can step back).
    loopy_partisan: ClassVar[bool] = True
    #: How many squares the fox may move in one diagonal direction (never jumping a goose).
    fox_range: ClassVar[int] = 1

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) == 1 and "=" not in args[0]:
            return [_board_form(args[0], self.syntax)]
        fields: dict[str, str] = {}
        for a in args:
            key, eq, rest = a.partition("=")
            key = key.strip().lower()
            if not eq or key not in ("geese", "fox") or key in fields:
                raise InvalidSpecError(
                    f"expected geese=... and fox=... once each, got {a!r}", self.syntax
                )
            fields[key] = rest
        if set(fields) != {"geese", "fox"}:
            missing = "geese" if "geese" not in fields else "fox"
            raise InvalidSpecError(f"{self.name} needs {missing}=...", self.syntax)
        geese = [
            _square(t, "the goose", self.syntax) for t in fields["geese"].split(";") if t.strip()
        ]
        if not geese:
            raise InvalidSpecError(f"{self.name} needs at least one goose", self.syntax)
        if len(set(geese)) != len(geese):
            raise InvalidSpecError("two geese on one square", self.syntax)
        fox = _square(fields["fox"], "the fox", self.syntax)
        if fox in geese:
            raise InvalidSpecError("the fox is on a goose's square", self.syntax)
        return [(tuple(sorted(geese)), fox)]

    def format_state(self, state: Any) -> str:
        geese, (fr, fc) = state
        return "geese=" + ";".join(f"{r},{c}" for r, c in geese) + f" fox={fr},{fc}"

    def board(self, state: Any) -> Grid:
        """The 8x8 board from the top row down: geese black (Left), the fox white."""
        geese, fox = state
        cells = []
        for r in range(WIDTH, 0, -1):
            for c in range(1, WIDTH + 1):
                if (r, c) == fox:
                    cells.append("white")
                elif (r, c) in geese:
                    cells.append("black")
                else:
                    cells.append("empty" if (r + c) % 2 == 0 else "hole")
        return Grid(WIDTH, WIDTH, tuple(cells))

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        """Which piece moves where.

        >>> g = FoxAndGeese()
        >>> s = (((3, 1), (3, 3)), (1, 1))
        >>> g.describe_move(s, (((2, 2), (3, 3)), (1, 1)), "L")
        'Left: the goose on 3,1 steps to 2,2'
        >>> g.describe_move(s, (((3, 1), (3, 3)), (2, 2)), "R")
        'Right: the fox on 1,1 steps to 2,2'
        """
        if after == state:
            return "Right: the fox, past the geese, runs free (the geese have lost)"
        (g0, f0), (g1, f1) = state, after
        if side == "R":
            verb = "steps" if self.fox_range == 1 else "moves"
            return f"Right: the fox on {f0[0]},{f0[1]} {verb} to {f1[0]},{f1[1]}"
        src = [s for s in g0 if s not in g1]
        dst = [s for s in g1 if s not in g0]
        if len(src) != 1 or len(dst) != 1:
            return super().describe_move(state, after, side)
        (a, b), (c, d) = src[0], dst[0]
        return f"Left: the goose on {a},{b} steps to {c},{d}"

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play` naming the square the piece leaves
        and the one it lands on (cells of :meth:`board`, row 8 first).

        >>> [p.cells for p in FoxAndGeese().plays((((3, 1),), (1, 3)), "L")]
        [(40, 49)]
        """
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        moves = self.left_moves(state) if player == LEFT else self.right_moves(state)
        for after in moves:
            (g0, f0), (g1, f1) = state, after
            if player == RIGHT:
                cells = (_cell(f0),) if f0 == f1 else (_cell(f0), _cell(f1))
            else:
                src = [q for q in g0 if q not in g1]
                dst = [q for q in g1 if q not in g0]
                cells = (_cell(src[0]), _cell(dst[0]))
            yield Play((after,), player, cells, self.describe_move(state, after, player))

    def left_moves(self, state: State) -> Iterator[State]:
        if escaped(state):
            return
        geese, fox = state
        taken = set(geese)
        for i, (r, c) in enumerate(geese):
            for dr, dc in _GEESE_STEPS:
                t = (r + dr, c + dc)
                if t[0] >= 1 and 1 <= t[1] <= WIDTH and t != fox and t not in taken:
                    yield tuple(sorted((*geese[:i], t, *geese[i + 1 :]))), fox

    def right_moves(self, state: State) -> Iterator[State]:
        if escaped(state):
            yield state  # the fox runs free: off = {|pass}
            return
        geese, (r, c) = state
        taken = set(geese)
        for dr, dc in _FOX_STEPS:
            for k in range(1, self.fox_range + 1):
                t = (r + k * dr, c + k * dc)
                if t[0] < 1 or not 1 <= t[1] <= WIDTH or t in taken:
                    break
                yield geese, t
