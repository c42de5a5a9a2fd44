"""A game written as a value: ``cgt "{2|-1}"`` is a component of the position language.

A misère form in CGSuite's notation (``cgt "*[2[2]321]"``, :mod:`grundy.cgt.misere`)
keeps its form: under ``--misere`` it is played as written; under normal play it
is the nimber of its Grundy value.

Each argument is a game in CGSuite's ASCII notation (``0``, ``3/4``, ``*2``,
``^``, ``v``, ``+-1``, ``{2|-1/2}``, ``{0||0|-1}``; Unicode ↑ ↓ ± ⇑ ½ are
accepted) and stands for its canonical form: Left's moves are the canonical
form's Left options, Right's its Right options. Several arguments are a sum,
so ``cgt ^ "*"`` is the same position as ``cgt ^ + cgt "*"``. A loopy game written as a
sum (``cgt "on + {0|pass}"``) is played as its parts, like several arguments; a sum of
short games is one canonical form.

>>> from grundy import solve
>>> r = solve('cgt "{2|-1}" + nim 1')
>>> r.canonical, r.outcome
(CanonicalGame('{2*|-1*}'), 'N')
>>> g = GameLiteral()
>>> [g.format_state(s) for s in g.left_moves(g.parse_args(["{0,*|0}"])[0])]
['"0"', '"*"']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grundy.cgt.loopy.notation import is_loopy_text, sum_terms
from grundy.cgt.loopy.state import LoopyState
from grundy.cgt.notation import format_game, parse_game, short_text
from grundy.cgt.value import CanonicalGame
from grundy.core.game import PartisanGame
from grundy.errors import InvalidSpecError, SearchLimitError

__all__ = ["GameLiteral"]

_SYNTAX = (
    'cgt VALUE...  (CGSuite notation, quoted: cgt "{2|-1/2}", cgt "^*", cgt "+-1", '
    'cgt "{0||0|-1}"; several values are a sum)'
)
#: Longest literal accepted, in characters (a value, not a document).
MAX_LITERAL = 100_000

#: How a position too long to write begins (:meth:`GameLiteral.format_state`; the value's
#: line comes from :func:`grundy.cgt.notation.short_text`).
_TOO_LONG = ("(a value born on day", "(a position of a loopy game")


@dataclass(frozen=True)
class GameLiteral(PartisanGame[CanonicalGame]):
    """Games given by their values; a state is a :class:`CanonicalGame`."""

    name = "cgt"
    aliases = ("game",)
    syntax = _SYNTAX
    rule = (
        "a game given by its value in CGSuite notation; Left moves to a Left option of its "
        "canonical form, Right to a Right option"
    )
    example = 'cgt "{2|-1/2}"'
    memo_family = "cgt"

    def parse_args(self, args: Sequence[str]) -> list[CanonicalGame]:
        if not args:
            raise InvalidSpecError("cgt needs a value", _SYNTAX)
        if " ".join(args).startswith(_TOO_LONG):  # what format_state wrote for such a one
            raise InvalidSpecError(
                "this position was too long to write out (its line says how long), so it "
                "cannot be read back: ask about the position it came from",
                _SYNTAX,
            )
        states: list[Any] = []  # CanonicalGame, MisereGame for *[...], or LoopyState
        for text in args:
            if len(text) > MAX_LITERAL:
                raise InvalidSpecError(
                    f"the value has {len(text):,} characters, more than {MAX_LITERAL:,}", _SYNTAX
                )
            if is_loopy_text(text):  # pass, named braces, on, over...: grundy.cgt.loopy
                # a sum is played as its parts (sum_terms: written whole, its positions
                # would repeat what they share, exponentially in the parts)
                for term in sum_terms(text):
                    loopy = is_loopy_text(term)
                    states.append(LoopyState.parse(term) if loopy else parse_game(term))
                continue
            try:
                if text.lstrip().startswith("*["):  # CGSuite's misère notation (issue 33)
                    from grundy.cgt.misere.form import MisereGame  # noqa: PLC0415 (lazy)

                    states.append(MisereGame.parse(text))
                    continue
                states.append(parse_game(text))
            except InvalidSpecError as error:
                raise InvalidSpecError(error.problem, _SYNTAX) from None
        return states

    def format_state(self, state: CanonicalGame) -> str:
        if isinstance(state, LoopyState):  # a vertex shared by many paths can be long
            text = state.text(MAX_LITERAL)
            if text is None:
                return f"{_TOO_LONG[1]} whose form has more than {MAX_LITERAL:,} characters)"
            return f'"{text}"'
        if isinstance(state, CanonicalGame):  # its readable form can be long too
            try:
                return f'"{format_game(state, max_length=MAX_LITERAL)}"'
            except SearchLimitError:
                return f"({short_text(state)})"
        return f'"{state}"'

    def left_moves(self, state: CanonicalGame) -> tuple[CanonicalGame, ...]:
        if isinstance(state, (CanonicalGame, LoopyState)):
            return state.left_options
        return state.options  # a misère form *[...]: its options

    def right_moves(self, state: CanonicalGame) -> tuple[CanonicalGame, ...]:
        if isinstance(state, (CanonicalGame, LoopyState)):
            return state.right_options
        return state.options

    def region_key(self, state: CanonicalGame) -> Hashable:
        return state

    def number_value(self, region: CanonicalGame) -> Fraction | None:
        """The value when it is a number (no search below it), else None."""
        return self.canonical_value(region).number()

    def canonical_value(self, state: CanonicalGame) -> CanonicalGame:
        """The value of ``state``: the state itself (read by :func:`grundy.cgt.value_of`);
        a misère form ``*[...]`` has the nimber of its normal-play Grundy value."""
        if not isinstance(state, CanonicalGame):
            return CanonicalGame(f"*{state.normal_value}")
        return state
