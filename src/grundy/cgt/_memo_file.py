"""Checkpoints of :func:`grundy.cgt.value_of`: the memo of finished regions, saved to a file
and read back, so a long computation that stops (time limit, Ctrl-C, a crash after a save)
resumes where it stopped instead of starting again.

The file is gzip-compressed JSON: a header (format, the memo family, the grundy version,
a SHA-256 of the body), then the body: every canonical game the memo's values need, as
options given by their place in that list (each game after its options), and the memo as
``[key, place]`` pairs. Keys are written as JSON (tuples as lists, read back as tuples);
a memo entry whose key is not made of ints, strings, booleans, None and tuples is left out
(it is recomputed). A damaged or foreign file is refused with one line
(:class:`~grundy.errors.SolvedFileError`), never trusted: the checksum is checked before
any game is added to the table. Files are written through
:func:`grundy.core.files.atomic_write`, so an interrupted save leaves the last one whole.

>>> import os, tempfile
>>> from grundy.cgt import _table as T
>>> path = os.path.join(tempfile.mkdtemp(), "memo.json.gz")
>>> half = T.number_id(__import__("fractions").Fraction(1, 2))
>>> save_memo(path, "demo", {(2, 2, (3, 3)): half, "t.f": 0})
2
>>> got = load_memo(path, "demo")
>>> got == {(2, 2, (3, 3)): half, "t.f": 0}
True
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from collections.abc import Hashable, Mapping
from typing import Any

from grundy._version import __version__
from grundy.cgt import _table as T
from grundy.core.files import atomic_write, read_bytes
from grundy.errors import SolvedFileError

__all__ = ["FORMAT", "MAX_FILE_BYTES", "load_memo", "save_memo"]

FORMAT = "grundy-cgt-memo 1"
#: The largest checkpoint read back (compressed bytes).
MAX_FILE_BYTES = 4 << 30


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


def save_memo(path: Any, family: str, memo: Mapping[Hashable, int]) -> int:
    """Write ``memo`` (region key -> game id) to ``path``; returns how many entries."""
    entries = []
    for key, gid in list(memo.items()):
        try:
            entries.append((_plain(key), gid))
        except TypeError:
            continue
    # every game the values need: each after its options (ids are in that order already)
    need: set[int] = set()
    todo = [gid for _, gid in entries]
    while todo:
        g = todo.pop()
        if g not in need:
            need.add(g)
            todo.extend(T.LEFT[g])
            todo.extend(T.RIGHT[g])
    order = sorted(need)
    place = {g: i for i, g in enumerate(order)}
    games = [[[place[x] for x in T.LEFT[g]], [place[x] for x in T.RIGHT[g]]] for g in order]
    body = json.dumps(
        {"games": games, "memo": [[k, place[g]] for k, g in entries]}, separators=(",", ":")
    ).encode()
    header = {
        "format": FORMAT,
        "family": family,
        "grundy": __version__,
        "entries": len(entries),
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    with atomic_write(path) as f, gzip.GzipFile(fileobj=f, mode="wb", compresslevel=1) as z:
        z.write(json.dumps(header).encode() + b"\n")
        z.write(body)
    return len(entries)


def load_memo(path: Any, family: str) -> dict[Hashable, int]:
    """The memo saved at ``path`` for ``family``, its games added to the table."""
    raw = read_bytes(path, MAX_FILE_BYTES, "checkpoint")
    where = str(path)
    try:
        text = gzip.decompress(raw)
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
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise SolvedFileError(f"{where} is damaged (its checksum does not match)")
    try:
        data = json.loads(body)
        games, pairs = data["games"], data["memo"]
        ids: list[int] = []
        for lefts, rights in games:
            gl = tuple(sorted({ids[i] for i in lefts}))
            gr = tuple(sorted({ids[i] for i in rights}))
            ids.append(T.intern(gl, gr))
        return {_key(k): ids[i] for k, i in pairs}
    except (KeyError, IndexError, TypeError, ValueError):
        raise SolvedFileError(f"{where} is damaged (its body is not a memo)") from None
