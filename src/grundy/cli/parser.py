"""The command line's argument parser: one-line errors, and "did you mean" for a misspelt
command. It imports nothing of grundy, so ``grundy --version`` and ``grundy --help`` start
as fast as an empty interpreter allows (``tests/test_import_time.py``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

__all__ = ["EXIT_USAGE", "OneLineParser", "UsageError", "VersionAction", "did_you_mean"]

EXIT_USAGE = 2


class UsageError(Exception):
    """Raised by :class:`OneLineParser` instead of printing usage and exiting."""

    def __init__(self, prog: str, message: str, usage: str) -> None:
        self.prog = prog
        self.usage = usage
        super().__init__(message)


#: argparse's words for an unknown choice (3.11: quoted choices; 3.12+: maybe not).
_INVALID_CHOICE = re.compile(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$")


def did_you_mean(word: str, choices: list[str]) -> str:
    """``"; did you mean 'solve'?"`` when ``word`` is close to one of ``choices``, else ``""``.

    >>> did_you_mean("slove", ["solve", "play", "games"])
    "; did you mean 'solve'?"
    >>> did_you_mean("xyzzy", ["solve", "play"])
    ''
    """
    import difflib  # noqa: PLC0415 (lazy: a misspelt word only)

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: the problem and the expected syntax.

    An unknown choice (a misspelt command) is answered with the closest one:

    >>> p = OneLineParser(prog="grundy")
    >>> _ = p.add_argument("command", choices=["solve", "play"])
    >>> try:
    ...     p.parse_args(["slove"])
    ... except UsageError as e:
    ...     print(e)
    unknown command 'slove'; did you mean 'solve'? (commands: solve, play)
    """

    def error(self, message: str) -> NoReturn:
        usage = " ".join(self.format_usage().split())
        usage = usage.removeprefix("usage: ")
        found = _INVALID_CHOICE.match(message)
        if found:
            what, word, listed = found.groups()
            choices = [c.strip().strip("'") for c in listed.split(",")]
            noun = "command" if what in ("COMMAND", "command") else f"choice for {what}"
            listing = "commands" if noun == "command" else "choices"
            message = (
                f"unknown {noun} {word!r}{did_you_mean(word, choices)} "
                f"({listing}: {', '.join(choices)})"
            )
        raise UsageError(self.prog, message, usage)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise SystemExit(status)


class VersionAction(argparse.Action):
    """``--version``: prints ``line()`` (the version and the active core, looked up only
    when asked) and exits."""

    def __init__(self, *args: Any, line: Callable[[], str], **kwargs: Any) -> None:
        self.line = line
        super().__init__(*args, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(self.line())
        parser.exit()
