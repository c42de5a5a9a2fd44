"""A Ctrl-C that Python swallows still stops a census (a CI run found it).

Python raises KeyboardInterrupt wherever the main thread is. Where that is a garbage
collector's callback or a ``__del__`` (Dask's ``GCDiagnosis`` installs one), the exception
is printed as "Exception ignored" and dropped, and the census ran to its end with exit
status 0. :func:`grundy.census.cluster._ctrl_c_kept` records the Ctrl-C for the loop
to raise, and keeps the dropped exception off the terminal.
"""

from __future__ import annotations

import os
import signal
import threading

import pytest

from grundy.census.cluster import _ctrl_c_kept


class _CtrlCInFinaliser:
    """An object whose ``__del__`` receives a Ctrl-C (as Dask's gc callback did)."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(10_000):  # the handler runs here, inside __del__: its raise is dropped
            pass


@pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals: main thread"
)
def test_a_ctrl_c_dropped_in_a_finaliser_is_raised_by_the_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = signal.getsignal(signal.SIGINT)
    with _ctrl_c_kept() as check:
        check()  # no Ctrl-C yet
        obj = _CtrlCInFinaliser()
        del obj  # the KeyboardInterrupt is raised and dropped inside __del__
        with pytest.raises(KeyboardInterrupt):
            check()
    assert signal.getsignal(signal.SIGINT) is before
    assert "Exception ignored" not in capsys.readouterr().err


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with _ctrl_c_kept() as check:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            check()
    finally:
        signal.signal(signal.SIGINT, previous)
