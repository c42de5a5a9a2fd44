"""Take-and-break codes: parsing, normal form and errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidSpecError
from grundy.heap.code import OctalCode

HEX = "0123456789abcdef"


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("0.07", "0.07"),
        (".07", "0.07"),
        ("0.0700", "0.07"),
        ("0.77", "0.77"),
        ("4.7", "4.7"),
        ("4.", "4.0"),
        ("0.333[3]", "0.[3]"),
        ("0.[33]", "0.[3]"),
        ("4.3[3]", "4.[3]"),
        ("0.1[0]", "0.1"),
        ("0.12[12]", "0.[12]"),
        ("0.2[12]", "0.[21]"),
        ("0.F", "0.f"),
        ("C.8", "c.8"),
    ],
)
def test_normal_form(text: str, normal: str) -> None:
    assert OctalCode.parse(text).text == normal


@pytest.mark.parametrize(
    "text",
    ["", "07", "1.07", "2.3", "0.0g", "00.7", "0.[3", "0.[]", "0.[3]4", "0.3]", "x.1", "0.[1[2]]"],
)
def test_malformed_codes_are_rejected(text: str) -> None:
    with pytest.raises(InvalidSpecError):
        OctalCode.parse(text)


def _raw_digit(first: str, body: str, block: str, k: int) -> int:
    if k == 0:
        return HEX.index(first)
    if k <= len(body):
        return HEX.index(body[k - 1])
    if not block:
        return 0
    return HEX.index(block[(k - len(body) - 1) % len(block)])


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from("048c"),
    st.text(alphabet=HEX, max_size=6),
    st.text(alphabet=HEX, max_size=4),
)
def test_normal_form_keeps_every_digit(first: str, body: str, block: str) -> None:
    text = f"{first}.{body}" + (f"[{block}]" if block else "")
    code = OctalCode.parse(text)
    assert OctalCode.parse(code.text) == code
    for k in range(40):
        assert code.digit(k) == _raw_digit(first, body, block, k)


def test_properties() -> None:
    assert OctalCode.parse("0.137").max_removal == 3
    assert OctalCode.parse("0.[3]").max_removal is None
    assert OctalCode.parse("0.8").hexadecimal
    assert not OctalCode.parse("4.7").hexadecimal
