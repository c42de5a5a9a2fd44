"""Canonical values in the command line's text: the pretty forms (``1±1``, ``⇑*``,
``tiny-2``) where stdout can encode them, ASCII with ``--ascii`` or where it cannot, and
``--json`` the same whatever the stream."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

# (spec, the value line's pretty form, its ASCII form)
CASES = [
    ('cgt "1+-1"', "1±1", "1+-1"),
    ('cgt "^2*"', "⇑*", "^2*"),
    ('cgt "v3"', "↓3", "v3"),
    ('cgt "{0||0|-2}"', "tiny-2", "{0|-1+-1}"),
    ('cgt "{2|0||0}"', "miny-2", "{1+-1|0}"),
    ("domineering:2x3", "{2 | -1/2}", "{2|-1/2}"),
    ('cgt "*3"', "*3", "*3"),
]


def _value_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Canonical value: "))


@pytest.mark.parametrize(("spec", "nice", "plain"), CASES)
def test_solve_writes_the_pretty_form_on_a_utf8_stream(spec: str, nice: str, plain: str) -> None:
    r = run("solve", spec, encoding="utf-8")
    assert r.status == 0, r.err
    assert _value_line(r.out) == f"Canonical value: {nice}"


@pytest.mark.parametrize(("spec", "nice", "plain"), CASES)
def test_ascii_flag_and_streams_that_cannot_encode_write_ascii(
    spec: str, nice: str, plain: str
) -> None:
    flagged = run("solve", spec, "--ascii", encoding="utf-8")
    assert _value_line(flagged.out) == f"Canonical value: {plain}"
    for encoding in ("ascii", "latin-1", None):  # latin-1 has ± but no arrows
        r = run("solve", spec, encoding=encoding)
        assert r.out == flagged.out, encoding


def test_only_the_values_change() -> None:
    """The pretty text differs from the ASCII one in the values alone: the value line and
    the values the Why lines name (the specs and moves stay what one types back)."""
    nice = run("solve", 'cgt "1+-1" + cgt "^"', encoding="utf-8").out.splitlines()
    plain = run("solve", 'cgt "1+-1" + cgt "^"', "--ascii", encoding="utf-8").out.splitlines()
    differ = [(a, b) for a, b in zip(nice, plain, strict=True) if a != b]
    assert differ[0] == ("Canonical value: {2↑ | ↑}", "Canonical value: {2^|^}")
    assert ('    cgt "1+-1"  ->  1±1', '    cgt "1+-1"  ->  1+-1') in differ
    assert ('    cgt "^"  ->  ↑', '    cgt "^"  ->  ^') in differ
    assert all(a.startswith("  ") for a, _ in differ[1:])  # Why lines


def test_json_is_the_same_whatever_the_stream() -> None:
    outs = {run("solve", 'cgt "{0||0|-2}"', "--json", encoding=e).out for e in ("utf-8", None)}
    outs.add(run("solve", 'cgt "{0||0|-2}"', "--json", "--ascii", encoding="utf-8").out)
    assert len(outs) == 1
    data = json.loads(outs.pop())
    assert data["canonical"] == "{0|-1+-1}"
    assert data["cgsuite"] == "Tiny(2)"


def test_loopy_values_stay_as_they_are() -> None:
    r = run("solve", 'cgt "on" + cgt "off"', encoding="utf-8")
    assert r.status == 0, r.err
    assert r.out == run("solve", 'cgt "on" + cgt "off"', "--ascii").out


def test_thermograph_line(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    nice = run("draw", "thermograph", 'cgt "1+-1"', "--svg", str(out), encoding="utf-8")
    plain = run("draw", "thermograph", 'cgt "1+-1"', "--svg", str(out), "--ascii")
    assert nice.out == f"wrote {out}: the thermograph of 1±1 (mean 1, temperature 1)\n"
    assert plain.out == f"wrote {out}: the thermograph of 1+-1 (mean 1, temperature 1)\n"
