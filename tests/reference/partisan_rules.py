"""The partisan rulesets' moves rewritten from their rules, on states of our own; no grundy code.

Each :class:`Rules` gives Left's and Right's options of a state as the rule states them
(every option, duplicates allowed), and writes a state as a ``grundy`` spec. A state here is
always the whole position: sums of pieces stay one state (no regions, no symmetry), so
:func:`value` builds each position's canonical form from the game tree alone.

>>> from tests.reference.cgt_forms import number_of
>>> number_of(value(HACKENBUSH, ((0, 1, "b"), (1, 2, "r"))))
Fraction(1, 2)
>>> CUTCAKE.spec(((2, 3), (1, 1)))
'cutcake 2x3 1x1'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tests.reference.cgt_forms import add, canon, canonical, make, nimber_form, number_form

__all__ = [
    "CLOBBER",
    "COL",
    "CRAM",
    "CUTCAKE",
    "DOMINEERING",
    "HACKENBUSH",
    "KONANE",
    "RULES",
    "SNORT",
    "TOADS_FROGS",
    "TOPPLING",
    "Rules",
    "clobber_boards",
    "colouring_boards",
    "cutcake_positions",
    "domineering_boards",
    "hackenbush_pictures",
    "literal_games",
    "literal_sum",
    "random_pictures",
    "toads_frogs_strips",
    "toppling_positions",
    "value",
]

Moves = Callable[[Any], list[Any]]


@dataclass(frozen=True)
class Rules:
    """A ruleset as its two move functions and the spec of a state."""

    name: str
    left: Moves
    right: Moves
    spec: Callable[[Any], str]
    memo: dict[Hashable, int] = field(default_factory=dict, compare=False, repr=False)


def value(rules: Rules, state: Hashable) -> int:
    """The canonical form (a ``cgt_forms`` id) of ``state``: options from the rules, simplified."""
    found = rules.memo.get(state)
    if found is None:
        found = canon(
            [value(rules, s) for s in rules.left(state)],
            [value(rules, s) for s in rules.right(state)],
        )
        rules.memo[state] = found
    return found


# --- Blue-Red-Green Hackenbush ------------------------------------------------------------
# A picture is a sorted tuple of edges (u, v, colour), u <= v, vertex 0 the ground; a loop
# has u == v, and an edge may repeat.

Picture = tuple[tuple[int, int, str], ...]


def _fall(edges: list[tuple[int, int, str]]) -> Picture:
    """The edges still joined to the ground through a path of edges."""
    reach = {0}
    grew = True
    while grew:
        grew = False
        for u, v, _ in edges:
            if u in reach and v not in reach:
                reach.add(v)
                grew = True
            elif v in reach and u not in reach:
                reach.add(u)
                grew = True
    return tuple(sorted(e for e in edges if e[0] in reach))


def _cuts(picture: Picture, colours: str) -> list[Picture]:
    return [
        _fall(list(picture[:i] + picture[i + 1 :]))
        for i, (_, _, c) in enumerate(picture)
        if c in colours
    ]


def _hackenbush_spec(picture: Picture) -> str:
    return 'hackenbush:colored "' + " ".join(f"{u}-{v}:{c}" for u, v, c in picture) + '"'


HACKENBUSH = Rules(
    "hackenbush:colored",
    lambda p: _cuts(p, "bg"),
    lambda p: _cuts(p, "rg"),
    _hackenbush_spec,
)


def hackenbush_pictures(max_edges: int, vertices: int) -> list[Picture]:
    """Every picture with at most ``max_edges`` edges on vertices ``0..vertices-1`` (0 the
    ground), loops and repeated edges included, colours b r g; edges that cannot reach
    the ground dropped, and one picture per relabelling of the vertices above the ground."""
    kinds = [(u, v, c) for u in range(vertices) for v in range(u, vertices) for c in "brg"]
    index = {k: i for i, k in enumerate(kinds)}
    renames = []  # each renaming of the vertices above the ground, as a map on kinds
    for p in itertools.permutations(range(1, vertices)):
        m = (0, *p)
        renames.append([index[min(m[u], m[v]), max(m[u], m[v]), c] for u, v, c in kinds])
    seen: set[Picture] = set()
    for n in range(max_edges + 1):
        for edges in itertools.combinations_with_replacement(range(len(kinds)), n):
            if all(edges <= tuple(sorted(m[k] for k in edges)) for m in renames):
                picture = [index[e] for e in _fall([kinds[k] for k in edges])]
                seen.add(min(tuple(sorted(kinds[m[k]] for k in picture)) for m in renames))
    return sorted(seen, key=lambda p: (len(p), p))


def random_pictures(count: int, edges: int, vertices: int, seed: int) -> list[Picture]:
    """``count`` pictures of ``edges`` edges drawn uniformly (with repeats) from every edge
    ``u-v:c`` on vertices ``0..vertices-1``, loops included; fallen edges dropped."""
    rng = random.Random(seed)
    kinds = [(u, v, c) for u in range(vertices) for v in range(u, vertices) for c in "brg"]
    return [_fall(rng.choices(kinds, k=edges)) for _ in range(count)]


# --- Domineering ----------------------------------------------------------------------------
# A state is (rows, cols, frozenset of empty cells (r, c)).

Board = tuple[int, int, frozenset[tuple[int, int]]]


def _dominoes(board: Board, dr: int, dc: int) -> list[Board]:
    rows, cols, empty = board
    return [
        (rows, cols, empty - {(r, c), (r + dr, c + dc)})
        for r, c in sorted(empty)
        if (r + dr, c + dc) in empty
    ]


def _board_rows(board: Board, empty_mark: str = ".", full_mark: str = "#") -> str:
    rows, cols, empty = board
    return "/".join(
        "".join(empty_mark if (r, c) in empty else full_mark for c in range(cols))
        for r in range(rows)
    )


DOMINEERING = Rules(
    "domineering",
    lambda b: _dominoes(b, 1, 0),  # Left: vertical
    lambda b: _dominoes(b, 0, 1),  # Right: horizontal
    lambda b: f"domineering:{b[0]}x{b[1]} {_board_rows(b)}",
)


CRAM = Rules(
    "cram",
    lambda b: _dominoes(b, 1, 0) + _dominoes(b, 0, 1),  # either player, either way
    lambda b: _dominoes(b, 1, 0) + _dominoes(b, 0, 1),
    lambda b: f"cram:{b[0]}x{b[1]} {_board_rows(b)}",
)


def domineering_boards(rows: int, cols: int) -> list[Board]:
    """Every set of empty cells of a ``rows`` x ``cols`` board."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return [
        (rows, cols, frozenset(cell for cell, bit in zip(cells, bits, strict=True) if bit))
        for bits in itertools.product((0, 1), repeat=len(cells))
    ]


def domineering_search_spec(board: Board, mover: str) -> str:
    """The spec of ``domineering-search`` (the two-player search) with ``mover`` to move."""
    return f"domineering-search:{board[0]}x{board[1]} {_board_rows(board)} {mover}"


# --- Clobber --------------------------------------------------------------------------------
# A state is a tuple of equal-length rows of x (Left), o (Right) and . (empty).

Grid = tuple[str, ...]


def _clobbers(grid: Grid, mine: str, theirs: str) -> list[Grid]:
    out = []
    rows, cols = len(grid), len(grid[0])
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] != mine:
            continue
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < rows and 0 <= c2 < cols and grid[r2][c2] == theirs:
                cells = [list(row) for row in grid]
                cells[r][c], cells[r2][c2] = ".", mine
                out.append(tuple("".join(row) for row in cells))
    return out


CLOBBER = Rules(
    "clobber",
    lambda g: _clobbers(g, "x", "o"),
    lambda g: _clobbers(g, "o", "x"),
    lambda g: "clobber " + "/".join(g),
)


def clobber_boards(rows: int, cols: int) -> list[Grid]:
    """Every filling of a ``rows`` x ``cols`` board with x, o and empty cells."""
    return [
        tuple("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
        for cells in itertools.product("xo.", repeat=rows * cols)
    ]


# --- Cutcake --------------------------------------------------------------------------------
# A state is a sorted tuple of pieces (rows, cols): the whole table, one game.

Cake = tuple[tuple[int, int], ...]


def _cut(cake: Cake, vertical: bool) -> list[Cake]:
    out = []
    for i, (r, c) in enumerate(cake):
        rest = cake[:i] + cake[i + 1 :]
        if vertical:  # Left: between two columns
            out += [tuple(sorted((*rest, (r, k), (r, c - k)))) for k in range(1, c)]
        else:  # Right: between two rows
            out += [tuple(sorted((*rest, (k, c), (r - k, c)))) for k in range(1, r)]
    return out


CUTCAKE = Rules(
    "cutcake",
    lambda k: _cut(k, vertical=True),
    lambda k: _cut(k, vertical=False),
    lambda k: "cutcake " + " ".join(f"{r}x{c}" for r, c in k),
)


def cutcake_positions(side: int, pair_side: int) -> list[Cake]:
    """Every rectangle up to ``side`` x ``side``, and every pair of rectangles up to
    ``pair_side`` x ``pair_side``."""
    rects = [(r, c) for r in range(1, side + 1) for c in range(1, side + 1)]
    small = [(r, c) for r in range(1, pair_side + 1) for c in range(1, pair_side + 1)]
    pairs = [tuple(sorted(p)) for p in itertools.combinations_with_replacement(small, 2)]
    return [(x,) for x in rects] + pairs


# --- Toads and Frogs ------------------------------------------------------------------------


def _hops(strip: str, me: str, other: str, step: int) -> list[str]:
    out = []
    n = len(strip)
    for i, ch in enumerate(strip):
        if ch != me:
            continue
        j = i + step
        if 0 <= j < n and strip[j] == ".":
            target = j
        elif 0 <= j < n and strip[j] == other and 0 <= j + step < n and strip[j + step] == ".":
            target = j + step
        else:
            continue
        cells = list(strip)
        cells[i], cells[target] = ".", me
        out.append("".join(cells))
    return out


TOADS_FROGS = Rules(
    "toads-frogs",
    lambda s: _hops(s, "t", "f", 1),  # Left's toads move right
    lambda s: _hops(s, "f", "t", -1),  # Right's frogs move left
    lambda s: f"toads-frogs {s}",
)


def toads_frogs_strips(max_len: int) -> list[str]:
    """Every strip of t, f and empty squares of length 1 to ``max_len``."""
    return ["".join(p) for n in range(1, max_len + 1) for p in itertools.product("tf.", repeat=n)]


# --- Toppling Dominoes ----------------------------------------------------------------------
# A state is a sorted tuple of non-empty rows: the whole table, one game.

Rows = tuple[str, ...]


def _topples(rows: Rows, colours: str) -> list[Rows]:
    out = []
    for j, row in enumerate(rows):
        rest = rows[:j] + rows[j + 1 :]
        for i, ch in enumerate(row):
            if ch in colours:
                for left_standing in (row[:i], row[i + 1 :]):  # toppled right, toppled left
                    out.append(tuple(sorted((*rest, left_standing) if left_standing else rest)))
    return out


TOPPLING = Rules(
    "toppling-dominoes",
    lambda r: _topples(r, "bg"),
    lambda r: _topples(r, "rg"),
    lambda r: "toppling-dominoes " + " ".join(r),
)


def toppling_positions(max_len: int, pair_len: int) -> list[Rows]:
    """Every row of b, r, g of length 1 to ``max_len``, and every pair of rows of length
    1 to ``pair_len``."""
    rows = ["".join(p) for n in range(1, max_len + 1) for p in itertools.product("brg", repeat=n)]
    short = [r for r in rows if len(r) <= pair_len]
    pairs = [tuple(sorted(p)) for p in itertools.combinations_with_replacement(short, 2)]
    return [(r,) for r in rows] + pairs


# --- game literals (cgt VALUE) --------------------------------------------------------------
# Words of CGSuite notation built from leaves whose forms are written from the definitions.

_LEAVES: dict[str, Callable[[], int]] = {
    "0": lambda: number_form(Fraction(0)),
    "1": lambda: number_form(Fraction(1)),
    "-1": lambda: number_form(Fraction(-1)),
    "2": lambda: number_form(Fraction(2)),
    "1/2": lambda: number_form(Fraction(1, 2)),
    "-3/4": lambda: number_form(Fraction(-3, 4)),
    "*": lambda: nimber_form(1),
    "*2": lambda: nimber_form(2),
    "^": lambda: make([nimber_form(0)], [nimber_form(1)]),  # {0|*}
    "v": lambda: make([nimber_form(1)], [nimber_form(0)]),  # {*|0}
}


def literal_games() -> list[tuple[str, int]]:
    """``{A|B}`` for every pair of sets of at most two leaves, with its canonical form."""
    leaves = list(_LEAVES)
    sets = [s for n in range(3) for s in itertools.combinations(leaves, n)]
    out = []
    for a, b in itertools.product(sets, sets):
        text = "{" + ",".join(a) + "|" + ",".join(b) + "}"
        form = canon([_leaf(x) for x in a], [_leaf(x) for x in b])
        out.append((text, form))
    return out


def _leaf(text: str) -> int:
    return canonical(_LEAVES[text]())


def literal_sum(forms: list[int]) -> int:
    """The canonical form of a sum, by the definition of the sum."""
    total = number_form(Fraction(0))
    for g in forms:
        total = add(total, g)
    return total


# --- Col and Snort ---------------------------------------------------------------------------
# A state is a tuple of rows of b (Left's blue), r (Right's red) and . (empty).


def _colourings(grid: Grid, mine: str, forbidden: str) -> list[Grid]:
    """Colour one empty cell ``mine`` where no orthogonal neighbour is ``forbidden``."""
    out = []
    rows, cols = len(grid), len(grid[0])
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] != ".":
            continue
        near = [
            grid[r + dr][c + dc]
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        if forbidden not in near:
            cells = [list(row) for row in grid]
            cells[r][c] = mine
            out.append(tuple("".join(row) for row in cells))
    return out


COL = Rules(
    "col",
    lambda g: _colourings(g, "b", "b"),
    lambda g: _colourings(g, "r", "r"),
    lambda g: "col " + "/".join(g),
)
SNORT = Rules(
    "snort",
    lambda g: _colourings(g, "b", "r"),
    lambda g: _colourings(g, "r", "b"),
    lambda g: "snort " + "/".join(g),
)


def colouring_boards(rows: int, cols: int, same_may_touch: bool) -> list[Grid]:
    """Every legal filling of a board with b, r and empty cells: in Col no two cells of one
    colour touch (``same_may_touch`` False), in Snort no two cells of different colours."""
    out = []
    for cells in itertools.product(".br", repeat=rows * cols):
        grid = tuple("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
        ok = True
        for r, c in itertools.product(range(rows), range(cols)):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < rows and c2 < cols and "." not in (grid[r][c], grid[r2][c2]):
                    same = grid[r][c] == grid[r2][c2]
                    ok = ok and (same if same_may_touch else not same)
        if ok:
            out.append(grid)
    return out


# --- Konane ----------------------------------------------------------------------------------
# A state is a tuple of rows of x (Left's black), o (Right's white) and . (empty).


def _jumps(grid: Grid, mine: str, theirs: str) -> list[Grid]:
    """Jump a stone over an adjacent enemy stone into the empty cell beyond, then on in the
    same direction: each stopping point is a move."""
    out = []
    rows, cols = len(grid), len(grid[0])
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] != mine:
            continue
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cells = [list(row) for row in grid]
            at_r, at_c = r, c
            while True:
                mid_r, mid_c, to_r, to_c = at_r + dr, at_c + dc, at_r + 2 * dr, at_c + 2 * dc
                if not (0 <= to_r < rows and 0 <= to_c < cols):
                    break
                if cells[mid_r][mid_c] != theirs or cells[to_r][to_c] != ".":
                    break
                cells[at_r][at_c] = cells[mid_r][mid_c] = "."
                cells[to_r][to_c] = mine
                at_r, at_c = to_r, to_c
                out.append(tuple("".join(row) for row in cells))
    return out


KONANE = Rules(
    "konane",
    lambda g: _jumps(g, "x", "o"),
    lambda g: _jumps(g, "o", "x"),
    lambda g: "konane " + "/".join(g),
)


RULES: dict[str, Rules] = {
    r.name: r
    for r in (
        HACKENBUSH,
        DOMINEERING,
        CRAM,
        CLOBBER,
        CUTCAKE,
        TOADS_FROGS,
        TOPPLING,
        COL,
        SNORT,
        KONANE,
    )
}
