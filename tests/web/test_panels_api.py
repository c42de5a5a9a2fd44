"""The answers behind the page's panels (issue 36): CPU-time limits, time limits said as
such, the examples' cache, the mex of a table-backed value, the theorem behind a heap
game's table, the misère quotient of a position, readable values with the thermograph."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.helpers import CountingPool, client

import grundy  # isort: skip
from grundy.web import Limits  # isort: skip
from grundy.web.examples import ExampleCache  # isort: skip
from grundy.web.limits import CpuTimeLimitError, cpu_limit  # isort: skip
from grundy.web.page import FEATURED  # isort: skip
from grundy.web.service import formula_json, mex_json, quotient_json  # isort: skip


# ----- CPU time, not wall time ---------------------------------------------------------


def test_a_request_may_wait_without_spending_its_cpu_time() -> None:
    # Sleeping (a busy machine's other processes running) costs no CPU time: no limit hit.
    with cpu_limit(0.05):
        time.sleep(0.3)


def test_spending_cpu_time_stops_at_the_limit() -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("the CPU timer works in the main thread only")
    with pytest.raises(CpuTimeLimitError), cpu_limit(0.05):
        n = 0
        while n < 10**12:
            n += 1


def test_a_time_limit_is_said_as_a_time_limit() -> None:
    with client(Limits(time_limit=0.3)) as c:
        r = c.get("/api/solve", params={"spec": "connect4:5x4"})
        assert r.status_code == 503
        body = r.json()
        assert body["kind"] == "time-limit"
        assert body["error"].startswith("stopped at this server's time limit of 0.3 s of CPU")
        bad = c.get("/api/solve", params={"spec": "nim x"}).json()
        assert "kind" not in bad  # bad input is no time limit


def test_the_wall_clock_bound_is_never_below_the_cpu_limit() -> None:
    assert Limits(time_limit=5, wall_limit=1).wall_seconds() == 5
    assert Limits(quick_time=2, quick_wall=1).wall_seconds(quick=True) == 2


# ----- the examples' cache ----------------------------------------------------------------


def test_the_cache_holds_every_question_the_page_asks_about_an_example() -> None:
    pool = CountingPool()
    cache = ExampleCache(pool, ["kayles 7", "domineering:2x3"])
    cache.fill()
    assert cache.done.is_set()
    asked = {(op, tuple(sorted(q.items()))) for op, q in pool.asked}
    assert ("solve", (("misere", "0"), ("spec", "kayles 7"))) in asked
    assert ("moves", (("misere", "0"), ("spec", "kayles 7"))) in asked
    assert ("mex", (("spec", "kayles 7"),)) in asked
    assert ("table", (("n", "200"), ("spec", "kayles"))) in asked
    assert ("formula", (("spec", "kayles"),)) in asked
    position = str(grundy.parse("domineering:2x3"))
    assert ("thermograph", (("spec", position),)) in asked
    assert ("moves", (("misere", "0"), ("side", "L"), ("spec", position))) in asked
    assert len(cache) == len(asked)
    for op, query in pool.asked:
        assert cache.get(op, query) is not None


def test_a_cached_example_is_answered_without_a_solver() -> None:
    with client() as c:
        app: Any = c.app
        cache = ExampleCache(CountingPool(), ["nim 3 4 5"])
        cache.fill()
        app.state.examples = cache

        def no_solver(op: str, query: dict[str, str]) -> dict[str, Any]:
            raise AssertionError(f"a solver was asked {op} {query}")

        app.state.pool.run = no_solver
        r = c.get("/api/solve", params={"spec": "nim 3 4 5", "misere": "0"})
        assert r.status_code == 200 and r.json()["outcome"] == "N"
        assert c.get("/api/health").json()["examples_cached"] == len(cache)


def test_the_try_these_examples_include_a_hot_game() -> None:
    temperatures = []
    for _, spec in FEATURED:
        r = grundy.solve(spec)
        if r.canonical is not None:
            from grundy.cgt import temperature  # noqa: PLC0415

            temperatures.append(temperature(r.canonical))
    assert max(temperatures) > 0


# ----- the mex, the theorem, the quotient -------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["kayles", "dawson", "grundys-game", "octal:0.137"]), st.integers(1, 14))
def test_the_mex_is_the_value(game: str, n: int) -> None:
    spec = f"{game} {n}"
    m = mex_json(spec, Limits())
    assert m["mex"] == grundy.solve(spec).grundy
    for o in m["options"]:
        assert o["grundy"] == grundy.solve(o["position"]).grundy
    assert m["mex"] not in {o["grundy"] for o in m["options"]}


def test_the_mex_is_refused_for_a_sum() -> None:
    with client() as c:
        r = c.get("/api/mex", params={"spec": "kayles 3 + nim 2"})
        assert r.status_code == 400 and "one impartial position" in r.json()["error"]
        assert c.get("/api/mex", params={"spec": "kayles 7"}).json()["mex"] == 2


def test_the_theorem_behind_a_table() -> None:
    assert "Bouton" in (formula_json("nim", Limits())["formula"] or "")
    assert formula_json("kayles", Limits())["formula"] is None  # a computed table, no theorem
    assert "Bash" in (formula_json("bash:3", Limits())["formula"] or "")


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["kayles", "dawson", "nim", "octal:0.75"]),
    st.lists(st.integers(1, 9), min_size=1, max_size=3),
)
def test_the_quotient_decides_as_the_solver_does(game: str, heaps: list[int]) -> None:
    spec = f"{game} " + " ".join(map(str, heaps))
    q = quotient_json(spec, Limits())
    assert q["position"]["outcome"] == grundy.solve(spec, misere=True).outcome
    assert q["position"]["in_p"] == (q["position"]["element"] in q["p_portion"])
    assert q["order"] == len(q["elements"]) and "table" not in q


def test_the_quotient_over_http() -> None:
    with client() as c:
        r = c.get("/api/quotient", params={"spec": "kayles 3 4"})
        assert r.status_code == 200
        assert r.json()["position"]["elements"] == ["ab", "a"]
        bad = c.get("/api/quotient", params={"spec": "wythoff 1 2"})
        assert bad.status_code == 400 and "heap game" in bad.json()["error"]


def test_a_thermograph_comes_with_the_readable_value() -> None:
    with client() as c:
        t = c.get("/api/thermograph", params={"spec": "domineering:2x2"}).json()
        assert t["pretty"] == "±1" and t["short"] == "a hot game: mean 0, temperature 1"
        svg = t["svg"]
        assert 'font-size="18"' in svg and 'width="640"' in svg
        big = c.get("/api/thermograph", params={"spec": "domineering:4x4"}).json()
        assert "±" in big["pretty"] and "+-" not in big["pretty"]
        assert big["short"].startswith("an infinitesimal")
        assert json.dumps(big)  # plain JSON
