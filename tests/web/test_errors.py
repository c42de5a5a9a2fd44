"""Bad input is a 4xx with one line of JSON; budgets end long requests; bugs are one line too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.web.helpers import client

if TYPE_CHECKING:
    from starlette.testclient import TestClient

from grundy.web import Limits  # isort: skip
from grundy.web.pool import SolverPool  # isort: skip

LONG = "nim " + "1 " * 1500

BAD = [
    ("/api/solve", {}, 400, "missing parameter spec"),
    ("/api/solve", {"spec": "   "}, 400, "missing parameter spec"),
    ("/api/solve", {"spec": "nim x"}, 400, "heap size"),
    ("/api/solve", {"spec": "frobnicate 3"}, 400, "frobnicate"),
    ("/api/solve", {"spec": "nim 3 +"}, 400, ""),
    ("/api/solve", {"spec": 'hackenbush "0-1 1-"'}, 400, ""),
    ("/api/solve", {"spec": "tictactoe xxxxxxxxx"}, 400, ""),
    ("/api/solve", {"spec": "nim 3", "misere": "perhaps"}, 400, "expected 0 or 1"),
    ("/api/solve", {"spec": "tictactoe .........", "misere": "1"}, 400, "misère"),
    ("/api/solve", {"spec": "nim 1 + tictactoe ........."}, 400, "sum"),
    ("/api/solve", {"spec": "\x00\x01"}, 400, ""),
    ("/api/solve", {"spec": LONG}, 413, "at most 2,000"),
    ("/api/moves", {"spec": LONG}, 413, "at most 2,000"),
    ("/api/moves", {"spec": "nim 1000000"}, 422, "can be played here"),
    ("/api/moves", {"spec": "nim " + "9" * 40}, 422, "a trillion or more; positions"),
    ("/api/moves", {"spec": "nim 1000000000000"}, 422, "a trillion or more"),
    ("/api/moves", {"spec": "nim 999999999999"}, 422, "add up to 999,999,999,999;"),
    ("/api/moves", {"spec": "nim 1 + connect4:4x4"}, 400, ""),
    ("/api/table", {"spec": "kayles"}, 400, "missing parameter n"),
    ("/api/table", {"spec": "kayles", "n": "-1"}, 400, "whole number"),
    ("/api/table", {"spec": "kayles", "n": "ten"}, 400, "whole number"),
    ("/api/table", {"spec": "kayles", "n": "1e3"}, 400, "whole number"),
    ("/api/table", {"spec": "kayles", "n": "100001"}, 413, "100,000"),
    ("/api/table", {"spec": "kayles", "n": "9" * 5000}, 413, "digit"),
    ("/api/table", {"spec": "wythoff", "n": "10"}, 400, "not a heap game"),
    ("/api/table", {"spec": "kayles 10", "n": "10"}, 400, "not a game name"),
    ("/api/table", {"n": "10"}, 400, "missing parameter spec"),
    ("/api/table.csv", {"spec": "chomp:3x4", "n": "10"}, 400, "not a heap game"),
    ("/api/nothing", {}, 404, "Not Found"),
]


def unexpected(c: TestClient) -> int:
    """How many requests reached the catch-all handler."""
    app: Any = c.app
    return int(app.state.unexpected_errors)


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with client() as c:
        yield c


@pytest.mark.parametrize(("path", "params", "status", "words"), BAD)
def test_bad_input_is_a_4xx_with_one_line(
    api: TestClient, path: str, params: dict[str, str], status: int, words: str
) -> None:
    r = api.get(path, params=params)
    assert r.status_code == status, r.text
    body = r.json()
    assert list(body) == ["error"]
    assert words in body["error"]
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    assert len(body["error"]) <= 500
    assert unexpected(api) == 0  # never reached the catch-all


def test_wrong_method_is_405_json(api: TestClient) -> None:
    r = api.post("/api/solve", params={"spec": "nim 3"})
    assert r.status_code == 405 and "error" in r.json()


def test_an_unexpected_error_is_a_500_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: object, *args: object) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(SolverPool, "run", broken)
    with client(raise_errors=False) as c:
        r = c.get("/api/solve", params={"spec": "nim 3"})
        assert r.status_code == 500
        assert r.json() == {"error": "internal error (KeyError); the server is still up"}
        assert r.headers["x-content-type-options"] == "nosniff"
        assert unexpected(c) == 1
        assert c.get("/api/games").status_code == 200  # still up


def test_a_bug_in_a_solver_process_is_a_500_with_one_line_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with client(Limits(quick_workers=1, workers=1), raise_errors=False) as c:
        app: Any = c.app
        # An operation no route sends: the solver process meets a ValueError of its own.
        reply = app.state.pool.run("no-such-op", {"spec": "nim 3"})
        assert reply["bug"] == "ValueError" and "no such request" in reply["trace"]
        monkey = app.state.pool.run
        app.state.pool.run = lambda op, query: monkey("no-such-op", query)
        with caplog.at_level("ERROR", logger="grundy.web"):
            r = c.get("/api/solve", params={"spec": "nim 3"})
        assert r.status_code == 500
        assert r.json() == {"error": "internal error (ValueError); the server is still up"}
        assert unexpected(c) == 1
        assert "no such request" in caplog.text  # the traceback is in the log, not the answer


def test_a_long_search_stops_at_the_time_limit() -> None:
    with client(Limits(time_limit=0.3)) as c:
        r = c.get("/api/solve", params={"spec": "connect4:5x4"})
        assert r.status_code == 503
        assert r.json()["error"].startswith("stopped at this server's time limit of 0.3 s")


def test_listing_moves_stops_at_the_time_limit() -> None:
    with client(Limits(time_limit=0.3)) as c:
        r = c.get("/api/moves", params={"spec": "connect4:5x4"})
        assert r.status_code == 503 and "time limit" in r.json()["error"]


def test_a_big_search_stops_at_the_position_cap() -> None:
    with client(Limits(max_positions=1_000)) as c:
        r = c.get("/api/solve", params={"spec": "connect4:4x4"})
        assert r.status_code == 422
        assert "limit of 1,000 positions" in r.json()["error"]


def test_a_table_too_slow_for_the_budget_is_refused_early() -> None:
    # Nim's table is computed by the generic search (quadratic): 100,000 heaps would take
    # minutes, so the doubling stops long before.
    with client(Limits(time_limit=0.5)) as c:
        r = c.get("/api/table", params={"spec": "nim", "n": "100000"})
        assert r.status_code in (422, 503)
        assert "time" in r.json()["error"] or "longer" in r.json()["error"]


def test_too_many_moves_are_refused() -> None:
    with client(Limits(play_moves=5)) as c:
        r = c.get("/api/moves", params={"spec": "nim 3 4"})
        assert r.status_code == 422 and "7 moves" in r.json()["error"]
