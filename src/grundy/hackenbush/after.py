"""The picture after one move, described by the move and built only when asked.

Listing a winning move of a million-edge picture must not cost a million-edge
picture: :class:`PictureAfterCut` keeps the analysis and the cut (as
python-chess keeps a ``Move`` apart from the ``Board``), knows its length at
once, writes its text by splicing the original picture's text (built once per
picture and shared by all its moves), and builds the edge tuple only when
something needs the edges themselves (a hash, a comparison, a further solve).
It compares and hashes as that tuple.

>>> from grundy.hackenbush.values import analyse, winning_cuts
>>> a = analyse(((0, 1, 1), (1, 2, 1), (1, 3, 1), (2, 3, 1)))
>>> after = PictureAfterCut(Origin(a), next(winning_cuts(a, 0)))
>>> len(after), after.text()
(0, '""')
>>> after == ()
True
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from grundy.core.cache import BoundedCache, register
from grundy.hackenbush.graph import Edge, Picture, edge_text
from grundy.hackenbush.values import Analysis, Cut

__all__ = ["Origin", "PictureAfterCut", "apply_cut", "far_side", "origin_of", "plain"]


def far_side(analysis: Analysis, i: int) -> tuple[int, int]:
    """The discovery times of the vertices beyond bridge ``i`` (a contiguous range)."""
    f = analysis.forest
    a, b = f.eu[i], f.ev[i]
    far = a if f.tin[a] > f.tin[b] else b
    return f.tin[far], f.tin[far] + f.vsize[far]


def apply_cut(analysis: Analysis, move: Cut) -> Picture:
    """The picture after ``move`` (a cut drops everything it disconnects)."""
    picture = analysis.picture
    i = move.index
    u, v, w = picture[i]
    if move.lower:
        rest = picture[:i] + picture[i + 1 :]
        new = (u, v, w - 1)
        k = bisect.bisect_left(rest, new)
        return (*rest[:k], new, *rest[k:])
    f = analysis.forest
    if not f.bridge[i]:
        return picture[:i] + picture[i + 1 :]
    lo, hi = far_side(analysis, i)
    deep = analysis.deep_tin()
    keep = (deep < lo) | (deep >= hi)
    return tuple(itertools.compress(picture, keep.tolist()))


class Origin:
    """A picture whose moves are being listed: its analysis, and its text built once."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self._joined = ""
        self._start: list[int] = []
        self._lengths: Any = None
        self._by_deep: Any = None

    def _text_parts(self) -> tuple[str, list[int]]:
        """The edges' texts joined by spaces, and where each edge's text starts in it
        (one more entry: the length plus one, so edge ``i`` ends at ``start[i+1] - 1``)."""
        if not self._start:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            if self.analysis.weighted:
                texts = [
                    f"{u}-{v}:{w}" if w != 1 else f"{u}-{v}" for u, v, w in self.analysis.picture
                ]
            else:
                texts = [f"{u}-{v}" for u, v, _ in self.analysis.picture]
            self._joined = " ".join(texts)
            self._start = np.concatenate(([0], np.cumsum(self.lengths() + 1))).tolist()
        return self._joined, self._start

    def lengths(self) -> Any:
        """Each edge's text length, as a numpy array (from the kernel's arrays when the
        picture was analysed by it: no text is built)."""
        if self._lengths is None:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            a = self.analysis
            kept = a._arrays
            if kept is not None:
                labels = kept["labels"]
                w = kept["ew"]
                n = _digits(labels[kept["eu"]]) + _digits(labels[kept["ev"]]) + 1
                if a.weighted:
                    n += np.where(w != 1, _digits(w) + 1, 0)
            else:
                n = np.fromiter(
                    (len(edge_text(e, a.weighted)) for e in a.picture), np.int64, len(a.picture)
                )
            self._lengths = n
        return self._lengths

    def chars_by_deep(self) -> Any:
        """Prefix sums, over the edges ordered by ``deep_tin``, of text length plus one (a
        separator): the characters of the edges in a range of ``deep_tin`` in O(1)."""
        if self._by_deep is None:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            a = self.analysis
            sums = np.bincount(a.deep_tin(), weights=self.lengths() + 1, minlength=a.forest.n)
            self._by_deep = np.concatenate(([0], np.cumsum(sums.astype(np.int64))))
        return self._by_deep

    def head(self, most: int) -> tuple[str, int]:
        """The first ``most`` or so characters of :meth:`text`, and its length, without
        building it."""
        return self.head_without(most, lambda lo, hi: None, 0, 0)

    def head_without(
        self,
        most: int,
        dropped: Callable[[int, int], Any],
        n_dropped: int,
        chars_dropped: int,
        insert: tuple[int, str] | None = None,
    ) -> tuple[str, int]:
        """:meth:`head` of the picture less some edges (``dropped(lo, hi)`` marks, as a
        numpy bool array or None for none, which of edges ``lo..hi-1`` are dropped;
        ``n_dropped`` of them with ``chars_dropped`` characters, separators included), with
        ``insert = (k, text)`` putting one more edge's text before edge ``k``.

        >>> from grundy.hackenbush.values import analyse
        >>> o = Origin(analyse(((0, 1, 1), (0, 2, 1), (1, 2, 1))))
        >>> o.head_without(5, lambda lo, hi: [False, True, False][lo:hi], 1, 4, (0, "0-0"))
        ('"0-0 0-1', 13)
        """
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        picture, weighted = self.analysis.picture, self.analysis.weighted
        m = len(picture)
        count = m - n_dropped + (insert is not None)
        chars = int(self.lengths().sum()) + m - chars_dropped  # with a separator after each
        if insert is not None:
            chars += len(insert[1]) + 1
        total = 2 + chars - (1 if count else 0)
        pieces: list[str] = []
        size = 1
        lo = 0
        while lo < m and size <= most:
            hi = min(m, lo + 64)
            gone = dropped(lo, hi)
            kept = range(lo, hi) if gone is None else (np.flatnonzero(~np.asarray(gone)) + lo)
            for i in kept:
                if insert is not None and insert[0] <= i:
                    pieces.append(insert[1])
                    size += len(insert[1]) + 1
                    insert = None
                text = edge_text(picture[int(i)], weighted)
                pieces.append(text)
                size += len(text) + 1
                if size > most:
                    break
            lo = hi
        if insert is not None and size <= most:
            pieces.append(insert[1])
        shown = '"' + " ".join(pieces)
        if len(shown) + 1 == total:
            shown += '"'
        return shown, total

    def text(self) -> str:
        """The quoted text of the picture itself (as ``format_edges``)."""
        return '"' + self._text_parts()[0] + '"'

    def text_without(self, removed: Sequence[int], insert: tuple[int, str] | None = None) -> str:
        """The quoted text of the picture less the edges ``removed`` (sorted indices),
        with ``insert = (k, text)`` putting one more edge's text before edge ``k``.

        >>> from grundy.hackenbush.values import analyse
        >>> Origin(analyse(((0, 1, 1), (0, 2, 1), (1, 2, 1)))).text_without([1], (0, "0-0"))
        '"0-0 0-1 1-2"'
        """
        joined, start = self._text_parts()
        pieces: list[str] = []
        lo = 0

        def keep(hi: int) -> None:
            if lo < hi:
                pieces.append(joined[start[lo] : start[hi] - 1])

        for r in (*removed, len(start) - 1):
            if insert is not None and insert[0] <= r:
                keep(insert[0])
                pieces.append(insert[1])
                lo, insert = insert[0], None
            keep(r)
            lo = r + 1
        return '"' + " ".join(pieces) + '"'


class PictureAfterCut(Sequence[Edge]):
    """The picture after one cut of :class:`Origin`'s picture, built lazily.

    Equal to (and hashing as) the tuple :func:`apply_cut` builds.
    """

    __slots__ = ("_edges", "move", "origin")

    def __init__(self, origin: Origin, move: Cut) -> None:
        self.origin = origin
        self.move = move
        self._edges: Picture | None = None

    def edges(self) -> Picture:
        """The picture itself (built on first use, then kept)."""
        if self._edges is None:
            self._edges = apply_cut(self.origin.analysis, self.move)
        return self._edges

    def __len__(self) -> int:
        if self._edges is not None:
            return len(self._edges)
        a = self.origin.analysis
        i = self.move.index
        if self.move.lower:
            return len(a.picture)
        if not a.forest.bridge[i]:
            return len(a.picture) - 1
        lo, hi = far_side(a, i)
        return len(a.picture) - a.edges_in_range(lo, hi)

    @overload
    def __getitem__(self, i: int) -> Edge: ...
    @overload
    def __getitem__(self, i: slice) -> Picture: ...
    def __getitem__(self, i: int | slice) -> Edge | Picture:
        return self.edges()[i]

    def __iter__(self) -> Iterator[Edge]:
        return iter(self.edges())

    def __hash__(self) -> int:
        return hash(self.edges())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PictureAfterCut):
            other = other.edges()
        if isinstance(other, tuple):
            return self.edges() == other
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        return bool(self.edges() < plain(other))

    def __repr__(self) -> str:
        return repr(self.edges())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.edges(),))

    def text_head(self, most: int) -> tuple[str, int]:
        """About the first ``most`` characters of :meth:`text`, and its length, without
        building the text (nor the picture)."""
        a = self.origin.analysis
        origin = self.origin
        i = self.move.index
        lengths = origin.lengths()
        if self.move.lower or not a.forest.bridge[i]:
            insert = None
            if self.move.lower:
                u, v, w = a.picture[i]
                new = (u, v, w - 1)
                insert = (bisect.bisect_left(a.picture, new), edge_text(new, a.weighted))
            return origin.head_without(
                most,
                lambda lo, hi: None if not lo <= i < hi else [k == i for k in range(lo, hi)],
                1,
                int(lengths[i]) + 1,
                insert,
            )
        lo, hi = far_side(a, i)
        deep = a.deep_tin()
        by_deep = origin.chars_by_deep()
        return origin.head_without(
            most,
            lambda s, e: (deep[s:e] >= lo) & (deep[s:e] < hi),
            a.edges_in_range(lo, hi),
            int(by_deep[hi] - by_deep[lo]),
        )

    def text(self) -> str:
        """The quoted argument text (as :func:`~grundy.hackenbush.graph.format_edges`),
        spliced from the original picture's text without building this picture."""
        a = self.origin.analysis
        i = self.move.index
        if self.move.lower:
            u, v, w = a.picture[i]
            new = (u, v, w - 1)
            k = bisect.bisect_left(a.picture, new)  # the new edge goes before edge k (k <= i)
            return self.origin.text_without([i], (k, edge_text(new, a.weighted)))
        if not a.forest.bridge[i]:
            return self.origin.text_without([i])
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        lo, hi = far_side(a, i)
        deep = a.deep_tin()
        removed = np.flatnonzero((deep >= lo) & (deep < hi)).tolist()
        return self.origin.text_without(removed)


#: The origins of the last pictures whose moves were listed, by the picture's id (each
#: origin keeps its picture alive, so an id is not reused while it is here).
_ORIGINS: BoundedCache[int, Origin] = register(BoundedCache(2))


def origin_of(analysis: Analysis) -> Origin:
    """The one :class:`Origin` of an analysed picture (its text is then built only once,
    for the position and all its moves)."""
    key = id(analysis.picture)
    found = _ORIGINS.get(key)
    if found is None or found.analysis is not analysis:
        found = _ORIGINS[key] = Origin(analysis)
    return found


def known_text(picture: Any) -> str | None:
    """The text of ``picture`` if an :class:`Origin` has it already, else None."""
    found = _ORIGINS.get(id(picture))
    if found is None or found.analysis.picture is not picture:
        return None
    return found.text()


def known_head(picture: Any, weighted: bool, most: int) -> tuple[str, int] | None:
    """The head of ``picture``'s text and its length (see :meth:`Origin.head`) when they
    come cheaply: from an :class:`Origin`, or from the arrays a big edge list was read
    into (:mod:`grundy.hackenbush.bulk`); else None."""
    found = _ORIGINS.get(id(picture))
    if found is not None and found.analysis.picture is picture:
        return found.head(most)
    from grundy.hackenbush.bulk import arrays_of  # noqa: PLC0415 (lazy: numpy)

    kept = arrays_of(picture)
    if kept is None:
        return None
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    n = _digits(kept.lo) + _digits(kept.hi) + 1
    if weighted:
        n += np.where(kept.w != 1, _digits(kept.w) + 1, 0)
    chars = int(n.sum()) + len(picture)
    total = 2 + chars - (1 if len(picture) else 0)
    pieces: list[str] = []
    size = 1
    for e in picture:
        if size > most:
            break
        pieces.append(edge_text(e, weighted))
        size += len(pieces[-1]) + 1
    shown = '"' + " ".join(pieces)
    return (shown + '"' if len(shown) + 1 == total else shown), total


def _digits(x: Any) -> Any:
    """The decimal digits of each non-negative int64 in ``x``."""
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    powers = np.array([10**k for k in range(1, 19)], np.int64)
    return np.searchsorted(powers, x, side="right") + 1


def plain(state: Any) -> Any:
    """The state as a plain tuple picture (a :class:`PictureAfterCut` is built)."""
    return state.edges() if isinstance(state, PictureAfterCut) else state
