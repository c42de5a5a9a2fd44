"""Ctrl-C: exit status 130, no traceback, and finished work kept.

The child starts with SIGINT at its default (see ``spawn``), so these tests
also pass when the test run itself was started in the background, and the
child is killed whatever happens.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from grundy.heap.games import GRUNDYS_GAME
from grundy.heap.store import load_table
from grundy.heap.table import build_table
from tests.cli.helpers import spawn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

# ``python -m grundy`` that says "ready" on stderr once the command line is
# imported, just before main() starts: from then on Ctrl-C must give status 130.
_READY = (
    "import sys; from grundy.cli.main import main; "
    "sys.stderr.write('ready\\n'); sys.stderr.flush(); "
    "raise SystemExit(main(sys.argv[1:]))"
)


def _interrupt(args: list[str], *, after: float, env: dict[str, str] | None = None) -> str:
    """Run ``grundy ARGS``, press Ctrl-C ``after`` seconds into main(); its stderr."""
    with spawn([sys.executable, "-c", _READY, *args], env=env) as proc:
        assert proc.stderr is not None
        assert proc.stderr.readline() == "ready\n"
        time.sleep(after)
        assert proc.poll() is None, "the command ended before it could be interrupted"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        return err


def test_ctrl_c_exits_130_without_traceback() -> None:
    # A misère sum is searched as a whole (no theorem applies): 10^8 positions,
    # far more than the second the test waits.
    spec = "subtraction:1,3,4,9 10000 + subtraction:2,5,7 10000"
    err = _interrupt(["solve", "--misere", spec], after=1.0)
    assert "Traceback" not in err
    assert err.strip() == "interrupted"


@pytest.mark.slow
def test_ctrl_c_keeps_finished_table(tmp_path: Path) -> None:
    out = tmp_path / "g.npz"
    args = ["table", "grundys-game", "-n", "400000", "--compute-all", "--out", str(out)]
    env = {**os.environ, "GRUNDY_PURE_PYTHON": "1"}
    err = _interrupt(args, after=3.0, env=env)
    assert "Traceback" not in err
    assert "interrupted: saved heaps 0.." in err
    _, values = load_table(str(out))
    assert 100 < len(values) < 400001
    assert values.tolist() == build_table(GRUNDYS_GAME, len(values) - 1).tolist()
