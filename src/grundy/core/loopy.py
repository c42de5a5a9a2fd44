"""Generalised Sprague–Grundy values of impartial games whose positions can repeat.

In a loopy impartial game (play may go on forever, which is a draw) every
position still has a value ``γ``: either a finite nimber ``n``, or
*infinity* ``∞(K)``, where ``K`` is the set of finite values among its
options (Smith 1966; Fraenkel and Yesha 1986). The player to move

* loses exactly when ``γ = 0``,
* wins when ``γ`` is a non-zero number, or ``∞(K)`` with ``0`` in ``K``,
* draws otherwise (``∞(K)`` with ``0`` not in ``K``).

Values add like Grundy values: ``a + b = a XOR b``, ``∞(K) + a = ∞(K XOR a)``
and ``∞(K) + ∞(L) = ∞()``. :func:`loopy_values` labels every reachable
position, stage by stage (``m = 0, 1, 2, ...``): a position gets ``m`` when
it has options of every value below ``m``, none of value ``m``, and each
option not yet labelled (or labelled infinite) has an option of value
``m``; a position left with no option of value ``m`` after stage ``m`` is
infinite. Everything is iterative (no recursion).

>>> from grundy import ImpartialGame
>>> class Chase(ImpartialGame[int]):
...     # 0 and 1 move to each other; 0 may also go to 2, which moves to the end, 3.
...     def moves(self, n):
...         return {0: [1, 2], 1: [0], 2: [3], 3: []}[n]
>>> values = loopy_values(Chase(), 0, max_positions=100)
>>> [str(values[n]) for n in range(4)]
['∞(1)', '∞()', '1', '0']
>>> [values[n].outcome for n in range(4)]
['D', 'D', 'N', 'P']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.limits import CHECK_EVERY, checkpoint
from grundy.core.position import Position, Sum, sum_of
from grundy.core.result import ImpartialResult, Outcome
from grundy.errors import SearchLimitError, UnsupportedError

__all__ = ["LoopyValue", "loopy_values", "solve_loopy"]

_INF = -1


@dataclass(frozen=True)
class LoopyValue:
    """A generalised Sprague–Grundy value: ``finite`` (a nimber), or infinity with ``options``.

    >>> LoopyValue(3) + LoopyValue(5)
    LoopyValue(finite=6, options=frozenset())
    >>> str(LoopyValue(None, frozenset({0, 2})) + LoopyValue(1))
    '∞(1,3)'
    """

    finite: int | None
    options: frozenset[int] = frozenset()

    @property
    def is_infinite(self) -> bool:
        """True for ``∞(K)``."""
        return self.finite is None

    @property
    def outcome(self) -> str:
        """``"P"`` (the player to move loses), ``"N"`` (wins) or ``"D"`` (draw)."""
        if self.finite is not None:
            return "P" if self.finite == 0 else "N"
        return "N" if 0 in self.options else "D"

    def __add__(self, other: LoopyValue) -> LoopyValue:
        if self.finite is not None and other.finite is not None:
            return LoopyValue(self.finite ^ other.finite)
        if self.finite is None and other.finite is None:
            return LoopyValue(None)
        inf, fin = (self, other) if self.finite is None else (other, self)
        assert fin.finite is not None
        return LoopyValue(None, frozenset(k ^ fin.finite for k in inf.options))

    def __str__(self) -> str:
        if self.finite is not None:
            return str(self.finite)
        return "∞(" + ",".join(str(k) for k in sorted(self.options)) + ")"


#: The graph holds at most this many moves per position allowed by ``max_positions``
#: (each kept move costs memory, and the labelling visits each one per stage).
MOVES_PER_POSITION = 4


def _graph(moves: Any, roots: Iterable[Hashable], limit: int) -> tuple[list[Any], list[list[int]]]:
    """Every position reachable from ``roots`` and its options (as indices), breadth first.

    Stops with :class:`SearchLimitError` past ``limit`` positions or
    ``MOVES_PER_POSITION * limit`` moves; the clock and the progress display
    are checked every few thousand moves (a position may have millions).
    """
    index: dict[Any, int] = {}
    states: list[Any] = []
    for r in roots:
        if r not in index:
            index[r] = len(states)
            states.append(r)
    kids: list[list[int]] = []
    i = 0
    edges = 0
    max_edges = MOVES_PER_POSITION * limit
    checkpoint(len(states), limit)
    check_at = CHECK_EVERY
    while i < len(states):
        out: list[int] = []
        for c in moves(states[i]):
            j = index.get(c)
            if j is None:
                j = index[c] = len(states)
                states.append(c)
            out.append(j)
            if len(out) % CHECK_EVERY == 0:  # one position with countless moves
                check_at = _check(edges + len(out), len(states), limit, max_edges, check_at)
        kids.append(sorted(set(out)))
        i += 1
        edges += len(out)
        check_at = _check(edges, len(states), limit, max_edges, check_at)
    return states, kids


def _check(edges: int, positions: int, limit: int, max_edges: int, check_at: int) -> int:
    """The limits of :func:`_graph` after ``edges`` moves and ``positions`` positions, once
    their sum reaches ``check_at``; the next ``check_at``."""
    if edges + positions >= check_at:
        if positions > limit:
            raise SearchLimitError(limit)
        if edges > max_edges:
            raise SearchLimitError(
                limit,
                f"the loopy search passed {max_edges:,} moves ({MOVES_PER_POSITION} per "
                f"position allowed by max_positions {limit:,}) at {positions:,} positions; "
                "raise it with max_positions (CLI: --max-positions N) or ask about a "
                "smaller position",
            )
        checkpoint(edges, None, "moves listed")
        check_at = edges + positions + CHECK_EVERY
    return check_at


def loopy_values(
    game: Any, root: Hashable, *, max_positions: int, roots: Iterable[Hashable] = ()
) -> dict[Any, LoopyValue]:
    """The generalised Sprague–Grundy value of every position reachable from ``root``.

    ``game`` needs only ``moves(state)`` (an :class:`~grundy.core.game.ImpartialGame`
    without splitting moves, or any object with that method).
    """
    states, kids = _graph(game.moves, [root, *roots], max_positions)
    n = len(states)
    parents: list[list[int]] = [[] for _ in range(n)]
    for u, vs in enumerate(kids):
        for v in vs:
            parents[v].append(u)
    label: list[int | None] = [None] * n
    unlabeled = list(range(n))
    m = 0
    work = 0  # options looked at, for the clock and the progress display
    check_at = CHECK_EVERY
    while unlabeled:
        marked = bytearray(n)
        count = [0] * n
        queue: list[int] = []
        work += len(unlabeled)
        if work >= check_at:
            check_at = checkpoint(work, None, "labelling steps")
        for u in unlabeled:
            c = 0
            for v in kids[u]:
                lv = label[v]
                if lv is None or lv == _INF:
                    c += 1
            count[u] = c
            if c == 0:
                queue.append(u)
        while queue:
            u = queue.pop()
            if label[u] is not None or marked[u]:
                continue
            label[u] = m
            work += len(parents[u])
            if work >= check_at:
                check_at = checkpoint(work, None, "labelling steps")
            for p in parents[u]:
                if marked[p]:
                    continue
                marked[p] = 1
                lp = label[p]
                if lp is None or lp == _INF:
                    for q in parents[p]:
                        if label[q] is None and not marked[q]:
                            count[q] -= 1
                            if count[q] == 0:
                                queue.append(q)
        rest = []
        for u in unlabeled:
            if label[u] is None:
                if marked[u]:
                    rest.append(u)
                else:
                    label[u] = _INF
        unlabeled = rest
        m += 1
    out: dict[Any, LoopyValue] = {}
    for u, s in enumerate(states):
        lu = label[u]
        if lu is not None and lu >= 0:
            out[s] = LoopyValue(lu)
        else:
            finite = {label[v] for v in kids[u]} - {None, _INF}
            out[s] = LoopyValue(None, frozenset(k for k in finite if k is not None))
    return out


def _game(p: Position) -> ImpartialGame[Any]:
    game = p.game
    if not isinstance(game, ImpartialGame) or game.splits:
        raise UnsupportedError(
            f"{game.spec_name()}: loopy values are defined here for impartial games "
            "whose moves do not split a component"
        )
    return game


def solve_loopy(pos: Position | Sum, *, max_moves: int, max_positions: int) -> ImpartialResult:
    """Solve a sum of loopy impartial components by generalised Sprague–Grundy values."""
    comps = pos.components
    tables: dict[Any, dict[Any, LoopyValue]] = {}
    searched = 0
    for c in comps:
        game = _game(c)
        table = tables.get(game)
        if table is None or c.state not in table:
            new = loopy_values(game, c.state, max_positions=max_positions)
            searched += len(new)
            tables[game] = {**(table or {}), **new}
    values = [tables[c.game][c.state] for c in comps]
    total = LoopyValue(0)
    for v in values:
        total = total + v
    outcome = total.outcome
    want = "P" if outcome == "N" else "D" if outcome == "D" else None
    best: list[Position | Sum] = []
    words: list[str] = []
    seen: set[Any] = set()
    truncated = False
    if want is not None:
        for i, c in enumerate(comps):
            game = _game(c)
            rest = LoopyValue(0)
            for j, v in enumerate(values):
                if j != i:
                    rest = rest + v
            for o in game.moves(c.state):
                if (tables[game][o] + rest).outcome != want:
                    continue
                after = sum_of([*comps[:i], Position(game, o), *comps[i + 1 :]])
                key = after.canonical()
                if key in seen:
                    continue
                if len(best) == max_moves:
                    truncated = True
                    break
                seen.add(key)
                best.append(after)
                words.append(game.describe_move(c.state, (o,)))
            if truncated:
                break
    explanation = [
        "Generalised Sprague–Grundy values (positions may repeat; endless play is a draw):",
        *(f"  {c}  ->  {v}" for c, v in zip(comps, values, strict=True)),
    ]
    if len(comps) > 1:
        explanation.append(
            f"Sum: finite values XOR; ∞(K) + a = ∞(K XOR a); ∞ + ∞ = ∞(): total {total}."
        )
    explanation.append(
        {
            "P": "The value is 0: every move leads to a position the opponent wins.",
            "N": "A move to a position of value 0 wins (listed below).",
            "D": "The value is infinite with no 0 among its options: neither player can force "
            "a win; the listed moves keep the draw.",
        }[outcome]
    )
    value_word = {"N": "win", "P": "loss", "D": "draw"}[outcome]
    return ImpartialResult(
        position=pos,
        play="normal",
        outcome=Outcome(outcome),
        grundy=total.finite,
        winning_moves=tuple(best),
        move_descriptions=tuple(words),
        method=(
            f"generalised Sprague–Grundy values (Smith 1966; Fraenkel–Yesha labelling) "
            f"over {searched:,} positions"
        ),
        explanation=tuple(explanation),
        positions_searched=searched,
        winning_moves_total=None if truncated else len(best),
        winning_moves_truncated=truncated,
        value=value_word,
    )
