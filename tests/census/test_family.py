"""Families: how many codes, in normal form, and subtraction sets as codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.census.family import CensusItem, parse_family
from grundy.errors import InvalidSpecError
from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak
from grundy.heap.subtraction import Subtraction
from grundy.heap.table import build_table
from grundy.heap.values import heap_values


@pytest.mark.parametrize("digits", [1, 2, 3])
def test_octal_family_is_every_code_once_in_normal_form(digits: int) -> None:
    codes = [i.code for i in parse_family(f"octal:{digits}").items()]
    assert len(codes) == len(set(codes))
    # every 0.d1..dD and 4.d1..dD (digits 0-7), normalised, less 0.0 (no moves)
    everything = {
        OctalCode.parse(f"{head}.{n:0{digits}o}").text for head in (0, 4) for n in range(8**digits)
    } - {"0.0"}
    assert set(codes) == everything
    assert len(codes) == 2 * 8**digits - 1


def test_hex_family_has_only_codes_leaving_three_heaps() -> None:
    items = parse_family("hex:1").items()
    codes = {i.code for i in items}
    assert len(codes) == len(items)
    assert all(OctalCode.parse(c).hexadecimal for c in codes)
    assert {"0.8", "0.f", "8.0", "c.1", "4.8"} <= codes
    assert "0.7" not in codes and "4.0" not in codes
    # first digit 0 or 4: the 8 digits 8-f; first digit 8 or c: 16 digits and no digit
    assert len(codes) == 2 * 8 + 2 * 16


def test_subtraction_family_is_every_set_as_a_code() -> None:
    items = parse_family("subtraction:4").items()
    assert len(items) == 2**4 - 1
    for item in items:
        assert item.label == f"subtraction:{Subtraction(item.subset).params_text()}"
        code = TakeAndBreak.from_code(item.code)
        assert build_table(code, 60, period_fill=False).tolist() == heap_values(
            Subtraction(item.subset), 60
        )


def test_list_and_file_families(tmp_path: Path) -> None:
    path = tmp_path / "codes.txt"
    path.write_text("# a comment\n0.07 0.137  # Dawson\nsubtraction:1,3,4\n0.070\n")
    items = parse_family(f"file:{path}").items()
    assert [i.code for i in items] == ["0.07", "0.137", "0.3033"]
    assert items[2] == CensusItem("0.3033", "subtraction:1,3,4", (1, 3, 4))
    assert [i.code for i in parse_family("list:0.77,4.7").items()] == ["0.77", "4.7"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("octal", "KIND:ARGUMENT"),
        ("octal:0", "1 <= D <= 6"),
        ("octal:x", "non-negative integer"),
        ("hex:5", "1 <= D <= 4"),
        ("subtraction:21", "1 <= B <= 20"),
        ("list:0.[3]", "repeated tail"),
        ("list:0.9x", "not a hex digit"),
        ("list:,", "has no codes"),
        ("decimal:3", "unknown family kind"),
    ],
)
def test_bad_families_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidSpecError, match="expected") as err:
        parse_family(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)
