"""Solving a position that has partisan components: canonical value, stops, and both sides' moves.

A sum may mix partisan components (values by :func:`~grundy.cgt.value_of`) with
impartial ones: an impartial component of Grundy value ``g`` is the nimber
``*g``. Left wins moving first exactly when Left has a move to a value ``>= 0``;
Right, to a value ``<= 0``. Every such move, in any component, is listed.

>>> from grundy import parse
>>> r = solve_partisan(parse("partisan-domineering:2x3 + nim 1"), max_moves=10, max_positions=10**6)
>>> r.canonical, r.outcome
(CanonicalGame('{2*|-1/2*}'), 'N')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt.notation import braces_length, format_braces
from grundy.cgt.result import PartisanResult, sided_moves
from grundy.cgt.solve import current_checkpoint, family_of, value_of
from grundy.cgt.special import nimber
from grundy.cgt.thermo import mean, temperature
from grundy.cgt.value import CanonicalGame
from grundy.cgt.why import option_lines
from grundy.core.game import ImpartialGame, PartisanGame
from grundy.core.limits import check_time, current_bounds, time_limit_seconds
from grundy.core.moves import without_side
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import Outcome, Result
from grundy.core.solve import grundy_value
from grundy.core.valueline import ValueLine
from grundy.errors import TimeLimitError, UnsupportedError

__all__ = ["has_loopy_part", "impartial_rule", "solve_partisan"]

#: An impartial component of a partisan sum may have a Grundy value up to this (``*128``
#: plus a small switch takes seconds: adding nimbers grows with the cube of their size).
MAX_SUM_NIMBER = 128

#: ``canonical_braces`` is given when it has at most this many characters.
MAX_BRACES = 1_000_000

_OUTCOME_WORDS = {
    "L": "Left wins whoever moves first",
    "R": "Right wins whoever moves first",
    "N": "the player who moves first wins",
    "P": "the player who moves first loses",
}


def _first_moves(who: str, count: int, target: str) -> str:
    """``Left wins moving first by 2 moves (to a value >= 0)``, or that it has none.

    >>> _first_moves("Right", 0, "<= 0")
    'Right has no winning first move (none reaches a value <= 0)'
    """
    if count == 0:
        return f"{who} has no winning first move (none reaches a value {target})"
    moves = f"{count:,} move{'s' if count != 1 else ''}"
    return f"{who} wins moving first by {moves} (to a value {target})"


def _value(c: Position, max_positions: int, checkpoint: str | None = None) -> CanonicalGame:
    game = c.game
    if isinstance(game, PartisanGame):
        deadline, progress = current_bounds()
        try:
            return value_of(
                game,
                c.state,
                max_positions=max_positions,
                deadline=deadline,
                checkpoint=checkpoint,
                progress=None if progress is None else (lambda n: progress("regions", n)),
            )
        except TimeLimitError as e:  # say the limit as the user gave it
            raise TimeLimitError(time_limit_seconds() or e.seconds, e.done, "regions") from None
    if isinstance(game, ImpartialGame):
        g = grundy_value(c, max_positions=max_positions)
        if g > MAX_SUM_NIMBER:
            raise UnsupportedError(
                f"{c} has Grundy value {g:,}; in a sum with partisan games it is the nimber "
                f"*{g:,}, and nimbers above *{MAX_SUM_NIMBER} make the canonical sum too "
                "slow to work out (solve the impartial part alone)"
            )
        return nimber(g)
    raise UnsupportedError(
        f"{game.spec_name()} is neither partisan nor impartial, so it cannot be part of a sum"
    )


def impartial_rule(game: object) -> bool:
    """Whether both players always have the same moves in ``game``: an impartial ruleset,
    or a partisan-solved one that declares ``impartial = True`` (Cram, Arc Kayles, the
    ``impartial:`` variants). Its values are nimbers, and its answers carry Grundy values.

    >>> from grundy.cgt.games.cram import Cram
    >>> from grundy.cgt.games.domineering import Domineering
    >>> impartial_rule(Cram()), impartial_rule(Domineering())
    (True, False)
    """
    return isinstance(game, ImpartialGame) or getattr(game, "impartial", False) is True


def _options(
    c: Position, side: str, neutral: bool = False
) -> Iterator[tuple[tuple[Any, ...], str]]:
    """``(option states, words)`` for each distinct move of ``side`` in component ``c``;
    ``neutral`` (an impartial sum): the words name no side."""
    game = c.game
    who = "Left" if side == "L" else "Right"
    seen: set[Any] = set()
    if isinstance(game, PartisanGame):
        moves = game.left_moves(c.state) if side == "L" else game.right_moves(c.state)
        for s in moves:
            if s not in seen:
                seen.add(s)
                words = game.describe_move(c.state, s, side)
                yield (s,), without_side(words) if neutral else words
    elif isinstance(game, ImpartialGame):
        for option in game.split_moves(c.state):
            if option not in seen:
                seen.add(option)
                words = game.describe_move(c.state, option)
                yield option, words if neutral else f"{who}: {words}"


def _option_value(c: Position, option: tuple[Any, ...], max_positions: int) -> CanonicalGame:
    total = CanonicalGame(0)
    for s in option:
        total = total + _value(Position(c.game, s), max_positions)
    return total


def _winning(
    comps: Sequence[Position],
    values: Sequence[CanonicalGame],
    side: str,
    max_moves: int,
    max_positions: int,
    *,
    totals: list[CanonicalGame],
    neutral: bool = False,
) -> tuple[list[Position | Sum], list[str], int]:
    """Moves with which ``side`` wins moving first; at most ``max_moves`` listed, all counted.

    The value each move leads to is appended to ``totals``.
    """
    after: list[Position | Sum] = []
    words: list[str] = []
    count = 0
    done: set[Position] = set()
    for i, c in enumerate(comps):
        if c in done:  # equal components have equal moves
            continue
        done.add(c)
        rest = CanonicalGame(0)
        for j, v in enumerate(values):
            if j != i:
                rest = rest + v
        for option, text in _options(c, side, neutral):
            check_time(len(totals), "moves")  # a huge heap in the sum has countless moves
            total = rest + _option_value(c, option, max_positions)
            totals.append(total)
            if (side == "L" and total >= 0) or (side == "R" and total <= 0):
                count += 1
                if len(after) < max_moves:
                    new = [*comps[:i], *(Position(c.game, s) for s in option), *comps[i + 1 :]]
                    after.append(sum_of(new))
                    words.append(text)
    return after, words, count


def _value_list(values: Sequence[CanonicalGame]) -> list[object]:
    """Parts of ``a, b, c`` for a :class:`ValueLine` (``none`` when there are none)."""
    parts: list[object] = []
    for i, v in enumerate(values):
        parts += [", ", v] if i else [v]
    return parts or ["none"]


def has_loopy_part(pos: Position | Sum) -> bool:
    """True when a component of ``pos`` is a loopy partisan game (play may go on for ever:
    outcomes with draws, by retrograde analysis of the sum's graph)."""
    return any(
        type(c.state).__name__ == "LoopyState" or getattr(c.game, "loopy_partisan", False)
        for c in pos.components
    )


@T.guarded
def solve_partisan(
    pos: Position | Sum, *, max_moves: int, max_positions: int, misere: bool = False
) -> Result:
    """Solve a position with at least one partisan component (see the module docstring): a
    :class:`PartisanResult`; an :class:`~grundy.core.result.ImpartialResult` for an
    impartial literal in misère play, a :class:`~grundy.cgt.loopy.result.LoopyResult` for
    a loopy component."""
    if misere:  # impartial cgt literals (*2, *[2#]) by misère canonical forms (issue 33)
        from grundy.cgt.misere.solve import solve_misere_forms  # noqa: PLC0415 (lazy)

        return solve_misere_forms(pos, max_moves=max_moves, max_positions=max_positions)
    comps = pos.components
    if has_loopy_part(pos):  # a loopy partisan component: outcomes with draws, stoppers, sides
        from grundy.cgt.loopy.solve import solve_loopy_partisan  # noqa: PLC0415 (lazy)

        return solve_loopy_partisan(pos, max_moves=max_moves, max_positions=max_positions)
    checkpoint = current_checkpoint()
    if checkpoint is not None:
        _check_one_family(pos)
    values = [_value(c, max_positions, checkpoint) for c in comps]
    g = CanonicalGame(0)
    for v in values:
        g = g + v
    left_totals: list[CanonicalGame] = []
    right_totals: list[CanonicalGame] = []
    impartial = all(impartial_rule(c.game) for c in comps) and g.is_nimber()
    left, left_words, left_count = _winning(
        comps, values, "L", max_moves, max_positions, totals=left_totals, neutral=impartial
    )
    right, right_words, right_count = _winning(
        comps, values, "R", max_moves, max_positions, totals=right_totals, neutral=impartial
    )
    outcome = g.outcome
    explanation: list[str] = _value_lines(comps, values, g)
    if impartial:
        explanation.extend(_impartial_lines(g, left_totals, left_count))
    else:
        explanation.extend(_partisan_lines(g, left_totals, right_totals, left_count, right_count))
    braces = format_braces(g) if braces_length(g) <= MAX_BRACES else None
    if braces is None:
        explanation.append(
            f"The fully nested braces form has {braces_length(g):,} characters (shared parts "
            f"written out each time), more than {MAX_BRACES:,}: it is left out."
        )
    m, t = mean(g), temperature(g)
    if not impartial:
        explanation.append(
            f"Mean {m}, temperature {t}; Left stop {g.left_stop}, Right stop {g.right_stop}."
        )
    return PartisanResult(
        position=pos,
        play="normal",
        outcome=Outcome(outcome),
        method="canonical values of the partisan components (regions memoised up to symmetry)"
        + (
            ", nimbers *g for the impartial ones"
            if any(isinstance(c.game, ImpartialGame) for c in comps)
            else ""
        ),
        explanation=tuple(explanation),
        canonical=g,
        canonical_braces=braces,
        temperature=Fraction(t),
        mean=Fraction(m),
        left_stop=Fraction(g.left_stop),
        right_stop=Fraction(g.right_stop),
        grundy=_nim_value(g) if impartial else None,
        **sided_moves((left, left_words, left_count), (right, right_words, right_count)),
    )


def _check_one_family(pos: Position | Sum) -> None:
    """A checkpoint keeps the regions of one partisan game: :class:`UnsupportedError` when
    the partisan components of ``pos`` are of several."""
    families = {family_of(c.game) for c in pos.components if isinstance(c.game, PartisanGame)}
    if len(families) != 1:
        raise UnsupportedError(
            "a checkpoint keeps the regions of one partisan game: "
            f"{pos} mixes {len(families)} (solve each alone with its own file)"
        )


def _value_lines(
    comps: Sequence[Position], values: list[CanonicalGame], g: CanonicalGame
) -> list[str]:
    """The explanation's first lines: the value of each component and their sum ``g``, or
    the one component's value."""
    if len(comps) > 1:
        return [
            "Canonical value of each component (an impartial one of Grundy "
            "value g is the nimber *g):",
            *(ValueLine(f"  {c}  ->  ", v) for c, v in zip(comps, values, strict=True)),
            ValueLine("The sum of the components is ", g, "."),
        ]
    return [
        ValueLine(
            "The canonical value is ",
            g,
            ": dominated options removed and reversible ones bypassed.",
        )
    ]


def _nim_value(g: CanonicalGame) -> int:
    """``n`` for the nimber ``*n``."""
    up = g.uptimal()
    assert up is not None and g.is_nimber()
    return up[2]


def _impartial_lines(g: CanonicalGame, totals: Sequence[CanonicalGame], count: int) -> list[str]:
    """Why an impartial position has Grundy value ``n``: the mex of its options' values.

    >>> from grundy.cgt.special import nimber
    >>> for line in _impartial_lines(nimber(1), [nimber(0), nimber(3), nimber(0)], 2):
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    Both players have the same moves (an impartial game), so the value is the nimber *:
    Grundy value 1, the mex (least value missing) of the Grundy values the moves lead to.
    The moves lead to 2 Grundy values: 0 (2 moves), 3 (1 move); the least one missing is 1.
    The Grundy value is 1, not 0, so the player to move wins.
    The player to move wins by 2 moves (to Grundy value 0).
    """
    n = _nim_value(g)
    counts: dict[int, int] = {}
    for v in totals:
        k = _nim_value(v)
        counts[k] = counts.get(k, 0) + 1
    lines: list[str] = [
        ValueLine(
            "Both players have the same moves (an impartial game), so the value is the nimber ",
            g,
            f": Grundy value {n}, the mex (least value missing) of the Grundy values the "
            "moves lead to.",
        )
    ]
    if counts:
        shown = ", ".join(
            f"{k} ({c} move{'s' if c != 1 else ''})" for k, c in sorted(counts.items())
        )
        lines.append(
            f"The moves lead to {len(counts)} Grundy value{'s' if len(counts) != 1 else ''}: "
            f"{shown}; the least one missing is {n}."
        )
    else:
        lines.append("There is no move, so the Grundy value is 0 (the mex of nothing).")
    if n:
        lines.append(f"The Grundy value is {n}, not 0, so the player to move wins.")
        moves = f"{count:,} move{'s' if count != 1 else ''}"
        lines.append(f"The player to move wins by {moves} (to Grundy value 0).")
    else:
        lines.append("The Grundy value is 0, so the player to move loses: no move reaches 0.")
    return lines


def _partisan_lines(
    g: CanonicalGame,
    left_totals: Sequence[CanonicalGame],
    right_totals: Sequence[CanonicalGame],
    left_count: int,
    right_count: int,
) -> list[str]:
    """Why a partisan position has its canonical value and outcome class."""
    explanation: list[str] = []
    explanation.extend(option_lines(g, left_totals, "L"))
    explanation.extend(option_lines(g, right_totals, "R"))
    if not g.is_number():
        lo, ro = (_value_list(opts[:8]) for opts in (g.left_options, g.right_options))
        explanation.append(
            ValueLine("In canonical form Left's options are ", *lo, "; Right's are ", *ro, ".")
        )
    else:
        explanation.append(
            ValueLine(
                g,
                " is a number: its canonical form is the simplest number "
                "between the best options of the two sides.",
            )
        )
    relation = {
        "L": "greater than 0",
        "R": "less than 0",
        "P": "equal to 0",
        "N": "confused with 0",
    }[g.outcome]
    explanation.append(f"The value is {relation}, so {_OUTCOME_WORDS[g.outcome]}.")
    explanation.append(
        f"{_first_moves('Left', left_count, '>= 0')}; {_first_moves('Right', right_count, '<= 0')}."
    )
    return explanation
