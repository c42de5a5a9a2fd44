"""``grundy play`` on a real terminal (a pseudo-terminal): readline edits the line, the
arrow keys recall earlier lines and Tab completes the commands."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time

import pytest

from tests.cli.helpers import GRUNDY_MODULE

pytest.importorskip("readline")
pty = pytest.importorskip("pty")

#: Seconds to wait for the program to answer one line (a loaded machine starts slowly).
WAIT = 60.0

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


class Terminal:
    """``grundy play`` on a pseudo-terminal: type keys, wait for what it writes."""

    def __init__(self, *args: str) -> None:
        main, child = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "LINES": "50"}
        env.pop("INPUTRC", None)
        self.proc = subprocess.Popen(
            [*GRUNDY_MODULE, "play", *args],
            stdin=child,
            stdout=child,
            stderr=child,
            env=env,
            close_fds=True,
        )
        os.close(child)
        self.fd = main
        self.raw = b""
        self.seen = ""

    def wait_for(self, text: str, count: int = 1) -> str:
        """Read until ``text`` has been written ``count`` times (escapes left out)."""
        deadline = time.monotonic() + WAIT
        while self.seen.count(text) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"waited for {text!r} x{count}; the terminal shows:\n{self.seen}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the program has ended
                    chunk = b""
                if not chunk:
                    pytest.fail(f"the program ended before {text!r}:\n{self.seen}")
                self.raw += chunk
                self.seen = self.shown(self.raw)
        return self.seen

    @staticmethod
    def shown(raw: bytes) -> str:
        return _ESCAPES.sub("", raw.decode("utf-8", "replace"))

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=WAIT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            os.close(self.fd)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_arrow_keys_edit_the_line_and_recall_earlier_lines() -> None:
    term = Terminal("nim", "1", "2", "3", "4")
    try:
        term.wait_for("Your move> ")
        term.type("hint\r")
        term.wait_for("Hint: ")
        term.wait_for("Your move> ", 2)
        term.type("\x1b[A\r")  # up: the last line again
        term.wait_for("Hint: ", 2)
        term.wait_for("Your move> ", 3)
        term.type("10\x1b[D:\r")  # left, then ":" goes between: "1:0"
        seen = term.wait_for("Computer: ")
        term.wait_for("Your move> ", 4)
        term.type("hin\t\r")  # Tab completes the command
        seen = term.wait_for("Hint: ", 3)
        term.wait_for("Your move> ", 5)
        term.type("quit\r")
        seen = term.wait_for("Bye.")
    finally:
        status = term.close()
    assert status == 0
    assert "is not a move" not in seen and "not a legal move" not in seen
    assert "^[[" not in seen
    # "1:0" took the heap of 1: the computer answers from nim 0 2 3 4
    assert re.search(r"Computer: .* -> nim 0 ", seen), seen


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_undo_after_the_end_on_a_terminal() -> None:
    term = Terminal("nim", "1")
    try:
        term.wait_for("Your move> ")
        term.type("1\r")
        term.wait_for("Game over> ")
        term.type("undo\r")
        term.wait_for("Took back your move.")
        term.wait_for("Your move> ", 2)
        term.type("\x04")  # Ctrl-D: the input ends
        seen = term.wait_for("Bye.")
    finally:
        status = term.close()
    assert status == 0
    assert "You win!" in seen
