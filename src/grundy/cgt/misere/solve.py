"""Misère play through canonical forms: positions of any impartial ruleset, and ``cgt``
literals (``cgt "*2"``, ``cgt "*[2[2]321]"``).

:func:`misere_form` walks an impartial position's game tree (each state once) and
builds its misère canonical form bottom-up; :func:`annotate` adds that form and the
genus to a misère :class:`~grundy.core.result.Result`; :func:`solve_misere_forms`
solves a misère sum with ``cgt`` components, whose normal-play values cannot say
who wins misère.

>>> from grundy import parse
>>> str(misere_form(parse("nim 2 2"))), str(misere_form(parse("kayles 3")))
('*[2[2]]', '*[3]')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from grundy.cgt.misere.form import MisereGame, work_budget
from grundy.cgt.misere.genus import genus, is_tame, phylum, tame_sum_outcome
from grundy.cgt.value import CanonicalGame
from grundy.core.cache import register
from grundy.core.game import ImpartialGame
from grundy.core.limits import check_time
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import ImpartialResult, Outcome
from grundy.errors import GrundyError, SearchLimitError, UnsupportedError

__all__ = [
    "ANNOTATE_POSITIONS",
    "ANNOTATE_STEPS",
    "MAX_OPTIONS",
    "MAX_TEXT",
    "PRINT_POSITIONS",
    "PRINT_STEPS",
    "annotate",
    "component_form",
    "misere_form",
    "solve_misere_forms",
]

#: At most this many states of a position are walked for :func:`annotate`.
ANNOTATE_POSITIONS = 500
#: ... listing at most this many moves in all ...
MAX_OPTIONS = 20_000
#: ... and take at most this many steps (new sums and comparisons of canonical forms).
ANNOTATE_STEPS = 1_500
#: A canonical form is written only with at most this many positions, in this many steps.
PRINT_POSITIONS = 80
PRINT_STEPS = 1_000
#: A canonical form written with more characters than this is left out of a result.
MAX_TEXT = 2_000


#: Misère canonical forms of the states of each ruleset met so far (emptied by
#: ``grundy.clear_cache``), and positions found too big for :func:`annotate`.
_FORMS: dict[Any, dict[Any, MisereGame]] = register({})
_TOO_BIG: set[tuple[Any, Any]] = register(set())


def _literal_form(state: Any) -> MisereGame | None:
    if isinstance(state, MisereGame):
        return state
    if isinstance(state, CanonicalGame):
        if state.is_nimber():
            nus = state.uptimal()
            assert nus is not None
            return MisereGame(nus[2])
        return None
    return None


def component_form(p: Position, max_positions: int = ANNOTATE_POSITIONS) -> MisereGame:
    """The misère canonical form of one component (an impartial ruleset's position, or an
    impartial ``cgt`` literal); UnsupportedError for a partisan one, SearchLimitError past
    ``max_positions`` states."""
    game = p.game
    if not isinstance(game, ImpartialGame):
        found = _literal_form(p.state) if game.name == "cgt" else None
        if found is None:
            raise UnsupportedError(
                f"misère play is defined here for impartial games; {p} is partisan "
                "(its Left and Right options differ); drop --misere"
            )
        return found
    memo = _FORMS.setdefault(game, {})
    if p.state in memo:
        return memo[p.state]
    if (game, p.state) in _TOO_BIG:
        raise SearchLimitError(max_positions, f"{p} was out of reach before")
    stack: list[Any] = [p.state]
    moves: dict[Any, list[tuple[Any, ...]]] = {}
    seen = 0  # moves listed
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        if state not in moves:
            if len(moves) >= max_positions:
                if max_positions <= ANNOTATE_POSITIONS:
                    _TOO_BIG.add((game, p.state))
                raise SearchLimitError(
                    max_positions,
                    f"{p} has more than {max_positions:,} positions for a misère canonical form",
                )
            check_time(len(moves), "positions")
            listed: list[tuple[Any, ...]] = []
            for o in game.split_moves(state):
                listed.append(tuple(o))
                seen += 1
                if seen > MAX_OPTIONS:
                    _TOO_BIG.add((game, p.state))
                    raise SearchLimitError(
                        MAX_OPTIONS,
                        f"{p} has more than {MAX_OPTIONS:,} moves for a misère canonical form",
                    )
            moves[state] = listed
        todo = [s for o in moves[state] for s in o if s not in memo]
        if todo:
            for s in todo:
                if s in moves:  # expanded, not finished: on the path to here
                    raise UnsupportedError(f"{p} can repeat a position (a loopy game)")
                if (game, s) in _TOO_BIG:  # a part out of reach: so is the whole
                    _TOO_BIG.update((game, x) for x in stack if x in moves and x not in memo)
                    raise SearchLimitError(max_positions, f"{p} is out of reach")
            stack.extend(todo)
            continue
        stack.pop()
        try:
            options = []
            for o in moves[state]:
                total = MisereGame(0)
                for s in o:
                    total = total + memo[s]
                options.append(total)
            memo[state] = MisereGame.from_options(options)
        except SearchLimitError:
            _TOO_BIG.update((game, x) for x in (state, *stack) if x in moves and x not in memo)
            raise
    return memo[p.state]


def misere_form(
    pos: Position | Sum,
    *,
    max_positions: int = ANNOTATE_POSITIONS,
    max_steps: int | None = None,
) -> MisereGame:
    """The misère canonical form of a position (a sum: the sum of the components' forms).

    ``max_steps`` bounds the work (SearchLimitError past it; see
    :func:`~grundy.cgt.misere.form.work_budget`).
    """
    if max_steps is None:
        return _form(pos, max_positions)
    with work_budget(max_steps):
        return _form(pos, max_positions)


def _form(pos: Position | Sum, max_positions: int) -> MisereGame:
    total = MisereGame(0)
    for c in pos.components:
        total = total + component_form(c, max_positions)
    return total


_PRINTED: dict[MisereGame, str | None] = register({})


def _printed(g: MisereGame) -> str | None:
    """``str(g)``, or None when writing it is out of reach (finding the subscripts of
    CGSuite's notation takes sums of its own: big forms are not written)."""
    if g in _PRINTED:
        return _PRINTED[g]
    text: str | None = None
    if g.positions() <= PRINT_POSITIONS:
        try:
            with work_budget(PRINT_STEPS):
                text = str(g)
        except SearchLimitError:
            text = None
    _PRINTED[g] = text
    return text


def _short(g: MisereGame) -> str:
    text = _printed(g)
    if text is None:
        return f"(a form of {g.positions():,} positions, too big to write)"
    return text if len(text) <= 120 else f"{text[:80]}... ({len(text):,} characters)"


def _forms_lines(comps: Sequence[Position], forms: Sequence[MisereGame]) -> list[str]:
    lines = []
    if len(comps) > 1:
        lines.append("Misère canonical form of each component (Conway ONAG ch. 12):")
        lines.extend(
            f"  {c}  ->  {_short(f)}  (genus {genus(f)}, {phylum(f)})"
            for c, f in zip(comps, forms, strict=True)
        )
    return lines


def _why(comps: Sequence[Position], forms: Sequence[MisereGame]) -> list[str]:
    total = MisereGame(0)
    for f in forms:
        total = total + f
    g = genus(total)
    lines = _forms_lines(comps, forms)
    lines.append(
        f"Misère canonical form {_short(total)} (reversible options bypassed, Conway's proviso "
        f"kept); genus {g} ({phylum(total)}; in full {g.full})."
    )
    if len(forms) > 1 and all(is_tame(f) for f in forms):
        rule = tame_sum_outcome(genus(f) for f in forms)
        lines.append(
            "Every component is tame, so the sum plays like misère Nim on the genera "
            f"(Winning Ways ch. 13): its genus is {g}, a P-position exactly when the "
            f"superscript is 0 -> {rule}."
        )
    word = (
        "P-position: the player to move loses"
        if total.outcome == "P"
        else ("N-position: the player to move wins")
    )
    lines.append(
        f"Its misère Grundy value is {total.misere_value} (0 exactly at misère "
        f"P-positions), so it is {'an' if total.outcome == 'N' else 'a'} {word}."
    )
    return lines


_OUT_OF_REACH = (
    "The misère canonical form is out of reach here (more than "
    f"{ANNOTATE_POSITIONS:,} positions or {ANNOTATE_STEPS:,} steps): left out."
)


def annotate(pos: Position | Sum, result: ImpartialResult) -> ImpartialResult:
    """``result`` with the misère canonical form and genus of ``pos`` added, when the
    position is small enough (else ``result`` itself, with a line saying so)."""
    if ("sum", pos) in _TOO_BIG:
        return replace(result, explanation=(*result.explanation, _OUT_OF_REACH))
    try:
        with work_budget(ANNOTATE_STEPS):
            forms = [component_form(c, ANNOTATE_POSITIONS) for c in pos.components]
            total = MisereGame(0)
            for f in forms:
                total = total + f
            g = genus(total)
            lines = _why(pos.components, forms)
    except (SearchLimitError, RecursionError):
        _TOO_BIG.add(("sum", pos))
        return replace(result, explanation=(*result.explanation, _OUT_OF_REACH))
    except GrundyError as error:  # the rules cannot list every move (a huge number, ...)
        note = f"The misère canonical form is left out: {error}"
        return replace(result, explanation=(*result.explanation, note))
    if total.outcome != result.outcome:  # two independent answers must agree: say so
        lines.append(
            f"WARNING: the canonical form says {total.outcome}, the answer above "
            f"{result.outcome}; please report this position."
        )
    text_or_none = _printed(total)
    if text_or_none is not None and len(text_or_none) > MAX_TEXT:
        lines.append(f"The canonical form has {len(text_or_none):,} characters: left out.")
        text_or_none = None
    return replace(
        result,
        misere_canonical=text_or_none,
        genus=str(g),
        explanation=(*result.explanation, *lines),
    )


def _component_options(p: Position) -> list[tuple[tuple[Position, ...], str]]:
    game = p.game
    if isinstance(game, ImpartialGame):
        return [
            (
                tuple(Position(game, s) for s in o),
                "move to " + (" + ".join(str(Position(game, s)) for s in o) or "nothing"),
            )
            for o in game.split_moves(p.state)
        ]
    state = p.state
    opts = state.options if isinstance(state, MisereGame) else state.left_options
    return [((Position(game, o),), f"move {state} to {o}") for o in opts]


def solve_misere_forms(
    pos: Position | Sum, *, max_moves: int, max_positions: int
) -> ImpartialResult:
    """A misère sum with impartial ``cgt`` components, by misère canonical forms."""
    comps = pos.components
    forms = [component_form(c, max_positions) for c in comps]
    total = MisereGame(0)
    for f in forms:
        total = total + f
    winning: list[Position | Sum] = []
    words: list[str] = []
    count = 0
    for i, c in enumerate(comps):
        rest = MisereGame(0)
        for j, f in enumerate(forms):
            if j != i:
                rest = rest + f
        for after, text in _component_options(c):
            value = rest
            for a in after:
                value = value + component_form(a, max_positions)
            if value.outcome == "P":
                count += 1
                if len(winning) < max_moves:
                    winning.append(sum_of([*comps[:i], *after, *comps[i + 1 :]]))
                    words.append(text)
    return ImpartialResult(
        position=pos,
        play="misere",
        outcome=Outcome(total.outcome),
        grundy=None,
        winning_moves=tuple(winning),
        move_descriptions=tuple(words),
        method="misère canonical forms (Conway ONAG ch. 12; CGSuite notation)",
        explanation=tuple(_why(comps, forms)),
        winning_moves_total=count,
        winning_moves_truncated=count > len(winning),
        misere_canonical=str(total),
        genus=str(genus(total)),
    )
