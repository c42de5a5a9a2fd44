"""Save solved tables to an SQLite file and load them back.

A file holds one :class:`~grundy.search.retrograde.SolvedTable`: a ``meta``
table (format, the game's spec name, root, size) and a ``scores`` table
(state as bytes, packed score). States must be non-negative ints (as for
every built-in game). Loading checks the format, the game and the size and
runs SQLite's integrity check, so a file of another game, a truncated file
or a file that is not a database raises :class:`~grundy.errors.SolvedFileError`;
then the scores themselves are checked against one ply of search
(:func:`verify_table`), so a forged file (scores negated, say) is refused too.

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

import dataclasses
import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from grundy.core.files import atomic_path, check_target, open_regular
from grundy.core.game import Ruleset
from grundy.core.limits import checkpoint
from grundy.errors import SolvedFileError, UnsupportedError
from grundy.search.protocol import MATE, backup, expander, unpack
from grundy.search.retrograde import _TERMINAL_SCORE, SolvedTable

__all__ = ["FORMAT", "check_save_path", "load_table", "save_table", "verify_table"]

#: Written in every file; a file with another format is refused.
FORMAT = "grundy-solved-table/1"

#: The largest file loaded (tables are held in memory as a dict, about 200 bytes a position).
MAX_FILE_BYTES = 1 << 32


def _game_name(game: Any) -> str:
    return game.spec_name() if isinstance(game, Ruleset) else type(game).__name__


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
    table = SolvedTable(
        root=root, scores=scores, algorithm=_short(meta.get("algorithm")), source=str(target)
    )
    try:
        how = verify_table(game, table)
    except SolvedFileError as e:
        raise SolvedFileError(f"{target} is not a true solved table: {e}") from None
    return dataclasses.replace(table, verified=how)


#: Tables of at most this many positions are verified at every position on load ...
FULL_CHECK = 200_000
#: ... larger ones at this many positions drawn at random (and the root).
CHECK_SPOTS = 5_000


def _shown_score(score: int) -> str:
    value, remoteness = unpack(score)
    return value if remoteness is None else f"{value} in {remoteness}"


def verify_table(game: Any, table: SolvedTable, *, seed: int | None = None) -> str:
    """Check ``table`` against one ply of search (:class:`SolvedFileError` if it fails);
    say what was checked.

    At each checked position the saved score must be the one the rules give
    from the saved scores of its options: the game's own result for a finished
    game, a loss when there is no move, else the best ``backup`` of the
    options' scores (each option must be in the table). A table that passes
    this at *every* position is exactly right: by induction on the number of
    moves to the end, every claimed win or loss in ``r`` moves is one, every
    true one is claimed, and what is left is drawn. So tables of at most
    :data:`FULL_CHECK` positions are checked everywhere; larger ones at the root
    and :data:`CHECK_SPOTS` positions drawn from an unpredictable source (``seed``
    for repeatable tests): a forgery wrong at ``d`` of ``N`` positions passes
    with probability at most ``(1 - d/N)**k`` (``k`` positions drawn).

    >>> from grundy.catalog.boards.tictactoe import TicTacToe
    >>> from grundy.search.retrograde import retrograde
    >>> verify_table(TicTacToe(), retrograde(TicTacToe(), 0, max_positions=10_000))
    'all 5,478 positions checked against one ply of search'
    """
    import random  # noqa: PLC0415 (needed only here)

    scores = table.scores
    expand = expander(game)
    if len(scores) <= FULL_CHECK:
        states: Any = scores
        how = f"all {len(scores):,} positions checked against one ply of search"
    else:
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        states = [table.root, *rng.sample(list(scores), CHECK_SPOTS)]
        how = (
            f"the root and {CHECK_SPOTS:,} of {len(scores):,} positions drawn at random "
            "checked against one ply of search"
        )
    name = _game_name(game)
    for done, state in enumerate(states):
        try:
            terminal, options = expand(state)
            options = list(options)
        except Exception:  # a forged state may break the rules' code in any way
            raise SolvedFileError(f"it holds {_short(state)}, not a position of {name}") from None
        if terminal is not None:
            want = _TERMINAL_SCORE[terminal]
        elif not options:
            want = -MATE
        else:
            want = -MATE - 1
            for option in options:
                score = scores.get(option)
                if score is None:
                    raise SolvedFileError(
                        f"position {_short(state)} has a move to {_short(option)}, which the "
                        "table misses"
                    )
                want = max(want, backup(score))
        if scores[state] != want:
            raise SolvedFileError(
                f"position {_short(state)} is saved as {_shown_score(scores[state])}, "
                f"one ply of search gives {_shown_score(want)}"
            )
        if done % 4096 == 4095:
            checkpoint(done, None, "positions checked")
    return how


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
