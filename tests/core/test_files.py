"""The file layer (grundy.core.files): regular files only, bounded reads, atomic writes,
and no temporary file left behind by a killed run (issues 21 and 25)."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grundy.core.files import (
    TEMP_MARK,
    atomic_path,
    atomic_write,
    check_target,
    clean_stale,
    read_bytes,
    read_text,
)
from grundy.errors import SolvedFileError
from tests.cli.helpers import GRUNDY_MODULE, CliRun, run_process

needs_posix = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev are POSIX")

ROOT = Path(__file__).resolve().parents[2]


def _grundy(*args: str, cwd: Path, timeout: float = 60) -> CliRun:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    # a FIFO that blocked would fail at the timeout, not hang the suite
    return run_process([*GRUNDY_MODULE, *args], env=env, cwd=cwd, timeout=timeout)


def _dead_pid() -> int:
    """The id of a process that has exited (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_atomic_write_replaces_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"old")
    with atomic_write(path) as f:
        f.write(b"new")
        assert path.read_bytes() == b"old"  # not touched until the end
    assert path.read_bytes() == b"new"
    assert os.listdir(tmp_path) == ["f"]


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_write(path) as f:
        f.write(b"half")
        raise RuntimeError("stop")
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f"]


def test_atomic_path_names_the_temporary_recognisably(tmp_path: Path) -> None:
    with atomic_path(tmp_path / "t.sqlite") as temp:
        name = os.path.basename(temp)
        assert name.startswith(".t.sqlite" + TEMP_MARK + f"{os.getpid()}-")
        Path(temp).write_bytes(b"x")
    assert (tmp_path / "t.sqlite").read_bytes() == b"x"


@needs_posix
def test_devices_fifos_sockets_and_folders_are_refused(tmp_path: Path, fifo: Path) -> None:
    sock_path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(sock_path))
        for path, kind in [
            ("/dev/null", "character device"),
            (fifo, "FIFO"),
            (sock_path, "socket"),
            (tmp_path, "directory"),
        ]:
            with pytest.raises(SolvedFileError, match=kind):
                check_target(path)
            with pytest.raises(SolvedFileError, match=kind), atomic_write(path) as f:
                f.write(b"x")
            with pytest.raises(SolvedFileError, match="not a regular file"):
                read_bytes(path, 100)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@needs_posix
def test_reads_are_bounded_before_they_start(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        with pytest.raises(SolvedFileError, match="character device"):
            read_bytes("/dev/zero", 1 << 20)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(SolvedFileError, match="101 bytes, more than any file"):
        read_bytes(big, 100)
    assert read_bytes(big, 101) == b"x" * 101
    big.write_bytes(b"\xff\xfe")
    with pytest.raises(SolvedFileError, match="not a text file"):
        read_text(big, 100)


@pytest.mark.parametrize("path", ["", "a\x00b", 3, None, b"bytes"])
def test_paths_that_are_not_text_are_refused(path: object) -> None:
    with pytest.raises(SolvedFileError):
        check_target(path)
    with pytest.raises(SolvedFileError):
        read_bytes(path, 10)


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SolvedFileError, match="does not exist"):
        check_target(tmp_path / "no" / "f")


@needs_posix
def test_stale_temporaries_of_dead_processes_are_cleaned(tmp_path: Path) -> None:
    dead = tmp_path / f".t.npz{TEMP_MARK}{_dead_pid()}-0123abcd"
    live = tmp_path / f".t.npz{TEMP_MARK}{os.getpid()}-0123abcd"
    other = tmp_path / ".t.npz.grundy-tmp-notapid"
    for p in (dead, live, other):
        p.write_bytes(b"partial")
    assert clean_stale(str(tmp_path)) == [dead.name]
    assert not dead.exists() and live.exists() and other.exists()


@needs_posix
def test_cli_refuses_special_files_without_blocking(tmp_path: Path, fifo: Path) -> None:
    cases = [
        ["quotient", "kayles", "-n", "5", "--out", str(fifo)],
        ["draw", "hackenbush", "0-1", "--svg", str(fifo)],
        ["table", "kayles", "-n", "10", "--out", str(fifo)],
        ["solve", "tictactoe", "xx.oo....", "--save", str(fifo)],
        ["solve", "tictactoe", "xx.oo....", "--load", str(fifo)],
        ["solve", "hackenbush", f"@{fifo}"],
        ["table", "kayles", "-n", "10", "--out", "/dev/null"],
        ["quotient", "kayles", "-n", "5", "--out", "/dev/zero"],
        ["solve", "tictactoe", "xx.oo....", "--save", "/dev/null"],
        ["draw", "hackenbush", "0-1", "--svg", str(tmp_path)],
        ["solve", "hackenbush", "@/dev/zero"],
    ]
    for args in cases:
        r = _grundy(*args, cwd=tmp_path)
        assert r.status == 2, (args, r.err)
        assert len(r.err.strip().splitlines()) == 1, (args, r.err)
        assert "Traceback" not in r.err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(os.listdir(tmp_path)) == ["pipe"]


def test_cli_svg_is_written_whole(tmp_path: Path) -> None:
    r = _grundy("draw", "hackenbush", "0-1 1-2", "--svg", "out.svg", cwd=tmp_path)
    assert r.status == 0, r.err
    assert (tmp_path / "out.svg").read_text().startswith("<svg")
    assert sorted(os.listdir(tmp_path)) == ["out.svg"]


@needs_posix
def test_stale_temporary_is_cleaned_by_the_next_table_run(tmp_path: Path) -> None:
    stale = tmp_path / f".t.npz{TEMP_MARK}{_dead_pid()}-0123abcd"
    stale.write_bytes(b"x" * 1000)
    r = _grundy("table", "kayles", "-n", "100", "--out", "t.npz", cwd=tmp_path)
    assert r.status == 0, r.err
    assert sorted(os.listdir(tmp_path)) == ["t.npz"]


@pytest.mark.slow
@needs_posix
def test_kill_9_during_table_out_leaves_nothing_behind(tmp_path: Path) -> None:
    """``kill -9`` while ``grundy table kayles -n BIG --out F`` writes F: the next run
    removes the temporary file (and nothing else is lost: the rerun finishes the table)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "grundy", "table", "kayles", "-n", "50000000", "--out", "t.npz"]
    killed = 0
    for _ in range(3):  # a few kills, as in the report (each used to leave 100 MB)
        proc = subprocess.Popen(
            cmd, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            deadline = time.monotonic() + 120
            while proc.poll() is None and time.monotonic() < deadline:
                if any(TEMP_MARK in n for n in os.listdir(tmp_path)):
                    proc.send_signal(signal.SIGKILL)
                    proc.wait()
                    killed += 1
                    # the litter of this kill only: each run removed that of the one before
                    assert sum(TEMP_MARK in n for n in os.listdir(tmp_path)) == 1
                    break
                time.sleep(0.005)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        (tmp_path / "t.npz").unlink(missing_ok=True)  # start over: the next run saves again
    if not killed:
        pytest.skip("the save was never caught in progress on this machine")
    r = _grundy("table", "kayles", "-n", "1000", "--out", "t.npz", cwd=tmp_path, timeout=300)
    assert r.status == 0, r.err
    assert sorted(os.listdir(tmp_path)) == ["t.npz"]


@needs_posix
@pytest.mark.parametrize(
    "args",
    [
        ["quotient", "kayles", "-n", "3", "--out", "q.json"],
        ["draw", "hackenbush", "0-1", "--svg", "d.svg"],
        ["solve", "tictactoe", "xx.oo....", "--save", "t.sqlite"],
    ],
)
def test_every_writer_cleans_stale_temporaries(tmp_path: Path, args: list[str]) -> None:
    stale = tmp_path / f".old{TEMP_MARK}{_dead_pid()}-0123abcd"
    stale.write_bytes(b"x")
    r = _grundy(*args, cwd=tmp_path)
    assert r.status == 0, r.err
    assert sorted(os.listdir(tmp_path)) == [args[-1]]
