"""``grundy solve SPEC... [--misere] [--json] [--save FILE] [--load FILE]``.

``--save FILE`` and ``--load FILE`` keep the solved table of a two-player
search game (tictactoe, connect4:RxC, chomp:RxC, domineering-search:RxC) in
an SQLite file (:mod:`grundy.search.store`), so a later question about any
position reachable from the saved one needs no search.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from grundy import Result, solve
from grundy.cli.common import add_limits, limited, spec_from_args
from grundy.errors import UnsupportedError

__all__ = ["format_result", "refuse_huge_search", "register", "run"]


def register(sub: Any) -> None:
    """Add the ``solve`` subcommand."""
    p = sub.add_parser(
        "solve",
        help="who wins a position, every winning move, and why",
        description="Solve a position, e.g.: grundy solve nim 3 4 5",
    )
    p.add_argument("spec", nargs="+", metavar="SPEC", help='a position, e.g. "nim 3 4 5"')
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
    add_limits(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Solve and print."""
    with limited(args):  # reading the position counts too
        position = spec_from_args(args.spec)
        stored = _stored_game(position, args) if args.save or args.load else None
        result = solve(
            position,
            misere=args.misere,
            loopy=args.loopy,
            max_moves=args.max_moves,
            max_positions=args.max_positions,
        )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_result(result))
    if stored is not None and args.save:
        _save(args.save, *stored)
    return 0


def _stored_game(position: Any, args: argparse.Namespace) -> tuple[Any, Any]:
    """``(ruleset, state)`` of a position whose table ``--save``/``--load`` can keep; checks
    the save path and loads the ``--load`` file before any search (one line, exit 2)."""
    option = "--save" if args.save else "--load"
    comps = position.components
    game = comps[0].game if len(comps) == 1 else None
    if game is None or game.kind != "two-player" or args.loopy or args.misere:
        raise UnsupportedError(
            f"{option} keeps the solved table of one two-player search game "
            "(tictactoe, connect4:RxC, chomp:RxC, domineering-search:RxC), "
            f"not of {_shorten(str(position))}"
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
                f"--save needs a position small enough to tabulate: {_shorten(str(position))} "
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


_OUTCOME_WORDS = {
    "N": "the player to move wins (N-position)",
    "P": "the player to move loses (P-position)",
    "D": "a draw with perfect play",
    "L": "Left wins whoever starts (L-position)",
    "R": "Right wins whoever starts (R-position)",
}


_LONGEST = 200


def _shorten(spec: str) -> str:
    """A spec cut to fit a line (``--json`` always has it whole).

    >>> _shorten("nim " + "1 " * 200)[-30:]
    '1 1 1 1 1 ... (404 characters)'
    """
    if len(spec) <= _LONGEST:
        return spec
    return f"{spec[: _LONGEST - 40].rstrip()} ... ({len(spec):,} characters)"


def _short_spec(position: Any) -> str:
    """``_shorten(str(position))``, without writing the whole text of a big position when
    its ruleset can give the head of it (``format_state_head``: a million-edge picture)."""
    comps = position.components
    if len(comps) == 1:
        game = comps[0].game
        found = game.format_state_head(comps[0].state, _LONGEST)
        if found is not None:
            text: str = found[0]
            length: int = found[1]
            name = f"{game.spec_name()} "
            if len(name) + length <= _LONGEST:
                return name + text
            cut = (name + text)[: _LONGEST - 40].rstrip()
            return f"{cut} ... ({len(name) + length:,} characters)"
    return _shorten(str(position))


def _move_lines(
    who: str, moves: tuple[Any, ...], words: tuple[str, ...], total: int | None
) -> list[str]:
    """``Left wins moving first with 2 moves:`` and the moves, or that it has none."""
    if not moves:
        return [f"{who} moving first has no winning move (moving first loses)"]
    n = len(moves)
    count = total if total is not None and total > n else n
    listed = f" ({n:,} listed)" if count > n else ""
    out = [f"{who} wins moving first with {count:,} move{'s' if count != 1 else ''}{listed}:"]
    out.extend(f"  {w} -> {_short_spec(p)}" for p, w in zip(moves, words, strict=True))
    return out


def _partisan_lines(result: Result) -> list[str]:
    """Canonical value, temperature and stops, and each side's winning moves moving first."""
    lines = [
        f"Canonical value: {result.canonical}",
        f"Mean {result.mean}, temperature {result.temperature}; "
        f"stops: Left {result.left_stop}, Right {result.right_stop}",
    ]
    lines += _move_lines(
        "Left",
        result.winning_moves,
        result.move_descriptions,
        result.winning_moves_total,
    )
    lines += _move_lines(
        "Right",
        result.right_winning_moves,
        result.right_move_descriptions,
        result.right_winning_moves_total,
    )
    return lines


def format_result(result: Result) -> str:
    """The human form of a result: who wins, the value, the winning moves, why, and how."""
    if result.value is not None:  # a two-player search game: its own rules say who wins
        lines = [_short_spec(result.position)]
    elif result.play == "misere":
        lines = [f"{_short_spec(result.position)}  (misère play: the last mover loses)"]
    else:
        lines = [f"{_short_spec(result.position)}  (normal play: the last mover wins)"]
    lines.append("Outcome: " + _OUTCOME_WORDS.get(result.outcome, result.outcome))
    if result.value is not None:
        r = result.remoteness
        extra = "" if r is None else f" in {r} move" if r == 1 else f" in {r} moves"
        lines.append(f"Value: {result.value}{extra}")
    if result.grundy is not None:
        lines.append(f"Grundy value: {result.grundy}")
    if result.canonical is not None:
        lines.extend(_partisan_lines(result))
    elif result.winning_moves:
        n = len(result.winning_moves)
        # Two-player solvers list the best moves of a draw or a loss (drawing, slowest-losing).
        kind = "Best move" if result.value in ("draw", "loss") else "Winning move"
        total = result.winning_moves_total
        if result.winning_moves_truncated and total is not None and total > n:
            lines.append(f"{kind}s ({n:,} of {total:,}):")
        else:
            lines.append(f"{kind}:" if n == 1 else f"{kind}s ({n:,}):")
        for pos, words in zip(result.winning_moves, result.move_descriptions, strict=True):
            lines.append(f"  {words} -> {_short_spec(pos)}")
        if result.winning_moves_truncated:
            more = f"{total:,} in all" if total is not None else "the total is not known"
            lines.append(f"  ... list cut at {n} ({more}); raise --max-moves to see more")
    elif result.outcome == "P":
        lines.append("No winning move: every move leads to a position the opponent wins.")
    if result.explanation:
        lines.append("Why:")
        lines.extend(f"  {line}" for line in result.explanation)
    lines.append(f"Method: {result.method}")
    return "\n".join(lines)
