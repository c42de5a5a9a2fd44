"""Checkpoints of a quotient computation: a JSON file with a header and a checksum.

The file holds ``{"format", "version", "game", "sha256", "data"}`` where ``data``
is the builder's state and ``sha256`` the checksum of ``data`` written
canonically. Version 2 stores the monoid as the actions of its generators
(``acts[j][x]`` = ``x`` times ``gens[j]``, the heaps' elements): ``order × g``
numbers where the table of version 1 took ``order²`` (read still).
When a bound stopped the search of heap ``done + 1`` part way, ``data`` also
holds ``pending``: the candidate that search had reached (``heap``, ``tries``,
``is_p``, ``phi``, ``gens``, ``acts``), and loading the file goes on from it
(:attr:`~grundy.quotient.build.QuotientBuilder.pending`); older readers ignore it.
It is replaced atomically (a unique temporary name, then
``os.replace``: :func:`grundy.core.files.atomic_write`); devices, FIFOs and
folders are refused, and a file over :data:`MAX_FILE_BYTES` is refused
unread. A damaged file, or one of another game, raises
:class:`~grundy.errors.SolvedFileError`.

A checksum only catches damage: whoever edits the file can recompute it. So
every loaded state is verified exactly, never trusted: the monoid, its
P-portion and pretending function against the game's rules
(:meth:`~grundy.quotient.build.QuotientBuilder.restore`), and the heaps at
which the quotient grew against its own elements (:func:`growth_heaps`).

>>> import os, tempfile
>>> from grundy.core.game import HeapGame
>>> class Nim(HeapGame):
...     def moves(self, n):
...         return range(n)
>>> from grundy.quotient.build import Pending, QuotientBuilder
>>> b = QuotientBuilder(Nim()); b.extend(3)
>>> path = os.path.join(tempfile.mkdtemp(), "nim.json")
>>> save_checkpoint(path, "nim", b)
>>> load_checkpoint(path, Nim(), "nim").done
3
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

from grundy.core.files import atomic_write, read_bytes
from grundy.core.game import ImpartialGame
from grundy.errors import SolvedFileError
from grundy.kernels.quotient import Table
from grundy.quotient.build import Pending, QuotientBuilder
from grundy.quotient.monoid import Pretension, reduce_pretension, table_from_actions

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "MAX_PENDING_NUMBERS",
    "VERSION",
    "growth_heaps",
    "load_checkpoint",
    "save_checkpoint",
    "saved_search",
]

FORMAT = "grundy-misere-quotient"
#: The largest checkpoint read (a quotient of thousands of elements takes a few MB).
MAX_FILE_BYTES = 1 << 28
VERSION = 2
#: The largest candidate saved part way (numbers in its actions, about 8 bytes each in the
#: file: the file stays well under MAX_FILE_BYTES); a larger one is not saved, and the
#: search of its heap starts again from the heap's first candidate.
MAX_PENDING_NUMBERS = 12_000_000


def _checksum(data: dict[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def saved_search(builder: QuotientBuilder) -> Pending | None:
    """The search stopped part way that :func:`save_checkpoint` keeps (None when there is
    none, or when its candidate has more than :data:`MAX_PENDING_NUMBERS` numbers)."""
    pending = builder.pending
    if (
        pending is None
        or pending.heap != builder.done + 1
        or pending.trial.order * len(pending.trial.gens) > MAX_PENDING_NUMBERS
    ):
        return None
    return pending


def save_checkpoint(path: str, spec: str, builder: QuotientBuilder) -> None:
    """Write the builder's state for game ``spec`` to ``path`` atomically."""
    gens = sorted(set(builder.phi) - {0})
    data = {
        "done": builder.done,
        "gens": gens,
        "acts": [builder.table[:, g].tolist() for g in gens],
        "is_p": builder.is_p,
        "phi": builder.phi,
        "changed_at": builder.changed_at,
    }
    pending = saved_search(builder)
    if pending is not None:
        trial = pending.trial
        data["pending"] = {
            "heap": pending.heap,
            "tries": pending.tries,
            "is_p": trial.is_p,
            "phi": trial.phi,
            "gens": trial.gens,
            "acts": [np.asarray(a).tolist() for a in trial.acts],
        }
    body = {
        "format": FORMAT,
        "version": VERSION,
        "game": spec,
        "sha256": _checksum(data),
        "data": data,
    }
    with atomic_write(path) as f:
        f.write(json.dumps(body, separators=(",", ":")).encode("utf-8"))


def load_checkpoint(path: str, game: ImpartialGame[int], spec: str) -> QuotientBuilder:
    """A builder restored from ``path`` (which must hold game ``spec``)."""
    text = read_bytes(path, MAX_FILE_BYTES, "quotient checkpoint")
    try:
        body = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SolvedFileError(f"{path} is damaged: not a misère quotient file") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise SolvedFileError(f"{path} is not a misère quotient file")
    if body.get("version") not in {1, VERSION}:
        raise SolvedFileError(f"{path} has version {body.get('version')!r}, expected {VERSION}")
    if body.get("game") != spec:
        raise SolvedFileError(f"{path} holds the quotient of {body.get('game')}, not {spec}")
    data = body.get("data")
    if not isinstance(data, dict) or body.get("sha256") != _checksum(data):
        raise SolvedFileError(f"{path} is damaged: its checksum does not match")
    builder = QuotientBuilder(game)
    try:
        is_p, phi = data["is_p"], data["phi"]
        size = len(is_p)
        mul = data["mul"] if body["version"] == 1 else _table(data["gens"], data["acts"], size)
        if not (
            size >= 1
            and len(mul) == size
            and all(len(row) == size and all(0 <= v < size for v in row) for row in mul)
            and all(0 <= x < size for x in phi)
            and len(phi) == data["done"] + 1
        ):
            raise ValueError("inconsistent sizes")
        changed_at = data["changed_at"]
        if not isinstance(changed_at, list):
            raise TypeError("changed_at is not a list")
        builder.restore(mul, [bool(v) for v in is_p], phi, list(changed_at))
        if "pending" in data:
            _resume(builder, data["pending"])
    except (KeyError, TypeError, ValueError, OverflowError) as e:
        raise SolvedFileError(f"{path} is damaged: {e}") from None
    true = growth_heaps(builder.table, builder.is_p, builder.phi)
    if changed_at != true:
        raise SolvedFileError(
            f"{path} is not a true quotient checkpoint: it says the quotient grew at heaps "
            f"{_short(changed_at)}, its own elements say {_short(true)}"
        )
    return builder


def _resume(builder: QuotientBuilder, saved: Any) -> None:
    """Give ``builder`` the search saved part way (ValueError unless it is a well-formed
    candidate: :meth:`~grundy.quotient.build.QuotientBuilder.resume_from`)."""
    if not isinstance(saved, dict):
        raise TypeError("pending is not an object")
    is_p, phi, gens, acts = saved["is_p"], saved["phi"], saved["gens"], saved["acts"]
    heap, tries = saved["heap"], saved["tries"]
    if not (
        isinstance(heap, int)
        and isinstance(tries, int)
        and isinstance(is_p, list)
        and all(isinstance(v, bool) for v in is_p)
        and isinstance(phi, list)
        and all(isinstance(x, int) and 0 <= x < len(is_p) for x in phi)
        and isinstance(gens, list)
        and all(isinstance(g, int) for g in gens)
        and isinstance(acts, list)
        and all(isinstance(a, list) and all(isinstance(v, int) for v in a) for a in acts)
    ):
        raise ValueError("the search saved part way is not a candidate")
    cols = [np.asarray(a, dtype=np.int64) for a in acts]
    builder.resume_from(heap, Pretension(is_p, phi, gens, cols), tries)


def _table(gens: Any, acts: Any, size: int) -> list[list[int]]:
    """The table generated by saved actions (ValueError unless they are consistent:
    :meth:`~grundy.quotient.build.QuotientBuilder.restore` then checks the monoid laws)."""
    if not (
        isinstance(gens, list)
        and isinstance(acts, list)
        and len(gens) == len(acts)
        and all(isinstance(g, int) and 0 < g < size for g in gens)
        and all(
            isinstance(a, list)
            and len(a) == size
            and all(isinstance(v, int) and 0 <= v < size for v in a)
            for a in acts
        )
    ):
        raise ValueError("inconsistent generators")
    cols = [np.asarray(a, dtype=np.int64) for a in acts]
    table = table_from_actions(cols, size, lambda _steps: None)
    if any((table[:, g] != c).any() for g, c in zip(gens, cols, strict=True)):
        raise ValueError("the generators' actions do not match their elements")
    out: list[list[int]] = table.tolist()
    return out


def _short(heaps: list[Any]) -> str:
    text = ", ".join(map(str, heaps[:12])) + (", ..." if len(heaps) > 12 else "")
    return f"[{text}]"


def growth_heaps(mul: Table | list[list[int]], is_p: list[bool], phi: list[int]) -> list[int]:
    """The heaps ``h >= 1`` at which the quotient of heaps ``0..h`` is larger than that of
    heaps ``0..h-1`` (what a builder's ``changed_at`` must list), from a valid quotient.

    The quotient of heaps ``0..h-1`` is the reduction of the submonoid that their
    elements generate; it has the same order as the quotient of heaps ``0..h``
    exactly when heap ``h`` pretends to an element of it, that is when the
    builder extended it conservatively.

    >>> growth_heaps([[0, 1], [1, 0]], [False, True], [0, 1, 0, 1])
    [1]
    """
    heaps = []
    order = 1
    for h in range(1, len(phi)):
        grown = reduce_pretension(mul, is_p, phi[: h + 1]).order
        if grown != order:
            heaps.append(h)
            order = grown
    return heaps
