"""Pieces every subcommand shares: one-line argument errors and spec arguments."""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy import DEFAULT_MAX_MOVES, DEFAULT_MAX_POSITIONS, Position, Sum, bounded
from grundy.cli.main import COMMAND_HELP
from grundy.cli.parser import EXIT_USAGE, OneLineParser, UsageError
from grundy.errors import InvalidSpecError, TimeLimitError
from grundy.lang import parse_tokens, tokenize

__all__ = [
    "EXIT_USAGE",
    "OneLineParser",
    "UsageError",
    "add_ascii",
    "add_heap_game",
    "add_limits",
    "add_time_limit",
    "comma_hint",
    "integer_at_least",
    "pretty_values",
    "progress_line",
    "seconds",
    "spec_from_args",
]


def spec_from_args(words: list[str]) -> Position | Sum:
    """Parse a spec given as shell words (``nim 3 4 5`` or one quoted string). An empty
    word is an empty argument, as ``""`` is in the language (``hackenbush ""``: the
    empty picture)."""
    tokens = [t for w in words for t in (tokenize(w) if w else [""])]
    try:
        return parse_tokens(tokens)
    except InvalidSpecError as e:
        hint = comma_hint(tokens, str(e))
        if hint is None:
            raise
        raise InvalidSpecError(f"{e.problem}; {hint}", e.expected) from None


def comma_hint(tokens: list[str], message: str) -> str | None:
    """The hint for numbers joined by commas where the language wants spaces (``nim 3,4,5``),
    when that token is the one refused, else None.

    >>> comma_hint(["nim", "3,4,5"], "a heap size must be ..., got '3,4,5'")
    'separate the numbers with spaces: nim 3 4 5'
    >>> comma_hint(["subtraction:1,3,4", "10"], "...") is None
    True
    """
    for i, token in enumerate(tokens):
        parts = [p.strip() for p in token.split(",") if p.strip()]
        if i and "," in token and parts and all(p.isdigit() for p in parts) and token in message:
            spaced = [*tokens[:i], *parts, *tokens[i + 1 :]]
            return f"separate the numbers with spaces: {' '.join(spaced)}"
    return None


def add_command(sub: Any, name: str, **more: Any) -> argparse.ArgumentParser:
    """The parser of the subcommand ``name`` (``more``: its description, ...), with the help
    line that ``grundy --help`` lists for it (:data:`grundy.cli.main.COMMAND_HELP`).

    >>> main_parser = argparse.ArgumentParser()
    >>> add_command(main_parser.add_subparsers(), "games", description="The games").description
    'The games'
    """
    parser: argparse.ArgumentParser = sub.add_parser(name, help=COMMAND_HELP[name], **more)
    return parser


def add_heap_game(p: argparse.ArgumentParser, example: str = "octal:0.07") -> None:
    """The heap game that a command of heap tables works on (``grundy table``, ``period``,
    ``quotient``): the words of its spec."""
    p.add_argument("game", nargs="+", metavar="SPEC", help=f"a heap game, e.g. kayles or {example}")


def add_time_limit(p: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS`` and ``--no-progress``."""
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="stop cleanly after SECONDS; 'none' for no limit (default: none, except for "
        f"'grundy solve' and 'grundy draw' when no progress is shown: "
        f"{DEFAULT_BATCH_TIME_LIMIT:g} s)",
    )
    p.add_argument("--no-progress", action="store_true", help="never show progress on the terminal")


#: ``grundy solve`` and ``grundy draw`` stop after this many seconds when no progress is
#: shown (output not to a terminal, or ``--no-progress``) and no ``--time-limit`` is given:
#: a search whose size is not known up front must not run unseen until it is killed.
DEFAULT_BATCH_TIME_LIMIT = 60.0


def seconds(text: str) -> float:
    """An argparse ``type`` for a positive number of seconds, or ``none`` (no limit: inf).

    >>> seconds("2.5"), seconds("none")
    (2.5, inf)
    """
    if text.strip().lower() == "none":
        return math.inf
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


@contextmanager
def progress_line(enabled: bool = True) -> Iterator[Callable[[str, int], None] | None]:
    """A ``progress(what, count)`` callback that shows counts and rate on a terminal.

    Nothing is shown when stderr is not a terminal or ``enabled`` is false, nor
    during the first second; the line is erased at the end.
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    start = time.monotonic()
    state = {"last": 0.0, "width": 0}

    def show(what: str, done: int) -> None:
        now = time.monotonic()
        if now - start < 1 or now - state["last"] < 0.25:
            return
        state["last"] = now
        rate = done / (now - start)
        text = f"working: {done:,} {what} ({rate:,.0f}/s, {now - start:.0f} s; Ctrl-C stops)"
        state["width"] = max(int(state["width"]), len(text))
        sys.stderr.write("\r" + text.ljust(int(state["width"])))
        sys.stderr.flush()

    try:
        yield show
    finally:
        if state["width"]:
            sys.stderr.write("\r" + " " * int(state["width"]) + "\r")
            sys.stderr.flush()


def batch_time_limit(given: float | None, progress_shown: bool) -> tuple[float | None, bool]:
    """``(time limit for the library, whether it is the default)`` from ``--time-limit``:
    none given and no progress shown gives :data:`DEFAULT_BATCH_TIME_LIMIT`; ``none`` gives
    no limit.

    >>> batch_time_limit(None, False), batch_time_limit(None, True)
    ((60.0, True), (None, False))
    >>> batch_time_limit(math.inf, False), batch_time_limit(3.0, False)
    ((None, False), (3.0, False))
    """
    if given is None:
        return (None, False) if progress_shown else (DEFAULT_BATCH_TIME_LIMIT, True)
    return (None if math.isinf(given) else given), False


@contextmanager
def limited(args: argparse.Namespace) -> Iterator[Callable[[str, int], None] | None]:
    """Run the body under ``--time-limit`` (or the default of :func:`batch_time_limit`)
    with progress shown on a terminal; yields the progress callback (None when not shown).
    A stop at the default limit says how to lift it."""
    with progress_line(not args.no_progress) as progress:
        limit, by_default = batch_time_limit(args.time_limit, progress is not None)
        try:
            with bounded(time_limit=limit, progress=progress):
                yield progress
        except TimeLimitError as e:
            if not by_default:
                raise
            raise TimeLimitError(e.seconds, e.done, e.what, default=True) from None


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
    add_time_limit(p)


#: The largest count any option takes (``-n``, ``--max-positions``, ...): an index-sized integer.
MOST_COUNT = 10**18


def integer_at_least(minimum: int, what: str, most: int = MOST_COUNT) -> Callable[[str], int]:
    """An argparse ``type`` for an integer from ``minimum`` to ``most`` (``_`` separators allowed).

    The text is measured before it is converted, so a number of thousands of digits
    is refused in one line (never Python's digit-limit error):

    >>> integer_at_least(0, "a heap size")("1_000")
    1000
    >>> integer_at_least(0, "a heap size")("9" * 5000)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a heap size from 0 to 1,000,000,000,000,000,000, \
got a number of 5,000 digits
    """

    def convert(text: str) -> int:
        digits = text.strip().lstrip("+-").replace("_", "")
        if len(digits) > len(str(most)) + 1 and digits.isdigit():
            raise argparse.ArgumentTypeError(
                f"expected {what} from {minimum:,} to {most:,}, "
                f"got a number of {len(digits):,} digits"
            )
        try:
            value = int(text.replace("_", "")) if len(text) <= 100 else None
        except ValueError:
            value = None
        if value is None or value < minimum:
            span = "" if most == MOST_COUNT else f" from {minimum:,} to {most:,}"
            raise argparse.ArgumentTypeError(f"expected {what}{span}, got {_shown(text)}")
        if value > most:
            raise argparse.ArgumentTypeError(
                f"expected {what} from {minimum:,} to {most:,}, got {value:,}"
            )
        return value

    return convert


#: The signs the pretty forms use beyond ASCII (grundy.cgt.pretty).
PRETTY_SIGNS = "±↑↓⇑⇓"


def add_ascii(p: argparse.ArgumentParser) -> None:
    """Add ``--ascii``: values as today's ASCII text rather than the pretty forms."""
    p.add_argument(
        "--ascii",
        action="store_true",
        help="write canonical values in ASCII (1+-1, ^2*, {0||0|-2}) rather than the pretty "
        "forms (1±1, ⇑*, tiny-2); the default where the output cannot encode ± and arrows",
    )


def pretty_values(args: argparse.Namespace) -> bool:
    """Whether to write values in the pretty forms: unless ``--ascii`` was given or standard
    output cannot encode the signs (its ``encoding`` is not declared or lacks ``±`` and the
    arrows, e.g. ASCII or Latin-1).

    >>> import io
    >>> ns = argparse.Namespace(ascii=False)
    >>> saved = sys.stdout
    >>> try:
    ...     sys.stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    ...     utf8 = pretty_values(ns)
    ...     sys.stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    ...     plain = pretty_values(ns)
    ... finally:
    ...     sys.stdout = saved
    >>> utf8, plain, pretty_values(argparse.Namespace(ascii=True))
    (True, False, False)
    """
    if getattr(args, "ascii", False):
        return False
    return can_encode(sys.stdout, PRETTY_SIGNS)


def can_encode(stream: object, text: str) -> bool:
    """Whether ``stream`` declares an encoding that can write ``text`` (a stream with no
    ``encoding``, such as a ``StringIO``, counts as unable: the safe choice)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str) or not encoding:
        return False
    try:
        text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _shown(text: str) -> str:
    """``repr(text)``, cut when long."""
    return repr(text) if len(text) <= 60 else f"{text[:60]!r}... ({len(text):,} characters)"


_positive = integer_at_least(1, "a positive integer")
