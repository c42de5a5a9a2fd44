"""Command-line hardening (issue 10): ``grundy play`` survives garbage input lines."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run

BIG = "9" * 5000


@pytest.mark.parametrize(
    "line",
    [
        BIG,
        f"1:{BIG}",
        f"{BIG}:1",
        f"nim {BIG}",
        f"nim 1 {BIG} 5",
        "\x00\x01 garbage ::: 1:2:3",
        "1:-5",
        "+" * 1000,
        "nim 3 4 5 + " * 500,
        "octal:0.[[[[ 5",
    ],
)
def test_garbage_lines_never_traceback(line: str) -> None:
    r = run("play", "nim", "3", "4", "5", stdin=f"{line}\nquit\n")
    assert r.status == 0, r.err
    assert "Traceback" not in r.out + r.err
    assert "Bye." in r.out
    assert all(len(out_line) < 800 for out_line in r.out.splitlines())


@pytest.mark.parametrize("line", [BIG, f"nim {BIG}", "x" * 5000])
def test_garbage_lines_with_one_heap(line: str) -> None:
    r = run("play", "nim", "7", stdin=f"{line}\n1\n")
    assert "Traceback" not in r.out + r.err
    assert r.status == 0
