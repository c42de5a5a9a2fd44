"""``grundy quotient SPEC [-n N] [--json] [--table] [--out FILE] [--max-work STEPS] [--max-order N]
[--time-limit SECONDS]``:
the misère quotient of a heap game (order, presentation, P-portion, pretending function).

With ``--out FILE`` the computation is checkpointed to FILE (JSON with a
checksum) after each heap that changes the quotient and at the end; running
again with the same FILE resumes from it. A heap stopped part way by a bound
saves the candidate its search had reached, and goes on from it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy import HeapGame
from grundy.cli.common import add_command, add_heap_game, integer_at_least, seconds
from grundy.cli.table_cmd import game_from_words
from grundy.errors import InvalidSpecError, SearchLimitError, UnsupportedError
from grundy.lang import check_target
from grundy.quotient import (
    DEFAULT_MAX_ORDER,
    DEFAULT_MAX_STATES,
    DEFAULT_MAX_WORK,
    MisereQuotient,
    QuotientBuilder,
    QuotientLimitError,
    deadline_after,
    load_checkpoint,
    save_checkpoint,
    saved_search,
)

__all__ = ["register", "run"]

_natural = integer_at_least(0, "a heap size")
_steps = integer_at_least(1, "a number of steps")
_elements = integer_at_least(1, "a number of elements")


def register(sub: Any) -> None:
    """Add the ``quotient`` subcommand."""
    p = add_command(
        sub,
        "quotient",
        description="The misère quotient of heaps 0..N, e.g.: grundy quotient octal:0.75 -n 30",
    )
    add_heap_game(p, "octal:0.75")
    p.add_argument("-n", type=_natural, default=30, metavar="N", help="the last heap (default 30)")
    p.add_argument("--json", action="store_true", help="print everything as one JSON object")
    p.add_argument("--table", action="store_true", help="also print the multiplication table")
    p.add_argument("--out", metavar="FILE", help="checkpoint to FILE (JSON); resumes from it")
    p.add_argument(
        "--max-work",
        type=_steps,
        default=DEFAULT_MAX_WORK,
        metavar="STEPS",
        help=f"steps allowed for one heap (default {DEFAULT_MAX_WORK:,}, about 10 s; a larger "
        f"value also lifts the bound of one exact check, {DEFAULT_MAX_STATES:,})",
    )
    p.add_argument(
        "--max-order",
        type=_elements,
        default=DEFAULT_MAX_ORDER,
        metavar="N",
        help=f"largest quotient or candidate kept (default {DEFAULT_MAX_ORDER:,}; the quotient's "
        "table takes 4·N² bytes)",
    )
    p.add_argument(
        "--time-limit", type=seconds, metavar="SECONDS", help="stop after SECONDS (saved first)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute (or resume), print and save a quotient."""
    game = game_from_words(args.game)
    if not isinstance(game, HeapGame):
        raise UnsupportedError(f"{game.spec_name()} is not a heap game, so it has no quotient")
    spec = game.spec_name()
    if args.out:
        check_target(args.out)  # a folder, device or FIFO is refused before any work
    if args.out and os.path.exists(args.out):
        builder = load_checkpoint(args.out, game, spec)
    else:
        builder = QuotientBuilder(game)
    deadline = deadline_after(args.time_limit)
    grown = len(builder.changed_at)

    def checkpoint(done: int, last: int) -> None:
        nonlocal grown
        if bar is not None:
            bar(done, last, builder.order)
        if args.out and len(builder.changed_at) != grown:
            grown = len(builder.changed_at)
            save_checkpoint(args.out, spec, builder)

    try:
        with _heap_bar(spec, builder.done, args.n) as bar:
            builder.extend(
                args.n,
                deadline=deadline,
                progress=checkpoint,
                max_work=args.max_work,
                max_order=args.max_order,
                # --max-work also lifts the bound of one exact check: the check's steps
                # count towards the heap's, so the work bound is met first.
                max_states=max(DEFAULT_MAX_STATES, args.max_work),
            )
    except KeyboardInterrupt:
        if args.out:
            save_checkpoint(args.out, spec, builder)
        raise
    except SearchLimitError as e:
        # A heap is added whole or not at all: what was built is exact. Show the quotient
        # observed so far, then say where and why it stopped (exit 1, as a time limit does).
        if args.out:
            save_checkpoint(args.out, spec, builder)
            e = _stopped(e, builder, args.out)
        if isinstance(e, QuotientLimitError) and "max_work=" in str(e):
            e = QuotientLimitError(str(e).replace("max_work=", "--max-work STEPS"))
        if builder.done < 1:
            raise e from None
        _show(MisereQuotient.from_builder(game, builder), args)
        sys.stdout.flush()
        print(f"grundy: stopped after heap {builder.done}: {e}", file=sys.stderr)
        return 1
    if args.out:
        save_checkpoint(args.out, spec, builder)
    if builder.done > args.n:
        raise InvalidSpecError(
            f"{args.out} already covers heaps 0..{builder.done}; ask for -n {builder.done}",
            f"-n {builder.done} or a new file",
        )
    _show(MisereQuotient.from_builder(game, builder), args)
    return 0


@contextmanager
def _heap_bar(spec: str, done: int, last: int) -> Iterator[Callable[[int, int, int], None] | None]:
    """Progress per heap on stderr when it is a terminal: the heap reached, the order of
    the quotient so far and the time spent (stdout is left alone)."""
    if not sys.stderr.isatty() or done >= last:
        yield None
        return
    from rich.console import Console  # noqa: PLC0415 (lazy: rich)
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn  # noqa: PLC0415

    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"quotient of {spec}: heap {done}", total=last, completed=done)

        def update(heap: int, _last: int, order: int) -> None:
            text = f"quotient of {spec}: heap {heap} of {last}, order {order}"
            progress.update(task, completed=heap, description=text)

        yield update


def _show(q: Any, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(q.to_dict(), ensure_ascii=False))
    else:
        _print(q, args.table)


def _stopped(error: BaseException, builder: QuotientBuilder, path: str) -> QuotientLimitError:
    saved = f"heaps 0..{builder.done}"
    pending = saved_search(builder)
    if pending is not None:
        saved += (
            f" and the search of heap {pending.heap} (candidate {pending.tries + 1}, "
            f"{pending.trial.order:,} elements)"
        )
    return QuotientLimitError(f"{error}; saved {saved} to {path} (run again to go on)")


def _print(q: Any, table: bool) -> None:
    print(q.text(table=table))
