"""Published misère quotients (tests/quotient/data/published.txt) reproduced exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grundy.quotient import misere_quotient
from tests.quotient.helpers import heap_game

DATA = Path(__file__).parent / "data" / "published.txt"


def _entries() -> list[dict[str, str]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# Source:")
    entries: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in [*lines, ""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if current:
                entries.append(current)
            current = {}
            continue
        key, _, value = line.partition(":")
        current[key.strip()] = value.strip()
    return entries


def _evaluate(q, gens: dict[str, int], word: str) -> int:  # type: ignore[no-untyped-def]
    """The element of a word such as ``ab²`` or ``1`` (generators named by heap)."""
    powers = str.maketrans("²³⁴⁵", "2345")
    x = 0
    text = word.translate(powers)
    i = 0
    while i < len(text):
        letter = text[i]
        i += 1
        if letter == "1":
            continue
        exponent = ""
        while i < len(text) and text[i].isdigit():
            exponent += text[i]
            i += 1
        for _ in range(int(exponent or 1)):
            x = q.table[x][q.element(gens[letter])]
    return x


def _params() -> list[Any]:
    marks = {"slow": [pytest.mark.slow]}
    return [
        pytest.param(e, id=f"{e['game']}-{e['n']}", marks=marks.get(e.get("suite", ""), []))
        for e in _entries()
    ]


def test_every_entry_names_its_source() -> None:
    for entry in _entries():
        assert entry["source"] and entry["where"] and entry["checked"].startswith("grundy")


@pytest.mark.parametrize("entry", _params())
def test_published_quotient(entry: dict[str, str]) -> None:
    game = heap_game(entry["game"])
    q = misere_quotient(game, int(entry["n"]))
    assert q.order == int(entry["order"])
    if "generators" not in entry:
        return
    gens = {g.split("=")[0]: int(g.split("=")[1]) for g in entry["generators"].split()}
    assert [q.pretending[h] for h in gens.values()] == [q.pretending[h] for h in q.generators]
    for relation in entry["relations"].split():
        left, right = relation.split("=")
        assert _evaluate(q, gens, left) == _evaluate(q, gens, right), relation
    assert {_evaluate(q, gens, w) for w in entry["p_portion"].split()} == set(q.p_portion)
    pretending = entry["pretending"].split()
    assert [q.pretending[h] for h in range(len(pretending))] == [
        _evaluate(q, gens, w) for w in pretending
    ]


def test_075_is_proved_whole_game() -> None:
    q = misere_quotient(heap_game("octal:0.75"), 30)
    assert q.proved and (q.period, q.preperiod) == (2, 8)
    assert q.element(10**6) == q.element(10) and q.tame is None
