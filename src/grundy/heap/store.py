"""Saved Grundy tables: one ``.npz`` file holding the values and a JSON header.

The header names the game (its spec, e.g. ``kayles`` or ``octal:0.07``) and
the last heap, so ``grundy table SPEC -n N --out FILE`` can extend a file to a
larger ``N`` without recomputing what it holds. Files are written to a
temporary name and renamed, so an interrupted write never leaves half a file.

>>> import tempfile, os, numpy as np
>>> path = os.path.join(tempfile.mkdtemp(), "t.npz")
>>> save_table(path, "kayles", np.array([0, 1, 2, 3], dtype=np.uint16))
>>> spec, values = load_table(path)
>>> spec, values.tolist()
('kayles', [0, 1, 2, 3])
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from grundy.errors import InvalidSpecError

__all__ = ["FORMAT", "load_table", "save_table"]

#: Format tag stored in every file.
FORMAT = "grundy-heap-table/1"


def save_table(path: str, spec: str, values: Any) -> None:
    """Write ``values`` (heaps ``0..len-1`` of ``spec``) to ``path`` atomically."""
    header = {"format": FORMAT, "game": spec, "last": len(values) - 1, "dtype": str(values.dtype)}
    tmp = f"{path}.partial"
    with open(tmp, "wb") as f:
        np.savez(f, values=values, header=np.array(json.dumps(header)))
    os.replace(tmp, path)


def load_table(path: str) -> tuple[str, Any]:
    """``(game spec, values)`` from a file written by :func:`save_table`."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            values = data["values"]
    except (OSError, ValueError, KeyError) as e:
        raise InvalidSpecError(
            f"{path} is not a table saved by grundy ({e})", "a file written by grundy table --out"
        ) from None
    if header.get("format") != FORMAT or len(values) != header.get("last", -2) + 1:
        raise InvalidSpecError(f"{path} is not a readable grundy table", FORMAT)
    return str(header["game"]), values
