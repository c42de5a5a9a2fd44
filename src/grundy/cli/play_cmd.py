"""``grundy play SPEC [--computer-first] [--misere] [--side left|right] [--time-limit S]``:
play against the perfect player (the engine is :mod:`grundy.play`).

You type a move as its number in the ``moves`` list, as the resulting position
(``nim 1 4 5``), in the short form ``[I:]ARGS`` (component I, counted from 1, becomes
``ARGS``: in ``nim 3 4 5`` the move ``1:1`` takes 2 from the first heap), as the cells
it plays on a labelled board (``b2`` in tic-tac-toe, ``2,3`` for row 2, column 3
where rows and columns are numbered), or as words of its description (``centre``,
``take 2 from the heap of 5``). On a terminal the line can be edited and earlier
lines recalled with the arrow keys (readline, where Python has it).

Board games are drawn as grids with row and column labels, heaps as rows of
counters; ``undo`` takes back the user's last move and the computer's reply, also
once the game is over; a move that throws away a win is pointed out, with a move
that would have kept it. In a partisan game (Domineering, Clobber, ...) the user
chooses a side with ``--side``; the computer plays the other side. A game solved by
canonical values whose players have the same moves (Cram, Arc Kayles, the ``impartial:``
variants) is played as an impartial game: no sides.

Every evaluation (the first one, shown with progress on a terminal, then each of the
computer's moves, hints and checks) runs under ``--time-limit``: by default 30 s in a
game solved by canonical values (a partisan game, Cram), none on a terminal otherwise,
and 60 s when no progress can be shown.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from collections.abc import Iterator
from typing import Any

from grundy import DEFAULT_MAX_POSITIONS, bounded, solve
from grundy.cli.common import add_command, batch_time_limit, progress_line, seconds, spec_from_args
from grundy.cli.solve_cmd import refuse_huge_search
from grundy.errors import TimeLimitError, UnsupportedError
from grundy.play import needs_side, play, play_partisan

__all__ = ["play", "play_partisan", "register", "run"]

#: Seconds each evaluation of a partisan position may take (``--time-limit``).
PARTISAN_TIME_LIMIT = 30.0


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = add_command(
        sub,
        "play",
        description="Play in the terminal against the perfect player, e.g.: grundy play nim "
        "3 4 5. Type a move as its number, the position after it, I:ARGS, a cell (b2) or "
        "words of the move; undo, hint, moves, help, quit.",
    )
    p.add_argument("spec", nargs="+", metavar="SPEC", help='a position, e.g. "nim 3 4 5"')
    p.add_argument("--computer-first", action="store_true", help="let the computer move first")
    p.add_argument("--misere", action="store_true", help="the last mover loses")
    p.add_argument(
        "--side",
        choices=("left", "right", "L", "R"),
        default="left",
        help="in a partisan game, the side you play (default left; Left plays first "
        "unless --computer-first); Cram, Arc Kayles and impartial: games have no sides",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="how long each evaluation may take: the first (shown with progress on a "
        "terminal; later moves mostly reuse it), each move of the computer, each hint; "
        f"'none' for no limit (default: {PARTISAN_TIME_LIMIT:g} s in a partisan game or Cram, "
        "else none on a terminal and 60 s when no progress is shown)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play a game on the terminal."""
    position = spec_from_args(args.spec)
    partisan = any(c.game.game_type.solver == "canonical" for c in position.components)
    sided = needs_side(position)  # else played like Nim: both players have the same moves
    if partisan and args.misere:
        if sided:
            raise UnsupportedError(
                "misère play is not supported for partisan games (their values are for "
                "normal play); drop --misere"
            )
        names = sorted(
            {c.game.spec_name() for c in position.components if c.game.kind != "impartial"}
        )
        raise UnsupportedError(
            f"misère play is not supported for {', '.join(names)} (solved by canonical "
            "values, which are for normal play); drop --misere"
        )
    if not partisan:
        refuse_huge_search(position, DEFAULT_MAX_POSITIONS)
    limit: float | None
    with progress_line() as progress:
        if args.time_limit is None and partisan:
            limit, by_default = PARTISAN_TIME_LIMIT, False
        else:
            limit, by_default = batch_time_limit(args.time_limit, progress is not None)
        # Every value the game needs first is worked out here, once, with progress on a
        # terminal and under the time limit; the moves then reuse what it memoised.
        with _stops(limit, by_default), bounded(time_limit=limit, progress=progress):
            solve(position, misere=args.misere, max_moves=1 if not partisan else 0)
    read = _line_reader()
    with _stops(limit, by_default):
        if sided:
            return play_partisan(
                position,
                side=args.side[0].upper(),
                computer_first=args.computer_first,
                read=read,
                time_limit=limit,
            )
        return play(
            position,
            computer_first=args.computer_first,
            misere=args.misere,
            read=read,
            time_limit=limit,
        )


@contextlib.contextmanager
def _stops(limit: float | None, by_default: bool) -> Iterator[None]:
    """A stop at the default time limit says how to lift it (one line, exit 1)."""
    try:
        yield
    except TimeLimitError as e:
        if not by_default or limit is None or math.isinf(limit):
            raise
        raise TimeLimitError(e.seconds, e.done, e.what, default=True) from None


def _line_reader() -> Any:
    """``read(prompt)`` for the engine: on a terminal with readline (line editing, the
    arrow keys recall earlier lines, Tab completes the commands); plain lines otherwise."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: PLC0415 (input() edits lines once it is loaded)

            _complete_commands(readline)
    return _read


def _complete_commands(readline: Any) -> None:
    words = ["moves", "hint", "help", "undo", "quit"]

    def complete(text: str, state: int) -> str | None:
        fits = [w for w in words if w.startswith(text.lower())]
        return fits[state] if state < len(fits) else None

    readline.set_completer(complete)
    if "libedit" in (readline.__doc__ or ""):  # macOS: the editline spelling
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
