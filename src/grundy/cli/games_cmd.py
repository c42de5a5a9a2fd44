"""``grundy games``: every registered game with its syntax and rule."""

from __future__ import annotations

import argparse
import json
from typing import Any

from grundy import REGISTRY

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    """Add the ``games`` subcommand."""
    p = sub.add_parser("games", help="list every game with its syntax and rule")
    p.add_argument("--json", action="store_true", help='print one JSON object {"games": [...]}')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """List the games."""
    if args.json:
        rows = [
            {
                "name": e.name,
                "aliases": list(e.aliases),
                "syntax": e.syntax,
                "rule": e.rule,
                "example": e.example,
                "family": e.family,
            }
            for e in REGISTRY
        ]
        print(json.dumps({"games": rows}, indent=2))
        return 0
    for e in REGISTRY:
        alias = f"  (also: {', '.join(e.aliases)})" if e.aliases else ""
        print(f"{e.name}{alias}")
        print(f"    syntax:  {e.syntax}")
        print(f"    rule:    {e.rule}")
        print(f"    example: grundy solve {e.example}")
    return 0
