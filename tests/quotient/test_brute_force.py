"""Every quotient element and the P-portion against brute-force misère search.

Bounds are stated per case: the quotient of heaps 0..N is computed, then every
sum of at most K heaps of sizes 1..M is searched directly and compared; and
each pair of elements is told apart by brute force (the quotient is reduced,
so its order is exact). The octal-code sweeps are deterministic (fixed seeds,
a work bound instead of a time limit) and say their bounds in their docstrings.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from grundy.quotient import QuotientLimitError, clear_cache, misere_by_quotient, misere_quotient
from grundy.quotient.api import _CACHE
from grundy.quotient.verify import find_failure
from tests.quotient.helpers import (
    RulesGame,
    heap_game,
    undistinguished,
    winning_moves,
    wrong_sums,
)
from tests.quotient.reference import (
    MisereOracle,
    multisets,
    nim_rules,
    octal_rules,
    subtraction_rules,
)

# (label, rules, N computed, M heap sizes searched, K heaps per sum)
CASES = [
    ("nim", nim_rules, 7, 7, 4),
    ("kayles", octal_rules("0.77"), 14, 10, 4),
    ("dawsons-kayles", octal_rules("0.07"), 14, 10, 3),
    ("0.75", octal_rules("0.75"), 16, 12, 4),
    ("0.123", octal_rules("0.123"), 16, 12, 4),
    ("0.33", octal_rules("0.33"), 16, 12, 4),
    ("subtraction 1,3,4", subtraction_rules((1, 3, 4)), 16, 12, 4),
]


@pytest.mark.slow
@pytest.mark.parametrize(("label", "rules", "n", "top", "most"), CASES, ids=[c[0] for c in CASES])
def test_quotient_agrees_with_search(label, rules, n, top, most) -> None:  # type: ignore[no-untyped-def]
    q = misere_quotient(RulesGame(rules, label), n)
    oracle = MisereOracle(rules)
    assert wrong_sums(q, oracle, top, most) == []
    assert undistinguished(q, oracle) == []


@pytest.mark.parametrize(
    ("spec", "rules"),
    [
        ("kayles 1", octal_rules("0.77")),
        ("octal:0.07 1", octal_rules("0.07")),
        ("subtraction:1,2 1", subtraction_rules((1, 2))),
    ],
)
def test_registered_rulesets(spec: str, rules) -> None:  # type: ignore[no-untyped-def]
    """The rulesets of the position language (heaps 0..12, sums of up to 3 heaps 1..12)."""
    clear_cache()
    game = heap_game(spec.split(maxsplit=1)[0]) if " " in spec else heap_game(spec)
    q = misere_quotient(game, 12)
    assert wrong_sums(q, MisereOracle(rules), 12, 3) == []


#: Every octal code with one to three digits after the point, the last one non-zero (511).
ALL_CODES = [
    "0." + "".join(map(str, digits))
    for length in (1, 2, 3)
    for digits in product(range(8), repeat=length)
    if digits[-1]
]
#: The quick sweep: 96 of them, drawn with a fixed seed.
QUICK_CODES = sorted(random.Random(13).sample(ALL_CODES, 96))
#: Work bound per heap in the sweeps (about a second; deterministic, unlike a time limit).
SWEEP_WORK = 3_000_000
#: The only codes whose quotient of heaps 0..10 may be left uncertified within SWEEP_WORK
#: (0.336, 0.354, 0.774 and 0.775 hung the old builder for hours; their quotients are large:
#: 0.354's quotient of heaps 0..5 already has at least 124 elements by brute force).
HARD_10 = {"0.35", "0.336", "0.354", "0.774", "0.775"}
#: The same for heaps 0..14, among the codes of ``test_octal_codes_to_heap_14``.
HARD_14 = {"0.277", "0.354", "0.424", "0.465", "0.616", "0.66", "0.714"}


def _sweep(codes: list[str], n: int, seed: int, fours: int = 20) -> set[str]:
    """Check the quotient of heaps 0..n of each code against brute force; return the codes
    whose quotient was not found within SWEEP_WORK.

    For each code whose quotient is found: every sum of at most 3 heaps of sizes 1..n,
    ``fours`` sums of 4 such heaps (the dearest part of the brute force), and the outcome
    and *every* winning move of 20 sums of 1 to 3 such heaps (through
    ``misere_by_quotient``), each drawn with a fixed seed. For the others: the bound is a
    QuotientLimitError and the heaps done before it stay exact.
    """
    hard = set()
    for code in codes:
        rules = octal_rules(code)
        game = RulesGame(rules, code)
        try:
            q = misere_quotient(game, n, max_work=SWEEP_WORK)
        except QuotientLimitError:
            hard.add(code)
            builder = _CACHE[game]
            assert builder.done < n
            assert len(builder.phi) == len(builder.options) == len(builder.trans)
            assert find_failure(builder.mul, builder.is_p, builder.phi, builder.trans) is None
            continue
        oracle = MisereOracle(rules)
        assert wrong_sums(q, oracle, n, 3) == [], code
        rng = random.Random(f"{code}/{seed}")
        for _ in range(fours):
            heaps = [rng.randint(1, n) for _ in range(4)]
            assert q.outcome(heaps) == oracle.outcome(heaps), (code, heaps)
        for _ in range(20):
            heaps = [rng.randint(1, n) for _ in range(rng.randint(1, 3))]
            answer = misere_by_quotient(game, heaps, max_moves=10**6, quotient=q)
            assert answer is not None and answer.outcome == oracle.outcome(heaps), (code, heaps)
            listed = [(i, tuple(sorted(o))) for i, o in answer.winning or ()]
            assert len(listed) == len(set(listed)) == answer.winning_total, (code, heaps)
            assert set(listed) == winning_moves(rules, oracle, heaps), (code, heaps)
    clear_cache()
    return hard


@pytest.mark.slow
def test_random_octal_codes() -> None:
    """96 octal codes drawn with seed 13 from ALL_CODES; heaps 0..10; every sum of up to
    3 heaps, 20 sums of 4 heaps and the winning moves of 20 sums per code (see ``_sweep``).
    About 10 s."""
    assert _sweep(QUICK_CODES, 10, 0) <= HARD_10


@pytest.mark.slow
def test_all_octal_codes() -> None:
    """The 415 codes of ALL_CODES that the quick sweep leaves out (CI runs both), heaps
    0..10, as in ``_sweep`` with 5 sums of 4 heaps per code. About 15 s."""
    rest = [c for c in ALL_CODES if c not in set(QUICK_CODES)]
    assert _sweep(rest, 10, 1, fours=5) <= HARD_10


@pytest.mark.slow
def test_octal_codes_to_heap_14() -> None:
    """48 codes drawn with seed 14, heaps 0..14: every sum of up to 3 heaps of sizes 1..14,
    plus 5 sums of 4 heaps and the winning moves of ``_sweep``. About 15 s."""
    codes = sorted(random.Random(14).sample(ALL_CODES, 48))
    assert _sweep(codes, 14, 2, fours=5) <= HARD_14


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.07", "0.137", "0.75"])
def test_larger_sums(code: str) -> None:
    """Heaps 0..18, every sum of up to 3 heaps of sizes 1..18 (Kayles, 0.77, has its own
    brute force over every sum of up to 40 pins: ``test_kayles_sums``)."""
    rules = octal_rules(code)
    q = misere_quotient(RulesGame(rules, code), 18)
    assert wrong_sums(q, MisereOracle(rules), 18, 3) == []


@pytest.mark.slow
def test_dawsons_kayles_to_heap_33() -> None:
    """Dawson's Kayles (0.07), heaps 0..33: order 638 (MisereSolver finds the same); every
    heap 1..33 alone and every sum of 2 of them with at most 52 counters has the outcome
    brute force gives (all 561 pairs, to 66 counters, take the brute force about 10 times
    as long: 12 s against 1.3 s). About 4 s."""
    rules = octal_rules("0.07")
    q = misere_quotient(RulesGame(rules, "0.07"), 33)
    assert q.order == 638
    oracle = MisereOracle(rules)
    sums = [h for k in (1, 2) for h in multisets(33, k) if sum(h) <= 52]
    assert len(sums) == 33 + 505
    assert [h for h in sums if q.outcome(h) != oracle.outcome(h)] == []
