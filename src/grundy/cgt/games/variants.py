"""The impartial, dicotic and twisted variants of any partisan ruleset (CGSuite's
``Ruleset.ImpartialVariant``, ``DicoticVariant`` and ``TwistedVariant``).

Written as a prefix before the ruleset: ``impartial:domineering:3x3``,
``dicotic:clobber xo./oxo``, ``twisted:cutcake 2x3``. CGSuite's definitions
(``game.variant``), for a position ``G`` of the ruleset:

* **impartial**: either player may make any move of Left's or of Right's:
  ``i(G) = {i(GL), i(GR) | i(GL), i(GR)}`` (Cram is ``impartial:domineering``). The value
  is a nimber; the regions of the base still add.
* **dicotic** (all-small): nobody may move unless both players have a move:
  ``d(G) = {d(GL) | d(GR)}`` when ``G`` has a Left and a Right option, else ``0``.
* **twisted**: the players swap roles after every move: ``t(G) = {-t(GL) | -t(GR)}``. A
  position after an odd number of moves is a negative, written with a ``-`` before the
  base's arguments (``twisted:cutcake - 2x1``).

A dicotic or twisted position is one position of the base: the rule looks at the whole
board, so a sum of bases (``dicotic:cutcake 2x3 1x2``) is refused there; a twisted
position of a base whose state is a table of parts (Cutcake's pieces) reads its
arguments as one table (``twisted:cutcake - 2x1 2x2``, as it prints after a cut).

>>> from grundy.cgt import value_of
>>> from grundy.cgt.games.domineering import Domineering
>>> g = ImpartialVariant(Domineering())
>>> [str(value_of(g, s)) for s in g.parse_args(["2x3"])]
['*']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.core.board import Board
from grundy.core.game import LEFT, RIGHT, PartisanGame, Play, Player, Ruleset
from grundy.errors import InvalidSpecError

__all__ = ["DicoticVariant", "ImpartialVariant", "TwistedVariant", "set_resolver"]

#: How ``NAME[:PARAMS]`` becomes its ruleset: set by :mod:`grundy.lang.registry` (the
#: registry lives in a layer above this one).
_RESOLVER: list[Callable[[str], Ruleset]] = []


def set_resolver(resolve: Callable[[str], Ruleset]) -> None:
    """Say how a variant finds its base ruleset from ``NAME[:PARAMS]``."""
    _RESOLVER[:] = [resolve]


def _syntax(name: str) -> str:
    return f"{name}:GAME[:PARAMS] ARGS...  (GAME a partisan game, e.g. {name}:domineering 3x3)"


@dataclass(frozen=True)
class _Variant(PartisanGame[Any]):
    """A variant of the partisan ruleset ``base``."""

    base: PartisanGame[Any] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name and "syntax" not in cls.__dict__:  # every variant is written alike
            cls.syntax = _syntax(cls.name)

    @classmethod
    def from_params(cls, params: str | None) -> _Variant:
        syntax = _syntax(cls.name)
        if params is None:
            raise InvalidSpecError(f"name the game after {cls.name}:", syntax)
        if not _RESOLVER:
            raise InvalidSpecError("no game registry to find the game in", syntax)
        base = _RESOLVER[0](params)
        if not isinstance(base, PartisanGame) or base.game_type.impartial:
            raise InvalidSpecError(f"{params!r} is not a partisan game", syntax)
        if isinstance(base, _Variant) and type(base) is cls:
            return base if cls is ImpartialVariant else cls(base)
        return cls(base)

    @property
    def game(self) -> PartisanGame[Any]:
        if self.base is None:
            raise InvalidSpecError(f"name the game after {self.name}:", _syntax(self.name))
        return self.base

    def params_text(self) -> str | None:
        return None if self.base is None else self.base.spec_name()

    @property
    def cut_lines(self) -> bool:
        """Whether a move's cells name the line it cuts along, as the base's do (Cutcake)."""
        return bool(getattr(self.base, "cut_lines", False))

    def expected_syntax(self) -> str:
        return _syntax(self.name)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        return list(self.game.parse_args(args))

    def format_state(self, state: Any) -> str:
        return self.game.format_state(state)

    def board(self, state: Any) -> Board | None:
        return self.game.board(state)

    def text_board(self, state: Any) -> Any:
        return self.game.text_board(state)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        return self.game.describe_move(state, after, side)


@dataclass(frozen=True)
class ImpartialVariant(_Variant):
    """Either player makes any move of the base."""

    name = "impartial"
    rule = (
        "the game's impartial variant: either player may make any move of Left's or "
        "of Right's (CGSuite's ImpartialVariant)"
    )
    example = "impartial:domineering 2x3"
    #: Both players have the same moves: values are nimbers, answers carry Grundy values.
    impartial: ClassVar[bool] = True

    def left_moves(self, state: Any) -> Iterator[Any]:
        seen = []
        for after in (*self.game.left_moves(state), *self.game.right_moves(state)):
            if after not in seen:
                seen.append(after)
                yield after

    def right_moves(self, state: Any) -> Iterator[Any]:
        return self.left_moves(state)

    def click_pushes(
        self, state: Any, cells: Sequence[int], player: Player | None
    ) -> list[tuple[int, str]] | None:
        """The base's pushes for these cells (``click_pushes``: Toppling Dominoes), by either
        player, or None when the base has none."""
        pushes = getattr(self.game, "click_pushes", None)
        return None if pushes is None else list(pushes(state, cells, None))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        seen = []
        for side in (LEFT, RIGHT):
            for p in self.game.plays(state, side):
                if p.after not in seen:
                    seen.append(p.after)
                    yield dataclasses.replace(p, player=player)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        for s in (side, RIGHT if side == LEFT else LEFT):
            moves = self.game.left_moves if s == LEFT else self.game.right_moves
            if after in set(moves(state)):
                return self.game.describe_move(state, after, s)
        return super().describe_move(state, after, side)

    def regions(self, state: Any) -> Iterator[Any]:
        return iter(self.game.regions(state))

    def signed_region_key(self, region: Any) -> tuple[Hashable, bool]:
        key, _negated = self.game.signed_region_key(region)
        return key, False  # i(-G) = i(G): the value is a nimber

    def state_of_key(self, key: Any) -> Any:
        """A board of region key ``key``: the base's (see :mod:`grundy.cgt._verify_memo`)."""
        rebuild = getattr(self.game, "state_of_key", None)
        return key if rebuild is None else rebuild(key)


@dataclass(frozen=True)
class DicoticVariant(_Variant):
    """Nobody moves unless both players could."""

    name = "dicotic"
    rule = (
        "the game's dicotic (all-small) variant: played as the game, but nobody may move "
        "when either player has no move (CGSuite's DicoticVariant)"
    )
    example = "dicotic:domineering 3x3"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        states = self.game.parse_args(args)
        if len(states) != 1:
            raise InvalidSpecError(
                f"{self.name}: give one position of the game, not a sum of {len(states)}",
                self.syntax,
            )
        return list(states)

    def _open(self, state: Any) -> bool:
        return any(True for _ in self.game.left_moves(state)) and any(
            True for _ in self.game.right_moves(state)
        )

    def left_moves(self, state: Any) -> Iterator[Any]:
        return iter(self.game.left_moves(state)) if self._open(state) else iter(())

    def right_moves(self, state: Any) -> Iterator[Any]:
        return iter(self.game.right_moves(state)) if self._open(state) else iter(())

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        return iter(self.game.plays(state, player)) if self._open(state) else iter(())


@dataclass(frozen=True)
class TwistedVariant(_Variant):
    """The players swap roles after every move; a state is ``(negated, base state)``."""

    name = "twisted"
    syntax = _syntax("twisted") + "; '-' first for a negated position"
    rule = (
        "the game's twisted variant: played as the game, but Left and Right swap roles "
        "after every move (CGSuite's TwistedVariant)"
    )
    example = "twisted:cutcake 2x3"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        """``[(negated, base state)]``; the arguments of a base whose state is a sorted
        table of parts (its components merge: Cutcake's pieces) are one table, as a
        twisted position of several pieces prints.

        >>> from grundy.cgt.games.cutcake import Cutcake
        >>> TwistedVariant(Cutcake()).parse_args(["-", "2x2", "2x1"])
        [(True, ((2, 1), (2, 2)))]
        """
        negated = bool(args) and args[0] == "-"
        states = self.game.parse_args(args[1:] if negated else args)
        if len(states) > 1 and self.game.merges_components:
            states = [tuple(sorted(part for state in states for part in state))]
        if len(states) != 1:
            raise InvalidSpecError(
                f"{self.name}: give one position of the game, not a sum of {len(states)}",
                self.syntax,
            )
        return [(negated, states[0])]

    def format_state(self, state: Any) -> str:
        negated, inner = state
        text = self.game.format_state(inner)
        return f"- {text}" if negated else text

    def board(self, state: Any) -> Board | None:
        return self.game.board(state[1])

    def text_board(self, state: Any) -> Any:
        return self.game.text_board(state[1])

    def _base_side(self, state: Any, side: str) -> str:
        """Whose moves of the base the mover makes: the mover's, or the other's in a
        negated position."""
        return side if not state[0] else (RIGHT if side == LEFT else LEFT)

    def _moves(self, state: Any, side: str) -> Iterator[Any]:
        negated, inner = state
        base = self._base_side(state, side)
        moves = self.game.left_moves if base == LEFT else self.game.right_moves
        return ((not negated, after) for after in moves(inner))

    def left_moves(self, state: Any) -> Iterator[Any]:
        return self._moves(state, LEFT)

    def right_moves(self, state: Any) -> Iterator[Any]:
        return self._moves(state, RIGHT)

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        side: Player = RIGHT if player == RIGHT else LEFT
        base: Player = RIGHT if self._base_side(state, side) == RIGHT else LEFT
        for p in self.game.plays(state[1], base):
            (after,) = p.after
            yield dataclasses.replace(p, after=((not state[0], after),), player=player)

    def describe_move(self, state: Any, after: Any, side: str) -> str:
        return self.game.describe_move(state[1], after[1], self._base_side(state, side))
