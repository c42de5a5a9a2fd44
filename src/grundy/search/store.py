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

from grundy.errors import SolvedFileError, UnsupportedError
from grundy.search.retrograde import SolvedTable

__all__ = ["FORMAT", "load_table", "save_table"]

#: Written in every file; a file with another format is refused.
FORMAT = "grundy-solved-table/1"


def _game_name(game: Any) -> str:
    spec = getattr(game, "spec_name", None)
    return str(spec()) if callable(spec) else type(game).__name__


def _to_bytes(state: Any) -> bytes:
    if not isinstance(state, int) or isinstance(state, bool) or state < 0:
        raise UnsupportedError("only tables whose positions are non-negative ints can be saved")
    return state.to_bytes(max(1, (state.bit_length() + 7) // 8), "little")


def save_table(path: str | os.PathLike[str], game: Any, table: SolvedTable) -> None:
    """Write ``table`` (solved for ``game``) to the SQLite file ``path``, replacing it."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.unlink(missing_ok=True)
    with closing(sqlite3.connect(tmp)) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TABLE scores (state BLOB PRIMARY KEY, score INTEGER NOT NULL)")
        meta = {
            "format": FORMAT,
            "game": _game_name(game),
            "root": _to_bytes(table.root).hex(),
            "count": str(len(table)),
            "algorithm": table.algorithm,
        }
        db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        db.executemany(
            "INSERT INTO scores VALUES (?, ?)",
            ((_to_bytes(s), v) for s, v in table.scores.items()),
        )
        db.commit()
    os.replace(tmp, target)


def load_table(path: str | os.PathLike[str], game: Any) -> SolvedTable:
    """Read a table saved by :func:`save_table` for ``game``."""
    target = Path(path)
    if not target.is_file():
        raise SolvedFileError(f"no solved-table file at {target}")
    try:
        with closing(sqlite3.connect(f"{target.resolve().as_uri()}?mode=ro", uri=True)) as db:
            check = db.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise SolvedFileError(f"{target} is a corrupt database ({check})")
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                raise SolvedFileError(
                    f"{target} is not a grundy solved table (format {meta.get('format')!r})"
                )
            name = _game_name(game)
            if meta.get("game") != name:
                raise SolvedFileError(
                    f"{target} holds a table of {meta.get('game')}, not of {name}"
                )
            scores = {
                int.from_bytes(s, "little"): v
                for s, v in db.execute("SELECT state, score FROM scores")
            }
    except sqlite3.DatabaseError as e:
        raise SolvedFileError(f"{target} is not a readable solved table: {e}") from None
    if str(len(scores)) != meta.get("count"):
        raise SolvedFileError(
            f"{target} is incomplete: {len(scores):,} positions, expected {meta.get('count')}"
        )
    root = int.from_bytes(bytes.fromhex(meta["root"]), "little")
    if root not in scores:
        raise SolvedFileError(f"{target} does not contain its own root position")
    return SolvedTable(root=root, scores=scores, algorithm=f"{meta.get('algorithm')}, loaded")
