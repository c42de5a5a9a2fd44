"""The page's board for every game with one: the API's JSON comes from the ruleset's
declaration, and every move of a one-component position says where it lands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.core.test_board import DRAWN
from tests.web.helpers import client

from starlette.testclient import TestClient  # isort: skip

KINDS = {"Heaps": "heaps", "Grid": "grid", "Strip": "strip", "Graph": "graph"}
#: Quick positions for the games whose example in DRAWN is slow to play on a busy machine.
QUICK = {"connect4": "connect4:4x3 ..../..../xo.."}
#: Games whose moves change the board's shape (a heap split, dominoes knocked off the row,
#: a cake cut in two): such a move has no target and is made from the list of moves.
RESHAPED = {"kayles", "toppling-dominoes", "cutcake"}


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with client() as c:
        yield c


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_board_json_and_targets(api: TestClient, name: str) -> None:
    spec, shape = DRAWN[name]
    spec = QUICK.get(name, spec)
    data = api.get("/api/moves", params={"spec": spec}).json()
    board = data["board"]
    assert board["kind"] == KINDS[shape.__name__], spec
    assert data["moves"], spec
    for move in data["moves"]:
        target = move["target"]
        if name in RESHAPED and target is None:
            continue
        assert target is not None, (spec, move["position"])
        if board["kind"] in ("grid", "strip"):
            assert target["cells"] and all(0 <= i < len(board["cells"]) for i in target["cells"])
        elif board["kind"] == "graph":
            names = {str(v[0]) for v in board["vertices"]}
            assert set(target["edge"].split("-")) <= names
