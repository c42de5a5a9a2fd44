"""Ctrl-C: exit status 130 and no traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

# A misère sum is searched as a whole (no theorem applies): 10^8 positions, far
# more than the two seconds the test waits.
SPEC = "subtraction:1,3,4,9 10000 + subtraction:2,5,7 10000"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_130_without_traceback() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "solve", "--misere", SPEC],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(2.0)  # let it start searching (the search takes far longer than this)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err
