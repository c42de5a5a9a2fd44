"""``grundy verify FILE``: re-check a saved table and the period it claims with a short,
separate implementation of the mex rule and the octal periodicity theorem
(:mod:`grundy.heap.verify`, which shares no code with the kernels), saying exactly what was
checked. Exit status 0 when everything checked holds, 1 when something does not."""

from __future__ import annotations

import argparse
import json
from typing import Any

from grundy import bounded
from grundy.cli.common import add_command, add_time_limit, progress_line
from grundy.cli.table_cmd import game_from_words
from grundy.errors import UnsupportedError

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    """Add the ``verify`` subcommand."""
    p = add_command(
        sub,
        "verify",
        description="Re-check a table saved by 'grundy table --out' or 'grundy period --out', "
        "e.g.: grundy verify kayles.npz",
    )
    p.add_argument("file", metavar="FILE", help="a saved table (.npz)")
    p.add_argument("--json", action="store_true", help="print {file, game, ok, checks, failure}")
    add_time_limit(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Verify and print what was checked."""
    from grundy.heap import (  # noqa: PLC0415 (lazy: numpy)
        TakeAndBreak,
        read_table_file,
        verify_values,
    )

    header, values = read_table_file(args.file)
    spec = header["game"]
    game = game_from_words([spec])
    if not isinstance(game, TakeAndBreak):
        raise UnsupportedError(f"grundy verify checks take-and-break codes, not {spec}")
    claim = header.get("periodicity")
    with (
        progress_line(not args.no_progress) as progress,
        bounded(time_limit=args.time_limit, progress=progress),
    ):
        result = verify_values(
            values,
            str(game.code),
            unequal=game.unequal,
            claim=claim if isinstance(claim, dict) else None,
        )
    first = f"the SHA-256 of heaps 0..{len(values) - 1} ({values.dtype}) matches the header"
    checks = [first, *result.checks]
    if args.json:
        out = {
            "file": args.file,
            "game": spec,
            "code": str(game.code),
            "ok": result.ok,
            "checks": checks,
            "failure": result.failure,
            "unchecked": result.unchecked,
        }
        print(json.dumps(out))
        return 0 if result.ok else 1
    print(f"{args.file}: {spec} (code {game.code}), heaps 0..{len(values) - 1}")
    if isinstance(claim, dict) and claim.get("period"):
        saltus = f" with saltus {claim['saltus']}" if claim.get("saltus") else ""
        print(f"claimed: period {claim['period']} from heap {claim.get('preperiod')}{saltus}")
    for line in checks:
        print(f"checked: {line}")
    print(f"not checked: {result.unchecked}")
    if result.ok:
        print("verified")
        return 0
    print(f"NOT verified: {result.failure}")
    return 1
