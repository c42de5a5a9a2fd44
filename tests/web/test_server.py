"""The app under a real uvicorn server: quick requests are not held up by slow ones, it stays
up under load, and ``grundy serve`` starts, says where, and stops."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest

from tests.web.helpers import client  # noqa: F401 (skips the module without the web extra)

from grundy.cli import serve_cmd  # isort: skip
from grundy.web import Limits, bind, create_app, serving  # isort: skip

ROOT = Path(__file__).resolve().parents[2]


def _get(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_load", ROOT / "bench" / "web_load.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules.get("web_load") or importlib.util.module_from_spec(spec)
    if "web_load" not in sys.modules:
        sys.modules["web_load"] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_slow_request_does_not_block_a_quick_one() -> None:
    with serving(create_app(Limits(time_limit=1.5))) as url:
        slow: dict[str, object] = {}

        def ask_slow() -> None:
            slow["answer"] = _get(url + "api/solve?spec=connect4:5x4")

        t = threading.Thread(target=ask_slow)
        t.start()
        time.sleep(0.3)  # the slow search is under way
        status, body = _get(url + "api/solve?spec=nim%203%204%205")
        # answered while the slow search still runs (it stops only at its 1.5 s limit)
        slow_still_running = t.is_alive()
        t.join()
    assert status == 200 and body["outcome"] == "N"
    assert slow_still_running, "the quick request waited for the slow one"
    assert slow["answer"][0] == 503  # type: ignore[index]


@pytest.mark.slow
def test_hundreds_of_concurrent_requests_are_all_answered() -> None:
    load = _bench()
    app = create_app()
    app.state.pool.start()  # every solver starts now, not during the burst
    with serving(app) as url:
        load.run_load(url, 20, 4, seed=1)  # compiled kernels load on first use
        report = load.run_load(url, 300, 100)
        status, _ = _get(url + "api/health")
    assert report.wrong == [], report.wrong[:5]
    assert sum(report.statuses.values()) == 300 and set(report.statuses) <= {200, 400, 413}
    assert status == 200
    print(report.summary())


def _args(**kw: object) -> argparse.Namespace:
    return argparse.Namespace(**({"host": "127.0.0.1", "port": 0, "time_limit": 5.0} | kw))


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)  # as if not installed
    assert serve_cmd.run(_args()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install -e ".[web]"' in err


def test_serve_on_a_port_in_use_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with bind("127.0.0.1", 0) as taken:
        port = taken.getsockname()[1]
        assert serve_cmd.run(_args(port=port)) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith(f"grundy: error: cannot listen on 127.0.0.1:{port}") and err.count("\n") == 1
    )


def test_serve_rejects_a_port_past_65535(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_cmd.run(_args(port=70000)) == 2
    assert "from 0 to 65535" in capsys.readouterr().err


_HARNESS = """
import sys
from grundy.cli import serve_cmd
from grundy.cli.common import OneLineParser
parser = OneLineParser(prog="grundy")
serve_cmd.register(parser.add_subparsers(parser_class=OneLineParser))
args = parser.parse_args(sys.argv[1:])
sys.exit(args.func(args))
"""


def test_grundy_serve_binds_to_localhost_says_so_and_stops_on_ctrl_c() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _HARNESS, "serve", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        assert child.stderr is not None
        line = ""
        while "serving the playground" not in line:
            line = child.stderr.readline()
            assert line, "the server ended before it said where it serves"
        assert "(this machine only)" in line
        url = line.split(" at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        assert _get(url + "api/solve?spec=nim%201%201")[1]["outcome"] == "P"
        os.kill(child.pid, signal.SIGINT)
        assert child.wait(timeout=20) == 0
        assert child.stderr.read().strip().endswith("grundy: the playground has stopped")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stderr is not None:
            child.stderr.close()
