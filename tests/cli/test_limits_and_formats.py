"""CLI: --time-limit, --csv, damaged table files; in-process through ``main(argv)``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run


def test_table_csv() -> None:
    status, out, _ = run("table", "kayles", "-n", "5", "--csv")
    assert status == 0
    assert out.splitlines() == ["heap,grundy", "0,0", "1,1", "2,2", "3,3", "4,1", "5,4"]


def test_solve_time_limit_is_one_line() -> None:
    status, out, err = run("solve", "connect4:5x4", "--time-limit", "0.2")
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and "time limit of 0.2 s" in err


@pytest.mark.parametrize("bad", ["0", "-1", "abc", "inf", "nan"])
def test_bad_time_limit_exits_2(bad: str) -> None:
    status, _, err = run("solve", "nim", "3", "--time-limit", bad)
    assert status == 2
    assert "--time-limit" in err and err.count("\n") == 1


def test_table_time_limit_saves_finished_heaps(tmp_path: Path) -> None:
    out_file = tmp_path / "g.npz"
    argv = ["table", "grundys-game", "-n", "50000000", "--out", str(out_file)]
    status, _, err = run(*argv, "--time-limit", "0.5")
    assert status == 1
    assert "time limit" in err and "saved heaps 0.." in err
    assert out_file.exists()
    status, _out, err = run("table", "grundys-game", "-n", "100", "--out", str(out_file))
    assert status == 0, err


def test_damaged_table_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    status, _, err = run("table", "kayles", "-n", "10", "--out", str(bad))
    assert status == 2
    assert "not a usable grundy table" in err and err.count("\n") == 1


def test_period_time_limit() -> None:
    # Without a limit this takes minutes: an infinite code (no theorem to stop sooner) whose
    # heaps cost time linear in their size, to heap 10^6. (octal:0.[7] to 1,024 heaps, used
    # before, takes under a second with the compiled kernel: the test passed or failed with
    # the state of the kernel's compile cache, when the kernels were compiled on first use.)
    status, out, err = run("period", "octal:0.[3]", "-n", "1000000", "--time-limit", "0.3")
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and "time limit of 0.3 s" in err
