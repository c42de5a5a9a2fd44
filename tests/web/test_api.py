"""The JSON API is the command line's: same answers, same fields, same bytes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.web.helpers import cli_json_text, client, run_cli

if TYPE_CHECKING:
    from starlette.testclient import TestClient

import grundy  # isort: skip

SPECS = [
    "nim 3 4 5",
    "nim 1 1",
    "kayles 7 + nim 3",
    "subtraction:1,3,4 10",
    'hackenbush "0-1 1-2 1-3 2-3 0-4"',
    "tictactoe xo.x.o...",
    "chomp:3x4",
    "domineering-search:3x3",
    "wythoff 4 6",
    "domineering:2x3 + nim 1",
    'cgt "{2|-1}"',
]


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with client() as c:
        yield c


@pytest.mark.parametrize("spec", SPECS)
def test_solve_is_byte_for_byte_the_cli_json(api: TestClient, spec: str) -> None:
    # Both start cold: a search's "positions_searched" counts only new positions.
    grundy.clear_cache()
    expected = cli_json_text("solve", spec, "--json")
    grundy.clear_cache()
    r = api.get("/api/solve", params={"spec": spec})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    assert r.text == expected
    assert r.json() == grundy.solve(spec).to_dict() | {
        "positions_searched": r.json()["positions_searched"],
        "method": r.json()["method"],
    }


@pytest.mark.parametrize("spec", ["nim 1 1", "kayles 4 7", "nim 2 3 + bash:3 5"])
def test_misere_solve_is_the_cli_misere(api: TestClient, spec: str) -> None:
    grundy.clear_cache()
    expected = cli_json_text("solve", spec, "--json", "--misere")
    grundy.clear_cache()
    r = api.get("/api/solve", params={"spec": spec, "misere": "1"})
    assert r.text == expected
    assert r.json()["play"] == "misere"


def test_table_is_the_cli_table(api: TestClient) -> None:
    r = api.get("/api/table", params={"spec": "kayles", "n": "200"})
    assert r.status_code == 200
    assert r.json() == json.loads(cli_json_text("table", "kayles", "-n", "200", "--json"))
    per = r.json()["periodicity"]
    assert (per["preperiod"], per["period"], per["proved"]) == (71, 12, True)


def test_table_csv_is_the_cli_csv_as_a_download(api: TestClient) -> None:
    r = api.get("/api/table.csv", params={"spec": "subtraction:1,3,4", "n": "30"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert 'filename="subtraction_1_3_4.csv"' in r.headers["content-disposition"]
    assert r.text == run_cli("table", "subtraction:1,3,4", "-n", "30", "--csv").out


def test_games_is_the_cli_catalog(api: TestClient) -> None:
    r = api.get("/api/games")
    assert r.json() == json.loads(run_cli("games", "--json").out)
    assert {g["name"] for g in r.json()["games"]} >= {"nim", "hackenbush", "tictactoe"}


def test_moves_have_outcomes_for_the_player_who_makes_them(api: TestClient) -> None:
    data = api.get("/api/moves", params={"spec": "nim 1 2"}).json()
    assert data["position"] == "nim 1 2" and data["over"] is None
    assert data["board"] == {"kind": "heaps", "heaps": [1, 2], "last": []}
    got = {m["position"]: (m["outcome"], m["target"]) for m in data["moves"]}
    assert got == {
        "nim 0 2": ("lose", {"heap": 0, "from": 1, "leave": 0}),
        "nim 1 0": ("lose", {"heap": 1, "from": 2, "leave": 0}),
        "nim 1 1": ("win", {"heap": 1, "from": 2, "leave": 1}),
    }
    # every listed move is a legal move, in the order grundy.legal_moves gives
    legal = [(str(p), w) for p, w in grundy.legal_moves(grundy.parse("nim 1 2"))]
    assert [(m["position"], m["words"]) for m in data["moves"]] == legal


def test_a_winning_move_is_coloured_win_and_a_drawn_game_draw(api: TestClient) -> None:
    data = api.get("/api/moves", params={"spec": "tictactoe xo.x.o..."}).json()
    outcomes = {m["words"]: m["outcome"] for m in data["moves"]}
    assert outcomes["x in the bottom left cell"] == "win"
    assert outcomes["x in the top right cell"] == "draw"
    assert "".join(c[0] for c in data["board"]["cells"]) == "xoexeoeee"
    bottom_left = next(m for m in data["moves"] if m["words"] == "x in the bottom left cell")
    assert bottom_left["target"] == {"cells": [6], "col": 0}


@pytest.mark.parametrize(
    ("spec", "misere", "result"),
    [
        ("nim 0 0", "0", "loss"),  # normal play: no move, the player to move lost
        ("nim 0", "1", "win"),  # misère: no move, the player to move won
        ("tictactoe xxxoo....", "0", "loss"),
        ("domineering-search:2x2 ##/## L", "0", "loss"),
    ],
)
def test_game_over_says_how_it_ended(api: TestClient, spec: str, misere: str, result: str) -> None:
    data = api.get("/api/moves", params={"spec": spec, "misere": misere}).json()
    assert data["moves"] == []
    assert data["over"]["result"] == result


def test_boards_and_targets_for_every_drawn_game(api: TestClient) -> None:
    c4 = api.get("/api/moves", params={"spec": "connect4:4x3"}).json()  # quick on a busy machine
    assert c4["board"]["kind"] == "grid" and c4["board"]["drops"] is True
    assert sorted(m["target"]["col"] for m in c4["moves"]) == [0, 1, 2, 3]
    chomp = api.get("/api/moves", params={"spec": "chomp:2x3"}).json()
    assert chomp["board"] == {
        "kind": "grid", "rows": 2, "cols": 3, "last": [], "drops": False,
        "cells": ["cake", "cake", "cake", "poison", "cake", "cake"],
    }  # fmt: skip
    # each bite names its square, every square but the poisoned one (top row drawn first)
    assert sorted(m["target"]["cells"] for m in chomp["moves"]) == [[0], [1], [2], [4], [5]]
    dom = api.get("/api/moves", params={"spec": "domineering-search:2x2"}).json()
    assert dom["board"]["kind"] == "grid"
    assert sorted(m["target"]["cells"] for m in dom["moves"]) == [[0, 2], [1, 3]]
    hb = api.get("/api/moves", params={"spec": 'hackenbush "0-1 1-2 1-3 2-3 0-4"'}).json()
    assert hb["board"]["kind"] == "graph" and len(hb["board"]["edges"]) == 5
    edges = {m["target"]["edge"]: m["outcome"] for m in hb["moves"]}
    assert edges == {"0-1": "lose", "0-4": "lose", "1-2": "lose", "1-3": "lose", "2-3": "win"}
    sums = api.get("/api/moves", params={"spec": "lasker 3 + nim 1"}).json()
    assert sums["board"]["heaps"] == [3, 1]  # heaps of two games, one row of heaps
    # a move that splits a heap changes the number of heaps: the heap and its parts
    assert {m["position"]: m["target"] for m in sums["moves"]}["lasker 1 2 + nim 1"] == {
        "heap": 0, "from": 3, "parts": [1, 2]
    }  # fmt: skip
    # a row of pins next to a heap: each move names its part and where it lands there
    pins = api.get("/api/moves", params={"spec": "kayles 3 + nim 1"}).json()
    assert [p["kind"] for p in pins["board"]["parts"]] == ["strip", "heaps"]
    targets = {m["position"]: m["target"] for m in pins["moves"]}
    assert targets["kayles 1 1 + nim 1"] == {"cells": [1], "part": 0}
    assert targets["kayles 3 + nim 0"] == {"heap": 0, "from": 1, "leave": 0, "part": 1}
    mixed = api.get("/api/moves", params={"spec": "clobber xo + nim 1", "side": "L"}).json()
    assert mixed["board"]["kind"] == "panel"
    assert {m["position"]: m["target"] for m in mixed["moves"]} == {
        "clobber .x + nim 1": {"cells": [0, 1], "part": 0},
        "clobber xo + nim 0": {"heap": 0, "from": 1, "leave": 0, "part": 1},
    }


def test_page_and_static_files(api: TestClient) -> None:
    page = api.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for entry in grundy.REGISTRY:  # the dropdown offers every game's example
        assert f'value="{entry.example.replace(chr(34), "&quot;")}"' in page.text
    for name, kind in [("app.js", "javascript"), ("style.css", "css"), ("icon.svg", "svg")]:
        r = api.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"], name
    assert "https://" not in api.get("/static/app.js").text  # nothing from a CDN
    health = api.get("/api/health").json()
    assert health["ok"] is True and health["version"] == grundy.__version__
    assert {"quick", "long", "refused", "killed", "crashed"} <= set(health["solvers"])


def test_partisan_moves_are_the_sides_moves_rated_for_that_side(api: TestClient) -> None:
    left = api.get("/api/moves", params={"spec": "domineering:2x3", "side": "L"}).json()
    assert left["side"] == "L"
    assert left["board"]["mover"] == "L"
    assert [(m["position"], m["outcome"]) for m in left["moves"]] == [
        ("domineering:2x3 #../#..", "lose"),
        ("domineering:2x3 .#./.#.", "win"),
        ("domineering:2x3 ..#/..#", "lose"),
    ]
    right = api.get("/api/moves", params={"spec": "domineering:2x3", "side": "right"}).json()
    assert len(right["moves"]) == 4
    assert {m["outcome"] for m in right["moves"]} == {"win"}
    over = api.get("/api/moves", params={"spec": "domineering:1x3 .##", "side": "R"}).json()
    assert over["moves"] == []
    assert over["over"]["result"] == "loss"
    for params, problem in (
        ({"spec": "domineering:2x3", "side": "up"}, "side must be L or R"),
        ({"spec": "domineering:2x3", "misere": "1"}, "misère play is not supported"),
    ):
        r = api.get("/api/moves", params=params)
        assert r.status_code == 400
        assert problem in r.json()["error"]


def test_hint_is_the_play_engines_hint_and_agrees_with_the_moves(api: TestClient) -> None:
    # The page asks the server for its hint: the same words grundy play prints, and a
    # move the moves list rates a win (or, with no win, the best it has).
    from grundy.play import hint  # noqa: PLC0415

    for spec, side in (
        ("nim 1 2", None),
        ("nim 1 1", None),
        ("tictactoe .........", None),
        ("tictactoe xo.x.o...", None),
        ("domineering:2x3", "L"),
        ("domineering:2x3", "R"),
    ):
        params = {"spec": spec, **({"side": side} if side else {})}
        got = api.get("/api/hint", params=params).json()
        assert got == hint(grundy.parse(spec), side=side).to_dict()
        moves = api.get("/api/moves", params=params).json()["moves"]
        rated = {m["position"]: m["outcome"] for m in moves}
        if got["kind"] == "win":
            assert rated[got["position"]] == "win"
        elif got["kind"] == "draw":
            assert rated[got["position"]] == "draw" and "win" not in rated.values()
        else:
            assert "win" not in rated.values()
    r = api.get("/api/hint", params={"spec": "domineering:2x3", "misere": "1"})
    assert r.status_code == 400 and "misère" in r.json()["error"]
