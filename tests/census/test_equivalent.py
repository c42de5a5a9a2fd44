"""Codes whose rules provably give the same sequence (grundy.census.equivalent), checked
against direct computation: every reduction of a code with up to 3 digits (1,023 codes)
by the compiled kernel to heap 3,000, and by the generic search (the mex over every
option, in plain Python) to heap 150; the census stores copies for the reduced codes."""

from __future__ import annotations

import numpy as np
import pytest

from grundy.census.compute import CensusParams, compute_group, compute_item
from grundy.census.equivalent import plan_equivalents, reduce_code
from grundy.census.family import CensusItem, parse_family
from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak
from grundy.heap.table import build_table
from grundy.heap.values import heap_values

OCTAL3 = [i.code for i in parse_family("octal:3").items()]
REDUCED = [r for r in map(reduce_code, OCTAL3) if r.reduced]


def test_most_three_digit_codes_reduce() -> None:
    # the census computes 323 of the 1,023 codes
    assert len(REDUCED) == 700
    assert len({reduce_code(c).code for c in OCTAL3}) == 323


def test_every_reduction_keeps_the_sequence_by_the_kernel() -> None:
    for r in REDUCED:
        a = build_table(TakeAndBreak.from_code(r.original), 3000, method="plain")
        b = build_table(TakeAndBreak.from_code(r.code), 3000, method="plain")
        assert np.array_equal(a, b), r


def test_every_reduction_keeps_the_sequence_by_the_generic_search() -> None:
    for r in REDUCED:
        a = heap_values(TakeAndBreak.from_code(r.original), 150)
        b = heap_values(TakeAndBreak.from_code(r.code), 150)
        assert a == b, r


def _bits(code: str) -> list[int]:
    c = OctalCode.parse(code)
    return [c.first, *c.digits]


def test_a_reduction_only_removes_bits_1_and_2() -> None:
    for r in REDUCED:
        old, new = _bits(r.original), _bits(r.code)
        new += [0] * (len(old) - len(new))
        assert all(n & ~o == 0 and (o ^ n) & ~3 == 0 for o, n in zip(old, new, strict=True)), r
        assert len(r.steps) == sum(bin(o ^ n).count("1") for o, n in zip(old, new, strict=True))


@pytest.mark.parametrize("code", ["0.07", "0.1", "0.137", "4.0", "0.6", "0.77", "0.16"])
def test_codes_without_a_redundant_bit_stay(code: str) -> None:
    r = reduce_code(code)
    assert (r.code, r.steps, r.reduced) == (code, (), False)


def test_a_bit_whose_witness_is_not_zero_stays() -> None:
    # 0.72: bit 2 of d2 would need d1 to split off a heap j with G(j) = 0, but G(1) = 1
    # under 0.7; indeed 0.72 and 0.7 differ
    assert not reduce_code("0.72").reduced
    a = heap_values(TakeAndBreak.from_code("0.72"), 30)
    b = heap_values(TakeAndBreak.from_code("0.7"), 30)
    assert a != b


def test_plan_computes_each_representative_once() -> None:
    items = parse_family("octal:3").items()
    compute, copies = plan_equivalents(items)
    assert len(compute) == 323
    assert sum(len(c) for c in copies.values()) == 700
    assert {i.code for i in compute} >= set(copies)
    # a subtraction set keeps its own theorem: never reduced
    sub = CensusItem.from_text("subtraction:1,2")
    assert plan_equivalents([sub]) == ([sub], {})


def test_a_group_gives_each_code_what_computing_it_alone_gives() -> None:
    # every 25th reduced code, with misère quotients to heap 6 (computed per code: misère
    # play tells codes of one normal sequence apart)
    params = CensusParams(heaps=4096, misere=6)
    skip = {"seconds", "cpu_seconds", "worker", "same_as", "same_as_reason"}
    for r in REDUCED[::25]:
        rep, member = CensusItem.from_text(r.code), CensusItem.from_text(r.original)
        rows = compute_group(rep, [(member, r.why())], params)
        alone = [compute_item(rep, params), compute_item(member, params)]
        for got, want in zip(rows, alone, strict=True):
            a, b = got.to_dict(), want.to_dict()
            assert {k: v for k, v in a.items() if k not in skip} == {
                k: v for k, v in b.items() if k not in skip
            }, r
        assert (rows[0].same_as, rows[1].same_as) == (None, r.code)
        assert rows[1].same_as_reason == r.why() and rows[1].cpu_seconds == 0.0


def test_misere_play_tells_equivalent_codes_apart() -> None:
    # 0.63 has the normal sequence of 0.6 but one more move to an empty position
    params = CensusParams(heaps=1024, misere=8)
    rows = compute_group(CensusItem.from_text("0.6"), [(CensusItem.from_text("0.63"), "")], params)
    assert rows[0].sequence_key == rows[1].sequence_key
    assert rows[1].misere_order == compute_item(CensusItem.from_text("0.63"), params).misere_order
