"""Turning codes and spawning codes: CGSuite's known values, and the generated sets and
row values against the brute force of ``tests/reference/turning_codes.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy
from grundy.catalog.impartial.turning_codes import (
    SpawningCode,
    code_sets,
    normal_code,
    parse_turning_code,
)
from grundy.errors import InvalidSpecError
from tests.reference import turning_codes as R

DATA = Path(__file__).parent / "data" / "turning_codes.txt"
CODES = [
    "1-3",
    "3",
    "1+C",
    "1-3C(5)",
    "3C(5)",
    "1-5C",
    "3E",
    "4FS",
    "1+S",
    "1+FS",
    "2-4E,5C",
    "1..F",
]


def _lines() -> list[str]:
    text = DATA.read_text(encoding="utf-8")
    assert "# Source:" in text
    return [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


@pytest.mark.parametrize("line", [ln for ln in _lines() if not ln.startswith("row ")])
def test_cgsuite_values_and_move_counts(line: str) -> None:
    """Each code's values of heaps 1..20 and its count of moves from 20; the first ten
    values and a row of heads also through ``grundy.solve``."""
    code, count, values = (part.strip() for part in line.split("|"))
    want = [int(v) for v in values.split(",")]
    spec = normal_code(code)  # 1+C is written 1..C in a spec
    assert [SpawningCode(spec).grundy_formula(n) for n in range(1, 21)] == want, code
    assert [grundy.solve(f"spawning:{spec} {n}").grundy for n in range(1, 11)] == want[:10]
    assert len(code_sets(parse_turning_code(code, ""), 20)) == int(count), code
    heads = [n for n in range(1, 13) if want[n - 1] % 2]  # a row of the heads of odd value
    xor = 0
    for n in heads:
        xor ^= want[n - 1]
    row = " ".join(map(str, heads))
    assert grundy.solve(f"turning-code:{spec} {row}").grundy == xor, code


def test_cgsuite_row() -> None:
    for line in (ln for ln in _lines() if ln.startswith("row ")):
        _, code, row, value = line.split()
        assert grundy.solve(f"turning-code:{code} {row}").grundy == int(value)


@pytest.mark.parametrize("code", CODES)
def test_sets_match_the_definition(code: str) -> None:
    """The sets of each head 1..9 are exactly those the definition allows."""
    elements = parse_turning_code(code, "")
    for n in range(1, 10):
        got = sorted((*others, n) for others in code_sets(elements, n))
        assert got == sorted(R.turn_sets(code, n)), (code, n)


@pytest.mark.parametrize("code", CODES)
def test_rows_against_a_search(code: str) -> None:
    """Every row of up to 7 coins, by mex over whole rows [127 a code]."""
    for mask in range(1, 1 << 7):
        heads = " ".join(str(i + 1) for i in range(7) if mask >> i & 1)
        got = grundy.solve(f"turning-code:{normal_code(code)} {heads}").grundy
        assert got == R.row_value(code, mask), (code, heads)


@pytest.mark.parametrize(
    "bad", ["turning-code:0", "turning-code:3-1", "turning-code:1-3X", "spawning:"]
)
def test_bad_codes_are_refused_in_one_line(bad: str) -> None:
    with pytest.raises(InvalidSpecError) as info:
        grundy.parse(f"{bad} 3")
    assert "\n" not in str(info.value)
