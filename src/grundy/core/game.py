"""Rulesets: the protocol every game follows.

A *ruleset* is a family of games (``Nim()``, ``Subtraction((1, 3, 4))``); a
*state* is whatever hashable value the ruleset uses for one component (an int
for a heap); a :class:`~grundy.core.position.Position` is a ruleset applied to a
state.

The only method a user must write is :meth:`ImpartialGame.moves`:

>>> from grundy import ImpartialGame, solve
>>> class TakeOneOrTwo(ImpartialGame[int]):
...     def moves(self, n):
...         return [n - k for k in (1, 2) if k <= n]
>>> solve(TakeOneOrTwo(), 9).outcome
'P'

Everything else (names for the position language, closed forms, move
descriptions, explanations, misère theorems) is optional and has a default.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, ParamSpec, TypeVar

from grundy.core.board import Board, Heaps
from grundy.core.params import parse_natural
from grundy.errors import InvalidGameError, InvalidSpecError, UnsupportedError

__all__ = [
    "LEFT",
    "RIGHT",
    "Answer",
    "GameType",
    "HeapGame",
    "ImpartialGame",
    "ListingCut",
    "MisereAnswer",
    "Move",
    "NamedRuleset",
    "PartisanGame",
    "Play",
    "Player",
    "Ruleset",
    "TheoremAnswer",
]

S = TypeVar("S")
_P = ParamSpec("_P")
_R = TypeVar("_R")

#: A side of a partisan game.
Player = Literal["L", "R"]


#: The players of a partisan game: Left (``"L"``) and Right (``"R"``).
LEFT: Player = "L"
RIGHT: Player = "R"


class ListingCut(Exception):
    """Raised by an :meth:`ImpartialGame.options_with_value` iterator that cannot go on at
    a reasonable cost (every split of a huge heap): the options it gave are some of them,
    and the solver reports the list as cut, with its total unknown."""


@dataclass(frozen=True)
class GameType:
    """What kind of game a ruleset is: read by every solver and front end (the model is
    OpenSpiel's ``GameType``). Each ruleset declares one as the class variable
    :attr:`Ruleset.game_type`.

    Attributes:
        impartial: both players have the same options (else Left and Right differ, or the
            state records whose turn it is and the moves depend on it).
        draws: play can end in a draw (tic-tac-toe).
        cycles: a position can repeat (solved as loopy, never by plain recursion).
        regions: a position falls apart into independent regions whose values add
            (Kayles' rows, Domineering's separate parts of the board).
        summable: a position may be one component of a sum (``chomp:2x3 + nim 1``); a
            game that is not (tic-tac-toe, a board with its player to move inside the
            state) is solved alone, by two-player search.

    The solver follows from the type (:attr:`solver`):

    >>> GameType().solver, GameType(impartial=False).solver
    ('sprague-grundy', 'canonical')
    >>> GameType(impartial=False, draws=True, summable=False).solver
    'search'
    """

    impartial: bool = True
    draws: bool = False
    cycles: bool = False
    regions: bool = False
    summable: bool = True

    @property
    def solver(self) -> Literal["sprague-grundy", "canonical", "search"]:
        """How a position is solved: ``sprague-grundy`` (Grundy values, XOR over a sum),
        ``canonical`` (partisan canonical values, added over a sum) or ``search``
        (two-player search with wins, losses and draws, one position alone)."""
        if not self.summable:
            return "search"
        return "sprague-grundy" if self.impartial else "canonical"

    @property
    def kind(self) -> str:
        """The solver's older name, kept as :attr:`Ruleset.kind`: ``impartial``,
        ``partisan`` or ``two-player``."""
        return {"sprague-grundy": "impartial", "canonical": "partisan", "search": "two-player"}[
            self.solver
        ]

    def family(self, search_alone: bool = False) -> str:
        """The group a game is listed in (``grundy games``, the page): its :attr:`kind`,
        except that a game whose lone positions are solved by search (Chomp) is listed
        with the two-player games. :attr:`Ruleset.family` is this, unless declared.

        >>> GameType().family(), GameType().family(search_alone=True)
        ('impartial', 'two-player')
        """
        return "two-player" if search_alone else self.kind


class Ruleset:
    """What every game family provides: its declared type, its options, and the hooks of
    the position language, the registry and the front ends.

    Subclasses set :attr:`name` (the registry name) and :attr:`game_type`, and may
    override the parsing and formatting hooks and the optional capabilities below; each
    capability has a default that means "not known here" (a solver then works the
    answer out by search). Impartial games subclass :class:`ImpartialGame`, partisan
    ones :class:`PartisanGame`, and games solved by two-player search
    :class:`~grundy.search.ruleset.TwoPlayerRuleset`: all of them are rulesets.
    """

    #: What kind of game this is; solvers and front ends read it (never ``isinstance``).
    game_type: ClassVar[GameType] = GameType()
    #: Name in the position language (``nim``); empty for unregistered user games.
    name: ClassVar[str] = ""
    #: Syntax shown in error messages and ``grundy games``.
    syntax: ClassVar[str] = ""
    #: Other names accepted by the position language.
    aliases: ClassVar[tuple[str, ...]] = ()
    #: One line stating the rule (``grundy games``).
    rule: ClassVar[str] = ""
    #: A position that solves quickly, e.g. ``nim 3 4 5``.
    example: ClassVar[str] = ""
    #: Grouping in ``grundy games``: ``impartial``, ``partisan``, ``two-player``; derived
    #: from :attr:`game_type` (``GameType.family``) unless a class declares it (deprecated:
    #: declare :attr:`game_type` alone).
    family: ClassVar[str] = "impartial"
    #: How a position is solved, derived from :attr:`game_type` (``GameType.kind``):
    #: ``impartial`` (Sprague–Grundy), ``partisan`` (canonical values) or
    #: ``two-player`` (search with wins, losses and draws). Deprecated alias: read
    #: ``game_type.solver``.
    kind: ClassVar[str] = "impartial"
    #: Parameters under which this class is the ruleset of another registered game of the
    #: same :attr:`name` (``hackenbush:colored`` is a partisan game); empty for a game of
    #: its own.
    variant_params: ClassVar[tuple[str, ...]] = ()
    #: Several components of this ruleset print as one component with several
    #: arguments (``nim 3 4 5`` is three Nim heaps).
    merges_components: ClassVar[bool] = False
    #: A state is an ordered tuple of heaps that the rules treat alike (Wythoff's two
    #: piles, Moore's heaps): states that differ only in the order of their heaps are one
    #: position, so moves to them are listed and counted once, as moves in equal heaps of
    #: a sum are.
    interchangeable_heaps: ClassVar[bool] = False
    #: A position of one component of this ruleset is solved by two-player search (its
    #: value for the player to move, win or loss in so many moves, and the best moves), a
    #: sum by the solver of its type (Chomp: a lone bar by search, ``chomp:2x3 + nim 1``
    #: by Grundy values).
    search_alone: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game_type" in cls.__dict__:  # the declared type decides the solver
            cls.kind = cls.game_type.kind
        if "family" not in cls.__dict__:  # and the listing, unless declared (deprecated)
            cls.family = cls.game_type.family(cls.search_alone)

    @classmethod
    def from_params(cls, params: str | None) -> Ruleset:
        """The ruleset written ``name:params`` (``params`` None when there is no colon).

        The default is a game without parameters.
        """
        if params is not None:
            raise InvalidSpecError(
                f"{cls.name} takes no parameters, got {cls.name}:{params}", cls.syntax
            )
        return cls()

    def params_text(self) -> str | None:
        """The text after ``name:`` that rebuilds this ruleset, or None if it has no parameters."""
        return None

    def spec_name(self) -> str:
        """``name`` or ``name:params`` as written in the position language."""
        params = self.params_text()
        base = self.name or type(self).__name__
        return base if params is None else f"{base}:{params}"

    def position_key(self, state: Any) -> Any:
        """``state`` up to what does not change the position: its heaps sorted when they are
        interchangeable (:attr:`interchangeable_heaps`), else ``state`` itself."""
        return tuple(sorted(state)) if self.interchangeable_heaps else state

    def expected_syntax(self) -> str:
        """The syntax to show when an argument is wrong."""
        return self.syntax or f"{self.spec_name()} ARG..."

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        """Turn the argument tokens of one component into a list of states.

        A heap game returns one state per argument (a sum of heaps); a game
        such as Wythoff returns one state built from all its arguments.
        """
        raise InvalidSpecError(
            f"{self.spec_name()} cannot be written in the position language",
            self.expected_syntax(),
        )

    def format_state(self, state: Any) -> str:
        """The argument text of one state (the inverse of :meth:`parse_args`)."""
        return repr(state)

    def svg(self, state: Any) -> str | None:
        """A picture of ``state`` as SVG text, or None (shown by Jupyter via ``_repr_svg_``)."""
        return None

    def board(self, state: Any) -> Board | None:
        """The structured board of ``state`` (:mod:`grundy.core.board`), or None; every
        front end draws from it."""
        return None

    def text_board(self, state: Any) -> list[str] | None:
        """A picture of ``state`` as lines of text (``grundy play`` prints it), or None.

        Board games draw their grid with row and column labels; heap games a
        row of counters. The default is None: the position is shown by its spec.
        """
        return None

    def format_state_head(self, state: Any, most: int) -> tuple[str, int] | None:
        """The first ``most`` characters of the argument text of a state too large to
        print whole, and the full length, or None (the default: print it whole)."""
        return None

    def play_moves(self, state: Any) -> list[tuple[Any, str]]:
        """Moves for ``grundy play`` in a game that is not impartial: ``(state, words)`` pairs."""
        raise UnsupportedError(f"{self.spec_name()} cannot be played")

    # ----- options ----------------------------------------------------------------

    def options(self, state: Any, player: Player | None = None) -> Iterable[tuple[Any, ...]]:
        """Every option of ``player`` (:data:`LEFT` or :data:`RIGHT`) from ``state``, each
        a tuple of states (a sum of components; empty when nothing is left).

        Impartial games, and games whose state records the player to move, ignore
        ``player``. Each family's base writes this from its own move generator.
        """
        return ((s,) for s in self.moves(state))

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """Every move of ``player`` from ``state`` as a :class:`Play`, with its words and,
        where the ruleset says, the cells of :meth:`board` it plays on. The default reads
        :meth:`play_moves`; the impartial and partisan bases write it from their moves and
        words, and a shape base adds the cells."""
        return (Play((s,), player, (), w) for s, w in self.play_moves(state))

    def moves(self, state: Any) -> Iterable[Any]:
        """Every state the player to move can reach (for games whose moves do not depend
        on a side given from outside: impartial games, and boards that record the mover)."""
        raise UnsupportedError(f"{self.spec_name()} has moves by side: use options(state, player)")

    # ----- optional capabilities of search ------------------------------------------

    def terminal_value(self, state: Any) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move when the game is over.

        None (the default) while the game goes on, and for games that end only
        when the player to move has no move (a loss under normal play).
        """
        return None

    def expand(self, state: Any) -> tuple[str | None, Iterable[Any]]:
        """``(terminal value, moves)`` at once (retrograde analysis calls it per state).

        The default asks :meth:`terminal_value`, then :meth:`moves`; a board game may
        do both in one pass.
        """
        tv = self.terminal_value(state)
        return (tv, ()) if tv is not None else (None, self.moves(state))

    def order_moves(self, state: Any, options: list[Any]) -> list[Any]:
        """``options`` in the order a depth-first search should try them (best first);
        the default keeps the order of :meth:`moves`."""
        return options

    def use_retrograde(self, state: Any) -> bool:
        """True (the default) when a two-player search of ``state`` should enumerate every
        position reachable from it (retrograde analysis), False for negamax."""
        return True

    def long_play(self, state: Any) -> tuple[str, str] | None:
        """``(why, instead)``: how long a line of play from ``state`` can be and why, and
        what to ask instead, in words for the one line that says a search cannot follow
        such lines (:class:`~grundy.errors.LongPlayError`); None (the default): nothing
        to say beyond the game's name."""
        return None

    def check_search_size(self, state: Any, max_positions: int) -> None:
        """Refuse at once (a one-line :class:`~grundy.errors.SearchLimitError`) a search
        estimated to be far beyond ``max_positions``; the default accepts every position."""


class Move(tuple[Any, ...]):
    """An option (a tuple of states, as :meth:`ImpartialGame.split_moves` gives) that
    carries the words for the move, so they need not be worked out again.

    A closed form that knows what a move does (Hackenbush: which edge is cut)
    yields ``Move(option, words)`` from ``options_with_value``; it compares and
    hashes as the plain tuple.

    >>> m = Move((3, 4), "cut the edge 1-2")
    >>> m == (3, 4), m.words
    (True, 'cut the edge 1-2')
    """

    words: str

    def __new__(cls, states: Iterable[Any], words: str) -> Move:
        if isinstance(states, (str, bytes)) or not isinstance(states, Iterable):
            raise InvalidGameError(
                f"Move takes a tuple of states and words, got {type(states).__name__}"
            )
        if not isinstance(words, str):
            raise InvalidGameError(f"a move's words must be text, got {type(words).__name__}")
        self = super().__new__(cls, states)
        self.words = words
        return self


@dataclass(frozen=True)
class Play:
    """A move as a value, produced by the ruleset (the model is python-chess's ``Move``
    and OpenSpiel's actions): the option it leads to, who makes it, the cells of the
    ruleset's :meth:`~Ruleset.board` it plays on, and its words. Front ends read it (a
    click on a cell, ``b2`` typed in ``grundy play``); none compares boards to find it.

    ``after`` is a tuple of states from :meth:`Ruleset.plays`, a position (or sum) from
    :func:`grundy.core.moves.legal_plays`, which also sets ``part``: the component of
    the sum the move is made in. ``cells`` is empty where the ruleset does not say.

    >>> Play((3,), None, (), "take 1 from the heap of 4")
    Play(after=(3,), player=None, cells=(), words='take 1 from the heap of 4', part=0)
    """

    after: Any
    player: Player | None
    cells: tuple[int, ...]
    words: str
    part: int = 0


@dataclass(frozen=True)
class NamedRuleset:
    """A fixed ruleset under a name of its own, one line of data (``kayles`` is octal 0.77).

    The ruleset's :meth:`~Ruleset.spec_name` is the registered name.
    """

    ruleset: Ruleset
    rule: str
    example: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answer:
    """What a theorem says about a position: the one answer type of the protocol.

    Returned by :meth:`ImpartialGame.misere_solve` (a misère theorem about a
    sum of components of one ruleset) and :meth:`ImpartialGame.outcome_theorem`
    (the outcome of a lone component, without its Grundy value), and turned
    into a :class:`~grundy.core.result.Result` in one place by the solver.

    ``winning`` lists winning moves as ``(component index, option)`` pairs, where
    an option is a tuple of states (as in :meth:`ImpartialGame.split_moves`, a
    :class:`Move` when it carries its words); it may be cut at the caller's
    limit, with ``winning_total`` the full count when known. ``winning`` is None
    when the theorem gives the outcome only. For an outcome theorem,
    :func:`~grundy.solve` first searches the position with at most
    ``search_limit`` positions (0: do not try) to find the actual winning moves.
    """

    outcome: str
    method: str
    explanation: tuple[str, ...] = ()
    winning: tuple[tuple[int, tuple[Any, ...]], ...] | None = None
    winning_total: int | None = None
    search_limit: int = 0

    @classmethod
    def theorem(
        cls,
        outcome: str,
        method: str,
        explanation: tuple[str, ...] = (),
        *,
        search_limit: int = 0,
        winning: tuple[tuple[Any, ...], ...] = (),
        winning_total: int | None = None,
    ) -> Answer:
        """An answer about a lone component whose winning moves are its options (what
        :meth:`ImpartialGame.outcome_theorem` returns).

        >>> Answer.theorem("N", "a theorem", winning=((3,),)).winning
        ((0, (3,)),)
        """
        if isinstance(winning, (str, bytes)) or not isinstance(winning, Iterable):
            raise InvalidGameError(
                f"winning must be a tuple of options, got {type(winning).__name__}"
            )
        return cls(
            outcome,
            method,
            explanation,
            tuple((0, o) for o in winning),
            winning_total,
            search_limit,
        )


#: The answer of a misère theorem (the same type as every other answer).
MisereAnswer = Answer


def _deprecated_alias(name: str, use: str, func: Callable[_P, _R]) -> Callable[_P, _R]:
    """``func`` under the deprecated name ``grundy.<name>``: each call warns to use
    ``grundy.<use>`` instead (the alias goes in the next release)."""

    @functools.wraps(func)
    def alias(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        warnings.warn(
            f"grundy.{name}(...) is deprecated; use grundy.{use}(...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return func(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = f"Deprecated alias of :meth:`{use}`; it goes in the next release."
    return alias


#: Deprecated: :meth:`Answer.theorem` (a function named like a class).
TheoremAnswer = _deprecated_alias("TheoremAnswer", "Answer.theorem", Answer.theorem)


class ImpartialGame(Ruleset, Generic[S]):
    """An impartial ruleset: both players have the same moves.

    Override :meth:`moves` (or, for games whose moves split a component into
    several, set ``splits = True`` and override :meth:`split_moves`). States
    must be hashable. The game must always end; a cycle raises
    :class:`~grundy.errors.LoopyGameError`.

    Rulesets are compared by ``==``; equal rulesets share one memo. Built-in
    rulesets are frozen dataclasses; a user class without ``__eq__`` is compared
    by identity, which is also correct.
    """

    #: True when a move may turn one component into several (``split_moves``).
    splits: ClassVar[bool] = False
    #: True when every position satisfies the SJ hypothesis (a position of Grundy
    #: value 0 that has a move has a move to value 1) and Grundy values come from
    #: :meth:`grundy_formula`: misère sums of such rulesets, mixed, are then solved
    #: by the SJ theorem (:mod:`grundy.core.misere`) instead of a search.
    sj_hypothesis: ClassVar[bool] = False

    def moves(self, state: S) -> Iterable[S]:
        """Every state reachable in one move from ``state`` (duplicates allowed)."""
        raise InvalidGameError(
            f"{type(self).__name__} must define moves(state) "
            "(or set splits = True and define split_moves(state))"
        )

    def split_moves(self, state: S) -> Iterable[tuple[S, ...]]:
        """Every option of ``state`` as a tuple of states (a sum of components).

        The default wraps :meth:`moves`. An empty tuple means the move leaves
        nothing of this component.
        """
        return ((m,) for m in self.moves(state))

    def options(self, state: Any, player: Player | None = None) -> Iterable[tuple[Any, ...]]:
        """:meth:`split_moves` (both players have them: ``player`` is ignored)."""
        return self.split_moves(state)

    # ----- optional closed forms ------------------------------------------------

    def grundy_formula(self, state: S) -> int | None:
        """The Grundy value of ``state`` by a closed form, or None to search."""
        return None

    def formula_name(self) -> str:
        """Name (and source) of the closed form behind :meth:`grundy_formula`."""
        return f"{type(self).__name__} closed form"

    def options_with_value(self, state: S, value: int) -> Iterable[tuple[S, ...]] | None:
        """Options of ``state`` whose Grundy value is ``value``, by a closed form.

        Return None to let the solver enumerate :meth:`split_moves`. Must list
        every such option exactly once when it returns an iterable (it may be
        lazy: the solver stops after the caller's limit), or raise
        :class:`ListingCut` after the ones it can find cheaply.
        """
        return None

    def count_options_with_value(self, state: S, value: int) -> int | None:
        """How many options of ``state`` have Grundy value ``value``, if known cheaply."""
        return None

    def misere_solve(self, states: Sequence[S], max_moves: int) -> Answer | None:
        """Misère play of the sum of ``states`` by a theorem, or None to search."""
        return None

    def outcome_theorem(self, state: S, misere: bool) -> Answer | None:
        """The outcome of ``state`` played alone, by an existence theorem, or None.

        For games where only an existence proof is known (strategy stealing):
        see :class:`Answer`. Consulted only for a position of one component.
        """
        return None

    # ----- optional words ---------------------------------------------------------

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """:meth:`split_moves` as :class:`Play` values, with :meth:`describe_move`'s words."""
        return (Play(o, player, (), self.describe_move(state, o)) for o in self.split_moves(state))

    def describe_move(self, state: S, option: tuple[S, ...]) -> str:
        """Words for the move from ``state`` to ``option`` (a tuple of states)."""
        after = " + ".join(self.format_state(s) for s in option) or "nothing"
        return f"{self.format_state(state)} -> {after}"

    def explain(self, states: Sequence[S], values: Sequence[int]) -> list[str]:
        """Extra lines saying why a sum of these states has these Grundy values."""
        return []


class HeapGame(ImpartialGame[int]):
    """An impartial game on one heap of counters; several heaps form a sum.

    Arguments are non-negative integers, one heap each (``nim 3 4 5``).
    """

    merges_components = True
    #: The smallest heap (Divisors starts at 1).
    first_state: ClassVar[int] = 0

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """:meth:`split_moves` as :class:`Play` values naming the heap they take from: cell
        0 of the :class:`~grundy.core.board.Heaps` board (a Heaps board's cells are its heaps).
        """
        return (
            Play(o, player, (0,), self.describe_move(state, o)) for o in self.split_moves(state)
        )

    def periodicity_proof(self, preperiod: int, period: int, saltus: int) -> tuple[int, str] | None:
        """``(bound, theorem)`` when a theorem proves that values with this period from
        ``preperiod`` on (checked up to heap ``bound + period - 1``) go on for ever, or None
        (the default: no theorem; a period is only observed)."""
        return None

    def periodicity_bound_form(self) -> tuple[int, int, int] | None:
        """``(a, b, c)`` when every bound of :meth:`periodicity_proof` is at least
        ``a*preperiod + b*period + c`` (lets the period search skip hopeless candidates),
        or None."""
        return None

    def has_periodicity_theorem(self) -> bool:
        """True when :meth:`periodicity_proof` can prove some period of this ruleset (a
        table can then be streamed from its period); the default is False."""
        return False

    def move_shape(self) -> tuple[int, int] | None:
        """``(parts, t)`` when every move removes at most ``t`` counters and leaves at most
        ``parts`` heaps, for rules a periodicity theorem covers (finite octal and
        subtraction games), else None (the default)."""
        return None

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError(
                f"{self.spec_name()} needs at least one heap size", self.expected_syntax()
            )
        return [parse_natural(a, "a heap size", self.expected_syntax()) for a in args]

    def format_state(self, state: Any) -> str:
        return str(state)

    def board(self, state: Any) -> Board | None:
        return Heaps((state,))

    def describe_move(self, state: int, option: tuple[int, ...]) -> str:
        if len(option) == 1:
            return f"take {state - option[0]} from the heap of {state}"
        if not option:
            return f"take the whole heap of {state}"
        parts = " and ".join(str(h) for h in option)
        return f"turn the heap of {state} into heaps of {parts}"


class PartisanGame(Ruleset, Generic[S]):
    """A partisan ruleset: Left and Right have different moves (normal play).

    Override :meth:`left_moves` and :meth:`right_moves`. A state may fall
    apart into independent *regions* whose values add (:meth:`regions`), and
    regions equal up to a symmetry of the board may share one key
    (:meth:`region_key`): both are where the speed of a partisan solver comes from.
    """

    game_type: ClassVar[GameType] = GameType(impartial=False)
    family = "partisan"
    #: Regions of rulesets with the same memo family share one memo of values (None:
    #: the ruleset itself is the family).
    memo_family: ClassVar[str | None] = None

    def left_moves(self, state: S) -> Iterable[S]:
        """Every state Left can reach in one move."""
        raise NotImplementedError

    def right_moves(self, state: S) -> Iterable[S]:
        """Every state Right can reach in one move."""
        raise NotImplementedError

    def regions(self, state: S) -> Iterable[S]:
        """Independent parts of ``state`` whose sum is ``state`` (default: the state itself)."""
        return (state,)

    def region_key(self, state: S) -> Hashable:
        """A key equal for regions of equal value (default: the region itself)."""
        return state

    def options(self, state: Any, player: Player | None = None) -> Iterable[tuple[Any, ...]]:
        """Left's (``player="L"``) or Right's (``"R"``) options, each a 1-tuple."""
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        moves = self.left_moves if player == LEFT else self.right_moves
        return ((s,) for s in moves(state))

    # ----- optional capabilities of the canonical-value solver ----------------------

    def signed_region_key(self, region: S) -> tuple[Hashable, bool]:
        """``(key, negated)``: a key shared by a region and its negative (colours swapped),
        and whether ``region`` is the negated one. The default: ``(region_key, False)``."""
        return self.region_key(region), False

    def number_value(self, region: S) -> int | Fraction | None:
        """The value of ``region`` when it is a number known at sight, else None (default)."""
        return None

    def keyed_regions(self, state: S) -> tuple[tuple[Hashable, Any, Any], ...] | None:
        """The regions of ``state`` as ``(key, negated, region)`` parts (``(None, number,
        None)`` for a number), all at once, or None (the default: the solver works them
        out from :meth:`regions`, :meth:`number_value` and :meth:`signed_region_key`)."""
        return None

    def option_parts(
        self, region: S
    ) -> tuple[Iterable[Sequence[tuple[Hashable, Any, Any]]], Iterable[Sequence[Any]]] | None:
        """The parts (as :meth:`keyed_regions` gives them) of each Left and each Right
        option of ``region``, or None (the default: from the moves and the regions)."""
        return None

    def canonical_value(self, state: S) -> Any:
        """The canonical value of ``state`` when the state is its own value (a game
        literal), else None (the default: evaluated by the solver)."""
        return None

    @property
    def compiled_regions(self) -> Any:
        """The whole walk of the canonical-value solver in the compiled core (an object with
        ``value``, ``size``, ``raw`` and ``add_raw``: see
        :attr:`grundy.cgt.games.domineering.Domineering.compiled_regions`), or None (the
        default, and whenever the compiled core or its table of canonical games is absent)."""
        return None

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """Left's or Right's moves as :class:`Play` values, with :meth:`describe_move`'s
        words (a shape base, :class:`~grundy.cgt.games._shapes.GridGame`, adds the cells)."""
        if player not in (LEFT, RIGHT):
            raise InvalidGameError(f"a partisan game's player is 'L' or 'R', got {player!r}")
        moves = self.left_moves if player == LEFT else self.right_moves
        return (Play((s,), player, (), self.describe_move(state, s, player)) for s in moves(state))

    def describe_move(self, state: S, after: S, side: str) -> str:
        """Words for the move of ``side`` (``"L"`` or ``"R"``) from ``state`` to ``after``.

        The default names the position reached; rulesets name the piece moved.
        """
        who = "Left" if side == "L" else "Right"
        return f"{who} moves to {self.format_state(after)}"
