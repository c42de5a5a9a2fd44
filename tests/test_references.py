"""Every registered game has an independent reference: a test that compares grundy's
answers with a brute force written again from the rules (``tests/reference/``, or a
search in the test itself that shares no code with grundy) or with published values.

:data:`REFERENCES` is checked against the registry both ways: a new game without an entry
fails, and the message prints the line to add.
"""

from __future__ import annotations

from pathlib import Path

from grundy.lang.registry import REGISTRY

TESTS = Path(__file__).parent

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
    "clobber": ("cgt/test_reference_partisan.py", "reference.partisan_rules.CLOBBER"),
    "col": ("cgt/test_reference_partisan.py", "reference.partisan_rules.COL"),
    "connect4": ("search/test_retrograde.py", "reference.minimax"),
    "cram": ("cgt/test_reference_partisan.py", "reference.partisan_rules.CRAM"),
    "cutcake": ("cgt/test_reference_partisan.py", "reference.partisan_rules.CUTCAKE"),
    "amazons": ("cgt/test_reference_partisan.py", "reference.partisan_rules.AMAZONS"),
    "eatcake": ("cgt/test_reference_partisan.py", "reference.partisan_rules.EATCAKE"),
    "fission": ("cgt/test_reference_partisan.py", "reference.partisan_rules.FISSION"),
    "maundy-cake": ("cgt/test_reference_partisan.py", "reference.partisan_rules.MAUNDY_CAKE"),
    "turn-and-eatcake": (
        "cgt/test_reference_partisan.py",
        "reference.partisan_rules.TURN_AND_EATCAKE",
    ),
    "partizan-subtraction": (
        "cgt/test_reference_partisan.py",
        "reference.partisan_rules.partizan_subtraction",
    ),
    "childish-hackenbush": (
        "cgt/test_reference_partisan.py",
        "reference.partisan_rules.CHILDISH_HACKENBUSH",
    ),
    "impartial": ("cgt/test_reference_partisan.py", "reference.partisan_rules.impartial_of"),
    "dicotic": ("cgt/test_reference_partisan.py", "reference.partisan_rules.dicotic_of"),
    "twisted": ("cgt/test_reference_partisan.py", "reference.partisan_rules.twisted_of"),
    "arc-kayles": ("cgt/test_reference_partisan.py", "reference.partisan_rules.ARC_KAYLES"),
    "partizan-arc-kayles": (
        "cgt/test_reference_partisan.py",
        "reference.partisan_rules.PARTIZAN_ARC_KAYLES",
    ),
    "weighted-arc-kayles": (
        "cgt/test_weighted_arc_kayles.py",
        "reference.weighted_arc_kayles (the rule on states of its own, a plain mex)",
    ),
    "anti-clobber": ("cgt/test_reference_cgsuite.py", "reference.cgsuite_rules.ANTI_CLOBBER"),
    "partizan-splittles": (
        "cgt/test_reference_cgsuite.py",
        "reference.cgsuite_rules.partizan_splittles",
    ),
    "partizan-euclid": ("cgt/test_reference_cgsuite.py", "reference.cgsuite_rules.PARTIZAN_EUCLID"),
    "elephants-rhinos": (
        "cgt/test_reference_cgsuite.py",
        "reference.cgsuite_rules.ELEPHANTS_RHINOS",
    ),
    "dawson": ("heap/test_games.py", "OEIS A002187, shifted"),
    "dawsons-chess": ("heap/test_games.py", "OEIS A002187"),
    "divisor-removal": ("catalog/impartial/test_divisor_removal.py", "reference.catalog_rules"),
    "divisors": ("catalog/impartial/test_divisors.py", "reference.catalog_rules"),
    "domineering": ("cgt/test_reference_partisan.py", "reference.partisan_rules.DOMINEERING"),
    "domineering-search": ("cgt/test_reference_partisan.py", "reference.partisan_rules"),
    "ferguson": ("catalog/impartial/test_ferguson.py", "reference.catalog_rules"),
    "fibonacci": ("catalog/impartial/test_fibonacci.py", "reference.heap_rules"),
    "grundys-game": ("heap/test_games.py", "OEIS A002188 and Flammenkamp's rare values"),
    "hackenbush": ("hackenbush/test_exhaustive.py", "reference.hackenbush"),
    "halving": ("catalog/impartial/test_halving.py", "reference.catalog_rules"),
    "kayles": ("heap/test_games.py", "OEIS A002186"),
    "konane": ("cgt/test_reference_partisan.py", "reference.partisan_rules.KONANE"),
    "lasker": ("catalog/impartial/test_lasker.py", "reference.catalog_rules"),
    "matrix": ("catalog/impartial/test_matrix.py", "reference.catalog_rules"),
    "moore": ("catalog/impartial/test_moore.py", "reference.heap_rules"),
    "nim": ("core/test_sums.py", "reference.sums (the whole sum searched as one game)"),
    "octal": ("heap/test_games.py", "OEIS A002186-A002188 through the codes 0.77, 0.07, 4.0"),
    "snort": ("cgt/test_reference_partisan.py", "reference.partisan_rules.SNORT"),
    "subtraction": ("core/test_sums.py", "reference.sums"),
    "tictactoe": ("search/test_retrograde.py", "reference.minimax"),
    "toads-frogs": ("cgt/test_reference_partisan.py", "reference.partisan_rules.TOADS_FROGS"),
    "toppling-dominoes": ("cgt/test_reference_partisan.py", "reference.partisan_rules.TOPPLING"),
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
