"""Domineering by search: the generic view of the one ruleset against the old hand-written board.

``domineering-search`` used to be a board class of its own (its own placement
generator on a bitboard). It is now :class:`~grundy.catalog.boards.domineering.DomineeringSearch`,
the two-player search view of the Domineering ruleset of ``grundy.cgt``: its
moves are placed on the view's own bitboard, tested equal to that ruleset's
options on every board of up to 12 cells. The baseline below is the old generator, kept
here only to measure against (same states, same search). Each line solves the
same board with both, alternating, and prints the ratio (the machine is shared
and noisy: compare the ratio, not the seconds).

Usage: python bench/partisan_view.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.search.negamax import NegamaxTable, negamax
from grundy.search.retrograde import retrograde
from grundy.search.ruleset import TwoPlayerRuleset


@dataclass(frozen=True)
class OldDomineering(TwoPlayerRuleset):
    """The old ``domineering-search`` move generator (state ``board << 1 | mover``)."""

    rows: int
    cols: int

    def moves(self, state: Any) -> list[Any]:
        board, flip = state >> 1, (state & 1) ^ 1
        full = (1 << (self.rows * self.cols)) - 1
        empty = ~board & full
        if state & 1:
            last = sum(1 << (r * self.cols + self.cols - 1) for r in range(self.rows))
            starts, step = empty & (empty >> 1) & full & ~last, 1
        else:
            starts, step = empty & (empty >> self.cols), self.cols
        out = []
        while starts:
            low = starts & -starts
            out.append((board | low | low << step) << 1 | flip)
            starts ^= low
        return out


def _solve(game: Any, rows: int, cols: int) -> tuple[float, Any]:
    start = time.perf_counter()
    if rows * cols <= 20:
        answer: Any = retrograde(game, 0, max_positions=10**8).score(0)
    else:
        answer = negamax(game, 0, max_positions=10**8, table=NegamaxTable()).score
    return time.perf_counter() - start, answer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    repeat = ap.parse_args().repeat
    for rows, cols in ((4, 4), (4, 5), (5, 5)):
        view, old = DomineeringSearch.of(rows, cols), OldDomineering(rows, cols)
        best_view = best_old = float("inf")
        for _ in range(repeat):
            t_view, a = _solve(view, rows, cols)
            t_old, b = _solve(old, rows, cols)
            assert a == b, (rows, cols, a, b)
            best_view, best_old = min(best_view, t_view), min(best_old, t_old)
        print(
            f"domineering-search:{rows}x{cols} (Left first)  view {best_view:7.3f} s  "
            f"old board {best_old:7.3f} s  view/old x{best_view / best_old:.2f}"
        )


if __name__ == "__main__":
    main()
