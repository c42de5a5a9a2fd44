"""``grundy period SPEC [-n N] [--json]``: preperiod, period and saltus of a heap game,
proved where a theorem applies, otherwise "observed up to N"; the table grows (doubling)
until a period is proved or it reaches N heaps (default: 2^25 for take-and-break codes),
and the literature's columns (largest value, sparse space) are shown."""

from __future__ import annotations

import argparse
import json
from typing import Any

from grundy import bounded
from grundy.cli.common import (
    add_command,
    add_heap_game,
    add_time_limit,
    integer_at_least,
    progress_line,
)
from grundy.cli.table_cmd import MAX_TABLE_BYTES, game_from_words, table_bytes
from grundy.errors import UnsupportedError

__all__ = ["register", "run"]


_natural = integer_at_least(1, "a positive heap size")


def register(sub: Any) -> None:
    """Add the ``period`` subcommand."""
    p = add_command(
        sub,
        "period",
        description="Find preperiod, period and saltus, e.g.: grundy period kayles",
    )
    add_heap_game(p)
    p.add_argument(
        "-n",
        type=_natural,
        metavar="N",
        help="grow the table until a period is proved, up to heap N (default: 33,554,432 "
        "for take-and-break codes whose heaps cost linear time)",
    )
    p.add_argument("--json", action="store_true", help="print {game, periodicity, stats} as JSON")
    p.add_argument(
        "--out",
        metavar="FILE",
        help="save the table computed and its period to FILE (.npz; 'grundy verify FILE' "
        "re-checks it)",
    )
    add_time_limit(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Find and print the periodicity."""
    from grundy.heap import grow_periodicity, require_heap_game  # noqa: PLC0415 (lazy: numpy)

    game = require_heap_game(game_from_words(args.game))
    if args.out:
        from grundy.lang import check_target  # noqa: PLC0415 (lazy)

        check_target(args.out)
    if args.n is not None and table_bytes(game, args.n, None) > MAX_TABLE_BYTES:
        fits = MAX_TABLE_BYTES // table_bytes(game, 0, None) - 1
        raise UnsupportedError(
            f"heaps 0..{args.n:,} of {game.spec_name()} would not fit in "
            f"{MAX_TABLE_BYTES >> 30} GiB of memory; ask for -n up to {fits:,}, or leave -n "
            "out (the table then grows until a period is proved)"
        )
    with (
        progress_line(not args.no_progress) as progress,
        bounded(time_limit=args.time_limit, progress=progress),
    ):
        found = grow_periodicity(game, args.n)
    per, values = found.periodicity, found.values
    if args.out:
        from grundy.heap import save_table  # noqa: PLC0415 (lazy: numpy)

        save_table(args.out, game.spec_name(), values, periodicity=per)
    if args.json:
        out = {
            "game": game.spec_name(),
            "periodicity": per.to_dict(),
            "stats": found.stats.to_dict(),
            "search": found.to_dict(),
        }
        print(json.dumps(out))
        return 0
    print(f"{game.spec_name()}: {per.reason}")
    if per.period is not None and per.preperiod is not None:
        e, p = per.preperiod, per.period
        shown = " ".join(str(int(v)) for v in values[e : e + min(p, 60)])
        more = " ..." if p > 60 else ""
        status = "proved" if per.proved else f"observed up to heap {per.checked_to}"
        print(f"preperiod {e}, period {p}, saltus {per.saltus} ({status})")
        print(f"values of heaps {e}..{e + p - 1}: {shown}{more}")
    if not per.proved:
        print(f"Search: {found.looked()}")
    print(f"Values: {found.stats.text()}")
    return 0
