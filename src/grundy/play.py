"""Playing against the perfect player: the engine behind ``grundy play`` (and the hints of
the web page).

:func:`play` and :func:`play_partisan` run a whole game through two callables,
``read(prompt)`` (the user's next line; None when the input ends) and
``write(line)``, so a game can be scripted or driven by any front end. A move is
typed as

- its number in the ``moves`` list (``3``);
- the resulting position (``nim 1 4 5``);
- the short form ``[I:]ARGS``: component I (counted from 1; may be left out when there
  is one component) becomes ``ARGS``;
- the cells it plays on a board drawn with labels: ``b2`` where the columns are letters
  (tic-tac-toe), ``2,3`` (row 2, column 3) where both are numbers; a move that covers
  several cells is named by one of them when that is enough, else by all
  (``1,2-2,2``);
- words of its description, in order (``centre``, ``take 2 from the heap of 5``,
  ``column 3``), when they fit one move only.

A line that is none of these gets one sentence saying what is wrong with it.
``undo`` takes back the user's last move and the computer's reply, also after the game
has ended; a move that throws away a win is pointed out, with a move that would have kept
it. ``time_limit`` bounds each evaluation the engine makes (seconds).

:func:`hint` is the one place that says what the player to move should do: the
command line prints it, and the web API (``/api/hint``) sends it to the page.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, overload

from grundy._api import solve
from grundy.core.board import PIECES, Grid
from grundy.core.game import ImpartialGame, Play
from grundy.core.limits import bounded
from grundy.core.moves import legal_plays, same_moves
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.errors import GrundyError, SearchLimitError
from grundy.lang.spec import parse

__all__ = ["Hint", "hint", "needs_side", "play", "play_partisan"]

_HELP = (
    "Type a move as a number from 'moves', as the resulting position (e.g. {example}), "
    "as I:ARGS (component I becomes ARGS){cells}, or as words of a move from 'moves' "
    "(e.g. '{words}'). Commands: moves, hint, help, quit. "
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


def needs_side(position: Position | Sum) -> bool:
    """Whether Left and Right have different moves in some component of ``position``, so
    that it is played with :func:`play_partisan` (the user picks a side). A game solved by
    canonical values whose players have the same moves (Cram, Arc Kayles, the
    ``impartial:`` variants) is played with :func:`play`, like Nim: no side, the player
    to move wins or loses.

    >>> [needs_side(parse(s)) for s in ("domineering:2x2", "cram:2x2 + nim 1", "nim 3")]
    [True, False, False]
    """
    return any(
        c.game.game_type.solver == "canonical" and not same_moves(c.game)
        for c in position.components
    )


def play(
    position: Position | Sum,
    *,
    computer_first: bool = False,
    misere: bool = False,
    read: Callable[[str], str | None] = _read,
    write: Callable[[str], None] = print,
    time_limit: float | None = None,
) -> int:
    """Play until the game ends; returns 0 (or 0 when the user quits).

    ``read(prompt)`` gives the user's next line (None: the input has ended) and
    ``write(line)`` shows one line, so a game can be scripted. Each evaluation (the
    computer's move, a hint, the check for a thrown-away win) may take ``time_limit``
    seconds; past it the computer's move raises :class:`~grundy.errors.TimeLimitError`.

    >>> typed = iter(["1:1", "undo", "undo", "2:2"])
    >>> play(parse("nim 2 3"), read=lambda _: next(typed, None), write=print)  # doctest: +ELLIPSIS
    You play against the computer and move first; whoever makes the last move wins.
    Type a move as the position it leaves (e.g. nim 0 3, or just 0 3) or its number ...
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

    After the end the last move can still be taken back:

    >>> typed = iter(["1", "undo", "quit"])
    >>> play(parse("nim 1"), read=lambda _: next(typed, None), write=print)  # doctest: +ELLIPSIS
    You play against the computer and move first; whoever makes the last move wins.
    Type a move as the position it leaves (e.g. nim 0, or just 0) or its number ...
    Position: nim 1
      heap 1: ● (1)
    Position: nim 0 has no moves (the last mover wins).
    You win!
    Type undo to take back your last move, or press Enter to leave.
    Took back your move.
    Position: nim 1
      heap 1: ● (1)
    Bye.
    0
    """
    return _game(
        position,
        side=None,
        computer_first=computer_first,
        misere=misere,
        read=read,
        write=write,
        time_limit=time_limit,
    )


_NAMES = {"L": "Left", "R": "Right"}


def _game(
    position: Position | Sum,
    *,
    side: str | None,
    computer_first: bool,
    misere: bool,
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    time_limit: float | None,
) -> int:
    """The one play loop, impartial (``side`` None) and partisan (the user plays ``side``)."""
    within = functools.partial(_within, time_limit)
    other = None if side is None else _flip(side)
    human = not computer_first
    for line in _intro(position, side, computer_first, misere):
        write(line)
    # where the user was to move before each of their moves, whether it was lost for them,
    # and the cells each side covered
    history: list[tuple[Position | Sum, bool, dict[int, str]]] = []
    known: tuple[Position | Sum, Result] | None = None  # a solve already done for the computer
    lost = False  # the computer has just made a winning move: the user cannot give a win away
    marks: dict[int, str] = {}  # board cell -> the side whose move covered it
    while True:
        mover = side if human else other
        options = _Moves(position, mover, within)  # listed when first needed, under the limit
        if not options:
            _announce_end(position, human, mover, misere=misere, write=write, marks=marks)
            if not history or not _undo_after_end(read, write, replied=human):
                return 0
            position, lost, marks = history.pop()
            human = True
            continue
        if not human:
            cached = known[1] if known is not None and known[0] is position else None
            with within():
                made, lost = _computer_move(position, options, other, misere, cached, write=write)
            if other is not None:
                marks = _covered(marks, made, other)
            position, human = made.after, True
            continue
        heading = f"Position: {position}"
        if side is not None:
            heading += f"  ({_NAMES[side]} to move)"
        chosen = _user_move(
            heading,
            position,
            options,
            (misere, side, time_limit),
            read=read,
            write=write,
            history=history,
            marks=marks if side is not None else None,
        )
        if chosen is None:
            return 0
        if isinstance(chosen, str):  # _UNDO
            position, lost, marks = history.pop()
            continue
        with within():
            if side is not None:
                remark, known = _partisan_gift(position, chosen.after, side), None
            else:
                remark, known = (None, None) if lost else _gift(position, chosen.after, misere)
        if remark:
            write(remark)
        history.append((position, lost, marks))
        if side is not None:
            marks = _covered(marks, chosen, side)
        position, human = chosen.after, False


def _computer_move(
    position: Position | Sum,
    options: Sequence[Play],
    other: str | None,
    misere: bool,
    result: Result | None,
    *,
    write: Callable[[str], None],
) -> tuple[Play, bool]:
    """The computer's move (said), as ``other`` in a partisan game: a winning one when
    there is one (from ``result`` when given), else the first; and whether the user is
    now lost (an impartial game whose winning move was made)."""
    if result is None:
        result = solve(position, misere=misere, max_moves=1)
    moves, words = _side_moves(result, other)
    if moves:
        found = _find(options, moves[0])
        cells = () if found is None else found.cells
        made = Play(moves[0], None if found is None else found.player, cells, words[0])
    else:
        made = options[0]
    who = "" if other is None else f" ({_NAMES[other]})"
    write(f"Computer{who}: {made.words} -> {made.after}")
    return made, other is None and bool(moves) and result.mover_result() == "win"


#: At most this many moves are listed for the first screen's example.
_INTRO_MOVES: Final = 1000


def _intro(
    position: Position | Sum, side: str | None, computer_first: bool, misere: bool
) -> list[str]:
    """The first lines: who the user is and who moves first; how a move is typed, ``help``.

    >>> for line in _intro(parse("nim 3 4 5"), None, False, False):
    ...     print(line)  # doctest: +ELLIPSIS
    You play against the computer and move first; whoever makes the last move wins.
    Type a move as the position it leaves (e.g. nim 0 4 5, or just 0 4 5) or its number ...
    """
    if side is not None:
        first = _NAMES[_flip(side) if computer_first else side]
        who = f"You play {_NAMES[side]} ({first} moves first)."
    else:
        who = "You play against the computer and " + (
            "it moves first" if computer_first else "move first"
        )
        if all(c.game.game_type.summable for c in position.components):
            who += f"; whoever makes the last move {'loses' if misere else 'wins'}."
        else:  # the game's own rules say who wins (three in a row)
            who += "."
    try:  # an example move; a big sum is not listed whole for it
        options = legal_plays(position, side=side, max_moves=_INTRO_MOVES)
    except GrundyError:
        return [
            who,
            "Type a move as the position it leaves or its number in 'moves'; 'help' says more.",
        ]
    if not options:
        return [who]
    example = _trim(str(options[0].after))
    bare = _bare_args(example, position)
    example += f", or just {bare}" if bare else ""
    cell = _cell_name(position, options[0])
    cells = f", the cells it plays on (e.g. {cell})" if cell else ""
    return [
        who,
        f"Type a move as the position it leaves (e.g. {example}){cells} or its number in "
        "'moves'; 'help' says more.",
    ]


def _find(options: Sequence[Play], after: Position | Sum) -> Play | None:
    """The move of ``options`` that leads to ``after``."""
    key = after.canonical()
    return next((p for p in options if p.after.canonical() == key), None)


class _Moves(Sequence[Play]):
    """The legal moves of ``position`` (``side``'s in a partisan game), listed only when
    first needed (under the time limit of ``within``): a sum of a thousand heaps has half
    a million moves, and listing them all took 6 to 24 s before the first prompt, whatever
    ``--time-limit`` said. Whether there is a move at all is asked of the components'
    first moves.

    >>> moves = _Moves(parse("nim 1 2"), None, contextlib.nullcontext)
    >>> bool(moves), moves.listed is None, len(moves), moves.listed is not None
    (True, True, 3, True)
    """

    def __init__(
        self, position: Position | Sum, side: str | None, within: Callable[[], Any]
    ) -> None:
        self.position = position
        self.side = side
        self.within = within
        self.listed: list[Play] | None = None

    def _all(self) -> list[Play]:
        if self.listed is None:
            with self.within():
                self.listed = legal_plays(self.position, side=self.side)
        return self.listed

    def __bool__(self) -> bool:
        if self.listed is not None:
            return bool(self.listed)
        games = [(c.game, c.state) for c in self.position.components]
        if not all(isinstance(game, ImpartialGame) for game, _ in games):
            return bool(self._all())
        for game, state in games:
            assert isinstance(game, ImpartialGame)
            if next(iter(game.split_moves(state)), None) is not None:
                return True
        return False

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, i: int) -> Play: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Play]: ...
    def __getitem__(self, i: int | slice) -> Any:
        return self._all()[i]

    def __iter__(self) -> Iterator[Play]:
        return iter(self._all())


@contextlib.contextmanager
def _within(time_limit: float | None) -> Iterator[None]:
    """Run one evaluation under ``time_limit`` (seconds; None: the caller's bounds only)."""
    if time_limit is None:
        yield
        return
    with bounded(time_limit=time_limit):
        yield


def _undo_after_end(
    read: Callable[[str], str | None], write: Callable[[str], None], *, replied: bool
) -> bool:
    """After the verdict: True when the user asks to take back their last move (said),
    False when they leave (an empty line, quit, the end of the input)."""
    write("Type undo to take back your last move, or press Enter to leave.")
    while True:
        line = read("Game over> ")
        word = "" if line is None else line.strip().lower()
        if word == "undo":
            write(
                "Took back your move and the computer's reply."
                if replied
                else "Took back your move."
            )
            return True
        if word in {"", "quit", "exit", "q"}:
            return False
        write("The game is over: type undo to take back your last move, or quit to leave.")


def _hint(
    position: Position | Sum, misere: bool, side: str | None, time_limit: float | None
) -> str:
    """One line: a winning move for the player to move (``side`` in a partisan position),
    found within ``time_limit``."""
    with _within(time_limit):
        return hint(position, misere=misere, side=side).line


def _side_moves(
    result: Result, side: str | None
) -> tuple[tuple[Position | Sum, ...], tuple[str, ...]]:
    """The winning moves (and their words) of the player to move; ``side`` R: Right's. A
    drawn or lost two-player position has none: its best moves then."""
    if side == "R":
        return result.right_winning_moves, result.right_move_descriptions
    if not result.winning_moves and result.best_moves:
        return result.best_moves, result.best_move_descriptions
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
    time_limit: float | None = None,
) -> int:
    """Play a partisan position: the user is ``side`` (``"L"`` or ``"R"``), the computer the
    other; whoever cannot move on their turn loses. Returns 0. ``time_limit``: as in
    :func:`play`.

    >>> typed = iter(["hint", "2"])
    >>> position = parse('cgt "{2|-1}" + nim 1')
    >>> play_partisan(position, side="R", read=lambda _: next(typed, None))  # doctest: +ELLIPSIS
    You play Right (Right moves first).
    Type a move as the position it leaves (e.g. cgt "-1" + nim 1) or its number in 'moves'; ...
    Position: cgt "{2|-1}" + nim 1  (Right to move)
      1: cgt "{2|-1}"
      heap 2: ● (1)
    Hint: Right moves to "-1" -> cgt "-1" + nim 1
    That move gives away the win: Right moves to "-1" -> cgt "-1" + nim 1 would have kept it.
    Computer (Left): Left moves to "2" -> cgt "2" + nim 0
    Right has no move: Left made the last move.
    The computer wins.
    Type undo to take back your last move, or press Enter to leave.
    0

    On a board where a move covers squares (Domineering), the squares each side covered
    are drawn with its letter, apart from those covered from the start:

    >>> typed = iter(["1,2-2,2"])
    >>> start = parse("domineering:2x4 ...#/....")
    >>> play_partisan(start, read=lambda _: next(typed, None))  # doctest: +ELLIPSIS
    You play Left (Left moves first).
    Type a move as the position it leaves (e.g. domineering:2x4 #..#/#..., or just ...
    Position: domineering:2x4 ...#/....  (Left to move)
         1 2 3 4
      1  . . . #
      2  . . . .
    Computer (Right): Right places a horizontal domino in row 2, columns 3-4 -> domineering:...
    Position: domineering:2x4 .#.#/.###  (Left to move)
         1 2 3 4
      1  . L . #
      2  . L R R
      L, R: the dominoes Left and Right placed (# covered from the start)
    Bye.
    0
    """
    return _game(
        position,
        side=side,
        computer_first=computer_first,
        misere=False,
        read=read,
        write=write,
        time_limit=time_limit,
    )


def _covered(marks: dict[int, str], move: Play, side: str) -> dict[int, str]:
    """``marks`` and the cells of a one-board position that ``side``'s move covered (the
    cells the move names that its board shows blocked after it: a domino placed)."""
    board = _grid_of(move.after)
    if board is None or not move.cells:
        return marks
    cells = board.cells  # a move that reshapes the board (a cake eaten) names cells before
    placed = {i: side for i in move.cells if i < len(cells) and cells[i] == "blocked"}
    return {**marks, **placed} if placed else marks


def _user_move(
    heading: str,
    position: Position | Sum,
    options: Sequence[Play],
    how: tuple[bool, str | None, float | None],
    *,
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    history: list[Any],
    marks: dict[int, str] | None = None,
) -> Play | str | None:
    """Show the position and read the user's move: the move, :data:`_UNDO` (said), or
    None when the user leaves (said). ``how`` is ``(misere, side, time_limit)`` for the
    hint."""
    write(heading)
    _draw(position, write, marks)
    hinted = functools.partial(_hint, position, *how)
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


def _draw(
    position: Position | Sum, write: Callable[[str], None], marks: dict[int, str] | None = None
) -> None:
    """Write the picture of ``position`` (a grid, rows of counters), indented, if it has one;
    ``marks``: board cells drawn with the letter of the side that covered them."""
    lines = list(position.text_board() or ())
    grid = _labelled_grid(position) if marks else None
    if marks and grid is not None:
        board, rows, cols, top = grid
        pad, width = max(map(len, rows)), max(map(len, cols))
        for i, side in marks.items():
            r, c = divmod(i, board.cols)
            line, at = lines[top + 1 + r], pad + 2 + c * (width + 1) + width - 1
            if line[at : at + 1] == PIECES["blocked"]:
                lines[top + 1 + r] = line[:at] + side + line[at + 1 :]
        lines.insert(
            top + 1 + board.rows,
            "L, R: the dominoes Left and Right placed (# covered from the start)",
        )
    for line in lines:
        write(f"  {line}")


def _grid_of(position: Position | Sum) -> Grid | None:
    """The grid of a position of one component drawn as a grid, else None."""
    if len(position.components) != 1:
        return None
    board = position.board()
    return board if isinstance(board, Grid) else None


def _labelled_grid(
    position: Position | Sum,
) -> tuple[Grid, tuple[str, ...], tuple[str, ...], int] | None:
    """``(grid, row labels, column labels, line of the column labels)`` as the position's
    terminal picture labels its grid (:func:`grundy.core.text.labelled_grid`), or None
    when it has no grid or its picture does not label one cell by cell."""
    board = _grid_of(position)
    if board is None:
        return None
    lines = position.text_board() or []
    for top, line in enumerate(lines):
        cols = tuple(line.split())
        body = lines[top + 1 : top + 1 + board.rows]
        if len(cols) != board.cols or len(set(cols)) != board.cols or len(body) != board.rows:
            continue
        rows = tuple(row.split()[0] if row.split() else "" for row in body)
        if "" not in rows and len(set(rows)) == board.rows:
            return board, rows, cols, top
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
    position: Position | Sum,
    human_to_move: bool,
    mover: str | None,
    *,
    misere: bool,
    write: Callable[[str], None],
    marks: dict[int, str],
) -> None:
    """The verdict when the player to move (``mover`` in a partisan game) has no move."""
    if mover is not None:
        _draw_board(position, write, marks)
        write(f"{_NAMES[mover]} has no move: {_NAMES[_flip(mover)]} made the last move.")
        write("The computer wins." if human_to_move else "You win!")
        return
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


def _draw_board(
    position: Position | Sum, write: Callable[[str], None], marks: dict[int, str] | None = None
) -> None:
    """Write the final board of a board game (one component drawn on several lines); a
    finished sum of heaps is empty heaps, not worth a picture."""
    lines = position.text_board()
    if lines and len(lines) > 1 and len(position.components) == 1:
        _draw(position, write, marks)


def _help(position: Position | Sum, options: Sequence[Play]) -> str:
    """The help line, its examples taken from the first legal move."""
    first = options[0]
    example = _trim(str(first.after))
    bare = _bare_args(example, position)
    cell = _cell_name(position, first)
    grid = _labelled_grid(position)
    cells = ""
    if cell and grid is not None:
        how = (
            "a column letter, then a row number"
            if all(c.isalpha() for c in grid[2])
            else "row,column"
        )
        cells = f", as the cells it plays on (e.g. {cell}: {how}; several joined by -)"
    return _HELP.format(
        example=example + (f", or just {bare}" if bare else ""),
        cells=cells,
        words=_trim(first.words),
    )


def _ask(
    position: Position | Sum,
    options: Sequence[Play],
    hint: Callable[[], str],
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    *,
    can_undo: bool = False,
) -> Play | str | None:
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
            write(_help(position, options))
            continue
        if word == "undo":
            if can_undo:
                return _UNDO
            write("Nothing to undo: you have not moved yet.")
            continue
        if word == "moves":
            for n, move in enumerate(options, 1):
                write(f"  {n}. {move.words} -> {move.after}")
            continue
        if word == "hint":
            write(hint())
            continue
        try:
            chosen = _match(text, position, options)
        except SearchLimitError:  # listing the moves ran past a limit: the play stops there
            raise
        except (GrundyError, ValueError, TypeError, OverflowError, RecursionError):
            # garbage the parsers did not foresee: one line, and the game goes on
            chosen = f"{_trim(text)!r} is not a move I understand."
        if isinstance(chosen, str):
            write(f"{chosen} Type 'moves' to list the legal moves, 'help' for the syntax.")
            continue
        return chosen


def _match(text: str, position: Position | Sum, options: Sequence[Play]) -> Play | str:
    """The chosen move, or a sentence saying what is wrong with ``text`` as a move.

    Tried in turn: a number from the ``moves`` list, the resulting position (with or
    without the game's name), the short form ``[I:]ARGS``, the cells of a labelled grid,
    the words of one move.
    """
    by_key = {move.after.canonical(): move for move in options}
    digits = text.isascii() and text.isdigit()
    try:
        short = _short_form(text, position)
    except (GrundyError, ValueError, TypeError, OverflowError, RecursionError):
        short = f"{_trim(text)!r} is not a move I understand."
    legal_short = isinstance(short, (Position, Sum)) and short.canonical() in by_key
    if digits and len(text) <= 18 and 1 <= int(text) <= len(options) and not legal_short:
        return options[int(text) - 1]  # a list index unless also a legal short form
    spec: Position | Sum | None = None
    with contextlib.suppress(GrundyError):
        spec = parse(text)
    bare = None if digits else _bare_position(text, position)
    for c in (spec, short, bare):
        if isinstance(c, (Position, Sum)) and c.canonical() in by_key:
            return by_key[c.canonical()]
    where = _trim(str(position))
    if (spec is not None or bare is not None) and not digits:
        return f"{_trim(text)!r} is not a legal move from {where}."
    if digits:
        total = len(options)
        said = (
            f"{_trim(text)!r} is not a move number: there {'is' if total == 1 else 'are'} "
            f"{total} move{'s' if total != 1 else ''} (1 to {total})"
        )
        if isinstance(short, (Position, Sum)):
            said += f", and {_trim(str(short))} is not a legal move from {where}"
        return said + "."
    if ":" in text:
        return (
            short
            if isinstance(short, str)
            else f"{_trim(text)!r} is not a legal move from {where}."
        )
    for finder in (_by_cells, _by_words):
        found = finder(text, position, options)
        if found is not None:
            return found
    if isinstance(short, (Position, Sum)):
        return f"{_trim(text)!r} is not a legal move from {where}."
    grid = _labelled_grid(position) is not None
    said = (
        f"{_trim(text)!r} is not a move: neither a move number (1 to {len(options)}), "
        "a position, "
        + ("I:ARGS" if len(position.components) > 1 else "the new ARGS")
        + (", a cell" if grid else "")
        + " nor words of a move"
    )
    if isinstance(short, str) and len(position.components) == 1 and not grid:
        said += f" (as ARGS: {short.rstrip('.')})"
    return said + "."


#: A cell of a grid whose columns are letters (``b2``), or whose labels are both
#: numbers (``2,3``: row 2, column 3).
_LETTER_CELL = re.compile(r"([a-z]+)(\d+)")
_NUMBER_CELL = re.compile(r"(\d+),(\d+)")


def _by_cells(text: str, position: Position | Sum, options: Sequence[Play]) -> Play | str | None:
    """The move that plays on the cells ``text`` names on a labelled grid (the one that
    names fewest cells among those that name them all: Chomp's bite at a square), read
    from the moves' own cells; a sentence when no move or several fit, None when ``text``
    names no cells."""
    grid = _labelled_grid(position)
    if grid is None:
        return None
    board, rows, cols = grid[:3]
    letters = all(c.isalpha() for c in cols)
    pattern = _LETTER_CELL if letters else _NUMBER_CELL
    words = [w for w in re.split(r"[\s;]+|(?<=\d)-(?=[a-z\d])", text.lower()) if w]
    found = [pattern.fullmatch(w) for w in words]
    if not words or not all(found):
        return None
    order: list[int] = []  # the cells as typed: a move of Amazons is read in its order
    for m in found:
        assert m is not None
        col, row = (m.group(1), m.group(2)) if letters else (m.group(2), m.group(1))
        if row not in rows or col.lower() not in [c.lower() for c in cols]:
            return (
                f"there is no cell {m.group(0)} on this board (columns {cols[0]} to {cols[-1]}, "
                f"rows {min(rows, key=_label_key)} to {max(rows, key=_label_key)})."
            )
        order.append(rows.index(row) * board.cols + [c.lower() for c in cols].index(col.lower()))
    named = set(order)
    fits = [(len(cells), move) for move in options if named <= (cells := set(move.cells))]
    shown = _trim(text)
    if not fits:
        return f"no legal move plays on {shown}."
    fewest = min(n for n, _ in fits)
    best = [move for n, move in fits if n == fewest]
    if len(best) == 1:
        return best[0]
    in_order = [move for move in best if list(move.cells) == order]
    if len(in_order) == 1:  # the same cells in another order are another move (Amazons)
        return in_order[0]
    return f"{shown!r} fits {len(best)} moves: {_listed(best)}; name every cell the move covers."


def _label_key(label: str) -> tuple[int, str]:
    return (int(label), label) if label.isdigit() and len(label) < 18 else (0, label)


def _by_words(text: str, position: Position | Sum, options: Sequence[Play]) -> Play | str | None:
    """The one move whose description holds the words of ``text`` in a row (whole words,
    any case), a sentence when several do, None when none does or ``text`` has no word."""
    typed = _tokens(text)
    if not any(t.isalpha() for t in typed):
        return None
    fits = [move for move in options if _holds(_tokens(move.words), typed)]
    if not fits:
        return None
    if len(fits) == 1:
        return fits[0]
    exact = [f for f in fits if _tokens(f.words) == typed]
    if len(exact) == 1:
        return exact[0]
    return f"{_trim(text)!r} fits {len(fits)} moves: {_listed(fits)}; say more of its words."


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z]+|\d+", text.lower())


def _holds(words: list[str], typed: list[str]) -> bool:
    """Whether ``typed`` is a run of consecutive ``words``."""
    n = len(typed)
    return any(words[i : i + n] == typed for i in range(len(words) - n + 1))


def _listed(fits: list[Play], most: int = 4) -> str:
    """The words of a few moves, for a sentence."""
    said = "; ".join(_trim(move.words, 80) for move in fits[:most])
    return said + (f"; and {len(fits) - most} more" if len(fits) > most else "")


def _cell_name(position: Position | Sum, move: Play) -> str | None:
    """The cells ``move`` plays on, as the user would type them (``b2``, ``1,2-2,2``), or
    None when the position has no labelled grid."""
    grid = _labelled_grid(position)
    if grid is None:
        return None
    board, rows, cols = grid[:3]
    changed = move.cells
    if not changed:
        return None
    letters = all(c.isalpha() for c in cols)
    game = position.components[move.part].game if move.part < len(position.components) else None
    # cells played one after another (Amazons: the amazon, its square, its arrow) in order
    ordered = list(changed) if getattr(game, "ordered_cells", False) else sorted(changed)
    names = [
        f"{cols[i % board.cols]}{rows[i // board.cols]}"
        if letters
        else f"{rows[i // board.cols]},{cols[i % board.cols]}"
        for i in ordered
    ]
    return "-".join(names) if len(names) <= 3 else None


def _bare_args(spec: str, position: Position | Sum) -> str | None:
    """``spec`` without the game's name, when every component is of one game and the rest
    reads back as the same position (``2 4 5`` for ``nim 2 4 5``), else None.

    >>> _bare_args("nim 2 4 5", parse("nim 3 4 5")), _bare_args("nim 1", parse("nim 1 + kayles 2"))
    ('2 4 5', None)
    """
    name = _one_game(position)
    if name is None or not spec.startswith(name + " "):
        return None
    rest = spec[len(name) + 1 :]
    return rest if _bare_position(rest, position) is not None else None


def _bare_position(text: str, position: Position | Sum) -> Position | Sum | None:
    """``text`` read as the arguments of the position's one game (``1 4 5`` in a game of
    Nim), or None."""
    name = _one_game(position)
    if name is None or not text.strip():
        return None
    with contextlib.suppress(GrundyError):
        return parse(f"{name} {text}")
    return None


def _one_game(position: Position | Sum) -> str | None:
    """The spec name of the one game of every component, or None."""
    names = {c.game.spec_name() for c in position.components}
    return names.pop() if len(names) == 1 else None


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
