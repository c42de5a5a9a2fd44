"""The compiled table of canonical games (``grundy/_core/canon_*.c``) against its pure-Python
twin (:mod:`grundy.cgt._pytable`), on every value the tests touch.

Both tables live side by side in one process; each game made in C is carried into the twin's
table by its options (:func:`_to_py`, which interns the C form as it is: a form that is not
canonical gets an id of its own there) and must be the twin's answer, with the same tags
(number, ``x + n.^ + *m``, birthday, stops). Bounds: every game born by day 2 and every
comparison, sum and negative of two of them; every game born by day 3 (options: antichains of
day-2 games) for make; random games made from up to 12 steps of make/add/neg over a growing
pool (hypothesis); dyadic numbers up to the bounds (denominators up to 2^44, size up to
100,000), ``x + n.^ + *m`` up to ``n = 20``, ``m = 20``, and the errors past the bounds.
Skipped where the compiled core is not active; CI runs this file under ASan/UBSan.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import _ctable as C
from grundy.cgt import _pytable as P
from grundy.core.limits import bounded
from grundy.errors import TimeLimitError, UnsupportedError

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not active")

_MAP: dict[int, int] = {0: 0}  # C id -> twin id, for games the C table keeps


def _to_py(cid: int) -> int:
    """The twin's id of the C table's game ``cid`` (interned option by option, as given)."""
    stack = [cid]
    while stack:
        g = stack[-1]
        if g in _MAP:
            stack.pop()
            continue
        missing = [o for o in C.LEFT[g] + C.RIGHT[g] if o not in _MAP]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        _MAP[g] = P.intern(
            tuple(sorted(_MAP[o] for o in C.LEFT[g])), tuple(sorted(_MAP[o] for o in C.RIGHT[g]))
        )
    return _MAP[cid]


def _same(cid: int, pid: int) -> None:
    """``cid`` (C) and ``pid`` (twin) are the same canonical game with the same tags."""
    assert _to_py(cid) == pid
    assert C.NUMBER[cid] == P.NUMBER[pid]
    assert C.NUS[cid] == P.NUS[pid]
    assert C.BIRTHDAY[cid] == P.BIRTHDAY[pid]
    assert (C.LSTOP[cid], C.RSTOP[cid]) == (P.LSTOP[pid], P.RSTOP[pid])
    assert (C.LSTOPF[cid], C.RSTOPF[cid]) == (P.LSTOPF[pid], P.RSTOPF[pid])


def _day(n: int) -> list[tuple[int, int]]:
    """Every game born by day ``n`` (n <= 2) as (C id, twin id), made from all option sets."""
    games = [(0, 0)]
    for _ in range(n):
        made = {}
        subsets = [s for k in range(len(games) + 1) for s in itertools.combinations(games, k)]
        for a in subsets:
            for b in subsets:
                cid = C.make([g[0] for g in a], [g[0] for g in b])
                pid = P.make([g[1] for g in a], [g[1] for g in b])
                _same(cid, pid)
                made[cid] = pid
        games = sorted(made.items())
    return games


def _antichains(games: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = [[]]
    for g in games:
        out += [
            [*a, g] for a in out if all(not P.le(x[1], g[1]) and not P.le(g[1], x[1]) for x in a)
        ]
    return out


def test_every_game_born_by_day_2_and_all_their_sums_comparisons_negatives() -> None:
    games = _day(2)
    assert len(games) == 22
    for (ca, pa), (cb, pb) in itertools.product(games, repeat=2):
        assert C.le(ca, cb) == P.le(pa, pb)
        _same(C.add(ca, cb), P.add(pa, pb))
    for ca, pa in games:
        _same(C.neg(ca), P.neg(pa))


def test_every_game_born_by_day_3() -> None:
    chains = _antichains(_day(2))
    made = set()
    for a in chains:
        for b in chains:
            cid = C.make([g[0] for g in a], [g[0] for g in b])
            _same(cid, P.make([g[1] for g in a], [g[1] for g in b]))
            made.add(cid)
    assert len(made) == 1474  # the games born by day 3 (Winning Ways; CGSuite)


_STEP = st.tuples(
    st.sampled_from(["make", "add", "neg", "le"]),
    st.lists(st.integers(0, 10_000), max_size=4),
    st.lists(st.integers(0, 10_000), max_size=4),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_STEP, min_size=1, max_size=12), st.lists(st.integers(-3, 3), max_size=3))
def test_random_games_made_added_negated_compared(
    steps: list[tuple[str, list[int], list[int]]], numbers: list[int]
) -> None:
    pool = [(0, 0)] + [(C.number_id(Fraction(n, 2)), P.number_id(Fraction(n, 2))) for n in numbers]
    for op, a, b in steps:
        left = [pool[i % len(pool)] for i in a]
        right = [pool[i % len(pool)] for i in b]
        x, y = pool[a[0] % len(pool)] if a else pool[0], pool[b[0] % len(pool)] if b else pool[-1]
        if op == "make":
            made = (
                C.make([g[0] for g in left], [g[0] for g in right]),
                P.make([g[1] for g in left], [g[1] for g in right]),
            )
        elif op == "add":
            made = (C.add(x[0], y[0]), P.add(x[1], y[1]))
        elif op == "neg":
            made = (C.neg(x[0]), P.neg(x[1]))
        else:
            assert C.le(x[0], y[0]) == P.le(x[1], y[1])
            continue
        _same(*made)
        pool.append(made)


_DYADIC = st.builds(lambda n, k: Fraction(n, 2**k), st.integers(-3000, 3000), st.integers(0, 12))


@settings(max_examples=200, deadline=None)
@given(_DYADIC, _DYADIC)
def test_numbers_compare_add_and_negate_alike(x: Fraction, y: Fraction) -> None:
    cx, px = C.number_id(x), P.number_id(x)
    cy, py = C.number_id(y), P.number_id(y)
    _same(cx, px)
    _same(cy, py)
    assert C.NUMBER[cx] == x
    assert C.le(cx, cy) == P.le(px, py) == (x <= y)
    if abs(x + y) <= 10**5:
        _same(C.add(cx, cy), P.add(px, py))
    _same(C.neg(cx), P.neg(px))


@settings(max_examples=150, deadline=None)
@given(
    st.integers(-40, 40).map(lambda n: Fraction(n, 4)),
    st.integers(-20, 20),
    st.integers(0, 20),
    st.integers(-20, 20),
    st.integers(0, 20),
)
def test_nus_made_compared_added_alike(x: Fraction, n: int, m: int, n2: int, m2: int) -> None:
    a = (C.nus_id(x, n, m), P.nus_id(x, n, m))
    b = (C.nus_id(-x, n2, m2), P.nus_id(-x, n2, m2))
    _same(*a)
    _same(*b)
    assert C.NUS[a[0]] == (x, n, m)
    assert C.le(a[0], b[0]) == P.le(a[1], b[1])
    assert C.le(b[0], a[0]) == P.le(b[1], a[1])
    _same(C.add(a[0], b[0]), P.add(a[1], b[1]))
    _same(C.neg(a[0]), P.neg(a[1]))


@pytest.mark.slow
def test_numbers_at_the_bounds() -> None:
    for x in (Fraction(10**5), Fraction(-(10**5)), Fraction(1, 2**44), Fraction(-3, 2**44)):
        _same(C.number_id(x), P.number_id(x))


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda t: t.number_id(Fraction(10**5 + 1)), "the number 100001 is too large"),
        (lambda t: t.number_id(Fraction(1, 2**45)), "denominators up to 2^44"),
        (lambda t: t.nus_id(Fraction(0), 0, 257), "the nimber *257 is too large"),
        (lambda t: t.nus_id(Fraction(0), -257, 0), "257 ups or downs are too many"),
        (
            lambda t: t.add(t.number_id(Fraction(10**5)), t.number_id(Fraction(1, 2))),
            "the number 200001/2 is too large",
        ),
    ],
)
def test_past_the_bounds_both_tables_refuse_alike(make: object, problem: str) -> None:
    messages = []
    for table in (C, P):
        with pytest.raises(UnsupportedError) as err:
            make(table)  # type: ignore[operator]
        messages.append(str(err.value))
    assert messages[0] == messages[1]
    assert problem in messages[0]


def test_not_a_dyadic_and_bad_ids_are_errors_not_crashes() -> None:
    with pytest.raises(ValueError, match="not a dyadic"):
        C.number_id(Fraction(1, 3))
    for bad in (-1, 2**31, 10**30):
        with pytest.raises((IndexError, OverflowError)):
            C.neg(bad)
        with pytest.raises((IndexError, OverflowError)):
            C.make([bad], [])
    with pytest.raises(ValueError, match="sorted"):
        C.intern((1, 0), ())
    with pytest.raises(ValueError, match="canonical"):
        C.intern((), (C.nus_id(Fraction(0), 0, 1),))
    with pytest.raises(TypeError):
        C.make([0.5], [])  # type: ignore[list-item]


def test_integers_through_the_c_interface() -> None:
    core = C._core()
    for n in (0, 1, -1, 7, -300, 10**5):
        _same(core.canon_integer(n), P.number_id(Fraction(n)))
    with pytest.raises(UnsupportedError, match="the number 100001 is too large"):
        core.canon_integer(10**5 + 1)


def test_a_time_limit_stops_the_c_table_mid_make_and_leaves_it_whole() -> None:
    stars = [C.nus_id(Fraction(0), 0, k) for k in range(8)]
    ups = [C.nus_id(Fraction(1, 4), k, k & 1) for k in range(-4, 5)]
    with bounded(time_limit=0), pytest.raises(TimeLimitError):
        C.make(stars + ups, stars[:3])
    made = C.make(stars + ups, stars[:3])
    pstars = [P.nus_id(Fraction(0), 0, k) for k in range(8)]
    pups = [P.nus_id(Fraction(1, 4), k, k & 1) for k in range(-4, 5)]
    _same(made, P.make(pstars + pups, pstars[:3]))
