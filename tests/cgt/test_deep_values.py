"""Deep values print without Python's recursion limit, and deep text is refused in one line.

The chain ``G_1 = {0 | -5}``, ``G_{k+1} = {G_k | -5}`` is 2,000 deep (past the limit of
1,000 frames); each printer's text of it is worked out here by a loop from the printing
rules, not by the printer under test.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

from grundy.cgt import CanonicalGame
from grundy.cgt.cgsuite import cgsuite_fields, cgsuite_options, cgsuite_text
from grundy.cgt.loopy.notation import parse_loopy
from grundy.cgt.notation import braces_length, format_braces, format_game, parse_game
from grundy.cgt.readable import pretty
from grundy.errors import GrundyError, InvalidSpecError

DEPTH = 2000


@cache
def chain(n: int, x: int = 0) -> CanonicalGame:
    """``x + G_n``, built option by option (no sum: the pure-Python table adds recursively)."""
    g = CanonicalGame(str(x))
    minus5 = CanonicalGame(str(x - 5))
    for _ in range(n):
        g = CanonicalGame.from_options([g], [minus5])
    return g


def test_the_chain_is_deep() -> None:
    assert chain(DEPTH).birthday > DEPTH


def test_format_game_of_a_deep_value() -> None:
    expected = "{0" + "".join("|" * k + "-5" for k in range(1, DEPTH + 1)) + "}"
    assert format_game(chain(DEPTH)) == expected


def test_format_braces_of_a_deep_value() -> None:
    expected = "{" * DEPTH + "0|-5}" + "|-5}" * (DEPTH - 1)
    g = chain(DEPTH)
    assert format_braces(g) == expected
    assert braces_length(g) == len(expected)


def test_pretty_of_a_deep_value() -> None:
    assert pretty(chain(DEPTH)) == "{" * DEPTH + "0 | -5}" + " | -5}" * (DEPTH - 1)


def _cgsuite_chain(n: int) -> str:
    """CGSuite's text of ``G_n``: ``G_3`` is ``-5Miny({5|0})``; each step adds a slash, and
    a fourth slash closes the braces (CGSuite's ``maxSlashes``)."""
    text, bars = "-5Miny({5|0})", 0
    for _ in range(4, n + 1):
        bars += 1
        text += "|" * bars + "-5"
        if bars == 4:
            text, bars = "{" + text + "}", 0
    return "{" + text + "}" if bars else text


def test_cgsuite_text_of_a_deep_value() -> None:
    assert cgsuite_text(chain(7)) == "{-5Miny({5|0})|-5||-5|||-5||||-5}"  # the rule, small
    assert _cgsuite_chain(7) == cgsuite_text(chain(7))
    g = chain(DEPTH)
    assert cgsuite_text(g) == _cgsuite_chain(DEPTH)
    fields = cgsuite_fields(g)
    assert fields["cgsuite"] == _cgsuite_chain(DEPTH)
    assert fields["left_options"] == "{" + _cgsuite_chain(DEPTH - 1) + "}"
    assert cgsuite_options(g.left_options) == fields["left_options"]
    assert fields["birthday"] == g.birthday


def test_a_deep_value_beyond_the_table_prints() -> None:
    """Number translation: ``2**80 + G_n`` prints as ``G_n`` with every number moved."""
    n = 1100  # past the recursion limit still, and quicker to translate
    g = chain(n, 2**80)
    moved = str(2**80 - 5)
    shifted = format_game(chain(n)).replace("-5", moved).replace("{0", "{" + str(2**80), 1)
    assert format_game(g) == shifted
    assert cgsuite_text(g) == _cgsuite_chain(n).replace("-5", moved)
    assert pretty(g).startswith("{" * n + str(2**80))


@pytest.mark.parametrize(
    "text",
    [
        "{" * DEPTH + "0|" + "}" * DEPTH,
        "(" * DEPTH + "1" + ")" * DEPTH,
        "-" * DEPTH + "1",
        "+-" * DEPTH + "1",
    ],
)
def test_deep_text_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(InvalidSpecError):
        parse_game(text)
    with pytest.raises(InvalidSpecError):
        parse_loopy(text)


def test_deep_slashes_in_loopy_text_are_refused_in_one_line() -> None:
    with pytest.raises(InvalidSpecError):
        parse_loopy("{0|pass" + "".join("|" * k + "-5" for k in range(2, 700)) + "}")


def test_deep_loopy_text_is_refused_in_one_line() -> None:
    for text in ("a{" * DEPTH + "0|pass" + "}" * DEPTH, "-" * DEPTH + "on"):
        with pytest.raises(GrundyError):
            parse_loopy(text)


def test_cli_refuses_deep_text_with_status_2() -> None:
    spec = 'cgt "' + "-" * DEPTH + '1"'
    run = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", spec], check=False, capture_output=True, text=True
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_deep_value_reads_back() -> None:
    """``format_game`` of a value 1,100 deep (past the recursion limit) reads back: the
    reader splits the bars with an explicit stack."""
    g = chain(1100)
    assert parse_game(format_game(g)) == g
