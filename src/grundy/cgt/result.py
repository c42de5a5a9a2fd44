"""The answer of the partisan solver: :class:`PartisanResult`, whose value is a
:class:`~grundy.cgt.CanonicalGame` and whose mean, temperature and stops are exact
:class:`~fractions.Fraction` values (the JSON form keeps them as text).

>>> from grundy import solve
>>> r = solve("domineering:2x3")
>>> r.canonical, r.temperature, r.canonical + r.canonical, r.canonical > -1
(CanonicalGame('{2|-1/2}'), Fraction(5, 4), CanonicalGame('3/2'), True)
>>> r.canonical.thermograph().temperature, r.to_dict()["temperature"]
(Fraction(5, 4), '5/4')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Self, TypedDict, TypeVar, overload

from grundy.cgt.cgsuite import cgsuite_field
from grundy.cgt.value import CanonicalGame
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.core.text import short_repr
from grundy.errors import InvalidSpecError

__all__ = ["PartisanResult", "SidedMoves", "sided_moves"]

_T = TypeVar("_T")


class _CgsuiteField(Generic[_T]):
    """A property of a :class:`PartisanResult`: the field of its canonical value named as the
    property (one of :func:`~grundy.cgt.cgsuite.cgsuite_fields`), None without a value."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, result: None, owner: type) -> Self: ...

    @overload
    def __get__(self, result: PartisanResult, owner: type) -> _T | None: ...

    def __get__(self, result: PartisanResult | None, owner: type) -> Self | _T | None:
        if result is None:
            return self
        found: _T | None = cgsuite_field(result.canonical, self.name)  # type: ignore[assignment]
        return found


@dataclass(frozen=True, repr=False)
class PartisanResult(Result):
    """The answer of the partisan solver: the canonical value (None when it was not
    finished and the outcome class came from search) and each side's winning moves
    moving first (``winning_moves`` holds Left's).

    Attributes:
        canonical: the canonical value, a :class:`~grundy.cgt.CanonicalGame`: printed in
            CGSuite's readable notation (``{2|-1/2}``, ``^*``, ``+-1``), compared and added
            as a game, drawn by ``.thermograph()``; notation text given is parsed.
        canonical_braces: the value written out as nested ``{L|R}`` with only numbers,
            ``*`` and ``*n`` as leaves (None when too long).
            The value in CGSuite's terms is given by the properties ``cgsuite``,
            ``reduced_canonical``, ``atomic_weight``, ``birthday``,
            ``uptimal_expansion``, ``left_options`` and ``right_options``, the last
            fields of the JSON form (see :func:`grundy.cgt.cgsuite.cgsuite_fields`).
        temperature, mean, left_stop, right_stop: of the canonical value, exact
            :class:`~fractions.Fraction` values (text such as ``"5/4"`` is converted).
        right_winning_moves, right_move_descriptions, right_winning_moves_total: Right's
            winning moves moving first.
        grundy: the Grundy value ``n`` of an impartial game solved by its canonical value
            ``*n`` (Cram, Arc Kayles, ``impartial:`` variants: both players have the same
            moves, and the move words name no side); None for a partisan game.

    The value in CGSuite's terms, computed when read:

    >>> from grundy import solve
    >>> r = solve('cgt "{0||0|-1/2}"')
    >>> r.canonical, r.cgsuite, r.birthday, r.right_options
    (CanonicalGame('{0||0|-1/2}'), 'Tiny(1/2)', 4, '{{0|-1/2}}')
    >>> r.to_dict()["reduced_canonical"], PartisanResult.atomic_weight.__doc__[:15]
    ('0', 'The atomic weig')
    """

    canonical: CanonicalGame | None = None
    canonical_braces: str | None = None
    temperature: Fraction | None = None
    mean: Fraction | None = None
    left_stop: Fraction | None = None
    right_stop: Fraction | None = None
    right_winning_moves: tuple[Position | Sum, ...] = ()
    right_move_descriptions: tuple[str, ...] = ()
    right_winning_moves_total: int | None = None
    grundy: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.canonical is not None and not isinstance(self.canonical, CanonicalGame):
            try:
                object.__setattr__(self, "canonical", CanonicalGame(self.canonical))
            except (TypeError, ValueError) as e:  # not a game: one line, a grundy error
                raise InvalidSpecError(
                    f"canonical must be a game, got {short_repr(self.canonical)}: {e}",
                    "a CanonicalGame, a number or CGSuite notation",
                ) from None
        for name in ("temperature", "mean", "left_stop", "right_stop"):
            v = getattr(self, name)
            if v is not None and type(v) is not Fraction:
                if isinstance(v, bool) or not isinstance(v, (int, str, Fraction)):
                    raise InvalidSpecError(
                        f"{name} must be a number, got {short_repr(v)}", "a Fraction or '5/4'"
                    )
                try:
                    object.__setattr__(self, name, Fraction(v))
                except (ValueError, ZeroDivisionError):
                    raise InvalidSpecError(
                        f"{name} must be a number, got {short_repr(v)}", "a Fraction or '5/4'"
                    ) from None

    # The value in CGSuite's terms, each computed when read (see the class's example).
    cgsuite = _CgsuiteField[str]("The value as CGSuite prints it (``^^``, ``Tiny(1/2)``, ...).")
    reduced_canonical = _CgsuiteField[str]("The reduced canonical form, in CGSuite's notation.")
    atomic_weight = _CgsuiteField[str](
        "The atomic weight of an all-small value, in CGSuite's notation (else None)."
    )
    birthday = _CgsuiteField[int]("The birthday of the value.")
    uptimal_expansion = _CgsuiteField[str](
        "CGSuite's uptimal expansion (``*.1-``, ``0.0202``) of an uptimal value."
    )
    left_options = _CgsuiteField[str](
        "Left's options of the value as CGSuite prints a set: ``{0,*}``."
    )
    right_options = _CgsuiteField[str]("Right's options of the value as CGSuite prints a set.")


class SidedMoves(TypedDict):
    """The fields of a partisan answer that list each side's moves moving first, Left's as
    ``winning_moves`` (:func:`sided_moves`; ``PartisanResult(..., **moves)``)."""

    winning_moves: tuple[Position | Sum, ...]
    move_descriptions: tuple[str, ...]
    winning_moves_total: int | None
    winning_moves_truncated: bool
    right_winning_moves: tuple[Position | Sum, ...]
    right_move_descriptions: tuple[str, ...]
    right_winning_moves_total: int | None


#: One side's moves: the positions listed, their words, and how many there are in all
#: (None when not counted).
Side = tuple[Sequence[Position | Sum], Sequence[str], int | None]


def sided_moves(left: Side, right: Side) -> SidedMoves:
    """The :class:`SidedMoves` of Left's and Right's moves (a partisan answer and a loopy
    one list them alike); Left's are marked cut short when there are more in all.

    >>> moves = sided_moves(([], [], 3), ([], [], None))
    >>> moves["winning_moves_total"], moves["winning_moves_truncated"]
    (3, True)
    """
    (lefts, left_words, left_total), (rights, right_words, right_total) = left, right
    return SidedMoves(
        winning_moves=tuple(lefts),
        move_descriptions=tuple(left_words),
        winning_moves_total=left_total,
        winning_moves_truncated=left_total is not None and left_total > len(lefts),
        right_winning_moves=tuple(rights),
        right_move_descriptions=tuple(right_words),
        right_winning_moves_total=right_total,
    )
