"""``grundy table SPEC -n N [--json] [--out FILE]``: the Grundy values of heaps 0..N.

With ``--out FILE`` the table is saved (``.npz``); running again with a larger
``N`` and the same file extends it without recomputing, and Ctrl-C, the time
limit or ``kill -9`` keep the finished part: heaps are appended every few
seconds to ``FILE.journal`` (see :class:`grundy.heap.store.TableJournal`),
which the next run replays.

A table must fit in :data:`MAX_TABLE_BYTES` of memory. Beyond that, a table
whose values repeat with a proved period is *streamed* (computed piece by
piece as it is printed, never held whole); any other is refused at once,
with the size, the limit, and what can be asked instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy import REGISTRY, Ruleset, bounded
from grundy.cli.common import add_command, add_heap_game, integer_at_least, seconds
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.heap import MAX_TABLE_BYTES, SAVE_EVERY, STREAM_PROOF_SIZES, table_bytes
from grundy.lang import SPEC_SYNTAX, check_target, tokenize

__all__ = ["MAX_TABLE_BYTES", "SAVE_EVERY", "game_from_words", "register", "run", "table_bytes"]

#: Heaps printed per piece (a multiple of 10: a text row holds 10 heaps).
_PIECE = 100_000

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
    p = add_command(
        sub,
        "table",
        description="Grundy values of heaps 0..N, e.g.: grundy table kayles -n 100",
    )
    add_heap_game(p)
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
    p.add_argument(
        "--disk",
        action="store_true",
        help="with --out FOLDER: grow the table in a memory-mapped file there (tables beyond "
        "memory), checkpointed every few minutes and resumable after kill -9 or on another "
        "machine; prints the statistics at each power of two instead of the values",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="also report the largest value and where, and the sparse space (rare mask, "
        "rare heaps and values, the last rare value)",
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
    """A rich progress bar on stderr (when it is a terminal), as a ``(done, last)`` callback.

    It shows the percentage and the time left; stdout is left alone (a streamed table
    is printed while the bar runs).
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console  # noqa: PLC0415 (lazy: rich)
        from rich.progress import Progress  # noqa: PLC0415 (lazy: rich)
    except ImportError:  # pragma: no cover - rich is a dependency
        yield None
        return
    with Progress(
        console=Console(stderr=True), transient=True, redirect_stdout=False, redirect_stderr=False
    ) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, last: int) -> None:
            bar.update(task, completed=done, total=last)

        yield update


def run(args: argparse.Namespace) -> int:
    """Compute, print and save a table."""
    from grundy.heap import require_heap_game  # noqa: PLC0415 (lazy: numpy)

    game = require_heap_game(game_from_words(args.game))
    # One deadline for the whole command (the inner limits keep it): computing, saving
    # and printing a large table all stop at the time limit.
    if args.disk:
        return _disk(game, args)
    with bounded(time_limit=args.time_limit):
        if not args.out:
            return _table(game, args, None)
        from grundy.heap import TableJournal  # noqa: PLC0415 (lazy: numpy)

        check_target(args.out)  # a folder, device or FIFO is refused before any work

        with TableJournal(args.out, game.spec_name()) as journal:
            return _table(game, args, journal)


def _disk(game: Any, args: argparse.Namespace) -> int:
    """``--disk``: grow the table in the folder ``--out`` (see :mod:`grundy.heap.disk`)."""
    from grundy.errors import TimeLimitError  # noqa: PLC0415
    from grundy.heap import TakeAndBreak, disk_table  # noqa: PLC0415 (lazy: numpy)

    if not args.out:
        raise InvalidSpecError(
            "--disk needs --out FOLDER", "grundy table SPEC -n N --out DIR --disk"
        )
    if not isinstance(game, TakeAndBreak):
        raise UnsupportedError(
            f"--disk grows tables of take-and-break codes, not {game.spec_name()}"
        )
    stopped = None
    with progress_bar(f"{game.spec_name()} (on disk)", not args.no_progress) as bar:
        try:
            with bounded(time_limit=args.time_limit):
                run = disk_table(game, args.n, args.out, progress=bar)
        except TimeLimitError:
            stopped = _at_limit(args)
            run = disk_table(game, 0, args.out)  # the state as checkpointed
        except KeyboardInterrupt:
            stopped = "interrupted"
            run = disk_table(game, 0, args.out)
    for heap, rec in sorted(run.milestones.items(), key=lambda kv: int(kv[0])):
        from grundy.heap import SparseStats  # noqa: PLC0415 (lazy: numpy)

        stats = SparseStats(**rec["stats"])
        print(
            f"heaps 0..{int(heap):,}: {rec['cpu_seconds']:.1f} s CPU, peak memory "
            f"{_size(rec['peak_rss_bytes'])}; {stats.text()}"
        )
    spec = game.spec_name()
    print(f"{spec}: heaps 0..{run.count - 1:,} in {args.out} ({run.cpu_seconds:.1f} s CPU)")
    if stopped:
        print(f"{stopped}: run the same command again to go on", file=sys.stderr)
        return 130 if stopped == "interrupted" else 1
    return 0


def _table(game: Any, args: argparse.Namespace, journal: Any) -> int:
    """Compute (extending ``--out`` through ``journal`` when given), print and save."""
    from grundy.heap import periodicity  # noqa: PLC0415 (lazy: numpy)

    spec = game.spec_name()
    base = prefix = None
    if journal is not None:
        from grundy.heap import saved_values  # noqa: PLC0415 (lazy: numpy)

        base = saved_values(game, args.out)
        prefix = journal.resume(base)
        for note in journal.notes:
            print(f"grundy: note: {note}", file=sys.stderr)
        if prefix is not None:
            from grundy.heap import check_saved_values  # noqa: PLC0415 (lazy: numpy)

            how = check_saved_values(game, prefix)
            if "drawn at random" in how:  # issue 35: a table checked by sampling says so
                print(
                    f"grundy: note: the saved heaps 0..{len(prefix) - 1:,} were verified only "
                    f"by sampling ({how}); the answer rests on them",
                    file=sys.stderr,
                )
    have = 0 if prefix is None else len(prefix)
    if args.n >= have and table_bytes(game, args.n, prefix) > MAX_TABLE_BYTES:
        return _stream(game, args)
    with bounded(time_limit=args.time_limit):
        values, interrupted, notes = _compute(game, args, prefix, journal)
    for note in notes:
        print(f"grundy: note: {note}", file=sys.stderr)
    if journal is not None:
        from grundy.heap import save_table  # noqa: PLC0415 (lazy: numpy)

        if base is None or len(values) > len(base):
            save_table(
                args.out,
                spec,
                values,
                periodicity=None if interrupted else periodicity(game, values),
            )
        journal.finish()
        if interrupted:
            print(
                f"{interrupted}: saved heaps 0..{len(values) - 1} to {args.out}; "
                "run the same command again to go on",
                file=sys.stderr,
            )
            return 130 if interrupted == "interrupted" else 1
    elif interrupted == "interrupted":
        # A new line after the ``^C`` the terminal echoed.
        print(f"\n{interrupted}" if sys.stderr.isatty() else interrupted, file=sys.stderr)
        return 130
    elif interrupted:
        print(f"grundy: error: {interrupted}", file=sys.stderr)
        return 1
    shown = values[: args.n + 1]
    per = periodicity(game, shown)
    stats = None
    if args.stats:
        from grundy.heap import sparse_stats  # noqa: PLC0415 (lazy: numpy)

        stats = sparse_stats(shown)
    if args.out and not (args.json or args.csv):
        print(f"{spec}: saved the Grundy values of heaps 0..{len(values) - 1} to {args.out}")
        print(f"Periodicity: {per.reason}")
        if stats is not None:
            print(f"Values: {stats.text()}")
        return 0
    from grundy.heap import table_pieces  # noqa: PLC0415 (lazy: numpy)

    _print_table(spec, args, table_pieces(shown, args.n, piece=_PIECE), per, stats)
    return 0


def _print_table(
    spec: str, args: argparse.Namespace, pieces: Iterable[Any], per: Any, stats: Any = None
) -> None:
    """Print heaps ``0..args.n`` given as consecutive numpy pieces (JSON, CSV or rows of 10),
    writing each piece as it comes: the whole table is never held as text or Python ints.
    ``stats`` (a :class:`grundy.heap.SparseStats`, with ``--stats``) follows the
    periodicity (not in CSV)."""
    write = sys.stdout.write
    if args.json:
        write('{"game": ' + json.dumps(spec) + ', "values": [')
        sep = ""
        for piece in pieces:
            write(sep + ", ".join(map(str, piece.tolist())))
            sep = ", "
        write('], "periodicity": ' + json.dumps(per.to_dict()))
        if stats is not None:
            write(', "stats": ' + json.dumps(stats.to_dict()))
        write("}\n")
        return
    if args.csv:
        write("heap,grundy\n")
        n = 0
        for piece in pieces:
            write("".join(f"{n + i},{v}\n" for i, v in enumerate(piece.tolist())))
            n += len(piece)
        return
    write(f"{spec}: Grundy values of heaps 0..{args.n}\n")
    width = len(str(args.n))
    n = 0
    for piece in pieces:
        write(_rows_of_ten(piece, n, width))
        n += len(piece)
    write(f"Periodicity: {per.reason}\n")
    if stats is not None:
        write(f"Values: {stats.text()}\n")


def _rows_of_ten(piece: Any, first: int, width: int) -> str:
    from grundy.heap import rows_of_ten  # noqa: PLC0415 (lazy: numpy)

    return rows_of_ten(piece, first, width)


def _stream(game: Any, args: argparse.Namespace) -> int:
    """A table too large for memory: streamed from a proved period, else refused at once."""
    spec = game.spec_name()
    need = table_bytes(game, args.n, None)
    from grundy.heap import proved_period  # noqa: PLC0415 (lazy: numpy)

    found = None if args.out or args.compute_all else proved_period(game, args.time_limit)
    if found is None:
        raise UnsupportedError(_too_large(game, args, need))
    per, base = found
    per = dataclasses.replace(per, checked_to=args.n)  # every value shown follows the proof
    if args.stats:
        print(
            "grundy: note: --stats is not computed for a table streamed from its period "
            "('grundy period' reports the values of the preperiod and one period)",
            file=sys.stderr,
        )
    print(
        f"grundy: note: a table of {args.n + 1:,} heaps would take {_size(need)} of memory "
        f"(the limit is {_size(MAX_TABLE_BYTES)}): printed piece by piece from the "
        f"{per.reason}",
        file=sys.stderr,
    )
    from grundy.heap import periodic_pieces  # noqa: PLC0415 (lazy: numpy)

    def pieces(update: Callable[[int, int], None] | None) -> Iterator[Any]:
        done = 0
        for piece in periodic_pieces(per, base, args.n, piece=_PIECE):
            yield piece
            done += len(piece)
            if update is not None:
                update(done, args.n + 1)

    shown_bar = not args.no_progress and not sys.stdout.isatty()
    with (
        progress_bar(f"{spec} (from its period)", shown_bar) as bar,
        bounded(time_limit=args.time_limit),
    ):
        _print_table(spec, args, pieces(bar), per)
    return 0


def _too_large(game: Any, args: argparse.Namespace, need: int) -> str:
    """The refusal of a table that does not fit in memory: sizes, limit, and what to ask."""
    spec = game.spec_name()
    per_heap = need // (args.n + 1)
    fits = MAX_TABLE_BYTES // per_heap - 1
    if args.out:
        why = "a saved table (--out) is held whole"
    elif args.compute_all:
        why = "--compute-all runs the kernel on every heap"
    elif not game.has_periodicity_theorem():
        why = f"no periodicity theorem applies to {spec} (its values cannot be streamed)"
    else:
        why = f"no period of {spec} is proved in its first {STREAM_PROOF_SIZES[-1]:,} heaps"
    return (
        f"a table of {spec} up to heap {args.n:,} would take {_size(need)} of memory, beyond "
        f"the limit of {_size(MAX_TABLE_BYTES)}, and {why}; ask for -n up to {fits:,}, "
        f"for the periodicity ('grundy period {spec}'), or for the value at one heap "
        f"('grundy solve \"{spec} {args.n}\"')"
    )


def _size(n: int) -> str:
    """Bytes in words.

    >>> _size(1 << 30), _size(3 * (1 << 29)), _size(5_000_000)
    ('1 GiB', '1.5 GiB', '4.8 MiB')
    """
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"


def _at_limit(args: argparse.Namespace) -> str:
    return (
        f"stopped at the time limit of {args.time_limit:g} s (raise it with --time-limit SECONDS)"
    )


def _compute(
    game: Any, args: argparse.Namespace, prefix: Any, journal: Any
) -> tuple[Any, str | None, list[str]]:
    """``(values, why it stopped early or None, notes)``, by the library's
    :func:`grundy.heap.compute_table` (with a progress bar on a terminal)."""
    from grundy.heap import compute_table  # noqa: PLC0415 (lazy: numpy)

    def bar(label: str) -> Any:
        return progress_bar(label, not args.no_progress)

    run = compute_table(
        game,
        args.n,
        prefix=prefix,
        journal=journal,
        kernel=args.kernel,
        compute_all=args.compute_all,
        bar=bar,
    )
    why = _at_limit(args) if run.stopped == "time" else run.stopped
    return run.values, why, run.notes
