"""Memory budgets come from the process's real limits (issue 35 item 3): ``RLIMIT_AS``,
``RLIMIT_DATA`` and the cgroup's ``memory.max``, not the machine's memory alone.

``ulimit -v 8000000; grundy solve domineering:4x6 --checkpoint d.gz`` (after a first run
stopped at 5,000 positions) died with "out of memory" though it needs 38 MB: the checkpoint
was read with a buffer the size of the largest checkpoint. The children run under a real
``ulimit -v`` (bash's), so the limits are the kernel's.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grundy.core import limits
from grundy.core.limits import memory_budget, physical_memory

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="ulimit -v and /proc")

KIB = 1024
SOLVE = ("-m", "grundy", "solve", "domineering:4x6", "--checkpoint")


def _under_ulimit(kib: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS...`` under ``ulimit -v KIB``."""
    return subprocess.run(
        ["bash", "-c", f'ulimit -v {kib} && exec "$0" "$@"', sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_budget_is_under_the_ulimit() -> None:
    code = "from grundy.core.limits import memory_budget; print(memory_budget())"
    proc = _under_ulimit(3_000_000, "-c", code)
    assert proc.returncode == 0, proc.stderr
    budget = int(proc.stdout)
    assert 0 < budget < 3_000_000 * KIB  # the room left under the limit, less what is in use
    here = memory_budget()
    assert here is None or here <= (physical_memory() or here)


def test_a_table_past_the_ulimit_is_refused_before_it_is_made() -> None:
    code = (
        "import grundy\n"
        "try:\n"
        "    grundy.heap_table(grundy.parse_ruleset('kayles'), 2_000_000_000)\n"
        "except grundy.SearchLimitError as e:\n"
        "    print(e)\n"
    )
    proc = _under_ulimit(3_000_000, "-c", code)
    assert proc.returncode == 0, proc.stderr
    assert "this process can have" in proc.stdout and proc.stdout.count("\n") == 1


def test_a_checkpoint_is_read_back_under_a_ulimit(tmp_path: Path) -> None:
    ckpt = str(tmp_path / "d.gz")
    first = _under_ulimit(8_000_000, *SOLVE, ckpt, "--max-positions", "5000")
    assert first.returncode == 1 and "5,000 positions" in first.stderr, first.stderr
    again = _under_ulimit(8_000_000, *SOLVE, ckpt)
    assert again.returncode == 0, again.stderr
    assert "Canonical value" in again.stdout


def test_cgroup_limits_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A cgroup v2 hierarchy and a v1 one, made in a folder: the room is limit - usage.
    v2 = tmp_path / "v2"
    (v2 / "job").mkdir(parents=True)
    (v2 / "job" / "memory.max").write_text("1073741824\n")
    (v2 / "job" / "memory.current").write_text("73741824\n")
    v1 = tmp_path / "v1" / "memory"
    (v1 / "job").mkdir(parents=True)
    (v1 / "job" / "memory.limit_in_bytes").write_text("9223372036854771712\n")  # no limit
    real_open = open

    def fake_open(path: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if path == "/proc/self/cgroup":
            return real_open(tmp_path / "cgroup", *args, **kwargs)  # type: ignore[call-overload]
        for prefix, base in (("/sys/fs/cgroup/memory", v1), ("/sys/fs/cgroup", v2)):
            if str(path).startswith(prefix):
                return real_open(str(base) + str(path)[len(prefix) :], *args, **kwargs)  # type: ignore[call-overload]
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    (tmp_path / "cgroup").write_text("0::/job\n4:memory:/job\n")
    monkeypatch.setattr("builtins.open", fake_open)
    assert limits._cgroup_room() == 1_000_000_000
    (v2 / "job" / "memory.max").write_text("max\n")
    assert limits._cgroup_room() is None
