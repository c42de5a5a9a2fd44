"""``grundy draw SPEC --svg FILE``: draw Hackenbush pictures, winning cuts in red, and the
board of any other position whose ruleset declares one (:mod:`grundy.core.board`);
``grundy draw thermograph SPEC --svg FILE``: the thermograph of a partisan position;
``grundy draw table GAME [-n N] --svg FILE``: the plot of a heap game's Grundy values,
the preperiod and the periods marked (:func:`grundy.heap.tabulate`)."""

from __future__ import annotations

import argparse
from typing import Any

from grundy import Position, Sum, board_svg, solve
from grundy.cli.common import (
    add_ascii,
    add_command,
    add_time_limit,
    integer_at_least,
    limited,
    pretty_values,
    spec_from_args,
)
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.lang import atomic_write, check_target

__all__ = ["MOST_PLOTTED", "register", "run"]

#: The most heaps ``grundy draw table`` plots (past that a plot is a smear, and a big file).
MOST_PLOTTED = 100_000

_heaps = integer_at_least(0, "a heap size")


def register(sub: Any) -> None:
    """Add the ``draw`` subcommand."""
    p = add_command(
        sub,
        "draw",
        description='Draw a picture, e.g.: grundy draw hackenbush "0-1 1-2 2-0" --svg out.svg, '
        "grundy draw col ../.. --svg col.svg "
        "grundy draw thermograph domineering:2x3 --svg t.svg "
        "or grundy draw table kayles -n 200 --svg kayles.svg",
    )
    p.add_argument(
        "spec",
        nargs="+",
        metavar="SPEC",
        help='a position, e.g. "hackenbush 0-1"; thermograph SPEC; or table GAME',
    )
    p.add_argument("--svg", required=True, metavar="FILE", help="write the SVG picture here")
    p.add_argument(
        "-n",
        type=_heaps,
        default=None,
        metavar="N",
        help="with table: plot heaps 0..N (default: enough to show a proved period, else "
        f"0..100; at most {MOST_PLOTTED:,})",
    )
    add_ascii(p)
    add_time_limit(p)
    p.set_defaults(func=run)


def _write(path: str, svg: str) -> None:
    """Write the picture to ``path`` atomically (a regular file only: never a FIFO or device)."""
    with atomic_write(path) as f:
        f.write(svg.encode("utf-8") + b"\n")


def run(args: argparse.Namespace) -> int:
    """Draw and write the file (within ``--time-limit``)."""
    check_target(args.svg)  # refused before the drawing is made
    with limited(args):
        return _draw(args)


def _draw(args: argparse.Namespace) -> int:
    if args.spec[0] == "table":
        return _table(args)
    if args.n is not None:
        raise InvalidSpecError(
            "-n belongs to grundy draw table (the last heap of the plot)",
            "grundy draw table GAME -n N --svg FILE, e.g. grundy draw table kayles -n 200 "
            "--svg k.svg",
        )
    if args.spec[0] == "thermograph":
        return _thermograph(args)
    from grundy.hackenbush import draw  # noqa: PLC0415 (lazy: a game family)

    position = spec_from_args(args.spec)
    if not any(
        c.game.name == "hackenbush" and c.game.kind == "impartial" for c in position.components
    ):
        return _board(args, position)  # no green Hackenbush picture: the declared board
    drawing = draw(position)
    _write(args.svg, drawing.svg)
    if not drawing.value:
        cuts = ", a P-position: no winning move"
    elif drawing.cuts:
        cuts = f", {drawing.cuts} winning cut{'s' if drawing.cuts != 1 else ''} in red"
    else:
        cuts = ", no winning cut in the pictures (the winning moves are in other components)"
    print(f"wrote {args.svg}: value {drawing.value}{cuts}")
    return 0


def _board(args: argparse.Namespace, position: Position | Sum) -> int:
    """Draw the board the position's rulesets declare."""
    board = position.board()
    if board is None:
        raise UnsupportedError(
            f"{_first_without_board(position)} declares no board to draw; grundy draw draws "
            "positions with a board (grid, strip, heaps or Hackenbush picture)"
        )
    _write(args.svg, board_svg(board, title=str(position)[:200]))
    print(f"wrote {args.svg}: the board of {str(position)[:200]}")
    return 0


def _first_without_board(position: Position | Sum) -> str:
    return next(
        (c.game.spec_name() for c in position.components if c.board() is None), "the position"
    )


def _thermograph(args: argparse.Namespace) -> int:
    from grundy.cgt import CanonicalGame, pretty, thermograph_svg  # noqa: PLC0415 (lazy: a game family)

    if len(args.spec) < 2:
        raise InvalidSpecError(
            "draw thermograph needs a position", "grundy draw thermograph SPEC --svg FILE"
        )
    result = solve(spec_from_args(args.spec[1:]), max_moves=0)
    if result.canonical is None:
        raise InvalidSpecError(
            f"{result.position} is not a partisan position, so it has no thermograph",
            "a partisan position, e.g. grundy draw thermograph domineering:2x3 --svg t.svg",
        )
    game = CanonicalGame(result.canonical)
    svg = thermograph_svg(game)
    _write(args.svg, svg)
    value = pretty(game) if pretty_values(args) else str(game)
    print(
        f"wrote {args.svg}: the thermograph of {value} "
        f"(mean {result.mean}, temperature {result.temperature})"
    )
    return 0


def _table(args: argparse.Namespace) -> int:
    """Plot a heap game's Grundy values."""
    from grundy.cli.table_cmd import game_from_words  # noqa: PLC0415 (lazy: one command)
    from grundy.heap import require_heap_game, tabulate  # noqa: PLC0415 (lazy: numpy)

    syntax = "grundy draw table GAME [-n N] --svg FILE, e.g. grundy draw table kayles -n 200"
    if len(args.spec) < 2:
        raise InvalidSpecError("draw table needs a heap game", syntax)
    if args.n is not None and args.n > MOST_PLOTTED:
        raise InvalidSpecError(
            f"a plot shows at most {MOST_PLOTTED:,} heaps, not {args.n:,}; for more values "
            "use grundy table GAME -n N",
            syntax,
        )
    game = require_heap_game(game_from_words(args.spec[1:]))
    table = tabulate(game, args.n)
    _write(args.svg, str(table.svg()))
    print(
        f"wrote {args.svg}: the Grundy values of {table.game}, heaps 0..{table.last} "
        f"({table.periodicity.reason})"
    )
    return 0
