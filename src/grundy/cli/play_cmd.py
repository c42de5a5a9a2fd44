"""``grundy play SPEC [--computer-first] [--misere] [--side left|right]``: play against the
perfect player (the engine is :mod:`grundy.play`).

You type a move as the resulting position (``nim 1 4 5``), as its number in
the ``moves`` list, or in the short form ``[I:]ARGS``: component I (counted
from 1; may be left out when there is one component) becomes ``ARGS``, so in
``nim 3 4 5`` the move ``1:1`` takes 2 from the first heap.

Board games are drawn as grids with row and column labels, heaps as rows of
counters; ``undo`` takes back the user's last move and the computer's reply;
a move that throws away a win is pointed out, with a move that would have kept it.
In a partisan game (Domineering, Clobber, ...) the user chooses a side with
``--side``; the computer plays the other side.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy import DEFAULT_MAX_POSITIONS, bounded, solve
from grundy.cli.common import progress_line, seconds, spec_from_args
from grundy.cli.solve_cmd import refuse_huge_search
from grundy.errors import UnsupportedError
from grundy.play import play, play_partisan

__all__ = ["play", "play_partisan", "register", "run"]

#: Seconds the first evaluation of a partisan position may take (``--time-limit``).
PARTISAN_TIME_LIMIT = 30.0


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = sub.add_parser(
        "play",
        help="play a position against the perfect player",
        description="Play in the terminal against the perfect player, e.g.: grundy play nim 3 4 5",
    )
    p.add_argument("spec", nargs="+", metavar="SPEC", help='a position, e.g. "nim 3 4 5"')
    p.add_argument("--computer-first", action="store_true", help="let the computer move first")
    p.add_argument("--misere", action="store_true", help="the last mover loses")
    p.add_argument(
        "--side",
        choices=("left", "right", "L", "R"),
        default="left",
        help="in a partisan game, the side you play (default left; Left plays first "
        "unless --computer-first)",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=PARTISAN_TIME_LIMIT,
        metavar="SECONDS",
        help="in a partisan game, how long the first evaluation of the position may take "
        f"(default {PARTISAN_TIME_LIMIT:g}; later moves reuse it)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play a game on the terminal."""
    position = spec_from_args(args.spec)
    if any(c.game.game_type.solver == "canonical" for c in position.components):
        if args.misere:
            raise UnsupportedError(
                "misère play is not supported for partisan games (their values are for "
                "normal play); drop --misere"
            )
        # Every value the game will need is worked out here, once, with progress on a
        # terminal and under the time limit; the moves then reuse the memoised regions.
        with progress_line() as progress, bounded(time_limit=args.time_limit, progress=progress):
            solve(position, max_moves=0)
        side = args.side[0].upper()
        return play_partisan(position, side=side, computer_first=args.computer_first)
    refuse_huge_search(position, DEFAULT_MAX_POSITIONS)
    return play(position, computer_first=args.computer_first, misere=args.misere)
