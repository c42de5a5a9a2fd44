"""``grundy census FAMILY [options]``: every code of a family on a Dask cluster, into SQLite;
``grundy census show DB [filters]``: list, group and export the results.

The work is done by :mod:`grundy.census`; this module parses options and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from grundy.cli.common import UsageError, add_command, integer_at_least, seconds
from grundy.errors import InvalidSpecError

if TYPE_CHECKING:
    from grundy.census import CensusStore, RowFilter

__all__ = ["register", "run"]

_heaps = integer_at_least(1, "a number of heaps >= 1")
_natural = integer_at_least(0, "a heap size")
_positive = integer_at_least(1, "a positive integer")

USAGE_SHOW = "grundy census show DB [--code GLOB] [--stopped WHY] [--proved|--unproved] ..."
DEFAULT_DB = "census.db"
#: ``grundy census show`` lists at most this many rows unless ``--limit`` says otherwise.
SHOW_ROWS = 200


def register(sub: Any) -> None:
    """Add the ``census`` subcommand."""
    p = add_command(
        sub,
        "census",
        description=(
            "Compute every code of FAMILY (octal:D, hex:D, subtraction:B, list:CODES, "
            "file:PATH) to N heaps or until its period is proved, on a Dask cluster, into "
            "an SQLite database; 'grundy census show DB' lists the results. "
            "E.g.: grundy census octal:2 -n 4096 --db octal2.db"
        ),
    )
    p.add_argument(
        "words", nargs="+", metavar="FAMILY", help="the family, or: show DB (list results)"
    )
    run_opts = p.add_argument_group("computing a census")
    run_opts.add_argument(
        "-n", type=_heaps, default=1 << 16, metavar="N", help="heaps per code (default 65,536)"
    )
    run_opts.add_argument(
        "--db", default=DEFAULT_DB, metavar="PATH", help=f"the database (default {DEFAULT_DB})"
    )
    run_opts.add_argument(
        "--misere", type=_natural, metavar="M", help="also the misère quotient's order to heap M"
    )
    run_opts.add_argument(
        "--misere-work",
        type=_positive,
        default=2_000_000,
        metavar="STEPS",
        help="step budget of one heap of a quotient (default 2,000,000)",
    )
    run_opts.add_argument(
        "--misere-seconds",
        type=seconds,
        default=30.0,
        metavar="S",
        help="time allowed for one code's quotient (default 30)",
    )
    run_opts.add_argument(
        "--time-cap",
        type=seconds,
        default=600.0,
        metavar="S",
        help="time allowed for one code's table (default 600); the heaps done are kept",
    )
    run_opts.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="an existing Dask scheduler to use"
    )
    run_opts.add_argument(
        "--workers", type=_positive, metavar="K", help="local worker processes (default: cores)"
    )
    run_opts.add_argument(
        "--chunk", type=_positive, default=32, metavar="K", help="cheap codes per task (32)"
    )
    run_opts.add_argument(
        "--dashboard",
        nargs="?",
        const="127.0.0.1:8787",
        metavar="ADDR",
        help="serve the Dask dashboard of the local cluster (needs bokeh; 127.0.0.1:8787)",
    )
    run_opts.add_argument("--redo", action="store_true", help="recompute codes already done")
    run_opts.add_argument("--no-progress", action="store_true", help="no progress bar")
    show = p.add_argument_group("census show DB")
    show.add_argument("--code", metavar="GLOB", help="codes (or labels) matching GLOB, e.g. '0.1*'")
    show.add_argument(
        "--stopped", metavar="WHY", help="proved, heaps, limit, time or error (how a code ended)"
    )
    which = show.add_mutually_exclusive_group()
    which.add_argument("--proved", action="store_true", help="only codes with a proved period")
    which.add_argument("--unproved", action="store_true", help="only codes without one")
    show.add_argument("--period", type=_positive, metavar="P", help="only codes of period P")
    show.add_argument("--limit", type=_positive, metavar="K", help=f"at most K rows ({SHOW_ROWS})")
    fmt = show.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="export the rows as CSV")
    fmt.add_argument("--json", action="store_true", help="export the rows as JSON")
    show.add_argument(
        "--groups",
        action="store_true",
        help="codes with identical sequences (as text, or --json), of the rows selected",
    )
    fmt.add_argument("--runs", action="store_true", help="the census runs recorded")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute a census, or show one."""
    if args.words[0] == "show":
        return _show(args)
    if len(args.words) != 1:
        raise UsageError(
            "grundy census",
            f"one FAMILY expected, got {len(args.words)} words",
            "grundy census FAMILY [-n N] [--db PATH] ... | " + USAGE_SHOW,
        )
    from grundy.census import (  # noqa: PLC0415 (lazy: numpy, dask)
        CensusParams,
        CensusStore,
        parse_family,
        require_dask,
        run_census,
    )

    family = parse_family(args.words[0])  # bad input first, then what is missing
    require_dask()
    params = CensusParams(
        heaps=args.n,
        misere=args.misere,
        misere_work=args.misere_work,
        misere_seconds=args.misere_seconds,
        time_cap=args.time_cap,
    )
    items = family.items()
    if args.dashboard and args.scheduler is None:
        print(
            f"Dask dashboard: http://{args.dashboard}/status (it needs bokeh installed)",
            file=sys.stderr,
        )
    with CensusStore(args.db) as store, _bar(not args.no_progress) as progress:
        try:
            summary = run_census(
                family.text,
                items,
                params,
                store,
                scheduler=args.scheduler,
                workers=args.workers,
                dashboard=args.dashboard,
                chunk=args.chunk,
                redo=args.redo,
                progress=progress,
            )
        except KeyboardInterrupt:
            print(
                f"\ninterrupted: {store.count():,} codes stored in {args.db}; "
                "run the same command again to go on",
                file=sys.stderr,
            )
            return 130
    for code, why in summary.refused:  # a stored row that failed its check (issue 35)
        print(f"grundy: note: the stored row of {code} was computed again: {why}", file=sys.stderr)
    unproved = summary.computed - summary.proved - summary.errors
    print(
        f"{family.text}: {summary.codes:,} codes, {summary.skipped:,} already done, "
        f"{summary.computed:,} computed ({summary.proved:,} periods proved, {unproved:,} "
        f"without a proved period, {summary.errors:,} errors) in {summary.seconds:.1f} s "
        f"on {summary.cluster}; results in {args.db} (grundy census show {args.db})"
    )
    return 1 if summary.errors else 0


@contextmanager
def _bar(enabled: bool) -> Iterator[Callable[[int, int, Any], None] | None]:
    """A rich progress bar over codes on stderr (a terminal only)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console  # noqa: PLC0415 (lazy: rich)
    from rich.progress import (  # noqa: PLC0415 (lazy: rich)
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("census"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("codes; {task.fields[last]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("census", total=None, last="")

        def update(done: int, total: int, result: Any) -> None:
            bar.update(task, completed=done, total=total, last=f"{result.code} {result.stopped}")

        yield update


def _show(args: argparse.Namespace) -> int:
    from grundy.census import (  # noqa: PLC0415 (lazy: numpy)
        CensusStore,
        RowFilter,
        rows_to_csv,
        rows_to_json,
    )

    if len(args.words) != 2:
        raise UsageError("grundy census show", "one database path expected", USAGE_SHOW)
    allowed = ("proved", "heaps", "limit", "time", "error")
    if args.stopped is not None and args.stopped not in allowed:
        raise InvalidSpecError(
            f"unknown stop reason {args.stopped!r}", "--stopped " + "|".join(allowed)
        )
    path = args.words[1]
    import os  # noqa: PLC0415

    if not os.path.exists(path):
        raise InvalidSpecError(f"no census database at {path!r}", USAGE_SHOW)
    proved = True if args.proved else False if args.unproved else None
    export = args.csv or args.json
    where = RowFilter(
        code=args.code,
        stopped=args.stopped,
        proved=proved,
        period=args.period,
        limit=args.limit if args.limit or export else SHOW_ROWS,
    )
    if args.groups and (args.csv or args.runs):
        raise InvalidSpecError("--groups is listed as text or with --json", USAGE_SHOW)
    with CensusStore(path) as store:
        if args.groups:
            _show_groups(store, replace(where, limit=None), args.limit, json_out=args.json)
            return 0
        if args.runs:
            for r in store.runs():
                print(
                    f"run {r['id']}: {r['family']} on {r['cluster']}, {r['started_at']} -> "
                    f"{r['finished_at'] or '?'}: {r['status']}; {r['computed'] or 0} computed, "
                    f"{r['skipped'] or 0} skipped, {r['errors'] or 0} errors"
                )
            return 0
        rows = store.rows(where)
        total = store.count()
    if args.csv:
        sys.stdout.write(rows_to_csv(rows))
    elif args.json:
        print(rows_to_json(rows))
    else:
        _print_rows(rows, total, where.limit)
    return 0


def _print_rows(rows: list[dict[str, Any]], total: int, limit: int | None) -> None:
    head = (
        f"{'code':<10} {'heaps':>7} {'stopped':<7} {'preperiod':>9} {'period':>7} "
        f"{'proof to':>8} {'largest':>7} {'rare':>10} {'misère':>8}  kernel"
    )
    print(head)
    for r in rows:
        per = "-" if r["period"] is None else str(r["period"])
        pre = "-" if r["preperiod"] is None else str(r["preperiod"])
        if r["period"] is not None and r.get("saltus"):
            per += f"+{r['saltus']}"  # arithmetic: G(n + p) = G(n) + saltus
        if r["period"] is not None and not r["proved"]:
            per += "?"  # observed, not proved
        bound = "-" if r["proof_bound"] is None else str(r["proof_bound"])
        rare = "-" if r["rare_mask"] is None else f"{r['rare_heaps']}@m{r['rare_mask']}"
        if r["misere_order"] is None:
            mis = "-"
        else:
            mis = str(r["misere_order"])
            if r["misere_status"] != "reached":
                mis += f"@{r['misere_reached']}"
        name = r["code"] if r["label"] == r["code"] else r["label"]
        kernel = f"same as {r['same_as']}" if r.get("same_as") else r["kernel"]
        print(
            f"{name:<10} {r['heaps']:>7} {r['stopped']:<7} {pre:>9} {per:>7} {bound:>8} "
            f"{r['largest']:>7} {rare:>10} {mis:>8}  {kernel}"
        )
    more = (
        f" (first {limit}; --limit K for more)" if limit is not None and len(rows) == limit else ""
    )
    print(
        f"{len(rows):,} of {total:,} codes{more}; '?' marks a period observed, not proved; "
        "'p+s' a period p with saltus s"
    )


def _show_groups(
    store: CensusStore, where: RowFilter, limit: int | None, *, json_out: bool
) -> None:
    """The groups of codes with identical sequences among the rows ``where`` selects
    (at most ``limit`` groups as text, all with ``--json`` unless ``--limit``)."""
    rows = {r["code"]: r for r in store.rows(where)}
    groups = [[c for c in g if c in rows] for g in store.groups()]
    groups = [g for g in groups if len(g) >= 2]
    total = len(groups)
    if limit is not None or not json_out:
        groups = groups[: limit or SHOW_ROWS]
    if json_out:
        out = []
        for codes in groups:
            r = rows[codes[0]]
            out.append(
                {
                    "codes": codes,
                    "sequence_key": r["sequence_key"],
                    "proved": r["proved"],
                    "preperiod": r["preperiod"],
                    "period": r["period"],
                    "saltus": r.get("saltus") or 0,
                    "heaps": r["heaps"],
                    "same_as": {c: rows[c]["same_as"] for c in codes if rows[c]["same_as"]},
                }
            )
        print(json.dumps(out, indent=2))
        return
    _print_groups(groups, rows, total)


def _print_groups(groups: list[list[str]], rows: dict[str, dict[str, Any]], total: int) -> None:
    for codes in groups:
        r = rows[codes[0]]
        if r["proved"]:
            saltus = f" with saltus {r['saltus']}" if r.get("saltus") else ""
            what = f"period {r['period']} from heap {r['preperiod']}{saltus} (proved)"
        else:
            what = f"identical to heap {r['heaps']}, no period proved"
        print(f"{' = '.join(codes)}: {what}")
    more = f" (first {len(groups)}; --limit K for more)" if len(groups) < total else ""
    print(f"{total:,} groups of codes with identical sequences{more}")
