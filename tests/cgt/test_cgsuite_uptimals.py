"""Uptimals with a number part print as CGSuite prints them, however large the number.

CGSuite writes ``x + G`` for an uptimal ``G`` as ``x`` followed by ``G``'s uptimal form
(``3/4v[3]*``), and sorts options by their uptimal expansions. Expected texts are CGSuite's
printed forms of small games, moved by a number (number translation), written out here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import solve
from grundy.cgt import CanonicalGame
from grundy.cgt.cgsuite import cgsuite_fields, cgsuite_options, cgsuite_text, uptimal_parts

# Source: CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala
#   ("Hackenbush RBG Stalk", game.graph.Hackenbush("lrlerrr").CanonicalForm, "3/4v[3]*")
# Source: CGSuite, lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala
#   "{0||0|v*}" prints "{0|^<2>}", uptimalExpansion "*.12", rightOptions "{^<2>}";
#   "{0|*||*|||*||||*}" prints "^[4]", uptimalExpansion "0.1111", leftOptions "{^[3]}";
#   "73/16v9*8" has uptimalExpansion "73/16*8.9-"
CGSUITE = [
    # (game, its number part, CGSuite's text, uptimal expansion, Left's and Right's options)
    ("3/4v[3]*", "3/4", "3/4v[3]*", "3/4*.1-1-1-", None, None),
    ("{0||0|v*}", "0", "{0|^<2>}", "*.12", "{0}", "{^<2>}"),
    ("{0|*||*|||*||||*}", "0", "^[4]", "0.1111", "{^[3]}", "{*}"),
    ("73/16v9*8", "73/16", "73/16v9*8", "73/16*8.9-", None, None),
]
# The same moved by a number N (number translation), N written out where CGSuite's
# texts of x = 0 leave the 0 out.
MOVED = {
    "{0||0|v*}": ("{N|N^<2>}", "N*.12", "{N}", "{N^<2>}"),
    "{0|*||*|||*||||*}": ("N^[4]", "N.1111", "{N^[3]}", "{N*}"),
    "3/4v[3]*": ("Nv[3]*", "N*.1-1-1-", None, None),
    "73/16v9*8": ("Nv9*8", "N*8.9-", None, None),
}


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@pytest.mark.parametrize("x", [0, 1, 100, -65, 5000, 2**80])
@pytest.mark.parametrize("case", CGSUITE, ids=[c[0] for c in CGSUITE])
def test_number_plus_an_uptimal_prints_as_cgsuite(x: int, case: tuple[str, ...]) -> None:
    game, base = case[:2]
    texts: list[str | None] = list(case[2:])
    if x:
        n = _text(Fraction(base) + x)
        texts = [None if t is None else t.replace("N", n) for t in MOVED[game]]
    shown, expansion, lefts, rights = texts
    fields = cgsuite_fields(CanonicalGame(game) + CanonicalGame(x))
    assert fields["cgsuite"] == shown
    assert fields["uptimal_expansion"] == expansion
    if lefts is not None:
        assert (fields["left_options"], fields["right_options"]) == (lefts, rights)


def test_the_reported_case() -> None:
    """``cgt "100^<2>"``: CGSuite prints ``100^<2>`` (it printed ``{100|100v*}``, with no
    uptimal expansion, while ``2^<2>`` and ``2**100 + ^<2>`` were right)."""
    r = solve('cgt "100^<2>"')
    assert (r.cgsuite, r.uptimal_expansion) == ("100^<2>", "100.01")
    assert cgsuite_text("-100v<2>*") == "-100v<2>*"
    assert cgsuite_text("{100|100^<2>}") == "{100|100^<2>}"


def test_option_order_does_not_depend_on_the_number_part() -> None:
    """CGSuite sorts options: numbers, nimbers, uptimals by (number, digits, nimber), the
    rest; moving every option by the same number keeps the order."""
    parts = ["+-1", "{0||0|-1}", "{0|^<2>}", "^<2>", "^^", "^", "v<3>*", "^[3]", "*", "1/2"]

    def order(x: int) -> list[int]:
        games = tuple(CanonicalGame(p) + CanonicalGame(x) for p in parts)
        texts = [cgsuite_text(g) for g in games]
        printed = cgsuite_options(games)
        return [texts.index(t) for t in printed[1:-1].split(",")]

    at_zero = order(0)
    assert [parts[i] for i in at_zero[:3]] == ["1/2", "*", "v<3>*"]  # number, nimber, ...
    assert {parts[i] for i in at_zero[-2:]} == {"+-1", "{0||0|-1}"}  # not uptimals: last
    for x in (100, -70, 2**70):
        assert order(x) == at_zero


@settings(max_examples=60, deadline=None)
@given(
    x=st.integers(-3000, 3000),
    m=st.integers(0, 3),
    digits=st.lists(st.integers(-2, 2), min_size=1, max_size=4),
)
def test_uptimal_parts_move_with_the_number(x: int, m: int, digits: list[int]) -> None:
    core = CanonicalGame(f"*{m}" if m else "0")
    for k, a in enumerate(digits, 1):
        p = CanonicalGame(f"^<{k}>")
        for _ in range(abs(a)):
            core = core + p if a > 0 else core - p
    parts = uptimal_parts(core)
    assert parts is not None
    moved = uptimal_parts(core + CanonicalGame(x))
    assert moved == (parts[0] + x, parts[1], parts[2])
