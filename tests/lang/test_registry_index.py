"""``GAME_INDEX`` (each built-in name's module) agrees with what the game modules declare,
so a spec that imports one module to find its game cannot miss a game or find it in the
wrong place. On a mismatch the message holds the index to paste into
``grundy/lang/registry.py``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from grundy.core.game import NamedRuleset
from grundy.errors import UnknownGameError
from grundy.lang.entry import GameEntry
from grundy.lang.registry import GAME_INDEX, GAME_PACKAGES, REGISTRY, Registry


def _declared() -> dict[str, str]:
    """Every name and alias to the module that declares it, read from the modules."""
    full = Registry(GAME_PACKAGES)
    full.rulesets()  # reads every module, as ``grundy games`` does
    found: dict[str, str] = {}
    for module, _ in full._all_modules():
        for game in full._read[module]:
            if isinstance(game, NamedRuleset) or not game.variant_params:
                entry = GameEntry.of(game)
                for key in (entry.name, *entry.aliases):
                    found[key] = module
    return found


def test_the_index_is_what_the_modules_declare() -> None:
    declared = _declared()
    lines = "".join(f'\n    "{k}": "{m}",' for k, m in declared.items())
    assert declared == GAME_INDEX, f"GAME_INDEX is stale; it should read {{{lines}\n}}"


def test_the_index_lists_every_game_the_registry_lists() -> None:
    names = {n for e in REGISTRY for n in (e.name, *e.aliases)}
    assert names == set(GAME_INDEX)


@pytest.mark.parametrize(
    ("spec", "module", "absent"),
    [
        ("clobber xoxo", "grundy.cgt.games.clobber", "grundy.cgt.games.domineering"),
        ("toads-frogs tt..ff", "grundy.cgt.games.toads_frogs", "grundy.cgt.games.clobber"),
        ("dom:2x3", "grundy.cgt.games.domineering", "grundy.catalog.boards.domineering"),
        ("kayles 5", "grundy.heap.games", "grundy.cgt.games.clobber"),
    ],
)
def test_a_spec_imports_its_game_module_alone(spec: str, module: str, absent: str) -> None:
    code = f"import sys, grundy\ngrundy.parse({spec!r})\nprint(*sorted(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert module in out
    assert absent not in out
    assert not any(m in out for m in ("pkgutil", "pathlib"))  # no listing of the packages


def test_a_misspelt_name_still_reads_every_module() -> None:
    with pytest.raises(UnknownGameError, match="did you mean clobber"):
        REGISTRY.get("clobbr")
