"""Shared pieces of the web tests: an in-process client and the command line's own output."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from starlette.testclient import TestClient

from grundy.web import Limits, create_app
from tests.cli.helpers import run as run_cli

__all__ = ["CountingPool", "cli_json_text", "client", "run_cli"]


def client(limits: Limits | None = None, *, raise_errors: bool = True) -> TestClient:
    """A test client of a fresh app (``raise_errors=False`` to see the catch-all's answer)."""
    return TestClient(create_app(limits), raise_server_exceptions=raise_errors)


def cli_json_text(*argv: str) -> str:
    """What ``grundy ARGV...`` prints (one JSON line), checked to have succeeded."""
    result = run_cli(*argv)
    assert result.status == 0, result.err
    return result.out.strip()


class CountingPool:
    """A pool that answers through the real service functions, in this process, and keeps
    the questions it was asked (``asked``: ``(op, query)`` pairs)."""

    def __init__(self) -> None:
        from grundy.web.worker import answer  # noqa: PLC0415

        self.answer = answer
        self.asked: list[tuple[str, dict[str, str]]] = []

    def run(self, op: str, query: dict[str, str]) -> dict[str, Any]:
        self.asked.append((op, dict(query)))
        return self.answer({"op": op, "query": query, "time_limit": 60})
