"""Published periods and preperiods (OEIS, Flammenkamp's tables) reproduced by the census's
per-code computation, and published (non-)equivalences of codes by the grouping key."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.census.compute import CensusParams, compute_item
from grundy.census.family import CensusItem
from grundy.heap.games import TakeAndBreak
from grundy.heap.table import build_table

DATA = Path(__file__).parent / "data"


def _lines(name: str) -> list[list[str]]:
    text = (DATA / name).read_text(encoding="utf-8").splitlines()
    assert text[0].startswith("# Source:"), name
    return [ln.split() for ln in text if ln.strip() and not ln.startswith("#")]


PERIODS = [
    pytest.param(w[0], int(w[1]), int(w[2]), marks=[pytest.mark.slow] if "slow" in w else [])
    for w in _lines("published_periods.txt")
]


def test_the_data_file_is_substantial() -> None:
    assert len(PERIODS) >= 25


@pytest.mark.parametrize(("code", "preperiod", "period"), PERIODS)
def test_published_period_is_proved(code: str, preperiod: int, period: int) -> None:
    r = compute_item(CensusItem.from_text(code), CensusParams(heaps=1 << 20))
    assert r.stopped == "proved", r.reason
    assert (r.preperiod, r.period, r.saltus) == (preperiod, period, 0)
    assert r.last_exceptional == preperiod - 1


@pytest.mark.parametrize("words", _lines("published_equivalences.txt"))
def test_published_equivalences(words: list[str]) -> None:
    kind, a, b = words[:3]
    params = CensusParams(heaps=4096)
    ra, rb = (compute_item(CensusItem.from_text(c), params) for c in (a, b))
    if kind == "same":
        assert ra.proved and rb.proved
        assert ra.sequence_key == rb.sequence_key
        return
    assert ra.sequence_key != rb.sequence_key
    ga, gb = (build_table(TakeAndBreak.from_code(c), 4096, period_fill=False) for c in (a, b))
    first = int((ga != gb).nonzero()[0][0])
    assert first == int(words[3])


@pytest.mark.slow
@pytest.mark.parametrize("words", _lines("published_disagreements.txt"))
def test_where_the_census_disagrees_with_a_published_table(words: list[str]) -> None:
    code, published, ours, period = words[0], int(words[1]), int(words[2]), int(words[3])
    r = compute_item(CensusItem.from_text(code), CensusParams(heaps=1 << 20))
    assert r.stopped == "proved" and r.period == period
    assert r.last_exceptional == ours != published
    # the values at the heaps concerned obey the mex rule over the table's own values
    game = TakeAndBreak.from_code(code)
    g = build_table(game, ours + period + 1, period_fill=False)
    assert g[ours] != g[ours + period] and g[published] == g[published + period]
    for n in (published, ours, published + period, ours + period):
        seen = set()
        for option in game.split_moves(n):
            x = 0
            for h in option:
                x ^= int(g[h])
            seen.add(x)
        v = 0
        while v in seen:
            v += 1
        assert v == int(g[n])
