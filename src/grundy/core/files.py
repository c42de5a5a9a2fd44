"""The files grundy reads and writes: regular files only, bounded reads, atomic writes.

Every file a command names (``--save``, ``--out``, ``--svg``, ``--load``,
``@FILE``) goes through this module:

* **Regular files only.** A directory, device node, FIFO or socket is refused
  with one line (:class:`~grundy.errors.SolvedFileError`) before anything is
  written or read, so ``--save /dev/null`` never replaces ``/dev/null`` and a
  FIFO never blocks: files are opened with ``O_NONBLOCK`` and checked with
  ``fstat`` on the open descriptor, so a path swapped after the check cannot
  slip through.
* **Bounded reads.** :func:`read_bytes` refuses a file larger than its cap
  from its size before reading, and never reads more than one byte past the cap.
* **Atomic writes.** :func:`atomic_write` and :func:`atomic_path` write to a
  temporary file in the same folder, named ``.NAME.grundy-tmp-PID-XXXXXXXX``,
  and rename it over ``NAME`` only once it is complete (after ``fsync``). An
  interrupted write (``kill -9``) leaves only such a temporary file; every later
  write into that folder removes the temporary files of processes that are no
  longer running (:func:`clean_stale`), so nothing accumulates.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "out.txt")
>>> with atomic_write(path) as f:
...     _ = f.write(b"hello")
>>> read_bytes(path, limit=100)
b'hello'
>>> read_bytes(folder, limit=100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.errors.SolvedFileError: cannot read ...: it is a directory, not a regular file
>>> sorted(os.listdir(folder))
['out.txt']
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable, Iterator
from typing import IO, Any

from grundy.errors import SolvedFileError

__all__ = [
    "TEMP_MARK",
    "atomic_path",
    "atomic_write",
    "check_target",
    "clean_stale",
    "file_of",
    "open_regular",
    "read_bytes",
    "read_text",
]

#: Every temporary file grundy writes has this in its name: ``.NAME.grundy-tmp-PID-XXXXXXXX``.
TEMP_MARK = ".grundy-tmp-"

_TEMP = re.compile(r"^\..*" + re.escape(TEMP_MARK) + r"(\d{1,10})-[0-9a-f]{8}$")

#: What a file that is not a regular file is, by its mode.
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def _shown(path: Any) -> str:
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else repr(path)
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return text if len(text) <= 120 else text[:120] + "..."


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _why(e: OSError) -> str:
    return e.strerror or type(e).__name__


def _text_path(path: Any, verb: str) -> str:
    """``path`` as text, or one line for anything that is not a usable path."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise SolvedFileError(
            f"cannot {verb} a file: the path must be text, got {type(path).__name__}"
        )
    if not path or "\x00" in path:
        raise SolvedFileError(f"cannot {verb} {_shown(path)!r}: not a usable path")
    return path


def check_target(path: Any) -> str:
    """``path`` (as text) if a file can be written there, else :class:`SolvedFileError`.

    The folder must exist, and ``path``, if it exists (following links), must be a
    regular file: a directory, device, FIFO or socket is refused. Called by every
    command before its work starts, it also removes the folder's temporary files
    left by killed runs (:func:`clean_stale`).

    >>> check_target("/dev/null")
    Traceback (most recent call last):
    ...
    grundy.errors.SolvedFileError: cannot write /dev/null: it is a character device, not a \
regular file
    >>> check_target("/no/such/dir/t.npz")
    Traceback (most recent call last):
    ...
    grundy.errors.SolvedFileError: cannot write /no/such/dir/t.npz: the folder /no/such/dir \
does not exist
    """
    text = _text_path(path, "write")
    try:
        info = os.stat(text)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(text))
        if not os.path.isdir(folder):
            raise SolvedFileError(
                f"cannot write {_shown(text)}: the folder {_shown(folder)} does not exist"
            ) from None
        clean_stale(folder)
        return text
    except OSError as e:
        raise SolvedFileError(f"cannot write {_shown(text)}: {_why(e)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise SolvedFileError(
            f"cannot write {_shown(text)}: it is {_kind(info.st_mode)}, not a regular file"
        )
    clean_stale(os.path.dirname(os.path.abspath(text)))
    return text


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError, OSError):
        return True  # someone else's process, or a number we cannot ask about: keep the file
    return True


def clean_stale(folder: str) -> list[str]:
    """Remove the temporary files of finished processes from ``folder``; the names removed.

    Only names of the form ``.NAME.grundy-tmp-PID-XXXXXXXX`` whose process ``PID``
    is no longer running are removed (a live run's temporary file is left alone).
    Errors (a folder that cannot be listed, a file removed meanwhile) are ignored.
    """
    if os.name != "posix":  # pragma: no cover - process ids are checked on POSIX only
        return []
    removed = []
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return []
    for name in names:
        match = _TEMP.match(name)
        if match is None or _pid_alive(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            full = os.path.join(folder, name)
            if stat.S_ISREG(os.lstat(full).st_mode):
                os.unlink(full)
                removed.append(name)
    return removed


def _temp_for(path: str) -> str:
    folder, base = os.path.split(os.path.abspath(path))
    return os.path.join(folder, f".{base}{TEMP_MARK}{os.getpid()}-{os.urandom(4).hex()}")


@contextlib.contextmanager
def atomic_path(path: Any) -> Iterator[str]:
    """A temporary path beside ``path``; renamed over ``path`` when the block ends normally.

    The caller writes the whole file at the yielded path (e.g. an SQLite database);
    on an exception the temporary file is removed and ``path`` is untouched.
    Stale temporary files of dead processes in the folder are removed first.
    """
    target = check_target(path)
    folder = os.path.dirname(os.path.abspath(target))
    clean_stale(folder)
    temp = _temp_for(target)
    try:
        yield temp
        check_target(target)  # it may have become a FIFO or a folder meanwhile
        os.replace(temp, target)
    except OSError as e:
        raise SolvedFileError(f"cannot write {_shown(target)}: {_why(e)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


@contextlib.contextmanager
def atomic_write(path: Any) -> Iterator[IO[bytes]]:
    """A binary file to write; it replaces ``path`` (after ``fsync``) when the block ends.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x")
    >>> with atomic_write(path) as f:
    ...     _ = f.write(b"1")
    ...     os.path.exists(path)
    False
    >>> os.path.exists(path)
    True
    """
    with atomic_path(path) as temp:
        try:
            fd = os.open(
                temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666
            )
        except OSError as e:
            raise SolvedFileError(f"cannot write {_shown(path)}: {_why(e)}") from None
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())


def open_regular(path: Any, limit: int, what: str = "file") -> IO[bytes]:
    """``path`` opened for binary reading if it is a regular file of at most ``limit`` bytes.

    Opened without blocking (a FIFO is refused, not waited on) and checked on the
    open descriptor. Anything else raises :class:`SolvedFileError` with one line.
    """
    text = _text_path(path, "read")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(text, flags)
    except OSError as e:
        try:  # a folder or a socket cannot be opened: say what it is
            mode = os.stat(text).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise SolvedFileError(
                f"cannot read {_shown(text)}: it is {_kind(mode)}, not a regular file"
            ) from None
        raise SolvedFileError(f"cannot read {_shown(text)}: {_why(e)}") from None

    def check(info: os.stat_result) -> None:
        if not stat.S_ISREG(info.st_mode):
            raise SolvedFileError(
                f"cannot read {_shown(text)}: it is {_kind(info.st_mode)}, not a regular file"
            )
        if info.st_size > limit:
            raise SolvedFileError(
                f"cannot read {_shown(text)}: {info.st_size:,} bytes, more than any {what} "
                f"({limit:,} bytes at most)"
            )

    return file_of(fd, "rb", check)


def file_of(fd: int, mode: str, check: Callable[[os.stat_result], None]) -> IO[bytes]:
    """The file object (binary ``mode``) of ``fd``, a descriptor opened without blocking (so
    that opening a FIFO did not wait), once ``check(os.fstat(fd))`` has not raised: back in
    blocking mode. ``fd`` is closed when anything fails.
    """
    try:
        check(os.fstat(fd))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, mode)
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: Any, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path`` if it has at most ``limit`` of them.

    The size is checked before reading, and at most ``limit + 1`` bytes are read
    (a file that grows meanwhile is refused too). Memory is taken as the file's size,
    not the cap: ``read(limit + 1)`` asked for the whole cap at once (a checkpoint of
    38 MB read under ``ulimit -v 8000000`` failed as "out of memory").
    """
    with open_regular(path, limit, what) as f:
        try:
            size = os.fstat(f.fileno()).st_size
            chunks, total = [], 0
            want = min(limit + 1, size + 1)
            while total <= limit:
                chunk = f.read(min(want, limit + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                want = 1 << 20  # grown meanwhile: read on, a MiB at a time
            data = b"".join(chunks)
        except OSError as e:
            raise SolvedFileError(f"cannot read {_shown(path)}: {_why(e)}") from None
    if len(data) > limit:
        raise SolvedFileError(
            f"cannot read {_shown(path)}: more than any {what} ({limit:,} bytes at most)"
        )
    return data


def read_text(path: Any, limit: int, what: str = "file") -> str:
    """:func:`read_bytes` decoded as UTF-8 (one line if it is not text)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SolvedFileError(f"cannot read {_shown(path)}: it is not a text file") from None
