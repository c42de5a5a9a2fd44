"""``grundy table SPEC -n N [--json] [--out FILE]``: the Grundy values of heaps 0..N.

With ``--out FILE`` the table is saved (``.npz``); running again with a larger
``N`` and the same file extends it without recomputing, and Ctrl-C keeps the
finished part.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy import REGISTRY, Ruleset, TimeLimitError, bounded
from grundy.cli.common import integer_at_least, seconds
from grundy.errors import InvalidSpecError
from grundy.lang import SPEC_SYNTAX, tokenize

__all__ = ["game_from_words", "register", "run"]

#: Seconds between checkpoints of a long table (at most this much work is lost to kill -9).
SAVE_EVERY = 10

_GAME_SYNTAX = "a heap game without heap sizes, e.g. kayles, octal:0.07 or subtraction:1,3,4"


def game_from_words(words: list[str]) -> Ruleset:
    """The ruleset named by ``NAME[:PARAMS]`` (no heap sizes)."""
    tokens = [t for w in words for t in tokenize(w)]
    if len(tokens) != 1:
        raise InvalidSpecError(f"expected one game, got {' '.join(tokens)!r}", _GAME_SYNTAX)
    name, colon, params = tokens[0].partition(":")
    if colon and not params:
        raise InvalidSpecError(f"empty parameters after {name}:", SPEC_SYNTAX)
    return REGISTRY.get(name).build(params if colon else None)


_natural = integer_at_least(0, "a heap size")


def register(sub: Any) -> None:
    """Add the ``table`` subcommand."""
    p = sub.add_parser(
        "table",
        help="Grundy values of heaps 0..N of a heap game",
        description="Grundy values of heaps 0..N, e.g.: grundy table kayles -n 100",
    )
    p.add_argument("game", nargs="+", metavar="SPEC", help="a heap game, e.g. kayles or octal:0.07")
    p.add_argument("-n", type=_natural, required=True, metavar="N", help="the last heap size")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print {values, periodicity} as JSON")
    shown.add_argument(
        "--csv", action="store_true", help="print the table as CSV (columns heap,grundy)"
    )
    p.add_argument("--out", metavar="FILE", help="save to FILE (.npz); extends FILE if it exists")
    p.add_argument(
        "--kernel",
        choices=("auto", "plain", "rare"),
        default="auto",
        help="take-and-break kernel: straightforward (plain) or rare-value (default: auto)",
    )
    p.add_argument(
        "--compute-all",
        action="store_true",
        help="run the kernel on every heap (default: fill from a period once it is proved)",
    )
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="stop cleanly after SECONDS, keeping (and with --out saving) the finished heaps",
    )
    p.set_defaults(func=run)


@contextmanager
def progress_bar(label: str, enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar on stderr (when it is a terminal), as a ``(done, last)`` callback."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console  # noqa: PLC0415 (lazy: rich)
        from rich.progress import Progress  # noqa: PLC0415 (lazy: rich)
    except ImportError:  # pragma: no cover - rich is a dependency
        yield None
        return
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, last: int) -> None:
            bar.update(task, completed=done, total=last)

        yield update


def run(args: argparse.Namespace) -> int:
    """Compute, print and save a table."""
    from grundy.heap import periodicity, require_heap_game  # noqa: PLC0415 (lazy: numpy)

    game = require_heap_game(game_from_words(args.game))
    spec = game.spec_name()
    prefix = None
    if args.out and os.path.exists(args.out):
        from grundy.heap import check_saved_values, load_table  # noqa: PLC0415 (lazy: numpy)

        saved, prefix = load_table(args.out)
        if saved != spec:
            raise InvalidSpecError(
                f"{args.out} holds a table of {saved}, not {spec}", f"a new file for {spec}"
            )
        check_saved_values(game, prefix)
    with bounded(time_limit=args.time_limit):
        values, interrupted, notes = _compute(game, args, prefix)
    for note in notes:
        print(f"grundy: note: {note}", file=sys.stderr)
    if args.out:
        from grundy.heap import save_table  # noqa: PLC0415 (lazy: numpy)

        if prefix is None or len(values) > len(prefix):
            save_table(args.out, spec, values)
        if interrupted:
            print(
                f"{interrupted}: saved heaps 0..{len(values) - 1} to {args.out}; "
                "run the same command again to go on",
                file=sys.stderr,
            )
            return 130 if interrupted == "interrupted" else 1
    elif interrupted:
        print(f"\n{interrupted}", file=sys.stderr)
        return 130 if interrupted == "interrupted" else 1
    shown = values[: args.n + 1]
    per = periodicity(game, shown)
    if args.json:
        print(
            json.dumps(
                {"game": spec, "values": [int(v) for v in shown], "periodicity": per.to_dict()}
            )
        )
        return 0
    if args.csv:
        sys.stdout.write("heap,grundy\n")
        sys.stdout.writelines(f"{n},{int(v)}\n" for n, v in enumerate(shown))
        return 0
    if args.out:
        print(f"{spec}: saved the Grundy values of heaps 0..{len(values) - 1} to {args.out}")
    else:
        print(f"{spec}: Grundy values of heaps 0..{args.n}")
        width = len(str(args.n))
        for start in range(0, len(shown), 10):
            row = " ".join(f"{int(v):>3}" for v in shown[start : start + 10])
            print(f"{start:>{width}}: {row}")
    print(f"Periodicity: {per.reason}")
    return 0


def _at_limit(args: argparse.Namespace) -> str:
    return (
        f"stopped at the time limit of {args.time_limit:g} s (raise it with --time-limit SECONDS)"
    )


def _compute(game: Any, args: argparse.Namespace, prefix: Any) -> tuple[Any, str | None, list[str]]:
    """``(values, why it stopped early or None, notes)``; on Ctrl-C or at the time limit
    the finished part comes back."""
    from grundy.heap import TakeAndBreak, heap_table  # noqa: PLC0415 (lazy: numpy)

    if prefix is not None and len(prefix) > args.n:
        return prefix, None, []
    if not isinstance(game, TakeAndBreak):
        try:
            return heap_table(game, args.n, prefix=prefix), None, []
        except KeyboardInterrupt:
            return prefix if prefix is not None else [0], "interrupted", []
        except TimeLimitError:
            return prefix if prefix is not None else [0], _at_limit(args), []
    from grundy.heap import TableBuilder, save_table  # noqa: PLC0415 (lazy: numpy)

    builder = TableBuilder(
        game, prefix=prefix, method=args.kernel, period_fill=not args.compute_all
    )
    saved_at = time.monotonic()

    with progress_bar(f"{game.spec_name()} ({builder.method} kernel)", not args.no_progress) as bar:

        def on_chunk(done: int, last: int) -> None:
            nonlocal saved_at
            if bar is not None:
                bar(done, last)
            if args.out and time.monotonic() - saved_at > SAVE_EVERY:
                save_table(args.out, game.spec_name(), builder.values[: builder.count])
                saved_at = time.monotonic()

        try:
            builder.extend(args.n, on_chunk)
        except KeyboardInterrupt:
            return builder.values[: builder.count].copy(), "interrupted", builder.notes
        except TimeLimitError:
            return builder.values[: builder.count].copy(), _at_limit(args), builder.notes
    return builder.values[: args.n + 1], None, builder.notes
