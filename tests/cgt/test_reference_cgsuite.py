"""CGSuite's further rulesets (Elephants and Rhinos, Anti-Clobber, Partizan Splittles,
Partizan Euclid) against the brute force of ``tests/reference/cgsuite_rules.py``, which
shares nothing with the engine: each position's canonical value, outcome, stops, mean and
temperature, as in ``test_reference_partisan.py`` (whose helpers this file uses).

Bounds: stated in each test (positions compared in brackets).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import grundy
from grundy.errors import InvalidSpecError
from tests.cgt.test_reference_partisan import _check
from tests.reference import cgsuite_rules as C
from tests.reference import partisan_rules as P

SEED = 31


def _sample(items: list[Any], k: int) -> list[Any]:
    return random.Random(SEED).sample(items, min(k, len(items)))


@pytest.mark.slow
def test_elephants_rhinos() -> None:
    """Every strip of t f . of length <= 6, and a seeded sample of 300 of length 9 [1,392]."""
    strips = C.strips(6) + _sample([s for s in C.strips(9) if len(s) == 9], 300)
    assert _check(C.ELEPHANTS_RHINOS, strips) == 1_092 + 300


def test_elephants_rhinos_sums_are_one_component_each() -> None:
    """A sum of strips is the sum of their values (the reference's strips joined by a
    rhino before an elephant, which no move crosses)."""
    a, b = "tt.f.", ".t..f"
    whole = grundy.solve(f"elephants-rhinos {a}f.t{b}")
    parts = grundy.solve(f"elephants-rhinos {a}f + elephants-rhinos t{b}")
    assert whole.canonical == parts.canonical


@pytest.mark.slow
def test_anti_clobber() -> None:
    """Every board of x o . # of 1x4 and 4x1, every 2x2, a seeded sample of 150 boards of
    x o . of 2x3 and of 3x2, and of 100 of 3x3 [1,018]."""
    boards = P.grids(1, 4, "xo.#") + P.grids(4, 1, "xo.#") + P.grids(2, 2, "xo.#")
    boards += _sample(P.grids(2, 3, "xo.") + P.grids(3, 2, "xo."), 150)
    boards += _sample(P.grids(3, 3, "xo."), 100)
    assert _check(C.ANTI_CLOBBER, boards) == 256 + 256 + 256 + 150 + 100


def test_partizan_splittles() -> None:
    """Every heap up to 12 and every pair of heaps up to 6, for the sets 1,3|2,3, 1|2,
    2,5|1,4 and 1,2|1,2 (Kayles) [33 each]."""
    heaps: list[tuple[int, ...]] = [(n,) for n in range(1, 13)]
    heaps += [(a, b) for a in range(1, 7) for b in range(a, 7)]
    for left, right in [((1, 3), (2, 3)), ((1,), (2,)), ((2, 5), (1, 4)), ((1, 2), (1, 2))]:
        assert _check(C.partizan_splittles(left, right), heaps) == 12 + 21


def test_partizan_splittles_of_one_two_is_kayles() -> None:
    """CGSuite's Splittles({1,2}) has the code 0.77, Kayles: the nimber of grundy's
    ``kayles`` Grundy value (itself checked against OEIS A002186), heaps 1..30."""
    for n in range(1, 31):
        g = grundy.solve(f"kayles {n}").grundy
        want = "0" if g == 0 else "*" if g == 1 else f"*{g}"
        assert grundy.solve(f"partizan-splittles:1,2|1,2 {n}").canonical == want, n


@pytest.mark.slow
def test_partizan_euclid() -> None:
    """Every pair (p, q) with p, q <= 14, and every sum of two pairs with p, q <= 5 [225 +
    666]."""
    pairs = [(p, q) for p in range(15) for q in range(15)]
    small = [(p, q) for p in range(6) for q in range(6)]
    sums = [tuple(sorted(two)) for two in itertools.combinations_with_replacement(small, 2)]
    states = [((p, q),) for p, q in pairs] + sums
    assert _check(C.PARTIZAN_EUCLID, states) == 225 + 666


def test_partizan_euclid_input() -> None:
    """Pairs as ``P,Q`` or ``(P, Q)``; a q past the bound is refused in one line."""
    assert grundy.solve("partizan-euclid (8, 7)").canonical == "^5"
    with pytest.raises(InvalidSpecError, match="at most 256"):
        grundy.parse("partizan-euclid 300,257")
    with pytest.raises(InvalidSpecError, match="expected a pair"):
        grundy.parse("partizan-euclid 9")


# --- the exhaustive sweeps (pytest -m slow) -----------------------------------------------------


@pytest.mark.slow
def test_elephants_rhinos_all_strips() -> None:
    """Every strip of t f . of length <= 8 [9,840]."""
    assert _check(C.ELEPHANTS_RHINOS, C.strips(8)) == 9_840


@pytest.mark.slow
def test_anti_clobber_all_boards() -> None:
    """Every board of x o . # of 1x5, every board of x o . of 2x3 and 3x2 [1,024 + 1,458]."""
    boards = P.grids(1, 5, "xo.#") + P.grids(2, 3, "xo.") + P.grids(3, 2, "xo.")
    assert _check(C.ANTI_CLOBBER, boards) == 1_024 + 729 + 729


@pytest.mark.slow
def test_partizan_euclid_all_pairs() -> None:
    """Every pair (p, q) with p, q <= 40 [1,681]."""
    states = [((p, q),) for p in range(41) for q in range(41)]
    assert _check(C.PARTIZAN_EUCLID, states) == 1_681
