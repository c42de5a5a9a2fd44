"""Checkpoints of :func:`grundy.cgt.value_of`: the memo of finished regions, saved to a file
and read back, so a long computation that stops (time limit, Ctrl-C, a crash after a save)
resumes where it stopped instead of starting again.

The file is gzip-compressed: a JSON header line (format, the memo family, the grundy
version, the byte order, the sizes of the sections and a SHA-256 of the body), then the
body: the whole table of canonical games as int32 arrays (each game's number of Left and
Right options, then every option by its id; each game comes after its options), the
Python memo as JSON ``[key, id]`` pairs (tuples written as lists, read back as tuples; an
entry whose key is not made of ints, strings, booleans, None and tuples is left out and
recomputed), and the compiled memo's raw 24-byte records (``_core/memo.c``'s ``memo_raw``:
two uint64 words of key, a uint32 tag whose top byte is the walk's kind (:data:`RAW_KINDS`)
and an int32 id), about 30 bytes a region in all. A
damaged or foreign file is refused with one line (:class:`~grundy.errors.SolvedFileError`),
never trusted: the checksum is checked before any game is added to the table. Files are
written through :func:`grundy.core.files.atomic_write`, so an interrupted save leaves the
last one whole.

>>> import os, tempfile
>>> from fractions import Fraction
>>> from grundy.cgt import _table as T
>>> path = os.path.join(tempfile.mkdtemp(), "memo.gz")
>>> half = T.number_id(Fraction(1, 2))
>>> save_memo(path, "demo", {(2, 2, (3, 3)): half, "t.f": 0})
2
>>> memo, raw = load_memo(path, "demo")
>>> memo == {(2, 2, (3, 3)): half, "t.f": 0}, raw
(True, b'')
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from grundy._version import __version__
from grundy.cgt import _table as T
from grundy.core.files import atomic_write, read_bytes
from grundy.errors import SolvedFileError

__all__ = ["FORMAT", "MAX_FILE_BYTES", "RAW_KINDS", "RECORD", "load_memo", "save_memo"]

FORMAT = "grundy-cgt-memo 2"
#: The largest checkpoint read back (compressed bytes).
MAX_FILE_BYTES = 8 << 30
#: Bytes of a compiled memo record, and where its id lies in it.
RECORD = 24
_ID_AT = 20
#: The kind of each compiled walk's records (its memo in ``_core/memo.c``, ``GRID_KIND_*``
#: in ``_core/grid.h``), by the walk's name: records are read back only into their kind.
RAW_KINDS = {
    "dom": 0,
    "tf": 1,
    "clob": 2,
    "col": 3,
    "snort": 4,
    "konane": 5,
    "cram": 6,
    "fission": 7,
    "amazons": 8,
}


def _plain(key: Any) -> Any:
    """``key`` as JSON data (tuples as lists), or raise TypeError."""
    if key is None or isinstance(key, (bool, int, str)):
        return key
    if isinstance(key, tuple):
        return [_plain(x) for x in key]
    raise TypeError(type(key).__name__)


def _key(data: Any) -> Hashable:
    if isinstance(data, list):
        return tuple(_key(x) for x in data)
    if data is None or isinstance(data, (bool, int, str)):
        return data
    raise ValueError("a key holds " + type(data).__name__)


def save_memo(path: Any, family: str, memo: Mapping[Hashable, int], raw: bytes = b"") -> int:
    """Write ``memo`` (region key -> game id) and ``raw`` (compiled memo records) to
    ``path``, with the whole table of canonical games; returns how many entries."""
    import gzip  # noqa: PLC0415 (lazy: a solve that keeps no checkpoint never loads these)
    import hashlib  # noqa: PLC0415
    import json  # noqa: PLC0415

    entries = []
    for key, gid in list(memo.items()):
        try:
            entries.append([_plain(key), gid])
        except TypeError:
            continue
    counts = array("i")
    options = array("i")
    left, right = T.LEFT, T.RIGHT
    for g in range(T.size()):
        gl, gr = left[g], right[g]
        counts.append(len(gl))
        counts.append(len(gr))
        options.extend(gl)
        options.extend(gr)
    pairs = json.dumps(entries, separators=(",", ":")).encode()
    sections = [counts.tobytes(), options.tobytes(), pairs, raw]
    digest = hashlib.sha256()
    for part in sections:
        digest.update(part)
    header = {
        "format": FORMAT,
        "family": family,
        "grundy": __version__,
        "byteorder": sys.byteorder,
        "sizes": [len(part) for part in sections],
        "sha256": digest.hexdigest(),
    }
    with atomic_write(path) as f, gzip.GzipFile(fileobj=f, mode="wb", compresslevel=1) as z:
        z.write(json.dumps(header).encode() + b"\n")
        for part in sections:
            z.write(part)
    return len(entries) + len(raw) // RECORD


def load_memo(path: Any, family: str) -> tuple[dict[Hashable, int], bytes]:
    """The memo saved at ``path`` for ``family`` and its compiled records, their games
    added to the table (ids are those of this table)."""
    import gzip  # noqa: PLC0415 (lazy: see save_memo)
    import hashlib  # noqa: PLC0415
    import json  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    where = str(path)
    raw_file = read_bytes(path, MAX_FILE_BYTES, "checkpoint")
    try:
        text = gzip.decompress(raw_file)
        head, _, body = text.partition(b"\n")
        header = json.loads(head)
    except (OSError, EOFError, ValueError, zlib.error):
        raise SolvedFileError(f"{where} is not a grundy checkpoint (damaged or foreign)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SolvedFileError(f"{where} is not a grundy checkpoint of format {FORMAT!r}")
    if header.get("family") != family:
        raise SolvedFileError(
            f"{where} is a checkpoint of {header.get('family')!r}, not of {family!r}"
        )
    if header.get("byteorder") != sys.byteorder:
        raise SolvedFileError(f"{where} was written on a machine of another byte order")
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise SolvedFileError(f"{where} is damaged (its checksum does not match)")
    try:
        sizes = [int(n) for n in header["sizes"]]
        cuts = [0]
        for n in sizes:
            cuts.append(cuts[-1] + n)
        if len(sizes) != 4 or cuts[-1] != len(body):
            raise ValueError("sizes")
        counts, options = array("i"), array("i")
        counts.frombytes(body[cuts[0] : cuts[1]])
        options.frombytes(body[cuts[1] : cuts[2]])
        new = _intern_all(counts, options)
        memo = {_key(k): new[i] for k, i in json.loads(body[cuts[2] : cuts[3]])}
        return memo, _remap(body[cuts[3] : cuts[4]], new)
    except (KeyError, IndexError, TypeError, ValueError):
        raise SolvedFileError(f"{where} is damaged (its body is not a memo)") from None


def _intern_all(counts: array[int], options: array[int]) -> list[int]:
    """Add the saved games to the table; the new id of each saved id."""
    new: list[int] = []
    at = 0
    intern = T.intern
    for g in range(len(counts) // 2):
        nl, nr = counts[2 * g], counts[2 * g + 1]
        opts = options[at : at + nl + nr]
        at += nl + nr
        if nl < 0 or nr < 0 or len(opts) != nl + nr or any(not 0 <= i < g for i in opts):
            raise ValueError("options")
        gl = tuple(sorted({new[i] for i in opts[:nl]}))
        gr = tuple(sorted({new[i] for i in opts[nl:]}))
        new.append(intern(gl, gr))
    if at != len(options):
        raise ValueError("options")
    return new


def _remap(raw: bytes, new: Sequence[int]) -> bytes:
    """The compiled records with their ids renumbered to this table."""
    if len(raw) % RECORD:
        raise ValueError("records")
    if not raw:
        return b""
    import numpy as np  # noqa: PLC0415 (only for a compiled memo)

    records = np.frombuffer(raw, dtype=np.uint8).reshape(-1, RECORD).copy()
    ids = records[:, _ID_AT:RECORD].copy().view(np.int32).ravel()
    if ids.min() < 0 or ids.max() >= len(new):
        raise ValueError("ids")
    records[:, _ID_AT:RECORD] = np.asarray(new, dtype=np.int32)[ids].reshape(-1, 1).view(np.uint8)
    return records.tobytes()
