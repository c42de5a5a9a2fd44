"""Every error grundy raises on purpose.

The hierarchy::

    GrundyError                      base of everything below
    ├── InvalidSpecError (ValueError)     malformed position text or bad argument
    │   ├── UnknownGameError (KeyError)   a game name that is not registered
    │   └── ArgumentTypeError (TypeError) an argument of the wrong type
    ├── InvalidGameError (TypeError)      a ruleset that breaks the protocol
    ├── LoopyGameError (RuntimeError)     a position graph with a cycle
    ├── SearchLimitError (RuntimeError)   a search that grew past max_positions
    │   ├── TimeLimitError                a computation that ran past its time limit
    │   └── TableFullError                the table of canonical games at its bound
    ├── SolvedFileError (ValueError)      a saved table of another game, or corrupt
    ├── ClusterError (ConnectionError)    a Dask scheduler that cannot be reached (census)
    └── UnsupportedError (ValueError)     a question the ruleset cannot answer
        └── LongPlayError                 a line of play longer than a search follows

Each subclass also subclasses the matching built-in, so ``except ValueError``
keeps working for callers that do not know grundy.

>>> from grundy.errors import InvalidSpecError, GrundyError
>>> issubclass(InvalidSpecError, ValueError) and issubclass(InvalidSpecError, GrundyError)
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ArgumentTypeError",
    "ClusterError",
    "GrundyError",
    "InvalidGameError",
    "InvalidSpecError",
    "LongPlayError",
    "LoopyGameError",
    "SearchLimitError",
    "SolvedFileError",
    "TableFullError",
    "TimeLimitError",
    "UnknownGameError",
    "UnsupportedError",
    "digit_limit",
]


class GrundyError(Exception):
    """Base class of every error raised by grundy on purpose."""


class InvalidSpecError(GrundyError, ValueError):
    """A position spec, parameter or argument is malformed.

    ``expected`` holds the syntax that would have been accepted; ``str(error)``
    is one line naming the problem and that syntax.
    """

    def __init__(self, problem: str, expected: str | None = None) -> None:
        self.problem = problem
        self.expected = expected
        message = (
            _text(problem)
            if expected is None
            else f"{_text(problem)} (expected: {_text(expected)})"
        )
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownGameError(InvalidSpecError, KeyError):
    """The spec names a game that is not in the registry."""

    def __str__(self) -> str:  # KeyError would add quotes
        return str(self.args[0])


class ArgumentTypeError(InvalidSpecError, TypeError):
    """An argument of the wrong type (``nimber("3")``, ``CanonicalGame(1.5)``): one line,
    caught by ``except TypeError`` as well as ``except ValueError``.

    >>> e = ArgumentTypeError("x")
    >>> isinstance(e, TypeError), isinstance(e, ValueError)
    (True, True)
    """


class InvalidGameError(GrundyError, TypeError):
    """A ruleset object does not follow the ruleset protocol."""


class LoopyGameError(GrundyError, RuntimeError):
    """The position graph has a cycle, so Grundy values are not defined.

    ``cycle`` lists positions on the cycle, in move order.
    """

    def __init__(self, cycle: Sequence[object]) -> None:
        try:
            self.cycle = tuple(cycle)
        except TypeError:  # not a sequence: a cycle of one unnamed position
            self.cycle = (cycle,)
        shown = " -> ".join(_short(p) for p in self.cycle[:8])
        more = " -> ..." if len(self.cycle) > 8 else ""
        first = _short(self.cycle[0]) if self.cycle else ""
        super().__init__(
            f"the game is loopy: positions repeat along {shown}{more} -> {first}; "
            "Grundy values are defined only for games that always end"
        )


class SearchLimitError(GrundyError, RuntimeError):
    """A search visited more positions than ``max_positions`` allows."""

    def __init__(self, limit: int, message: str | None = None) -> None:
        self.limit = limit
        super().__init__(
            message
            or f"the search passed the limit of {_count(limit)} positions; "
            "raise it with max_positions (CLI: --max-positions N) or ask about a smaller position"
        )


class TimeLimitError(SearchLimitError):
    """A search or table ran past its time limit (``time_limit=``, CLI ``--time-limit``).

    Values a search finished before the limit stay memoised; a table keeps its finished
    heaps (and saves them with ``--out``).
    """

    def __init__(
        self, seconds: float, done: int = 0, what: str = "positions", *, default: bool = False
    ) -> None:
        self.seconds = seconds
        self.done = done
        self.what = what
        after = f" after {_count(done)} {_text(what)}" if done else ""
        if default:  # the command line's limit when no progress can be shown
            message = (
                f"stopped at the default time limit of {_seconds(seconds)} s{after} (it applies "
                "when no progress is shown, e.g. output not to a terminal); lift it with "
                "--time-limit none, or give one with --time-limit SECONDS"
            )
        else:
            message = (
                f"stopped at the time limit of {_seconds(seconds)} s{after} "
                "(raise it with --time-limit SECONDS, or ask about a smaller position)"
            )
        GrundyError.__init__(self, message)


class TableFullError(SearchLimitError):
    """The table of canonical games reached its bound (``grundy.cgt.set_table_limit``,
    ``GRUNDY_CGT_TABLE_LIMIT``) and what is kept cannot be made smaller.

    :func:`grundy.cgt.value_of` catches it while it can make room (it keeps the games its
    memo and the live values need, drops the others, and goes on); it reaches the caller
    only when that frees too little.
    """

    def __init__(self, limit: int, message: str | None = None) -> None:
        super().__init__(
            limit,
            message
            or f"the table of canonical games is full ({_count(limit)} games, its bound); "
            "raise it with GRUNDY_CGT_TABLE_LIMIT=N or grundy.cgt.set_table_limit(N), "
            "or ask about a smaller position",
        )


def _short(value: object) -> str:
    """``repr(value)`` cut to 60 characters (a position may be huge)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _text(value: object) -> str:
    """``str(value)``, or a short repr when that fails (an error message never fails)."""
    if isinstance(value, str):
        return value
    try:
        return str(value)
    except Exception:
        return _short(value)


def _count(value: object) -> str:
    """An int with thousands separators; anything else as it is (errors never fail)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}" if value.bit_length() < 1000 else "a huge number of"
    return _short(value)


def _seconds(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return f"{value:g}"
        except OverflowError:
            return "a huge number of"
    return _short(value)


class SolvedFileError(GrundyError, ValueError):
    """A file of solved positions is missing, corrupt, or belongs to another game."""


class ClusterError(GrundyError, ConnectionError):
    """A compute cluster (``grundy census --scheduler``) cannot be reached or lost its workers."""


class UnsupportedError(GrundyError, ValueError):
    """The ruleset cannot answer this kind of question (e.g. a sum of partisan games)."""


class LongPlayError(UnsupportedError):
    """A line of play is longer than ``moves``, the most a recursive search follows
    (:data:`grundy.search.negamax.MAX_DEPTH`).

    >>> str(LongPlayError(400))
    'a line of play is longer than 400 moves, the most the two-player search follows \
(negamax: ask about a position with shorter play, or use retrograde analysis)'
    """

    def __init__(self, moves: int, message: str | None = None) -> None:
        self.moves = moves
        super().__init__(
            message
            or f"a line of play is longer than {moves} moves, the most the two-player search "
            "follows (negamax: ask about a position with shorter play, or use retrograde "
            "analysis)"
        )


def digit_limit(
    error: BaseException, where: str, expected: str | None = None
) -> GrundyError | None:
    """The one-line :class:`InvalidSpecError` for Python's limit on the digits of an int
    read from text (4,300 by default: ``int("9" * 4301)`` raises a ValueError of three
    lines), or None when ``error`` is something else.

    >>> try:
    ...     int("9" * 4301)
    ... except ValueError as e:
    ...     print(digit_limit(e, "the board"))
    the board holds a number of more than 4,300 digits; grundy reads numbers of at most \
4,300 digits
    >>> digit_limit(ValueError("other"), "x") is None
    True
    """
    if isinstance(error, GrundyError) or not isinstance(error, ValueError):
        return None
    text = str(error)
    if "integer string conversion" not in text and "Exceeds the limit" not in text:
        return None
    return InvalidSpecError(
        f"{where} holds a number of more than 4,300 digits; grundy reads numbers of at most "
        "4,300 digits",
        expected,
    )
