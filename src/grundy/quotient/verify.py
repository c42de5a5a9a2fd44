"""Exact check that a finite monoid with a P-portion describes a heap game's misère sums.

A *pretension* is a finite commutative monoid ``Q`` (a multiplication table,
identity 0), a subset ``P`` of it and a pretending function ``phi`` from heaps
to ``Q``. It is *valid* when, for every sum ``w`` of heaps, the player to move
loses ``w`` under misère play exactly when ``phi(w)`` lies in ``P``.

Write ``T(w)`` for the set of elements ``phi(w')`` over the options ``w'`` of
``w``. By induction on ``w``, validity is the local condition

    phi(w) in P  <=>  T(w) is non-empty and misses P        (for every w)

and ``T`` obeys ``T(w + h) = T(w)·phi(h) ∪ phi(w)·T(h)``. Two checks decide
the condition for all (infinitely many) sums:

* **P-check** (``phi(w) in P`` implies no option in P): for every element ``y``
  reachable as ``phi(u)`` and every heap ``h``, if ``y·phi(h)`` is in P then no
  ``y·t`` (``t`` in ``T(h)``) is; and the identity is not in P.
* **N-check** (``phi(w)`` not in P implies a move to P, unless ``w`` is over): a
  search over the finitely many pairs ``(phi(w), T(w))``. A pair whose set
  contains the set of another pair with the same element can be skipped, since
  its extensions have more options (Siegel's MisereSolver prunes the same way).

>>> mul = [[0, 1], [1, 0]]          # {1, a} with a² = 1, P = {a}: misère Nim's heaps of size 1
>>> find_failure(mul, [False, True], [0, 1], [frozenset(), frozenset({0})]) is None
True
>>> find_failure(mul, [True, False], [0, 1], [frozenset(), frozenset({0})])
()
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from grundy.errors import SearchLimitError
from grundy.quotient.bounds import Budget, QuotientTimeLimitError

__all__ = ["DEFAULT_MAX_STATES", "find_failure", "reachable"]

#: The N-check gives up (SearchLimitError) after this many pairs.
DEFAULT_MAX_STATES = 2_000_000


def reachable(
    mul: Sequence[Sequence[int]],
    gens: Sequence[tuple[int, int]],
    budget: Budget | None = None,
) -> dict[int, tuple[int, ...]]:
    """Elements reachable from the identity by ``gens`` (``(element, heap)`` pairs), each with
    a shortest word of heaps reaching it."""
    words: dict[int, tuple[int, ...]] = {0: ()}
    frontier = [0]
    while frontier:
        nxt = []
        if budget is not None:
            budget.spend(len(frontier) * len(gens))
        for x in frontier:
            for g, h in gens:
                y = mul[x][g]
                if y not in words:
                    words[y] = (*words[x], h)
                    nxt.append(y)
        frontier = nxt
    return words


def _generators(
    phi: Sequence[int], trans: Sequence[frozenset[int]]
) -> list[tuple[int, frozenset[int], int]]:
    """Distinct ``(phi(h), T(h), h)`` over heaps that have a move (smallest heap kept)."""
    seen: dict[tuple[int, frozenset[int]], int] = {}
    for h, (x, t) in enumerate(zip(phi, trans, strict=True)):
        if t and (x, t) not in seen:
            seen[(x, t)] = h
    return [(x, t, h) for (x, t), h in seen.items()]


def find_failure(
    mul: Sequence[Sequence[int]],
    is_p: Sequence[bool],
    phi: Sequence[int],
    trans: Sequence[frozenset[int]],
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> tuple[int, ...] | None:
    """None when the pretension is valid, else a sum of heaps (sorted) it gets wrong.

    ``trans[h]`` is the set of elements of the options of heap ``h``; heaps without
    options must have ``phi[h] == 0`` (ValueError otherwise). Raises
    :class:`~grundy.errors.SearchLimitError` past ``max_states`` pairs,
    :class:`~grundy.quotient.bounds.QuotientLimitError` past the ``deadline`` or the
    ``budget``: never a guess.
    """
    if len(phi) != len(trans) or any(x and not t for x, t in zip(phi, trans, strict=True)):
        raise ValueError("a heap without options must pretend to be the identity")
    if is_p[0]:
        return ()
    gens = _generators(phi, trans)
    words = reachable(mul, [(g, h) for g, _, h in gens], budget)
    # P-check.
    if budget is not None:
        budget.spend(len(words) * len(gens))
    for y, word in words.items():
        row = mul[y]
        for g, t, h in gens:
            if is_p[row[g]] and any(is_p[row[z]] for z in t):
                return tuple(sorted((*word, h)))
    return _n_check(mul, is_p, gens, max_states, deadline, budget=budget)


def _n_check(
    mul: Sequence[Sequence[int]],
    is_p: Sequence[bool],
    gens: list[tuple[int, frozenset[int], int]],
    max_states: int,
    deadline: float | None,
    *,
    budget: Budget | None,
) -> tuple[int, ...] | None:
    size = len(mul)
    if budget is not None:
        budget.spend(size * sum(1 + len(t) for _, t, _ in gens))
    pmask = sum(1 << x for x in range(size) if is_p[x])
    # image[j][t] = bit of t·g_j; near[j][x] = mask of x·T(h_j).
    image = [[1 << mul[t][g] for t in range(size)] for g, _, _ in gens]
    near = [[_mask(mul[x][z] for z in t) for x in range(size)] for _, t, _ in gens]
    # Minimal masks seen per element (the empty word's empty mask is not one: it is over).
    minimal: dict[int, list[int]] = {}
    states: list[tuple[int, int, int, int]] = [(0, 0, -1, -1)]  # element, mask, parent, heap
    i = 0
    while i < len(states):
        x, mask, _, _ = states[i]
        if len(states) > max_states:
            raise SearchLimitError(max_states)
        if deadline is not None and i % 512 == 0 and time.monotonic() > deadline:
            raise QuotientTimeLimitError("time limit reached in the exact check of a quotient")
        row = mul[x]
        bits = _bits(mask)
        cost = len(gens) * (1 + len(bits))
        for j, (g, _, h) in enumerate(gens):
            y = row[g]
            img = image[j]
            new = near[j][x]
            for b in bits:
                new |= img[b]
            known = minimal.setdefault(y, [])
            cost += len(known)
            if any(m & ~new == 0 for m in known):
                continue
            states.append((y, new, i, h))
            if not is_p[y] and not new & pmask:
                return _word(states, len(states) - 1)
            if is_p[y] and new & pmask:  # pragma: no cover - the P-check catches it first
                return _word(states, len(states) - 1)
            known[:] = [m for m in known if new & ~m]  # drop the supersets of new
            known.append(new)
        if budget is not None:
            budget.spend(cost)
        i += 1
    return None


def _mask(elements: object) -> int:
    out = 0
    for x in elements:  # type: ignore[attr-defined]
        out |= 1 << x
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _word(states: list[tuple[int, int, int, int]], i: int) -> tuple[int, ...]:
    heaps = []
    while i > 0:
        _, _, parent, h = states[i]
        heaps.append(h)
        i = parent
    return tuple(sorted(heaps))
