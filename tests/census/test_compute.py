"""One code computed: its values against the definition, periods against brute force, the
grouping key, rare classes, the misère quotient order, caps and errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.census.compute import (
    CensusParams,
    canonical_period,
    compute_chunk,
    compute_item,
    plan_tasks,
    rare_classes,
    values_hash,
)
from grundy.census.family import CensusItem, parse_family
from grundy.heap.games import TakeAndBreak
from grundy.quotient import misere_quotient
from tests.reference.octal import code_values, smallest_period

octal_codes = st.builds(
    lambda head, ds: f"{head}." + "".join(str(d) for d in ds),
    st.sampled_from(["0", "4"]),
    st.lists(st.integers(0, 7), min_size=1, max_size=3),
).filter(lambda c: c.rstrip("0").rstrip(".") not in ("0", ""))


@settings(max_examples=40, deadline=None)
@given(octal_codes)
def test_a_result_describes_the_values_of_the_definition(code: str) -> None:
    # Small N (200 heaps, all in plain Python); reference: the digits' definition.
    item = CensusItem.from_text(code)
    r = compute_item(item, CensusParams(heaps=200))
    ref = code_values(item.code, r.heaps)
    assert r.values_hash == values_hash(ref)
    assert r.largest == max(ref) and r.distinct_values == len(set(ref))
    if r.proved:
        assert r.stopped == "proved"
        assert r.proof_bound is not None and r.proof_bound <= r.heaps + 1
        # the proved period holds far beyond the table (reference to 4 x the table)
        far = code_values(item.code, 4 * r.heaps + 40)
        assert r.preperiod is not None and r.period is not None
        e, p = r.preperiod, r.period
        assert all(far[n + p] == far[n] for n in range(e, len(far) - p))
        # and it is the smallest period, with the smallest preperiod
        assert (e, p) == smallest_period(far, tail_from=max(e, len(far) // 2))
        assert r.last_exceptional == e - 1
        assert r.sequence_key.startswith(f"P{e}:{p}:")
    else:
        assert r.stopped == "heaps" and r.heaps == 200
        assert r.sequence_key == f"N200:{values_hash(ref)}"


def test_codes_with_the_same_sequence_share_a_key_and_others_do_not() -> None:
    params = CensusParams(heaps=4096)
    key = {c: compute_item(CensusItem.from_text(c), params).sequence_key for c in
           ("0.26", "0.27", "0.06", "0.45", "0.47", "0.177")}  # fmt: skip
    assert key["0.26"] == key["0.27"] != key["0.06"]
    assert key["0.45"] == key["0.47"] != key["0.177"]  # .45 is .177 shifted by one heap


def test_canonical_period_finds_the_smallest_period_and_preperiod() -> None:
    # a table that proves period 6 from heap 5 of a sequence of period 2 from heap 3
    seq = [9, 9, 9, 1, 2] + [1, 2] * 20
    assert canonical_period(seq, 5, 6) == (3, 2, 0)
    assert canonical_period(seq, 3, 2) == (3, 2, 0)
    # an arithmetic period 4 with saltus 2 is the period 2 with saltus 1
    grow = [7, *range(40)]
    assert canonical_period(grow, 3, 4, 4) == (1, 1, 1)


def test_rare_classes_of_kayles_and_none_for_dense_values() -> None:
    kayles = compute_item(CensusItem.from_text("0.77"), CensusParams(heaps=4096))
    assert kayles.rare_mask is not None and kayles.rare_heaps is not None
    assert kayles.last_rare_heap == 70 and kayles.rare_heaps <= 16
    values = code_values("0.77", kayles.heaps)
    rare = [n for n, v in enumerate(values) if bin(v & kayles.rare_mask).count("1") % 2 == 0]
    assert (len(rare), rare[-1]) == (kayles.rare_heaps, 70)
    assert rare_classes(np.arange(64) % 4) is None  # every value as frequent
    assert rare_classes([0, 1, 1, 0]) is None  # values below 2: no classes


def test_subtraction_sets_are_proved_by_their_own_theorem() -> None:
    item = CensusItem.from_text("subtraction:2,5,7")
    r = compute_item(item, CensusParams(heaps=4096))
    assert (r.preperiod, r.period, r.proved) == (0, 22, True)
    assert r.proof_bound == 7  # e + max(S), not the octal bound 2e + p + t = 29
    assert (r.label, r.code) == ("subtraction:2,5,7", "0.0300303")


def test_misere_quotient_order_is_the_quotients() -> None:
    params = CensusParams(heaps=1024, misere=12)
    for code in ("0.77", "0.07", "0.137"):
        r = compute_item(CensusItem.from_text(code), params)
        q = misere_quotient(TakeAndBreak.from_code(code), 12)
        assert (r.misere_reached, r.misere_order, r.misere_status) == (12, q.order, "reached")


def test_misere_work_bound_records_not_reached() -> None:
    params = CensusParams(heaps=1024, misere=40, misere_work=2_000)
    r = compute_item(CensusItem.from_text("0.77"), params)
    assert r.misere_status is not None and r.misere_status.startswith("not reached: ")
    assert "work bound of 2,000 steps" in r.misere_status
    assert r.misere_reached is not None and r.misere_reached < 40
    assert r.misere_order is not None and r.misere_order >= 1


def test_time_cap_keeps_the_heaps_done() -> None:
    r = compute_item(CensusItem.from_text("0.16"), CensusParams(heaps=1 << 20, time_cap=1e-9))
    assert r.stopped == "time" and 0 < r.heaps < 1 << 20
    assert r.values_hash == values_hash(code_values("0.16", r.heaps))


def test_three_heap_codes_stop_at_their_table_limit() -> None:
    r = compute_item(CensusItem.from_text("0.8"), CensusParams(heaps=1 << 20, time_cap=1e-9))
    assert r.stopped == "time"  # the cap came first; without it: the table limit
    limit = TakeAndBreak.from_code("0.8").table_limit()
    assert compute_item(CensusItem.from_text("0.8"), CensusParams(heaps=64)).heaps == 64
    assert limit == 4096


def test_chunks_group_cheap_codes_and_lose_none() -> None:
    items = parse_family("octal:2").items()
    tasks = plan_tasks(items, 8)
    flat = [i for t in tasks for i in t]
    assert sorted(i.code for i in flat) == sorted(i.code for i in items)
    assert all(len(t) <= 8 for t in tasks)
    assert any(len(t) == 8 for t in tasks)
    results = compute_chunk(tasks[-1], CensusParams(heaps=256))
    assert [r.code for r in results] == [i.code for i in tasks[-1]]


def test_a_code_that_cannot_be_computed_is_an_error_row() -> None:
    # A hand-made item whose code does not parse: recorded, not raised.
    r = compute_item(CensusItem("0.x", "0.x"), CensusParams(heaps=16))
    assert r.stopped == "error" and "not a hex digit" in r.reason
    assert not r.proved and r.heaps == -1


@pytest.mark.parametrize("code", ["0.6", "4.3", "0.16"])
def test_result_fields_are_plain_values(code: str) -> None:
    r = compute_item(CensusItem.from_text(code), CensusParams(heaps=300))
    for name, value in r.to_dict().items():
        assert value is None or type(value) in (int, float, str, bool), name
