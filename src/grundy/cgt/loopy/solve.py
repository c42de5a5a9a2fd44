"""Solving a sum with loopy partisan components: outcome with draws, value, moves.

Each component's positions are explored into a game graph (at most ``max_positions``
of them), the outcome of the whole sum comes from a retrograde analysis of the sum's
graph under both starts (endless play is a draw), and the value from the components'
values: the simplest form of a stopper, or the sides ``onside & offside`` of a
stopper-sided game (:mod:`grundy.cgt.loopy.sides`). Each side's best moves moving first
are listed: winning moves, or drawing moves when no move wins.

>>> from grundy import parse
>>> r = solve_loopy_partisan(parse('cgt "{0|pass}"'), max_moves=5, max_positions=1000)
>>> r.outcome, r.canonical, r.left_stop, r.right_stop
('L', 'over', 'over', 'over')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from grundy.cgt.loopy.compare import outcome_class, outcomes
from grundy.cgt.loopy.graph import MAX_VERTICES, Graph, add
from grundy.cgt.loopy.result import LoopyResult
from grundy.cgt.loopy.sides import NotSettledError
from grundy.cgt.loopy.state import LoopyState
from grundy.cgt.loopy.value import LoopyValue
from grundy.cgt.result import sided_moves
from grundy.cgt.value import CanonicalGame
from grundy.core.game import ImpartialGame, PartisanGame
from grundy.core.limits import bounded, checkpoint, current_bounds, now
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import Outcome
from grundy.errors import TimeLimitError, UnsupportedError

__all__ = ["OUTCOME_WORDS", "component_graph", "is_loopy_component", "solve_loopy_partisan"]

#: What each loopy outcome class says.
OUTCOME_WORDS = {
    "L": "Left wins whoever moves first",
    "R": "Right wins whoever moves first",
    "N": "the player who moves first wins",
    "P": "the player who moves first loses",
    "D": "a draw whoever moves first",
    "NHat": "Left wins moving first; a draw when Right moves first",
    "NCheck": "Right wins moving first; a draw when Left moves first",
    "PHat": "a draw when Left moves first; Left wins when Right moves first",
    "PCheck": "Right wins when Left moves first; a draw when Right moves first",
}

#: Under a time limit, the share of what is left that the value may take (the outcome,
#: found first, always stands).
VALUE_SHARE = 0.8

_RESULT = {1: "Left wins", 0: "a draw", -1: "Right wins"}


def is_loopy_component(c: Position) -> bool:
    """True for a component that needs the loopy solver: a loopy literal or a ruleset
    marked ``loopy_partisan``."""
    return isinstance(c.state, LoopyState) or bool(getattr(c.game, "loopy_partisan", False))


def _moves(c: Position, state: Any, side: str) -> list[Any]:
    game = c.game
    if isinstance(game, PartisanGame):
        return list(game.left_moves(state) if side == "L" else game.right_moves(state))
    if isinstance(game, ImpartialGame):
        out = []
        for option in game.split_moves(state):
            if len(option) != 1:
                raise UnsupportedError(
                    f"{game.spec_name()} splits into several components; in a loopy sum each "
                    "component must move to one position"
                )
            out.append(option[0])
        return out
    raise UnsupportedError(f"{game.spec_name()} cannot be part of a loopy partisan sum")


def component_graph(c: Position, max_positions: int) -> tuple[Graph, list[Hashable]]:
    """The game graph of a component's positions (vertex 0 its start) and the states."""
    states: list[Hashable] = [c.state]
    index: dict[Hashable, int] = {c.state: 0}
    left: list[list[int]] = []
    right: list[list[int]] = []
    i = 0
    while i < len(states):
        checkpoint(i)
        s = states[i]
        i += 1
        edges = []
        for side in ("L", "R"):
            out = []
            for t in _moves(c, s, side):
                k = index.get(t)
                if k is None:
                    k = len(states)
                    if k >= min(max_positions, MAX_VERTICES):
                        raise UnsupportedError(
                            f"{c} has more than {min(max_positions, MAX_VERTICES):,} positions "
                            "(raise --max-positions, or ask about a smaller position)"
                        )
                    index[t] = k
                    states.append(t)
                out.append(k)
            edges.append(out)
        left.append(edges[0])
        right.append(edges[1])
    return Graph.of(left, right), states


def _value(c: Position, g: Graph) -> LoopyValue:
    state = c.state
    if isinstance(state, LoopyState):
        return LoopyValue.of_graph(state.graph, state.vertex)
    if isinstance(state, CanonicalGame):
        return LoopyValue.of_graph(g, 0)
    return LoopyValue.of_graph(g, 0)


def solve_loopy_partisan(pos: Position | Sum, *, max_moves: int, max_positions: int) -> LoopyResult:
    """Solve a sum with loopy partisan components (see the module docstring)."""
    comps = list(pos.components)
    graphs, sum_graph = _sum_graph(comps, max_positions)
    table = outcomes(sum_graph)
    first, second = table[0]
    outcome = outcome_class((first, second))
    explanation = [
        f"The sum's game graph has {_count(len(sum_graph))}; a retrograde analysis under "
        "both starts (a player who cannot move loses, endless play is a draw) gives: "
        f"Left moving first: {_RESULT[first]}; Right moving first: {_RESULT[second]}."
    ]
    value, values = _sum_value(comps, graphs, explanation)
    fields: dict[str, Any] = {}
    if value is not None:
        if len(comps) > 1:
            explanation.append("Value of each component:")
            explanation.extend(f"  {c}  ->  {v}" for c, v in zip(comps, values, strict=True))
        fields = _value_fields(value, explanation)
    left, left_words, left_total = _best(
        comps, graphs, sum_graph, table, side="L", max_moves=max_moves
    )
    right, right_words, right_total = _best(
        comps, graphs, sum_graph, table, side="R", max_moves=max_moves
    )
    explanation.append(f"The outcome class is {outcome}: {OUTCOME_WORDS[outcome]}.")
    return LoopyResult(
        position=pos,
        play="normal",
        outcome=Outcome(outcome),
        method=(
            f"retrograde analysis of the sum's game graph ({_count(len(sum_graph))}, "
            "draws for endless play); values of loopy games as stoppers or their sides"
        ),
        explanation=tuple(explanation),
        positions_searched=len(sum_graph),
        **sided_moves((left, left_words, left_total), (right, right_words, right_total)),
        **fields,
    )


def _sum_graph(
    comps: list[Position], max_positions: int
) -> tuple[list[tuple[Graph, list[Hashable]]], Graph]:
    """The game graph of each component (as :func:`component_graph` gives it) and of their
    sum; :class:`UnsupportedError` when the sum would pass :data:`MAX_VERTICES`."""
    graphs = [component_graph(c, max_positions) for c in comps]
    total = 1
    for g, _ in graphs:
        total *= len(g)
    if total > MAX_VERTICES:
        raise UnsupportedError(
            f"the sum has {total:,} positions (the product of its components'), more than "
            f"{MAX_VERTICES:,}: solve the components alone"
        )
    sum_graph = graphs[0][0]
    for g, _ in graphs[1:]:
        sum_graph = add(sum_graph, g)
    return graphs, sum_graph


def _sum_value(
    comps: list[Position], graphs: list[tuple[Graph, list[Hashable]]], explanation: list[str]
) -> tuple[LoopyValue | None, list[LoopyValue]]:
    """The value of the sum and of each component, within :data:`VALUE_SHARE` of the time
    left; None (and why, added to ``explanation``) when it is not found."""
    value: LoopyValue | None = None
    values: list[LoopyValue] = []
    deadline, _ = current_bounds()
    share = None if deadline is None else max(0.0, (deadline - now()) * VALUE_SHARE)
    try:
        with bounded(time_limit=share):
            values = [_value(c, g) for c, (g, _) in zip(comps, graphs, strict=True)]
            value = values[0]
            for v in values[1:]:
                value = value + v
    except NotSettledError as e:
        explanation.append(
            f"Not stopper-sided as far as found: {e} (no value; the outcome above stands)."
        )
    except UnsupportedError as e:  # too large to compare (the pair table's bound)
        value = None
        explanation.append(f"The value is out of reach: {e}; the outcome above stands.")
    except TimeLimitError:
        value = None
        explanation.append(
            f"The value was not found within its share of the time limit ({share:.3g} s); "
            "the outcome above stands."
        )
    return value, values


def _value_fields(value: LoopyValue, explanation: list[str]) -> dict[str, Any]:
    """The result's fields of a found value (stops, degree, sides...), with its explanation
    added to ``explanation``."""
    fields: dict[str, Any] = {}
    if value.is_stopper:
        s = value.onside
        explanation.append(
            f"The value is the stopper {s} (simplest form: dominated options removed, "
            "reversible ones bypassed, equal followers fused; Siegel, CGT ch. VI)."
        )
        fields.update(
            left_stop=str(s.left_stop),
            right_stop=str(s.right_stop),
            degree=_try(lambda: str(s.degree())),
            variety=_try(lambda: str(s.variety())),
        )
        explanation.append(f"Left stop {s.left_stop}, Right stop {s.right_stop}.")
    else:
        explanation.append(
            f"The value is stopper-sided: onside {value.onside} (endless play counted "
            f"for Left), offside {value.offside} (counted for Right), found by unravelling "
            "and pruning the game graph, each checked by the comparison of sides "
            "(Winning Ways ch. 11; Siegel, CGT ch. VI)."
        )
        explanation.append(
            f"Stops: onside Left {value.onside.left_stop}, Right "
            f"{value.onside.right_stop}; offside Left {value.offside.left_stop}, Right "
            f"{value.offside.right_stop}."
        )
    fields.update(
        canonical=str(value),
        cgsuite=value.cgsuite_text(),
        onside=str(value.onside),
        offside=str(value.offside),
    )
    return fields


def _count(n: int) -> str:
    return f"{n:,} position{'s' if n != 1 else ''}"


def _try(fn: Any) -> str | None:
    try:
        return str(fn())
    except UnsupportedError:
        return None


def _best(
    comps: Sequence[Position],
    graphs: Sequence[tuple[Graph, list[Hashable]]],
    sum_graph: Graph,
    table: list[tuple[int, int]],
    *,
    side: str,
    max_moves: int,
) -> tuple[list[Position | Sum], list[str], int]:
    """``side``'s winning moves moving first, or its drawing moves when none wins."""
    sign = 1 if side == "L" else -1
    after_mover = 1 if side == "L" else 0  # the other player moves next
    sizes = [len(g) for g, _ in graphs]
    candidates: list[tuple[int, int, int]] = []  # (result for side, component, its vertex)
    for i, (g, _) in enumerate(graphs):
        stride = 1
        for m in sizes[i + 1 :]:
            stride *= m
        for k in g.left[0] if side == "L" else g.right[0]:
            candidates.append((table[k * stride][after_mover] * sign, i, k))
    best = max((r for r, _, _ in candidates), default=-1)
    if best < 0:
        return [], [], 0
    chosen = [(i, k) for r, i, k in candidates if r == best]
    out: list[Position | Sum] = []
    words: list[str] = []
    verb = "wins" if best == 1 else "draws"
    for i, k in chosen[:max_moves]:
        c = comps[i]
        after = graphs[i][1][k]
        new = [*comps[:i], Position(c.game, after), *comps[i + 1 :]]
        if isinstance(c.game, PartisanGame):
            text = c.game.describe_move(c.state, after, side)
        else:
            who = "Left" if side == "L" else "Right"
            text = f"{who} moves to {c.game.format_state(after)}"
        words.append(f"{text} ({verb})")
        out.append(sum_of(new))
    return out, words, len(chosen)
