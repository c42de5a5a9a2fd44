"""Typed results: one result type per solver on a small base, exact values as Fractions and
canonical games, the outcome an enum, the JSON form as before (strings); one type label
per game (``GameType``), and the deprecated names that stay for a release."""

from __future__ import annotations

import json
import pickle
from fractions import Fraction

import pytest

import grundy
from grundy import (
    REGISTRY,
    Answer,
    GameType,
    ImpartialResult,
    Outcome,
    PartisanResult,
    Result,
    SearchResult,
    parse,
)
from grundy.cgt import CanonicalGame

#: Each solver's result type (the base is Result for all).
KINDS = [
    ("nim 3 4 5", ImpartialResult),
    ("kayles 4 5 --misere", ImpartialResult),
    ("nim 3 4 --loopy", ImpartialResult),
    ("domineering:2x3", PartisanResult),
    ("clobber xoxo + nim 1", PartisanResult),
    ("tictactoe x.o......", SearchResult),
    ("chomp:2x3", SearchResult),
]


def _solve(spec: str) -> Result:
    words = spec.split(" --")
    return grundy.solve(words[0], misere="misere" in words, loopy="loopy" in words)


@pytest.mark.parametrize(("spec", "kind"), KINDS)
def test_each_solver_has_its_result_type(spec: str, kind: type[Result]) -> None:
    r = _solve(spec)
    assert type(r) is kind and isinstance(r, Result)
    assert isinstance(r.outcome, Outcome) and r.outcome == str(r.outcome)
    # Every field of every kind is in the JSON form, in one order, as plain JSON values.
    d = r.to_dict()
    assert list(d) == [
        "position", "play", "outcome", "grundy", "winning_moves", "move_descriptions",
        "method", "explanation", "positions_searched", "winning_moves_total",
        "winning_moves_truncated", "winning_moves_listing_cut", "value", "remoteness",
        "canonical", "canonical_braces", "temperature", "mean", "left_stop", "right_stop",
        "right_winning_moves", "right_move_descriptions", "right_winning_moves_total", "best_moves",
        "best_move_descriptions", "best_moves_total", "misere_canonical", "genus", "cgsuite",
        "onside", "offside", "degree", "variety", "reduced_canonical", "atomic_weight",
        "birthday", "uptimal_expansion", "left_options", "right_options",
    ]  # fmt: skip
    assert json.loads(json.dumps(d)) == d
    assert type(d["outcome"]) is str
    # A result survives a round trip through pickle (the web's worker processes).
    assert pickle.loads(pickle.dumps(r)) == r


def test_fields_of_other_kinds_read_as_absent() -> None:
    imp, par, two = grundy.solve("nim 3"), grundy.solve("clobber xo"), grundy.solve("chomp:2x2")
    assert (imp.canonical, imp.remoteness, imp.right_winning_moves) == (None, None, ())
    assert (par.grundy, par.value) == (None, None)
    assert (two.grundy, two.temperature) == (None, None)
    with pytest.raises(AttributeError, match="no_such_field"):
        imp.no_such_field  # noqa: B018


def test_partisan_values_are_exact_and_typed() -> None:
    r = grundy.solve("domineering:2x3")
    assert isinstance(r, PartisanResult)
    assert isinstance(r.canonical, CanonicalGame)
    assert r.canonical == CanonicalGame("{2|-1/2}") == "{2|-1/2}"
    assert (r.mean, r.temperature, r.left_stop, r.right_stop) == (
        Fraction(3, 4),
        Fraction(5, 4),
        Fraction(2),
        Fraction(-1, 2),
    )
    assert all(type(x) is Fraction for x in (r.mean, r.temperature, r.left_stop, r.right_stop))
    # printable, comparable, addable, and drawn as a thermograph
    assert str(r.canonical) == "{2|-1/2}"
    assert r.canonical + grundy.solve("domineering:3x2").canonical == 0
    assert r.canonical > -1 and r.canonical.confused_with(0)
    tg = r.canonical.thermograph()
    assert (tg.mast, tg.temperature) == (r.mean, r.temperature)
    # the JSON form keeps the text
    d = r.to_dict()
    assert (d["canonical"], d["temperature"], d["mean"]) == ("{2|-1/2}", "5/4", "3/4")
    assert (d["left_stop"], d["right_stop"]) == ("2", "-1/2")


def test_text_given_to_a_partisan_result_is_made_exact() -> None:
    r = PartisanResult(
        position=parse("cgt 1"),
        play="normal",
        outcome="L",  # type: ignore[arg-type]
        winning_moves=(),
        move_descriptions=(),
        method="m",
        canonical="{1|0}",  # type: ignore[arg-type]
        temperature="1/2",  # type: ignore[arg-type]
    )
    assert r.outcome is Outcome.L
    assert r.canonical == CanonicalGame("{1|0}") and r.temperature == Fraction(1, 2)


def test_outcome_enum() -> None:
    assert [o.value for o in Outcome] == [
        "N",
        "P",
        "D",
        "L",
        "R",
        "NHat",
        "NCheck",
        "PHat",
        "PCheck",
    ]
    assert Outcome("P") is Outcome.P and repr(Outcome.P) == "'P'" and f"{Outcome.P}" == "P"
    assert Outcome.D.words == "a draw with perfect play"
    assert [o.mover_result() for o in Outcome] == ["win", "loss", "draw", *[None] * 6]
    with pytest.raises(ValueError):
        Outcome("X")


def test_one_type_label_per_game() -> None:
    """``kind`` and ``family`` follow from ``game_type``; the one declared family that
    differs (Domineering by two-player search, listed with the partisan games) is known."""
    differs = []
    for e in REGISTRY:
        game = parse(e.example).components[0].game
        assert game.kind == game.game_type.kind
        if game.family != game.game_type.family(game.search_alone):
            differs.append(e.name)
    assert differs == ["domineering-search"]

    class Plain(grundy.ImpartialGame[int]):
        def moves(self, n: int) -> list[int]:
            return list(range(n))

    class Partisan(grundy.PartisanGame[int]):
        game_type = GameType(impartial=False)

    assert (Plain.family, Partisan.family, Partisan.kind) == ("impartial", "partisan", "partisan")


def test_theorem_answer_is_a_deprecated_alias() -> None:
    want = Answer.theorem("N", "a theorem", winning=((3,),))
    assert want == Answer("N", "a theorem", (), ((0, (3,)),))
    with pytest.warns(DeprecationWarning, match="Answer.theorem"):
        got = grundy.TheoremAnswer("N", "a theorem", winning=((3,),))
    assert got == want
