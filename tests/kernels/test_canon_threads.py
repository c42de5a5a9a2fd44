"""Threads on the table of canonical games: every answer checked against the pure-Python
table (:mod:`grundy.cgt._pytable`), and the guard that C keeps (``grundy/_core/canon_guard.c``).

The web server and Dask workers call grundy from several threads. Here eight threads at once
sum, compare, negate and make games (every game born by day 2, every pair of them, and sums of
three), through the compiled table itself (no Python lock between them: only C's guard) and
through :class:`~grundy.cgt.CanonicalGame` (printing each answer), while another thread asks
for resets: raw ones, which C must refuse while the workers hold the table, and
``grundy.clear_cache()``, which waits its turn and renumbers the live values. The C table's
time check is replaced by one that hands the GIL to another thread at every call (and the
switch interval is made tiny), so computations interleave inside C as often as they can.
Nothing here reads a clock: what interleaves where varies from run to run, the answers may not.

These tests fail when the guard is broken (both tried): with C's refusal of a reset under
another thread's hold taken out, a raw reset goes through while the eight workers hold the
table (the first and last tests fail; a reset between two of a worker's calls leaves it ids
that name other games or none); with the refusal under a computation in flight taken out,
the make parked in its time check loses its table (``IndexError``). A use of memory that
another thread freed (a pointer into the table kept across the time check) shows under
AddressSanitizer, which CI runs this file under.
"""

from __future__ import annotations

import itertools
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import grundy
from grundy.cgt import CanonicalGame
from grundy.cgt import _ctable as C
from grundy.cgt import _pytable as P
from grundy.cgt import _table as T
from grundy.core.limits import check_time
from grundy.errors import UnsupportedError

_THREADS = 8

Form = tuple[tuple[Any, ...], tuple[Any, ...]]

compiled = pytest.mark.skipif(not C.available(), reason="the compiled core is not active")


def _form(left: Any, right: Any, gid: int, memo: dict[int, Form]) -> Form:
    """The game ``gid`` of a table as nested sorted tuples of its options' forms (equal
    canonical games have equal forms, whatever their ids)."""
    found = memo.get(gid)
    if found is None:
        found = (
            tuple(sorted(_form(left, right, o, memo) for o in left[gid])),
            tuple(sorted(_form(left, right, o, memo) for o in right[gid])),
        )
        memo[gid] = found
    return found


def _text(form: Form) -> str:
    """``{L | R}`` notation of a form (for CanonicalGame)."""
    return "{" + ",".join(map(_text, form[0])) + "|" + ",".join(map(_text, form[1])) + "}"


def _day2(make: Callable[[list[int], list[int]], int]) -> list[int]:
    """Every game born by day 2 in one table, in an order that depends only on the options
    asked for (so both tables give the games in the same order)."""
    day1 = [make([], []), make([make([], [])], []), make([], [make([], [])])]
    day1.append(make([day1[0]], [day1[0]]))  # 0, 1, -1, *
    found: list[int] = []
    subsets = [list(s) for k in range(len(day1) + 1) for s in itertools.combinations(day1, k)]
    for lefts in subsets:
        for rights in subsets:
            gid = make(lefts, rights)
            if gid not in found:
                found.append(gid)
    return found


class _Reference:
    """The twin's answers for every pair of day-2 games: forms of sums, negatives and
    ``{a | b}``, comparisons, and sums of three (a + b + c with c the (i + j)-th game)."""

    def __init__(self) -> None:
        self.ids = _day2(P.make)
        memo: dict[int, Form] = {}
        ids = self.ids
        n = len(ids)

        def form(gid: int) -> Form:
            return _form(P.LEFT, P.RIGHT, gid, memo)

        self.forms = [form(g) for g in ids]
        self.pairs = [(i, j) for i in range(n) for j in range(n)]
        self.answers = {
            (i, j): (
                form(P.add(ids[i], ids[j])),
                P.le(ids[i], ids[j]),
                form(P.neg(ids[i])),
                form(P.make([ids[i]], [ids[j]])),
                form(P.add(P.add(ids[i], ids[j]), ids[(i + j) % n])),
            )
            for i, j in self.pairs
        }


_REF: list[_Reference] = []


def _reference() -> _Reference:
    if not _REF:
        _REF.append(_Reference())
    return _REF[0]


def _handing_over() -> None:
    """The C table's time check in these tests: another thread runs now (no clock read)."""
    time.sleep(0)


@pytest.fixture
def interleaved() -> Iterator[Any]:
    """The compiled core, its time check handing the GIL over at every call; the old check
    and switch interval are back after."""
    core = C._core()
    interval = sys.getswitchinterval()
    core.canon_configure(_handing_over, UnsupportedError, C._fraction)
    sys.setswitchinterval(1e-6)
    try:
        yield core
    finally:
        sys.setswitchinterval(interval)
        core.canon_configure(check_time, UnsupportedError, C._fraction)


@compiled
def test_eight_threads_on_the_c_table_agree_with_the_twin_and_resets_are_refused(
    interleaved: Any,
) -> None:
    ref = _reference()
    ids = _day2(C.make)
    memo: dict[int, Form] = {}
    assert [_form(C.LEFT, C.RIGHT, g, memo) for g in ids] == ref.forms
    n = len(ids)
    assert n == 22  # the games born by day 2
    start = threading.Barrier(_THREADS + 1)
    finish = threading.Barrier(_THREADS + 1)
    done = [0]
    done_lock = threading.Lock()

    def work(k: int) -> dict[tuple[int, int], tuple[Any, ...]]:
        got: dict[tuple[int, int], tuple[Any, ...]] = {}
        forms: dict[int, Form] = {}

        def form(gid: int) -> Form:
            return _form(C.LEFT, C.RIGHT, gid, forms)

        C.hold()  # as _table.shared() does; the Python lock is not taken
        try:
            start.wait()
            for i, j in ref.pairs[k::_THREADS]:
                a, b = ids[i], ids[j]
                total = C.add(a, b)
                got[i, j] = (
                    form(total),
                    C.le(a, b),
                    form(C.neg(a)),
                    form(C.make([a], [b])),
                    form(C.add(total, ids[(i + j) % n])),
                )
            with done_lock:
                done[0] += 1
            finish.wait()
        except BaseException:  # a wrong id or answer: the others stop waiting too
            start.abort()
            finish.abort()
            raise
        finally:
            C.release()
        return got

    def reset_attempts() -> tuple[int, list[str]]:
        refused: list[str] = []
        tries = 0
        start.wait()
        while not finish.broken:
            with done_lock:
                last = done[0] == _THREADS
            tries += 1
            try:
                interleaved.canon_reset()
            except RuntimeError as e:
                refused.append(str(e))
            try:
                interleaved.canon_compact(b"")
            except RuntimeError as e:
                refused.append(str(e))
            if last:
                break
            time.sleep(0)
        finish.wait()
        return tries, refused

    with ThreadPoolExecutor(_THREADS + 1) as pool:
        resets = pool.submit(reset_attempts)
        futures = [pool.submit(work, k) for k in range(_THREADS)]
        results = [f.result() for f in futures]
        tries, refused = resets.result()
    assert not finish.broken
    got = {key: value for part in results for key, value in part.items()}
    assert got.keys() == ref.answers.keys()
    for key, answer in ref.answers.items():
        assert got[key] == answer, key
    assert len(refused) == 2 * tries >= 2
    assert all("held by another thread" in e or "in use by a computation" in e for e in refused)
    assert interleaved.canon_guard() == {"busy": 0, "held": 0, "held_here": 0, "locked": 0}


def test_eight_threads_print_sums_and_comparisons_while_the_cache_is_cleared() -> None:
    """Through the public values (either table): ``grundy.clear_cache()`` in a ninth thread
    waits for the computations under way and renumbers the values the workers hold."""
    ref = _reference()
    games = [CanonicalGame(_text(f)) for f in ref.forms]
    n = len(games)
    start = threading.Barrier(_THREADS + 1)

    def work(k: int) -> dict[tuple[int, int], tuple[str, bool, str, str]]:
        got: dict[tuple[int, int], tuple[str, bool, str, str]] = {}
        start.wait()
        for i, j in ref.pairs[k::_THREADS]:
            a, b = games[i], games[j]
            total = a + b
            got[i, j] = (str(total), a <= b, str(-a), str(total + games[(i + j) % n]))
        return got

    def clearing() -> int:
        start.wait()
        for _ in range(3):
            grundy.clear_cache()
            time.sleep(0)
        return 3

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(_THREADS + 1) as pool:
            cleared = pool.submit(clearing)
            results = [f.result() for f in [pool.submit(work, k) for k in range(_THREADS)]]
            assert cleared.result() == 3
    finally:
        sys.setswitchinterval(interval)
    got = {key: value for part in results for key, value in part.items()}
    assert got.keys() == ref.answers.keys()
    with T.shared():
        memo: dict[int, Form] = {}

        def form(text: str) -> Form:
            g = CanonicalGame(text)
            assert g._x == 0  # games this small are in the table whole
            return _form(T.LEFT, T.RIGHT, g._gid, memo)

        for (i, j), (total, le, neg, three) in got.items():
            want_total, want_le, want_neg, _, want_three = ref.answers[i, j]
            assert (form(total), le, form(neg), form(three)) == (
                want_total,
                want_le,
                want_neg,
                want_three,
            ), (i, j)


@compiled
def test_a_reset_or_compaction_under_a_computation_in_flight_is_refused_in_c(
    interleaved: Any,
) -> None:
    """A make parked in its time check: C refuses a reset, a compaction and a new time check
    from this thread and from another one, and lets the other thread compute meanwhile."""
    ref = _reference()
    ids = _day2(C.make)
    seen: list[object] = []
    other_done = threading.Event()

    def other() -> None:
        for attempt in (
            interleaved.canon_reset,
            lambda: interleaved.canon_compact(b""),
            lambda: interleaved.canon_configure(None, UnsupportedError, C._fraction),
        ):
            try:
                attempt()
            except RuntimeError as e:
                seen.append(str(e))
        seen.append(interleaved.canon_guard())
        seen.append(_form(C.LEFT, C.RIGHT, C.add(ids[3], ids[5]), {}))
        other_done.set()

    first = [True]

    def parked() -> None:  # the time check: on its first call only
        if not first[0]:
            return
        first[0] = False
        try:
            interleaved.canon_reset()
        except RuntimeError as e:
            seen.append(str(e))
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()

    interleaved.canon_configure(parked, UnsupportedError, C._fraction)
    made = C.make([ids[7], ids[9]], [ids[11]])
    assert other_done.is_set()
    assert seen[:4] == ["the table of canonical games is in use by a computation: no reset now"] + [
        f"the table of canonical games is in use by a computation: no {what} now"
        for what in ("reset", "compaction", "new configuration")
    ]
    assert seen[4] == {"busy": 1, "held": 0, "held_here": 0, "locked": 0}
    assert seen[5] == ref.answers[3, 5][0]
    p = ref.ids
    assert _form(C.LEFT, C.RIGHT, made, {}) == _form(
        P.LEFT, P.RIGHT, P.make([p[7], p[9]], [p[11]]), {}
    )


@compiled
def test_a_hold_in_another_thread_refuses_a_reset_in_c() -> None:
    """``_table.shared()`` tells C of its holds: a raw reset asked by another thread while
    one is held is refused (the caller's own holds do not count)."""
    core = C._core()
    holding = threading.Event()
    go_on = threading.Event()

    def holder() -> None:
        with T.shared():
            holding.set()
            go_on.wait()

    thread = threading.Thread(target=holder)
    thread.start()
    holding.wait()
    try:
        assert core.canon_guard()["held"] == 1
        with pytest.raises(RuntimeError, match="held by another thread: no reset now"):
            core.canon_reset()
        with pytest.raises(RuntimeError, match="held by another thread: no compaction now"):
            core.canon_compact(b"")
    finally:
        go_on.set()
        thread.join()
    assert core.canon_guard() == {"busy": 0, "held": 0, "held_here": 0, "locked": 0}
    with pytest.raises(RuntimeError, match="holds no table"):
        core.canon_release()
