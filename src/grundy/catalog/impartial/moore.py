"""Moore's Nim_K: a move removes counters from at least one and at most K heaps.

Theorem (Moore 1910): write the heap sizes in binary; the position is a
P-position exactly when, in every binary column, the number of heaps with a 1
there is a multiple of K + 1. For K = 1 this is Nim.

The heaps of one ``moore:K`` component form ONE game (a move may touch several
heaps), so ``moore:2 1 2 3`` is a single component whose state is ``(1, 2, 3)``.

>>> from grundy import solve
>>> solve("moore:2 3 5 6 7").outcome
'P'
>>> r = solve("moore:2 3 5 6 7 1")
>>> r.outcome, r.winning_moves_total
('N', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import Any

from grundy.catalog.impartial._heaps import HeapRow
from grundy.core.cache import register
from grundy.core.game import Answer, MisereAnswer, Play, Player
from grundy.core.params import parse_natural
from grundy.core.text import short_number as _short
from grundy.errors import InvalidSpecError, UnsupportedError

__all__ = [
    "MooreNim",
    "count_moore_p_options",
    "distinct_options",
    "is_moore_misere_p",
    "is_moore_p",
    "moore_columns",
    "moore_misere_p_options",
    "moore_one_winning_move",
    "moore_p_options",
]

_SYNTAX = "moore:K A...  (K = most heaps one move may touch)"

#: Largest (positions below the state) x (moves of the state) for which Grundy values
#: of N-positions are searched (about two seconds).
SEARCH_LIMIT = 3_000_000

#: Most moves :meth:`MooreNim.moves` will list (a search beyond this is hopeless).
MOVE_LIMIT = 1_000_000

#: Most sets of heaps (1 to K of them) visited to count the winning moves.
SUBSET_LIMIT = 20_000

#: Most winning moves a large N-position passes to :func:`~grundy.solve`.
_THEOREM_MOVES = 1000

#: Most moves enumerated to count the distinct positions they reach (moves that leave
#: the same multiset of heaps are one move); beyond it the count is unknown.
DISTINCT_LIMIT = 100_000


def moore_columns(heaps: Sequence[int]) -> list[int]:
    """How many heaps have a 1 in each binary column, least significant column first.

    >>> moore_columns([1, 2, 3])
    [2, 2]
    """
    width = max((h.bit_length() for h in heaps), default=0)
    bits = [bin(h)[2:].zfill(width) for h in heaps]
    return [sum(b[width - 1 - i] == "1" for b in bits) for i in range(width)]


def is_moore_p(k: int, heaps: Sequence[int]) -> bool:
    """True when every binary column count is a multiple of ``k + 1`` (Moore 1910).

    >>> is_moore_p(2, [1, 2, 3, 3]), is_moore_p(1, [1, 2, 3]), is_moore_p(2, [1, 1])
    (True, True, False)
    """
    return all(c % (k + 1) == 0 for c in moore_columns(heaps))


@lru_cache(maxsize=256)
def _transitions(c: int, ones: int, xb: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each tight mask: the (new tight mask, bits set) choices in one column.

    ``ones`` of the c chosen heaps get a 1 in this column; ``xb`` is the mask
    of chosen heaps whose old size has a 1 here. A heap still equal to its old
    prefix (tight) may not take a 1 where the old size has 0, and leaves the
    tight set when it takes 0 where the old size has 1.
    """
    out = []
    for tight in range(1 << c):
        choices = []
        for members in combinations(range(c), ones):
            bits = sum(1 << j for j in members)
            if tight & bits & ~xb:
                continue
            choices.append((tight & ~(xb & ~bits), bits))
        out.append(tuple(choices))
    return tuple(out)


_Plan = tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]


def _plan_iter(k: int, heaps: tuple[int, ...]) -> Iterator[_Plan]:
    """For each set of 1..k heaps that some winning move lowers: its columns and DP table.

    The heaps not chosen keep their bits, and with at most k chosen heaps the
    number of 1s they must supply in a column is forced, ``(-fixed) mod (k+1)``.
    ``table[i][tight]`` counts the ways to fill columns i.. (most significant
    first) so that every chosen heap ends strictly below its old size; ``tight``
    is the mask of chosen heaps whose bits so far equal the old ones.
    """
    width = max((h.bit_length() for h in heaps), default=0)
    bits = [format(h, f"0{width}b") if width else "" for h in heaps]
    colsum = [sum(b[i] == "1" for b in bits) for i in range(width)]
    for chosen in _subsets(len(heaps), k):
        c = len(chosen)
        cols: list[tuple[int, int]] = []
        for i in range(width):
            xb = 0
            for j, h in enumerate(chosen):
                if bits[h][i] == "1":
                    xb |= 1 << j
            need = -(colsum[i] - xb.bit_count()) % (k + 1)
            if need > c:
                break
            cols.append((need, xb))
        else:
            table: list[tuple[int, ...]] = [()] * (width + 1)
            table[width] = (1,) + (0,) * ((1 << c) - 1)  # all must have dropped
            for i in range(width - 1, -1, -1):
                nxt = table[i + 1]
                trans = _transitions(c, *cols[i])
                table[i] = tuple(sum(nxt[t] for t, _ in trans[tight]) for tight in range(1 << c))
            if table[0][(1 << c) - 1]:
                yield chosen, tuple(cols), tuple(table)


@lru_cache(maxsize=8)
def _plans(k: int, heaps: tuple[int, ...]) -> tuple[_Plan, ...]:
    return tuple(_plan_iter(k, heaps))


def _countable(k: int, n: int) -> bool:
    """True when the sets of 1..k of n heaps are few enough to visit them all."""
    return sum(comb(n, j) for j in range(1, min(k, n) + 1)) <= SUBSET_LIMIT


def _product(sizes: Iterable[int]) -> int:
    out = 1
    for n in sizes:
        out *= n
    return out


def _subsets(n: int, k: int) -> Iterator[tuple[int, ...]]:
    for size in range(1, min(k, n) + 1):
        yield from combinations(range(n), size)


def count_moore_p_options(k: int, heaps: Sequence[int]) -> int | None:
    """How many moves lead to a P-position (each move counted once); None if too costly.

    A move is determined by the set of heaps it lowers (1 to k of them) and
    their new sizes; for each set, a digit DP over the binary columns counts
    the new sizes that are each smaller and fix every column. With more than
    :data:`SUBSET_LIMIT` such sets the count is not attempted.

    >>> count_moore_p_options(2, [3, 5, 6, 7, 1])
    4
    """
    if not _countable(k, len(heaps)):
        return None
    return sum(table[0][(1 << len(chosen)) - 1] for chosen, _, table in _plans(k, tuple(heaps)))


def moore_p_options(k: int, heaps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every move to a P-position, lazily: sets of 1 heap first, then 2, ... up to k.

    >>> list(moore_p_options(2, [3, 5, 6, 7, 1]))
    [(2, 5, 6, 7, 1), (3, 4, 6, 7, 1), (3, 5, 6, 6, 1), (3, 5, 6, 7, 0)]
    >>> list(moore_p_options(2, [1, 2, 4, 7]))
    [(1, 2, 3, 3)]
    """
    width = max((h.bit_length() for h in heaps), default=0)
    state = tuple(heaps)
    plans = _plans(k, state) if _countable(k, len(state)) else _plan_iter(k, state)
    for chosen, cols, table in plans:
        c = len(chosen)
        # Walk the DP: an explicit stack of (column, tight mask, new sizes so far).
        stack: list[tuple[int, int, tuple[int, ...]]] = [(0, (1 << c) - 1, (0,) * c)]
        while stack:
            i, tight, ys = stack.pop()
            if i == width:
                out = list(heaps)
                for j, idx in enumerate(chosen):
                    out[idx] = ys[j]
                yield tuple(out)
                continue
            nxt = table[i + 1]
            branches = [
                (i + 1, t, tuple(2 * ys[j] + (bits >> j & 1) for j in range(c)))
                for t, bits in _transitions(c, *cols[i])[tight]
                if nxt[t]
            ]
            stack.extend(reversed(branches))


def distinct_options(options: Iterable[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """The first option of each multiset of heaps: the heaps are interchangeable, so two
    options that differ only in the order of their heaps are one position.

    >>> list(distinct_options([(1, 0, 2), (1, 2, 0), (0, 2, 2)]))
    [(1, 0, 2), (0, 2, 2)]
    """
    seen: set[tuple[int, ...]] = set()
    for o in options:
        key = tuple(sorted(o))
        if key not in seen:
            seen.add(key)
            yield o


def _distinct_count(
    k: int,
    heaps: Sequence[int],
    count: int | None,
    options: Callable[[], Iterable[tuple[int, ...]]],
) -> int | None:
    """How many distinct positions the ``count`` moves of ``options()`` reach, or None."""
    if count is None:
        return None
    if k == 1 and len(set(heaps)) == len(heaps):
        return count  # lowering one of pairwise different heaps: never the same multiset
    if count > DISTINCT_LIMIT:
        return None
    return sum(1 for _ in distinct_options(options()))


def moore_one_winning_move(k: int, heaps: Sequence[int]) -> tuple[int, ...] | None:
    """One move to a P-position by the constructive proof of Moore's theorem, or None if P.

    Columns from the top; S is the set of heaps already lowered (free below).
    With r the count of 1s outside S modulo k+1: if S can supply the missing
    k+1-r ones, it does; otherwise r heaps with a 1 here join S by dropping
    it (possible, as then |S| + r ≤ k). Linear in the number of bits.

    >>> moore_one_winning_move(2, [3, 5, 6, 7, 1])
    (2, 5, 6, 7, 1)
    """
    width = max((h.bit_length() for h in heaps), default=0)
    new = list(heaps)
    lowered: list[int] = []
    for col in range(width - 1, -1, -1):
        ones = [i for i, h in enumerate(heaps) if i not in lowered and h >> col & 1]
        r = len(ones) % (k + 1)
        x = (k + 1 - r) % (k + 1)
        if x <= len(lowered):
            for n, i in enumerate(lowered):
                new[i] = new[i] & ~(1 << col) | ((1 if n < x else 0) << col)
        else:
            for i in lowered:
                new[i] &= ~(1 << col)
            for i in ones[:r]:
                new[i] &= ~(1 << col)
                lowered.append(i)
    return tuple(new) if lowered else None


def is_moore_misere_p(k: int, heaps: Sequence[int]) -> bool:
    """Misère Nim_K: as in normal play while some heap has 2 or more counters;
    when every heap is 0 or 1, P exactly when the number of 1s is 1 mod K+1.

    >>> is_moore_misere_p(2, [1]), is_moore_misere_p(2, [1, 1, 1, 1]), is_moore_misere_p(2, [0])
    (True, True, False)
    """
    if any(h > 1 for h in heaps):
        return is_moore_p(k, heaps)
    return sum(heaps) % (k + 1) == 1


def _small_options(k: int, heaps: Sequence[int], residue: int) -> Iterator[tuple[int, ...]]:
    """Moves to positions with every heap 0 or 1 and ``residue`` ones modulo k+1."""
    big = [i for i, h in enumerate(heaps) if h > 1]
    ones = [i for i, h in enumerate(heaps) if h == 1]
    if len(big) > k:
        return
    for s in range(k - len(big) + 1):
        if s == 0 and not big:
            continue
        for emptied in combinations(ones, s):
            for bits in product((0, 1), repeat=len(big)):
                if (len(ones) - s + sum(bits)) % (k + 1) != residue:
                    continue
                out = list(heaps)
                for i in emptied:
                    out[i] = 0
                for i, b in zip(big, bits, strict=True):
                    out[i] = b
                yield tuple(out)


def _count_small_options(k: int, heaps: Sequence[int], residue: int) -> int:
    nbig = sum(1 for h in heaps if h > 1)
    nones = sum(1 for h in heaps if h == 1)
    if nbig > k:
        return 0
    total = 0
    for s in range(k - nbig + 1):
        if s == 0 and not nbig:
            continue
        for j in range(nbig + 1):
            if (nones - s + j) % (k + 1) == residue:
                total += comb(nones, s) * comb(nbig, j)
    return total


def moore_misere_p_options(k: int, heaps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every move to a misère P-position, lazily.

    >>> list(moore_misere_p_options(2, [1, 1, 1]))
    [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    """
    for o in moore_p_options(k, heaps):
        if any(h > 1 for h in o):
            yield o
    yield from _small_options(k, heaps, 1)


def _count_moore_misere_p_options(k: int, heaps: Sequence[int]) -> int | None:
    normal = count_moore_p_options(k, heaps)
    if normal is None:
        return None
    return normal - _count_small_options(k, heaps, 0) + _count_small_options(k, heaps, 1)


def _size(state: Sequence[int]) -> int:
    size = 1
    for h in state:
        size *= h + 1
    return size


def _search_cost(k: int, state: Sequence[int]) -> int:
    return _size(state) * _move_count(k, state)


def _move_count(k: int, state: Sequence[int]) -> int:
    """The number of moves: products of heap sizes over sets of 1..k heaps."""
    k = min(k, len(state))  # no move touches more heaps than there are (k may be huge)
    e = [1] + [0] * k  # elementary symmetric sums of the heaps seen so far
    for h in state:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * h
    return sum(e[1:])


def _short_state(state: Sequence[int]) -> str:
    text = " ".join(_short(h) for h in state)
    return text if len(text) <= 300 else text[:300] + " ..."


@dataclass(frozen=True)
class MooreNim(HeapRow[tuple[int, ...]]):
    """Moore's Nim_K on the heaps of one component.

    A move chooses between 1 and ``k`` heaps and removes at least one counter
    from each chosen heap (any number, up to the whole heap); the player who
    cannot move (all heaps empty) loses.

    Outcomes and winning moves are by Moore's theorem for any sizes; Grundy
    values of N-positions have no known closed form in general and are
    searched for small positions only.

    >>> sorted(MooreNim(2).moves((1, 1)))
    [(0, 0), (0, 1), (1, 0)]
    """

    k: int
    name = "moore"
    rule = (
        "Moore's Nim_K: remove at least one counter from each of 1 to K heaps; the last mover wins"
    )
    example = "moore:2 3 5 6 7 1"

    @classmethod
    def from_params(cls, params: str | None) -> MooreNim:
        return _factory(params)

    syntax = _SYNTAX

    def __post_init__(self) -> None:
        if self.k < 1:
            raise InvalidSpecError("moore needs K >= 1", _SYNTAX)

    def params_text(self) -> str:
        return str(self.k)

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """The moves as values naming the heaps they lower (the heaps of :meth:`board`).

        >>> [(p.after, p.cells) for p in MooreNim(2).plays((1, 1))]
        [(((0, 1),), (0,)), (((1, 0),), (1,)), (((0, 0),), (0, 1))]
        """
        lowered = (
            chosen
            for chosen in _subsets(len(state), self.k)
            if all(state[i] for i in chosen)
            for _ in range(_product(state[i] for i in chosen))
        )
        for option, cells in zip(self.split_moves(state), lowered, strict=True):
            yield Play(option, player, cells, self.describe_move(state, option))

    def moves(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if _move_count(self.k, state) > MOVE_LIMIT:
            raise UnsupportedError(
                f"{self.spec_name()} {_short_state(state)} has too many moves to list; "
                "the formula answers it alone (normal play), but not inside a search"
            )
        return self._moves(state)

    def _moves(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        n = len(state)
        for chosen in _subsets(n, self.k):
            if any(state[i] == 0 for i in chosen):
                continue
            for new in product(*(range(state[i]) for i in chosen)):
                out = list(state)
                for i, v in zip(chosen, new, strict=True):
                    out[i] = v
                yield tuple(out)

    def grundy_formula(self, state: tuple[int, ...]) -> int | None:
        if is_moore_p(self.k, state):
            return 0
        if _search_cost(self.k, state) > SEARCH_LIMIT:
            raise UnsupportedError(
                f"{self.spec_name()} {_short_state(state)} is an N-position, but Grundy "
                "values of Moore's Nim N-positions have no known closed form and this "
                "position is too large to search (solve it alone for its winning moves)"
            )
        return None

    def formula_name(self) -> str:
        return f"Moore 1910: P iff every binary column count is a multiple of K+1 = {self.k + 1}"

    def outcome_theorem(self, state: tuple[int, ...], misere: bool) -> Answer | None:
        """A large N-position alone: the outcome and its winning moves, by the theorem.

        Its Grundy value has no closed form and is beyond search, so the result
        has ``grundy = None``. At most ``_THEOREM_MOVES`` moves are passed on;
        with too many sets of heaps to enumerate, one constructive move is
        described in the explanation instead.
        """
        if misere or _search_cost(self.k, state) <= SEARCH_LIMIT or is_moore_p(self.k, state):
            return None
        lines = self.explain([state], [1])
        counted = count_moore_p_options(self.k, state)
        if counted is None:
            move = moore_one_winning_move(self.k, state)
            assert move is not None
            lines.append(
                "Too many sets of heaps to list every winning move; one, by the constructive "
                f"proof of Moore's theorem: {self.describe_move(state, (move,))} -> "
                f"{self.spec_name()} {_short_state(move)}"
            )
            return Answer.theorem("N", self.formula_name(), tuple(lines))
        total = _distinct_count(self.k, state, counted, lambda: moore_p_options(self.k, state))
        moves = []
        for i, after in enumerate(distinct_options(moore_p_options(self.k, state))):
            if i == _THEOREM_MOVES:
                break
            moves.append((after,))
        return Answer.theorem(
            "N",
            self.formula_name() + "; the Grundy value of this N-position is not known "
            "(no closed form, too large to search)",
            tuple(lines),
            winning=tuple(moves),
            winning_total=total,
        )

    def options_with_value(
        self, state: tuple[int, ...], value: int
    ) -> Iterator[tuple[tuple[int, ...], ...]] | None:
        if value != 0:
            return None
        return ((o,) for o in distinct_options(moore_p_options(self.k, state)))

    def count_options_with_value(self, state: tuple[int, ...], value: int) -> int | None:
        """How many distinct positions of value 0 one move reaches (None: not counted)."""
        if value != 0:
            return None
        return _distinct_count(
            self.k,
            state,
            count_moore_p_options(self.k, state),
            lambda: moore_p_options(self.k, state),
        )

    def misere_solve(self, states: Sequence[tuple[int, ...]], max_moves: int) -> Answer | None:
        """Misère play of one Nim_K component (a sum of several is left to search).

        Rule: as in normal play while some heap has 2 or more counters; with
        every heap 0 or 1 the player to move loses iff the number of 1s is
        1 mod K+1 (the analogue of Bouton's misère theorem; checked by brute
        force for K ≤ 3 on all positions of 3 heaps below 8 and 4 heaps below 5).
        """
        if len(states) != 1 or not _countable(self.k, len(states[0])):
            return None
        (state,) = states
        m = self.k + 1
        lines = [
            f"Misère Nim_K (the last mover loses): while some heap has 2 or more, the "
            f"P-positions are those of normal play; with every heap 0 or 1 the player to "
            f"move loses iff the number of 1s is 1 mod K+1 = {m}."
        ]
        method = "misère Nim_K: Moore's rule unless all heaps are 0 or 1, then #1s ≡ 1 mod K+1"
        if is_moore_misere_p(self.k, state):
            lines.append("This is such a P-position: every move loses.")
            return MisereAnswer("P", method, tuple(lines), (), 0)
        lines.append("This is not a P-position; each winning move reaches one.")
        winning: list[tuple[int, tuple[Any, ...]]] = []
        for o in distinct_options(moore_misere_p_options(self.k, state)):
            if len(winning) == max_moves:
                break
            winning.append((0, (o,)))
        total = _distinct_count(
            self.k,
            state,
            _count_moore_misere_p_options(self.k, state),
            lambda: moore_misere_p_options(self.k, state),
        )
        return MisereAnswer("N", method, tuple(lines), tuple(winning), total)

    def describe_move(self, state: tuple[int, ...], option: tuple[tuple[int, ...], ...]) -> str:
        (after,) = option
        parts = [
            f"take {_short(x - y)} from heap {i + 1} ({_short(x)} -> {_short(y)})"
            for i, (x, y) in enumerate(zip(state, after, strict=True))
            if x != y
        ]
        return ", ".join(parts)

    def explain(self, states: Sequence[tuple[int, ...]], values: Sequence[int]) -> list[str]:
        m = self.k + 1
        lines = [
            f"Moore's theorem: a position is a P-position iff in every binary column the "
            f"number of heaps with a 1 is a multiple of K+1 = {m}."
        ]
        for heaps in states:
            width = max((h.bit_length() for h in heaps), default=0)
            cols = moore_columns(heaps)
            if width <= 64 and len(heaps) <= 12:
                pad = max(len(str(h)) for h in heaps)
                for h in heaps:
                    lines.append(f"  {h:>{pad}}  {bin(h)[2:].zfill(width) if width else '0'}")
                counts = "".join(str(c % 10) if c < 10 else "*" for c in reversed(cols))
                lines.append(f"  {'#':>{pad}}  {counts or '0'}  (ones per column)")
            bad = [i for i, c in enumerate(cols) if c % m]
            if not bad:
                lines.append(f"Every column count is a multiple of {m}: a P-position.")
            else:
                lines.append(
                    f"{len(bad)} column(s) are not multiples of {m} (the highest is column "
                    f"{bad[-1]}, counting from 0 at the units): an N-position; a winning move "
                    "fixes every column using at most K heaps."
                )
        return lines


def _factory(params: str | None) -> MooreNim:
    if params is None:
        raise InvalidSpecError("moore needs K, the most heaps one move may touch", _SYNTAX)
    digits = params.strip().lstrip("0")
    if len(digits) > len(str(_MOST_K)) and digits.isascii() and digits.isdigit():  # before int()
        raise InvalidSpecError(
            f"moore's K must be at most {_MOST_K:,}, got a number of {len(digits):,} digits",
            _SYNTAX,
        )
    k = parse_natural(params, "moore's K", _SYNTAX)
    if k > _MOST_K:
        raise InvalidSpecError(f"moore's K must be at most {_MOST_K:,}, got {k:,}", _SYNTAX)
    return MooreNim(k)


#: The largest K of ``moore:K`` (an index-sized integer; a K beyond the number of heaps
#: plays as the number of heaps).
_MOST_K = 10**18


register(_transitions)
register(_plans)
