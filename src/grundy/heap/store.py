"""Saved Grundy tables: one ``.npz`` file holding the values and a JSON header.

The header names the file format, the game (its spec, e.g. ``kayles`` or
``octal:0.07``), the grundy version that wrote it, the last heap, the value
type and a SHA-256 checksum of the values, so ``grundy table SPEC -n N --out
FILE`` can extend a file to a larger ``N`` without recomputing what it holds,
and a damaged or foreign file is refused with one line
(:class:`~grundy.errors.SolvedFileError`), never trusted. Files are written
to a unique temporary name in the same folder and renamed, so an interrupted
write never leaves half a file and two processes never write the same
temporary file.

>>> import tempfile, os, numpy as np
>>> path = os.path.join(tempfile.mkdtemp(), "t.npz")
>>> save_table(path, "kayles", np.array([0, 1, 2, 3], dtype=np.uint16))
>>> spec, values = load_table(path)
>>> spec, values.tolist()
('kayles', [0, 1, 2, 3])
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
import zipfile
from typing import Any

import numpy as np

from grundy._version import __version__
from grundy.errors import SolvedFileError

__all__ = ["FORMAT", "MAX_FILE_BYTES", "load_table", "save_table"]

#: Format tag stored in every file.
FORMAT = "grundy-heap-table/2"

#: The largest file read (a table of 2^32 heaps of uint32 values, with room to spare).
MAX_FILE_BYTES = 1 << 35

_DTYPES = ("uint16", "uint32", "int64")


def _digest(values: Any) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


def save_table(path: str, spec: str, values: Any) -> None:
    """Write ``values`` (heaps ``0..len-1`` of ``spec``) to ``path`` atomically."""
    header = {
        "format": FORMAT,
        "game": spec,
        "grundy": __version__,
        "last": len(values) - 1,
        "dtype": str(values.dtype),
        "sha256": _digest(values),
    }
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".grundy-", suffix=".partial", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, values=values, header=np.array(json.dumps(header)))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _refuse(path: str, why: str) -> SolvedFileError:
    return SolvedFileError(
        f"{path} is not a usable grundy table: {why}",
    )


def load_table(path: str) -> tuple[str, Any]:
    """``(game spec, values)`` from a file written by :func:`save_table`.

    Anything else (an empty, truncated, damaged, forged-header or foreign
    file, a directory or a device) raises :class:`SolvedFileError`.
    """
    try:
        info = os.stat(path)
    except OSError as e:
        raise _refuse(path, e.strerror or str(e)) from None
    if not stat.S_ISREG(info.st_mode):
        raise _refuse(path, "not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise _refuse(path, f"{info.st_size:,} bytes is larger than any table")
    try:
        with open(path, "rb") as f, np.load(f, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            values = data["values"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, RuntimeError) as e:
        raise _refuse(path, f"unreadable ({type(e).__name__})") from None
    if not isinstance(header, dict):
        raise _refuse(path, "its header is not a JSON object")
    if header.get("format") != FORMAT:
        raise _refuse(path, f"format {header.get('format')!r}, expected {FORMAT!r}")
    spec = header.get("game")
    if not isinstance(spec, str) or not spec:
        raise _refuse(path, "its header names no game")
    if (
        values.ndim != 1
        or str(values.dtype) not in _DTYPES
        or str(values.dtype) != header.get("dtype")
    ):
        raise _refuse(path, f"values of shape {values.shape} and type {values.dtype}")
    if len(values) != header.get("last", -2) + 1:
        raise _refuse(path, "its length does not match its header")
    if header.get("sha256") != _digest(values):
        raise _refuse(path, "its checksum does not match (the file is damaged)")
    return spec, values
