"""Coin-turning games (Winning Ways ch. 14): a row of coins, numbered 1, 2, 3, ... from the left.

A move turns over a set of coins whose rightmost coin goes from heads to tails; which
sets may be turned depends only on that rightmost coin. The player who cannot move (all
tails) loses. Because the rightmost coin goes heads to tails, a row with heads at the
positions S is equivalent to the nim-sum of rows with a single head at each position of
S (Winning Ways ch. 14; the tests check it against an exhaustive search over rows as bit
masks), so the Grundy value of a row is the XOR of the values of its heads.

A position is written as the row (``ruler THHTH``: coin 1 is the first letter) or as
the positions of its heads (``ruler 2 3 5``); both name the same position.

============================  ==========================================  ===================
game                          a move turns the head at n and ...          value of a head n
============================  ==========================================  ===================
``turning-turtles``           at most one other coin left of n            n (Nim)
``mock-turtles``              at most two other coins left of n           n-th odious number
``ruler``                     the coins n-k+1 .. n-1 (a run ending at n)  largest 2^j dividing n
``turning:K``                 at most K-1 other coins left of n           mex recurrence
``tartan:G*H``                (2-D) a product A x B of a G-set and H-set  G(x) nim-times H(y)
============================  ==========================================  ===================

>>> from grundy import solve
>>> solve("ruler TTTTHTTHTHHTHTT").grundy
11
>>> solve("mock-turtles 1 2 3").grundy
7
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any, ClassVar

from grundy.cgt.nimfield import nim_divide, nim_product
from grundy.core.board import Board, Grid, Strip
from grundy.core.game import ImpartialGame, Play, Player
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = [
    "CoinGame",
    "MockTurtles",
    "Ruler",
    "Tartan",
    "TurnUpTo",
    "TurningTurtles",
    "odious",
    "ruler_value",
    "turn_up_to_values",
]

#: Most moves a coin position lists (the formula answers larger positions alone).
MOVE_LIMIT = 200_000

#: Largest coin position (1-D or one coordinate of a 2-D game) a position may hold.
MOST_COIN = 10**6

#: Most coins whose values ``turning:K`` computes by its recurrence (cost grows as n^(K-1)).
MOST_RECURRENCE = 512

_ROW = re.compile(r"^[HTht]+$")


def odious(n: int) -> int:
    """The n-th odious number (n >= 1): numbers with an odd count of 1-bits, 1, 2, 4, 7, ...

    >>> [odious(n) for n in range(1, 9)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """
    m = 2 * (n - 1)
    return m if m.bit_count() % 2 else m + 1


def ruler_value(n: int) -> int:
    """The largest power of 2 dividing n (n >= 1).

    >>> [ruler_value(n) for n in range(1, 9)]
    [1, 2, 1, 4, 1, 2, 1, 8]
    """
    return n & -n


@lru_cache(maxsize=16)
def turn_up_to_values(k: int, count: int) -> tuple[int, ...]:
    """Values of coins 1..count in ``turning:K``: g(n) = the least number that is not the
    XOR of at most k-1 values of coins left of n (OEIS A033623 states this recurrence
    for k = 4; it follows from the rule and the single-head theorem above).

    >>> turn_up_to_values(4, 8)
    (1, 2, 4, 8, 15, 16, 32, 51)
    """
    values: list[int] = []
    reach: set[int] = {0}  # XORs of at most k-1 values so far
    layers: list[set[int]] = [{0}]  # layers[j]: XORs of exactly j distinct earlier values
    for _ in range(count):
        g = 0
        while g in reach:
            g += 1
        for j in range(min(k - 1, len(values) + 1), 0, -1):
            if j - 1 < len(layers):
                new = {x ^ g for x in layers[j - 1]}
                if j < len(layers):
                    layers[j] |= new
                else:
                    layers.append(new)
                reach |= new
        values.append(g)
    return tuple(values)


def _parse_row(args: Sequence[str], syntax: str, name: str) -> tuple[int, ...]:
    if not args:
        raise InvalidSpecError(f"{name} needs a row of coins or the positions of heads", syntax)
    if len(args) == 1 and _ROW.match(args[0]):
        row = args[0].upper()
        if len(row) > MOST_COIN:
            raise InvalidSpecError(f"{name}: a row may have at most {MOST_COIN:,} coins", syntax)
        return tuple(i + 1 for i, c in enumerate(row) if c == "H")
    heads: set[int] = set()
    for a in args:
        n = parse_natural(a, "a coin position", syntax)
        if n < 1 or n > MOST_COIN:
            raise InvalidSpecError(
                f"{name}: coin positions run from 1 to {MOST_COIN:,}, got {a}", syntax
            )
        heads ^= {n}  # a coin named twice is turned twice: tails
    return tuple(sorted(heads))


class CoinGame(ImpartialGame[tuple[int, ...]]):
    """A coin-turning game on one row; the state is the sorted tuple of head positions.

    A subclass gives :meth:`turn_sets` (the other coins that may be turned with the head
    at n) and :meth:`coin_value` (the value of a lone head at n).
    """

    coin_note: ClassVar[str] = ""

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        """The sets of coins left of ``n`` that a move turning the head at ``n`` also turns."""
        raise NotImplementedError

    def move_count(self, n: int) -> int:
        """How many sets :meth:`turn_sets` lists for a head at ``n``."""
        raise NotImplementedError

    def coin_value(self, n: int) -> int:
        """The Grundy value of a row whose only head is at ``n``."""
        raise NotImplementedError

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        return [_parse_row(args, self.expected_syntax(), self.spec_name())]

    def format_state(self, state: Any) -> str:
        if not state:
            return "T"
        if state[-1] <= 60:
            return "".join("H" if i in state else "T" for i in range(1, state[-1] + 1))
        return " ".join(str(n) for n in state)

    def board(self, state: Any) -> Board | None:
        """The row, heads as black stones (up to 200 coins).

        >>> Ruler().board((1, 3))
        Strip(cells=('black', 'empty', 'black'), last=())
        """
        if state and state[-1] > 200:
            return None
        width = state[-1] if state else 1
        return Strip(tuple("black" if i in state else "empty" for i in range(1, width + 1)))

    def moves(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if sum(self.move_count(n) for n in state) > MOVE_LIMIT:
            raise UnsupportedError(
                f"{self.spec_name()} {self.format_state(state)} has too many moves to list; "
                "the formula answers it alone, but not inside a search"
            )
        heads = set(state)
        for n in state:
            for others in self.turn_sets(n):
                yield tuple(sorted(heads.symmetric_difference((n, *others))))

    def grundy_formula(self, state: tuple[int, ...]) -> int:
        g = 0
        for n in state:
            g ^= self.coin_value(n)
        return g

    def sets_with_xor(self, n: int, v: int) -> Iterator[tuple[int, ...]]:
        """The sets of :meth:`turn_sets` for a head at ``n`` whose coins, ``n`` included,
        have values XORing to ``v`` (the default filters :meth:`turn_sets`)."""
        if self.move_count(n) > MOVE_LIMIT:
            raise UnsupportedError(f"{self.spec_name()}: a head at {n} has too many moves to list")
        for others in self.turn_sets(n):
            x = self.coin_value(n)
            for a in others:
                x ^= self.coin_value(a)
            if x == v:
                yield others

    def options_with_value(
        self, state: tuple[int, ...], value: int
    ) -> Iterator[tuple[tuple[int, ...], ...]]:
        """The options of value ``value``: for each head n, the sets turned with n whose
        values XOR (n included) to the change ``G(state) ^ value`` (no listing of all moves).

        >>> [o for (o,) in Ruler().options_with_value((5, 8, 10, 11, 13), 0)][:2]
        [(5, 6, 7, 10, 11, 13), (5, 9, 11, 13)]
        """
        change = self.grundy_formula(state) ^ value
        heads = set(state)
        for n in state:
            for others in self.sets_with_xor(n, change):
                yield (tuple(sorted(heads.symmetric_difference((n, *others)))),)

    def count_options_with_value(self, state: tuple[int, ...], value: int) -> int:
        return sum(1 for _ in self.options_with_value(state, value))

    def formula_name(self) -> str:
        return (
            "coin turning: the value of a row is the XOR of the values of its heads; "
            + self.coin_note
        )

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """The moves, each with the cells of the board it turns (coin n is cell n-1).

        >>> [p.cells for p in Ruler().plays((2,))]
        [(1,), (0, 1)]
        """
        for (after,) in self.split_moves(state):
            turned = tuple(n - 1 for n in sorted(set(state).symmetric_difference(after)))
            yield Play((after,), player, turned, self.describe_move(state, (after,)))

    def click_steps(self, state: Any, cells: Sequence[int]) -> tuple[int, ...]:
        """The cells of a move as a person picks them on the board (the page): the head
        turned to tails first, then the other coins right to left.

        >>> Ruler().click_steps((3,), (0, 1, 2))
        (2, 1, 0)
        """
        return tuple(sorted(cells, reverse=True))

    def describe_move(self, state: tuple[int, ...], option: tuple[tuple[int, ...], ...]) -> str:
        (after,) = option
        turned = sorted(set(state).symmetric_difference(after))
        if len(turned) == 1:
            return f"turn coin {turned[0]}"
        return "turn coins " + ", ".join(str(n) for n in turned)

    def explain(self, states: Sequence[tuple[int, ...]], values: Sequence[int]) -> list[str]:
        lines = [self.formula_name()]
        for state in states:
            shown = [f"{n}->{self.coin_value(n)}" for n in state[:20]]
            more = " ..." if len(state) > 20 else ""
            lines.append("  heads (position->value): " + (", ".join(shown) or "none") + more)
        return lines


@dataclass(frozen=True)
class TurningTurtles(CoinGame):
    """Turn a head to tails and, optionally, one other coin to its left: Nim in disguise.

    >>> sorted(TurningTurtles().moves((3,)))
    [(), (1,), (2,)]
    """

    name = "turning-turtles"
    rule = (
        "coins 1, 2, ... in a row: turn one head to tails and, if you like, one other coin "
        "to its left; the last mover wins"
    )
    example = "turning-turtles THHTH"
    syntax = "turning-turtles ROW  (H and T, coin 1 first) | turning-turtles N..."
    coin_note = "a head at n is a Nim heap of n"

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for a in range(1, n):
            yield (a,)

    def move_count(self, n: int) -> int:
        return n

    def coin_value(self, n: int) -> int:
        return n

    def sets_with_xor(self, n: int, v: int) -> Iterator[tuple[int, ...]]:
        w = v ^ n
        if w == 0:
            yield ()
        elif w < n:
            yield (w,)


@dataclass(frozen=True)
class MockTurtles(CoinGame):
    """Turn a head to tails and at most two other coins to its left.

    >>> len(list(MockTurtles().moves((4,))))
    7
    """

    name = "mock-turtles"
    rule = (
        "coins 1, 2, ... in a row: turn one head to tails and at most two other coins to "
        "its left; the last mover wins"
    )
    example = "mock-turtles 1 4 7"
    syntax = "mock-turtles ROW  (H and T, coin 1 first) | mock-turtles N..."
    coin_note = "a head at n has the n-th odious number as value (1, 2, 4, 7, ...)"

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for size in (1, 2):
            yield from combinations(range(1, n), size)

    def move_count(self, n: int) -> int:
        return 1 + (n - 1) + (n - 1) * (n - 2) // 2

    def coin_value(self, n: int) -> int:
        return odious(n)

    def sets_with_xor(self, n: int, v: int) -> Iterator[tuple[int, ...]]:
        """By inverting the odious numbers: O(n) for the pairs."""
        w = v ^ odious(n)
        if w == 0:
            yield ()
        if w.bit_count() % 2 and w // 2 + 1 < n:
            yield (w // 2 + 1,)
        for a in range(1, n):
            u = w ^ odious(a)
            if u.bit_count() % 2 and a < u // 2 + 1 < n:
                yield (a, u // 2 + 1)


@dataclass(frozen=True)
class Ruler(CoinGame):
    """Turn a run of consecutive coins whose rightmost coin is a head going to tails.

    >>> sorted(Ruler().moves((1, 3)))
    [(1,), (1, 2), (2,), (3,)]
    """

    name = "ruler"
    rule = (
        "coins 1, 2, ... in a row: turn any run of consecutive coins whose rightmost coin "
        "is a head (it goes to tails); the last mover wins"
    )
    example = "ruler THHTH"
    syntax = "ruler ROW  (H and T, coin 1 first) | ruler N..."
    coin_note = "a head at n has the largest power of 2 dividing n as value"

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        for start in range(n, 0, -1):
            yield tuple(range(start, n))

    def move_count(self, n: int) -> int:
        return n

    def coin_value(self, n: int) -> int:
        return ruler_value(n)

    def sets_with_xor(self, n: int, v: int) -> Iterator[tuple[int, ...]]:
        """One scan of the runs ending at n: O(n)."""
        x = ruler_value(n)
        for start in range(n, 0, -1):
            if start < n:
                x ^= ruler_value(start)
            if x == v:
                yield tuple(range(start, n))


_TURN_SYNTAX = "turning:K ROW | turning:K N...  (K = most coins one move turns, 1 to 6)"


@dataclass(frozen=True)
class TurnUpTo(CoinGame):
    """Turn a head to tails and at most K-1 other coins to its left (K = 2: Turning
    Turtles; K = 3: Mock Turtles; K = 4: OEIS A033623).

    >>> TurnUpTo(4).grundy_formula((5,))
    15
    """

    k: int
    name = "turning"
    rule = (
        "coins 1, 2, ... in a row: turn one head to tails and at most K-1 other coins to "
        "its left; the last mover wins"
    )
    example = "turning:4 THHTH"
    syntax = _TURN_SYNTAX

    @classmethod
    def from_params(cls, params: str | None) -> TurnUpTo:
        if params is None:
            raise InvalidSpecError("turning needs K, the most coins one move turns", _TURN_SYNTAX)
        k = parse_natural(params, "turning's K", _TURN_SYNTAX)
        if not 1 <= k <= 6:
            raise InvalidSpecError(f"turning's K must be 1 to 6, got {k}", _TURN_SYNTAX)
        return cls(k)

    def params_text(self) -> str:
        return str(self.k)

    def turn_sets(self, n: int) -> Iterator[tuple[int, ...]]:
        for size in range(self.k):
            yield from combinations(range(1, n), size)

    def move_count(self, n: int) -> int:
        return sum(comb(n - 1, j) for j in range(self.k))

    def coin_value(self, n: int) -> int:
        if n > MOST_RECURRENCE:
            raise UnsupportedError(
                f"turning:{self.k} values are computed by a recurrence up to coin "
                f"{MOST_RECURRENCE}; coin {n} is beyond it"
            )
        return turn_up_to_values(self.k, max(64, 1 << (n - 1).bit_length()))[n - 1]

    def formula_name(self) -> str:
        return (
            "coin turning: the value of a row is the XOR of the values of its heads; a head "
            f"at n is worth the least number that is not the XOR of at most {self.k - 1} "
            "values of coins left of n"
        )


_ROWS: dict[str, type[CoinGame]] = {
    "ruler": Ruler,
    "mock-turtles": MockTurtles,
    "turning-turtles": TurningTurtles,
}


def _factor(name: str) -> CoinGame:
    """The coin game ``name`` of a Tartan product (a row game, or ``turning:K``)."""
    if name in _ROWS:
        return _ROWS[name]()
    if name.startswith("turning:"):
        try:
            return TurnUpTo.from_params(name.removeprefix("turning:"))
        except InvalidSpecError as e:
            raise InvalidSpecError(f"tartan: {e.problem}", _TARTAN_SYNTAX) from None
    raise InvalidSpecError(f"tartan: {name!r} is not a coin game", _TARTAN_SYNTAX)


_TARTAN_SYNTAX = (
    "tartan:G*H X,Y...  (G, H: ruler, mock-turtles, turning-turtles or turning:K; X,Y: a head at "
    "column X of G, row Y of H, from 1)"
)


@dataclass(frozen=True)
class Tartan(ImpartialGame[tuple[tuple[int, int], ...]]):
    """The product G x H of two coin-turning games on a grid of coins (x, y).

    A move picks a head (x, y) and turns every coin of A x B, where A is a set G may turn
    with x as its rightmost coin and B one H may turn with y; (x, y) goes to tails. The
    Tartan theorem (Winning Ways ch. 14) gives a head at (x, y) the value
    G(x) nim-times H(y); the tests check it against exhaustive search on small grids.

    >>> Tartan("ruler", "ruler").grundy_formula(((2, 2), (3, 4)))
    7
    """

    g: str
    h: str
    name = "tartan"
    rule = (
        "the product of two coin-turning games G*H on a grid: pick a head (x, y) and turn "
        "every coin of A x B, A a set G turns ending at x, B one H turns ending at y"
    )
    example = "tartan:ruler*ruler 2,2 3,4"
    syntax = _TARTAN_SYNTAX

    @classmethod
    def from_params(cls, params: str | None) -> Tartan:
        parts = (params or "").split("*")
        if len(parts) != 2:
            raise InvalidSpecError(
                f"tartan needs two coin games G*H, got {params!r}", _TARTAN_SYNTAX
            )
        for p in parts:
            _factor(p.strip())
        return cls(parts[0].strip(), parts[1].strip())

    def params_text(self) -> str:
        return f"{self.g}*{self.h}"

    def _games(self) -> tuple[CoinGame, CoinGame]:
        return _factor(self.g), _factor(self.h)

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if not args:
            raise InvalidSpecError("tartan needs the heads, as X,Y", _TARTAN_SYNTAX)
        heads: set[tuple[int, int]] = set()
        for a in args:
            xy = a.split(",")
            if len(xy) != 2:
                raise InvalidSpecError(f"tartan: a head is X,Y, got {a!r}", _TARTAN_SYNTAX)
            x, y = (parse_natural(t, "a coin coordinate", _TARTAN_SYNTAX) for t in xy)
            if not (1 <= x <= MOST_COIN and 1 <= y <= MOST_COIN):
                raise InvalidSpecError(
                    f"tartan: coordinates run from 1 to {MOST_COIN:,}, got {a}", _TARTAN_SYNTAX
                )
            heads ^= {(x, y)}
        return [tuple(sorted(heads))]

    def format_state(self, state: Any) -> str:
        return " ".join(f"{x},{y}" for x, y in state) if state else "1,1 1,1"

    def board(self, state: Any) -> Board | None:
        """The grid, heads as black stones, row 1 at the bottom (up to 30 x 30).

        >>> Tartan("ruler", "ruler").board(((1, 1),))
        Grid(rows=1, cols=1, cells=('black',), last=(), drops=False)
        """
        cols = max((x for x, _ in state), default=1)
        rows = max((y for _, y in state), default=1)
        if cols > 30 or rows > 30:
            return None
        heads = set(state)
        cells = tuple(
            "black" if (x, y) in heads else "empty"
            for y in range(rows, 0, -1)
            for x in range(1, cols + 1)
        )
        return Grid(rows, cols, cells)

    def moves(self, state: tuple[tuple[int, int], ...]) -> Iterator[tuple[tuple[int, int], ...]]:
        g, h = self._games()
        if sum(g.move_count(x) * h.move_count(y) for x, y in state) > MOVE_LIMIT:
            raise UnsupportedError(
                f"{self.spec_name()} {self.format_state(state)} has too many moves to list; "
                "the formula answers it alone, but not inside a search"
            )
        heads = set(state)
        for x, y in state:
            for a in g.turn_sets(x):
                for b in h.turn_sets(y):
                    turned = {(p, q) for p in (*a, x) for q in (*b, y)}
                    yield tuple(sorted(heads.symmetric_difference(turned)))

    def grundy_formula(self, state: tuple[tuple[int, int], ...]) -> int:
        g, h = self._games()
        v = 0
        for x, y in state:
            v ^= nim_product(g.coin_value(x), h.coin_value(y))
        return v

    def options_with_value(
        self, state: tuple[tuple[int, int], ...], value: int
    ) -> Iterator[tuple[tuple[tuple[int, int], ...], ...]]:
        """Options of value ``value``: turning A x B changes the value by
        (XOR of G over A) nim-times (XOR of H over B), so for each G-set A the H-sets are
        those whose XOR is the change nim-divided by A's XOR.

        >>> [o for (o,) in Tartan("ruler", "ruler").options_with_value(((1, 1), (2, 2)), 0)]
        [((1, 2), (2, 1))]
        """
        g, h = self._games()
        change = self.grundy_formula(state) ^ value
        heads = set(state)
        for x, y in state:
            if g.move_count(x) > MOVE_LIMIT:
                raise UnsupportedError(
                    f"{self.spec_name()}: a head at {x},{y} has too many moves to list"
                )
            for a in g.turn_sets(x):
                alpha = g.coin_value(x)
                for p in a:
                    alpha ^= g.coin_value(p)
                if alpha == 0:
                    if change:
                        continue
                    bs: Iterator[tuple[int, ...]] = h.turn_sets(y)
                else:
                    bs = h.sets_with_xor(y, nim_divide(change, alpha))
                for b in bs:
                    turned = {(p, q) for p in (*a, x) for q in (*b, y)}
                    yield (tuple(sorted(heads.symmetric_difference(turned))),)

    def count_options_with_value(self, state: tuple[tuple[int, int], ...], value: int) -> int:
        return sum(1 for _ in self.options_with_value(state, value))

    def formula_name(self) -> str:
        return (
            f"Tartan theorem: a head at (x, y) of {self.g}*{self.h} is worth "
            f"{self.g}(x) nim-times {self.h}(y); a grid is the XOR of its heads"
        )

    def plays(self, state: Any, player: Player | None = None) -> Iterable[Play]:
        """The moves, each with the cells of the board it turns (row 1 at the bottom).

        >>> [p.cells for p in Tartan("ruler", "ruler").plays(((1, 2),))]
        [(0,), (0, 1)]
        """
        cols = max((x for x, _ in state), default=1)
        rows = max((y for _, y in state), default=1)
        for (after,) in self.split_moves(state):
            turned = sorted(set(state).symmetric_difference(after))
            cells = tuple(sorted((rows - y) * cols + x - 1 for x, y in turned))
            yield Play((after,), player, cells, self.describe_move(state, (after,)))

    def click_steps(self, state: Any, cells: Sequence[int]) -> tuple[int, ...]:
        """The cells of a move (``A x B``: the head at ``(x, y)`` and the coins of the two
        factor moves) as a person picks them on the board (the page): the head first, then
        the other coins of its row right to left, then those of its column top down; the
        rest of the rectangle follows from them.

        >>> g = Tartan("mock-turtles", "ruler")
        >>> (s,) = g.parse_args(["3,2"])  # a 2 x 3 board, row 1 at the bottom
        >>> g.click_steps(s, (0, 2, 3, 5))  # coins 1,2 3,2 (the top row) 1,1 3,1
        (2, 0, 5)
        """
        cols = max((x for x, _ in state), default=1)
        top = min(c // cols for c in cells)
        head = max(c for c in cells if c // cols == top)  # the top right coin
        row = sorted((c for c in cells if c // cols == head // cols and c != head), reverse=True)
        col = sorted(c for c in cells if c % cols == head % cols and c != head)
        return (head, *row, *col)

    def describe_move(
        self, state: tuple[tuple[int, int], ...], option: tuple[tuple[tuple[int, int], ...], ...]
    ) -> str:
        (after,) = option
        turned = sorted(set(state).symmetric_difference(after))
        return "turn coins " + " ".join(f"{x},{y}" for x, y in turned)

    def explain(
        self, states: Sequence[tuple[tuple[int, int], ...]], values: Sequence[int]
    ) -> list[str]:
        g, h = self._games()
        lines = [self.formula_name()]
        for state in states:
            parts = [
                f"({x},{y}): {g.coin_value(x)} x {h.coin_value(y)} = "
                f"{nim_product(g.coin_value(x), h.coin_value(y))}"
                for x, y in state[:12]
            ]
            lines.append(
                "  " + ("; ".join(parts) or "no heads") + (" ..." if len(state) > 12 else "")
            )
        return lines
