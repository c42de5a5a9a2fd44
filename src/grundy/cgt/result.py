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

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grundy.cgt.value import CanonicalGame
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.core.text import short_repr
from grundy.errors import InvalidSpecError

__all__ = ["PartisanResult"]


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
            The JSON form (:meth:`to_dict`) ends with the value in CGSuite's terms:
            ``cgsuite``, ``reduced_canonical``, ``atomic_weight``, ``birthday``,
            ``uptimal_expansion``, ``left_options``, ``right_options`` (see
            :func:`grundy.cgt.cgsuite.cgsuite_fields`).
        temperature, mean, left_stop, right_stop: of the canonical value, exact
            :class:`~fractions.Fraction` values (text such as ``"5/4"`` is converted).
        right_winning_moves, right_move_descriptions, right_winning_moves_total: Right's
            winning moves moving first.
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

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every field of :class:`~grundy.core.result.Result`, then the
        value in CGSuite's terms.

        >>> from grundy import solve
        >>> d = solve('cgt "{0||0|-1/2}"').to_dict()
        >>> d["canonical"], d["cgsuite"], d["birthday"], d["right_options"]
        ('{0||0|-1/2}', 'Tiny(1/2)', 4, '{{0|-1/2}}')
        """
        from grundy.cgt.cgsuite import cgsuite_fields

        out = super().to_dict()
        out.update(cgsuite_fields(self.canonical))
        return out
