"""Every partisan ruleset against a reference that shares nothing with the engine.

``tests/reference/partisan_rules.py`` rewrites each ruleset's moves from its rule on states
of its own (a sum of pieces stays one state: no regions, no symmetry), and
``tests/reference/cgt_forms.py`` builds canonical forms, stops, means and temperatures
from Conway's definitions. Each position is solved by ``grundy.solve`` on its spec, and
its canonical value (read back from ``canonical_braces``, which must be canonical
already), outcome, Left and Right stops, mean and temperature are compared.

Bounds of the exhaustive sweeps (``pytest -m slow``), positions compared in brackets:

* ``hackenbush:colored``: every picture with at most 5 edges on the vertices 0..3 (0 the
  ground), loops and repeated edges included, colours b r g, one per renaming of the
  vertices 1..3 [30,385];
* ``domineering``: every set of empty cells of the 1xN and Nx1 boards (N <= 6), 2xN and
  Nx2 (N <= 6), 3x3, 3x4 and 4x3 [19,852];
* ``cram``: every set of empty cells of the 3x4 and 4x3 boards and of 1xN (N <= 8) [8,702];
* ``domineering-search``: every board 2x2, 2x3, 3x2, 3x3, 2x4, 4x2, with either player to
  move; its outcome class and the mover's win or loss [2,336];
* ``clobber``: every row of x o . of length <= 6, every 2x3, 3x2, 2x4 and 4x2 board [15,672];
* ``cutcake``: every rectangle up to 5x5, every table of two rectangles up to 3x3 [70; their
  game trees hold 26,714 tables];
* ``toads-frogs``: every strip of t f . of length <= 8 [9,840];
* ``toppling-dominoes``: every row of b r g of length <= 7, every pair of rows of length
  <= 3 [4,059];
* ``cherries``: every row of b r of length <= 10, every pair of rows of length <= 4 [2,481];
* ``cgt``: ``{A|B}`` for all sets A, B of at most two of 0 1 -1 2 1/2 -3/4 * *2 ^ v
  [3,136], and 1,000 sums of two of them (seeded sample).

The quick suite runs a fixed sample of each, stated in each test.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import pytest

import grundy
from grundy.errors import InvalidSpecError
from grundy.lang.registry import REGISTRY
from tests.reference import cgsuite_rules as C
from tests.reference import cgt_forms as F
from tests.reference import partisan_rules as P

#: Every partisan ruleset class of the registry but the game literals (``cgt``).
# Loopy rulesets (backsliding Toads-and-Frogs) have no short value: tests/cgt/loopy.
RULESETS = tuple(
    c
    for c in REGISTRY.rulesets()
    if c.game_type.solver == "canonical"
    and c.name != "cgt"
    and not getattr(c, "loopy_partisan", False)
)

SEED = 24


def _expected(g: int) -> tuple[Any, ...]:
    left, right = F.stops(g)
    return g, F.outcome(g), str(left), str(right), str(F.mean_of(g)), str(F.temperature_of(g))


def _mismatch(spec: str, g: int) -> str | None:
    r = grundy.solve(spec)
    braces = r.canonical_braces
    assert braces is not None, spec
    stops = (r.left_stop, r.right_stop, r.mean, r.temperature)  # exact Fractions
    got = (F.from_braces(braces), r.outcome, *map(str, stops))
    want = _expected(g)
    if got == want and F.is_canonical_braces(braces):
        return None
    return f"{spec}: grundy {braces} {got[1:]}, reference {want[1:]}"


def _check(rules: P.Rules, states: Iterable[Any]) -> int:
    """Compare every state; the number compared."""
    wrong, count = [], 0
    for state in states:
        count += 1
        bad = _mismatch(rules.spec(state), P.value(rules, state))
        if bad is not None:
            wrong.append(bad)
    assert not wrong, f"{len(wrong)} of {count} wrong, e.g.\n" + "\n".join(wrong[:10])
    return count


def _sample(items: list[Any], k: int) -> list[Any]:
    return random.Random(SEED).sample(items, min(k, len(items)))


# --- the reference itself, on values worked out by hand -----------------------------------


def test_reference_on_known_values() -> None:
    """Textbook values: {2|-1/2} (mean 3/4, temperature 5/4), {4|{2|-1}} (9/4, 7/4)."""
    n = F.number_form
    two, four, minus_half = n(Fraction(2)), n(Fraction(4)), n(Fraction(-1, 2))
    hot = F.canon([two], [minus_half])
    assert (F.mean_of(hot), F.temperature_of(hot), F.outcome(hot)) == (
        Fraction(3, 4),
        Fraction(5, 4),
        "N",
    )
    assert F.stops(hot) == (Fraction(2), Fraction(-1, 2))
    inner = F.canon([two], [n(Fraction(-1))])
    outer = F.canon([four], [inner])
    assert (F.mean_of(outer), F.temperature_of(outer)) == (Fraction(9, 4), Fraction(7, 4))
    up = F.from_braces("{0|*}")
    assert (F.outcome(up), F.mean_of(up), F.temperature_of(up)) == ("L", Fraction(0), Fraction(0))
    assert F.from_braces("{-1|1}") == F.ZERO  # reversible options bypassed
    assert F.from_braces("{0,*|0}") != up
    assert F.temperature_of(n(Fraction(3, 8))) == Fraction(-1, 8)
    assert F.temperature_of(n(Fraction(-3))) == -1
    assert F.is_canonical_braces("{1|-1}")
    assert not F.is_canonical_braces("{-1|1}")


def test_every_partisan_ruleset_has_a_reference() -> None:
    """The rulesets below are every partisan one in the registry (and its variants)."""
    loopy = {c.name for c in REGISTRY.rulesets() if getattr(c, "loopy_partisan", False)}
    names = {e.name for e in REGISTRY if e.family == "partisan" and e.name not in loopy}
    for cls in RULESETS:
        try:
            plain = REGISTRY.get(cls.name).build(None)
        except InvalidSpecError:  # a game named with its parameters (partizan-subtraction:L|R)
            continue
        if not isinstance(plain, cls):
            names.add(f"{cls.name}:{cls().params_text()}")
    # Weighted Arc Kayles' reference is tests/reference/weighted_arc_kayles.py, compared in
    # tests/cgt/test_weighted_arc_kayles.py (states of its own: weights on the vertices).
    covered = {*P.RULES, *C.RULES, "domineering-search", "cgt", "weighted-arc-kayles"}
    assert names == covered


# --- Hackenbush ---------------------------------------------------------------------------


def test_hackenbush_sample() -> None:
    """Every picture with at most 3 edges on 4 vertices (451), and 150 random pictures of
    5 edges (loops and repeated edges as likely as any edge)."""
    pictures = P.hackenbush_pictures(3, 4) + P.random_pictures(150, 5, 4, SEED)
    assert _check(P.HACKENBUSH, pictures) == 601


@pytest.mark.slow
def test_hackenbush_all_pictures() -> None:
    """Every picture with at most 5 edges on 4 vertices (ground included)."""
    assert _check(P.HACKENBUSH, P.hackenbush_pictures(5, 4)) == 30_385


# --- Domineering --------------------------------------------------------------------------


def _domineering(sizes: Iterable[tuple[int, int]]) -> list[P.Board]:
    return [b for r, c in sizes for b in P.domineering_boards(r, c)]


def test_domineering_sample() -> None:
    """Every board 3x3, 1x5 and 5x1."""
    assert _check(P.DOMINEERING, _domineering([(3, 3), (1, 5), (5, 1)])) == 576


@pytest.mark.slow
def test_domineering_all_boards() -> None:
    """Every board 1xN, Nx1 (N <= 6), 2xN, Nx2 (N <= 6), 3x3, 3x4, 4x3."""
    sizes = [(1, n) for n in range(1, 7)] + [(n, 1) for n in range(1, 7)]
    sizes += [(2, n) for n in range(2, 7)] + [(n, 2) for n in range(3, 7)]
    sizes += [(3, 3), (3, 4), (4, 3)]
    assert _check(P.DOMINEERING, _domineering(sizes)) == 19_852


def test_cram_sample() -> None:
    """Cram: every board 3x3, 2x4 and 1x6 (its moves are Domineering's two, for both)."""
    assert _check(P.CRAM, _domineering([(3, 3), (2, 4), (1, 6)])) == 832


@pytest.mark.slow
def test_cram_all_boards() -> None:
    """Cram: every board 3x4, 4x3 and 1xN (N <= 8)."""
    sizes = [(3, 4), (4, 3)] + [(1, n) for n in range(1, 9)]
    assert _check(P.CRAM, _domineering(sizes)) == 8_702


def _check_search(boards: list[P.Board]) -> int:
    wrong, count = [], 0
    for board in boards:
        g = P.value(P.DOMINEERING, board)
        for mover in "LR":
            count += 1
            spec = P.domineering_search_spec(board, mover)
            wins = not F.le(g, F.ZERO) if mover == "L" else not F.le(F.ZERO, g)
            r = grundy.solve(spec)
            want = (F.outcome(g), "win" if wins else "loss")
            if (r.outcome, r.value) != want:
                wrong.append(f"{spec}: grundy {r.outcome} {r.value}, reference {want}")
    assert not wrong, f"{len(wrong)} of {count} wrong, e.g.\n" + "\n".join(wrong[:10])
    return count


def test_domineering_search_sample() -> None:
    """Every board 2x2 and 2x3, either player to move."""
    assert _check_search(_domineering([(2, 2), (2, 3)])) == 160


@pytest.mark.slow
def test_domineering_search_all_boards() -> None:
    """Every board 2x2, 2x3, 3x2, 3x3, 2x4, 4x2, either player to move."""
    sizes = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)]
    assert _check_search(_domineering(sizes)) == 2_336


# --- Clobber ------------------------------------------------------------------------------


def _clobber_rows(max_len: int) -> list[P.Grid]:
    return [b for n in range(1, max_len + 1) for b in P.clobber_boards(1, n)]


def test_clobber_sample() -> None:
    """Every row of length <= 5, and 150 boards 2x3 (seeded sample)."""
    boards = _clobber_rows(5) + _sample(P.clobber_boards(2, 3), 150)
    assert _check(P.CLOBBER, boards) == 513


@pytest.mark.slow
def test_clobber_all_boards() -> None:
    """Every row of length <= 6 and every board 2x3, 3x2, 2x4, 4x2."""
    boards = _clobber_rows(6) + [
        b for r, c in [(2, 3), (3, 2), (2, 4), (4, 2)] for b in P.clobber_boards(r, c)
    ]
    assert _check(P.CLOBBER, boards) == 15_672


# --- Col, Snort, Konane ---------------------------------------------------------------------


def test_col_and_snort_sample() -> None:
    """Every legal row of length <= 5, and every legal 2x2 and 2x3 board."""
    shapes = [(1, n) for n in range(1, 6)] + [(2, 2), (2, 3)]
    for rules, same in ((P.COL, False), (P.SNORT, True)):
        boards = [b for r, c in shapes for b in P.colouring_boards(r, c, same)]
        assert _check(rules, boards) == len(boards) > 100


def test_konane_sample() -> None:
    """Every row of length <= 6, and 150 boards 2x3 and 150 boards 3x3 (seeded sample)."""
    rows = [b for n in range(1, 7) for b in P.clobber_boards(1, n)]
    boards = rows + _sample(P.clobber_boards(2, 3), 150) + _sample(P.clobber_boards(3, 3), 150)
    assert _check(P.KONANE, boards) == len(rows) + 300


# --- Cutcake ------------------------------------------------------------------------------


def test_cutcake_sample() -> None:
    """Every rectangle up to 4x4, every table of two rectangles up to 2x2."""
    assert _check(P.CUTCAKE, P.cutcake_positions(4, 2)) == 26


@pytest.mark.slow
def test_cutcake_all_tables() -> None:
    """Every rectangle up to 5x5, every table of two rectangles up to 3x3."""
    assert _check(P.CUTCAKE, P.cutcake_positions(5, 3)) == 70


# --- Toads and Frogs ----------------------------------------------------------------------


def test_toads_frogs_sample() -> None:
    """Every strip of length <= 5, and 200 strips of length 7 (seeded sample)."""
    strips = P.toads_frogs_strips(5) + _sample(
        [s for s in P.toads_frogs_strips(7) if len(s) == 7], 200
    )
    assert _check(P.TOADS_FROGS, strips) == 563


@pytest.mark.slow
def test_toads_frogs_all_strips() -> None:
    """Every strip of length <= 8."""
    assert _check(P.TOADS_FROGS, P.toads_frogs_strips(8)) == 9_840


# --- Toppling Dominoes --------------------------------------------------------------------


def test_toppling_sample() -> None:
    """Every row of length <= 4, every pair of rows of length <= 2."""
    assert _check(P.TOPPLING, P.row_positions("brg", 4, 2)) == 198


@pytest.mark.slow
def test_toppling_all_rows() -> None:
    """Every row of length <= 7, every pair of rows of length <= 3."""
    assert _check(P.TOPPLING, P.row_positions("brg", 7, 3)) == 4_059


# --- Cherries -----------------------------------------------------------------------------


def test_cherries_sample() -> None:
    """Every row of length <= 6, every pair of rows of length <= 3."""
    assert _check(P.CHERRIES, P.row_positions("br", 6, 3)) == 126 + 105


@pytest.mark.slow
def test_cherries_all_rows() -> None:
    """Every row of length <= 10, every pair of rows of length <= 4."""
    assert _check(P.CHERRIES, P.row_positions("br", 10, 4)) == 2_046 + 465


# --- game literals ------------------------------------------------------------------------


def _check_literals(games: list[tuple[str, int]]) -> int:
    """``games``: (the words after ``cgt``, the reference's canonical form)."""
    wrong = [bad for words, g in games if (bad := _mismatch(f"cgt {words}", g)) is not None]
    assert not wrong, f"{len(wrong)} of {len(games)} wrong, e.g.\n" + "\n".join(wrong[:10])
    return len(games)


def _literal_words() -> list[tuple[str, int]]:
    return [(f'"{text}"', g) for text, g in P.literal_games()]


def _literal_sums(count: int) -> list[tuple[str, int]]:
    games = P.literal_games()
    rng = random.Random(SEED)
    out = []
    for _ in range(count):
        (a, g), (b, h) = rng.choice(games), rng.choice(games)
        out.append((f'"{a}" "{b}"', P.literal_sum([g, h])))
    return out


def test_literal_sample() -> None:
    """300 of the {A|B} words (seeded sample) and 50 sums of two."""
    games = _sample(_literal_words(), 300) + _literal_sums(50)
    assert _check_literals(games) == 350


@pytest.mark.slow
def test_literal_all_words() -> None:
    """Every {A|B} word, and 1,000 sums of two (seeded sample)."""
    assert _check_literals(_literal_words() + _literal_sums(1_000)) == 4_136


def test_fission_sample() -> None:
    """Fission: every board of x . # of 1x4 and 4x1, every 2x3 and 3x2 of x and ., every 3x3
    of x and . (the rule is CGSuite's; see tests/cgt/data/fission.txt)."""
    boards = P.grids(1, 4, "x.#") + P.grids(4, 1, "x.#") + P.grids(2, 3, "x.")
    boards += P.grids(3, 2, "x.") + P.grids(3, 3, "x.")
    assert _check(P.FISSION, boards) == 81 + 81 + 64 + 64 + 512


def test_amazons_sample() -> None:
    """Amazons: every board of x o . # of 1x3, 3x1 and 2x2, and a seeded sample of 120
    boards of 2x3 and 3x2."""
    boards = P.grids(1, 3, "xo.#") + P.grids(3, 1, "xo.#") + P.grids(2, 2, "xo.#")
    boards += _sample(P.grids(2, 3, "xo.#") + P.grids(3, 2, "xo.#"), 120)
    assert _check(P.AMAZONS, boards) == 64 + 64 + 256 + 120


def _cakes(side: int, pair_side: int) -> list[Any]:
    return list(P.cutcake_positions(side, pair_side))


def test_eatcake_maundy_and_turn_and_eatcake() -> None:
    """Every rectangle up to 6x6 and every table of two rectangles up to 3x3, in each of
    the three cake games."""
    for rules in (P.EATCAKE, P.MAUNDY_CAKE, P.TURN_AND_EATCAKE):
        assert _check(rules, _cakes(6, 3)) == 36 + 45


def test_partizan_subtraction() -> None:
    """Every heap up to 12 and every pair of heaps up to 6, for the sets 1,3|2,3 (CGSuite's
    example), 1|2 and 2,5|1,4."""
    heaps: list[tuple[int, ...]] = [(n,) for n in range(1, 13)]
    heaps += [(a, b) for a in range(1, 7) for b in range(a, 7)]
    for left, right in [((1, 3), (2, 3)), ((1,), (2,)), ((2, 5), (1, 4))]:
        assert _check(P.partizan_subtraction(left, right), heaps) == 12 + 21


def test_childish_hackenbush_sample() -> None:
    """Childish Hackenbush: every picture of at most 3 edges on the vertices 0..2 (loops and
    repeated edges included), and a seeded sample of 150 of at most 4 edges on 0..3."""
    pictures = P.hackenbush_pictures(3, 3)
    more = _sample(P.hackenbush_pictures(4, 4), 150)
    assert _check(P.CHILDISH_HACKENBUSH, pictures + more) == len(pictures) + 150


@pytest.mark.slow
def test_variants_sample() -> None:
    """The impartial, dicotic and twisted variants of Domineering (every board 3x3 and 2x4),
    Clobber (every row of x o . up to length 5) and Cutcake (every rectangle up to 4x4; the
    impartial variant also every pair up to 2x2), and the dicotic and twisted variants of
    Toads-and-Frogs (strips up to length 6) and Childish Hackenbush (pictures of at most 3
    edges on 0..2). A twisted state is (sign, position)."""
    boards = _domineering([(3, 3), (2, 4)])
    rows = _clobber_rows(5)
    cakes = [k for k in P.cutcake_positions(4, 2) if len(k) == 1]
    pairs = P.cutcake_positions(4, 2)
    strips = P.toads_frogs_strips(6)
    pictures = P.hackenbush_pictures(3, 3)

    def check(make: Any, rules: P.Rules, states: list[Any]) -> None:
        signed = [(1, s) for s in states] if make is P.twisted_of else states
        assert _check(make(rules), signed) == len(states)

    check(P.impartial_of, P.CUTCAKE, pairs)
    for make in (P.impartial_of, P.dicotic_of, P.twisted_of):
        check(make, P.DOMINEERING, boards)
        check(make, P.CLOBBER, rows)
        check(make, P.CUTCAKE, cakes)
    for make in (P.dicotic_of, P.twisted_of):
        check(make, P.TOADS_FROGS, strips)
        check(make, P.CHILDISH_HACKENBUSH, pictures)


def test_arc_kayles_sample() -> None:
    """Arc Kayles: every graph on 3 vertices (loops included) and a seeded sample of 200 on
    4 vertices."""
    graphs = P.small_graphs(3) + _sample(P.small_graphs(4), 200)
    assert _check(P.ARC_KAYLES, graphs) == 64 + 200


def test_partizan_arc_kayles_sample() -> None:
    """Partizan Arc Kayles: every coloured graph on 3 vertices without loops, and a seeded
    sample of 150 on 3 vertices with loops and 150 on 4 without."""
    graphs = P.coloured_graphs(3, loops=False)
    more = _sample(P.coloured_graphs(3, loops=True), 150)
    more += _sample(P.coloured_graphs(4, loops=False), 150)
    assert _check(P.PARTIZAN_ARC_KAYLES, graphs + more) == 64 + 300
