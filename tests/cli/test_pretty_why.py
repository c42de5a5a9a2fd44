"""The "Why" lines of ``grundy solve`` write the values they name as the value line does:
the readable forms (``±1``, ``⇑``, ``tiny-2``) where stdout can encode them, today's ASCII
with ``--ascii`` or where it cannot; ``--json`` keeps the ASCII lines byte for byte."""

from __future__ import annotations

import json
import os

import pytest

from grundy.core.valueline import ValueLine
from tests.cli.helpers import GRUNDY_MODULE, run, run_process


def _why(out: str) -> list[str]:
    lines = out.split("\nWhy:\n", 1)[1].splitlines()
    return [line[2:] for line in lines if not line.startswith("Method: ")]


# The ASCII Why lines as grundy solve wrote them before this change (--ascii keeps them).
OLD_ASCII = {
    'cgt "{1|-1}"': [
        "The canonical value is +-1: dominated options removed and reversible ones bypassed.",
        "Left's moves lead to 1 value: 1 (1 move).",
        "Right's moves lead to 1 value: -1 (1 move).",
        "In canonical form Left's options are 1; Right's are -1.",
        "The value is confused with 0, so the player who moves first wins.",
        "Left wins moving first by 1 move (to a value >= 0); "
        "Right wins moving first by 1 move (to a value <= 0).",
        "Mean 0, temperature 1; Left stop 1, Right stop -1.",
    ],
    'cgt "^+^"': [
        "The canonical value is ^2: dominated options removed and reversible ones bypassed.",
        "Left's moves lead to 1 value: 0 (1 move).",
        "Right's moves lead to 1 value: ^* (1 move).",
        "In canonical form Left's options are 0; Right's are ^*.",
        "The value is greater than 0, so Left wins whoever moves first.",
        "Left wins moving first by 1 move (to a value >= 0); "
        "Right has no winning first move (none reaches a value <= 0).",
        "Mean 0, temperature 0; Left stop 0, Right stop 0.",
    ],
    "domineering:2x3": [
        "The canonical value is {2|-1/2}: dominated options removed and reversible ones bypassed.",
        "Left's moves lead to 2 values: +-1 (2 moves), 2 (1 move).",
        "  +-1 is dominated by 2.",
        "Right's moves lead to 1 value: -1/2 (4 moves).",
        "In canonical form Left's options are 2; Right's are -1/2.",
        "The value is confused with 0, so the player who moves first wins.",
        "Left wins moving first by 1 move (to a value >= 0); "
        "Right wins moving first by 4 moves (to a value <= 0).",
        "Mean 3/4, temperature 5/4; Left stop 2, Right stop -1/2.",
    ],
}

# The lines that name values, in the readable forms.
PRETTY = {
    'cgt "{1|-1}"': {
        0: "The canonical value is ±1: dominated options removed and reversible ones bypassed."
    },
    'cgt "^+^"': {
        0: "The canonical value is ⇑: dominated options removed and reversible ones bypassed.",
        2: "Right's moves lead to 1 value: ↑* (1 move).",
        3: "In canonical form Left's options are 0; Right's are ↑*.",
    },
    "domineering:2x3": {
        0: "The canonical value is {2 | -1/2}: dominated options removed and reversible ones "
        "bypassed.",
        1: "Left's moves lead to 2 values: ±1 (2 moves), 2 (1 move).",
        2: "  ±1 is dominated by 2.",
    },
}


@pytest.mark.parametrize("spec", list(OLD_ASCII))
def test_why_lines_are_pretty_on_utf8_and_old_ascii_otherwise(spec: str) -> None:
    nice = run("solve", spec, encoding="utf-8")
    plain = run("solve", spec, "--ascii", encoding="utf-8")
    assert nice.status == plain.status == 0
    assert _why(plain.out) == OLD_ASCII[spec]
    expected = list(OLD_ASCII[spec])
    for i, line in PRETTY[spec].items():
        expected[i] = line
    assert _why(nice.out) == expected
    for encoding in ("ascii", "latin-1", None):  # no arrows: today's ASCII text, all of it
        assert run("solve", spec, encoding=encoding).out == plain.out, encoding


@pytest.mark.parametrize("spec", list(OLD_ASCII))
def test_json_keeps_the_ascii_lines(spec: str) -> None:
    outs = {run("solve", spec, "--json", encoding=e).out for e in ("utf-8", None)}
    assert len(outs) == 1
    assert json.loads(outs.pop())["explanation"] == OLD_ASCII[spec]


def test_only_values_change_in_a_sum_with_words_that_look_like_values() -> None:
    """Specs (``cgt "v"``), words and signs (``>=``) are left alone; only the values move."""
    spec = 'domineering:2x2 + cgt "v"'
    nice = _why(run("solve", spec, encoding="utf-8").out)
    plain = _why(run("solve", spec, "--ascii", encoding="utf-8").out)
    assert '  cgt "v"  ->  ↓' in nice and '  cgt "v"  ->  v' in plain
    assert "The sum of the components is {1↓ | -1↓}." in nice
    assert all(">=" in a for a, b in zip(nice, plain, strict=True) if ">=" in b)
    assert not any("+-" in line or "^" in line for line in nice)


@pytest.mark.parametrize(
    "spec",
    ["clobber xoxo/oxox", "toads-frogs tt..ff", "domineering:3x4", "eatcake 3x4", "cram:2x3"],
)
def test_catalog_examples_ascii_why_is_the_json(spec: str) -> None:
    data = json.loads(run("solve", spec, "--json").out)
    assert _why(run("solve", spec, "--ascii", encoding="utf-8").out) == data["explanation"]
    nice = _why(run("solve", spec, encoding="utf-8").out)
    assert len(nice) == len(data["explanation"])


def test_a_real_process_follows_its_stream_encoding() -> None:
    spec = 'cgt "{1|-1}"'
    env = {**os.environ}
    utf8 = run_process([*GRUNDY_MODULE, "solve", spec], env={**env, "PYTHONIOENCODING": "utf-8"})
    ascii_ = run_process([*GRUNDY_MODULE, "solve", spec], env={**env, "PYTHONIOENCODING": "ascii"})
    assert utf8.status == ascii_.status == 0, (utf8.err, ascii_.err)
    assert _why(utf8.out)[0] == PRETTY[spec][0]
    assert _why(ascii_.out) == OLD_ASCII[spec]


def test_a_value_line_is_its_ascii_text_and_keeps_its_values() -> None:
    line = ValueLine("v^2 and 2^k stay; the value ", 3, " is written by the writer.")
    assert line == "v^2 and 2^k stay; the value 3 is written by the writer."
    assert json.dumps([line]) == json.dumps([str(line)])
    assert line.render(lambda v: "three") == (
        "v^2 and 2^k stay; the value three is written by the writer."
    )
