"""Comparing one side of two loopy games: ``G <= H`` in the onside (or the offside).

For stoppers ``G <= H`` when Left, playing second in ``H - G``, never runs out of moves.
For any loopy games, the onside order asks the same of ``H^+ - G^+``, where endless play
in ``H^+`` is counted for Left and endless play in ``-(G^+)`` for Right: Left wins the
difference when Right runs out of moves, or when play never ends and *infinitely many*
of its moves are made in ``H``. The offside order counts for Left the endless plays with
infinitely many moves in ``G``. (This is Winning Ways' comparison of sides, ch. 11, and the
one CGSuite computes; both coincide with the stopper order on stoppers, since endless play
in a difference of stoppers moves in both components for ever.)

The condition on endless play is a *Büchi* condition, decided here by the classical
fixed point: repeatedly take the states from which Left can force a move in the right
component (or Right's running out of moves) within the states still open to her; those
outside are lost to her, with everything Right can force into them; stop when nothing
more is lost.

>>> from grundy.cgt.loopy.graph import Graph
>>> dud, on = Graph(((0,),), ((0,),)), Graph(((0,),), ((),))
>>> side_leq(dud, 0, on, 0, True), side_leq(on, 0, dud, 0, True)
(True, True)
>>> side_leq(on, 0, dud, 0, False), side_leq(dud, 0, Graph(((),), ((0,),)), 0, False)
(False, True)
"""

from __future__ import annotations

import numpy as np

from grundy.cgt.loopy.compare import _gather, _or_rows, check_pairs
from grundy.cgt.loopy.graph import Graph
from grundy.core.limits import check_time

__all__ = ["side_equal", "side_leq"]


def side_leq(g: Graph, u: int, h: Graph, w: int, onside: bool) -> bool:
    """True when ``G <= H`` in the onside (``onside=True``) or the offside order, ``G`` the
    game at vertex ``u`` of ``g`` and ``H`` at ``w`` of ``h``."""
    n, m = len(g), len(h)
    check_pairs(n, m, "sides of graphs", "the side comparison table")
    # Matrices indexed [x, y]: x a vertex of g, y of h; a state of H - G with Left (L)
    # or Right (R) to move. Left moves x to a Right option of G or y to a Left option of
    # H; Right moves x to a Left option of G or y to a Right option of H.
    moves = _Moves(g, h)
    lost_l, lost_r = moves.attract_right(np.zeros((n, m), bool), np.zeros((n, m), bool))
    rounds = 0
    while True:
        rounds += 1
        check_time(rounds, "rounds")
        good_l, good_r = moves.attract_progress(lost_l, lost_r, counted_h=onside)
        bad_l, bad_r = ~lost_l & ~good_l, ~lost_r & ~good_r
        if not (bad_l.any() or bad_r.any()):
            return not bool(lost_r[u, w])
        lost_l, lost_r = moves.attract_right(lost_l | bad_l, lost_r | bad_r)


class _Moves:
    """The moves of ``H - G`` as gathers over rows (G's moves) and columns (H's)."""

    def __init__(self, g: Graph, h: Graph) -> None:
        self.g_right, self.g_left = _gather(g.right, len(g)), _gather(g.left, len(g))
        self.h_left, self.h_right = _gather(h.left, len(h)), _gather(h.right, len(h))

    def left_g(self, x: np.ndarray) -> np.ndarray:
        """Left has a move in G to a state where ``x`` holds (Right to move)."""
        return _or_rows(x, self.g_right)

    def left_h(self, x: np.ndarray) -> np.ndarray:
        return _or_rows(x.T, self.h_left).T

    def right_g(self, x: np.ndarray) -> np.ndarray:
        """Right has a move in G to a state where ``x`` holds (Left to move)."""
        return _or_rows(x, self.g_left)

    def right_h(self, x: np.ndarray) -> np.ndarray:
        return _or_rows(x.T, self.h_right).T

    def attract_right(self, lost_l: np.ndarray, lost_r: np.ndarray) -> tuple[np.ndarray, ...]:
        """The lost states grown by all from which Right can force play into them: Right
        to move with a move to one; Left to move with every move to one (or none)."""
        rounds = 0
        while True:
            rounds += 1
            if not rounds & 0xF:
                check_time(rounds, "rounds")
            new_r = lost_r | self.right_g(lost_l) | self.right_h(lost_l)
            new_l = lost_l | ~(self.left_g(~new_r) | self.left_h(~new_r))
            if np.array_equal(new_r, lost_r) and np.array_equal(new_l, lost_l):
                return lost_l, lost_r
            lost_l, lost_r = new_l, new_r

    def attract_progress(
        self, lost_l: np.ndarray, lost_r: np.ndarray, *, counted_h: bool
    ) -> tuple[np.ndarray, ...]:
        """The states not lost from which Left can force, among states not lost, a move in
        the counted component (H for the onside, G for the offside) or Right's running out
        of moves (a least fixed point)."""
        open_r, open_l = ~lost_r, ~lost_l
        counted_left = self.left_h(open_r) if counted_h else self.left_g(open_r)
        good_l = np.zeros_like(lost_l)
        good_r = np.zeros_like(lost_r)
        rounds = 0
        while True:
            rounds += 1
            if not rounds & 0xF:
                check_time(rounds, "rounds")
            via = self.left_g(good_r) if counted_h else self.left_h(good_r)
            new_l = open_l & (counted_left | via)
            # Right's uncounted moves must all reach good states (his counted ones count)
            escape = self.right_g(~new_l) if counted_h else self.right_h(~new_l)
            new_r = open_r & ~escape
            if np.array_equal(new_l, good_l) and np.array_equal(new_r, good_r):
                return good_l, good_r
            good_l, good_r = new_l, new_r


def side_equal(g: Graph, u: int, h: Graph, w: int, onside: bool) -> bool:
    """True when the two games have equal onsides (or offsides)."""
    return side_leq(g, u, h, w, onside) and side_leq(h, w, g, u, onside)
