"""``grundy solve SPEC... [--misere] [--json] [--ascii] [--save|--load|--checkpoint FILE]``.

The text writes a canonical value in the readable forms (``1±1``, ``⇑*``, ``tiny-2``) where
standard output can encode them, and in ASCII (``1+-1``, ``^2*``, ``{0||0|-2}``) with
``--ascii`` or where it cannot; ``--json`` is always ASCII.

``--save FILE`` and ``--load FILE`` keep the solved table of a two-player
search game (tictactoe, connect4:RxC, chomp:RxC, domineering-search:RxC) in
an SQLite file (:mod:`grundy.search.store`), so a later question about any
position reachable from the saved one needs no search.

``--checkpoint FILE`` keeps the finished regions of a partisan game's canonical value
(:func:`grundy.cgt.checkpointing`): saved every minute and when the run stops, read back
when the same command runs again, so a long value (Domineering 6x6) resumes where it
stopped instead of starting again.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from grundy import Result, solve
from grundy.cli.common import (
    add_ascii,
    add_command,
    add_limits,
    limited,
    pretty_values,
    spec_from_args,
)
from grundy.errors import SearchLimitError, UnsupportedError
from grundy.lang import shorten

__all__ = ["format_result", "pretty_value", "refuse_huge_search", "register", "run"]


def register(sub: Any) -> None:
    """Add the ``solve`` subcommand."""
    p = add_command(
        sub,
        "solve",
        description="Solve a position, e.g.: grundy solve nim 3 4 5",
        epilog="Every game, its syntax and an example: 'grundy games' (one game: "
        "'grundy games NAME'). A sum is written with +: grundy solve \"nim 3 + kayles 5\"",
    )
    p.add_argument(
        "spec",
        nargs="+",
        metavar="SPEC",
        help='a position, e.g. "nim 3 4 5" (the games: grundy games)',
    )
    p.add_argument("--misere", action="store_true", help="the last mover loses")
    p.add_argument(
        "--loopy",
        action="store_true",
        help="positions may repeat: use generalised Sprague–Grundy values (draws allowed)",
    )
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument(
        "--save",
        metavar="FILE",
        help="two-player search games: save the solved table to FILE (SQLite)",
    )
    p.add_argument(
        "--load",
        metavar="FILE",
        help="two-player search games: reuse a table saved with --save (no new search)",
    )
    p.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="partisan games: keep the finished regions of the canonical value in FILE, "
        "so a stopped run started again resumes where it stopped",
    )
    add_ascii(p)
    add_limits(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Solve and print."""
    with limited(args):  # reading the position counts too
        position = spec_from_args(args.spec)
        stored = _stored_game(position, args) if args.save or args.load else None
        if args.checkpoint is not None:
            _check_checkpoint(position, args)
        with _checkpointing(args.checkpoint):
            result = solve(
                position,
                misere=args.misere,
                loopy=args.loopy,
                max_moves=args.max_moves,
                max_positions=args.max_positions,
                # a partisan value out of time: its outcome class (not when the value's
                # work is being kept for the next run)
                outcome_by_search=args.checkpoint is None,
            )
    if args.json:
        import json  # noqa: PLC0415 (lazy: cheap start)

        print(json.dumps(result.to_dict()))
    else:
        print(format_result(result, pretty=pretty_values(args)))
    if stored is not None and args.save:
        _save(args.save, *stored)
    return 0


@contextlib.contextmanager
def _checkpointing(path: str | None) -> Iterator[None]:
    """``grundy.cgt.checkpointing(path)`` (nothing without a path); a stop says where the
    finished work is and how to go on."""
    if path is None:
        yield
        return
    from grundy.cgt import checkpointing  # noqa: PLC0415 (lazy: the partisan engine)

    try:
        with checkpointing(path):
            yield
    except (SearchLimitError, KeyboardInterrupt):
        print(
            f"grundy: note: the finished regions are saved in {path}: "
            "run the same command again to go on",
            file=sys.stderr,
        )
        raise


def _check_checkpoint(position: Any, args: argparse.Namespace) -> None:
    """``--checkpoint`` needs a partisan position (normal play, no --save/--load)."""
    if args.save or args.load or args.misere or args.loopy:
        option = (
            "--save"
            if args.save
            else "--load"
            if args.load
            else "--misere"
            if args.misere
            else "--loopy"
        )
        raise UnsupportedError(f"--checkpoint cannot be used with {option} (drop one of them)")
    if not any(c.game.game_type.solver == "canonical" for c in position.components):
        raise UnsupportedError(
            f"--checkpoint keeps the work of a partisan game's canonical value; {position} "
            "has no partisan component (drop --checkpoint)"
        )


def _stored_game(position: Any, args: argparse.Namespace) -> tuple[Any, Any]:
    """``(ruleset, state)`` of a position whose table ``--save``/``--load`` can keep; checks
    the save path and loads the ``--load`` file before any search (one line, exit 2)."""
    option = "--save" if args.save else "--load"
    comps = position.components
    game = comps[0].game if len(comps) == 1 else None
    searched = game is not None and (game.game_type.solver == "search" or game.search_alone)
    if game is None or not searched or args.loopy or args.misere:
        raise UnsupportedError(
            f"{option} keeps the solved table of one two-player search game "
            "(tictactoe, connect4:RxC, chomp:RxC, domineering-search:RxC), "
            f"not of {shorten(str(position))}"
            + (" with --loopy" if args.loopy else " with --misere" if args.misere else "")
        )
    from grundy.search import (  # noqa: PLC0415 (lazy: a game family)
        check_save_path,
        load_table,
        remember_table,
    )

    state = comps[0].state
    if args.save:
        check_save_path(args.save)
        if not game.use_retrograde(state):
            raise UnsupportedError(
                f"--save needs a position small enough to tabulate: {shorten(str(position))} "
                "is solved by negamax search, which keeps no table; ask about a smaller board "
                "or a position with more stones played"
            )
    if args.load:
        table = load_table(args.load, game)
        if state in table:
            remember_table(game, table)
        else:
            print(
                f"grundy: note: {args.load} does not hold this position (it holds the "
                f"{len(table):,} positions reachable from {game.format_state(table.root)}); "
                "searching instead",
                file=sys.stderr,
            )
    return game, state


def _save(path: str, game: Any, state: Any) -> None:
    """Save the kept table holding ``state`` to ``path`` and say so on stderr."""
    from grundy.search import kept_table, save_table  # noqa: PLC0415 (lazy: a game family)

    table = kept_table(game, state)
    if table is None:  # pragma: no cover - a solved retrograde position is always kept
        raise UnsupportedError("no solved table to save for this position")
    save_table(path, game, table)
    print(f"grundy: saved {len(table):,} solved positions to {path}", file=sys.stderr)


def refuse_huge_search(position: Any, max_positions: int) -> None:
    """Ask a lone board game to refuse at once a search far beyond ``max_positions``
    (its ``check_search_size`` hook raises a one-line SearchLimitError)."""
    comps = position.components
    if len(comps) == 1:
        comps[0].game.check_search_size(comps[0].state, max_positions)


def format_result(result: Result, *, pretty: bool = False) -> str:
    """The human form of a result: who wins, the value, the winning moves, why, and how
    (``str(result)``; the text lives with :class:`grundy.Result`). With ``pretty`` the
    canonical value is in the readable forms of :func:`grundy.cgt.pretty`.

    >>> from grundy import solve
    >>> r = solve('cgt "{0||0|-2}"')
    >>> format_result(r, pretty=True).splitlines()[2]
    'Canonical value: tiny-2'
    >>> format_result(r).splitlines()[2]
    'Canonical value: {0|-1+-1}'
    """
    if not pretty:
        return str(result)
    return result.text(value_text=pretty_value)


def pretty_value(value: object) -> str:
    """A canonical value in the readable forms (``1±1``, ``⇑*``, ``tiny-2``); any other value
    (a loopy one) as its text.

    >>> from grundy.cgt import CanonicalGame
    >>> pretty_value(CanonicalGame("{0||0|-2}")), pretty_value(7)
    ('tiny-2', '7')
    """
    from grundy.cgt import CanonicalGame, pretty  # noqa: PLC0415 (lazy: partisan values only)

    return pretty(value) if isinstance(value, CanonicalGame) else str(value)
