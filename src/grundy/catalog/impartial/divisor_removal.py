"""The divisor-removal game: pick a number on the table, remove it and all its divisors there.

The table starts as 1..N (``divisor-removal 1..N``) or any set of positive
integers (``divisor-removal 2,3,4,6``); ``{}`` is the empty table.

Only an existence proof is known for who wins 1..N: the first player, by
strategy stealing. grundy searches for the actual winning moves when the
position is small enough and otherwise answers the outcome, saying that no
move is known.

>>> from grundy import solve
>>> r = solve("divisor-removal 1..6")
>>> r.outcome, [str(p) for p in r.winning_moves]
('N', ['divisor-removal 2..4,6', 'divisor-removal 4 + divisor-removal 5'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.game import Answer, ImpartialGame
from grundy.core.params import format_int_set, parse_int_set
from grundy.errors import InvalidSpecError

__all__ = ["DivisorRemoval", "components"]

_SYNTAX = "divisor-removal SET  (e.g. 1..10, or 2,3,4..6; {} is the empty table)"

#: Positions the search may visit before a lone 1..N-like table is answered by theorem.
SEARCH_LIMIT = 5_000
#: Tables larger than this are not searched at all when the theorem applies.
SEARCH_MAX_SIZE = 48

Table = frozenset[int]


def components(table: Iterable[int]) -> list[Table]:
    """Split a table into independent parts: x and y are linked when one divides the other.

    A move removes only divisors of the chosen number, all in its part, so a
    table is the disjunctive sum of its parts.

    >>> [sorted(c) for c in components({4, 8, 5, 10, 7})]
    [[4, 8], [5, 10], [7]]
    """
    items = sorted(table)
    parent = {x: x for x in items}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, x in enumerate(items):
        for y in items[i + 1 :]:
            if y % x == 0:
                rx, ry = find(x), find(y)
                if rx != ry:
                    parent[ry] = rx
    groups: dict[int, list[int]] = {}
    for x in items:
        groups.setdefault(find(x), []).append(x)
    return sorted((frozenset(g) for g in groups.values()), key=min)


def _common_divisor(table: Table) -> int | None:
    """An element of the table dividing every element, if there is one."""
    if not table:
        return None
    low = min(table)
    return low if all(x % low == 0 for x in table) else None


@dataclass(frozen=True)
class DivisorRemoval(ImpartialGame[Table]):
    """The divisor-removal game. A position is a finite set of positive
    integers on the table. A move picks a number x on the table and removes x
    and every divisor of x still on the table. The empty table has no move.

    Options are written as sums of the independent parts of the table that is
    left (:func:`components`), which is also how the search saves work.

    Theorem (strategy stealing): a table containing a number that divides all
    the others, such as 1 in 1..N, is won by the player to move. If removing
    that number alone loses, the opponent's winning reply x could have been
    played first: it removes the same numbers. In misère play the same holds
    for tables of two or more numbers.

    >>> DivisorRemoval().outcome_theorem(frozenset(range(1, 7)), False).outcome
    'N'
    """

    name = "divisor-removal"
    rule = (
        "numbers on a table; pick x and remove x and all its divisors still on the table; "
        "the last mover wins"
    )
    example = "divisor-removal 1..6"
    syntax = _SYNTAX
    splits = True

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) != 1:
            raise InvalidSpecError(
                f"divisor-removal takes one SET argument, got {len(args)}", _SYNTAX
            )
        text = args[0].strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1].strip()
            if not text:
                return [frozenset()]
        return [frozenset(parse_int_set(text, "set of numbers", _SYNTAX))]

    def format_state(self, state: Any) -> str:
        return format_int_set(sorted(state)) if state else "{}"

    def split_moves(self, state: Table) -> Iterator[tuple[Table, ...]]:
        # Bitmasks over the sorted table: divisibility is tested once per pair per
        # position, then each option's parts are found by a flood fill on masks.
        items = sorted(state)
        size = len(items)
        linked = [0] * size
        removes = [1 << i for i in range(size)]
        for i in range(size):
            for j in range(i):
                if items[i] % items[j] == 0:
                    linked[i] |= 1 << j
                    linked[j] |= 1 << i
                    removes[i] |= 1 << j
        full = (1 << size) - 1
        for i in range(size):
            left = full & ~removes[i]
            parts = []
            while left:
                part = frontier = left & -left
                while frontier:
                    low = frontier & -frontier
                    frontier ^= low
                    new = linked[low.bit_length() - 1] & left & ~part
                    part |= new
                    frontier |= new
                left &= ~part
                members = []
                while part:
                    low = part & -part
                    part ^= low
                    members.append(items[low.bit_length() - 1])
                parts.append(frozenset(members))
            yield tuple(parts)

    def outcome_theorem(self, state: Table, misere: bool) -> Answer | None:
        d = _common_divisor(state)
        if d is None or (misere and len(state) < 2):
            return None
        size = len(state)
        play = "misère play" if misere else "normal play"
        return Answer.theorem(
            outcome="N",
            method=(
                f"strategy stealing ({play}): an existence proof; no winning move is known "
                f"(a table of {size} numbers; the search for one stopped at its limit)"
            ),
            explanation=(
                f"{d} divides every number on the table, so the player to move wins:",
                f"if removing {d} alone loses, the opponent has a winning reply x; but "
                f"choosing x now removes x's divisors and {d}, the same position.",
                "This proves a winning move exists without saying which one. The search for "
                f"one is tried only on tables of at most {SEARCH_MAX_SIZE} numbers and stops "
                f"after {SEARCH_LIMIT:,} positions (or --max-positions): no move is shown.",
            ),
            search_limit=SEARCH_LIMIT if size <= SEARCH_MAX_SIZE else 0,
        )

    def describe_move(self, state: Table, option: tuple[Table, ...]) -> str:
        left: set[int] = set().union(*option)
        gone = sorted(state - left)
        chosen = gone[-1]
        return f"choose {chosen} (removes {format_int_set(gone)})"

    def explain(self, states: Sequence[Table], values: Sequence[int]) -> list[str]:
        lines = [
            "No formula is known: values come from searching the position graph. The table "
            "left after a move falls into independent parts (numbers linked by divisibility), "
            "valued separately and XORed."
        ]
        for state in states[:4]:
            parts = components(state)
            if len(parts) > 1:
                shown = " + ".join(format_int_set(sorted(p)) for p in parts[:8])
                more = " + ..." if len(parts) > 8 else ""
                lines.append(f"The table {self.format_state(state)} splits into {shown}{more}.")
            if _common_divisor(state) is not None:
                lines.append(
                    f"Strategy stealing: {min(state)} divides every number on "
                    f"{self.format_state(state)}, so the player to move wins there."
                )
        return lines
