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
    "AMAZONS",
    "ARC_KAYLES",
    "CHERRIES",
    "CHILDISH_HACKENBUSH",
    "CLOBBER",
    "COL",
    "CRAM",
    "CUTCAKE",
    "DOMINEERING",
    "EATCAKE",
    "FISSION",
    "HACKENBUSH",
    "KONANE",
    "MAUNDY_CAKE",
    "PARTIZAN_ARC_KAYLES",
    "PARTIZAN_SUBTRACTION",
    "RULES",
    "SNORT",
    "TOADS_FROGS",
    "TOPPLING",
    "TURN_AND_EATCAKE",
    "Rules",
    "clobber_boards",
    "coloured_graphs",
    "colouring_boards",
    "cutcake_positions",
    "dicotic_of",
    "domineering_boards",
    "grids",
    "hackenbush_pictures",
    "impartial_of",
    "literal_games",
    "literal_sum",
    "partizan_subtraction",
    "random_pictures",
    "row_positions",
    "small_graphs",
    "toads_frogs_strips",
    "twisted_of",
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


def _childish_cuts(picture: Picture, colour: str) -> list[Picture]:
    """Childish Hackenbush: a ``colour`` edge only when nothing falls, a green one always."""
    out = []
    for i, (_, _, c) in enumerate(picture):
        after = _fall(list(picture[:i] + picture[i + 1 :]))
        if c == "g" or (c == colour and len(after) == len(picture) - 1):
            out.append(after)
    return out


CHILDISH_HACKENBUSH = Rules(
    "childish-hackenbush",
    lambda p: _childish_cuts(p, "b"),
    lambda p: _childish_cuts(p, "r"),
    lambda p: 'childish-hackenbush "' + " ".join(f"{u}-{v}:{c}" for u, v, c in p) + '"',
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


#: The four orthogonal steps on a grid.
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def holding(grid: Grid, symbol: str) -> list[tuple[int, int]]:
    """The (row, column) of each cell of ``grid`` that holds ``symbol``, row by row."""
    return [
        (r, c)
        for r, c in itertools.product(range(len(grid)), range(len(grid[0])))
        if grid[r][c] == symbol
    ]


def neighbours(grid: Grid, r: int, c: int) -> list[tuple[int, int]]:
    """The cells of ``grid`` orthogonally next to (r, c)."""
    return [
        (r + dr, c + dc)
        for dr, dc in STEPS
        if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0])
    ]


def changed(grid: Grid, changes: dict[tuple[int, int], str]) -> Grid:
    """``grid`` with the cells of ``changes`` set to their new symbols."""
    cells = [list(row) for row in grid]
    for (r, c), symbol in changes.items():
        cells[r][c] = symbol
    return tuple("".join(row) for row in cells)


def grid_rules(
    name: str, moves: Callable[..., list[Grid]], left: tuple[Any, ...], right: tuple[Any, ...]
) -> Rules:
    """A game on a grid written ``NAME ROWS`` (rows split by /): Left's options are
    ``moves(grid, *left)``, Right's ``moves(grid, *right)``."""
    return Rules(
        name,
        lambda g: moves(g, *left),
        lambda g: moves(g, *right),
        lambda g: f"{name} " + "/".join(g),
    )


def _clobbers(grid: Grid, mine: str, theirs: str) -> list[Grid]:
    return [
        changed(grid, {(r, c): ".", (r2, c2): mine})
        for r, c in holding(grid, mine)
        for r2, c2 in neighbours(grid, r, c)
        if grid[r2][c2] == theirs
    ]


CLOBBER = grid_rules("clobber", _clobbers, ("x", "o"), ("o", "x"))


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


def _with_row(rows: Rows, j: int, row: str) -> Rows:
    """The table ``rows`` with its row ``j`` replaced by ``row`` (dropped when empty)."""
    rest = rows[:j] + rows[j + 1 :]
    return tuple(sorted((*rest, row) if row else rest))


def _topples(rows: Rows, colours: str) -> list[Rows]:
    out = []
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            if ch in colours:
                for left_standing in (row[:i], row[i + 1 :]):  # toppled right, toppled left
                    out.append(_with_row(rows, j, left_standing))
    return out


TOPPLING = Rules(
    "toppling-dominoes",
    lambda r: _topples(r, "bg"),
    lambda r: _topples(r, "rg"),
    lambda r: "toppling-dominoes " + " ".join(r),
)


def row_positions(symbols: str, max_len: int, pair_len: int) -> list[Rows]:
    """Every row of ``symbols`` of length 1 to ``max_len``, and every pair of rows of
    length 1 to ``pair_len``."""
    rows = ["".join(p) for n in range(1, max_len + 1) for p in itertools.product(symbols, repeat=n)]
    short = [r for r in rows if len(r) <= pair_len]
    pairs = [tuple(sorted(p)) for p in itertools.combinations_with_replacement(short, 2)]
    return [(r,) for r in rows] + pairs


# --- Cherries ---------------------------------------------------------------------------
# A state is a sorted tuple of non-empty rows of b and r: a move takes one's own cherry
# from an end of a row (the first or the last character).


def _pick_end(rows: Rows, colour: str) -> list[Rows]:
    ends = ({0, len(row) - 1} for row in rows)
    return [
        _with_row(rows, j, row[:i] + row[i + 1 :])
        for (j, row), at in zip(enumerate(rows), ends, strict=True)
        for i in at
        if row[i] == colour
    ]


CHERRIES = Rules(
    "cherries",
    lambda r: _pick_end(r, "b"),
    lambda r: _pick_end(r, "r"),
    lambda r: "cherries " + " ".join(r),
)


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
    return [
        changed(grid, {(r, c): mine})
        for r, c in holding(grid, ".")
        if forbidden not in [grid[r2][c2] for r2, c2 in neighbours(grid, r, c)]
    ]


COL = grid_rules("col", _colourings, ("b", "b"), ("r", "r"))
SNORT = grid_rules("snort", _colourings, ("b", "r"), ("r", "b"))


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
    for r, c in holding(grid, mine):
        for dr, dc in STEPS:
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


KONANE = grid_rules("konane", _jumps, ("x", "o"), ("o", "x"))


# --- Fission --------------------------------------------------------------------------------
# A state is a tuple of equal-length rows of x (a stone), . (empty) and # (no square).


def _fissions(grid: Grid, dr: int, dc: int) -> list[Grid]:
    rows, cols = len(grid), len(grid[0])

    def empty(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] == "."

    return [
        changed(grid, {(r, c): ".", (r - dr, c - dc): "x", (r + dr, c + dc): "x"})
        for r, c in holding(grid, "x")
        if empty(r - dr, c - dc) and empty(r + dr, c + dc)
    ]


FISSION = grid_rules("fission", _fissions, (1, 0), (0, 1))  # Left: north-south; Right: east-west


def grids(rows: int, cols: int, symbols: str) -> list[Grid]:
    """Every board of ``rows`` x ``cols`` cells, each one of ``symbols``."""
    return [
        tuple("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
        for cells in itertools.product(symbols, repeat=rows * cols)
    ]


# --- Amazons --------------------------------------------------------------------------------
# A state is a tuple of equal-length rows of x (Left's amazon), o (Right's), . and # (arrow).

_QUEEN = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def _slides(cells: list[list[str]], r: int, c: int) -> list[tuple[int, int]]:
    """The empty squares a queen at (r, c) reaches."""
    out = []
    for dr, dc in _QUEEN:
        rr, cc = r + dr, c + dc
        while 0 <= rr < len(cells) and 0 <= cc < len(cells[0]) and cells[rr][cc] == ".":
            out.append((rr, cc))
            rr, cc = rr + dr, cc + dc
    return out


def _amazon_moves(grid: Grid, me: str) -> list[Grid]:
    out = []
    for r, c in holding(grid, me):
        for tr, tc in _slides([list(row) for row in grid], r, c):
            moved = changed(grid, {(r, c): ".", (tr, tc): me})
            for ar, ac in _slides([list(row) for row in moved], tr, tc):
                out.append(changed(moved, {(ar, ac): "#"}))
    return out


AMAZONS = grid_rules("amazons", _amazon_moves, ("x",), ("o",))


# --- Eatcake, Maundy Cake, Turn-and-Eatcake ---------------------------------------------------
# A state is a sorted tuple of pieces (rows, cols), as for Cutcake.


def _cake_rules(name: str, left: Callable[[int, int], list[list[Cake1]]]) -> Rules:
    """A cake game whose Left turns a piece (r, c) into each list of ``left(r, c)``; Right's
    moves are Left's on the transposed piece, transposed back."""

    def moves(k: Cake, right: bool) -> list[Cake]:
        out = []
        for i, (r, c) in enumerate(k):
            rest = k[:i] + k[i + 1 :]
            opts = [[(b, a) for a, b in o] for o in left(c, r)] if right else left(r, c)
            out += [tuple(sorted((*rest, *o))) for o in opts]
        return out

    return Rules(
        name,
        lambda k: moves(k, False),
        lambda k: moves(k, True),
        lambda k: f"{name} " + " ".join(f"{r}x{c}" for r, c in k),
    )


Cake1 = tuple[int, int]

EATCAKE = _cake_rules(  # Left eats column j; the columns on each side stay
    "eatcake", lambda r, c: [[(r, n) for n in (j, c - j - 1) if n > 0] for j in range(c)]
)
MAUNDY_CAKE = _cake_rules(  # Left cuts the columns into k equal parts
    "maundy-cake", lambda r, c: [[(r, c // k)] * k for k in range(2, c + 1) if c % k == 0]
)
TURN_AND_EATCAKE = _cake_rules(  # Left eats row j; each part left is turned (r, c) -> (c, r)
    "turn-and-eatcake",
    lambda r, c: [[(c, n) for n in (j, r - j - 1) if n > 0] for j in range(r)],
)


# --- Partizan subtraction ----------------------------------------------------------------------
# A state is a sorted tuple of heaps; the sets are those of the spec.


def partizan_subtraction(left: tuple[int, ...], right: tuple[int, ...]) -> Rules:
    """The rules of ``partizan-subtraction:L|R`` for Left's set ``left`` and Right's ``right``."""

    def moves(heaps: tuple[int, ...], subset: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            out += [tuple(sorted((*rest, n - s))) for s in subset if s <= n]
        return [tuple(h for h in o if h) for o in out]

    return heap_rules("partizan-subtraction", left, right, moves)


def heap_rules(
    name: str,
    left: tuple[int, ...],
    right: tuple[int, ...],
    moves: Callable[[tuple[int, ...], tuple[int, ...]], list[tuple[int, ...]]],
) -> Rules:
    """The rules of ``name:L|R`` on heaps: Left's options ``moves(heaps, left)``, Right's
    ``moves(heaps, right)``."""
    sets = ",".join(map(str, left)) + "|" + ",".join(map(str, right))
    return Rules(
        f"{name}:{sets}",
        lambda h: moves(h, left),
        lambda h: moves(h, right),
        lambda h: f"{name}:{sets} " + " ".join(map(str, h or (0,))),
    )


PARTIZAN_SUBTRACTION = partizan_subtraction((1, 3), (2, 3))


# --- The impartial, dicotic and twisted variants of a ruleset --------------------------------
# From CGSuite's definitions (game/Game.cgs): i(G) = {i(GL), i(GR) | i(GL), i(GR)};
# d(G) = {d(GL) | d(GR)} when G has options for both, else 0; t(G) = {-t(GL) | -t(GR)}.


def impartial_of(rules: Rules) -> Rules:
    """Either player makes any move of Left's or Right's."""

    def both(s: Any) -> list[Any]:
        return rules.left(s) + rules.right(s)

    return Rules(f"impartial:{rules.name}", both, both, lambda s: "impartial:" + rules.spec(s))


def dicotic_of(rules: Rules) -> Rules:
    """Nobody moves unless both players could."""

    def moves(s: Any, left: bool) -> list[Any]:
        lefts, rights = rules.left(s), rules.right(s)
        if not lefts or not rights:
            return []
        return lefts if left else rights

    return Rules(
        f"dicotic:{rules.name}",
        lambda s: moves(s, True),
        lambda s: moves(s, False),
        lambda s: "dicotic:" + rules.spec(s),
    )


def twisted_of(rules: Rules) -> Rules:
    """A state is (sign, base state): sign -1 for the negative of the twisted game. The
    Left options of t(G) are -t(GL); those of -t(G) are the negatives of t(G)'s Right
    options, t(GR)."""

    def moves(state: tuple[int, Any], left: bool) -> list[tuple[int, Any]]:
        sign, s = state
        base = rules.left if (left == (sign == 1)) else rules.right
        return [(-sign, g) for g in base(s)]

    return Rules(
        f"twisted:{rules.name}",
        lambda st: moves(st, True),
        lambda st: moves(st, False),
        lambda st: "twisted:" + rules.spec(st[1]),  # the specs of unsigned positions only
    )


# --- Arc Kayles -------------------------------------------------------------------------------
# A state is a frozenset of edges (u, v), u <= v (u == v a loop).


def _arc_picks(edges: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    return [frozenset(e for e in edges if u not in e and v not in e) for u, v in sorted(edges)]


ARC_KAYLES = Rules(
    "arc-kayles",
    _arc_picks,
    _arc_picks,
    lambda g: 'arc-kayles "' + " ".join(f"{u}-{v}" for u, v in sorted(g)) + '"',
)


def small_graphs(vertices: int) -> list[frozenset[tuple[int, int]]]:
    """Every set of edges (loops included) on the vertices ``1..vertices``."""
    kinds = [(u, v) for u in range(1, vertices + 1) for v in range(u, vertices + 1)]
    return [
        frozenset(k for k, bit in zip(kinds, bits, strict=True) if bit)
        for bits in itertools.product((0, 1), repeat=len(kinds))
    ]


# --- Partizan Arc Kayles (CGSuite's PartizanArcKayles) -----------------------------------------
# A state is a frozenset of edges (u, v, c), u <= v, c one of b (Left's), r (Right's), g (both).


def _partizan_picks(
    edges: frozenset[tuple[int, int, str]], colour: str
) -> list[frozenset[tuple[int, int, str]]]:
    """Pick an edge of ``colour`` or green: both its ends go, and every edge touching them."""
    return [
        frozenset(e for e in edges if not {e[0], e[1]} & {u, v})
        for u, v, c in sorted(edges)
        if c in (colour, "g")
    ]


PARTIZAN_ARC_KAYLES = Rules(
    "partizan-arc-kayles",
    lambda g: _partizan_picks(g, "b"),
    lambda g: _partizan_picks(g, "r"),
    lambda g: 'partizan-arc-kayles "' + " ".join(f"{u}-{v}:{c}" for u, v, c in sorted(g)) + '"',
)


def coloured_graphs(vertices: int, loops: bool) -> list[frozenset[tuple[int, int, str]]]:
    """Every graph on the vertices ``1..vertices`` (with loops or without) whose edges are
    each of one colour b, r or g."""
    slots = [(u, v) for u in range(1, vertices + 1) for v in range(u, vertices + 1)]
    slots = [s for s in slots if loops or s[0] != s[1]]
    return [
        frozenset((u, v, c) for (u, v), c in zip(slots, pick, strict=True) if c)
        for pick in itertools.product(("", "b", "r", "g"), repeat=len(slots))
    ]


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
        CHERRIES,
        COL,
        SNORT,
        KONANE,
        FISSION,
        AMAZONS,
        EATCAKE,
        MAUNDY_CAKE,
        TURN_AND_EATCAKE,
        CHILDISH_HACKENBUSH,
        ARC_KAYLES,
        PARTIZAN_ARC_KAYLES,
    )
}
# The games that take parameters, and the variants, by their registered names (each with
# the parameters its tests use most).
RULES.update(
    {
        "partizan-subtraction": PARTIZAN_SUBTRACTION,
        "impartial": impartial_of(DOMINEERING),
        "dicotic": dicotic_of(CLOBBER),
        "twisted": twisted_of(CUTCAKE),
    }
)
