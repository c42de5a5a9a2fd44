"""Deep values printed without deep recursion: a post-order walk with an explicit stack.

The printers of canonical forms (:mod:`grundy.cgt.notation`, :mod:`grundy.cgt.cgsuite`,
:mod:`grundy.cgt.readable`) are memoised recursive functions, one call per part of the form.
A form nested a thousand deep (a chain of switches, a Partizan Euclid value) would run past
Python's recursion limit; so before printing such a value they call the printer on its parts
in :func:`postorder`, deepest first: each call then finds its options already in the memo
and recurses one level only.

>>> postorder(5, lambda n: range(n))
[0, 1, 2, 3, 4, 5]
>>> postorder("a", {"a": "bc", "b": "c", "c": ""}.__getitem__)
['c', 'b', 'a']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from grundy.core.limits import check_time

__all__ = ["DEEP", "postorder"]

#: Values whose birthday is at most this print by plain recursion (a few frames a level
#: stay well inside Python's default limit of 1,000); deeper ones are walked first.
DEEP = 120

_N = TypeVar("_N", bound=Hashable)


def postorder(root: _N, deps: Callable[[_N], Iterable[_N]]) -> list[_N]:
    """Every node reachable from ``root`` through ``deps``, each after all its ``deps``
    (``deps`` must not make a cycle), found with an explicit stack."""
    order: list[_N] = []
    done: set[_N] = set()
    stack: list[tuple[_N, list[_N]]] = [(root, list(deps(root)))]
    seen = {root}
    while stack:
        node, todo = stack[-1]
        while todo and todo[-1] in seen:
            todo.pop()
        if todo:
            nxt = todo.pop()
            seen.add(nxt)
            stack.append((nxt, list(deps(nxt))))
            continue
        stack.pop()
        if node not in done:
            done.add(node)
            order.append(node)
            if not len(order) & 0x3FF:
                check_time()
    return order
