"""The solver pool: time limits (kept by the solver, or by killing it), refusal at once
past the pool, a memory cap per process, processes replaced when they end, and concurrent
first-time requests answered exactly as each alone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.web.helpers import client  # noqa: F401 (skips the module without the web extra)

import grundy  # isort: skip
from grundy.web import Limits, create_app, serving, service, worker  # isort: skip
from grundy.web import pool as pool_module  # isort: skip
from grundy.web.pool import SolverPool  # isort: skip

ROOT = Path(__file__).resolve().parents[2]
# Wall-clock safety nets no busy machine reaches, for tests that a step clock decides.
FAR_WALL = 600.0


def _step_clock_limits(monkeypatch: pytest.MonkeyPatch, workers: int) -> Limits:
    """Limits of 1 s (0.3 s quick) on the workers' step clock (every reading 0.25 s after
    the one before), with ``workers`` of each kind; the wall-clock safety nets are far
    away, so only the step clock decides."""
    monkeypatch.setenv("GRUNDY_CLOCK", "step:0.25")
    return Limits(
        time_limit=1.0,
        quick_time=0.3,
        quick_workers=workers,
        workers=workers,
        wall_limit=FAR_WALL,
        quick_wall=FAR_WALL,
    )


def _get(url: str) -> tuple[int, dict[str, Any], Message]:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, json.load(r), r.headers
    except urllib.error.HTTPError as e:
        return e.code, json.load(e), e.headers


@pytest.mark.slow
def test_a_search_stops_at_the_time_limit_in_its_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search stops itself after a few checks of the step clock, long before the pool's
    # wall-clock watchdog, on a busy machine too (issue 35: no test decides by wall time).
    with SolverPool(_step_clock_limits(monkeypatch, workers=1)) as pool:
        reply = pool.run("solve", {"spec": "connect4:5x4"})
        assert reply["status"] == 503
        assert reply["error"].startswith("stopped at this server's time limit of 1 s")
        assert pool.counts["quick"] == 1 and pool.counts["long"] == 1  # tried quick, then long
        assert pool.counts["killed"] == 0  # the search stopped itself
        assert pool.run("solve", {"spec": "nim 1 1"})["status"] == 200


def test_a_process_that_overruns_its_time_limit_is_killed_and_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A negative grace makes the pool's own deadline come first (the search would stop
    # itself only later), as for a loop that does not check its time limit.
    monkeypatch.setattr(pool_module, "GRACE", -0.7)
    limits = Limits(
        time_limit=1.0, wall_limit=1.0, quick_time=0.8, quick_wall=0.8, quick_workers=1, workers=1
    )
    with SolverPool(limits) as pool:
        first = pool.processes()
        reply = pool.run("solve", {"spec": "connect4:5x4"})
        assert reply == pool_module.time_limit_reply(pool.limits)
        assert pool.counts["killed"] == 2  # the quick attempt and the long one
        monkeypatch.setattr(pool_module, "GRACE", 1.5)
        assert pool.run("solve", {"spec": "nim 1 1"})["status"] == 200
        assert not set(first) & set(pool.processes())


@pytest.mark.slow
def test_past_the_pool_a_long_request_is_refused_at_once() -> None:
    limits = Limits(time_limit=2.0, quick_time=0.2, quick_workers=1, workers=1)
    with SolverPool(limits) as pool:
        assert pool.run("solve", {"spec": "nim 3"})["status"] == 200  # a quick process is up
        first: dict[str, Any] = {}
        slow = threading.Thread(
            target=lambda: first.update(pool.run("solve", {"spec": "connect4:5x4"}))
        )
        slow.start()
        while pool.counts["quick"] < 2:  # the slow one has left the quick lane
            time.sleep(0.02)
        while not pool.long.every:  # ... and holds the one long process
            time.sleep(0.02)
        second = pool.run("solve", {"spec": "connect4:5x4"})  # known long: no quick try
        small = pool.run("solve", {"spec": "nim 3 4 5"})
        still_running = slow.is_alive()
        slow.join()
    assert still_running
    assert second["status"] == 503 and second["retry_after"] == 2
    assert "busy" in second["error"] and "1 solvers for long requests" in second["error"]
    assert small["status"] == 200  # quick requests pass meanwhile
    assert first["status"] == 503 and "time limit" in first["error"]
    assert pool.counts["refused"] == 1


@pytest.mark.slow
def test_the_same_question_twice_at_once_takes_one_quick_attempt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A step clock and far wall-clock nets, as above: on a busy machine too.
    query = {"spec": "connect4:5x4"}
    with SolverPool(_step_clock_limits(monkeypatch, workers=2)) as pool:
        assert pool.run("solve", {"spec": "nim 1"})["status"] == 200  # a quick solver is up
        replies: list[dict[str, Any]] = []
        first = threading.Thread(target=lambda: replies.append(pool.run("solve", query)))
        first.start()
        while not pool._trying:  # the first is in its quick attempt
            time.sleep(0.005)
        second = pool.run("solve", query)  # waits for the first one's verdict
        first.join()
        counts = dict(pool.counts)
    assert counts["quick"] == 2 and counts["long"] == 2  # nim 1, and one for both
    assert second == replies[0]
    assert second["status"] == 503 and second["kind"] == "time-limit"
    assert second["error"].startswith("stopped at this server's time limit of 1 s of CPU time")


@pytest.mark.slow
def test_a_busy_answer_over_http_says_when_to_come_back() -> None:
    limits = Limits(time_limit=4.0, quick_time=0.2, quick_workers=1, workers=1)
    app = create_app(limits)
    with serving(app) as url:
        done: list[int] = []
        slow = threading.Thread(
            # far past the time limit on any machine (its value is out of reach), so it
            # holds the one long solver until the limit and ends with the limit's 503
            target=lambda: done.append(_get(url + "api/solve?spec=domineering:8x8")[0])
        )
        slow.start()
        while not app.state.pool.long.every:
            time.sleep(0.02)
        status, body, headers = _get(url + "api/solve?spec=domineering%3A7x8")
        slow.join()
    assert status == 503 and "busy" in body["error"]
    assert headers["Retry-After"] == "2" and headers["X-Content-Type-Options"] == "nosniff"
    assert done == [503]


def test_a_solver_process_that_dies_is_replaced() -> None:
    with SolverPool(Limits(quick_workers=1, workers=1)) as pool:
        assert pool.run("solve", {"spec": "nim 3"})["status"] == 200
        (pid,) = pool.processes()
        os.kill(pid, signal.SIGKILL)
        while pool.quick.idle and pool.quick.idle[0].alive:
            time.sleep(0.01)
        reply = pool.run("solve", {"spec": "nim 1 2 3"})
        assert reply["status"] == 200 and pid not in pool.processes()


def test_the_memory_cap_refuses_an_allocation_past_the_budget() -> None:
    code = (
        "from grundy.web import worker\n"
        "cap = worker._cap_memory(64 << 20)\n"
        "assert cap >= worker.memory_in_use() + (64 << 20) - (1 << 20), cap\n"
        "small = bytearray(16 << 20)\n"
        "try:\n"
        "    bytearray(cap)\n"
        "except MemoryError:\n"
        "    print('refused')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "refused"


def test_running_out_of_memory_is_a_clean_422_and_a_fresh_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def greedy(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(service, "solve_json", greedy)
    reply = worker.answer(
        {"op": "solve", "query": {"spec": "nim 3"}, "time_limit": 5, "limits": {"memory_mb": 96}}
    )
    assert reply["status"] == 422 and reply["recycle"] is True
    assert "memory budget of 96 MiB per request" in reply["error"]


@pytest.mark.slow
def test_a_search_past_its_memory_budget_ends_with_422_and_the_server_goes_on() -> None:
    # 64 MiB past the solver's start-up allowance: Connect Four's search table outgrows it
    # within seconds (the time limit is far away).
    limits = Limits(time_limit=120, quick_time=0.2, quick_workers=1, workers=1, memory_mb=64)
    with SolverPool(limits) as pool:
        reply = pool.run("solve", {"spec": "connect4:5x4"})
        assert reply["status"] == 422, reply
        assert "memory budget of 64 MiB" in reply["error"]
        assert pool.run("solve", {"spec": "nim 1 1"})["status"] == 200


#: Twenty first-time requests at once: partisan, loopy, misère, searches, tables, sums.
CONCURRENT = [
    ("solve", {"spec": "fibonacci 398"}),
    ("solve", {"spec": "fibonacci 399"}),
    ("solve", {"spec": "fibonacci 400"}),
    ("solve", {"spec": "fibonacci 401"}),
    ("solve", {"spec": 'cgt "*42"'}),
    ("solve", {"spec": "domineering:4x4"}),
    ("solve", {"spec": "domineering:3x5"}),
    ("solve", {"spec": "chomp:4x5"}),
    ("solve", {"spec": "tictactoe ........."}),
    ("solve", {"spec": "kayles 30 + nim 3"}),
    ("solve", {"spec": "kayles 30", "misere": "1"}),
    ("solve", {"spec": "wythoff 30 40"}),
    ("solve", {"spec": "clobber xoxo + toads-frogs tt..ff"}),
    ("solve", {"spec": 'hackenbush "0-1 1-2 1-3 2-3 0-4"'}),
    ("solve", {"spec": "connect4:4x4"}),
    ("moves", {"spec": "tictactoe x...o...."}),
    ("moves", {"spec": "domineering:3x4", "side": "R"}),
    ("table", {"spec": "kayles", "n": "500"}),
    ("table", {"spec": "subtraction:1,3,4", "n": "300"}),
    ("games", {}),
]


def _alone(op: str, query: dict[str, str]) -> Any:
    """The answer computed in this process, from a cold start, with no other request running,
    under the server's time limit (tests in other processes may share the machine)."""
    grundy.clear_cache()
    limits = Limits(time_limit=60)
    spec, misere = query.get("spec"), query.get("misere")
    if op == "solve":
        return service.solve_json(spec, misere, limits)
    if op == "moves":
        return service.moves_json(spec, misere, limits, query.get("side"))
    if op == "table":
        return service.table_json(spec, query.get("n"), limits)
    return service.games_json()


@pytest.mark.slow
def test_twenty_concurrent_first_time_requests_answer_as_each_alone() -> None:
    expected = [_alone(op, q) for op, q in CONCURRENT]
    answers: list[Any] = [None] * len(CONCURRENT)
    statuses: list[list[int]] = [[] for _ in CONCURRENT]
    with serving(create_app(Limits(time_limit=60))) as url:
        start = threading.Barrier(len(CONCURRENT))

        def ask(i: int) -> None:
            op, query = CONCURRENT[i]
            start.wait()
            for _ in range(200):  # a 503 (busy) is retried; nothing else is
                status, body, _ = _get(url + f"api/{op}?" + urlencode(query))
                statuses[i].append(status)
                if status != 503 or "busy" not in body.get("error", ""):
                    answers[i] = body
                    return
                time.sleep(0.25)

        threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(CONCURRENT))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        health = _get(url + "api/health")[0]
    assert health == 200
    for i, (op, query) in enumerate(CONCURRENT):
        assert set(statuses[i]) <= {200, 503} and statuses[i][-1] == 200, (op, query, statuses[i])
        assert answers[i] == expected[i], (op, query)
