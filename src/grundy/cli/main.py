"""``grundy``: the command line entry point.

Each subcommand lives in its own module with ``register(subparsers)``; adding
one is a module and a line in :data:`COMMAND_MODULES`. A command line that names
its command imports that command's module alone (``grundy solve`` does not load
numpy for ``grundy quotient``); ``grundy --help`` and a misspelt command build the
full parser.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import Any, NoReturn

import grundy
from grundy import __version__
from grundy.cli.common import EXIT_USAGE, OneLineParser, UsageError
from grundy.errors import GrundyError, InvalidSpecError, SolvedFileError, UnsupportedError

__all__ = ["COMMANDS", "COMMAND_MODULES", "build_parser", "main", "program"]  # noqa: F822 (COMMANDS: __getattr__)

#: Each subcommand's name and the module that registers it, in listing order
#: (``tests/cli/test_lazy_commands.py`` checks each module registers its name).
COMMAND_MODULES: dict[str, str] = {
    "solve": "grundy.cli.solve_cmd",
    "play": "grundy.cli.play_cmd",
    "games": "grundy.cli.games_cmd",
    "draw": "grundy.cli.draw_cmd",
    "table": "grundy.cli.table_cmd",
    "period": "grundy.cli.period_cmd",
    "quotient": "grundy.cli.quotient_cmd",
    "census": "grundy.cli.census_cmd",
    "verify": "grundy.cli.verify_cmd",
    "serve": "grundy.cli.serve_cmd",
}


def __getattr__(name: str) -> Any:
    """``COMMANDS``: every subcommand module, in listing order (imported when asked for)."""
    if name == "COMMANDS":
        return [import_module(m) for m in COMMAND_MODULES.values()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command_modules(argv: Sequence[str]) -> list[ModuleType]:
    """The modules to register for ``argv``: the named command's alone when the first
    word is a command, else every one (for ``--help``, ``--version`` and errors)."""
    if argv and argv[0] in COMMAND_MODULES:
        return [import_module(COMMAND_MODULES[argv[0]])]
    return [import_module(m) for m in COMMAND_MODULES.values()]


def build_parser(argv: Sequence[str] = ()) -> OneLineParser:
    """The argument parser: every command, or only the one that ``argv`` (the words after
    ``grundy``) names, so that the other commands' modules are not imported.

    >>> build_parser(["games"]).parse_args(["games", "--json"]).json
    True
    """
    parser = OneLineParser(
        prog="grundy",
        description="Solve combinatorial games exactly: who wins, every winning move, and why.",
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        nargs=0,
        help="show the version and which core runs the kernels (compiled or pure Python)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    for command in _command_modules(argv):
        command.register(sub)
    return parser


class _VersionAction(argparse.Action):
    """``--version``: the version and the active core, looked up only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        compiled, why = grundy.core_status()
        core = "compiled core" if compiled else why
        print(f"grundy {__version__} ({core})")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        parser = build_parser(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(argv)
        status: int = args.func(args)
        return status
    except UsageError as e:
        _error(f"{e.prog}: error: {e} (usage: {e.usage})")
        return EXIT_USAGE
    except (InvalidSpecError, UnsupportedError, SolvedFileError) as e:  # bad input
        _error(f"grundy: error: {e}")
        return EXIT_USAGE
    except GrundyError as e:
        _error(f"grundy: error: {e}")
        return 1
    except MemoryError:
        print(
            "grundy: error: out of memory; ask about a smaller position or table", file=sys.stderr
        )
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1
    except OSError as e:  # a file that cannot be read or written: bad input
        name = f" {e.filename!r}" if e.filename else ""
        _error(f"grundy: error: cannot use{name}: {e.strerror or e}")
        return EXIT_USAGE


def program() -> NoReturn:
    """The ``grundy`` program: :func:`main`, then exit at once with its status.

    Python's own exit frees every object one by one; after a long search (millions of
    memoised positions) that alone took seconds, so a command stopped at its time limit
    ended late. The streams are flushed and the process ends without that teardown.
    """
    status = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(status)


#: Error lines are cut to this length (an argument may be huge).
_LONGEST_ERROR = 500


def _error(message: str) -> None:
    """Print ``message`` on one line: control characters escaped, a huge one cut.

    >>> _error("bad \\r token")
    """
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if len(text) > _LONGEST_ERROR:
        text = f"{text[: _LONGEST_ERROR - 40]} ... ({len(text):,} characters)"
    print(text, file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
