"""The Python walk's region-key memos stay bounded and give the same keys after forgetting.

Bounds: every region of Clobber boards 2x3 (3^6 colourings) and Domineering boards up to 3x3
(every mask), keyed with a memo bound of 16 entries, against keys made with no memo.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from grundy.cgt.games import clobber, domineering
from grundy.cgt.games._stones import swap_key
from grundy.cgt.games.clobber import Clobber
from grundy.cgt.games.domineering import Domineering


def _clobber_regions() -> list[Any]:
    g = Clobber()
    out: list[Any] = []
    for cells in itertools.product("xo.", repeat=6):
        rows = "".join(cells[:3]) + "/" + "".join(cells[3:])
        (state,) = g.parse_args([rows])
        out.extend(g.regions(state))
    return out


def _domineering_regions() -> list[Any]:
    g = Domineering()
    out: list[Any] = []
    for h, w in ((2, 2), (2, 3), (3, 3)):
        for cells in itertools.product(".#", repeat=h * w):
            rows = "/".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))
            (state,) = g.parse_args([rows])
            out.extend(g.regions(state))
    return out


@pytest.mark.parametrize(
    ("module", "game", "regions", "limit_name"),
    [
        (clobber, Clobber(), _clobber_regions, "_KEYS_KEPT"),
        (domineering, Domineering(), _domineering_regions, "_SPLIT_CACHE_LIMIT"),
    ],
)
def test_key_memo_is_bounded_and_keys_do_not_change(
    monkeypatch: pytest.MonkeyPatch, module: Any, game: Any, regions: Any, limit_name: str
) -> None:
    found = regions()
    monkeypatch.setattr(module, "_keys", {})
    expected = [game.signed_region_key(r) for r in found]  # an unbounded memo
    assert len(module._keys) > 16  # the bound below is reached
    monkeypatch.setattr(module, limit_name, 16)
    monkeypatch.setattr(module, "_keys", {})
    sizes = []
    for _round in range(2):
        for region, key in zip(found, expected, strict=True):
            assert game.signed_region_key(region) == key
            sizes.append(len(module._keys))
    assert max(sizes) <= 16


def test_clobber_keys_are_swap_keys() -> None:
    for region in _clobber_regions()[:50]:
        assert Clobber().signed_region_key(region) == swap_key(region)
