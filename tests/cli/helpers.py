"""Run the command line: in-process (fast, measured by coverage) or, rarely, in a child process.

``run("solve", "nim 3 4 5")`` calls :func:`grundy.cli.main.main` in this process
with stdout and stderr captured and stdin fed from a string, and returns the exit
status and both streams, as a subprocess would. Unlike a new process, it keeps
grundy's caches from earlier runs: a test that needs a search from scratch (a
position limit, progress) calls ``grundy.clear_cache()`` first.

``spawn(...)`` starts a real ``grundy`` child for the few tests that need one (the
console script, exit codes, Ctrl-C). It always kills and reaps the child, and the
child starts with SIGINT at its default even when the test run itself ignores it
(a shell starts background jobs with SIGINT ignored, and children inherit that).
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import NamedTuple

from grundy.cli.main import main

__all__ = ["GRUNDY_MODULE", "CliRun", "run", "run_process", "spawn"]


class CliRun(NamedTuple):
    """What a run of the command line gave: exit status, stdout, stderr."""

    status: int
    out: str
    err: str


class _Stream(io.StringIO):
    """A captured stream that can pass for a terminal and survives ``close()``
    (main closes stderr on a broken pipe). Its ``encoding`` is None (a ``StringIO``'s: the
    command line then writes values in ASCII) unless one is given."""

    def __init__(self, tty: bool = False, encoding: str | None = None) -> None:
        super().__init__()
        self._tty = tty
        self._encoding = encoding

    @property
    def encoding(self) -> str | None:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return self._tty

    def close(self) -> None:
        pass


def run(*argv: str, stdin: str = "", tty: bool = False, encoding: str | None = None) -> CliRun:
    """Run ``grundy ARGV...`` in this process; ``stdin`` is what the user types.

    With ``tty=True`` stderr passes for a terminal (progress lines and bars show). With
    ``encoding`` stdout declares that encoding (``"utf-8"``: canonical values in the pretty
    forms, as on a UTF-8 terminal); without it, it declares none and values are in ASCII.
    """
    out, err = _Stream(encoding=encoding), _Stream(tty)
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as e:  # argparse's --version and --help exit
                status = _exit_status(e.code)
    finally:
        sys.stdin = saved_stdin
    return CliRun(status, out.getvalue(), err.getvalue())


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def _default_sigint() -> None:  # pragma: no cover (runs in the child, between fork and exec)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def spawn(
    command: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
) -> Iterator[subprocess.Popen[str]]:
    """Start ``command`` (in the folder ``cwd``, or this one) with pipes for stdin, stdout
    and stderr; kill it on the way out."""
    proc = subprocess.Popen(
        list(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=None if env is None else dict(env),
        cwd=cwd,
        preexec_fn=_default_sigint if os.name == "posix" else None,  # noqa: PLW1509
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()  # reap it and close the pipes


def run_process(
    command: Sequence[str],
    *,
    stdin: str = "",
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    timeout: float = 120,
) -> CliRun:
    """Run ``command`` to the end in a child process (killed after ``timeout`` seconds)."""
    with spawn(command, env=env, cwd=cwd) as proc:
        out, err = proc.communicate(stdin, timeout=timeout)
        return CliRun(proc.returncode, out, err)


GRUNDY_MODULE = (sys.executable, "-m", "grundy")
"""``python -m grundy`` with this interpreter."""
