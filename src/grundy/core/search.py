"""The generic searches: Grundy values (normal play) and outcomes (misère play).

Both walk the position graph depth first with an explicit stack (never Python
recursion, so a chain of a million moves is fine), memoise per ruleset, and
detect cycles: a position met again while it is still on the stack raises
:class:`~grundy.errors.LoopyGameError` naming the cycle.

>>> from grundy.heap.subtraction import Subtraction
>>> memo = SearchMemo()
>>> grundy_by_search(Subtraction((1, 3, 4)), 10, memo, max_positions=100)
(1, 11)
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.limits import CHECK_EVERY, check_time, checkpoint
from grundy.core.position import Position
from grundy.errors import LoopyGameError

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "SearchMemo",
    "grundy_by_search",
    "misere_outcome_by_search",
    "sum_node",
    "sum_node_moves",
]

#: Moves looked at between two readings of the clock (besides every CHECK_EVERY positions).
_WORK_BETWEEN_CHECKS = 8 * CHECK_EVERY

#: Default cap on the positions one search may add to the memo.
DEFAULT_MAX_POSITIONS = 20_000_000


class SearchMemo:
    """Memo tables, one per ruleset (equal rulesets share a table).

    The tables hold finished values only, so threads may share them: a search
    keeps its own "in progress" marks, and a position another thread is still
    working on is simply searched again (the value is the same).
    :meth:`clear` gives fresh tables, so a search running meanwhile keeps a
    consistent one.
    """

    def __init__(self) -> None:
        self.grundy: dict[ImpartialGame[Any], dict[Any, int]] = {}
        self.misere: dict[Hashable, dict[Any, int]] = {}
        self.terminal: dict[Position, bool] = {}
        self._lock = threading.Lock()

    def grundy_table(self, game: ImpartialGame[Any]) -> dict[Any, int]:
        """The Grundy memo of ``game``."""
        return self._table(self.grundy, game)

    def misere_table(self, key: Hashable) -> dict[Any, int]:
        """The misère outcome memo for ``key`` (a ruleset, or ``"sum"``)."""
        return self._table(self.misere, key)

    def _table(self, tables: dict[Any, dict[Any, int]], key: Hashable) -> dict[Any, int]:
        """``tables[key]``, made empty the first time (under the lock: one table a key)."""
        table = tables.get(key)
        if table is None:
            with self._lock:
                table = tables.setdefault(key, {})
        return table

    def clear(self) -> None:
        """Forget everything (a search running meanwhile finishes with the tables it had)."""
        with self._lock:
            self.grundy = {}
            self.misere = {}
            self.terminal = {}


def _cycle_from(nodes: list[Any], repeated: Any) -> list[Any]:
    start = len(nodes) - 1
    while start >= 0 and nodes[start] != repeated:
        start -= 1
    return nodes[max(start, 0) :]


def grundy_by_search(
    game: ImpartialGame[Any], root: Any, memo: SearchMemo, *, max_positions: int
) -> tuple[int, int]:
    """Grundy value of ``root`` by search; returns ``(value, positions newly searched)``."""
    table = memo.grundy_table(game)
    known = table.get(root)
    if known is not None:
        return known, 0
    return _search(game, root, table, max_positions, split=game.splits)


def _loopy_child(pending: dict[Any, Any], node: Any, children: Iterable[Any]) -> LoopyGameError:
    """The error for ``node``, one of whose ``children`` is ``node`` itself or on the current
    path (``pending``: the expanded, unfinished positions, from the root down, in order)."""
    path = [*pending, node]
    on_path = set(path)
    child = next(c for c in children if c in on_path)
    return LoopyGameError(_cycle_from(path, child))


def _search(
    game: ImpartialGame[Any], root: Any, table: dict[Any, int], limit: int, *, split: bool
) -> tuple[int, int]:
    # Depth first with the whole list of unknown options pushed at once; a node
    # is expanded (its options kept in ``pending``, this search's "in progress"
    # marks) on its first visit and finished on its second, when every option
    # above it is done. ``table`` holds finished values only: it may be shared
    # with other threads, whose values simply appear in it. An option is a state
    # (``game.moves``), or with ``split`` a tuple of states worth the XOR of their
    # values (``game.split_moves``).
    moves = game.split_moves if split else game.moves
    get = table.get
    pending: dict[Any, list[Any]] = {}
    stack: list[Any] = [root]
    count = work = 0
    check_at = checkpoint(0, limit)
    work_at = _WORK_BETWEEN_CHECKS
    while stack:
        node = stack[-1]
        if get(node) is not None:
            stack.pop()
            continue
        o = pending.pop(node, None)
        if o is None:
            listed = moves(node)
            o = listed if type(listed) is list else list(listed)
            count += 1
            if count >= check_at:
                check_at = checkpoint(count, limit)
            work += len(o)
            if work >= work_at:  # positions with many moves: read the clock by moves too
                work_at = work + _WORK_BETWEEN_CHECKS
                check_time(count)
            states = {s for opt in o for s in opt} if split else o
            unknown = [c for c in states if get(c) is None]
            if unknown:
                if node in unknown or any(c in pending for c in unknown):
                    raise _loopy_child(pending, node, unknown)
                pending[node] = o
                stack.extend(unknown)
                continue
        if split:
            seen: set[int | None] = set()
            for opt in o:
                x = 0
                for s in opt:
                    x ^= table[s]
                seen.add(x)
        else:
            seen = set(map(get, o))
        g = 0
        while g in seen:
            g += 1
        table[node] = g
        stack.pop()
    return table[root], count


# ----- misère play: outcomes by search ---------------------------------------------

SumNode = frozenset[tuple[Position, int]]


def sum_node(components: Iterable[Position], memo: SearchMemo) -> SumNode:
    """The canonical (order-free) node of a sum, without terminal components."""
    counts: Counter[Position] = Counter()
    for c in components:
        if not _is_terminal(c, memo):
            counts[c] += 1
    return frozenset(counts.items())


def _is_terminal(p: Position, memo: SearchMemo) -> bool:
    t = memo.terminal.get(p)
    if t is None:
        game = p.game
        assert isinstance(game, ImpartialGame)
        t = next(iter(game.split_moves(p.state)), None) is None
        memo.terminal[p] = t
    return t


def sum_node_moves(node: SumNode, memo: SearchMemo) -> Iterator[SumNode]:
    """Every node reachable in one move from the sum ``node``."""
    base: Counter[Position] = Counter(dict(node))
    for comp in list(base):
        game = comp.game
        assert isinstance(game, ImpartialGame)
        for option in game.split_moves(comp.state):
            after = base.copy()
            after[comp] -= 1
            if not after[comp]:
                del after[comp]
            for s in option:
                q = Position(game, s)
                if not _is_terminal(q, memo):
                    after[q] += 1
            yield frozenset(after.items())


def misere_outcome_by_search(
    root: Any,
    moves: Callable[[Any], Iterable[Any]],
    table: dict[Any, int],
    *,
    max_positions: int,
) -> tuple[bool, int]:
    """Misère outcome of ``root``: ``(player to move wins, positions newly searched)``.

    A position with no moves is a win for the player to move (the last mover
    loses); otherwise the player to move wins iff some option is a loss for
    the next player. The search stops reading options as soon as it finds one.
    """
    known = table.get(root)
    if known is not None:
        return bool(known), 0
    get = table.get
    active = {root}  # this search's "in progress" marks: the current path
    nodes: list[Any] = [root]
    iters: list[Iterator[Any]] = [iter(moves(root))]
    pending: list[Any] = [None]
    any_move: list[bool] = [False]
    count = 1
    check_at = 2  # the clock is read at the first new position
    work = 0
    while nodes:
        it = iters[-1]
        result: int | None = None
        waiting = pending[-1]
        if waiting is not None:
            pending[-1] = None
            if table[waiting] == 0:
                result = 1
        if result is None:
            descend = None
            for child in it:
                any_move[-1] = True
                work += 1
                if not work & 255:  # moves looked at (each may cost a new sum node)
                    check_time(count)
                if child in active:
                    raise LoopyGameError(_cycle_from(nodes, child))
                v = get(child)
                if v is None:
                    descend = child
                    break
                if v == 0:
                    result = 1
                    break
            if descend is not None:
                count += 1
                if count >= check_at:
                    check_at = checkpoint(count, max_positions)
                pending[-1] = descend
                active.add(descend)
                nodes.append(descend)
                iters.append(iter(moves(descend)))
                pending.append(None)
                any_move.append(False)
                continue
            if result is None:
                result = 0 if any_move[-1] else 1
        node = nodes.pop()
        table[node] = result
        active.discard(node)
        iters.pop()
        pending.pop()
        any_move.pop()
    return bool(table[root]), count
