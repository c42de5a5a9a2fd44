"""The impartial, dicotic and twisted variants (``grundy.cgt.games.variants``): properties
that follow from CGSuite's definitions, on random small boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.errors import InvalidSpecError

ROWS = st.integers(1, 3).flatmap(
    lambda w: st.lists(st.text("xo.", min_size=w, max_size=w), min_size=1, max_size=3)
)


def _value(spec: str) -> str | None:
    braces: str | None = grundy.solve(spec).canonical_braces
    return braces


@settings(max_examples=40, deadline=None)
@given(ROWS)
def test_clobber_is_dicotic_already(rows: list[str]) -> None:
    """In Clobber whoever can move, the other can too: d(G) = G."""
    board = "/".join(rows)
    assert _value(f"dicotic:clobber {board}") == _value(f"clobber {board}")


@settings(max_examples=40, deadline=None)
@given(ROWS)
def test_the_impartial_variant_is_a_nimber_and_idempotent(rows: list[str]) -> None:
    """i(G) is impartial (a nimber), and i(i(G)) = i(G)."""
    board = "/".join(rows).replace("x", ".").replace("o", "#")
    once = _value(f"impartial:domineering {board}")
    assert once is not None and (once == "0" or once.startswith("*"))
    assert _value(f"impartial:impartial:domineering {board}") == once


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4))
def test_a_negated_twisted_position_is_the_negative(r: int, c: int) -> None:
    """``twisted:G - ARGS`` is -t(G): the sum of t(G) and it is zero."""
    r1 = grundy.solve(f"twisted:cutcake {r}x{c} + twisted:cutcake - {r}x{c}")
    assert r1.canonical_braces == "0"


def test_sums_are_refused_where_the_rule_reads_the_whole_board() -> None:
    with pytest.raises(InvalidSpecError, match="not a sum"):
        grundy.parse("dicotic:cutcake 2x3 1x2")
    # A twisted table of several pieces of cake is one position, as it prints after a cut.
    (after,) = [p.after for p in grundy.legal_plays(grundy.parse("twisted:cutcake 2x3"), "L")]
    assert str(after) == "twisted:cutcake - 2x1 2x2"
    assert grundy.parse(str(after)) == after
    assert grundy.solve("impartial:cutcake 2x3 1x2").canonical_braces is not None
