"""Retrograde analysis: every reachable position solved, from the end backwards.

:func:`retrograde` enumerates the positions reachable from a root
(breadth first, with an explicit queue), then assigns each one its value
(win, loss or draw for the player to move) and its *remoteness*: the number
of moves to the end when the winner wins as fast as possible and the loser
loses as slowly as possible.

Two passes do the backing up, both iterative:

* when every move leads to a position discovered later (true of any game in
  which each move adds a stone, such as Connect Four), one sweep in reverse
  discovery order: each score is the best backed-up score of its options;
* otherwise (positions that can repeat, or moves of different lengths) the
  classic queue algorithm: losses and wins spread to the parents in order of
  remoteness, a position all of whose options are wins for the opponent is a
  loss, and whatever is never reached this way is a **draw** (play can go on
  forever, or ends in a drawn terminal position).

>>> from grundy.heap.subtraction import Subtraction
>>> table = retrograde(Subtraction((1, 3)), 7, max_positions=100)
>>> table.value(7), table.remoteness(7), table.value(6), table.remoteness(6)
('win', 3, 'loss', 4)
>>> table.method
'retrograde analysis (queue) over 8 positions'
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.core.limits import checkpoint
from grundy.search.protocol import DRAW, LOSS, MATE, WIN, backup, expander, pack, unpack

__all__ = [
    "SolvedTable",
    "outcome_of",
    "retrograde",
]

_UNKNOWN = MATE + 1
_TERMINAL_SCORE = {WIN: MATE, LOSS: -MATE, DRAW: 0}


@dataclass(frozen=True)
class SolvedTable:
    """Scores (see :mod:`grundy.search.protocol`) of every position reachable from ``root``.

    ``scores`` maps a position to its packed score; ``seconds`` is the time the
    analysis took and ``algorithm`` which backing-up pass ran; ``source`` names
    the file a table was loaded from (None for a table computed here), and ``verified``
    what its check on loading verified (:func:`grundy.search.store.verify_table`).
    """

    root: Any
    scores: dict[Any, int]
    seconds: float = 0.0
    algorithm: str = "queue"
    edges: int = 0
    source: str | None = None
    verified: str | None = None

    def __len__(self) -> int:
        return len(self.scores)

    def __contains__(self, state: object) -> bool:
        return state in self.scores

    def __iter__(self) -> Iterator[Any]:
        return iter(self.scores)

    def score(self, state: Hashable) -> int:
        """The packed score of ``state`` (KeyError when it was not reached)."""
        return self.scores[state]

    def value(self, state: Hashable) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move."""
        return unpack(self.scores[state])[0]

    def remoteness(self, state: Hashable) -> int | None:
        """Moves to the end under perfect play; None for a draw."""
        return unpack(self.scores[state])[1]

    @property
    def method(self) -> str:
        """How the table was built, for :attr:`Result.method`."""
        built = f"retrograde analysis ({self.algorithm}) over {len(self):,} positions"
        if self.source is None:
            return built
        sampled = " (verified by sampling)" if self.sampled else ""
        return f"{built}, loaded from {self.source}{sampled}"

    @property
    def sampled(self) -> bool:
        """True for a table loaded from a file and verified only at positions drawn at
        random (an answer resting on it says so)."""
        return self.verified is not None and not self.verified.startswith("all ")

    @property
    def positions_per_second(self) -> float:
        """Positions solved per second of wall time."""
        return len(self) / self.seconds if self.seconds > 0 else float("inf")


def retrograde(
    game: Any, root: Hashable, *, max_positions: int, algorithm: str = "auto"
) -> SolvedTable:
    """Solve every position reachable from ``root`` of a two-player game.

    ``game`` follows :class:`~grundy.search.protocol.TwoPlayerGame`. Raises
    :class:`~grundy.errors.SearchLimitError` past ``max_positions`` positions.
    ``algorithm="queue"`` forces the queue pass (it is always correct; the
    reverse sweep is chosen automatically when it is valid).
    """
    if algorithm not in ("auto", "queue"):
        raise ValueError(f"algorithm must be 'auto' or 'queue', not {algorithm!r}")
    start = time.perf_counter()
    expand = expander(game)
    index: dict[Any, int] = {root: 0}
    states: list[Any] = [root]
    kids: list[int] = []
    starts: list[int] = [0]
    terminals: dict[int, int] = {}
    topological = True
    append_state = states.append
    append_kid = kids.append
    append_start = starts.append
    get = index.get
    i = 0
    check_at = checkpoint(len(states), max_positions)
    while i < len(states):
        tv, options = expand(states[i])
        if tv is not None:
            terminals[i] = _TERMINAL_SCORE[tv]
            append_start(len(kids))
            i += 1
            continue
        for c in options:
            j = get(c)
            if j is None:
                j = len(states)
                index[c] = j
                append_state(c)
            elif j <= i:
                topological = False
            append_kid(j)
        append_start(len(kids))
        i += 1
        if len(states) >= check_at:
            check_at = checkpoint(len(states), max_positions)
    if topological and algorithm == "auto":
        scores = _sweep(len(states), kids, starts, terminals)
        algorithm = "reverse sweep"
    else:
        scores = _queue(len(states), kids, starts, terminals)
        algorithm = "queue"
    table = dict(zip(states, scores, strict=True))
    return SolvedTable(
        root=root,
        scores=table,
        seconds=time.perf_counter() - start,
        algorithm=algorithm,
        edges=len(kids),
    )


def _sweep(n: int, kids: list[int], starts: list[int], terminals: dict[int, int]) -> list[int]:
    """Back up scores in reverse discovery order (every edge goes forward)."""
    scores = [0] * n
    get = scores.__getitem__
    lost = -MATE
    for i in range(n - 1, -1, -1):
        a = starts[i]
        b = starts[i + 1]
        if a == b:
            scores[i] = terminals.get(i, lost)
            continue
        s = min(map(get, kids[a:b]))
        # backup() inlined: the best option is the one worst for the opponent.
        scores[i] = 1 - s if s > 0 else (-s - 1 if s < 0 else 0)
    return scores


def _queue(n: int, kids: list[int], starts: list[int], terminals: dict[int, int]) -> list[int]:
    """Back up scores by spreading decided positions to their parents, by remoteness."""
    parents: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in kids[starts[i] : starts[i + 1]]:
            parents[j].append(i)
    left = [starts[i + 1] - starts[i] for i in range(n)]
    scores = [_UNKNOWN] * n
    queue: deque[int] = deque()
    for i in range(n):
        if left[i] == 0:
            s = terminals.get(i, -MATE)
            scores[i] = s
            if s:
                queue.append(i)
    while queue:
        j = queue.popleft()
        s = scores[j]
        v = backup(s)
        if s < 0:
            for p in parents[j]:
                if scores[p] == _UNKNOWN:
                    scores[p] = v
                    queue.append(p)
        else:
            for p in parents[j]:
                if scores[p] == _UNKNOWN:
                    left[p] -= 1
                    if left[p] == 0:
                        scores[p] = v
                        queue.append(p)
    draw = pack(DRAW, 0)
    return [draw if s == _UNKNOWN else s for s in scores]


def outcome_of(game: Any, state: Hashable, *, max_positions: int = 1_000_000) -> str:
    """``"win"``, ``"loss"`` or ``"draw"`` for the player to move, by retrograde analysis."""
    return retrograde(game, state, max_positions=max_positions).value(state)
