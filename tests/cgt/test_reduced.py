"""Reduced canonical forms and atomic weights, checked against their defining properties."""

from __future__ import annotations

import pytest

from grundy.cgt import CanonicalGame, atomic_weight, reduced_canonical_form, tiny, up
from grundy.errors import UnsupportedError


def _infinitesimal(g: CanonicalGame) -> bool:
    return g.left_stop == 0 and g.right_stop == 0


def test_rcf_is_infinitesimally_close_and_idempotent(day3: list[CanonicalGame]) -> None:
    for g in day3:
        r = reduced_canonical_form(g)
        assert _infinitesimal(g - r)
        assert reduced_canonical_form(r) == r
        assert r.birthday <= g.birthday


def test_rcf_classes_are_the_infinitesimal_classes(day2: list[CanonicalGame]) -> None:
    """Every pair born by day 2: same reduced form exactly when the difference is infinitesimal."""
    for g in day2:
        for h in day2:
            same = reduced_canonical_form(g) == reduced_canonical_form(h)
            assert same == _infinitesimal(g - h)


@pytest.mark.parametrize(
    ("text", "rcf"),
    [("^", "0"), ("{2|^}", "1+-1"), ("+-1", "+-1"), ("1*", "1"), ("{1|1/2^}", "{1|1/2}")],
)
def test_known_reduced_forms(text: str, rcf: str) -> None:
    assert reduced_canonical_form(text) == CanonicalGame(rcf)


@pytest.mark.parametrize(
    ("text", "weight"),
    [("0", "0"), ("*", "0"), ("^", "1"), ("v", "-1"), ("^*", "1"), ("^2", "2"), ("^3*", "3")],
)
def test_known_atomic_weights(text: str, weight: str) -> None:
    assert atomic_weight(text) == CanonicalGame(weight)


def test_atomic_weight_is_additive_on_ups_and_stars() -> None:
    for a in range(-3, 4):
        for b in range(-3, 4):
            g = up(a) + up(b, star=True)
            assert atomic_weight(g) == CanonicalGame(a + b)


def test_atomic_weight_needs_all_small() -> None:
    with pytest.raises(UnsupportedError):
        atomic_weight(tiny(1))
    with pytest.raises(UnsupportedError):
        atomic_weight("1")
