"""Pieces every subcommand shares: one-line argument errors and spec arguments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from grundy import DEFAULT_MAX_MOVES, DEFAULT_MAX_POSITIONS, Position, Sum
from grundy.lang import parse_tokens, tokenize

__all__ = [
    "EXIT_USAGE",
    "OneLineParser",
    "UsageError",
    "add_limits",
    "integer_at_least",
    "spec_from_args",
]

EXIT_USAGE = 2


class UsageError(Exception):
    """Raised by :class:`OneLineParser` instead of printing usage and exiting."""

    def __init__(self, prog: str, message: str, usage: str) -> None:
        self.prog = prog
        self.usage = usage
        super().__init__(message)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: the problem and the expected syntax."""

    def error(self, message: str) -> NoReturn:
        usage = " ".join(self.format_usage().split())
        usage = usage.removeprefix("usage: ")
        raise UsageError(self.prog, message, usage)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise SystemExit(status)


def spec_from_args(words: list[str]) -> Position | Sum:
    """Parse a spec given as shell words (``nim 3 4 5`` or one quoted string)."""
    tokens = [t for w in words for t in tokenize(w)]
    return parse_tokens(tokens)


def add_limits(p: argparse.ArgumentParser) -> None:
    """The options that bound a computation."""
    p.add_argument(
        "--max-moves",
        type=_positive,
        default=DEFAULT_MAX_MOVES,
        metavar="N",
        help=f"list at most N winning moves (default {DEFAULT_MAX_MOVES})",
    )
    p.add_argument(
        "--max-positions",
        type=_positive,
        default=DEFAULT_MAX_POSITIONS,
        metavar="N",
        help=f"stop a search after N positions (default {DEFAULT_MAX_POSITIONS:,})",
    )


def integer_at_least(minimum: int, what: str) -> Callable[[str], int]:
    """An argparse ``type`` for an integer >= ``minimum`` (``_`` separators allowed).

    >>> integer_at_least(0, "a heap size")("1_000")
    1000
    """

    def convert(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
        return value

    return convert


_positive = integer_at_least(1, "a positive integer")
