"""The quotient kernels (colex walks with pruning) against brute force over boxes of words,
and the compiled core against its pure-Python twins.

Monoids are products of at most two cyclic monoids ``C(i, p)`` (``i + p <= 4``), with
random generators, P-portions and option sets; words are brute-forced over the box of
exponent vectors with every exponent at most 6 (the walks prune; the brute force does not).
Each kernel's result is the same from its compiled version (when the core is built) and
from its twin (``.py_func``). The N-check on ``n × k`` columns (the generators and option
elements only, as the builder calls it) gives what it gives on the whole table.
Partition refinement is checked against the definition on maps of at most 12 points.
"""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.kernels.quotient import least_words, mark_colex, n_failure, refine

BOX = 6


def _cyclic_product(shapes: list[tuple[int, int]]) -> list[list[int]]:
    """The table of ``C(i1, p1) × C(i2, p2) × ...`` (elements as mixed-radix numbers)."""
    sizes = [i + p for i, p in shapes]
    elements = list(product(*(range(s) for s in sizes)))
    index = {e: k for k, e in enumerate(elements)}

    def add(a: int, b: int, shape: tuple[int, int]) -> int:
        i, p = shape
        c = a + b
        return c if c < i + p else i + (c - i) % p

    return [
        [index[tuple(add(a, b, s) for a, b, s in zip(x, y, shapes, strict=True))] for y in elements]
        for x in elements
    ]


@st.composite
def monoids(draw: st.DrawFn) -> list[list[int]]:
    count = draw(st.integers(1, 2))
    shapes = [
        draw(st.tuples(st.integers(0, 2), st.integers(1, 2)).filter(lambda s: s[0] + s[1] <= 4))
        for _ in range(count)
    ]
    return _cyclic_product(shapes)


def _box(m: int) -> list[tuple[int, ...]]:
    """Every word with exponents at most BOX, in colex order (the last generator counts most)."""
    return sorted(product(range(BOX + 1), repeat=m), key=lambda w: w[::-1])


def _element(mul: list[list[int]], gens: list[int], word: tuple[int, ...]) -> int:
    x = 0
    for g, e in zip(gens, word, strict=True):
        for _ in range(e):
            x = mul[x][g]
    return x


def _options(
    mul: list[list[int]], gens: list[int], trans: list[frozenset[int]], word: tuple[int, ...]
) -> set[int]:
    """T(w): for each generator j used, (w - e_j) times each element of trans[j]."""
    out = set()
    for j, e in enumerate(word):
        if e:
            less = list(word)
            less[j] -= 1
            y = _element(mul, gens, tuple(less))
            out |= {mul[y][t] for t in trans[j]}
    return out


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_least_words_are_the_first_in_colex_order(data: st.DataObject) -> None:
    mul = data.draw(monoids())
    n = len(mul)
    gens = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    words = least_words(np.array(mul), gens, lambda steps: None)
    first: dict[int, tuple[int, ...]] = {}
    for w in _box(len(gens)):
        first.setdefault(_element(mul, gens, w), w)
    assert {x: w for x, w in enumerate(words) if w is not None} == first


def _failure_case(
    data: st.DataObject,
) -> tuple[list[list[int]], list[int], list[frozenset[int]], list[bool]]:
    """A monoid, 1 to 3 generators with a transition set each, and a P-portion holding 0."""
    mul = data.draw(monoids())
    n = len(mul)
    m = data.draw(st.integers(1, 3))
    gens = [data.draw(st.integers(0, n - 1)) for _ in range(m)]
    subsets = st.frozensets(st.integers(0, n - 1), min_size=1, max_size=n)
    trans = [data.draw(subsets) for _ in range(m)]
    is_p = [False] + [data.draw(st.booleans()) for _ in range(n - 1)]
    return mul, gens, trans, is_p


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_n_failure_is_the_least_failing_word(data: st.DataObject) -> None:
    mul, gens, trans, is_p = _failure_case(data)
    n, m = len(mul), len(gens)
    table = np.array(mul)
    minimal: list[list[frozenset[int]]] = [[] for _ in range(n)]
    found = n_failure(table, is_p, gens, trans, None, lambda steps: None, minimal)
    twin_minimal: list[list[frozenset[int]]] = [[] for _ in range(n)]
    twin = n_failure.py_func(table, is_p, gens, trans, None, lambda steps: None, twin_minimal)
    assert found == twin and list(map(set, minimal)) == list(map(set, twin_minimal))
    if found is not None:  # the same least failure below a bound just above it
        above = (*found[:-1], found[-1] + 1)
        assert n_failure(table, is_p, gens, trans, above, lambda steps: None, None) == found
        assert n_failure(table, is_p, gens, trans, found, lambda steps: None, None) is None

    def fails(w: tuple[int, ...]) -> bool:
        t = _options(mul, gens, trans, w)
        return bool(t) and not is_p[_element(mul, gens, w)] and not any(is_p[z] for z in t)

    box = _box(m)
    if found is None:
        assert not any(fails(w) for w in box)
        return
    assert fails(found)
    key = found[::-1]
    assert not any(fails(w) for w in box if w[::-1] < key)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_mark_colex_marks_each_element_from_its_least_word(data: st.DataObject) -> None:
    mul = data.draw(monoids())
    n = len(mul)
    m = data.draw(st.integers(1, 3))
    gens = [data.draw(st.integers(1, n - 1)) if n > 1 else 0 for _ in range(m)]
    acts = np.array([[row[g] for row in mul] for g in gens])
    # Options of generator j (at least one): products of generators of smaller index, as
    # the options of a heap are sums of smaller heaps.
    options: list[list[list[int]]] = [
        data.draw(st.lists(st.lists(st.integers(0, j - 1), max_size=2), min_size=1, max_size=3))
        if j
        else [[]]
        for j in range(m)
    ]
    trans = [frozenset(_element(mul, gens, _word(o, m)) for o in opts) for opts in options]
    order_np, status_np = mark_colex(acts, options, n, lambda steps: None)
    twin_order, twin_status = mark_colex.py_func(acts, options, n, lambda steps: None)
    assert (order_np == twin_order).all() and (status_np == twin_status).all()
    order, status = order_np.tolist(), status_np.tolist()
    least: dict[int, tuple[int, ...]] = {}
    for w in _box(m):
        least.setdefault(_element(mul, gens, w), w)
    assert order == sorted(least, key=lambda x: least[x][::-1])
    for x in order:
        t = _options(mul, gens, trans, least[x])
        assert status[x] == (bool(t) and not any(status[z] for z in t))


def _word(option: list[int], m: int) -> tuple[int, ...]:
    word = [0] * m
    for j in option:
        word[j] += 1
    return tuple(word)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_n_failure_on_columns_is_n_failure_on_the_table(data: st.DataObject) -> None:
    mul, gens, trans, is_p = _failure_case(data)
    n = len(mul)
    table = np.array(mul, dtype=np.int32)
    need = sorted(set(gens).union(*trans))
    where = {x: i for i, x in enumerate(need)}
    cols = np.ascontiguousarray(table[:, need])
    gen_cols = [where[g] for g in gens]
    trans_cols = [frozenset(where[t] for t in ts) for ts in trans]
    whole = n_failure(table, is_p, gens, trans, None, lambda steps: None, None)
    for kernel in (n_failure, n_failure.py_func):
        minimal: list[list[frozenset[int]]] = [[] for _ in range(n)]
        found = kernel(cols, is_p, gen_cols, trans_cols, None, lambda steps: None, minimal)
        assert found == whole


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_refine_is_the_coarsest_stable_refinement(data: st.DataObject) -> None:
    """Two points share a class exactly when no word of maps tells their start classes
    apart (the pairs told apart, grown to a fixed point); numbered by first appearance;
    compiled and twin agree."""
    size = data.draw(st.integers(0, 12))
    m = data.draw(st.integers(0, 3))
    start = np.array([data.draw(st.integers(0, 3)) for _ in range(size)], dtype=np.int64)
    acts = np.array(
        [[data.draw(st.integers(0, size - 1)) for _ in range(size)] for _ in range(m)],
        dtype=np.int64,
    ).reshape(m, size)
    out = refine(start, acts, lambda steps: None).tolist()
    assert out == refine.py_func(start, acts, lambda steps: None).tolist()

    # Pairs told apart: by their start classes, or by the maps into a pair told apart.
    apart = {(x, y) for x in range(size) for y in range(size) if start[x] != start[y]}
    grown = True
    while grown:
        grown = False
        for x in range(size):
            for y in range(size):
                if (x, y) not in apart and any((int(a[x]), int(a[y])) in apart for a in acts):
                    apart.add((x, y))
                    grown = True
    for x in range(size):
        for y in range(size):
            assert (out[x] == out[y]) == ((x, y) not in apart)
    firsts = [out.index(c) for c in range(len(set(out)))]
    assert firsts == sorted(firsts)
