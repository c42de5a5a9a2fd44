"""``grundy play SPEC [--computer-first] [--misere]``: play against the perfect player.

You type a move as the resulting position (``nim 1 4 5``), as its number in
the ``moves`` list, or in the short form ``[I:]ARGS``: component I (counted
from 1; may be left out when there is one component) becomes ``ARGS``, so in
``nim 3 4 5`` the move ``1:1`` takes 2 from the first heap.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable
from typing import Any

from grundy import DEFAULT_MAX_POSITIONS, Position, Sum, legal_moves, solve
from grundy.cli.common import spec_from_args
from grundy.cli.solve_cmd import refuse_huge_search
from grundy.errors import GrundyError

__all__ = ["play", "register", "run"]

_HELP = (
    "Type a move as the resulting position (e.g. {example}), as a number from 'moves', "
    "or as I:ARGS (component I becomes ARGS). Commands: moves, hint, help, quit."
)


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = sub.add_parser(
        "play",
        help="play a position against the perfect player",
        description="Play in the terminal against the perfect player, e.g.: grundy play nim 3 4 5",
    )
    p.add_argument("spec", nargs="+", metavar="SPEC", help='a position, e.g. "nim 3 4 5"')
    p.add_argument("--computer-first", action="store_true", help="let the computer move first")
    p.add_argument("--misere", action="store_true", help="the last mover loses")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play a game on the terminal."""
    position = spec_from_args(args.spec)
    refuse_huge_search(position, DEFAULT_MAX_POSITIONS)
    return play(position, computer_first=args.computer_first, misere=args.misere)


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def play(
    position: Position | Sum,
    *,
    computer_first: bool = False,
    misere: bool = False,
    read: Callable[[str], str | None] = _read,
    write: Callable[[str], None] = print,
) -> int:
    """Play until the game ends; returns 0 (or 0 when the user quits)."""
    human = not computer_first
    while True:
        options = legal_moves(position)
        if not options:
            _announce_end(position, human_to_move=human, misere=misere, write=write)
            return 0
        if not human:
            result = solve(position, misere=misere, max_moves=1)
            if result.winning_moves:
                after, words = result.winning_moves[0], result.move_descriptions[0]
            else:
                after, words = options[0]
            write(f"Computer: {words} -> {after}")
            position, human = after, True
            continue
        write(f"Position: {position}")
        chosen = _ask(position, options, misere, read, write)
        if chosen is None:
            write("Bye.")
            return 0
        position, human = chosen, False


def _announce_end(
    position: Position | Sum, *, human_to_move: bool, misere: bool, write: Callable[[str], None]
) -> None:
    comps = position.components
    ended = comps[0].game.terminal_value(comps[0].state) if len(comps) == 1 else None
    if ended is not None:
        write(f"Position: {position} ends the game: {ended} for the player to move.")
        if ended == "draw":
            write("It is a draw.")
            return
        mover_wins = ended == "win"
    else:
        mover_wins = misere
        why = "the last mover loses" if misere else "the last mover wins"
        write(f"Position: {position} has no moves ({why}).")
    human_wins = human_to_move == mover_wins
    write("You win!" if human_wins else "The computer wins.")


def _ask(
    position: Position | Sum,
    options: list[tuple[Position | Sum, str]],
    misere: bool,
    read: Callable[[str], str | None],
    write: Callable[[str], None],
) -> Position | Sum | None:
    while True:
        line = read("Your move> ")
        if line is None:
            return None
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in {"quit", "exit", "q"}:
            return None
        if word in {"help", "?"}:
            write(_HELP.format(example=options[0][0]))
            continue
        if word == "moves":
            for n, (after, words) in enumerate(options, 1):
                write(f"  {n}. {words} -> {after}")
            continue
        if word == "hint":
            try:
                result = solve(position, misere=misere, max_moves=1)
            except GrundyError as e:
                write(f"Hint: not available here ({_trim(str(e))}).")
                continue
            if result.winning_moves:
                write(f"Hint: {result.move_descriptions[0]} -> {result.winning_moves[0]}")
            else:
                write("Hint: no move wins here; every move loses against perfect play.")
            continue
        try:
            chosen = _match(text, position, options)
        except (GrundyError, ValueError, TypeError, OverflowError, RecursionError):
            # garbage the parsers did not foresee: one line, and the game goes on
            chosen = f"{_trim(text)!r} is not a move I understand."
        if isinstance(chosen, str):
            write(f"{chosen} Type 'moves' to list the legal moves, 'help' for the syntax.")
            continue
        return chosen


def _match(
    text: str, position: Position | Sum, options: list[tuple[Position | Sum, str]]
) -> Position | Sum | str:
    """The chosen option, or a sentence saying why ``text`` is not a legal move."""
    by_key = {after.canonical(): after for after, _ in options}
    if text.isdigit() and len(text) <= 18 and 1 <= int(text) <= len(options):
        number = int(text)
        # A bare number is a list index unless it is also a legal short form.
        short = _short_form(text, position)
        if not (isinstance(short, (Position, Sum)) and short.canonical() in by_key):
            return options[number - 1][0]
    candidates: list[Position | Sum] = []
    with contextlib.suppress(GrundyError):
        candidates.append(spec_from_args([text]))
    short = _short_form(text, position)
    if isinstance(short, (Position, Sum)):
        candidates.append(short)
    for c in candidates:
        if c.canonical() in by_key:
            return by_key[c.canonical()]
    if candidates:
        return f"{_trim(text)!r} is not a legal move from {_trim(str(position))}."
    return short if isinstance(short, str) else f"{_trim(text)!r} is not a move I understand."


def _short_form(text: str, position: Position | Sum) -> Position | Sum | str:
    comps = position.components
    head, colon, rest = text.partition(":")
    if colon:
        number = head.strip()
        if not number.isdigit() or len(number) > 18 or not 1 <= int(number) <= len(comps):
            return f"{_trim(head)!r} is not a component number (1 to {len(comps)})."
        index, args = int(head) - 1, rest
    elif len(comps) == 1:
        index, args = 0, text
    else:
        return (
            f"{_trim(text)!r} is ambiguous: say which component, as I:ARGS "
            f"(I from 1 to {len(comps)})."
        )
    game = comps[index].game
    try:
        states = game.parse_args(args.split()) if args.strip() else []
    except GrundyError as e:
        return f"{_trim(str(e), 200)}."
    new = [*comps[:index], *(Position(game, s) for s in states), *comps[index + 1 :]]
    return Sum(tuple(new)) if len(new) != 1 else new[0]


def _trim(text: str, most: int = 60) -> str:
    """``text`` cut for a one-line message.

    >>> _trim("9" * 5000)[-30:]
    '99999999... (5,000 characters)'
    """
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"
