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
#: Positions that take more than a few seconds (measured: about 17 s on a quiet machine).
SLOW = {("toads_frogs", "ttttt.....ffff")}

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


def test_most_facts_are_also_checked_by_brute_force() -> None:
    """The bound above leaves out only the few largest positions."""
    assert len(_small_facts()) >= 0.8 * len(_all_facts())


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
