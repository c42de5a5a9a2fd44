"""Hackenbush pictures as canonical, hashable edge lists.

A *picture* is a tuple of edges ``(u, v, w)`` with ``u <= v``, sorted, where
vertex ``0`` is the ground and ``w >= 1`` is the weight (always 1 in plain
Green Hackenbush). Parallel edges appear once per copy; a loop is ``(v, v, w)``.
Every edge of a picture is connected to the ground.

>>> parse_edges(["0-1 1-2 2-2"], weighted=False)
((0, 1, 1), (1, 2, 1), (2, 2, 1))
>>> format_edges(((0, 1, 3), (1, 2, 1)), weighted=True)
'"0-1:3 1-2"'
>>> cut(((0, 1, 1), (0, 2, 1), (1, 2, 1)), (0, 1, 1))
((0, 2, 1), (1, 2, 1))
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

from grundy.core.files import open_regular
from grundy.core.limits import check_time
from grundy.errors import InvalidSpecError, SolvedFileError

__all__ = [
    "SYNTAX",
    "Edge",
    "Picture",
    "connected_to_ground",
    "cut",
    "edge_text",
    "format_edges",
    "lower",
    "make_picture",
    "parse_edges",
    "picture_moves",
    "read_file",
]

Edge = tuple[int, int, int]
Picture = tuple[Edge, ...]
_Arrays = tuple[Any, Any, Any]

SYNTAX = (
    'hackenbush "U-V ..." (vertex 0 is the ground; loops V-V and repeated edges allowed), '
    'hackenbush:weighted "U-V:W ...", or hackenbush @FILE (an edge list, or JSON '
    '{"ground": G, "edges": [[U, V], ...]})'
)

_EDGE = re.compile(r"(\d+)-(\d+)(?::(\d+))?\Z")

#: Vertex numbers and weights may have at most this many digits.
MAX_DIGITS = 1000

#: Files read by ``@FILE`` may hold at most this many bytes.
MAX_FILE_BYTES = 64 << 20

#: Edge lists of at least this many characters are read as arrays (:mod:`.bulk`).
BULK_CHARS = 50_000

#: Quoted input is cut to this many characters in error messages.
SHOWN_CHARS = 60


def _trim(text: str) -> str:
    """``text`` cut for an error message.

    >>> _trim("0-1 " * 40)
    '0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 0-1 ... (160 characters)'
    """
    if len(text) <= SHOWN_CHARS:
        return text
    return f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


def _number(digits: str, what: str, token: str) -> int:
    """``int(digits)``, refusing numbers too long to be a vertex or a weight."""
    if len(digits) > MAX_DIGITS:
        raise InvalidSpecError(
            f"edge {_trim(token)!r}: a {what} of {len(digits):,} digits (at most {MAX_DIGITS:,})",
            SYNTAX,
        )
    return int(digits)


def make_picture(edges: Iterable[Edge]) -> Picture:
    """Normalise edges (``u <= v``) and sort them; checks nothing else.

    >>> make_picture([(2, 1, 1), (0, 1, 1)])
    ((0, 1, 1), (1, 2, 1))
    """
    return tuple(sorted((u, v, w) if u <= v else (v, u, w) for u, v, w in edges))


def _parse_token(token: str, weighted: bool) -> Edge:
    m = _EDGE.match(token)
    if m is None:
        raise InvalidSpecError(f"malformed edge {_trim(token)!r}", SYNTAX)
    u, v = _number(m.group(1), "vertex", token), _number(m.group(2), "vertex", token)
    w = 1 if m.group(3) is None else _number(m.group(3), "weight", token)
    if m.group(3) is not None and not weighted:
        raise InvalidSpecError(
            f"edge {_trim(token)!r} has a weight; weighted edges need hackenbush:weighted", SYNTAX
        )
    if w < 1:
        raise InvalidSpecError(
            f"edge {_trim(token)!r} has weight 0; weights are at least 1", SYNTAX
        )
    return (u, v, w)


_ALL_EDGES = re.compile(r"(?:\d+-\d+(?::\d+)? )*")
_FIND_EDGES = re.compile(r"(\d+)-(\d+)(?::(\d+))?")


def _text_chunk(text: str, weighted: bool) -> list[Edge] | _Arrays:
    """The edges of ``text``: as arrays when it is big and plain (one vectorised pass,
    see :mod:`grundy.hackenbush.bulk`), else as a list read token by token."""
    if "#" in text:
        text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    if len(text) >= BULK_CHARS:
        from grundy.hackenbush.bulk import edge_arrays  # noqa: PLC0415 (lazy: numpy)

        found = edge_arrays(text, weighted)
        if found is not None:
            return found
    return _text_edges(text, weighted)


def _text_edges(text: str, weighted: bool) -> list[Edge]:
    if "#" in text:
        text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    tokens = text.replace(",", " ").split()
    joined = " ".join(tokens) + " "
    if (weighted or ":" not in joined) and _ALL_EDGES.fullmatch(joined):
        # every token is well formed: read them all at once
        try:
            return [
                (int(u), int(v), int(w) if w else 1)
                for u, v, w in _FIND_EDGES.findall(joined)
                if not w or _weight_ok(u, v, w)
            ]
        except ValueError:  # a number past Python's digit limit: find it, token by token
            pass
    return [_parse_token(token, weighted) for token in tokens]


def _weight_ok(u: str, v: str, w: str) -> bool:
    if len(w) > MAX_DIGITS or int(w) < 1:
        _parse_token(f"{u}-{v}:{w}", True)  # raises the usual error
    return True


def _json_edges(data: Any, where: str, weighted: bool) -> list[Edge]:
    if not isinstance(data, dict) or "edges" not in data:
        raise InvalidSpecError(f"{where}: a JSON picture is an object with 'edges'", SYNTAX)
    if "ground" not in data:
        raise InvalidSpecError(f"{where}: the JSON picture has no 'ground'", SYNTAX)
    ground = data["ground"]
    edges = data["edges"]
    if not isinstance(edges, list):
        raise InvalidSpecError(f"{where}: 'edges' must be a list", SYNTAX)
    names: dict[Any, int] = {_key(ground, where): 0}
    out: list[Edge] = []
    for item in edges:
        if isinstance(item, str):
            m = re.fullmatch(r"([^-:\s]+)-([^-:\s]+)(?::(\d+))?", item.strip())
            if m is None:
                raise InvalidSpecError(f"{where}: malformed edge {_trim(repr(item))}", SYNTAX)
            parts: list[Any] = [m.group(1), m.group(2)]
            if m.group(3) is not None:
                parts.append(_number(m.group(3), "weight", item))
        elif isinstance(item, list) and len(item) in (2, 3):
            parts = list(item)
        else:
            raise InvalidSpecError(f"{where}: malformed edge {_trim(repr(item))}", SYNTAX)
        w = parts[2] if len(parts) == 3 else 1
        if isinstance(w, bool) or not isinstance(w, int) or w < 1:
            raise InvalidSpecError(f"{where}: edge {_trim(repr(item))} needs a weight >= 1", SYNTAX)
        if len(parts) == 3 and not weighted:
            raise InvalidSpecError(
                f"{where}: edge {_trim(repr(item))} has a weight; weighted edges need "
                "hackenbush:weighted",
                SYNTAX,
            )
        ends = []
        for label in parts[:2]:
            key = _key(label, where)
            if key not in names:
                names[key] = len(names)
            ends.append(names[key])
        out.append((ends[0], ends[1], w))
    return out


def _key(label: Any, where: str) -> str:
    if isinstance(label, bool) or not isinstance(label, (int, str)):
        raise InvalidSpecError(
            f"{where}: vertex {_trim(repr(label))} must be a number or a name", SYNTAX
        )
    if isinstance(label, int) and label.bit_length() > 4 * MAX_DIGITS:
        raise InvalidSpecError(
            f"{where}: a vertex number of more than {MAX_DIGITS:,} digits", SYNTAX
        )
    return str(label)


def read_file(path: str, weighted: bool) -> list[Edge]:
    """Edges from ``path``: an edge list (``0-1 1-2``, ``#`` comments) or a JSON object.

    In JSON, ``ground`` names the ground vertex and vertices may be numbers or
    names; they are renumbered with the ground as 0.
    """
    return _as_list(_file_chunk(path, weighted))


def _file_chunk(path: str, weighted: bool) -> list[Edge] | _Arrays:
    text = _read_text(path)
    if not text.strip():
        raise InvalidSpecError(f"the file {_trim(path)!r} is empty", SYNTAX)
    edges: list[Edge] | _Arrays
    if text.lstrip().startswith("{"):
        edges = _json_edges(_load_json(text, path), path, weighted)
    else:
        edges = _text_chunk(text, weighted)
    if not len(edges) or not len(edges[0]):
        raise InvalidSpecError(f"the file {_trim(path)!r} has no edges", SYNTAX)
    return edges


def _as_list(chunk: list[Edge] | _Arrays) -> list[Edge]:
    if isinstance(chunk, list):
        return chunk
    u, v, w = chunk
    return list(zip(u.tolist(), v.tolist(), w.tolist(), strict=True))


def _read_text(path: str) -> str:
    """The text of a regular file of at most :data:`MAX_FILE_BYTES` bytes (one line otherwise).

    Devices, FIFOs and directories are refused before they are opened (a FIFO
    would block, ``/dev/zero`` never ends), and at most one byte past the cap is read.
    """
    shown = _trim(path)
    try:
        with open_regular(path, 1 << 62, "picture") as f:  # the size is checked here
            size = os.fstat(f.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise InvalidSpecError(_too_big(shown, size), SYNTAX)
            data = f.read(MAX_FILE_BYTES + 1)
    except SolvedFileError as e:  # not a regular file: one line, as a spec error
        why = str(e).split(": ", 1)[-1]
        raise InvalidSpecError(f"cannot read {shown!r}: {why}", SYNTAX) from None
    except OSError as e:
        raise InvalidSpecError(f"cannot read {shown!r}: {e.strerror or e}", SYNTAX) from None
    if len(data) > MAX_FILE_BYTES:
        raise InvalidSpecError(_too_big(shown, len(data)), SYNTAX)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidSpecError(f"{shown!r} is not a text file", SYNTAX) from None


def _too_big(shown: str, size: int) -> str:
    return (
        f"{shown!r} has {size:,} bytes or more; picture files may have at most "
        f"{MAX_FILE_BYTES:,} bytes"
    )


def _load_json(text: str, path: str) -> Any:
    """``json.loads`` with every failure as one line: bad syntax, an integer past Python's
    digit limit, or nesting too deep for the parser (caught, never a traceback)."""
    shown = _trim(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidSpecError(f"{shown!r} is not valid JSON: {e.msg}", SYNTAX) from None
    except RecursionError:
        raise InvalidSpecError(
            f"{shown!r} nests JSON too deeply (a picture needs 3 levels)", SYNTAX
        ) from None
    except ValueError as e:  # an integer past Python's digit limit
        why = "a number of more than 4,300 digits" if "digits" in str(e) else _trim(str(e))
        raise InvalidSpecError(f"{shown!r} is not a usable JSON picture: {why}", SYNTAX) from None


def parse_edges(args: Sequence[str], weighted: bool) -> Picture:
    """The picture written by the argument tokens of one component.

    Every token holds edges separated by spaces, or is ``@FILE``. Raises
    :class:`~grundy.errors.InvalidSpecError` for a malformed edge, a picture
    without the ground, or an edge not connected to the ground.
    """
    if not args:
        raise InvalidSpecError("hackenbush needs a picture", SYNTAX)
    chunks = [
        _file_chunk(arg[1:], weighted) if arg.startswith("@") else _text_chunk(arg, weighted)
        for arg in args
    ]
    if any(not isinstance(c, list) for c in chunks):
        found = _picture_by_arrays(chunks, weighted)
        if found is not None:
            return found
    edges = [e for c in chunks for e in _as_list(c)]
    if not edges:
        return ()
    picture = make_picture(edges)
    if picture[0][0] != 0:
        raise InvalidSpecError("no edge touches the ground (vertex 0)", SYNTAX)
    kept = connected_to_ground(picture)
    if len(kept) != len(picture):
        joined = set(kept)
        stray = next(e for e in picture if e not in joined)  # the first, as the bulk reader
        raise InvalidSpecError(
            f"edge {edge_text(stray, weighted)} is not connected to the ground (vertex 0)",
            SYNTAX,
        )
    return picture


def _picture_by_arrays(chunks: list[list[Edge] | _Arrays], weighted: bool) -> Picture | None:
    """The picture of big edge lists read as arrays, checked as :func:`parse_edges` checks
    it (None when the compiled core is off or a listed edge does not fit 64 bits)."""
    from grundy.kernels.hackenbush import compiled  # noqa: PLC0415 (lazy: the kernels)

    if not compiled():
        return None
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    from grundy.hackenbush.bulk import (  # noqa: PLC0415 (lazy: numpy)
        canonical_arrays,
        picture_from_arrays,
    )

    parts: list[_Arrays] = []
    for c in chunks:
        if isinstance(c, list) and c:
            try:
                a = np.array(c, np.int64)
            except OverflowError:
                return None
            parts.append((a[:, 0], a[:, 1], a[:, 2]))
        elif not isinstance(c, list):
            parts.append(c)
    u, v, w = (np.concatenate([p[k] for p in parts]) for k in range(3))
    arrays = canonical_arrays(u, v, w)
    if int(arrays.lo[0]) != 0:
        raise InvalidSpecError("no edge touches the ground (vertex 0)", SYNTAX)
    if arrays.first_stray is not None:
        i = arrays.first_stray
        stray = (int(arrays.lo[i]), int(arrays.hi[i]), int(arrays.w[i]))
        raise InvalidSpecError(
            f"edge {edge_text(stray, weighted)} is not connected to the ground (vertex 0)",
            SYNTAX,
        )
    return picture_from_arrays(arrays)


def edge_text(e: Edge, weighted: bool) -> str:
    """An edge as written in a picture (``U-V``, or ``U-V:W`` for a weight other than 1)."""
    u, v, w = e
    return f"{u}-{v}:{w}" if weighted and w != 1 else f"{u}-{v}"


def format_edges(picture: Picture, weighted: bool) -> str:
    """The argument text of a picture, quoted (``"0-1 1-2"``; ``""`` when empty)."""
    return '"' + " ".join(edge_text(e, weighted) for e in picture) + '"'


#: Pictures with at least this many edges are checked by the compiled kernel.
_KERNEL_EDGES = 20_000


def connected_to_ground(edges: Sequence[Edge]) -> Picture:
    """The edges still connected to the ground, as a picture (sorted input stays sorted)."""
    if len(edges) >= _KERNEL_EDGES:
        kept = _connected_by_kernel(edges)
        if kept is not None:
            return kept
    adjacency: dict[int, list[int]] = {}
    for u, v, _ in edges:
        adjacency.setdefault(u, []).append(v)
        adjacency.setdefault(v, []).append(u)
    reached = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for y in adjacency.get(x, ()):
            if y not in reached:
                reached.add(y)
                stack.append(y)
    return tuple(e for e in edges if e[0] in reached)


def _connected_by_kernel(edges: Sequence[Edge]) -> Picture | None:
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    from grundy.kernels._core import core_module  # noqa: PLC0415 (lazy: the extension)
    from grundy.kernels.hackenbush import reach_kernel  # noqa: PLC0415 (lazy: numpy)

    if core_module() is None:
        return None
    m = len(edges)
    try:
        flat = np.fromiter(itertools.chain.from_iterable(edges), np.int64, 3 * m).reshape(m, 3)
    except OverflowError:
        return None
    ends = flat[:, :2].T.reshape(-1)
    labels, inverse = np.unique(np.concatenate(([0], ends)), return_inverse=True)
    inverse = inverse[1:].astype(np.int64)
    seen = reach_kernel(len(labels), inverse[:m], inverse[m:], 0)
    keep = seen[inverse[:m]]
    if keep.all():
        return tuple(edges)
    return tuple(itertools.compress(edges, keep.tolist()))


def cut(picture: Picture, edge: Edge) -> Picture:
    """Delete one copy of ``edge`` and everything it disconnects from the ground."""
    i = picture.index(edge)
    return connected_to_ground(picture[:i] + picture[i + 1 :])


def lower(picture: Picture, edge: Edge) -> Picture:
    """Lower one copy of ``edge`` by one (a weight of 1 becomes a cut)."""
    u, v, w = edge
    if w == 1:
        return cut(picture, edge)
    i = picture.index(edge)
    return make_picture((*picture[:i], (u, v, w - 1), *picture[i + 1 :]))


def picture_moves(picture: Picture) -> list[Picture]:
    """Every option: lower (or cut) one edge; one option per distinct edge. Each takes a
    pass over the picture, so the clock is looked at between them."""
    options: list[Picture] = []
    for e in dict.fromkeys(picture):
        check_time(len(options), "moves")
        options.append(lower(picture, e))
    return options
