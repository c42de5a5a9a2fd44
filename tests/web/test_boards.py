"""The page's board for every game with one: the API's JSON comes from the ruleset's
declaration, and every move of a one-component position says where it lands."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import grundy
from tests.core.test_board import DRAWN
from tests.web.helpers import client

from starlette.testclient import TestClient  # isort: skip

KINDS = {"Heaps": "heaps", "Grid": "grid", "Strip": "strip", "Graph": "graph"}
#: Quick positions for the games whose example in DRAWN is slow to play on a busy machine.
QUICK = {"connect4": "connect4:4x3 ..../..../xo.."}
#: Games whose moves change the board's shape (a row of pins split, dominoes knocked off
#: the row, a cake cut in two): the target says which cells went, or where the cut is.
RESHAPED = {
    "kayles 7": "strip",
    "dawson 6": "strip",
    "toppling-dominoes bbrgrb": "strip",
    "cutcake 3x4": "grid",
    "kayles 2 5": "panel",
    "cutcake 2x2 1x3": "panel",
}


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
        assert target is not None, (spec, move["position"])
        if "heaps" in target:  # no click makes a move of several heaps: the list does
            assert name in ("moore", "ferguson", "wythoff") and len(target["heaps"]) >= 2
            continue
        if "cut" in target:
            assert name in ("cutcake", "twisted") and target["cut"] in ("row", "col")
            assert 0 < target["at"] < board[target["cut"] + "s"]
        elif board["kind"] in ("grid", "strip"):
            assert target["cells"] and all(0 <= i < len(board["cells"]) for i in target["cells"])
        elif board["kind"] == "graph":
            names = {str(v[0]) for v in board["vertices"]}
            assert set(target["edge"].split("-")) <= names
        elif board["kind"] == "heaps":  # what the target says is left is what is left
            after = api.get("/api/moves", params={"spec": move["position"]}).json()["board"]
            heaps = list(board["heaps"])
            assert heaps[target["heap"]] == target["from"]
            heaps[target["heap"] : target["heap"] + 1] = target.get("parts") or [target["leave"]]
            drawn = after["heaps"] if after else []
            assert sorted(h for h in heaps if h) == sorted(h for h in drawn if h), move


def _pieces(board: dict[str, Any]) -> list[tuple[str, ...]]:
    """The parts of a board as sorted tuples (a strip's cells, a grid's shape)."""
    parts = board["parts"] if board["kind"] == "panel" else [board]
    return sorted(
        tuple(p["cells"]) if p["kind"] == "strip" else (f"{p['rows']}x{p['cols']}",)
        for p in parts
        if p["kind"] != "strip" or p["cells"]
    )


@pytest.mark.parametrize("spec", sorted(RESHAPED))
def test_a_move_that_reshapes_the_board_says_what_went(api: TestClient, spec: str) -> None:
    """Every target, and every alternative it names, applied to the board by hand, leaves
    the parts of the position the move leads to (read from that position's own board)."""
    side = {"side": "L"} if spec.startswith(("toppling", "cutcake")) else {}
    data = api.get("/api/moves", params={"spec": spec, **side}).json()
    board = data["board"]
    assert board["kind"] == RESHAPED[spec]
    parts = board["parts"] if board["kind"] == "panel" else [board]
    for move in data["moves"]:
        target = move["target"]
        assert target is not None, move
        i = target.get("part", 0)
        rest = [p for k, p in enumerate(parts) if k != i]
        part = parts[i]
        after = api.get("/api/moves", params={"spec": move["position"], **side}).json()["board"]
        expected = _pieces(after) if after else []
        if "cut" in target:
            rows, cols = part["rows"], part["cols"]
            for at in [target["at"], *target.get("alts", [])]:
                a, b = (
                    ((rows, at), (rows, cols - at))
                    if target["cut"] == "col"
                    else ((at, cols), (rows - at, cols))
                )
                cut = [{"kind": "grid", "rows": r, "cols": c} for r, c in (a, b)]
                assert _pieces({"kind": "panel", "parts": rest + cut}) == expected, move
        else:
            for cells in [target["cells"], *target.get("alts", [])]:
                assert cells == list(range(cells[0], cells[-1] + 1)), move  # one run
                left = part["cells"][: cells[0]]
                right = part["cells"][cells[-1] + 1 :]
                split = [{"kind": "strip", "cells": c} for c in (left, right)]
                assert _pieces({"kind": "panel", "parts": rest + split}) == expected, move


def test_every_edge_of_an_arc_kayles_board_makes_its_move(api: TestClient) -> None:
    """A move reached by picking any of several edges (two sides of a triangle) is the target of
    each: its edge and the others (``alts``), so that a click on any of them makes it."""
    data = api.get("/api/moves", params={"spec": 'arc-kayles "1-2 2-3 1-3 3-4 4-4"'}).json()
    board = data["board"]
    assert board["kind"] == "graph" and board["ground"] is False
    clicked: dict[str, str] = {}
    for move in data["moves"]:
        target = move["target"]
        for name in [target["edge"], *target.get("alts", [])]:
            assert name not in clicked, name
            clicked[name] = move["position"]
    assert sorted(clicked) == sorted(f"{u}-{v}" for u, v, _, _ in board["edges"])
    assert clicked["1-3"] == clicked["2-3"] == 'arc-kayles "4-4"'  # 1, 2 and 3 go


#: Tables of several pieces of cake (one component drawn as a panel), and sums with them.
TABLES = [
    "eatcake 3x1 3x2",
    "eatcake 1x1",
    "maundy-cake 2x4 2x2",
    "turn-and-eatcake 2x3 1x2",
    "cutcake 2x2 1x3 + nim 2",
    "twisted:cutcake 2x3",
    "twisted:cutcake - 2x1 2x2",  # one component, a table of two pieces
]


@pytest.mark.parametrize("spec", TABLES)
@pytest.mark.parametrize("side", ["L", "R"])
def test_every_move_on_a_table_of_pieces_has_a_target(
    api: TestClient, spec: str, side: str
) -> None:
    """Each move names the squares of one piece (the pieces' squares counted one after
    another), and the page gets the piece (``part``) and the squares on it, or the cut;
    the position it leads to reads back from its spec (the page asks for it next)."""
    data = api.get("/api/moves", params={"spec": spec, "side": side}).json()
    board = data["board"]
    parts = board["parts"] if board["kind"] == "panel" else [board]
    assert data["moves"], spec
    for move in data["moves"]:
        target = move["target"]
        assert target is not None, move
        part = parts[target.get("part", 0)]
        if "cut" in target:
            assert 0 < target["at"] < part[target["cut"] + "s"], move
        elif "heap" in target:
            assert part["kind"] == "heaps" and target["from"] == part["heaps"][target["heap"]]
        else:
            assert target["cells"] and all(0 <= i < len(part["cells"]) for i in target["cells"])
        after = api.get("/api/moves", params={"spec": move["position"], "side": side})
        assert after.status_code == 200, (move["position"], after.text)


def test_a_table_of_pieces_in_one_component_counts_their_squares_in_turn() -> None:
    """A move on the second piece of one component's table names squares past the first
    piece's; the target gives the piece and the squares on it."""
    import grundy  # noqa: PLC0415
    from grundy.web.board import board_of, play_target  # noqa: PLC0415

    start = grundy.parse("eatcake 2x4")
    (table,) = [p.after for p in grundy.legal_plays(start, "L") if "2x1 and 2x2" in p.words]
    assert len(table.components) == 1 and table.components[0].state == ((2, 1), (2, 2))
    board = board_of(table)
    assert board is not None and board["kind"] == "panel"
    plays = grundy.legal_plays(table, "L")
    assert [p.cells for p in plays] == [(0, 1), (2, 4)]  # the 2x2 piece's squares: 2 to 5
    targets = [play_target(board, p, table) for p in plays]
    assert targets == [{"cells": [0, 1], "part": 0}, {"cells": [0, 2], "part": 1}]
    turned = grundy.parse("turn-and-eatcake 1x1")
    assert [p.cells for p in grundy.legal_plays(turned, "L")] == [(0,)]


#: Games whose moves are made a cell at a time (the target's ``steps``).
STEPPED = [
    "amazons x../..#/..o",
    "mock-turtles 1 4 7",
    "ruler THHTH",
    "turning:4 THHTH",
    "turning-turtles THHTH",
    "turning-code:1-3C(5) HTTHTHTTH",
    "tartan:mock-turtles*ruler 3,3",
    "tartan:ruler*ruler 2,2 3,4",
]


@pytest.mark.parametrize("spec", STEPPED)
def test_every_move_made_a_cell_at_a_time_has_its_own_clicks(api: TestClient, spec: str) -> None:
    """Each move's steps are cells of the move, and no two moves share them: every move is
    made by clicking its steps in turn (then its last step again, where others go on)."""
    data = api.get("/api/moves", params={"spec": spec}).json()
    steps = [tuple(m["target"]["steps"]) for m in data["moves"]]
    assert len(set(steps)) == len(steps), spec
    for move, s in zip(data["moves"], steps, strict=True):
        assert s and set(s) <= set(move["target"]["cells"]), move
        if spec.startswith("amazons"):
            assert len(s) == 3 and data["board"]["cells"][s[0]] == "black"
        else:  # a coin game: the head first, turned from heads to tails
            assert data["board"]["cells"][s[0]] == "black"


#: Rows of Toppling Dominoes (and its impartial variant, and a sum), with the side to move.
TOPPLING = [
    ("toppling-dominoes bbrgrb", "L"),
    ("toppling-dominoes bbrgrb", "R"),
    ("toppling-dominoes bb", "L"),
    ("toppling-dominoes g", "R"),
    ("toppling-dominoes gbgrgbbg", "L"),
    ("toppling-dominoes rrbrrg", "R"),
    ("impartial:toppling-dominoes bbrgrb", "L"),
    ("toppling-dominoes bbrg + nim 2", "L"),
]


@pytest.mark.parametrize(("spec", "side"), TOPPLING)
def test_every_toppling_move_is_a_domino_pushed_to_one_side(
    api: TestClient, spec: str, side: str
) -> None:
    """Each move's target names the dominoes whose push makes it (``pushes``: the domino and
    the side it falls to; the page makes the move on a click on that domino near that
    side): no push is two moves', every push the side may make is one move's, and the push
    done by hand leaves the move's row. Before, a click near a side took the shortest move
    that way, and Left's 'domino 1 to the right' in bbrgrb had no click."""
    data = api.get("/api/moves", params={"spec": spec, "side": side}).json()
    position = grundy.parse(spec)
    row = position.components[0].state
    ours = "brg" if spec.startswith("impartial") else "bg" if side == "L" else "rg"
    made: dict[tuple[int, str], str] = {}
    for move in data["moves"]:
        target = move["target"]
        if target.get("part", 0) != 0:
            continue  # the heap's move (the sum's second part)
        assert target["pushes"], move
        rows = [
            c.state for c in grundy.parse(move["position"]).components if isinstance(c.state, str)
        ]
        for i, way in target["pushes"]:
            assert (i, way) not in made, (i, way)
            made[i, way] = move["position"]
            left = row[i + 1 :] if way == "left" else row[:i]
            assert rows[0] == left, (i, way, move)
    assert sorted(made) == sorted(
        (i, way) for i, ch in enumerate(row) if ch in ours for way in ("left", "right")
    )
