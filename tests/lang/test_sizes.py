"""Sizes and counts are checked before use (issue 21): a number past Python's 4,300-digit
limit, one that does not fit an index, a digit only ``str.isdigit`` knows, or a zero
denominator is an InvalidSpecError naming the problem, never a bare ValueError,
OverflowError or ZeroDivisionError."""

from __future__ import annotations

import argparse

import pytest

import grundy
from grundy.cli.common import MOST_COUNT, integer_at_least
from grundy.errors import InvalidSpecError

NINES = "9" * 5000


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (f"chomp:2x{NINES}", "from 1 to 16"),
        (f"connect4:{NINES}x4", "from 1 to 16"),
        ("connect4:\u00b2x4", "size like 4x4"),
        (f"matrix:2x{NINES}", "at most 10,000 cells"),
        ("matrix:2x99999999999999999999", "at most 10,000 cells"),
        (f"moore:1{'0' * 5000} 14 99999", "digits"),
        (f"moore:{10**30} 14 99999", "at most 1,000,000,000,000,000,000"),
        (f"moore:{'9' * 4300} 10", "at most"),
        ("chomp:3x4 \u00b2 1", "non-negative integer"),
        (f"chomp:3x4 {NINES}", "digits"),
        ('cgt "1/0"', "zero denominator"),
        ('cgt "0/0"', "zero denominator"),
        ('cgt "{1/000|0}"', "zero denominator"),
    ],
)
def test_a_bad_size_is_one_clear_error(spec: str, words: str) -> None:
    with pytest.raises(InvalidSpecError) as e:
        grundy.parse(spec)
    assert words in str(e.value) and "\n" not in str(e.value)
    assert len(str(e.value)) < 1000


def test_a_huge_moore_k_is_as_good_as_the_heap_count() -> None:
    # K beyond the number of heaps: a move may touch every heap (no list of K entries);
    # with two heaps that is Moore's Nim_2
    big = grundy.solve(f"moore:{10**18} 14 99999")
    small = grundy.solve("moore:2 14 99999")
    assert big.outcome == small.outcome == "N"
    assert big.grundy == small.grundy
    assert [str(p).split(" ", 1)[1] for p in big.winning_moves] == [
        str(p).split(" ", 1)[1] for p in small.winning_moves
    ]


@pytest.mark.parametrize("text", [NINES, "9" * 19, "-" + NINES, "1" + "0" * 18 + "1"])
def test_integer_options_stop_at_an_index_sized_integer(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as e:
        integer_at_least(0, "a heap size")(text)
    assert len(str(e.value)) < 200


def test_integer_options_take_the_largest_count() -> None:
    assert integer_at_least(0, "a heap size")(str(MOST_COUNT)) == MOST_COUNT
    assert integer_at_least(0, "a port", 65535)("65535") == 65535
    with pytest.raises(argparse.ArgumentTypeError, match="from 0 to 65,535"):
        integer_at_least(0, "a port", 65535)("65536")


@pytest.mark.parametrize("spec", ["wythoff {} 1", "lasker {}", "matrix:1x2 {} 1", "nim {}"])
def test_numbers_stop_at_2000_digits(spec: str) -> None:
    with pytest.raises(InvalidSpecError, match="at most 2,000 are accepted"):
        grundy.parse(spec.format("9" * 2001))
    assert grundy.parse(spec.format("9" * 2000))  # and one of 2,000 digits is solved whole
    assert grundy.solve(spec.format("9" * 2000)).outcome in ("N", "P")
