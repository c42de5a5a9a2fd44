"""Save solved tables to an SQLite file and load them back.

A file holds one :class:`~grundy.search.retrograde.SolvedTable`: a ``meta``
table (format, the game's spec name, root, size) and a ``scores`` table
(state as bytes, packed score). States must be non-negative ints (as for
every built-in game). Loading checks the format, the game and the size and
runs SQLite's integrity check, so a file of another game, a truncated file
or a file that is not a database raises :class:`~grundy.errors.SolvedFileError`.

>>> import tempfile, os
>>> from grundy.catalog.boards.tictactoe import TicTacToe
>>> from grundy.search.retrograde import retrograde
>>> table = retrograde(TicTacToe(), 0, max_positions=10_000)
>>> path = os.path.join(tempfile.mkdtemp(), "ttt.sqlite")
>>> save_table(path, TicTacToe(), table)
>>> again = load_table(path, TicTacToe())
>>> again.scores == table.scores, again.value(0)
(True, 'draw')
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from grundy.core.files import atomic_path, check_target, open_regular
from grundy.errors import SolvedFileError, UnsupportedError
from grundy.search.protocol import MATE
from grundy.search.retrograde import SolvedTable

__all__ = ["FORMAT", "check_save_path", "load_table", "save_table"]

#: Written in every file; a file with another format is refused.
FORMAT = "grundy-solved-table/1"

#: The largest file loaded (tables are held in memory as a dict, about 200 bytes a position).
MAX_FILE_BYTES = 1 << 32


def _game_name(game: Any) -> str:
    spec = getattr(game, "spec_name", None)
    return str(spec()) if callable(spec) else type(game).__name__


def _to_bytes(state: Any) -> bytes:
    if not isinstance(state, int) or isinstance(state, bool) or state < 0:
        raise UnsupportedError("only tables whose positions are non-negative ints can be saved")
    return state.to_bytes(max(1, (state.bit_length() + 7) // 8), "little")


def _path(path: Any, verb: str) -> Path:
    """``path`` as a :class:`Path`, or :class:`SolvedFileError` for anything but a text path."""
    if isinstance(path, (bytes, bytearray)) or not isinstance(path, (str, os.PathLike)):
        raise SolvedFileError(
            f"cannot {verb} a solved table: the path must be text, got {type(path).__name__}"
        )
    target = Path(path)
    if not str(target) or str(target) == ".":
        raise SolvedFileError(f"cannot {verb} a solved table: the path is empty")
    return target


def check_save_path(path: Any) -> Path:
    """``path`` as a :class:`Path` if a table can be saved there, else :class:`SolvedFileError`.

    Called before a long search (``grundy solve ... --save FILE``) so that a
    mistyped folder is refused at once, not after the work is done.

    >>> check_save_path("/no/such/dir/t.sqlite")
    Traceback (most recent call last):
    ...
    grundy.errors.SolvedFileError: cannot save to /no/such/dir/t.sqlite: the directory \
/no/such/dir does not exist
    """
    target = _path(path, "save")
    if not target.parent.is_dir():
        raise SolvedFileError(
            f"cannot save to {target}: the directory {target.parent} does not exist"
        )
    check_target(str(target))
    return target


def save_table(path: str | os.PathLike[str], game: Any, table: SolvedTable) -> None:
    """Write ``table`` (solved for ``game``) to the SQLite file ``path``, replacing it.

    The file is written under a unique temporary name beside it and then moved
    into place, so an interrupted save leaves any earlier file whole. A path in
    a missing directory, a directory, or a path that is not text raises
    :class:`SolvedFileError`.

    >>> from grundy.catalog.boards.tictactoe import TicTacToe
    >>> from grundy.search.retrograde import retrograde
    >>> save_table("/no/such/dir/t.sqlite", TicTacToe(), retrograde(TicTacToe(), 0,
    ...     max_positions=10_000))
    Traceback (most recent call last):
    ...
    grundy.errors.SolvedFileError: cannot save to /no/such/dir/t.sqlite: the directory \
/no/such/dir does not exist
    """
    target = check_save_path(path)
    meta = {
        "format": FORMAT,
        "game": _game_name(game),
        "root": _to_bytes(table.root).hex(),
        "count": str(len(table)),
        "algorithm": table.algorithm,
    }
    try:
        with atomic_path(str(target)) as tmp, closing(sqlite3.connect(tmp)) as db:
            db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("CREATE TABLE scores (state BLOB PRIMARY KEY, score INTEGER NOT NULL)")
            db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            db.executemany(
                "INSERT INTO scores VALUES (?, ?)",
                ((_to_bytes(s), v) for s, v in table.scores.items()),
            )
            db.commit()
    except (OSError, sqlite3.Error) as e:
        raise SolvedFileError(f"cannot save to {target}: {_why(e)}") from None


def _why(e: BaseException) -> str:
    text = getattr(e, "strerror", None) or str(e) or type(e).__name__
    return text if len(text) <= 80 else text[:80] + "..."


def _valid_score(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -MATE <= v <= MATE


def load_table(path: str | os.PathLike[str], game: Any) -> SolvedTable:
    """Read a table saved by :func:`save_table` for ``game``.

    Every way a file can be wrong (missing, not a database, another game, a
    missing or malformed root, states that are not bytes, scores that are not
    scores, fewer rows than promised) raises :class:`SolvedFileError` with one line.
    """
    target = _path(path, "load")
    if not target.exists():
        raise SolvedFileError(f"no solved-table file at {target}")
    open_regular(str(target), MAX_FILE_BYTES, "solved table").close()
    try:
        with closing(sqlite3.connect(f"{target.resolve().as_uri()}?mode=ro", uri=True)) as db:
            check = db.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise SolvedFileError(f"{target} is a corrupt database ({check})")
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                found = _short(repr(meta.get("format")))
                raise SolvedFileError(f"{target} is not a grundy solved table (format {found})")
            name = _game_name(game)
            if meta.get("game") != name:
                raise SolvedFileError(
                    f"{target} holds a table of {_short(meta.get('game'))}, not of {name}"
                )
            root = _root(target, meta.get("root"))
            scores: dict[int, int] = {}
            for s, v in db.execute("SELECT state, score FROM scores"):
                if not isinstance(s, bytes):
                    raise SolvedFileError(
                        f"{target} has a state stored as {type(s).__name__}, not bytes"
                    )
                if not _valid_score(v):
                    raise SolvedFileError(f"{target} has an invalid score {_short(v)}")
                scores[int.from_bytes(s, "little")] = v
    except sqlite3.DatabaseError as e:
        raise SolvedFileError(f"{target} is not a readable solved table: {_why(e)}") from None
    except OSError as e:
        raise SolvedFileError(f"cannot read {target}: {_why(e)}") from None
    if str(len(scores)) != meta.get("count"):
        raise SolvedFileError(
            f"{target} is incomplete: {len(scores):,} positions, "
            f"expected {_short(meta.get('count'))}"
        )
    if root not in scores:
        raise SolvedFileError(f"{target} does not contain its own root position")
    return SolvedTable(
        root=root, scores=scores, algorithm=_short(meta.get("algorithm")), source=str(target)
    )


def _root(target: Path, text: Any) -> int:
    if text is None:
        raise SolvedFileError(f"{target} has no root position in its meta table")
    try:
        return int.from_bytes(bytes.fromhex(text), "little")
    except (TypeError, ValueError):
        raise SolvedFileError(f"{target} has a malformed root {_short(text)}") from None


def _short(value: Any) -> str:
    """``value`` for a message: text as it is, anything else as its repr, cut to 60."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:60] + "..."
