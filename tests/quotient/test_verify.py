"""The exact check refuses wrong pretensions and names a sum they get wrong."""

from __future__ import annotations

from grundy.quotient.verify import find_failure
from tests.quotient.reference import MisereOracle, nim_rules


def test_misere_nim_t2_is_valid_and_a_wrong_p_portion_is_caught() -> None:
    # T2 = <a, b | a² = 1, b³ = b>: elements 1, a, b, ab, b², ab² (indices 0..5).
    names = ["", "a", "b", "ab", "bb", "abb"]

    def norm(word: str) -> str:
        a, b = word.count("a") % 2, word.count("b")
        b = b if b < 3 else 1 + (b - 1) % 2
        return "a" * a + "b" * b

    mul = [[names.index(norm(x + y)) for y in names] for x in names]
    is_p = [False, True, False, False, True, False]
    phi = [0, 1, 2, 3]
    trans = [frozenset(), frozenset({0}), frozenset({0, 1}), frozenset({0, 1, 2})]
    assert find_failure(mul, is_p, phi, trans) is None
    wrong = list(is_p)
    wrong[5] = True  # claim ab² (e.g. 1 + 2 + 2) is a P-position
    failure = find_failure(mul, wrong, phi, trans)
    assert failure is not None
    x = 0
    for h in failure:
        x = mul[x][phi[h]]
    assert wrong[x] != (MisereOracle(nim_rules).outcome(failure) == "P")
