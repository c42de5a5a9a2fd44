"""Slow, obvious references for the search solvers: plain minimax and level-by-level outcomes."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

# grundy's packed score, written out here from its documented format (docs: a win in
# ``r`` moves is ``MATE - r``, a loss in ``r`` is ``r - MATE``, a draw 0), not imported:
WIN, LOSS, DRAW = "win", "loss", "draw"
MATE = 1 << 40

_TERMINAL = {WIN: MATE, LOSS: -MATE, DRAW: 0}


def backup(score: int) -> int:
    """An option's score as seen by the player who moves there: the sign flips and a win or
    loss is one move further away."""
    if score > 0:
        return 1 - score
    if score < 0:
        return -score - 1
    return 0


def minimax(game: Any, root: Hashable) -> dict[Any, int]:
    """Packed scores of every position reachable from ``root`` of an acyclic game.

    Plain minimax, no pruning: a position's score is the best backed-up score
    of its options. Post-order with an explicit stack.
    """
    scores: dict[Any, int] = {}
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        s, expanded = stack.pop()
        if s in scores:
            continue
        tv = getattr(game, "terminal_value", lambda _s: None)(s)
        if tv is not None:
            scores[s] = _TERMINAL[tv]
            continue
        options = list(game.moves(s))
        if expanded:
            scores[s] = max((backup(scores[o]) for o in options), default=-MATE)
            continue
        stack.append((s, True))
        stack.extend((o, False) for o in options if o not in scores)
    return scores


def level_scores(succ: dict[Any, list[Any]], terminal: dict[Any, str]) -> dict[Any, int]:
    """Scores of a finite graph (cycles allowed) decided level by level of remoteness.

    Remoteness 0: terminal positions (no moves: a loss). A position is a win in
    ``r + 1`` when its first loss option appears at level ``r``; a loss in
    ``r + 1`` when every option is a win decided by level ``r`` (the last at
    ``r``). What is never decided is a draw.
    """
    decided: dict[Any, int] = {}
    for s, options in succ.items():
        if s in terminal:
            decided[s] = _TERMINAL[terminal[s]]
        elif not options:
            decided[s] = -MATE
    r = 0
    while True:
        new: dict[Any, int] = {}
        for s, options in succ.items():
            if s in decided or s in terminal:
                continue
            known = [decided.get(o) for o in options]
            losses = [v for v in known if v is not None and v < 0]
            if losses:
                new[s] = MATE - (r + 1)
            elif all(v is not None and v > 0 for v in known):
                assert all(v is not None for v in known)
                if max(MATE - v for v in known if v is not None) == r:
                    new[s] = (r + 1) - MATE
        if not new and r > len(succ) + 2:
            break
        decided.update(new)
        r += 1
    return {s: decided.get(s, 0) for s in succ}
