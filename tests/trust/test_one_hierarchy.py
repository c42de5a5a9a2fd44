"""The report's foreign exceptions raise grundy's own errors, in one line (issue 35 item 5).

``nimber(-1)``, ``number('x')`` and ``misere_quotient(game, -1)`` raised ValueError;
``nimber('3')``, ``nimber(1.5)`` and ``|`` between two canonical games raised TypeError;
an int of more than 4,300 digits in a spec raised Python's ValueError (a 23-line
traceback on the command line). The hypothesis fuzz over the public functions with
hostile arguments is tests/trust/test_api_fuzz.py (the sub-packages' functions included).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import grundy
from grundy.cgt import CanonicalGame, nimber, number, up
from grundy.errors import ArgumentTypeError, GrundyError, InvalidSpecError
from grundy.heap import KAYLES, heap_table
from grundy.quotient import misere_quotient
from tests.cli.helpers import run

BIG = "9" * 4301

CASES: list[tuple[str, Callable[[], Any], type[Exception]]] = [
    ("nimber(-1)", lambda: nimber(-1), ValueError),
    ("nimber('3')", lambda: nimber("3"), TypeError),  # type: ignore[arg-type]
    ("nimber(1.5)", lambda: nimber(1.5), TypeError),  # type: ignore[arg-type]
    ("number('x')", lambda: number("x"), ValueError),
    ("up(star=-1)", lambda: up(1, star=-1), ValueError),
    ("game | game", lambda: CanonicalGame(1) | CanonicalGame(0), TypeError),
    ("game * 1.5", lambda: CanonicalGame(1) * 1.5, TypeError),  # type: ignore[operator]
    ("CanonicalGame(1.5)", lambda: CanonicalGame(1.5), TypeError),  # type: ignore[arg-type]
    ("misere_quotient(-1)", lambda: misere_quotient(KAYLES, -1), ValueError),
    ("misere_quotient('3')", lambda: misere_quotient(KAYLES, "3"), TypeError),  # type: ignore[arg-type]
    ("heap_table(-1)", lambda: heap_table(KAYLES, -1), ValueError),
    ("parse col 2xBIG", lambda: grundy.parse(f"col 2x{BIG}"), ValueError),
    ("parse snort 2xBIG", lambda: grundy.parse(f"snort 2x{BIG}"), ValueError),
]


@pytest.mark.parametrize(("label", "call", "builtin"), CASES, ids=[c[0] for c in CASES])
def test_the_reports_calls_raise_grundys_errors(
    label: str, call: Callable[[], Any], builtin: type[Exception]
) -> None:
    with pytest.raises(GrundyError) as info:
        call()
    assert isinstance(info.value, builtin)  # except ValueError / TypeError still catch it
    assert "\n" not in str(info.value) and len(str(info.value)) < 400


def test_a_wrong_type_is_both_a_type_and_a_spec_error() -> None:
    assert issubclass(ArgumentTypeError, TypeError)
    assert issubclass(ArgumentTypeError, InvalidSpecError)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "col", f"2x{BIG}"],
        ["solve", "snort", f"2x{BIG}"],
        ["play", "col", f"2x{BIG}"],
        ["draw", "thermograph", "col", f"2x{BIG}", "--svg", "never-written.svg"],
    ],
    ids=["solve-col", "solve-snort", "play", "draw"],
)
def test_a_number_past_4300_digits_is_one_line_on_the_command_line(argv: list[str]) -> None:
    r = run(*argv)
    assert r.status == 2
    assert r.err.count("\n") == 1 and "digits" in r.err, r.err[:300]
