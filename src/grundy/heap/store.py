"""Saved Grundy tables: one ``.npz`` file holding the values and a JSON header.

The header names the file format, the game (its spec, e.g. ``kayles`` or
``octal:0.07``), the grundy version that wrote it, the last heap, the value
type and a SHA-256 checksum of the values, so ``grundy table SPEC -n N --out
FILE`` can extend a file to a larger ``N`` without recomputing what it holds,
and a damaged or foreign file is refused with one line
(:class:`~grundy.errors.SolvedFileError`), never trusted. Files are written
to a unique temporary name in the same folder and renamed
(:func:`grundy.core.files.atomic_write`), so an interrupted write never leaves
half a file, two processes never write the same temporary file, and the
temporary file of a killed run is removed by the next one.

While ``grundy table ... --out FILE`` runs, finished heaps are appended every
few seconds to a journal beside it, ``FILE.journal`` (:class:`TableJournal`):
a JSON header line naming the game and the saved file it continues, then
records of new values, each with its own SHA-256. Appending costs only the new
heaps, so it can be done often; ``kill -9`` loses at most the heaps since the
last record, and the next run replays the journal (a torn last record is
dropped, any other damage is refused with one line). At the end of a run the
whole table is saved to ``FILE`` and the journal removed. The journal is
locked while a run holds it, so a second process on the same ``--out`` is
refused at once instead of mixing its heaps in.

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
import struct
import zipfile
from typing import IO, Any

import numpy as np

from grundy._version import __version__
from grundy.core.files import atomic_write, check_target, clean_stale, file_of, open_regular
from grundy.core.game import Ruleset
from grundy.errors import SolvedFileError
from grundy.heap.tools import check_saved_values

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: journals are not locked
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "FORMAT",
    "JOURNAL_FORMAT",
    "MAX_FILE_BYTES",
    "TableJournal",
    "load_table",
    "save_table",
]

#: Format tag stored in every file.
FORMAT = "grundy-heap-table/2"

#: The largest file read (a table of 2^32 heaps of uint32 values, with room to spare).
MAX_FILE_BYTES = 1 << 35

_DTYPES = ("uint16", "uint32", "int64")


def _digest(values: Any) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


def save_table(path: str, spec: str, values: Any, *, periodicity: Any = None) -> None:
    """Write ``values`` (heaps ``0..len-1`` of ``spec``) to ``path`` atomically; with
    ``periodicity`` (a :class:`~grundy.heap.period.Periodicity`) its claim is stored in the
    header (``grundy verify FILE`` re-checks it)."""
    header: dict[str, Any] = {
        "format": FORMAT,
        "game": spec,
        "grundy": __version__,
        "last": len(values) - 1,
        "dtype": str(values.dtype),
        "sha256": _digest(values),
    }
    if periodicity is not None and periodicity.period is not None:
        header["periodicity"] = {
            "preperiod": periodicity.preperiod,
            "period": periodicity.period,
            "saltus": periodicity.saltus,
            "proved": periodicity.proved,
            "reason": periodicity.reason,
        }
    with atomic_write(path) as f:
        np.savez(f, values=values, header=np.array(json.dumps(header)))


def _refuse(path: str, why: str) -> SolvedFileError:
    return SolvedFileError(
        f"{path} is not a usable grundy table: {why}",
    )


def load_table(path: str, game: Any = None) -> tuple[str, Any]:
    """``(game spec, values)`` from a file written by :func:`save_table`.

    Anything else (an empty, truncated, damaged, forged-header or foreign
    file, a directory or a device) raises :class:`SolvedFileError`. With
    ``game`` the file must hold that game's table and its values are verified
    against the rules (:func:`grundy.heap.tools.check_saved_values`: a forged
    file with a recomputed checksum is refused too).
    """
    spec, values = _load(path)
    if game is not None:
        name = game.spec_name() if isinstance(game, Ruleset) else type(game).__name__
        if spec != name:
            raise _refuse(path, f"it holds a table of {spec}, not of {name}")
        try:
            check_saved_values(game, values)
        except SolvedFileError as e:
            raise _refuse(path, str(e)) from None
    return spec, values


def _load(path: str) -> tuple[str, Any]:
    try:
        with (
            open_regular(path, MAX_FILE_BYTES, "table") as f,
            np.load(f, allow_pickle=False) as data,
        ):
            header = json.loads(str(data["header"]))
            values = data["values"]
    except SolvedFileError:
        raise
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


#: Format tag in the header line of every journal.
JOURNAL_FORMAT = "grundy-heap-journal/1"

#: A record: first heap, number of heaps, bytes per value, SHA-256 of the values.
_RECORD = struct.Struct("<QIB32s")

#: Value types in records, by bytes per value (the types of saved tables).
_WIDTHS: dict[int, Any] = {2: np.dtype("<u2"), 4: np.dtype("<u4"), 8: np.dtype("<i8")}


def _open_journal(path: str) -> IO[bytes]:
    """``path`` opened for appending and reading (created if missing); a FIFO, device or
    folder is refused without blocking."""
    check_target(path)
    flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o666)

    def check(info: os.stat_result) -> None:
        if not stat.S_ISREG(info.st_mode):
            raise SolvedFileError(f"cannot write {path}: it is not a regular file")

    return file_of(fd, "a+b", check)


class TableJournal:
    """The append-only journal ``PATH.journal`` of a table being computed into ``PATH``.

    Open it (which locks it) before reading ``PATH``, then :meth:`resume` with
    the saved values, :meth:`append` finished heaps as they come, and
    :meth:`finish` once the whole table is saved to ``PATH``.

    >>> import tempfile, os, numpy as np
    >>> path = os.path.join(tempfile.mkdtemp(), "t.npz")
    >>> with TableJournal(path, "kayles") as journal:
    ...     values = journal.resume(None)
    ...     journal.append(np.array([0, 1, 2, 3], dtype=np.uint16), 0)
    >>> with TableJournal(path, "kayles") as journal:  # as after kill -9
    ...     journal.resume(None).tolist()
    [0, 1, 2, 3]
    """

    def __init__(self, path: str, spec: str) -> None:
        self.path = path + ".journal"
        self.spec = spec
        self.notes: list[str] = []
        #: Records in the journal (replayed or appended); an empty journal is removed on close.
        self.records = 0
        self._file: IO[bytes] | None = None
        check_target(path)
        clean_stale(os.path.dirname(os.path.abspath(path)))
        try:
            self._file = self._open_locked()
        except OSError as e:
            raise SolvedFileError(f"cannot write {self.path}: {e.strerror or e}") from None

    def _open_locked(self) -> IO[bytes]:
        """Open (creating it) and lock the journal; refuse if another process holds it."""
        while True:
            f = _open_journal(self.path)
            if fcntl is None:  # pragma: no cover - not POSIX
                return f
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                f.close()
                raise SolvedFileError(
                    f"another grundy process is writing {self.path[: -len('.journal')]} "
                    f"(its journal {self.path} is locked); wait for it to finish, or "
                    "choose another --out FILE"
                ) from None
            try:
                same = os.stat(self.path).st_ino == os.fstat(f.fileno()).st_ino
            except FileNotFoundError:
                same = False
            if same:
                return f
            f.close()  # the holder removed it as we opened it: open the new one

    def __enter__(self) -> TableJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the lock; the journal stays for the next run if it holds any heaps."""
        if self._file is not None:
            if not self.records:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
            self._file.close()
            self._file = None

    def _handle(self) -> IO[bytes]:
        if self._file is None:
            raise SolvedFileError(f"{self.path} is closed")
        return self._file

    def _refuse(self, why: str) -> SolvedFileError:
        return SolvedFileError(
            f"{self.path} is not a usable journal: {why}; delete it to go on from the "
            f"heaps saved in {self.path[: -len('.journal')]}"
        )

    def _header(self, base: Any) -> bytes:
        header = {
            "format": JOURNAL_FORMAT,
            "game": self.spec,
            "grundy": __version__,
            "base_last": -1 if base is None else len(base) - 1,
            "base_sha256": None if base is None else _digest(base),
        }
        return json.dumps(header).encode() + b"\n"

    def resume(self, base: Any) -> Any:
        """The saved values ``base`` (None for no file) extended by the journal's records.

        A journal of another game or of another saved file is refused; one left by a
        run that finished (it continues an older version of the file) is dropped with
        a note in :attr:`notes`. Afterwards :meth:`append` adds to it.
        """
        f = self._handle()
        f.seek(0)
        first = f.readline(1 << 16)
        if not first.endswith(b"\n"):  # new, empty, or torn while its header was written
            self._restart(base)
            return base
        try:
            header = json.loads(first)
        except ValueError:
            raise self._refuse("its header is not JSON") from None
        if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
            raise self._refuse("its header does not name the journal format")
        if header.get("game") != self.spec:
            raise self._refuse(f"it holds heaps of {header.get('game')!r}, not {self.spec}")
        ours = json.loads(self._header(base))
        if (header.get("base_last"), header.get("base_sha256")) != (
            ours["base_last"],
            ours["base_sha256"],
        ):
            self.notes.append(
                f"dropped {self.path}: it continues another version of the saved table"
            )
            self._restart(base)
            return base
        size = os.fstat(f.fileno()).st_size
        if size > MAX_FILE_BYTES:
            raise self._refuse(f"{size:,} bytes is larger than any table")
        pieces = [] if base is None else [np.asarray(base)]
        count = 0 if base is None else len(base)
        good = f.tell()
        while True:
            head = f.read(_RECORD.size)
            if len(head) < _RECORD.size:
                torn = len(head) > 0
                break
            start, n, width, digest = _RECORD.unpack(head)
            if width not in _WIDTHS or start != count or n == 0:
                raise self._refuse(f"a record at byte {good:,} does not follow heap {count - 1}")
            if n * width > size - f.tell():  # past the end: torn (never read blindly)
                torn = True
                break
            data = f.read(n * width)
            if len(data) < n * width:
                torn = True
                break
            if hashlib.sha256(data).digest() != digest:
                raise self._refuse(f"the record of heaps {start}..{start + n - 1} is damaged")
            pieces.append(np.frombuffer(data, dtype=_WIDTHS[width]))
            count += n
            good = f.tell()
            self.records += 1
        if torn:
            self.notes.append(
                f"dropped the last, unfinished record of {self.path} (the run was killed "
                "while writing it)"
            )
        f.truncate(good)
        if not self.records:
            return base
        widest = np.result_type(*(p.dtype for p in pieces))
        return np.concatenate([p.astype(widest) for p in pieces])

    def _restart(self, base: Any) -> None:
        f = self._handle()
        f.truncate(0)
        f.write(self._header(base))
        f.flush()

    def append(self, values: Any, start: int) -> None:
        """Add heaps ``start .. start + len(values) - 1`` (uint16, uint32 or int64 values),
        written through to the disk."""
        if len(values) == 0:
            return
        width = np.dtype(values.dtype).itemsize
        if width not in _WIDTHS:
            raise SolvedFileError(f"cannot journal values of type {values.dtype}")
        data = np.ascontiguousarray(values, dtype=_WIDTHS[width])
        raw = data.tobytes()
        f = self._handle()
        try:
            f.write(
                _RECORD.pack(start, len(data), data.dtype.itemsize, hashlib.sha256(raw).digest())
            )
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
            self.records += 1
        except OSError as e:
            raise SolvedFileError(f"cannot write {self.path}: {e.strerror or e}") from None

    def finish(self) -> None:
        """Remove the journal (its heaps are now in the saved file) and release the lock."""
        self.records = 0
        self.close()
