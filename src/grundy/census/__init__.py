"""The census: whole families of take-and-break games computed into a database of proved
periods, on Dask distributed (``grundy census``; see ``docs/census.md``).

>>> from grundy.census import CensusItem, CensusParams, compute_item, parse_family
>>> len(parse_family("octal:2").items())
127
>>> compute_item(CensusItem.from_text("0.77"), CensusParams(heaps=2048)).period
12

The family, the per-code computation and the store are plain library code; only
:mod:`grundy.census.cluster` imports Dask, and only when a census runs (install it
with ``pip install -e ".[census]"`` in a checkout).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grundy._lazy import lazy_names

if TYPE_CHECKING:
    from grundy.census.cluster import (
        INSTALL_HINT,
        CensusSummary,
        dask_available,
        local_cluster,
        require_dask,
        run_census,
    )
    from grundy.census.compute import (
        CensusParams,
        CodeResult,
        compute_chunk,
        compute_item,
        plan_tasks,
    )
    from grundy.census.family import FAMILY_SYNTAX, CensusItem, Family, parse_family
    from grundy.census.store import CensusStore, RowFilter, rows_to_csv, rows_to_json

__all__ = [
    "FAMILY_SYNTAX",
    "INSTALL_HINT",
    "CensusItem",
    "CensusParams",
    "CensusStore",
    "CensusSummary",
    "CodeResult",
    "Family",
    "RowFilter",
    "compute_chunk",
    "compute_item",
    "dask_available",
    "local_cluster",
    "parse_family",
    "plan_tasks",
    "require_dask",
    "rows_to_csv",
    "rows_to_json",
    "run_census",
]

_LAZY = {
    "INSTALL_HINT": "grundy.census.cluster",
    "CensusSummary": "grundy.census.cluster",
    "dask_available": "grundy.census.cluster",
    "local_cluster": "grundy.census.cluster",
    "require_dask": "grundy.census.cluster",
    "run_census": "grundy.census.cluster",
    "CensusParams": "grundy.census.compute",
    "CodeResult": "grundy.census.compute",
    "compute_chunk": "grundy.census.compute",
    "compute_item": "grundy.census.compute",
    "plan_tasks": "grundy.census.compute",
    "FAMILY_SYNTAX": "grundy.census.family",
    "CensusItem": "grundy.census.family",
    "Family": "grundy.census.family",
    "parse_family": "grundy.census.family",
    "CensusStore": "grundy.census.store",
    "RowFilter": "grundy.census.store",
    "rows_to_csv": "grundy.census.store",
    "rows_to_json": "grundy.census.store",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
