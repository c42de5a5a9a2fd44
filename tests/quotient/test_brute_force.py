"""Every quotient element and the P-portion against brute-force misère search.

Bounds are stated per case: the quotient of heaps 0..N is computed, then every
sum of at most K heaps of sizes 1..M is searched directly and compared; and
each pair of elements is told apart by brute force (the quotient is reduced,
so its order is exact).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.quotient import clear_cache, misere_quotient
from tests.quotient.helpers import RulesGame, heap_game, undistinguished, wrong_sums
from tests.quotient.reference import (
    MisereOracle,
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


@st.composite
def octal_codes(draw: st.DrawFn) -> str:
    digits = draw(st.lists(st.integers(0, 7), min_size=1, max_size=3))
    digits[-1] = digits[-1] or 3
    return "0." + "".join(map(str, digits))


@pytest.mark.skip(
    reason="hangs (over 90 min) and once disagreed with brute force; see the issue note",
)
@settings(max_examples=25, deadline=None)
@given(code=octal_codes(), heaps=st.lists(st.integers(1, 10), max_size=4))
def test_random_octal_codes(code: str, heaps: list[int]) -> None:
    """Random octal codes (up to 3 digits), heaps 0..10, random sums of up to 4 heaps."""
    rules = octal_rules(code)
    q = misere_quotient(RulesGame(rules, code), 10)
    assert q.outcome(heaps) == MisereOracle(rules).outcome(heaps)


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.75"])
def test_larger_sums(code: str) -> None:
    """Heaps 0..18, every sum of up to 3 heaps of sizes 1..18."""
    rules = octal_rules(code)
    q = misere_quotient(RulesGame(rules, code), 18)
    assert wrong_sums(q, MisereOracle(rules), 18, 3) == []
