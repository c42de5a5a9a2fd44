"""``grundy``: the command line entry point.

Each subcommand lives in its own module with ``register(subparsers)``; adding
one is a module and a line in :data:`COMMAND_MODULES` (with its help line in
:data:`COMMAND_HELP`). A command line that names its command imports that command's
module alone (``grundy solve`` does not load numpy for ``grundy quotient``);
``grundy --help``, ``grundy --version`` and a misspelt command import no command
module at all: the index of commands answers them. ``grundy --version`` and
``grundy --help`` alone import neither argparse nor typing (:func:`index_help`).
"""

from __future__ import annotations

import os
import sys

import grundy
from grundy import __version__

_TYPE_CHECKING = False
if _TYPE_CHECKING:
    from collections.abc import Sequence
    from types import ModuleType
    from typing import Any, NoReturn

    from grundy.cli.parser import OneLineParser

__all__ = ["COMMANDS", "COMMAND_HELP", "COMMAND_MODULES", "build_parser", "main", "program"]  # noqa: F822 (COMMANDS: __getattr__)

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

#: Each subcommand's help line: ``grundy --help`` lists these without importing the modules,
#: and each module's parser takes its own from here (:func:`grundy.cli.common.add_command`).
COMMAND_HELP: dict[str, str] = {
    "solve": "who wins a position, every winning move, and why",
    "play": "play a position against the perfect player",
    "games": "list every game with its syntax and rule",
    "draw": "draw a position's board (Hackenbush with its winning cuts), or a thermograph, as SVG",
    "table": "Grundy values of heaps 0..N of a heap game",
    "period": "the period of a heap game's Grundy values, with a proof where one exists",
    "quotient": "misère quotient of a heap game (Plambeck–Siegel)",
    "census": "compute a whole family of octal/hex/subtraction games on Dask, into SQLite",
    "verify": "re-check a saved heap table and its claimed period, independently",
    "serve": "the web playground: solve, play and see games in a browser",
}


_DESCRIPTION = "Solve combinatorial games exactly: who wins, every winning move, and why."
_EPILOG = "'grundy COMMAND --help' shows a command's options; 'grundy games' lists the games."
_VERSION_HELP = "show the version and which core runs the kernels (compiled or pure Python)"


def __getattr__(name: str) -> Any:
    """``COMMANDS``: every subcommand module, in listing order (imported when asked for)."""
    if name == "COMMANDS":
        from importlib import import_module  # noqa: PLC0415 (lazy: cheap start)

        return [import_module(m) for m in COMMAND_MODULES.values()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser(argv: Sequence[str] = ()) -> OneLineParser:
    """The argument parser: only the command that ``argv`` (the words after ``grundy``)
    names, so that the other commands' modules are not imported; without a command
    (``--help``, ``--version``, a misspelt command), the index of every command, each
    with its help line and no options (no command module is imported).

    >>> build_parser(["games"]).parse_args(["games", "--json"]).json
    True
    """
    from importlib import import_module  # noqa: PLC0415 (lazy: cheap start)

    from grundy.cli.parser import OneLineParser, VersionAction  # noqa: PLC0415 (lazy)

    parser = OneLineParser(prog="grundy", description=_DESCRIPTION, epilog=_EPILOG)
    parser.add_argument(
        "--version", action=VersionAction, nargs=0, line=version_line, help=_VERSION_HELP
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    if argv and argv[0] in COMMAND_MODULES:
        module: ModuleType = import_module(COMMAND_MODULES[argv[0]])
        module.register(sub)
    else:
        for name, words in COMMAND_HELP.items():
            sub.add_parser(name, help=words)
    return parser


def version_line() -> str:
    """``grundy 0.1.0 (compiled core)``: the version and the active core."""
    compiled, why = grundy.core_status()
    return f"grundy {__version__} ({'compiled core' if compiled else why})"


def index_help() -> str:
    """``grundy --help``: the usage, every command with its help line, the options; made
    without argparse (the index parser's ``format_help`` says the same, wrapped to the
    terminal: ``tests/test_import_time.py`` compares them).

    >>> index_help().splitlines()[0]
    'usage: grundy [-h] [--version] COMMAND ...'
    """
    width = max(map(len, COMMAND_HELP))
    lines = ["usage: grundy [-h] [--version] COMMAND ...", "", _DESCRIPTION, ""]
    lines += ["positional arguments:", "  COMMAND"]
    lines += [f"    {name:<{width}}  {words}" for name, words in COMMAND_HELP.items()]
    lines += ["", "options:", "  -h, --help  show this help message and exit"]
    lines += [f"  --version   {_VERSION_HELP}", "", _EPILOG]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    if words == ["--version"]:  # answered before anything else is imported
        print(version_line())
        return 0
    if words in (["--help"], ["-h"]):
        sys.stdout.write(index_help())
        return 0
    from grundy.cli.parser import EXIT_USAGE, UsageError  # noqa: PLC0415 (lazy: argparse)
    from grundy.errors import (  # noqa: PLC0415 (lazy: cheap start)
        GrundyError,
        InvalidSpecError,
        SolvedFileError,
        UnsupportedError,
    )

    try:
        parser = build_parser(words)
        args = parser.parse_args(words)
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
        try:  # noqa: SIM105 (contextlib is not imported: a cheap start)
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            pass
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
