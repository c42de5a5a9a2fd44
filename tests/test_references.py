"""Every registered game has an independent reference: a test that compares grundy's
answers with a brute force written again from the rules (``tests/reference/``, or a
search in the test itself that shares no code with grundy) or with published values.

:data:`REFERENCES` is checked against the registry both ways: a new game without an entry
fails, and the message prints the line to add.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from grundy.lang.registry import REGISTRY

TESTS = Path(__file__).parent


def _rules(module: str, rules: str) -> tuple[str, str]:
    """A game checked in tests/cgt/test_reference_MODULE.py against the rules ``rules``
    of tests/reference/MODULE_rules.py."""
    return (f"cgt/test_reference_{module}.py", f"reference.{module}_rules.{rules}")


#: Registered name -> (the test file that holds its reference, what the reference is).
REFERENCES: dict[str, tuple[str, str]] = {
    "backsliding-toads-frogs": (
        "cgt/loopy/test_values.py",
        "CGSuite's published value of ttt..fff predicts the outcomes in sums that "
        "reference.loopy_play finds on the game graph of our rules",
    ),
    "fox-and-geese": (
        "cgt/loopy/test_fox_and_geese.py",
        "reference.fox_geese's game graph of the rules (outcomes with reference.loopy_play) "
        "and CGSuite's published values",
    ),
    "ceylonese-fox-and-geese": (
        "cgt/loopy/test_ceylonese_fox_and_geese.py",
        "reference.fox_geese's game graph of the rules with reach=2 (outcomes with "
        "reference.loopy_play) and CGSuite's published value",
    ),
    "bash": ("heap/test_bash.py", "reference.heap_rules.bash_table"),
    "cgt": ("cgt/test_literal.py", "every game born by day 2 (tests/cgt/reference.py)"),
    "chomp": ("catalog/boards/test_chomp.py", "a brute-force mex over shapes"),
    "clobber": _rules("partisan", "CLOBBER"),
    "col": _rules("partisan", "COL"),
    "connect4": ("search/test_retrograde.py", "reference.minimax"),
    "cram": _rules("partisan", "CRAM"),
    "cutcake": _rules("partisan", "CUTCAKE"),
    "amazons": _rules("partisan", "AMAZONS"),
    "eatcake": _rules("partisan", "EATCAKE"),
    "fission": _rules("partisan", "FISSION"),
    "maundy-cake": _rules("partisan", "MAUNDY_CAKE"),
    "turn-and-eatcake": _rules("partisan", "TURN_AND_EATCAKE"),
    "partizan-subtraction": _rules("partisan", "partizan_subtraction"),
    "childish-hackenbush": _rules("partisan", "CHILDISH_HACKENBUSH"),
    "impartial": _rules("partisan", "impartial_of"),
    "dicotic": _rules("partisan", "dicotic_of"),
    "twisted": _rules("partisan", "twisted_of"),
    "arc-kayles": _rules("partisan", "ARC_KAYLES"),
    "partizan-arc-kayles": _rules("partisan", "PARTIZAN_ARC_KAYLES"),
    "weighted-arc-kayles": (
        "cgt/test_weighted_arc_kayles.py",
        "reference.weighted_arc_kayles (the rule on states of its own, a plain mex)",
    ),
    "anti-clobber": _rules("cgsuite", "ANTI_CLOBBER"),
    "partizan-splittles": _rules("cgsuite", "partizan_splittles"),
    "partizan-euclid": _rules("cgsuite", "PARTIZAN_EUCLID"),
    "elephants-rhinos": _rules("cgsuite", "ELEPHANTS_RHINOS"),
    "dawson": ("heap/test_games.py", "OEIS A002187, shifted"),
    "dawsons-chess": ("heap/test_games.py", "OEIS A002187"),
    "divisor-removal": ("catalog/impartial/test_divisor_removal.py", "reference.catalog_rules"),
    "divisors": ("catalog/impartial/test_divisors.py", "reference.catalog_rules"),
    "domineering": _rules("partisan", "DOMINEERING"),
    "domineering-search": ("cgt/test_reference_partisan.py", "reference.partisan_rules"),
    "ferguson": ("catalog/impartial/test_ferguson.py", "reference.catalog_rules"),
    "fibonacci": ("catalog/impartial/test_fibonacci.py", "reference.heap_rules"),
    "grundys-game": ("heap/test_games.py", "OEIS A002188 and Flammenkamp's rare values"),
    "hackenbush": ("hackenbush/test_exhaustive.py", "reference.hackenbush"),
    "halving": ("catalog/impartial/test_halving.py", "reference.catalog_rules"),
    "kayles": ("heap/test_games.py", "OEIS A002186"),
    "konane": _rules("partisan", "KONANE"),
    "lasker": ("catalog/impartial/test_lasker.py", "reference.catalog_rules"),
    "matrix": ("catalog/impartial/test_matrix.py", "reference.catalog_rules"),
    "moore": ("catalog/impartial/test_moore.py", "reference.heap_rules"),
    "nim": ("core/test_sums.py", "reference.sums (the whole sum searched as one game)"),
    "octal": ("heap/test_games.py", "OEIS A002186-A002188 through the codes 0.77, 0.07, 4.0"),
    "snort": _rules("partisan", "SNORT"),
    "subtraction": ("core/test_sums.py", "reference.sums"),
    "tictactoe": ("search/test_retrograde.py", "reference.minimax"),
    "toads-frogs": _rules("partisan", "TOADS_FROGS"),
    "toppling-dominoes": _rules("partisan", "TOPPLING"),
    "cherries": _rules("partisan", "CHERRIES"),
    "treblecross": ("catalog/impartial/test_treblecross.py", "a brute force over strips"),
    "ruler": ("catalog/impartial/test_coins.py", "a brute force over rows as bit masks"),
    "mock-turtles": ("catalog/impartial/test_coins.py", "a brute force over rows as bit masks"),
    "turning-turtles": ("catalog/impartial/test_coins.py", "a brute force over rows as bit masks"),
    "turning": ("catalog/impartial/test_coins.py", "a brute force over rows as bit masks"),
    "tartan": ("catalog/impartial/test_coins.py", "a brute force over grids as bit masks"),
    "turning-code": (
        "catalog/impartial/test_turning_codes.py",
        "reference.turning_codes: sets from the code's definition, rows as bit masks",
    ),
    "spawning": (
        "catalog/impartial/test_turning_codes.py",
        "CGSuite's values of ten codes; the same values as turning-code's rows",
    ),
    "wythoff": ("catalog/impartial/test_wythoff.py", "reference.heap_rules.wythoff_table"),
}


def test_every_registered_game_has_an_independent_reference() -> None:
    names = {e.name for e in REGISTRY}
    missing = sorted(names - set(REFERENCES))
    lines = "\n".join(f'    "{n}": ("TEST FILE", "WHAT THE REFERENCE IS"),' for n in missing)
    assert not missing, f"no independent reference for {missing}; add to REFERENCES:\n{lines}"
    assert not set(REFERENCES) - names, f"not registered: {sorted(set(REFERENCES) - names)}"


def test_each_reference_file_exists_and_plays_its_game() -> None:
    for name, (path, _) in REFERENCES.items():
        text = (TESTS / path).read_text(encoding="utf-8").lower()
        words = {name, name.replace("-", "_"), name.replace("-", " "), name.split("-")[0]}
        assert any(w in text for w in words), f"{path} does not mention {name}"


def test_each_named_reference_exists() -> None:
    """A reference named as ``reference.MODULE.NAME`` is there to be used."""
    checked = 0
    for name, (_, what) in REFERENCES.items():
        parts = what.split()[0].removesuffix(",").split(".")
        if parts[0] == "reference" and len(parts) == 3:
            module = importlib.import_module(f"tests.reference.{parts[1]}")
            assert hasattr(module, parts[2]), f"{name}: {what} is not in tests/reference"
            checked += 1
    assert checked >= 25  # every reference named down to its rules
