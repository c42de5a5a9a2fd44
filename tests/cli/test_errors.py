"""How ``main`` turns each kind of failure into one line on stderr and an exit status."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import pytest

from grundy.cli import solve_cmd
from grundy.cli.common import OneLineParser
from grundy.errors import SearchLimitError
from tests.cli.helpers import run


def _raise(error: BaseException) -> object:
    def solve(*args: object, **kwargs: object) -> NoReturn:
        raise error

    return solve


@pytest.mark.parametrize(
    ("error", "status", "message"),
    [
        (KeyboardInterrupt(), 130, "interrupted"),
        (MemoryError(), 1, "grundy: error: out of memory; ask about a smaller position or table"),
        (SearchLimitError(5), 1, "grundy: error: the search passed the limit of 5 positions"),
        (PermissionError(13, "Permission denied", "x.npz"), 2, "cannot use 'x.npz': Permission"),
        (OSError("disk on fire"), 2, "grundy: error: cannot use: disk on fire"),
    ],
    ids=["ctrl-c", "memory", "grundy-error", "os-error-file", "os-error"],
)
def test_failures_are_one_line(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, status: int, message: str
) -> None:
    monkeypatch.setattr(solve_cmd, "solve", _raise(error))
    r = run("solve", "nim", "3")
    assert r.status == status
    assert r.out == ""
    assert len(r.err.strip().splitlines()) == 1, r.err
    assert message in r.err


def test_broken_pipe_exits_1_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_cmd, "solve", _raise(BrokenPipeError()))
    r = run("solve", "nim", "3")
    assert (r.status, r.out, r.err) == (1, "", "")


def test_help_and_version_exit_0() -> None:
    r = run("--help")
    assert r.status == 0 and r.out.startswith("usage: grundy") and r.err == ""
    r = run("solve", "--help")
    assert r.status == 0 and "--max-positions N" in r.out
    r = run("--version")
    assert r.status == 0 and r.out.startswith("grundy ")


def test_usage_error_names_the_subcommand_and_its_syntax() -> None:
    r = run("table", "kayles")  # -n is required
    assert r.status == 2
    assert r.err.startswith("grundy table: error: the following arguments are required: -n")
    assert "(usage: grundy table" in r.err and r.err.count("\n") == 1


def test_parser_exit_writes_its_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        OneLineParser(prog="grundy").exit(3, "grundy: bye\n")
    assert stop.value.code == 3
    assert capsys.readouterr().err == "grundy: bye\n"


@pytest.mark.parametrize("bad", ["0", "-5", "x", "1.5"])
def test_bad_counts_exit_2(bad: str) -> None:
    for option in ("--max-moves", "--max-positions"):
        r = run("solve", "nim", "3", option, bad)
        assert r.status == 2 and option in r.err and r.err.count("\n") == 1


def test_unreadable_position_file_exits_2(tmp_path: Path) -> None:
    r = run("solve", "hackenbush", f"@{tmp_path}")  # a directory, not a file
    assert r.status == 2
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
