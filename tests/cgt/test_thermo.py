"""Stops, mean, temperature, thermographs, cooling and heating on every game born by day 3."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grundy.cgt import (
    CanonicalGame,
    cool,
    heat,
    mean,
    overheat,
    temperature,
    thermograph,
    thermograph_svg,
)
from tests.cgt import reference as ref


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow), 9])
def test_mean_and_temperature_bound_the_stops_of_multiples(
    day3: list[CanonicalGame], step: int
) -> None:
    """n.m(G) - t(G) <= RS(nG) <= LS(nG) <= n.m(G) + t(G) (stops by the reference)."""
    for g in day3[::step]:
        m, t = mean(g), max(temperature(g), Fraction(0))
        for n in (1, 2, 3):
            ls, rs = ref.stops(ref.raw(g * n))
            assert n * m - t <= rs <= ls <= n * m + t


def test_temperature_is_where_cooling_freezes(day3: list[CanonicalGame]) -> None:
    for g in day3:
        t = temperature(g)
        if g.is_number():
            assert cool(g, 5) == g
            continue
        at = cool(g, t)
        assert at.left_stop == at.right_stop == mean(g)  # infinitesimally close to the mean
        below = cool(g, t - Fraction(1, 64))
        assert below.left_stop > below.right_stop
        assert cool(g, t + Fraction(1, 64)) == CanonicalGame(mean(g))


def test_thermograph_walls_start_at_the_stops(day3: list[CanonicalGame]) -> None:
    for g in day3:
        tg = thermograph(g)
        assert tg.mast == mean(g) and tg.temperature == temperature(g)
        if tg.temperature >= 0:
            assert tg.left_at(Fraction(0)) == g.left_stop
            assert tg.right_at(Fraction(0)) == g.right_stop
        assert tg.left_at(tg.temperature) == tg.right_at(tg.temperature) == tg.mast


@pytest.mark.parametrize(("sa", "sb"), [pytest.param(7, 53, marks=pytest.mark.slow), (61, 127)])
def test_mean_is_additive(day3: list[CanonicalGame], sa: int, sb: int) -> None:
    for g in day3[::sa]:
        for h in day3[::sb]:
            assert mean(g + h) == mean(g) + mean(h)


@pytest.mark.parametrize(
    ("text", "temp", "avg"),
    [
        ("{2|-1/2}", Fraction(5, 4), Fraction(3, 4)),
        ("+-1", Fraction(1), Fraction(0)),
        ("*", Fraction(0), Fraction(0)),
        ("^", Fraction(0), Fraction(0)),
        ("3", Fraction(-1), Fraction(3)),
        ("3/8", Fraction(-1, 8), Fraction(3, 8)),
        ("{3||2|0}", Fraction(1), Fraction(2)),
    ],
)
def test_known_temperatures(text: str, temp: Fraction, avg: Fraction) -> None:
    g = CanonicalGame(text)
    assert (temperature(g), mean(g)) == (temp, avg)


def test_heating_undoes_cooling_on_switches() -> None:
    assert heat(cool("{3|-1}", 1), 1) == CanonicalGame("{3|-1}")
    assert heat("*", 1) == CanonicalGame("+-1")
    assert heat("^", 1) == CanonicalGame("{1|-1+-1}")
    assert overheat(1, "*", 1) == CanonicalGame("*")
    assert overheat(2, 1, 1) == CanonicalGame(2)


def test_thermograph_svg_is_a_picture() -> None:
    text = thermograph_svg("{2|-1/2}")
    assert text.startswith("<svg") and text.count("<polyline") == 2
    assert "temperature 5/4" in text and "mean 3/4" in text
    assert "<svg" in thermograph_svg(3)
