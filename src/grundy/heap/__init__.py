"""Heap games at scale: take-and-break codes, fast Grundy tables, periodicity with proofs.

>>> from grundy.heap import TakeAndBreak, heap_periodicity
>>> heap_periodicity(TakeAndBreak.from_code("0.07")).period
34

Every name is imported on first use (tables need numpy), so ``import grundy``
and ``grundy solve nim 3`` load only what they use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grundy._lazy import lazy_names

if TYPE_CHECKING:
    from grundy.heap.build import (
        MAX_TABLE_BYTES,
        SAVE_EVERY,
        STREAM_PROOF_SIZES,
        TableRun,
        compute_table,
        grow_table,
        proved_period,
        saved_values,
        table_bytes,
    )
    from grundy.heap.code import OctalCode
    from grundy.heap.custom import HeapFunctionGame
    from grundy.heap.disk import DiskRun, disk_table
    from grundy.heap.games import DAWSON, DAWSONS_CHESS, GRUNDYS_GAME, KAYLES, TakeAndBreak
    from grundy.heap.period import Periodicity, find_period, periodicity
    from grundy.heap.sequence import (
        HeapTable,
        SvgPicture,
        plot,
        plot_svg,
        rows_of_ten,
        tabulate,
    )
    from grundy.heap.stats import SparseStats, sparse_stats
    from grundy.heap.store import TableJournal, load_table, save_table
    from grundy.heap.table import TableBuilder, build_table
    from grundy.heap.tools import (
        GROW_LIMIT,
        PeriodSearch,
        check_saved_values,
        grow_periodicity,
        heap_periodicity,
        heap_table,
        periodic_pieces,
        require_heap_game,
        table_pieces,
    )
    from grundy.heap.values import heap_values
    from grundy.heap.verify import Verification, read_table_file, verify_values

__all__ = [
    "DAWSON",
    "DAWSONS_CHESS",
    "GROW_LIMIT",
    "GRUNDYS_GAME",
    "KAYLES",
    "MAX_TABLE_BYTES",
    "SAVE_EVERY",
    "STREAM_PROOF_SIZES",
    "DiskRun",
    "HeapFunctionGame",
    "HeapTable",
    "OctalCode",
    "PeriodSearch",
    "Periodicity",
    "SparseStats",
    "SvgPicture",
    "TableBuilder",
    "TableJournal",
    "TableRun",
    "TakeAndBreak",
    "Verification",
    "build_table",
    "check_saved_values",
    "compute_table",
    "disk_table",
    "find_period",
    "grow_periodicity",
    "grow_table",
    "heap_periodicity",
    "heap_table",
    "heap_values",
    "load_table",
    "periodic_pieces",
    "periodicity",
    "plot",
    "plot_svg",
    "proved_period",
    "read_table_file",
    "require_heap_game",
    "rows_of_ten",
    "save_table",
    "saved_values",
    "sparse_stats",
    "table_bytes",
    "table_pieces",
    "tabulate",
    "verify_values",
]

_LAZY = {
    "OctalCode": "grundy.heap.code",
    "HeapFunctionGame": "grundy.heap.custom",
    "DAWSON": "grundy.heap.games",
    "DAWSONS_CHESS": "grundy.heap.games",
    "GRUNDYS_GAME": "grundy.heap.games",
    "KAYLES": "grundy.heap.games",
    "TakeAndBreak": "grundy.heap.games",
    "heap_values": "grundy.heap.values",
    "Periodicity": "grundy.heap.period",
    "find_period": "grundy.heap.period",
    "TableBuilder": "grundy.heap.table",
    "build_table": "grundy.heap.table",
    "heap_periodicity": "grundy.heap.tools",
    "grow_periodicity": "grundy.heap.tools",
    "GROW_LIMIT": "grundy.heap.tools",
    "PeriodSearch": "grundy.heap.tools",
    "SparseStats": "grundy.heap.stats",
    "sparse_stats": "grundy.heap.stats",
    "Verification": "grundy.heap.verify",
    "DiskRun": "grundy.heap.disk",
    "disk_table": "grundy.heap.disk",
    "read_table_file": "grundy.heap.verify",
    "verify_values": "grundy.heap.verify",
    "heap_table": "grundy.heap.tools",
    "check_saved_values": "grundy.heap.tools",
    "require_heap_game": "grundy.heap.tools",
    "periodicity": "grundy.heap.period",
    "TableJournal": "grundy.heap.store",
    "periodic_pieces": "grundy.heap.tools",
    "load_table": "grundy.heap.store",
    "save_table": "grundy.heap.store",
    "table_pieces": "grundy.heap.tools",
    **dict.fromkeys(
        ("HeapTable", "SvgPicture", "plot", "plot_svg", "rows_of_ten", "tabulate"),
        "grundy.heap.sequence",
    ),
    "MAX_TABLE_BYTES": "grundy.heap.build",
    "SAVE_EVERY": "grundy.heap.build",
    "STREAM_PROOF_SIZES": "grundy.heap.build",
    "TableRun": "grundy.heap.build",
    "compute_table": "grundy.heap.build",
    "grow_table": "grundy.heap.build",
    "proved_period": "grundy.heap.build",
    "saved_values": "grundy.heap.build",
    "table_bytes": "grundy.heap.build",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
