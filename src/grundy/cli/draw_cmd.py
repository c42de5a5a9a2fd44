"""``grundy draw SPEC --svg FILE``: draw Hackenbush pictures, winning cuts in red;
``grundy draw thermograph SPEC --svg FILE``: the thermograph of a partisan position."""

from __future__ import annotations

import argparse
from typing import Any

from grundy import solve
from grundy.cli.common import add_time_limit, limited, spec_from_args
from grundy.errors import InvalidSpecError
from grundy.lang import atomic_write, check_target

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    """Add the ``draw`` subcommand."""
    p = sub.add_parser(
        "draw",
        help="draw a Hackenbush picture, or a thermograph, as SVG",
        description='Draw a picture, e.g.: grundy draw hackenbush "0-1 1-2 2-0" --svg out.svg '
        "or grundy draw thermograph domineering:2x3 --svg t.svg",
    )
    p.add_argument("spec", nargs="+", metavar="SPEC", help='a position, e.g. "hackenbush 0-1"')
    p.add_argument("--svg", required=True, metavar="FILE", help="write the SVG picture here")
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
    if args.spec[0] == "thermograph":
        return _thermograph(args)
    from grundy.hackenbush import draw  # noqa: PLC0415 (lazy: a game family)

    position = spec_from_args(args.spec)
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


def _thermograph(args: argparse.Namespace) -> int:
    from grundy.cgt import CanonicalGame, thermograph_svg  # noqa: PLC0415 (lazy: a game family)

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
    svg = thermograph_svg(CanonicalGame(result.canonical))
    _write(args.svg, svg)
    print(
        f"wrote {args.svg}: the thermograph of {result.canonical} "
        f"(mean {result.mean}, temperature {result.temperature})"
    )
    return 0
