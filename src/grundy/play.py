"""Playing against the perfect player: the engine behind ``grundy play`` (and the hints of
the web page).

:func:`play` and :func:`play_partisan` run a whole game through two callables,
``read(prompt)`` (the user's next line; None when the input ends) and
``write(line)``, so a game can be scripted or driven by any front end. A move is
typed as the resulting position (``nim 1 4 5``), as its number in the ``moves``
list, or in the short form ``[I:]ARGS``: component I (counted from 1; may be left
out when there is one component) becomes ``ARGS``. ``undo`` takes back the user's
last move and the computer's reply; a move that throws away a win is pointed out,
with a move that would have kept it.

:func:`hint` is the one place that says what the player to move should do: the
command line prints it, and the web API (``/api/hint``) sends it to the page.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from grundy._api import legal_moves, solve
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.errors import GrundyError
from grundy.lang.spec import parse

__all__ = ["Hint", "hint", "play", "play_partisan"]

_HELP = (
    "Type a move as the resulting position (e.g. {example}), as a number from 'moves', "
    "or as I:ARGS (component I becomes ARGS). Commands: moves, hint, help, quit. "
    "Also undo: take back your last move and the computer's reply."
)

#: What :func:`_ask` returns when the user types ``undo`` (and there is a move to take back).
_UNDO: Final = "undo"

#: ``max_moves`` for the check that a move gives away a win (one winning move is named).
_GIFT_MOVES = 1


@dataclass(frozen=True)
class Hint:
    """What the player to move should do.

    ``kind`` is ``win`` (``move`` wins), ``draw`` (no move wins; ``move`` draws),
    ``hold`` (every move loses; ``move`` loses most slowly) or ``none`` (no move is
    named: every move loses, or the answer is not known, see ``why``).
    """

    kind: str
    move: Position | Sum | None = None
    words: str = ""
    why: str = ""

    @property
    def line(self) -> str:
        """The hint as the command line prints it.

        >>> hint(parse("nim 1 2")).line
        'Hint: take 1 from the heap of 2 -> nim 1 1'
        """
        if self.why:
            return f"Hint: not available here ({self.why})."
        if self.move is None:
            return "Hint: no move wins here; every move loses against perfect play."
        return f"Hint: {self.words} -> {self.move}"

    @property
    def text(self) -> str:
        """The hint as a sentence (the web page shows it).

        >>> hint(parse("tictactoe xo.x.o...")).text
        'Hint: x in the bottom left cell.'
        >>> hint(parse("tictactoe .........")).text
        'Hint: no move wins; x in the top left cell draws.'
        """
        if self.why:
            return f"Hint: {self.why}"
        if self.kind == "win":
            return f"Hint: {self.words}."
        if self.kind == "draw":
            return f"Hint: no move wins; {self.words} draws."
        if self.kind == "hold":
            return f"Hint: no move wins against perfect play; {self.words} holds out longest."
        return "Hint: no move wins here; every move loses against perfect play."

    def to_dict(self) -> dict[str, str | None]:
        """``{"kind", "position", "words", "text"}`` (``position``: the move, as a spec)."""
        return {
            "kind": self.kind,
            "position": None if self.move is None else str(self.move),
            "words": self.words,
            "text": self.text,
        }


#: The kind of hint a best move gives, by the result for the player to move.
_KIND = {"win": "win", "draw": "draw"}


def hint(
    position: Position | Sum,
    *,
    misere: bool = False,
    side: str | None = None,
    result: Result | None = None,
) -> Hint:
    """The best move for the player to move (``side`` ``"L"`` or ``"R"`` in a partisan
    position), from ``result`` when given, else from a new solve; a solve that fails gives
    a hint that says why.

    >>> hint(parse("nim 1 1")).kind
    'none'
    """
    try:
        if result is None:
            result = solve(position, misere=misere, max_moves=1)
    except GrundyError as e:
        return Hint("none", why=_trim(str(e)))
    moves, words = _side_moves(result, side)
    if not moves:
        return Hint("none")
    mover = "win" if side is not None else result.mover_result()  # a side's moves win
    return Hint(_KIND.get(mover or "", "hold"), moves[0], words[0])


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

    >>> typed = iter(["1:1", "undo", "undo", "2:2"])
    >>> play(parse("nim 2 3"), read=lambda _: next(typed, None), write=print)
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
            lost = bool(result.winning_moves) and result.mover_result() == "win"
            write(f"Computer: {words} -> {after}")
            position, human = after, True
            continue
        heading = f"Position: {position}"
        chosen = _user_move(
            heading, position, options, (misere, None), read=read, write=write, history=history
        )
        if chosen is None:
            return 0
        if isinstance(chosen, str):  # _UNDO
            position, lost = history.pop()
            continue
        remark, known = (None, None) if lost else _gift(position, chosen, misere)
        if remark:
            write(remark)
        history.append((position, lost))
        position, human = chosen, False


def _hint(position: Position | Sum, misere: bool, side: str | None) -> str:
    """One line: a winning move for the player to move (``side`` in a partisan position)."""
    return hint(position, misere=misere, side=side).line


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

    >>> typed = iter(["hint", "2"])
    >>> position = parse('cgt "{2|-1}" + nim 1')
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
        heading = f"Position: {position}  ({names[side]} to move)"
        chosen = _user_move(
            heading, position, options, (False, side), read=read, write=write, history=history
        )
        if chosen is None:
            return 0
        if isinstance(chosen, str):  # _UNDO
            position = history.pop()
            continue
        remark = _partisan_gift(position, chosen, side)
        if remark:
            write(remark)
        history.append(position)
        position, mover = chosen, other


def _user_move(
    heading: str,
    position: Position | Sum,
    options: list[tuple[Position | Sum, str]],
    how: tuple[bool, str | None],
    *,
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    history: list[Any],
) -> Position | Sum | str | None:
    """Show the position and read the user's move: the move, :data:`_UNDO` (said), or
    None when the user leaves (said). ``how`` is ``(misere, side)`` for the hint."""
    write(heading)
    _draw(position, write)
    misere, side = how
    hinted = functools.partial(_hint, position, misere, side)
    chosen = _ask(position, options, hinted, read, write, can_undo=bool(history))
    if chosen is None:
        write("Bye.")
    elif isinstance(chosen, str):
        write("Took back your move and the computer's reply.")
    return chosen


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
        if was.mover_result() != "win" or not was.winning_moves:
            return None, None
        now = solve(after, misere=misere, max_moves=_GIFT_MOVES)
    except GrundyError:
        return None, None
    if now.mover_result() != "win":
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
        candidates.append(parse(text))
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
