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

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from grundy.core.game import ImpartialGame
from grundy.core.limits import checkpoint
from grundy.core.position import Position
from grundy.errors import LoopyGameError, SearchLimitError

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "SearchMemo",
    "grundy_by_search",
    "misere_outcome_by_search",
    "sum_node",
    "sum_node_moves",
]

#: Default cap on the positions one search may add to the memo.
DEFAULT_MAX_POSITIONS = 20_000_000

_IN_PROGRESS = -1


class SearchMemo:
    """Memo tables, one per ruleset (equal rulesets share a table)."""

    def __init__(self) -> None:
        self.grundy: dict[ImpartialGame[Any], dict[Any, int]] = {}
        self.misere: dict[Hashable, dict[Any, int]] = {}
        self.terminal: dict[Position, bool] = {}

    def grundy_table(self, game: ImpartialGame[Any]) -> dict[Any, int]:
        """The Grundy memo of ``game``."""
        table = self.grundy.get(game)
        if table is None:
            table = self.grundy[game] = {}
        return table

    def misere_table(self, key: Hashable) -> dict[Any, int]:
        """The misère outcome memo for ``key`` (a ruleset, or ``"sum"``)."""
        table = self.misere.get(key)
        if table is None:
            table = self.misere[key] = {}
        return table

    def clear(self) -> None:
        """Forget everything."""
        self.grundy.clear()
        self.misere.clear()
        self.terminal.clear()


def _abort(memo: dict[Any, int], nodes: list[Any]) -> None:
    """Remove the in-progress marks of an abandoned search."""
    for n in nodes:
        if memo.get(n) == _IN_PROGRESS:
            del memo[n]


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
    if known is not None and known >= 0:
        return known, 0
    if game.splits:
        return _search_split(game, root, table, max_positions)
    return _search_simple(game, root, table, max_positions)


def _path(table: dict[Any, int], stack: list[Any]) -> list[Any]:
    """The expanded, unfinished nodes on the stack: the current path from the root."""
    path: list[Any] = []
    on_path: set[Any] = set()
    for n in stack:
        if table.get(n) == _IN_PROGRESS and n not in on_path:
            on_path.add(n)
            path.append(n)
    return path


def _loopy_child(
    table: dict[Any, int], stack: list[Any], node: Any, children: Iterable[Any]
) -> LoopyGameError:
    """The error for ``node``, one of whose ``children`` is on the current path."""
    path = _path(table, stack)
    on_path = set(path)
    child = next(c for c in children if c in on_path)
    return LoopyGameError(_cycle_from(path, child))


def _search_simple(
    game: ImpartialGame[Any], root: Any, table: dict[Any, int], limit: int
) -> tuple[int, int]:
    # Depth first with the whole list of unknown options pushed at once; a node
    # is expanded (marked in progress, options kept in ``pending``) on its first
    # visit and finished on its second, when every option above it is done.
    moves = game.moves
    get = table.get
    pending: dict[Any, list[Any]] = {}
    stack: list[Any] = [root]
    count = 0
    check_at = checkpoint(0, limit)
    try:
        while stack:
            node = stack[-1]
            v = get(node)
            if v is None:
                o = moves(node)
                if type(o) is not list:
                    o = list(o)
                count += 1
                if count >= check_at:
                    check_at = checkpoint(count, limit)
                table[node] = _IN_PROGRESS  # before the look-up, so a self-loop shows
                seen = set(map(get, o))
                if None in seen or _IN_PROGRESS in seen:
                    if _IN_PROGRESS in seen:
                        raise _loopy_child(table, stack, node, o)
                    pending[node] = o
                    stack.extend([c for c in o if get(c) is None])
                    continue
            elif v == _IN_PROGRESS:
                seen = set(map(get, pending.pop(node)))
            else:
                stack.pop()
                continue
            g = 0
            while g in seen:
                g += 1
            table[node] = g
            stack.pop()
    except (LoopyGameError, SearchLimitError):
        _abort(table, [*pending, *stack])
        raise
    return table[root], count


def _search_split(
    game: ImpartialGame[Any], root: Any, table: dict[Any, int], limit: int
) -> tuple[int, int]:
    # As _search_simple, but an option is a tuple of states worth the XOR of their values.
    split_moves = game.split_moves
    get = table.get
    pending: dict[Any, list[tuple[Any, ...]]] = {}
    stack: list[Any] = [root]
    count = 0
    check_at = checkpoint(0, limit)
    try:
        while stack:
            node = stack[-1]
            v = get(node)
            if v is None:
                options = list(split_moves(node))
                children = {s for opt in options for s in opt}
                count += 1
                if count >= check_at:
                    check_at = checkpoint(count, limit)
                table[node] = _IN_PROGRESS  # before the look-up, so a self-loop shows
                known = set(map(get, children))
                if None in known or _IN_PROGRESS in known:
                    if _IN_PROGRESS in known:
                        raise _loopy_child(table, stack, node, children)
                    pending[node] = options
                    stack.extend([c for c in children if get(c) is None])
                    continue
            elif v == _IN_PROGRESS:
                options = pending.pop(node)
            else:
                stack.pop()
                continue
            seen = set()
            for opt in options:
                x = 0
                for s in opt:
                    x ^= table[s]
                seen.add(x)
            g = 0
            while g in seen:
                g += 1
            table[node] = g
            stack.pop()
    except (LoopyGameError, SearchLimitError):
        _abort(table, [*pending, *stack])
        raise
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
    if known is not None and known >= 0:
        return bool(known), 0
    get = table.get
    table[root] = _IN_PROGRESS
    nodes: list[Any] = [root]
    iters: list[Iterator[Any]] = [iter(moves(root))]
    pending: list[Any] = [None]
    any_move: list[bool] = [False]
    count = 1
    check_at = 2  # the clock is read at the first new position
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
                v = get(child)
                if v is None:
                    descend = child
                    break
                if v < 0:
                    cycle = _cycle_from(nodes, child)
                    _abort(table, nodes)
                    raise LoopyGameError(cycle)
                if v == 0:
                    result = 1
                    break
            if descend is not None:
                count += 1
                if count >= check_at:
                    try:
                        check_at = checkpoint(count, max_positions)
                    except SearchLimitError:
                        _abort(table, nodes)
                        raise
                pending[-1] = descend
                table[descend] = _IN_PROGRESS
                nodes.append(descend)
                iters.append(iter(moves(descend)))
                pending.append(None)
                any_move.append(False)
                continue
            if result is None:
                result = 0 if any_move[-1] else 1
        table[nodes.pop()] = result
        iters.pop()
        pending.pop()
        any_move.pop()
    return bool(table[root]), count
