"""Heap games at scale: take-and-break codes, fast Grundy tables, periodicity with proofs.

>>> from grundy.heap import TakeAndBreak, heap_periodicity
>>> heap_periodicity(TakeAndBreak.from_code("0.07")).period
34

The names that need numpy (tables, periodicity, saved tables) are imported on
first use, so ``import grundy`` stays fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from grundy.heap.code import OctalCode
from grundy.heap.custom import HeapFunctionGame
from grundy.heap.games import DAWSON, DAWSONS_CHESS, GRUNDYS_GAME, KAYLES, TakeAndBreak
from grundy.heap.values import heap_values

__all__ = [
    "DAWSON",
    "DAWSONS_CHESS",
    "GRUNDYS_GAME",
    "KAYLES",
    "HeapFunctionGame",
    "OctalCode",
    "Periodicity",
    "TableBuilder",
    "TakeAndBreak",
    "build_table",
    "check_saved_values",
    "find_period",
    "heap_periodicity",
    "heap_table",
    "heap_values",
    "load_table",
    "periodicity",
    "require_heap_game",
    "save_table",
]

_LAZY = {
    "Periodicity": "grundy.heap.period",
    "find_period": "grundy.heap.period",
    "TableBuilder": "grundy.heap.table",
    "build_table": "grundy.heap.table",
    "heap_periodicity": "grundy.heap.tools",
    "heap_table": "grundy.heap.tools",
    "check_saved_values": "grundy.heap.tools",
    "require_heap_game": "grundy.heap.tools",
    "periodicity": "grundy.heap.period",
    "load_table": "grundy.heap.store",
    "save_table": "grundy.heap.store",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'grundy.heap' has no attribute {name!r}")
    return getattr(import_module(module), name)
