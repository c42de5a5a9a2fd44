"""``grundy games [NAME] [--kind KIND] [--json]``: the registered games, grouped by kind,
each with its syntax and rule; ``NAME`` shows one game in full (its example too)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from grundy import REGISTRY
from grundy.cli.common import add_command

__all__ = ["KINDS", "register", "run"]

#: Each kind of game, in listing order, with its heading.
KINDS: dict[str, str] = {
    "impartial": "Impartial games (Grundy values; a sum by nim-sum)",
    "two-player": "Two-player games (win, loss or draw, by search)",
    "partisan": "Partisan games (Left and Right; canonical values)",
}


def register(sub: Any) -> None:
    """Add the ``games`` subcommand."""
    p = add_command(
        sub,
        "games",
        description="The games, grouped by kind, e.g.: grundy games, grundy games nim, "
        "grundy games --kind partisan",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="show this game alone, in full")
    p.add_argument("--kind", choices=tuple(KINDS), help="list the games of this kind alone")
    p.add_argument("--json", action="store_true", help='print one JSON object {"games": [...]}')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """List the games (or show one)."""
    entries = [REGISTRY.get(args.name)] if args.name else list(REGISTRY)
    if args.kind:
        entries = [e for e in entries if e.family == args.kind]
    if args.json:
        print(json.dumps({"games": [e.to_dict() for e in entries]}, indent=2))
        return 0
    if args.name:
        for e in entries:
            print(e.name)
            if e.aliases:
                print(f"    also:    {', '.join(e.aliases)}")
            print(f"    kind:    {e.family}")
            print(f"    syntax:  {e.syntax}")
            print(f"    rule:    {e.rule}")
            print(f"    example: grundy solve {e.example}")
        if not entries:
            print(f"{args.name} is not a game of kind {args.kind}")
        return 0
    kinds = [*KINDS, *sorted({e.family for e in entries} - set(KINDS))]
    first = True
    for kind in kinds:
        group = [e for e in entries if e.family == kind]
        if not group:
            continue
        if not first:
            print()
        first = False
        print(KINDS.get(kind, f"{kind} games"))
        for e in group:
            alias = f"  (also: {', '.join(e.aliases)})" if e.aliases else ""
            print(f"  {e.name:<18} {e.syntax}")
            print(f"      {e.rule}{alias}")
    print()
    print("One game in full, with an example: grundy games NAME; one kind: --kind KIND")
    return 0
