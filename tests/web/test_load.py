"""The server under load: slow clients are cut off after the header timeout, and (slow suite)
3,000 requests from 50 threads, cheap and expensive mixed, leave every cheap request in the
quick lane, the server within its memory budget, with no 5xx but 503, and alive (how long
they took is bench/web_pressure.py's figure)."""

from __future__ import annotations

import http.client
import importlib.util
import socket
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest

from tests.web.helpers import client  # noqa: F401 (skips the module without the web extra)

from grundy.web import Limits, create_app, serving  # isort: skip

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    name = "web_pressure"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``sock`` (reading EOF), or None if it did not."""
    sock.settimeout(seconds)
    begun = time.monotonic()
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return time.monotonic() - begun


def _drip(sock: socket.socket, data: bytes, seconds: float) -> bool:
    """Send ``data`` one byte every 0.1 s, over and over; True when the server closed the
    connection within ``seconds``."""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            for byte in data:
                sock.sendall(bytes([byte]))
                time.sleep(0.1)
    except (BrokenPipeError, ConnectionResetError):
        return True
    return _closed_within(sock, 0.1) is not None


def test_partial_requests_are_closed_after_the_header_timeout() -> None:
    with serving(create_app(Limits(header_timeout=1.0))) as url, ExitStack() as stack:
        parts = urlsplit(url)
        address = (parts.hostname or "127.0.0.1", parts.port or 80)

        def connect() -> socket.socket:
            return stack.enter_context(socket.create_connection(address))

        silent, partial, dripping = connect(), connect(), connect()
        partial.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        # A keep-alive connection: one answer, then half of the next request.
        kept = http.client.HTTPConnection(*address, timeout=30)
        stack.callback(kept.close)
        kept.request("GET", "/api/health")
        assert kept.getresponse().read()
        assert kept.sock is not None
        kept.sock.sendall(b"GET /api/health HTTP/1.1\r\n")
        # Data that keeps coming but never ends the headers does not keep it open either.
        dripped = _drip(dripping, b"GET /api/health HTTP/1.1\r\nX-Slow: ", 10)
        # Meanwhile ordinary requests are answered.
        quick = http.client.HTTPConnection(*address, timeout=30)
        stack.callback(quick.close)
        quick.request("GET", "/api/health")
        assert quick.getresponse().status == 200
        closed = [_closed_within(s, 10) for s in (silent, partial, kept.sock)]
    assert dripped
    assert all(c is not None for c in closed), closed


def test_a_complete_request_sent_slowly_within_the_timeout_is_answered() -> None:
    with serving(create_app(Limits(header_timeout=3.0))) as url:
        parts = urlsplit(url)
        sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80))
        for piece in (b"GET /api/health HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
            sock.sendall(piece)
            time.sleep(0.2)
        sock.settimeout(30)
        try:
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        finally:
            sock.close()


@pytest.mark.slow
def test_three_thousand_requests_from_fifty_threads() -> None:
    load = _bench()
    budget = float(Limits().memory_budget_mb())
    with load.server_process() as (url, child):
        # Cold: the server meets every expensive question for the first time here.
        report = load.pressure(url, child.pid, 3000, 50, budget_mb=budget, seed=7, warm_up=False)
        still_running = child.poll() is None
    print(report.summary())
    assert report.bad_statuses() == [], report.failures[:5]
    assert (
        sum(report.statuses["cheap"].values()) + sum(report.statuses["expensive"].values()) == 3000
    )
    assert report.alive_at_end and still_running
    assert report.peak_rss_mb < budget
    assert set(report.statuses["cheap"]) <= {200, 400, 503}
    # No cheap request ever needed the long lane: every one was answered by a quick solver
    # (the long lane answers only what ran out of its quick time). How long they took is
    # printed above and is bench/web_pressure.py's business, not this test's: on a machine
    # at load 9, cheap requests took 4 s at the 95th percentile here, and 0.4 s with no
    # expensive request beside them, so no wall-clock bound can be both safe and useful.
    expensive = sum(report.statuses["expensive"].values())
    assert report.solvers.get("long", 0) <= expensive, (report.solvers, report.summary())
