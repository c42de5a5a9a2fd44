"""CLI: --time-limit, --csv, damaged table files; in-process through ``main(argv)``."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.cli.main import main


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_table_csv(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["table", "kayles", "-n", "5", "--csv"], capsys)
    assert status == 0
    assert out.splitlines() == ["heap,grundy", "0,0", "1,1", "2,2", "3,3", "4,1", "5,4"]


def test_solve_time_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(["solve", "connect4:5x4", "--time-limit", "0.2"], capsys)
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and "time limit of 0.2 s" in err


@pytest.mark.parametrize("bad", ["0", "-1", "abc", "inf", "nan"])
def test_bad_time_limit_exits_2(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["solve", "nim", "3", "--time-limit", bad], capsys)
    assert status == 2
    assert "--time-limit" in err and err.count("\n") == 1


def test_table_time_limit_saves_finished_heaps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "g.npz"
    argv = ["table", "grundys-game", "-n", "50000000", "--out", str(out_file)]
    status, _, err = _run([*argv, "--time-limit", "0.5"], capsys)
    assert status == 1
    assert "time limit" in err and "saved heaps 0.." in err
    assert out_file.exists()
    status, _out, err = _run(["table", "grundys-game", "-n", "100", "--out", str(out_file)], capsys)
    assert status == 0, err


def test_damaged_table_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    status, _, err = _run(["table", "kayles", "-n", "10", "--out", str(bad)], capsys)
    assert status == 2
    assert "not a usable grundy table" in err and err.count("\n") == 1


def test_period_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["period", "octal:0.[7]", "--time-limit", "0.3"], capsys)
    assert status in (0, 1)
    if status == 1:
        assert "time limit" in err
