"""``--kernel auto`` leaves the rare-value kernel where rare values are dense."""

from __future__ import annotations

import pytest

from grundy.heap.games import GRUNDYS_GAME, TakeAndBreak
from grundy.heap.table import DENSE_AFTER, TableBuilder


@pytest.mark.parametrize("code", ["0.07", "4.0"])
def test_dense_rare_values_switch_to_the_plain_kernel(code: str) -> None:
    game = TakeAndBreak.from_code(code)
    auto = TableBuilder(game, method="auto")
    values = auto.extend(DENSE_AFTER + 300).tolist()
    assert auto.method == "plain"
    assert any("switched to the plain kernel" in n for n in auto.notes)
    plain = TableBuilder(game, method="plain")
    assert plain.extend(DENSE_AFTER + 300).tolist() == values


def test_sparse_rare_values_keep_the_rare_kernel() -> None:
    auto = TableBuilder(GRUNDYS_GAME, method="auto")
    auto.extend(DENSE_AFTER + 300)
    assert auto.method == "rare"
    assert not auto.notes
