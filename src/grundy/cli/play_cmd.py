"""``grundy play SPEC [--computer-first] [--misere] [--side left|right]``: play against the
perfect player.

You type a move as the resulting position (``nim 1 4 5``), as its number in
the ``moves`` list, or in the short form ``[I:]ARGS``: component I (counted
from 1; may be left out when there is one component) becomes ``ARGS``, so in
``nim 3 4 5`` the move ``1:1`` takes 2 from the first heap.

Board games are drawn as grids with row and column labels, heaps as rows of
counters; ``undo`` takes back the user's last move and the computer's reply;
a move that throws away a win is pointed out, with a move that would have kept it.
In a partisan game (Domineering, Clobber, ...) the user chooses a side with
``--side``; the computer plays the other side.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
from collections.abc import Callable
from typing import Any, Final

from grundy import (
    DEFAULT_MAX_POSITIONS,
    Position,
    Result,
    Sum,
    bounded,
    legal_moves,
    solve,
)
from grundy.cli.common import progress_line, seconds, spec_from_args
from grundy.cli.solve_cmd import refuse_huge_search
from grundy.errors import GrundyError, UnsupportedError

__all__ = ["play", "play_partisan", "register", "run"]

_HELP = (
    "Type a move as the resulting position (e.g. {example}), as a number from 'moves', "
    "or as I:ARGS (component I becomes ARGS). Commands: moves, hint, help, quit. "
    "Also undo: take back your last move and the computer's reply."
)

#: What :func:`_ask` returns when the user types ``undo`` (and there is a move to take back).
_UNDO: Final = "undo"

#: Seconds the first evaluation of a partisan position may take (``--time-limit``).
PARTISAN_TIME_LIMIT = 30.0

#: ``max_moves`` for the check that a move gives away a win (one winning move is named).
_GIFT_MOVES = 1


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
    p.add_argument(
        "--side",
        choices=("left", "right", "L", "R"),
        default="left",
        help="in a partisan game, the side you play (default left; Left plays first "
        "unless --computer-first)",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=PARTISAN_TIME_LIMIT,
        metavar="SECONDS",
        help="in a partisan game, how long the first evaluation of the position may take "
        f"(default {PARTISAN_TIME_LIMIT:g}; later moves reuse it)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play a game on the terminal."""
    position = spec_from_args(args.spec)
    if any(c.game.kind == "partisan" for c in position.components):
        if args.misere:
            raise UnsupportedError(
                "misère play is not supported for partisan games (their values are for "
                "normal play); drop --misere"
            )
        # Every value the game will need is worked out here, once, with progress on a
        # terminal and under the time limit; the moves then reuse the memoised regions.
        with progress_line() as progress, bounded(time_limit=args.time_limit, progress=progress):
            solve(position, max_moves=0)
        side = args.side[0].upper()
        return play_partisan(position, side=side, computer_first=args.computer_first)
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
    """Play until the game ends; returns 0 (or 0 when the user quits).

    ``read(prompt)`` gives the user's next line (None: the input has ended) and
    ``write(line)`` shows one line, so a game can be scripted:

    >>> import grundy
    >>> typed = iter(["1:1", "undo", "undo", "2:2"])
    >>> play(grundy.parse("nim 2 3"), read=lambda _: next(typed, None), write=print)
    Position: nim 2 3
      heap 1: ●● (2)
      heap 2: ●●● (3)
    That move gives away the win: take 1 from the heap of 3 -> nim 2 2 would have kept it.
    Computer: take 2 from the heap of 3 -> nim 1 1
    Position: nim 1 1
      heap 1: ● (1)
      heap 2: ● (1)
    Took back your move and the computer's reply.
    Position: nim 2 3
      heap 1: ●● (2)
      heap 2: ●●● (3)
    Nothing to undo: you have not moved yet.
    Computer: take 2 from the heap of 2 -> nim 0 2
    Position: nim 0 2
      heap 1: (0)
      heap 2: ●● (2)
    Bye.
    0
    """
    human = not computer_first
    # where the user was to move before each of their moves, and whether it was lost for them
    history: list[tuple[Position | Sum, bool]] = []
    known: tuple[Position | Sum, Result] | None = None  # a solve already done for the computer
    lost = False  # the computer has just made a winning move: the user cannot give a win away
    while True:
        options = legal_moves(position)
        if not options:
            _announce_end(position, human_to_move=human, misere=misere, write=write)
            return 0
        if not human:
            if known is not None and known[0] is position:
                result = known[1]
            else:
                result = solve(position, misere=misere, max_moves=1)
            if result.winning_moves:
                after, words = result.winning_moves[0], result.move_descriptions[0]
            else:
                after, words = options[0]
            lost = bool(result.winning_moves) and _mover_wins(result) is True
            write(f"Computer: {words} -> {after}")
            position, human = after, True
            continue
        write(f"Position: {position}")
        _draw(position, write)
        chosen = _ask(
            position,
            options,
            functools.partial(_hint, position, misere, None),
            read,
            write,
            can_undo=bool(history),
        )
        if chosen is None:
            write("Bye.")
            return 0
        if isinstance(chosen, str):  # _UNDO
            position, lost = history.pop()
            write("Took back your move and the computer's reply.")
            continue
        remark, known = (None, None) if lost else _gift(position, chosen, misere)
        if remark:
            write(remark)
        history.append((position, lost))
        position, human = chosen, False


def _hint(position: Position | Sum, misere: bool, side: str | None) -> str:
    """One line: a winning move for the player to move (``side`` in a partisan position)."""
    try:
        result = solve(position, misere=misere, max_moves=1)
    except GrundyError as e:
        return f"Hint: not available here ({_trim(str(e))})."
    moves, words = _side_moves(result, side)
    if moves:
        return f"Hint: {words[0]} -> {moves[0]}"
    return "Hint: no move wins here; every move loses against perfect play."


def _side_moves(
    result: Result, side: str | None
) -> tuple[tuple[Position | Sum, ...], tuple[str, ...]]:
    """The winning moves (and their words) of the player to move; ``side`` R: Right's."""
    if side == "R":
        return result.right_winning_moves, result.right_move_descriptions
    return result.winning_moves, result.move_descriptions


def _side_total(result: Result, side: str) -> int:
    """How many winning first moves ``side`` has in ``result``'s (partisan) position."""
    total = result.right_winning_moves_total if side == "R" else result.winning_moves_total
    return total or 0


def play_partisan(
    position: Position | Sum,
    *,
    side: str = "L",
    computer_first: bool = False,
    read: Callable[[str], str | None] = _read,
    write: Callable[[str], None] = print,
) -> int:
    """Play a partisan position: the user is ``side`` (``"L"`` or ``"R"``), the computer the
    other; whoever cannot move on their turn loses. Returns 0.

    >>> import grundy
    >>> typed = iter(["hint", "2"])
    >>> position = grundy.parse('cgt "{2|-1}" + nim 1')
    >>> play_partisan(position, side="R", read=lambda _: next(typed, None))
    You play Right (Right moves first).
    Position: cgt "{2|-1}" + nim 1  (Right to move)
      1: cgt "{2|-1}"
      heap 2: ● (1)
    Hint: Right moves to "-1" -> cgt "-1" + nim 1
    That move gives away the win: Right moves to "-1" -> cgt "-1" + nim 1 would have kept it.
    Computer (Left): Left moves to "2" -> cgt "2" + nim 0
    Right has no move: Left made the last move.
    The computer wins.
    0
    """
    names = {"L": "Left", "R": "Right"}
    other = "R" if side == "L" else "L"
    mover = other if computer_first else side
    write(f"You play {names[side]} ({names[mover]} moves first).")
    history: list[Position | Sum] = []
    while True:
        options = legal_moves(position, side=mover)
        if not options:
            _draw_board(position, write)
            write(f"{names[mover]} has no move: {names[_flip(mover)]} made the last move.")
            write("You win!" if mover == other else "The computer wins.")
            return 0
        if mover == other:
            result = solve(position, max_moves=1)
            moves, words = _side_moves(result, other)
            after, said = (moves[0], words[0]) if moves else options[0]
            write(f"Computer ({names[other]}): {said} -> {after}")
            position, mover = after, side
            continue
        write(f"Position: {position}  ({names[side]} to move)")
        _draw(position, write)
        chosen = _ask(
            position,
            options,
            functools.partial(_hint, position, False, side),
            read,
            write,
            can_undo=bool(history),
        )
        if chosen is None:
            write("Bye.")
            return 0
        if isinstance(chosen, str):  # _UNDO
            position = history.pop()
            write("Took back your move and the computer's reply.")
            continue
        remark = _partisan_gift(position, chosen, side)
        if remark:
            write(remark)
        history.append(position)
        position, mover = chosen, other


def _flip(side: str) -> str:
    return "R" if side == "L" else "L"


def _partisan_gift(before: Position | Sum, after: Position | Sum, side: str) -> str | None:
    """A remark when ``side``'s move from ``before`` to ``after`` throws a win away."""
    try:
        was = solve(before, max_moves=_GIFT_MOVES)
        if not _side_total(was, side):
            return None
        now = solve(after, max_moves=0)
    except GrundyError:
        return None
    if not _side_total(now, _flip(side)):
        return None
    moves, words = _side_moves(was, side)
    return (
        f"That move gives away the win: {words[0]} -> {_trim(str(moves[0]), 200)} "
        "would have kept it."
    )


def _draw(position: Position | Sum, write: Callable[[str], None]) -> None:
    """Write the picture of ``position`` (a grid, rows of counters), indented, if it has one."""
    for line in position.text_board() or ():
        write(f"  {line}")


def _mover_wins(result: Result) -> bool | None:
    """True when the player to move wins ``result``'s position, False when not, None when the
    answer does not say (a partisan outcome class without a value)."""
    if result.value is not None:
        return result.value == "win"
    if result.outcome in ("N", "P"):
        return result.outcome == "N"
    return None


def _gift(
    before: Position | Sum, after: Position | Sum, misere: bool
) -> tuple[str | None, tuple[Position | Sum, Result] | None]:
    """A remark when the move from ``before`` to ``after`` throws a win away, and the solve of
    ``after`` when it was made (the computer moves from there next).

    Only when ``before`` is a win for the player to move and ``after`` a win for the
    opponent; a search that fails (a limit, an unsupported game) makes no remark.
    ``before`` is solved first: a board game's kept table then answers ``after`` too.
    """
    try:
        was = solve(before, misere=misere, max_moves=_GIFT_MOVES)
        if not _mover_wins(was) or not was.winning_moves:
            return None, None
        now = solve(after, misere=misere, max_moves=_GIFT_MOVES)
    except GrundyError:
        return None, None
    if not _mover_wins(now):
        return None, (after, now)
    remark = (
        f"That move gives away the win: {was.move_descriptions[0]} -> "
        f"{_trim(str(was.winning_moves[0]), 200)} would have kept it."
    )
    return remark, (after, now)


def _announce_end(
    position: Position | Sum, *, human_to_move: bool, misere: bool, write: Callable[[str], None]
) -> None:
    comps = position.components
    ended = comps[0].game.terminal_value(comps[0].state) if len(comps) == 1 else None
    if ended is not None:
        write(f"Position: {position} ends the game: {ended} for the player to move.")
        _draw_board(position, write)
        if ended == "draw":
            write("It is a draw.")
            return
        mover_wins = ended == "win"
    else:
        mover_wins = misere
        why = "the last mover loses" if misere else "the last mover wins"
        write(f"Position: {position} has no moves ({why}).")
        _draw_board(position, write)
    human_wins = human_to_move == mover_wins
    write("You win!" if human_wins else "The computer wins.")


def _draw_board(position: Position | Sum, write: Callable[[str], None]) -> None:
    """Write the final board of a board game (one component drawn on several lines); a
    finished sum of heaps is empty heaps, not worth a picture."""
    lines = position.text_board()
    if lines and len(lines) > 1 and len(position.components) == 1:
        _draw(position, write)


def _ask(
    position: Position | Sum,
    options: list[tuple[Position | Sum, str]],
    hint: Callable[[], str],
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    *,
    can_undo: bool = False,
) -> Position | Sum | str | None:
    """The user's move, :data:`_UNDO`, or None when the user leaves (or the input ends)."""
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
        if word == "undo":
            if can_undo:
                return _UNDO
            write("Nothing to undo: you have not moved yet.")
            continue
        if word == "moves":
            for n, (after, words) in enumerate(options, 1):
                write(f"  {n}. {words} -> {after}")
            continue
        if word == "hint":
            write(hint())
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
    if text.isascii() and text.isdigit() and len(text) <= 18 and 1 <= int(text) <= len(options):
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
        if (
            not (number.isascii() and number.isdigit())
            or len(number) > 18
            or not 1 <= int(number) <= len(comps)
        ):
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
