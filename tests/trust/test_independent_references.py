"""References that share nothing with grundy (issue 35 item 7).

* ``tests/reference/`` imports nothing from grundy (checked here over the syntax tree of
  every file, imports inside functions included);
* misère quotients against brute force: the outcome of every misère sum of up to three
  heaps of at most 7 (Kayles, Dawson's Kayles, 0.137, 0.75) predicted by the quotient
  equals the outcome found by searching the whole game tree (tests/reference/misere.py);
* the census against a separate mex loop: for every one-digit code and some two-digit
  ones, the period and preperiod the census proves are those the reference proves by the
  octal periodicity theorem from its own values, and the stored hash is the hash of the
  reference's values (tests/reference/octal.py).
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

from grundy import ImpartialGame, parse_ruleset
from grundy.census.compute import CensusParams, compute_item
from grundy.census.family import CensusItem
from grundy.quotient import misere_quotient
from tests.reference.misere import misere_outcome
from tests.reference.octal import code_values, proved_period, values_hash

REFERENCE = Path(__file__).resolve().parents[1] / "reference"


def _imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            found.update(
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return found


def test_the_references_import_nothing_from_grundy() -> None:
    files = sorted(REFERENCE.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        bad = {m for m in _imported(path) if m == "grundy" or m.startswith("grundy.")}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_import_check_sees_imports_in_functions(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("def f():\n    from grundy.core import game\n    import grundy.heap\n")
    assert {"grundy.core", "grundy.heap"} <= _imported(f)


@pytest.mark.parametrize("code", ["0.6", "0.07", "0.137", "0.75"])
def test_misere_quotients_predict_the_brute_force_outcomes(code: str) -> None:
    game = parse_ruleset(f"octal:{code}")
    assert isinstance(game, ImpartialGame)
    quotient = misere_quotient(game, 7)
    for size in range(4):
        for heaps in itertools.combinations_with_replacement(range(1, 8), size):
            assert quotient.outcome(heaps) == misere_outcome(code, heaps), (code, heaps)


CODES = ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "4.1", "4.3", "4.7"]
CODES += ["0.07", "0.15", "0.33", "0.51", "0.64", "0.77", "4.07"]


@pytest.mark.parametrize("code", CODES)
def test_census_periods_are_those_of_a_separate_mex_loop(code: str) -> None:
    row = compute_item(CensusItem.from_text(code), CensusParams(heaps=1024))
    want = proved_period(code, most=1024)
    assert row.proved == (want is not None), (code, row.reason)
    if want is not None:
        assert (row.preperiod, row.period) == want, code
    assert row.values_hash == values_hash(code_values(code, row.heaps)), code
