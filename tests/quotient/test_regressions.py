"""Regressions: each concrete bug of the quotient builder, with the code and heap that showed it.

1. Octal codes 0.336, 0.774 and 0.775 at heap 10, and 0.354 at heap 5, hung the builder
   (the random-code test ran over 90 minutes): candidates grew without any bound on work
   inside one heap, and a deadline was only looked at between heaps (0.774 heap 10 with a
   3-second deadline ran 86 s).
2. After a bound was passed inside a heap, the builder kept that heap's options but not its
   element, so asking again crashed (IndexError); two threads extending one builder (the web
   server answers in threads) shifted the pretending function: wrong elements, so wrong
   answers (Kayles heaps 32 and up, extended from 30 to 70 by three threads).
3. Candidates only had period-2 cyclic parts; in 0.354 the outcomes of ``w + k·5`` have
   period 6 in ``k``, so no such candidate could ever be right.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest

import grundy
from grundy.core.limits import bounded
from grundy.errors import TimeLimitError
from grundy.quotient import (
    QuotientBuilder,
    QuotientLimitError,
    clear_cache,
    deadline_after,
    misere_quotient,
)
from grundy.quotient import api as quotient_api
from grundy.quotient.bounds import QuotientTimeLimitError
from grundy.quotient.monoid import candidate, check_monoid, cyclic_shape
from grundy.quotient.verify import find_failure
from tests.quotient.helpers import RulesGame, winning_moves, wrong_sums
from tests.quotient.reference import MisereOracle, octal_rules

HARD = [("0.774", 10), ("0.775", 10), ("0.336", 10), ("0.354", 5)]


def _consistent(b: QuotientBuilder) -> bool:
    return len(b.phi) == len(b.options) == len(b.trans) == b.done + 1 and (
        find_failure(b.mul, b.is_p, b.phi, b.trans) is None
    )


@pytest.mark.parametrize(("code", "heap"), HARD, ids=[c for c, _ in HARD])
def test_hard_heap_stops_at_the_work_bound_and_keeps_the_heaps_before(code: str, heap: int) -> None:
    b = QuotientBuilder(RulesGame(octal_rules(code), code))
    b.extend(heap - 1)
    with pytest.raises(QuotientLimitError, match=f"heap {heap} within the work bound"):
        b.extend(12, max_work=1_000_000)
    assert b.done == heap - 1 and _consistent(b)
    # The same bounds again: refused at once, before any work (a limit of 0 s, checked
    # by the first step of any work, is never reached).
    with bounded(time_limit=0), pytest.raises(QuotientLimitError):
        b.extend(12, max_work=1_000_000)
    assert b.done == heap - 1 and _consistent(b)


def test_deadline_is_honoured_inside_a_heap(step_clock: Callable[[float], object]) -> None:
    """0.774, heap 10, deadline 0.5 s (the old builder ran 86 s past a 3 s deadline); every
    reading of the clock is 0.01 s after the one before, so the deadline passes after 50
    checks (the heap needs far more)."""
    b = QuotientBuilder(RulesGame(octal_rules("0.774"), "0.774"))
    b.extend(9)
    step_clock(0.01)
    with pytest.raises(QuotientTimeLimitError):
        b.extend(10, deadline=deadline_after(0.5))
    with pytest.raises(TimeLimitError), bounded(time_limit=0.2):  # grundy's --time-limit
        b.extend(10)
    assert b.failed is None and b.done == 9 and _consistent(b)  # time is not remembered


def test_solve_falls_back_to_search_on_a_hard_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve --misere`` on octal:0.774 10 3: the quotient is not found, the whole-sum
    search answers (and says so), exactly as brute force."""
    monkeypatch.setattr(quotient_api, "AUTO_WORK", 500_000)
    clear_cache()
    rules = octal_rules("0.774")
    oracle = MisereOracle(rules)
    for heaps in ([10, 3], [10, 4, 1]):
        result = grundy.solve("octal:0.774 " + " ".join(map(str, heaps)), misere=True)
        assert "search" in result.method and "quotient" not in result.method
        assert result.outcome == oracle.outcome(heaps)
        reached = {
            tuple(sorted(s for s in (c.state for c in p.components) if s))
            for p in result.winning_moves
        }
        expected = {
            tuple(sorted(h for h in [*heaps[:i], *heaps[i + 1 :], *option] if h))
            for i, option in winning_moves(rules, oracle, heaps)
        }
        assert reached == expected
    clear_cache()


def test_threads_sharing_a_builder_agree_with_one_thread() -> None:
    """Kayles extended from heap 30 to 70 by three threads at once."""
    game = RulesGame(octal_rules("0.77"), "kayles-rules")
    shared = QuotientBuilder(game)
    shared.extend(30)
    alone = QuotientBuilder(game)
    alone.extend(70)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            shared.extend(70)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert (shared.phi, shared.mul, shared.is_p) == (alone.phi, alone.mul, alone.is_p)
    assert _consistent(shared)


def test_threads_asking_for_quotients_get_exact_ones() -> None:
    clear_cache()
    game = RulesGame(octal_rules("0.77"), "kayles-rules")
    reach = [12, 40, 25, 60]
    got: dict[int, int] = {}

    def run(n: int) -> None:
        got[n] = misere_quotient(game, n).order

    threads = [threading.Thread(target=run, args=(n,)) for n in reach]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    clear_cache()
    assert got == {n: misere_quotient(RulesGame(octal_rules("0.77")), n).order for n in reach}


def test_copies_of_heap_5_of_0_354_have_period_6() -> None:
    """Why period-2 candidates could never succeed there, and the cyclic parts that can."""
    oracle = MisereOracle(octal_rules("0.354"))
    row = "".join(oracle.outcome([5] * k) for k in range(18))
    assert row == "NPNPNN" * 3
    # C(2, 6) = <g | g^8 = g^2> as a freed heap of a candidate, reduced to misère Nim's T1
    # (heap 1 alone), and the shapes of elements read back.
    options: list[list[tuple[int, ...]]] = [[], [()]]
    cand = candidate(np.zeros((1, 1), dtype=np.int64), [0, 0], options, {1: (2, 6)}, max_order=100)
    assert cand.order == 2 and cand.phi == [0, 1]
    c8 = [[min(a + b, 2 + (a + b - 2) % 6) for b in range(8)] for a in range(8)]
    assert cyclic_shape(c8, 1) == (2, 6)
    z6 = [[(a + b) % 6 for b in range(6)] for a in range(6)]
    assert cyclic_shape(z6, 1) == (0, 6) and cyclic_shape(z6, 2) == (0, 3)


def test_a_longer_computation_cut_back_is_exact() -> None:
    """misère_quotient(game, 12) after heaps 0..30 were computed: the submonoid of heaps
    0..12, reduced (once recomputed from options without a check)."""
    clear_cache()
    rules = octal_rules("0.77")
    game = RulesGame(rules, "kayles-rules")
    far = misere_quotient(game, 30)
    near = misere_quotient(game, 12)
    fresh = misere_quotient(RulesGame(rules), 12)
    clear_cache()
    assert far.computed_to == 30 and near.computed_to == 12
    assert near.order == fresh.order and len(near.p_portion) == len(fresh.p_portion)
    assert wrong_sums(near, MisereOracle(rules), 12, 3) == []


def test_restore_refuses_a_valid_table_that_is_not_reduced() -> None:
    """Heaps 0..1 of Nim in Z/4 (P = odd elements) describe every sum rightly but are not
    the quotient (order 2): refused, as is a table that is no monoid."""

    class Nim(grundy.HeapGame):
        def moves(self, state: int) -> range:
            return range(state)

    z4 = [[(a + b) % 4 for b in range(4)] for a in range(4)]
    is_p = [False, True, False, True]
    trans = [frozenset(), frozenset({0})]
    assert find_failure(z4, is_p, [0, 1], trans) is None
    with pytest.raises(ValueError, match="not reduced"):
        QuotientBuilder(Nim()).restore(z4, is_p, [0, 1], [1])
    crooked = [[0, 1, 2], [1, 2, 0], [2, 0, 2]]  # commutative, (1·1)·2 = 2 but 1·(1·2) = 1
    with pytest.raises(ValueError, match="associative"):
        check_monoid(crooked, [1, 2])
    with pytest.raises(ValueError, match="identity"):
        find_failure([[0, 1], [1, 0]], [False, True], [0, 1], [frozenset(), frozenset()])


def test_compiled_kernels_and_their_twins_build_the_same_quotients(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The builder (candidates as generator actions, the exact check on columns) gives the
    same quotient, element for element, with the compiled core and with the pure-Python
    twins (``GRUNDY_PURE_PYTHON=1``): Dawson's Kayles and 0.137 to heap 20, Kayles to 16."""
    cases = [("0.07", 20), ("0.137", 20), ("0.77", 16)]
    compiled = []
    for code, n in cases:
        b = QuotientBuilder(RulesGame(octal_rules(code), code))
        b.extend(n)
        compiled.append((b.mul, b.is_p, b.phi, b.changed_at))
    monkeypatch.setenv("GRUNDY_PURE_PYTHON", "1")
    for (code, n), want in zip(cases, compiled, strict=True):
        b = QuotientBuilder(RulesGame(octal_rules(code), code))
        b.extend(n)
        assert (b.mul, b.is_p, b.phi, b.changed_at) == want, code


def test_a_builder_goes_on_from_the_candidate_a_bound_stopped_it_at() -> None:
    """Heap 25 of Dawson's Kayles stopped by a work bound keeps its candidate (``pending``);
    the next ``extend`` goes on from it (a fresh builder given that candidate too) and ends
    with the quotient an uninterrupted builder finds. A candidate for another heap, or one
    that is not a monoid, is refused."""
    game = RulesGame(octal_rules("0.07"), "d")
    whole = QuotientBuilder(game)
    whole.extend(25)
    stopped = QuotientBuilder(game)
    with pytest.raises(QuotientLimitError):
        stopped.extend(25, max_work=1_000_000)
    pending = stopped.pending
    assert pending is not None and pending.heap == 25 and pending.tries > 0
    fresh = QuotientBuilder(game)
    fresh.extend(24)
    fresh.resume_from(25, pending.trial, pending.tries)
    for b in (stopped, fresh):
        b.extend(25)
        assert b.pending is None
        assert (b.mul, b.is_p, b.phi, b.changed_at) == (
            whole.mul,
            whole.is_p,
            whole.phi,
            whole.changed_at,
        )
    with pytest.raises(ValueError, match="not the one of heap 26"):
        fresh.resume_from(25, pending.trial, pending.tries)
    other = QuotientBuilder(game)
    other.extend(24)
    acts = [a.copy() for a in pending.trial.acts]
    acts[0][[1, 2]] = acts[0][[2, 1]]
    bad = type(pending.trial)(pending.trial.is_p, pending.trial.phi, pending.trial.gens, acts)
    with pytest.raises(ValueError):
        other.resume_from(25, bad, 0)
