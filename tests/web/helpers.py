"""Shared pieces of the web tests: an in-process client and the command line's own output."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from starlette.testclient import TestClient

from grundy.web import Limits, create_app
from tests.cli.helpers import run as run_cli

__all__ = ["cli_json_text", "client", "run_cli"]


def client(limits: Limits | None = None, *, raise_errors: bool = True) -> TestClient:
    """A test client of a fresh app (``raise_errors=False`` to see the catch-all's answer)."""
    return TestClient(create_app(limits), raise_server_exceptions=raise_errors)


def cli_json_text(*argv: str) -> str:
    """What ``grundy ARGV...`` prints (one JSON line), checked to have succeeded."""
    result = run_cli(*argv)
    assert result.status == 0, result.err
    return result.out.strip()
