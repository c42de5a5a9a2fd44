"""Negamax with alpha-beta pruning, a transposition table, move ordering and iterative deepening.

For games whose position graph is too large to enumerate, :func:`negamax`
finds the exact value of one root position and a best move. Scores are the
packed scores of :mod:`grundy.search.protocol` (a win sooner is better, a
loss later is better), so the answer includes the remoteness.

* **Iterative deepening**: searches of depth 8, 16, 24, ... (``step``) fill the
  transposition table and the best-move table; an iteration that never had
  to stop at its depth limit is exact, and ends the search.
* **Transposition table**: proven lower and upper bounds per position,
  reused across iterations and across calls (pass the same :class:`NegamaxTable`).
* **Move ordering**: the best move found so far first, then the game's own
  order (``order_moves(state, options)`` when the game provides it).

The game must always end (a position met again on the current line raises
:class:`~grundy.errors.LoopyGameError`; use retrograde analysis for loopy
games) and last at most :data:`MAX_DEPTH` moves (a longer line of play raises
:class:`~grundy.errors.LongPlayError`).

>>> from grundy.heap.subtraction import Subtraction
>>> answer = negamax(Subtraction((1, 2)), 7, max_positions=10_000)
>>> answer.value, answer.remoteness, answer.best
('win', 5, 6)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from grundy.core.game import Ruleset
from grundy.core.limits import checkpoint
from grundy.errors import LongPlayError, LoopyGameError
from grundy.search.protocol import DRAW, LOSS, MATE, WIN, backup, unpack

__all__ = ["MAX_DEPTH", "NegamaxAnswer", "NegamaxTable", "negamax"]

#: Longest game (in moves) the recursive search accepts.
MAX_DEPTH = 400

_INF = MATE + 10
_TERMINAL_SCORE = {WIN: MATE, LOSS: -MATE, DRAW: 0}


@dataclass
class NegamaxTable:
    """Transposition table: proven ``(lower, upper)`` score bounds and best-move hints."""

    bounds: dict[Any, tuple[int, int]] = field(default_factory=dict)
    hints: dict[Any, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.bounds)


@dataclass(frozen=True)
class NegamaxAnswer:
    """The exact score of the root, a best move (None when there is no move), and the cost."""

    score: int
    best: Any
    nodes: int
    iterations: int

    @property
    def value(self) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move."""
        return unpack(self.score)[0]

    @property
    def remoteness(self) -> int | None:
        """Moves to the end under perfect play (None for a draw)."""
        return unpack(self.score)[1]


def _unflip(v: int) -> int:
    """The inverse of :func:`~grundy.search.protocol.backup`: the option score that backs
    up to ``v`` (for windows)."""
    if v < 0:
        return 1 - v
    if v > 0:
        return -v - 1
    return 0


class _Search:
    def __init__(self, game: Any, table: NegamaxTable, limit: int) -> None:
        self.moves = game.moves
        self.terminal = game.terminal_value
        self.order = game.order_moves if isinstance(game, Ruleset) else None
        self.bounds = table.bounds
        self.hints = table.hints
        self.limit = limit
        self.nodes = 0
        self.check_at = checkpoint(0, limit, "nodes")
        self.cuts = 0
        self.path: set[Any] = set()

    def search(self, s: Any, alpha: int, beta: int, depth: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check_at = checkpoint(self.nodes, self.limit, "nodes")
        tv = self.terminal(s)
        if tv is not None:
            return _TERMINAL_SCORE[tv]
        known = self.bounds.get(s)
        if known is not None:
            lo, hi = known
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        options = list(self.moves(s))
        if not options:
            return -MATE
        if depth == 0:
            self.cuts += 1
            return 0
        if ply >= MAX_DEPTH:
            raise LongPlayError(MAX_DEPTH)
        # Mate-distance bounds: with a move to make, the best is a win in 1 and the worst
        # a loss in 1; clamping the window lets a found win in 1 cut off the rest.
        alpha = max(alpha, 1 - MATE)
        beta = min(beta, MATE - 1)
        if alpha >= beta:
            return alpha
        if self.order is not None:
            options = self.order(s, options)
        hint = self.hints.get(s)
        if hint is not None and hint in options:
            options.remove(hint)
            options.insert(0, hint)
        self.path.add(s)
        cuts_before = self.cuts
        a0 = alpha
        best = -_INF
        best_move = options[0]
        for c in options:
            if c in self.path:
                self.path.discard(s)
                raise LoopyGameError([s, c])
            v = backup(self.search(c, _unflip(beta), _unflip(alpha), depth - 1, ply + 1))
            if v > best:
                best = v
                best_move = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.path.discard(s)
        self.hints[s] = best_move
        if self.cuts == cuts_before:
            lo, hi = known if known is not None else (-_INF, _INF)
            if best <= a0:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.bounds[s] = (lo, hi)
        return best


def negamax(
    game: Any,
    root: Hashable,
    *,
    max_positions: int,
    table: NegamaxTable | None = None,
    step: int = 8,
) -> NegamaxAnswer:
    """The exact score of ``root`` and a best move, by iterative-deepening alpha-beta.

    ``max_positions`` caps the nodes visited over all iterations
    (:class:`~grundy.errors.SearchLimitError` past it). Pass ``table`` to reuse
    what earlier searches of the same game proved. ``step`` is the depth added
    by each deepening pass (the answer is exact for every step).
    """
    table = table if table is not None else NegamaxTable()
    search = _Search(game, table, max_positions)
    depth = 0
    iterations = 0
    while True:
        depth += step
        iterations += 1
        search.cuts = 0
        score = search.search(root, -_INF, _INF, depth, 0)
        if search.cuts == 0:
            break
    best = _best_move(game, search, root, score)
    return NegamaxAnswer(score=score, best=best, nodes=search.nodes, iterations=iterations)


def _best_move(game: Any, search: _Search, root: Any, score: int) -> Any:
    """An option of ``root`` that keeps ``score`` (the hint first; exact searches, TT-backed)."""
    if search.terminal(root) is not None:
        return None
    options = list(game.moves(root))
    hint = search.hints.get(root)
    if hint is not None and hint in options:
        options.remove(hint)
        options.insert(0, hint)
    for c in options:
        search.cuts = 0
        if backup(search.search(c, -_INF, _INF, MAX_DEPTH, 1)) == score:
            return c
    return None
