"""The census database: one SQLite file, written by the client only, one row per code.

Each result is committed as it arrives (WAL journal), so a client killed at
any moment loses only the codes still being computed, and a census run again
skips the codes already done. Codes whose sequences are known to be identical
share a ``sequence_key`` (see :func:`grundy.census.compute.sequence_key`);
:meth:`CensusStore.groups` lists them.

>>> import tempfile, os
>>> from grundy.census.family import CensusItem
>>> from grundy.census.compute import CensusParams, compute_item
>>> path = os.path.join(tempfile.mkdtemp(), "census.db")
>>> params = CensusParams(heaps=2048)
>>> items = [CensusItem.from_text(c) for c in ("0.07", "0.137", "0.4")]
>>> with CensusStore(path) as db:
...     run = db.start_run("list:0.07,0.137,0.4", params, "doctest")
...     db.put(compute_item(items[0], params), run)
...     [i.code for i in db.pending(items, params)]
['0.137', '0.4']
>>> with CensusStore(path) as db:
...     [(r["code"], r["period"], r["preperiod"]) for r in db.rows()]
[('0.07', 34, 53)]
"""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import os
import socket
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from grundy.census.compute import CensusParams, CodeResult
from grundy.census.family import CensusItem
from grundy.census.verify import check_row
from grundy.core.files import check_target
from grundy.errors import InvalidSpecError, SolvedFileError

__all__ = ["FORMAT", "STOPPED", "CensusStore", "RowFilter", "rows_to_csv", "rows_to_json"]

#: The schema version stored in the ``meta`` table.
FORMAT = "grundy-census-1"

_TYPES = {
    "code": "TEXT PRIMARY KEY",
    "label": "TEXT NOT NULL",
    "heaps_asked": "INTEGER NOT NULL",
    "heaps": "INTEGER NOT NULL",
    "stopped": "TEXT NOT NULL",
    "values_hash": "TEXT NOT NULL",
    "sequence_key": "TEXT NOT NULL",
    "largest": "INTEGER NOT NULL",
    "distinct_values": "INTEGER NOT NULL",
    "proved": "INTEGER NOT NULL",
    "preperiod": "INTEGER",
    "period": "INTEGER",
    "saltus": "INTEGER NOT NULL",
    "proof_bound": "INTEGER",
    "reason": "TEXT NOT NULL",
    "last_exceptional": "INTEGER",
    "rare_mask": "INTEGER",
    "rare_heaps": "INTEGER",
    "last_rare_heap": "INTEGER",
    "misere_asked": "INTEGER",
    "misere_reached": "INTEGER",
    "misere_order": "INTEGER",
    "misere_status": "TEXT",
    "kernel": "TEXT NOT NULL",
    "seconds": "REAL NOT NULL",
    "cpu_seconds": "REAL NOT NULL",
    "worker": "TEXT NOT NULL",
    # the literature's columns beyond largest and the rare mask (added later: older
    # databases gain them on opening, NULL in their rows)
    "largest_at": "INTEGER",
    "rare_values": "INTEGER",
    "last_rare_value": "INTEGER",
    # a copy of the row of a code with provably the same sequence (grundy.census.equivalent)
    "same_as": "TEXT",
    "same_as_reason": "TEXT",
}

#: Columns added after the first release of the format, with their types.
_ADDED = ("largest_at", "rare_values", "last_rare_value", "same_as", "same_as_reason")
assert list(_TYPES) == CodeResult.field_names()

#: Columns of a row beyond the result's fields.
EXTRA = ("run", "finished_at")

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, family TEXT NOT NULL, params TEXT NOT NULL, cluster TEXT NOT NULL,
    started_at TEXT NOT NULL, finished_at TEXT, codes INTEGER, computed INTEGER,
    skipped INTEGER, errors INTEGER, status TEXT);
CREATE TABLE IF NOT EXISTS codes (
    {", ".join(f"{k} {v}" for k, v in _TYPES.items())},
    run INTEGER, finished_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS codes_by_sequence ON codes (sequence_key);
"""


#: The status of a run whose process ended before it did (``kill -9``).
STOPPED = "stopped: its process ended before the run finished (killed?)"

#: The columns that say which process runs a census run.
_RUN_OWNER = (("pid", "INTEGER"), ("host", "TEXT"))

_HOST = socket.gethostname()


def _alive(pid: int) -> bool:
    """True when a process ``pid`` runs on this machine."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process (or a pid this system cannot hold)
    return True


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass(frozen=True)
class RowFilter:
    """What ``grundy census show`` selects: a glob on the code or label, the way the code
    stopped, proved or not, a period, and a most number of rows."""

    code: str | None = None
    stopped: str | None = None
    proved: bool | None = None
    period: int | None = None
    limit: int | None = None

    def keep(self, row: dict[str, Any]) -> bool:
        """True when ``row`` passes every condition given."""
        if self.code is not None and not (
            fnmatch.fnmatchcase(row["code"], self.code)
            or fnmatch.fnmatchcase(row["label"], self.code)
        ):
            return False
        if self.stopped is not None and row["stopped"] != self.stopped:
            return False
        if self.proved is not None and bool(row["proved"]) != self.proved:
            return False
        return self.period is None or row["period"] == self.period


class CensusStore:
    """A census database (created if missing). Use as a context manager; one writer."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        #: ``(code, why)`` of each stored row the last :meth:`pending` refused to reuse.
        self.refused: list[tuple[str, str]] = []
        # Through the file layer: a device, FIFO or folder is refused in one line before
        # SQLite opens it (a FIFO would block it).
        try:
            check_target(path)
        except SolvedFileError as e:
            raise SolvedFileError(str(e).replace("cannot write", "cannot open", 1)) from None
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            self.db.row_factory = sqlite3.Row
            found = self.db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name='meta'"
            ).fetchone()
            tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if found is None and tables:
                raise SolvedFileError(f"{self.path} is an SQLite file but not a census database")
            if found is not None:
                fmt = self.db.execute("SELECT value FROM meta WHERE key='format'").fetchone()
                if fmt is None or fmt[0] != FORMAT:
                    raise SolvedFileError(
                        f"{self.path} is a census database of another version "
                        f"({fmt[0] if fmt else 'none'}; this grundy reads {FORMAT})"
                    )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(runs)")}
            for name, kind in _RUN_OWNER:  # added to databases of earlier versions
                if name not in columns:
                    self.db.execute(f"ALTER TABLE runs ADD COLUMN {name} {kind}")
            self._add_columns()
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (FORMAT,))
            self.db.commit()
        except sqlite3.DatabaseError as e:
            raise SolvedFileError(f"{self.path} is not a census database ({e})") from None

    def _add_columns(self) -> None:
        """Give a database written before :data:`_ADDED` existed those columns."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(codes)")}
        for name in _ADDED:
            if name not in have:
                self.db.execute(f"ALTER TABLE codes ADD COLUMN {name} {_TYPES[name]}")

    def __enter__(self) -> CensusStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Commit and close."""
        self.db.commit()
        self.db.close()

    # ----- writing (the client) ------------------------------------------------------

    def start_run(self, family: str, params: CensusParams, cluster: str) -> int:
        """Record the start of a census run; returns its id. Runs still marked ``running``
        whose process has ended (killed with -9, or a machine that went down) are marked
        :data:`STOPPED` first (:meth:`mark_stopped_runs`)."""
        self.mark_stopped_runs()
        cur = self.db.execute(
            "INSERT INTO runs (family, params, cluster, started_at, status, pid, host) "
            "VALUES (?, ?, ?, ?, 'running', ?, ?)",
            (family, json.dumps(asdict(params)), cluster, _now(), os.getpid(), _HOST),
        )
        self.db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    def mark_stopped_runs(self) -> list[int]:
        """Mark :data:`STOPPED` every run still ``running`` whose process is not running:
        one of this machine whose process has ended, or one recorded without its process
        (an earlier version). A run of another machine is left as it is (one writer per
        database: the docs). Returns the ids marked.

        >>> import tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "census.db")
        >>> with CensusStore(path) as db:
        ...     run = db.start_run("list:0.07", CensusParams(heaps=64), "doctest")
        ...     _ = db.db.execute("UPDATE runs SET pid=? WHERE id=?", (2**22 + 1, run))
        ...     db.mark_stopped_runs(), db.runs()[0]["status"]
        ([1], 'stopped: its process ended before the run finished (killed?)')
        """
        stopped = []
        for row in self.db.execute("SELECT id, pid, host FROM runs WHERE status='running'"):
            if row["host"] not in (None, _HOST):
                continue
            pid = row["pid"]
            if pid is not None and (pid == os.getpid() or _alive(pid)):
                continue
            stopped.append(row["id"])
        for run in stopped:
            self.db.execute("UPDATE runs SET status=? WHERE id=?", (STOPPED, run))
        self.db.commit()
        return stopped

    def finish_run(
        self, run: int, *, codes: int, computed: int, skipped: int, errors: int, status: str
    ) -> None:
        """Record how a run ended (``done``, ``interrupted``, ``failed``)."""
        self.db.execute(
            "UPDATE runs SET finished_at=?, codes=?, computed=?, skipped=?, errors=?, status=? "
            "WHERE id=?",
            (_now(), codes, computed, skipped, errors, status, run),
        )
        self.db.commit()

    def put(self, result: CodeResult, run: int | None = None) -> None:
        """Store one result (replacing an older row of the same code) and commit it."""
        values = [*asdict(result).values(), run, _now()]
        names = [*CodeResult.field_names(), *EXTRA]
        self.db.execute(
            f"INSERT OR REPLACE INTO codes ({', '.join(names)}) "
            f"VALUES ({', '.join('?' * len(names))})",
            values,
        )
        self.db.commit()

    # ----- reading -----------------------------------------------------------------

    def pending(
        self,
        items: Sequence[CensusItem],
        params: CensusParams,
        *,
        redo: bool = False,
        verify: bool = True,
    ) -> list[CensusItem]:
        """The items not yet done with ``params``: a stored row counts as done when its
        period is proved or it went as far as asked (the same N or more; the same misère
        heap or more), and did not fail. A row with a proved period is checked first
        (:func:`grundy.census.verify.check_row`); one that fails is not done, and
        :attr:`refused` lists ``(code, why)`` for each."""
        self.refused = []
        if redo:
            return list(items)
        wanted = {i.code: i for i in items}
        done: set[str] = set()
        for found in self.db.execute("SELECT * FROM codes"):
            row = dict(found)
            if row["stopped"] == "error" or row["code"] not in wanted:
                continue
            table_done = bool(row["proved"]) or row["heaps_asked"] >= params.heaps
            misere_done = params.misere is None or (
                row["misere_asked"] is not None and row["misere_asked"] >= params.misere
            )
            if table_done and misere_done:
                why = check_row(wanted[row["code"]], row) if verify else None
                if why is None:
                    done.add(row["code"])
                else:
                    self.refused.append((row["code"], why))
        return [i for i in items if i.code not in done]

    def rows(self, where: RowFilter | None = None) -> list[dict[str, Any]]:
        """Stored rows (dicts, every column), in code order, filtered by ``where``."""
        keep = where or RowFilter()
        out: list[dict[str, Any]] = []
        for row in self.db.execute("SELECT * FROM codes ORDER BY length(code), code"):
            d = dict(row)
            d["proved"] = bool(d["proved"])
            if keep.keep(d):
                out.append(d)
                if keep.limit is not None and len(out) >= keep.limit:
                    break
        return out

    def groups(self, *, smallest: int = 2) -> list[list[str]]:
        """Codes with identical sequences, groups of at least ``smallest`` codes, largest
        groups first."""
        found: dict[str, list[str]] = {}
        for row in self.db.execute(
            "SELECT code, sequence_key FROM codes WHERE stopped != 'error' "
            "ORDER BY length(code), code"
        ):
            found.setdefault(row["sequence_key"], []).append(row["code"])
        out = [codes for codes in found.values() if len(codes) >= smallest]
        out.sort(key=lambda g: (-len(g), len(g[0]), g[0]))
        return out

    def runs(self) -> list[dict[str, Any]]:
        """Every run recorded, oldest first."""
        return [dict(r) for r in self.db.execute("SELECT * FROM runs ORDER BY id")]

    def count(self) -> int:
        """The number of codes stored."""
        n: int = self.db.execute("SELECT count(*) FROM codes").fetchone()[0]
        return n


def rows_to_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows as CSV text with a header line (every column)."""
    out = io.StringIO()
    writer = csv.DictWriter(
        out, fieldnames=[*CodeResult.field_names(), *EXTRA], lineterminator="\n"
    )
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()


def rows_to_json(rows: Iterable[dict[str, Any]]) -> str:
    """The rows as a JSON array of objects."""
    return json.dumps(list(rows), indent=None)


def parse_stopped(text: str) -> str:
    """Check a ``--stopped`` value.

    >>> parse_stopped("proved")
    'proved'
    """
    allowed = ("proved", "heaps", "limit", "time", "error")
    if text not in allowed:
        raise InvalidSpecError(f"unknown stop reason {text!r}", "one of " + ", ".join(allowed))
    return text
