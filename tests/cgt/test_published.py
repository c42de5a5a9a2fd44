"""Values from the literature (tests/cgt/data/published_*.txt), each with its source and place.

Every fact is computed by ``grundy`` and, for positions small enough, by the independent
brute force of ``tests/reference/partisan_rules.py`` (moves rewritten from the rules, canonical
forms built from the game tree alone), so a disagreement shows whether the source or the
engine is wrong. The file format is described at the top of each data file.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from grundy.cgt import CanonicalGame, cool, mean, parse_game, temperature, value_of
from grundy.cgt.games import Domineering, ToadsAndFrogs
from tests.reference import cgt_forms as F
from tests.reference import partisan_rules as P

DATA = Path(__file__).parent / "data"
DOCS = Path(__file__).parents[2] / "docs" / "cgt.md"
GAMES: dict[str, Any] = {"domineering": Domineering(), "toads_frogs": ToadsAndFrogs()}
REFERENCE = {"domineering": P.DOMINEERING, "toads_frogs": P.TOADS_FROGS}

#: Positions with more squares than this are compared with the brute-force reference too.
REFERENCE_MAX_SQUARES = {"domineering": 12, "toads_frogs": 11}
#: Positions that take more than about 2 s on a quiet machine (measured, each alone: the strip
#: about 17 s; 5x6 and 6x5 about 14 s; 3x10, 10x3, 4x7 and 7x4 about 3 to 4 s).
SLOW = {
    ("toads_frogs", "ttttt.....ffff"),
    *(("domineering", board) for board in ("5x6", "6x5", "3x10", "10x3", "4x7", "7x4")),
}

_LINE = re.compile(
    r"(?P<pos>\S+)\s+"
    r"(?:=\s+(?P<value>\S+)|(?P<rel>mean|temperature|in|outcome)\s+(?P<arg>\S+)"
    r"|cooled\s+(?P<by>\S+)\s+(?P<cooled>\S+)"
    r"|(?P<inf>infinitesimal))"
    r"\s+@(?P<key>[\w-]+)\s+where:\s+(?P<where>\S.*)"
)
_SOURCE = re.compile(r"# Source \[(?P<key>[\w-]+)\]: \S")
_BLOCK = re.compile(r"# Block: (?P<name>\S.*)")


@dataclass(frozen=True)
class Fact:
    """One line of a data file."""

    game: str
    block: str
    position: str
    relation: str  # "=", "mean", "temperature", "cooled", "in", "outcome" or "infinitesimal"
    argument: str
    key: str
    where: str
    line: int


def _read(game: str) -> tuple[dict[str, str], list[Fact]]:
    """The sources (key -> first line of the citation) and the facts of one data file."""
    path = DATA / f"published_{game}.txt"
    sources: dict[str, str] = {}
    facts: list[Fact] = []
    block = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        if line == "#" or line.startswith("# "):  # a position may start with # (filled)
            if m := _SOURCE.match(line):
                assert m["key"] not in sources, f"{path.name}:{number}: {m['key']} twice"
                sources[m["key"]] = line
            elif m := _BLOCK.match(line):
                block = m["name"]
            continue
        m = _LINE.fullmatch(line.strip())
        assert m is not None, f"{path.name}:{number}: not POSITION REL ARG @KEY where: ...: {line}"
        if m["value"]:
            relation, argument = "=", m["value"]
        elif m["cooled"]:
            relation, argument = "cooled", f"{m['by']} {m['cooled']}"
        elif m["inf"]:
            relation, argument = "infinitesimal", ""
        else:
            relation, argument = m["rel"], m["arg"]
        facts.append(Fact(game, block, m["pos"], relation, argument, m["key"], m["where"], number))
    return sources, facts


def _all_facts() -> list[Fact]:
    return [fact for game in GAMES for fact in _read(game)[1]]


def _squares(fact: Fact) -> int:
    """The empty squares of the position (what the search grows with)."""
    if fact.game == "toads_frogs":
        return len(fact.position)
    return len(_board(fact.position)[2])


def _param(fact: Fact) -> Any:
    slow = (fact.game, fact.position) in SLOW
    return pytest.param(
        fact,
        id=f"{fact.game}:{fact.position}:{fact.relation}",
        marks=[pytest.mark.slow] if slow else [],
    )


def _value(fact: Fact) -> CanonicalGame:
    game = GAMES[fact.game]
    return sum((value_of(game, s) for s in game.parse_args([fact.position])), parse_game("0"))


def _board(position: str) -> tuple[int, int, frozenset[tuple[int, int]]]:
    """A Domineering position as a reference board (rows, columns, empty cells)."""
    if m := re.fullmatch(r"(\d+)x(\d+)", position):
        h, w = int(m[1]), int(m[2])
        return h, w, frozenset(itertools.product(range(h), range(w)))
    rows = position.split("/")
    empty = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
    return len(rows), len(rows[0]), empty


def _reference_state(fact: Fact) -> Any:
    return fact.position if fact.game == "toads_frogs" else _board(fact.position)


def _reference_form(text: str) -> int:
    """A published value as a reference canonical form (through the nested braces)."""
    return F.from_braces(parse_game(text).braces())


# --- the files themselves -------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_fact_names_a_source_and_a_place(game: str) -> None:
    sources, facts = _read(game)
    assert sources and facts, game
    used = {fact.key for fact in facts}
    assert used <= set(sources), f"undefined sources: {sorted(used - set(sources))}"
    assert set(sources) <= used, f"sources with no fact: {sorted(set(sources) - used)}"
    for fact in facts:
        assert fact.block, f"line {fact.line}: before any '# Block:'"
        unchecked = "not checked" in fact.where
        assert unchecked == ("not published" in fact.block), (
            f"line {fact.line}: 'where: not checked' belongs in a '# Block: not published'"
        )
    seen = [(f.position, f.relation) for f in facts]
    assert len(seen) == len(set(seen)), "a fact given twice"


def test_docs_count_the_facts_of_each_source() -> None:
    """docs/cgt.md, "Checked against the literature", gives each source's number of facts."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Checked against the literature", 1)[1].split("\n## ", 1)[0]
    for game in GAMES:
        sources, facts = _read(game)
        for key in sources:
            count = sum(1 for fact in facts if fact.key == key)
            rows = [row for row in section.splitlines() if f"`{key}`" in row]
            assert len(rows) == 1, f"docs: no single row for `{key}`"
            assert f"| {count} |" in rows[0], f"docs: `{key}` has {count} facts: {rows[0]}"


# --- grundy against the published facts ---------------------------------------------------


@pytest.mark.parametrize("fact", [_param(f) for f in _all_facts()])
def test_published_fact(fact: Fact) -> None:
    g = _value(fact)
    where = f"{fact.position} ({fact.key}, {fact.where})"
    if fact.relation == "=":
        assert g == parse_game(fact.argument), f"{where}: grundy says {g}"
    elif fact.relation == "mean":
        assert mean(g) == Fraction(fact.argument), f"{where}: grundy's mean is {mean(g)}"
    elif fact.relation == "temperature":
        t = temperature(g)
        assert t == Fraction(fact.argument), f"{where}: grundy's temperature is {t}"
    elif fact.relation == "cooled":
        by, want = fact.argument.split()
        c = cool(g, Fraction(by))
        assert c == parse_game(want), f"{where}: grundy cools it to {c}"
    elif fact.relation == "in":
        allowed = [parse_game(v) for v in fact.argument.split(",")]
        assert g in allowed, f"{where}: grundy says {g}"
    elif fact.relation == "outcome":
        assert g.outcome in fact.argument.split(","), f"{where}: grundy says {g.outcome}"
    else:
        assert fact.relation == "infinitesimal"
        assert g.is_infinitesimal(), f"{where}: grundy says {g}"


# --- the independent brute force against the published facts ------------------------------


def _small_facts() -> list[Fact]:
    """The facts the reference can check: small positions (the reference does not cool)."""
    return [
        f
        for f in _all_facts()
        if _squares(f) <= REFERENCE_MAX_SQUARES[f.game] and f.relation != "cooled"
    ]


@pytest.mark.parametrize(
    "fact", [pytest.param(f, id=f"{f.game}:{f.position}:{f.relation}") for f in _small_facts()]
)
def test_published_fact_by_brute_force(fact: Fact) -> None:
    """The source agrees with a search that shares no code with grundy's engine."""
    g = P.value(REFERENCE[fact.game], _reference_state(fact))
    where = f"{fact.position} ({fact.key}, {fact.where})"
    if fact.relation == "=":
        assert g == _reference_form(fact.argument), where
    elif fact.relation == "mean":
        assert F.mean_of(g) == Fraction(fact.argument), where
    elif fact.relation == "temperature":
        assert F.temperature_of(g) == Fraction(fact.argument), where
    elif fact.relation == "in":
        assert g in [_reference_form(v) for v in fact.argument.split(",")], where
    elif fact.relation == "outcome":
        assert F.outcome(g) in fact.argument.split(","), where
    else:
        assert F.stops(g) == (Fraction(0), Fraction(0)), where  # infinitesimal: stops 0


# --- an independent search for the outcome classes of larger Domineering boards ------------


def _mover_wins(position: str, left_first: bool) -> bool:
    """Whether the player to move wins, by a plain search over bitmasks of empty cells.

    Written from the rules alone (Left places vertical dominoes, Right horizontal ones, a
    player with no move loses), sharing no code with grundy or the reference: no values,
    no sums, no symmetry, only who wins.
    """
    rows, cols, empty = _board(position)
    full = sum(1 << (r * cols + c) for r, c in empty)
    vertical = [(1 << i) | (1 << (i + cols)) for i in range((rows - 1) * cols)]
    horizontal = [(1 << i) | (1 << (i + 1)) for i in range(rows * cols) if i % cols < cols - 1]
    memo: dict[tuple[int, bool], bool] = {}

    def wins(cells: int, left: bool) -> bool:
        found = memo.get((cells, left))
        if found is None:
            found = any(
                cells & d == d and not wins(cells & ~d, not left)
                for d in (vertical if left else horizontal)
            )
            memo[cells, left] = found
        return found

    return wins(full, left_first)


def _searched_facts() -> list[Fact]:
    """The Domineering outcome classes the search above checks (the theorems' rectangles)."""
    return [f for f in _all_facts() if f.game == "domineering" and f.relation == "outcome"]


@pytest.mark.parametrize("fact", [_param(f) for f in _searched_facts()])
def test_published_outcome_by_independent_search(fact: Fact) -> None:
    """Who wins moving first, searched without grundy: an outcome class ``L,N`` says Left
    (Vertical) wins moving first, ``R,P`` that Left loses moving first; any other claim
    needs both searches. Boards of up to 30 squares (5x6, the largest, about 10 s)."""
    allowed = set(fact.argument.split(","))
    where = f"{fact.position} ({fact.key}, {fact.where})"
    left_wins = _mover_wins(fact.position, left_first=True)
    if allowed in ({"L", "N"}, {"R", "P"}):
        assert left_wins == (allowed == {"L", "N"}), where
        return
    right_wins = _mover_wins(fact.position, left_first=False)
    outcome = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
    assert outcome[left_wins, right_wins] in allowed, where


def test_mover_wins_agrees_with_the_reference_on_small_boards() -> None:
    """The search above against the reference's canonical forms, every board of a 3x3 box."""
    for board in P.domineering_boards(3, 3):
        rows = "/".join(
            "".join("." if (r, c) in board[2] else "#" for c in range(3)) for r in range(3)
        )
        want = F.outcome(P.value(P.DOMINEERING, board))
        left, right = _mover_wins(rows, True), _mover_wins(rows, False)
        assert (want in "LN", want in "RN") == (left, right), rows


def test_most_facts_are_also_checked_independently() -> None:
    """The brute force and the search above leave out only the few largest positions."""
    checked = {(f.game, f.position, f.relation) for f in _small_facts() + _searched_facts()}
    assert len(checked) >= 0.8 * len(_all_facts())


# --- the inferred number of empty squares in Erickson's conjectures E1-E3 ------------------


def _e1(a: int, b: int) -> str:
    return f"{{{{{a - 3}|{a - b}}}|{{*|{3 - b}}}}}"


_FORMULAS = {
    # conjecture: (formula, the (a, b) tested, the number of empty squares the data file uses)
    "E1": (_e1, [(a, b) for a in range(3, 7) for b in range(2, 5) if a > b], 2),
    "E2": (lambda a, b: f"{{{a - 2}|{a - 2}}}", [(a, 2) for a in range(2, 7)], 3),
    "E3": (lambda a, b: f"{a}-7/2", [(a, 3) for a in range(5, 8)], 3),
}


@pytest.mark.parametrize("name", sorted(_FORMULAS))
def test_inferred_empty_squares_are_the_only_fit(name: str) -> None:
    """Of one to three empty squares, only the count the data file uses fits every (a, b).

    The copies of the source we could read lost the box glyphs; this is what the file's
    comment claims about the counts it chose.
    """
    formula, cases, chosen = _FORMULAS[name]
    game = GAMES["toads_frogs"]
    fits = []
    for boxes in (1, 2, 3):
        ok = all(
            sum(
                (value_of(game, s) for s in game.parse_args(["t" * a + "." * boxes + "f" * b])),
                parse_game("0"),
            )
            == parse_game(formula(a, b))
            for a, b in cases
        )
        if ok:
            fits.append(boxes)
    assert fits == [chosen], f"{name}: the formula fits {fits} empty squares"


# --- a published theorem over a whole family ----------------------------------------------


def test_contiguous_toads_and_frogs_have_integer_values() -> None:
    """Erickson (1996), abstract: "any position in which all the pieces are contiguous has an
    integer value". Every such strip of at most 8 squares (1,936 of them)."""
    game = GAMES["toads_frogs"]
    strips = [
        "".join(p)
        for n in range(1, 9)
        for p in itertools.product("tf.", repeat=n)
        if re.fullmatch(r"\.*[tf]+\.*", "".join(p))
    ]
    assert len(strips) == 1936
    bad = [
        s
        for s in strips
        if not sum((value_of(game, x) for x in game.parse_args([s])), parse_game("0")).is_integer()
    ]
    assert not bad, bad[:10]


#: Erickson (1996), p. 299: "Here is a typical Toads and Frogs game. Left moves first and
#: wins." (every move forced: "all the moves are forced").
ERICKSON_GAME = ["tt.ff", "t.tff", "tft.f", "tf.tf", "tfft.", "tff.t"]


def test_ericksons_typical_game_is_forced_and_left_wins() -> None:
    """Each position of the game has exactly one move for the player whose turn it is,
    to the next position; at the end Right, to move, has none. Checked with grundy's
    rules and the reference's."""
    game = GAMES["toads_frogs"]
    for i, (here, there) in enumerate(itertools.pairwise(ERICKSON_GAME)):
        left = i % 2 == 0
        ours = list(game.left_moves(here) if left else game.right_moves(here))
        theirs = (P.TOADS_FROGS.left if left else P.TOADS_FROGS.right)(here)
        assert ours == [there] and list(theirs) == [there], (here, ours, theirs)
    assert not list(game.right_moves(ERICKSON_GAME[-1]))
    assert not P.TOADS_FROGS.right(ERICKSON_GAME[-1])


def _regions(rows: int, cols: int) -> list[frozenset[tuple[int, int]]]:
    """Every connected set of cells fitting in a ``rows`` x ``cols`` box, up to translation."""
    cells = list(itertools.product(range(rows), range(cols)))
    found: set[frozenset[tuple[int, int]]] = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        left = {cell for cell, bit in zip(cells, bits, strict=True) if bit}
        while left:
            stack = [left.pop()]
            region = set(stack)
            while stack:
                r, c = stack.pop()
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in left:
                        left.remove(n)
                        region.add(n)
                        stack.append(n)
            r0, c0 = min(r for r, _ in region), min(c for _, c in region)
            found.add(frozenset((r - r0, c - c0) for r, c in region))
    return sorted(found, key=sorted)


@pytest.mark.slow
def test_domineering_regions_in_a_4x4_box_agree_with_uiterwijk_and_barton() -> None:
    """Uiterwijk and Barton (2015), abstract, on every single-region position of up to 15
    squares: no temperature above 2, and no multiple of up or down beyond the double.
    Checked here on every region of at most 15 squares fitting in a 4x4 box (9,471 up to
    translation: all but the full box; about 10 s). The hottest of them is 7/4, and the
    ups and downs among them are single ones."""
    game = GAMES["domineering"]
    regions = [r for r in _regions(4, 4) if len(r) <= 15]
    assert len(regions) == 9471
    hottest, most_ups = Fraction(-1), 0
    for region in regions:
        h, w = max(r for r, _ in region) + 1, max(c for _, c in region) + 1
        rows = "/".join(
            "".join("." if (r, c) in region else "#" for c in range(w)) for r in range(h)
        )
        g = value_of(game, game.parse_args([rows])[0])
        hottest = max(hottest, temperature(g))
        form = g.uptimal()
        if form is not None and form[0] == 0:
            most_ups = max(most_ups, abs(form[1]))
    assert hottest <= 2, hottest
    assert hottest == Fraction(7, 4)  # so the test reaches hot regions
    assert 1 <= most_ups <= 2, most_ups  # ups and downs occur (single ones, in this box)


def _flips(region: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """One representative of ``region`` (moved to row and column 0) under the mirror images
    and the half turn, which keep each player's dominoes: the form whose sorted cells come
    first."""
    r0, c0 = min(r for r, _ in region), min(c for _, c in region)
    cells = frozenset((r - r0, c - c0) for r, c in region)
    h, w = max(r for r, _ in cells), max(c for _, c in cells)
    forms = [
        cells,
        frozenset((h - r, c) for r, c in cells),
        frozenset((r, w - c) for r, c in cells),
        frozenset((h - r, w - c) for r, c in cells),
    ]
    return min(forms, key=sorted)


def _regions_by_size(max_squares: int) -> list[list[frozenset[tuple[int, int]]]]:
    """Every connected region of 1 to ``max_squares`` squares, up to translation, mirror
    images and the half turn (grown a square at a time): item ``n - 1`` lists those of
    ``n`` squares."""
    sizes = [[frozenset({(0, 0)})]]
    while len(sizes) < max_squares:
        grown = {
            _flips(region | {n})
            for region in sizes[-1]
            for r, c in region
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if n not in region
        }
        sizes.append(sorted(grown, key=sorted))
    return sizes


def _rows(region: frozenset[tuple[int, int]]) -> str:
    h, w = max(r for r, _ in region) + 1, max(c for _, c in region) + 1
    return "/".join("".join("." if (r, c) in region else "#" for c in range(w)) for r in range(h))


def _domineering(rows: str) -> CanonicalGame:
    game = GAMES["domineering"]
    (state,) = game.parse_args([rows])
    return value_of(game, state)


#: Regions of 1 + 5n squares with n ups, found by the search of the slow test below (8 of
#: the 135,268 regions of 11 squares, counted with their translations only, are double ups).
UP_WITNESSES = {1: "#.#/..#/#../#.#", 2: "#.#.#/..#../#...#/#.#.#"}


@pytest.mark.parametrize("n", sorted(UP_WITNESSES))
def test_domineering_n_ups_on_1_plus_5n_squares(n: int) -> None:
    """Uiterwijk and Barton (2015), abstract of the journal version: "for any multiple up
    n.^ or down n.v there are Domineering positions of size 1+5n with these values". A
    witness for n = 1 and 2 (the sizes their databases reach), and its transpose (rows for
    columns: each player gets the other's dominoes) for the downs."""
    rows = UP_WITNESSES[n]
    region = frozenset(
        (r, c) for r, line in enumerate(rows.split("/")) for c, ch in enumerate(line) if ch == "."
    )
    assert len(region) == 1 + 5 * n
    assert len(GAMES["domineering"].parse_args([rows])) == 1  # one component
    assert _domineering(rows) == parse_game(f"^{n}")
    turned = frozenset((c, r) for r, c in region)  # transposed: Left's dominoes become Right's
    assert _domineering(_rows(turned)) == parse_game(f"v{n}")


#: Single regions of at most 15 squares with the kinds of value Uiterwijk and Barton's
#: abstract reports: "for nimbers we find many Domineering positions with values up to *3"
#: (Drummond-Cole had suspected none of *2 or *3), "Domineering positions with 11 different
#: tinies and minies values". Found by a search of every region of up to 12 squares (this
#: *2 is the only one up to 11 squares, no *3 up to 12; the tinies and minies first appear at
#: 12); the abstract's own examples could not be read.
INFINITESIMAL_WITNESSES = {
    "#.####/#.####/...###/##..##/###.../###.##": "*2",
    ".../.##/.../#.#/.../.##": "{0||0|-1/2}",
    "...#../.#...#/.#.#.#": "{1/2|0||0}",
    "...##/#...#/###../##.../###.#": "{0||0|-1*}",
}


@pytest.mark.parametrize("rows", sorted(INFINITESIMAL_WITNESSES))
def test_domineering_nimbers_and_tinies_of_at_most_15_squares(rows: str) -> None:
    """A witness, in one region of at most 15 squares, for each kind of value named."""
    squares = rows.count(".")
    assert squares <= 15
    assert len(GAMES["domineering"].parse_args([rows])) == 1  # one component
    assert _domineering(rows) == parse_game(INFINITESIMAL_WITNESSES[rows]), rows


def test_every_region_of_six_squares_with_an_up() -> None:
    """The smallest case of the claim above by search: among the 68 regions of 6 squares
    (up to mirror images and the half turn) an up and a down occur, and none of fewer
    squares is an up or a down."""
    sizes = _regions_by_size(6)
    assert [len(s) for s in sizes] == [1, 2, 3, 9, 21, 68]
    smaller = {_domineering(_rows(r)) for size in sizes[:5] for r in size}
    assert parse_game("^") not in smaller and parse_game("v") not in smaller
    six = {_domineering(_rows(r)) for r in sizes[5]}
    assert parse_game("^") in six and parse_game("v") in six


@pytest.mark.slow
def test_domineering_regions_of_up_to_11_squares_agree_with_uiterwijk_and_barton() -> None:
    """Uiterwijk and Barton (2015), abstract, on single-region positions of up to 15 squares
    (no temperature above 2, ups and downs single or double only, n ups on 1 + 5n squares),
    checked on every region of up to 11 squares of any shape: 46,924 up to mirror images
    and the half turn (about 20 s). The hottest is 7/4; double ups occur (with a star
    from 10 squares, without one at 11), no triple ones."""
    sizes = _regions_by_size(11)
    assert sum(len(s) for s in sizes) == 46924
    hottest, most_ups = Fraction(-1), 0
    pure_ups: dict[int, set[int]] = {}  # squares -> the n of the values n.^ (no star)
    for size in sizes:
        for region in size:
            g = _domineering(_rows(region))
            hottest = max(hottest, temperature(g))
            form = g.uptimal()
            if form is not None and form[0] == 0 and form[1] != 0:
                most_ups = max(most_ups, abs(form[1]))
                if form[2] == 0:
                    pure_ups.setdefault(len(region), set()).add(form[1])
    assert hottest == Fraction(7, 4)
    assert most_ups == 2
    assert {1, -1} <= pure_ups[6] and {2, -2} <= pure_ups[11]
