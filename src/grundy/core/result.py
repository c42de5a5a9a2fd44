"""The answer to "who wins this position, and how?": one result type per solver.

:class:`Result` is the small base every answer shares (the position, the outcome,
the winning moves, how and why); each solver gives its own kind:

- :class:`ImpartialResult` (Sprague–Grundy, misère theorems, loopy values): ``grundy``;
- :class:`grundy.cgt.PartisanResult` (canonical values): ``canonical`` is a
  :class:`~grundy.cgt.CanonicalGame`, ``mean``, ``temperature`` and the stops are
  :class:`~fractions.Fraction`, and each side's winning moves;
- :class:`grundy.search.SearchResult` (two-player search, draws allowed): ``value`` and
  ``remoteness``.

Each family defines its own (the partisan one in :mod:`grundy.cgt.result`, the search
one in :mod:`grundy.search.result`); all are :class:`Result`.

The outcome is an :class:`Outcome` (a ``str`` enum: ``result.outcome == "N"`` holds).
A field another kind has reads as absent on this one (``solve("clobber xo").grundy`` is
None), so code written for the single ``Result`` of before keeps working.
Results are frozen; :meth:`Result.to_dict` gives the JSON form used by
``grundy solve --json`` (every field of every kind, in one order; positions as spec
strings, exact values as text such as ``"5/4"``).

>>> from grundy import solve
>>> r = solve("domineering:2x3")
>>> type(r).__name__, r.outcome is Outcome.N, r.temperature, r.canonical + r.canonical
('PartisanResult', True, Fraction(5, 4), CanonicalGame('3/2'))
>>> solve("domineering:2x3").to_dict()["temperature"]
'5/4'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from enum import EnumType, StrEnum
from typing import Any

from grundy.core.position import Position, Sum
from grundy.core.text import html_table, short_repr
from grundy.core.valueline import render_line
from grundy.errors import InvalidSpecError

__all__ = [
    "ImpartialResult",
    "Outcome",
    "Result",
    "format_result",
    "short_spec",
    "shorten",
]


class _OneLetter(EnumType):
    """``Outcome(letter)`` alone: not the enum module's functional API (``Outcome(name,
    names)`` would try to make a new enum)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            raise InvalidSpecError(
                f"Outcome takes one letter, got {len(args) + len(kwargs) + 1} arguments",
                "Outcome('N')",
            )
        if not isinstance(value, str):  # never hashed: any object may come here
            raise InvalidSpecError(
                f"{short_repr(value)} is not an outcome",
                "N, P, D, L, R, NHat, NCheck, PHat or PCheck",
            )
        return super().__call__(value)


class Outcome(StrEnum, metaclass=_OneLetter):
    """Who wins: the outcome class of a position.

    A ``str`` enum, so it compares equal to its letter and prints as it (JSON keeps the
    letter); its ``repr`` is the letter's too, so that code and examples written when
    outcomes were strings read the same.

    >>> Outcome("N") is Outcome.N, Outcome.N == "N", Outcome.P.words
    (True, True, 'the player to move loses (P-position)')
    >>> Outcome.L.mover_result() is None, Outcome.D.mover_result()
    (True, 'draw')
    """

    N = "N"
    P = "P"
    D = "D"
    L = "L"
    R = "R"
    # A loopy partisan game's mixed classes (CGSuite's names): a win for one side under
    # one start, a draw under the other.
    NHat = "NHat"
    NCheck = "NCheck"
    PHat = "PHat"
    PCheck = "PCheck"

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def _missing_(cls, value: object) -> Outcome:
        raise InvalidSpecError(f"{short_repr(value)} is not an outcome", "N, P, D, L or R")

    @property
    def words(self) -> str:
        """The outcome in words, as ``grundy solve`` writes it."""
        return _OUTCOME_WORDS[self.value]

    def mover_result(self) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move (None for L and R)."""
        return {"N": "win", "P": "loss", "D": "draw"}.get(self.value)


#: Each field of the JSON form, in order, with its value on a result that lacks it.
_JSON_FIELDS: dict[str, Any] = {
    "position": None,
    "play": None,
    "outcome": None,
    "grundy": None,
    "winning_moves": (),
    "move_descriptions": (),
    "method": None,
    "explanation": (),
    "positions_searched": 0,
    "winning_moves_total": None,
    "winning_moves_truncated": False,
    "winning_moves_listing_cut": False,
    "value": None,
    "remoteness": None,
    "canonical": None,
    "canonical_braces": None,
    "temperature": None,
    "mean": None,
    "left_stop": None,
    "right_stop": None,
    "right_winning_moves": (),
    "right_move_descriptions": (),
    "right_winning_moves_total": None,
    "best_moves": (),
    "best_move_descriptions": (),
    "best_moves_total": None,
    "misere_canonical": None,
    "genus": None,
    # the value in CGSuite's terms (grundy.cgt.cgsuite.cgsuite_fields; loopy values too)
    "cgsuite": None,
    "onside": None,
    "offside": None,
    "degree": None,
    "variety": None,
    "reduced_canonical": None,
    "atomic_weight": None,
    "birthday": None,
    "uptimal_expansion": None,
    "left_options": None,
    "right_options": None,
}


@dataclass(frozen=True, repr=False)
class Result:
    """The solved position: what every solver's answer has.

    Attributes:
        position: the position asked about.
        play: ``"normal"`` (the last mover wins) or ``"misere"`` (the last mover loses).
        outcome: an :class:`Outcome`: ``N`` (the player to move wins) or ``P`` (the player
            to move loses); two-player games may also answer ``D`` (draw), and partisan
            games ``L`` or ``R``. A letter given is made an :class:`Outcome`.
        winning_moves: positions reached by the winning moves, no duplicates,
            at most ``max_moves`` of them (Left's, for a partisan position).
        move_descriptions: words for each winning move, aligned with ``winning_moves``.
        method: how the answer was obtained (formula name, theorem, or search
            with the number of positions).
        explanation: lines saying why the answer is true.
        positions_searched: positions newly searched for this answer (0 when a
            formula or the memo answered).
        winning_moves_total: how many winning moves there are, when known.
        winning_moves_truncated: True when ``winning_moves`` was cut at the limit.
        winning_moves_listing_cut: True when the list was cut because the game could not
            go on listing at a reasonable cost (every split of a heap past the table
            limit): a higher limit shows no more.

    The fields of the other kinds (``grundy``, ``canonical``, ``value``, ...) read as
    None (or an empty tuple) on a result that does not have them.
    """

    position: Position | Sum
    play: str
    outcome: Outcome
    winning_moves: tuple[Position | Sum, ...]
    move_descriptions: tuple[str, ...]
    method: str
    explanation: tuple[str, ...] = ()
    positions_searched: int = 0
    winning_moves_total: int | None = None
    winning_moves_truncated: bool = False
    winning_moves_listing_cut: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.outcome, Outcome):
            object.__setattr__(self, "outcome", Outcome(self.outcome))

    def __getattr__(self, name: str) -> Any:
        """A field of another kind of result: absent here (None, or an empty tuple)."""
        if name in _JSON_FIELDS and not name.startswith("_"):
            return _JSON_FIELDS[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def first_player_wins(self) -> bool:
        """True when the player to move wins."""
        return self.mover_result() == "win"

    def mover_result(self) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move, or None when the
        answer does not say (a partisan outcome class, L or R, names no player to move).
        The one rule every front end reads.

        >>> from grundy import solve
        >>> solve("nim 1 1").mover_result(), solve("tictactoe xx.oo....").mover_result()
        ('loss', 'win')
        """
        value = self.value
        if value in ("win", "loss", "draw"):
            return str(value)
        return Outcome(self.outcome).mover_result()

    def __str__(self) -> str:
        """The command line's text for this answer (``grundy solve --ascii`` prints exactly
        this; without ``--ascii`` a canonical value is in the pretty forms where the output
        can show them).

        >>> from grundy import solve
        >>> print(solve("nim 3"))
        nim 3  (normal play: the last mover wins)
        Outcome: the player to move wins (N-position)
        Grundy value: 3
        Winning move:
          take 3 from the heap of 3 -> nim 0
        Why:
          Nim-sum in binary (Bouton 1901: the player to move loses iff it is 0):
              3  11
            XOR  11  = 3
          To zero it: 3 has a 1 in the top column of 3, and 3 XOR 3 = 0, so take 3 from 3.
          The value 3 is not 0, so the player to move wins by moving to a position of value 0.
        Method: formula: Nim heap: G(n) = n (Bouton 1901)
        """
        return format_result(self)

    def text(self, *, value_text: Callable[[Any], str] = str) -> str:
        """``str(self)`` with the canonical value written by ``value_text`` (the command
        line passes :func:`grundy.cgt.pretty` for ``1±1``, ``⇑*``, ``tiny-2``).

        >>> from grundy import solve
        >>> solve('cgt "1+-1"').text(value_text=lambda v: f"<{v}>").splitlines()[2]
        'Canonical value: <1+-1>'
        """
        return format_result(self, value_text=value_text)

    def explanation_text(self, *, value_text: Callable[[Any], str] = str) -> tuple[str, ...]:
        """The "Why" lines with the values they name written by ``value_text`` (``str``:
        exactly :attr:`explanation`, the ASCII of the JSON).

        >>> from grundy import solve
        >>> solve('cgt "1+-1"').explanation_text(value_text=lambda v: f"<{v}>")[0][:29]
        'The canonical value is <1+-1>'
        """
        return tuple(render_line(line, value_text) for line in self.explanation)

    def __repr__(self) -> str:
        """One line: the spec, the outcome and the values that matter (``str`` has the rest).

        >>> from grundy import solve
        >>> solve("nim 3 4 5")
        Result(spec='nim 3 4 5', outcome='N', grundy=2, winning_moves=1)
        >>> solve("nim 3 4 5", misere=True)
        Result(spec='nim 3 4 5', play='misere', outcome='N', winning_moves=1)
        """
        parts = [f"spec={shorten(str(self.position))!r}"]
        if self.play != "normal":
            parts.append(f"play={self.play!r}")
        parts.append(f"outcome={str(self.outcome)!r}")
        for key in ("grundy", "value", "remoteness", "canonical"):
            v = getattr(self, key)
            if v is not None:
                parts.append(f"{key}={v if isinstance(v, int) else str(v)!r}")
        total = self.winning_moves_total
        count = total if total is not None else len(self.winning_moves)
        if self.canonical is None:
            parts.append(f"winning_moves={count}")
        return f"Result({', '.join(parts)})"

    def _repr_html_(self) -> str:
        """Jupyter shows a result as a small table, the position's picture when it has one;
        the "Why" lines keep their layout (``<pre>``).

        >>> from grundy import solve
        >>> "<b>N</b>" in solve("nim 3 4 5")._repr_html_()
        True
        """
        e = html.escape
        comps = self.position.components
        picture = comps[0]._repr_svg_() if len(comps) == 1 else None
        rows = [("Position", f"<code>{e(short_spec(self.position))}</code>")]
        rows.append(
            ("Play", "misère (the last mover loses)" if self.play == "misere" else "normal")
        )
        rows.append(("Outcome", f"<b>{e(self.outcome)}</b> — {e(_outcome_words(self))}"))
        if self.grundy is not None:
            rows.append(("Grundy value", str(self.grundy)))
        if self.value is not None:
            r = self.remoteness
            rows.append(("Value", e(self.value if r is None else f"{self.value} in {r}")))
        if self.canonical is not None:
            rows.append(("Canonical value", f"<code>{e(str(self.canonical))}</code>"))
            rows.append(
                (
                    "Mean, temperature",
                    e(
                        f"{self.mean}, {self.temperature} (stops: Left {self.left_stop}, "
                        f"Right {self.right_stop})"
                    ),
                )
            )
        sides: list[tuple[str, tuple[Position | Sum, ...], tuple[str, ...], int | None]] = []
        if self.canonical is not None:
            sides.append(
                (
                    "Left wins moving first",
                    self.winning_moves,
                    self.move_descriptions,
                    self.winning_moves_total,
                )
            )
            sides.append(
                (
                    "Right wins moving first",
                    self.right_winning_moves,
                    self.right_move_descriptions,
                    self.right_winning_moves_total,
                )
            )
        elif self.winning_moves:
            kind = "Best moves" if self.value in ("draw", "loss") else "Winning moves"
            sides.append(
                (kind, self.winning_moves, self.move_descriptions, self.winning_moves_total)
            )
        for label, moves, words, total in sides:
            shown = "".join(
                f"<li>{e(w)} → <code>{e(short_spec(p))}</code></li>"
                for p, w in zip(moves, words, strict=False)
            )
            n = len(moves)
            count = f" ({n:,} of {total:,})" if total is not None and total > n else f" ({n:,})"
            rows.append((label + count, f"<ul>{shown}</ul>" if moves else "none"))
        rows.append(("Method", e(self.method)))
        if self.explanation:
            why = "\n".join(e(x) for x in self.explanation)
            rows.append(("Why", f"<pre style='margin:0'>{why}</pre>"))
        return f"<div>{picture or ''}{html_table(rows, top=True)}</div>"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every field of every kind of result, in one order (a field
        this kind lacks is None or empty); positions as spec strings, the outcome as its
        letter, exact values and canonical games as text.

        >>> from grundy import solve
        >>> solve("nim 3 4 5").to_dict()["winning_moves"]
        ['nim 1 4 5']
        """
        out: dict[str, Any] = {}
        for name in _JSON_FIELDS:
            v = getattr(self, name)
            if name == "position":
                v = str(v)
            elif name in ("winning_moves", "right_winning_moves", "best_moves"):
                v = [str(p) for p in v]
            elif isinstance(v, tuple):
                v = list(v)
            elif not (v is None or type(v) in (bool, int, str)):
                v = str(v)  # an Outcome, a Fraction, a canonical game: its text
            out[name] = v
        return out


@dataclass(frozen=True, repr=False)
class ImpartialResult(Result):
    """The answer of the impartial solvers (Sprague–Grundy, misère theorems and search,
    loopy values).

    Attributes:
        grundy: the Grundy value, or None where it is not defined (misère play).
        value: loopy games only (``solve(..., loopy=True)``): ``"win"``, ``"loss"`` or
            ``"draw"`` for the player to move; None otherwise.
        misere_canonical, genus: under misère play, for an impartial position small
            enough, its misère canonical form and genus as CGSuite prints them
            (``*[2[2]321]``, ``0^120``; :mod:`grundy.cgt.misere`).
    """

    grundy: int | None = None
    value: str | None = None
    misere_canonical: str | None = None
    genus: str | None = None


_OUTCOME_WORDS = {
    "N": "the player to move wins (N-position)",
    "P": "the player to move loses (P-position)",
    "D": "a draw with perfect play",
    "L": "Left wins whoever starts (L-position)",
    "R": "Right wins whoever starts (R-position)",
    "NHat": "Left wins moving first; a draw when Right moves first",
    "NCheck": "Right wins moving first; a draw when Left moves first",
    "PHat": "a draw when Left moves first; Left wins when Right moves first",
    "PCheck": "Right wins when Left moves first; a draw when Right moves first",
}


_LONGEST = 200


def shorten(spec: str) -> str:
    """A spec cut to fit a line (``--json`` always has it whole).

    >>> shorten("nim " + "1 " * 200)[-30:]
    '1 1 1 1 1 ... (404 characters)'
    """
    if len(spec) <= _LONGEST:
        return spec
    return f"{spec[: _LONGEST - 40].rstrip()} ... ({len(spec):,} characters)"


def short_spec(position: Any) -> str:
    """``shorten(str(position))``, without writing the whole text of a big position when
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
    return shorten(str(position))


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
    out.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, words, strict=True))
    return out


def _partisan_lines(result: Result, value_text: Callable[[Any], str] = str) -> list[str]:
    """Canonical value, temperature and stops, and each side's winning moves moving first."""
    if result.onside is not None:  # a loopy value (grundy.cgt.loopy)
        lines = [f"Value: {result.canonical}"]
        if result.left_stop is not None:
            lines.append(f"Stops: Left {result.left_stop}, Right {result.right_stop}")
        if result.degree is not None:
            lines.append(f"Degree {result.degree}, variety {result.variety or 'not found'}")
        for who, moves, descs in (
            ("Left", result.winning_moves, result.move_descriptions),
            ("Right", result.right_winning_moves, result.right_move_descriptions),
        ):
            lines.append(f"{who} moving first: " + ("best moves:" if moves else "every move loses"))
            lines.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, descs, strict=True))
        return lines
    if result.grundy is not None:  # an impartial game solved by its value *n (Cram)
        lines = [f"Canonical value: {value_text(result.canonical)}"]
        moves, words = result.winning_moves, result.move_descriptions
        if not moves:
            lines.append("No winning move: every move leads to a position the opponent wins.")
            return lines
        n, total = len(moves), result.winning_moves_total
        count = total if total is not None and total > n else n
        listed = f", {n:,} listed" if count > n else ""
        lines.append("Winning move:" if count == 1 else f"Winning moves ({count:,}{listed}):")
        lines.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, words, strict=True))
        return lines
    lines = [
        f"Canonical value: {value_text(result.canonical)}",
        f"Mean {result.mean}, temperature {result.temperature}; "
        f"stops: Left {result.left_stop}, Right {result.right_stop}",
    ]
    cgsuite = result.cgsuite
    if cgsuite is not None and cgsuite != str(result.canonical):  # ^^ for ^2, Tiny(1/2), ...
        lines.insert(1, f"In CGSuite's notation: {cgsuite}")
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


def _outcome_words(result: Result) -> str:
    return _OUTCOME_WORDS.get(str(result.outcome), str(result.outcome))


def format_result(result: Result, *, value_text: Callable[[Any], str] = str) -> str:
    """The human form of a result: who wins, the value, the winning moves, why, and how.

    ``value_text`` writes the canonical value (default ``str``, its ASCII form; the command
    line passes the readable forms of :func:`grundy.cgt.pretty`, ``1±1``, ``⇑*``,
    ``tiny-2``, where its output can show them), and the values the "Why" lines name
    (:class:`~grundy.core.valueline.ValueLine`); the rest of the text and the specs stay
    in ASCII (a spec is what one types back).

    >>> from grundy import solve
    >>> r = solve('cgt "1+-1"')
    >>> format_result(r).splitlines()[2]
    'Canonical value: 1+-1'
    >>> format_result(r, value_text=lambda v: f"<{v}>").splitlines()[2]
    'Canonical value: <1+-1>'
    """
    if result.value is not None:  # a two-player search game: its own rules say who wins
        lines = [short_spec(result.position)]
    elif result.play == "misere":
        lines = [f"{short_spec(result.position)}  (misère play: the last mover loses)"]
    else:
        lines = [f"{short_spec(result.position)}  (normal play: the last mover wins)"]
    lines.append("Outcome: " + _outcome_words(result))
    if result.value is not None:
        r = result.remoteness
        extra = "" if r is None else f" in {r} move" if r == 1 else f" in {r} moves"
        lines.append(f"Value: {result.value}{extra}")
    if result.grundy is not None:
        lines.append(f"Grundy value: {result.grundy}")
    if result.canonical is not None:
        lines.extend(_partisan_lines(result, value_text))
    elif result.onside is None and result.method.startswith("retrograde analysis of the sum"):
        # a loopy partisan sum whose value was not found: the outcome and best moves stand
        lines.append("Value: not found (see Why)")
        for who, moves, descs in (
            ("Left", result.winning_moves, result.move_descriptions),
            ("Right", result.right_winning_moves, result.right_move_descriptions),
        ):
            lines.append(f"{who} moving first: " + ("best moves:" if moves else "every move loses"))
            lines.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, descs, strict=True))
    elif result.play != "misere" and any(
        c.game.game_type.solver == "canonical" for c in result.position.components
    ):
        # The value ran out of time: the outcome and each side's winning move by search.
        lines.append("Canonical value: not finished (the outcome class is by search)")
        lines += _move_lines("Left", result.winning_moves, result.move_descriptions, None)
        lines += _move_lines(
            "Right", result.right_winning_moves, result.right_move_descriptions, None
        )
    elif result.winning_moves or result.best_moves:
        # Two-player solvers list the best moves of a draw or a loss (drawing, slowest-losing).
        kind = "Winning move" if result.winning_moves else "Best move"
        moves, words_of = result.winning_moves, result.move_descriptions
        total, cut = result.winning_moves_total, result.winning_moves_truncated
        if not moves:
            moves, words_of = result.best_moves, result.best_move_descriptions
            total = result.best_moves_total
            cut = total is not None and total > len(moves)
        n = len(moves)
        if cut and total is not None and total > n:
            lines.append(f"{kind}s ({n:,} of {total:,}):")
        else:
            lines.append(f"{kind}:" if n == 1 else f"{kind}s ({n:,}):")
        for pos, words in zip(moves, words_of, strict=True):
            lines.append(f"  {words} -> {short_spec(pos)}")
        if cut and result.winning_moves_listing_cut:
            lines.append(
                f"  ... list cut at {n}: these are the moves found without looking through"
                " every split (too many to look through); others may exist"
            )
        elif cut:
            more = f"{total:,} in all" if total is not None else "the total is not known"
            lines.append(f"  ... list cut at {n} ({more}); raise --max-moves to see more")
    elif result.outcome == "P":
        lines.append("No winning move: every move leads to a position the opponent wins.")
    if result.genus is not None:
        form = result.misere_canonical or "(too long to print)"
        lines.append(f"Misère canonical form: {form}; genus {result.genus}")
    if result.explanation:
        lines.append("Why:")
        lines.extend(f"  {render_line(line, value_text)}" for line in result.explanation)
    lines.append(f"Method: {result.method}")
    return "\n".join(lines)
