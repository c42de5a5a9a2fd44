"""The page's play mode for games solved by canonical values whose players have the same
moves (Cram, Arc Kayles, the ``impartial:`` variants): no side asked for or named, as in
Nim; partisan games keep theirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import grundy
from grundy.play import hint
from grundy.web.examples import ExampleCache
from tests.web.helpers import CountingPool, client

if TYPE_CHECKING:
    from starlette.testclient import TestClient

_SAME = ("cram:2x3", 'arc-kayles "1-2 2-3 3-4"', "impartial:domineering 2x3", "cram:2x2 + nim 1")


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with client() as c:
        yield c


@pytest.mark.parametrize("spec", _SAME)
def test_moves_name_no_side_and_are_rated_for_the_player_to_move(
    api: TestClient, spec: str
) -> None:
    data = api.get("/api/moves", params={"spec": spec}).json()
    assert "side" not in data
    assert data["board"] is None or "mover" not in data["board"]
    assert data["moves"]
    for move in data["moves"]:
        assert not move["words"].startswith(("Left", "Right")), move["words"]
        after = grundy.solve(move["position"])
        assert move["outcome"] == ("win" if after.outcome == "P" else "lose"), move
    # a side given by an old address changes nothing: both have the same moves
    assert api.get("/api/moves", params={"spec": spec, "side": "R"}).json() == data


def test_the_end_of_a_cram_game_is_the_player_to_moves_loss(api: TestClient) -> None:
    over = api.get("/api/moves", params={"spec": "cram:2x2 ##/##"}).json()["over"]
    assert over["result"] == "loss"
    assert not any("Left" in line or "Right" in line for line in over["explanation"])


@pytest.mark.parametrize("spec", _SAME)
def test_the_hint_names_no_side(api: TestClient, spec: str) -> None:
    got = api.get("/api/hint", params={"spec": spec}).json()
    assert got == hint(grundy.parse(spec)).to_dict()
    assert "Left" not in got["text"] and "Right" not in got["text"]


def test_partisan_moves_still_name_the_side(api: TestClient) -> None:
    data = api.get("/api/moves", params={"spec": "domineering:2x3", "side": "R"}).json()
    assert data["side"] == "R" and data["board"]["mover"] == "R"
    assert all(m["words"].startswith("Right ") for m in data["moves"])
    data = api.get("/api/moves", params={"spec": "cram:1x2 + domineering:2x2"}).json()
    assert data["side"] == "L"


def test_the_examples_cache_asks_for_cram_moves_with_no_side() -> None:
    pool = CountingPool()
    ExampleCache(pool, ["cram:2x3", "domineering:2x3"]).fill()
    moves = {q["spec"]: q for op, q in pool.asked if op == "moves"}
    assert "side" not in moves["cram:2x3 .../..."]
    assert moves["domineering:2x3 .../..."]["side"] == "L"


def test_the_page_offers_sides_only_when_the_answer_has_no_grundy_value() -> None:
    """The page's script decides as the server does: a canonical value without a Grundy
    value (checked against :func:`grundy.play.needs_side`) asks for a side."""
    script = (Path(grundy.__file__).parent / "web" / "static" / "app.js").read_text()
    assert "const partisan = sided(r);" in script
    assert "(r.grundy === null || r.grundy === undefined)" in script
    for spec in (*_SAME, "domineering:2x3", 'cgt "*2"', "nim 3", "cram:1x2 + domineering:2x2"):
        r = grundy.solve(spec).to_dict()
        sided = r["canonical"] is not None and r["grundy"] is None
        assert sided == grundy.play.needs_side(grundy.parse(spec)), spec
