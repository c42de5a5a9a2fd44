"""Grundy values and winning cuts of Green Hackenbush pictures in linear time.

The algorithm (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7):

* **Fusion principle.** Vertices on a cycle may be fused without changing the
  value; repeating this, every 2-edge-connected part of the picture fuses into
  one vertex, and its edges become loops. A loop is worth 1, so the part is
  worth the parity of its edge count.
* **Colon principle.** What is left is a tree of fused parts joined by bridges.
  A branch worth ``g`` standing on a unit edge is worth ``g + 1``; the branches
  at one vertex add by XOR.
* **Weighted edges** (a move lowers one weight by one; weight 0 deletes the
  edge): a branch worth ``g`` on a bridge of weight ``w`` is worth ``g + 1``
  when ``w = 1``, ``g`` when ``w`` is even and ``g XOR 1`` when ``w >= 3`` is
  odd; inside a 2-edge-connected part an edge of weight ``w`` counts as ``w``
  loops. Both rules are checked against the game-tree search in the tests.

Bridges are found by one iterative depth-first search (no recursion: a path of
a million edges is fine).

>>> analyse(((0, 1, 1), (1, 2, 1), (1, 3, 1), (2, 3, 1))).value
2
>>> analyse(((0, 1, 2), (1, 2, 1)), weighted=True).value
1
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from grundy.hackenbush.cutpairs import CutPairs
from grundy.hackenbush.graph import Edge, Picture
from grundy.hackenbush.stalks import stalk, stalk_inverse

__all__ = ["Analysis", "Cut", "Part", "analyse", "stalk", "stalk_inverse", "winning_cuts"]


@dataclass
class _Forest:
    """The bridge tree of a connected multigraph on local vertices ``0..n-1``."""

    n: int
    eu: list[int]
    ev: list[int]
    ew: list[int]
    root: int
    tin: list[int]
    vsize: list[int]
    comp: list[int]
    bridge: list[bool]
    top: list[int]  # per part: the vertex by which the search entered it
    parent: list[int]  # per part: the parent part (-1 for the root part)
    up_edge: list[int]  # per part: the bridge to the parent part (-1 for the root)
    parity: list[int]  # per part: its loops' worth (edge count mod 2, weights counted)
    g: list[int]  # per part: value of the part with everything above it
    contrib: list[int]  # per part: stalk(weight of up_edge, g)
    pe: list[int]  # per vertex: the search tree edge to its parent (-1 at the root)
    members: list[list[int]] | None = field(default=None)
    inner: list[list[int]] | None = field(default=None)
    kids: list[list[int]] | None = field(default=None)

    def group(self) -> tuple[list[list[int]], list[list[int]]]:
        """Vertices and non-bridge edges of every part (computed once, on demand)."""
        if self.members is None or self.inner is None:
            members: list[list[int]] = [[] for _ in self.top]
            inner: list[list[int]] = [[] for _ in self.top]
            comp = self.comp
            for x in range(self.n):
                members[comp[x]].append(x)
            eu, bridge = self.eu, self.bridge
            for i in range(len(eu)):
                if not bridge[i]:
                    inner[comp[eu[i]]].append(i)
            self.members, self.inner = members, inner
        return self.members, self.inner


def _decompose(  # noqa: PLR0917
    n: int,
    eu: list[int],
    ev: list[int],
    ew: list[int],
    root: int,
    vx: Sequence[int] | None = None,
) -> _Forest:
    """Bridges, 2-edge-connected parts and their values; ``vx`` adds a value at each vertex."""
    m = len(eu)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(m):
        u = eu[i]
        v = ev[i]
        if u != v:
            adj[u].append(i)
            adj[v].append(i)
    tin = [-1] * n
    low = [0] * n
    pe = [-1] * n
    it = [0] * n
    tin[root] = 0
    t = 1
    order = [root]
    stack = [root]
    while stack:
        x = stack[-1]
        a = adj[x]
        k = it[x]
        if k < len(a):
            it[x] = k + 1
            i = a[k]
            if i == pe[x]:
                continue
            y = eu[i] ^ ev[i] ^ x
            ty = tin[y]
            if ty < 0:
                tin[y] = low[y] = t
                t += 1
                pe[y] = i
                order.append(y)
                stack.append(y)
            elif ty < low[x]:
                low[x] = ty
        else:
            stack.pop()
            if stack:
                p = stack[-1]
                low[p] = min(low[p], low[x])
    bridge = [False] * m
    comp = [0] * n
    top = [root]
    parent = [-1]
    up_edge = [-1]
    for x in order[1:]:
        i = pe[x]
        p = eu[i] ^ ev[i] ^ x
        if low[x] == tin[x]:
            bridge[i] = True
            comp[x] = len(top)
            parent.append(comp[p])
            up_edge.append(i)
            top.append(x)
        else:
            comp[x] = comp[p]
    vsize = [1] * n
    for x in reversed(order[1:]):
        i = pe[x]
        vsize[eu[i] ^ ev[i] ^ x] += vsize[x]
    parity = [0] * len(top)
    for i in range(m):
        if not bridge[i]:
            parity[comp[eu[i]]] ^= ew[i] & 1
    g = parity[:]
    if vx is not None:
        for x in range(n):
            if vx[x]:
                g[comp[x]] ^= vx[x]
    contrib = [0] * len(top)
    for c in range(len(top) - 1, 0, -1):
        contrib[c] = s = stalk(ew[up_edge[c]], g[c])
        g[parent[c]] ^= s
    return _Forest(
        n, eu, ev, ew, root, tin, vsize, comp, bridge, top, parent, up_edge, parity, g, contrib, pe
    )


@dataclass(frozen=True)
class Part:
    """A 2-edge-connected part with at least one edge, as it fuses.

    ``vertices`` are picture labels (the first is where the part is entered
    from the ground side); ``edges`` counts its edges (weights added in the
    weighted game); ``value`` is the part with everything standing on it.
    """

    vertices: tuple[int, ...]
    edges: int
    value: int


@dataclass
class Analysis:
    """The value of a picture and the structure behind it."""

    picture: Picture
    weighted: bool
    value: int
    forest: _Forest
    labels: list[int]
    _deep: Any = field(default=None, repr=False)
    _prefix: Any = field(default=None, repr=False)
    #: The kernel's arrays (``parent``, ``up_edge``, ``g``, ``contrib``, ``ew``, ``bridge``,
    #: ``comp``, ``eu``, ``ev``, ``labels``) when the compiled kernel analysed the picture.
    _arrays: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def deep_tin(self) -> Any:
        """Per edge, as a numpy array: the discovery time of its end found last.

        The edges beyond a bridge are exactly those whose ``deep_tin`` lies in
        the bridge's far range of discovery times (the bridge included).
        """
        if self._deep is None:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            f = self.forest
            tin = np.array(f.tin, dtype=np.int64)
            self._deep = np.maximum(
                tin[np.array(f.eu, dtype=np.int64)], tin[np.array(f.ev, dtype=np.int64)]
            )
        return self._deep

    def edges_in_range(self, lo: int, hi: int) -> int:
        """How many edges have ``deep_tin`` in ``[lo, hi)``."""
        if self._prefix is None:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            counts = np.bincount(self.deep_tin(), minlength=self.forest.n)
            self._prefix = np.concatenate(([0], np.cumsum(counts))).tolist()
        return int(self._prefix[hi] - self._prefix[lo])

    def bridges(self) -> int:
        """How many edges are bridges (edges on no cycle)."""
        return sum(self.forest.bridge)

    def fused_parts(self) -> list[Part]:
        """The parts with at least one edge that is not a bridge, largest first."""
        f = self.forest
        if len(f.top) == len(f.eu) + 1:
            return []  # a tree: every edge is a bridge
        if self._arrays is not None:
            return self._fused_parts_by_arrays()
        members, inner = f.group()
        parts = []
        for c in range(len(f.top)):
            if inner[c]:
                verts = sorted(self.labels[x] for x in members[c])
                first = self.labels[f.top[c]]
                verts.remove(first)
                weight = sum(f.ew[i] for i in inner[c])
                parts.append(Part((first, *verts), weight, f.g[c]))
        parts.sort(key=lambda p: (-p.edges, p.vertices))
        return parts

    def _fused_parts_by_arrays(self) -> list[Part]:
        """:meth:`fused_parts` from the kernel's arrays (no per-part Python lists)."""
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        a = self._arrays
        assert a is not None
        f = self.forest
        weight = self._part_weights()
        comp = a["comp"]
        order = np.argsort(comp, kind="stable")  # vertices by part, in label order within one
        bounds = np.searchsorted(comp[order], np.arange(len(f.top) + 1))
        labels = np.asarray(self.labels)
        parts = []
        for c in np.flatnonzero(weight).tolist():
            verts = labels[order[bounds[c] : bounds[c + 1]]].tolist()
            first = self.labels[f.top[c]]
            verts.remove(first)
            parts.append(Part((first, *verts), int(weight[c]), f.g[c]))
        parts.sort(key=lambda p: (-p.edges, p.vertices))
        return parts

    def _part_weights(self) -> Any:
        """Per part, as a numpy array: the weights of its edges that are not bridges."""
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        a = self._arrays
        assert a is not None
        inner = np.flatnonzero(~a["bridge"])
        weight = np.zeros(len(self.forest.top), np.int64)
        np.add.at(weight, a["comp"][a["eu"][inner]], a["ew"][inner])
        return weight

    def part_weight(self, c: int) -> int:
        """The weights of part ``c``'s edges that are not bridges, added (its loops)."""
        if self._arrays is not None:
            return int(self._part_weights()[c])
        f = self.forest
        return sum(f.ew[i] for i in f.group()[1][c])

    def ground_branches(self, most: int | None = None) -> list[tuple[int, int, int]]:
        """The branches at the ground: ``(bridge index, weight, value above it)``; the
        first ``most`` of them when ``most`` is given."""
        f = self.forest
        if self._arrays is not None:  # the parts on the ground, found by numpy
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            found = np.flatnonzero(self._arrays["parent"] == 0)[:most].tolist()
        else:
            found = [c for c in range(1, len(f.top)) if f.parent[c] == 0][:most]
        return [(f.up_edge[c], f.ew[f.up_edge[c]], f.g[c]) for c in found]

    def ground_branch_count(self) -> int:
        """How many branches stand on the ground."""
        if self._arrays is not None:
            import numpy as np  # noqa: PLC0415 (lazy: numpy)

            return int(np.count_nonzero(self._arrays["parent"] == 0))
        return self.forest.parent.count(0)


#: Pictures with at least this many edges go to the compiled kernel (when the compiled core
#: is active; below, converting to arrays and back costs more than the kernel saves).
KERNEL_EDGES = 20_000


def analyse(picture: Picture, weighted: bool = False, *, kernel: bool | None = None) -> Analysis:
    """Decompose ``picture`` (connected to the ground) and compute its Grundy value.

    ``kernel`` forces (True) or avoids (False) :mod:`grundy.kernels.hackenbush`;
    by default it is used for pictures of :data:`KERNEL_EDGES` edges or more
    when the compiled core is active (forced on without it, its pure-Python twin runs).
    """
    if kernel is None:
        kernel = len(picture) >= KERNEL_EDGES and _compiled()
    if kernel and picture:
        found = _analyse_with_kernel(picture, weighted)
        if found is not None:
            return found
    labels = sorted({0} | {x for e in picture for x in e[:2]})
    index = {x: k for k, x in enumerate(labels)}
    eu = [index[e[0]] for e in picture]
    ev = [index[e[1]] for e in picture]
    ew = [e[2] for e in picture]
    forest = _decompose(len(labels), eu, ev, ew, 0)
    return Analysis(picture, weighted, forest.g[0], forest, labels)


def _compiled() -> bool:
    """True when the compiled core is active."""
    from grundy.kernels._core import core_module  # noqa: PLC0415 (lazy: the extension)

    return core_module() is not None


def _analyse_with_kernel(picture: Picture, weighted: bool) -> Analysis | None:
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    from grundy.hackenbush.bulk import arrays_of  # noqa: PLC0415 (lazy: numpy)
    from grundy.kernels.hackenbush import decompose_kernel  # noqa: PLC0415 (lazy: the kernels)

    kept = arrays_of(picture)  # read from a big edge list: the arrays are there already
    if kept is not None:
        labels_a, eu_a, ev_a, ew_a = kept.labels, kept.eu, kept.ev, kept.w
    else:
        m = len(picture)
        try:
            flat = np.fromiter(chain.from_iterable(picture), np.int64, 3 * m).reshape(m, 3)
        except OverflowError:
            return None  # labels or weights beyond 64 bits: the Python path handles them
        ew_a = flat[:, 2].copy()
        labels_a, inverse = np.unique(flat[:, :2].T.reshape(-1), return_inverse=True)
        eu_a = inverse[:m].astype(np.int64)
        ev_a = inverse[m:].astype(np.int64)
    n = len(labels_a)
    out = decompose_kernel(n, eu_a, ev_a, ew_a, 0, np.zeros(n, np.int64))
    arrays = {
        "parent": out[5],
        "up_edge": out[6],
        "g": out[8],
        "contrib": out[9],
        "ew": ew_a,
        "bridge": out[3],
        "comp": out[2],
        "eu": eu_a,
        "ev": ev_a,
        "labels": labels_a,
    }
    tin, vsize, comp, bridge, top, parent, up_edge, parity, g, contrib, pe = (
        a.tolist() for a in out
    )
    forest = _Forest(
        n,
        eu_a.tolist(),
        ev_a.tolist(),
        ew_a.tolist(),
        0,
        tin,
        vsize,
        comp,
        bridge,
        top,
        parent,
        up_edge,
        parity,
        g,
        contrib,
        pe,
    )
    return Analysis(picture, weighted, forest.g[0], forest, labels_a.tolist(), _arrays=arrays)


@dataclass(frozen=True)
class Cut:
    """A winning move: edge ``index`` of the picture is cut (``lower`` False) or lowered."""

    index: int
    lower: bool


def _part_value_without(f: _Forest, c: int, drop: int) -> int:
    """The value of part ``c`` with everything on it, after deleting its edge ``drop``."""
    members, inner = f.group()
    local = {x: k for k, x in enumerate(members[c])}
    vx = [0] * len(local)
    # branches standing on this part keep their worth (colon principle)
    for d in _children(f)[c]:
        i = f.up_edge[d]
        foot = f.eu[i] ^ f.ev[i] ^ f.top[d]
        vx[local[foot]] ^= f.contrib[d]
    eu: list[int] = []
    ev: list[int] = []
    ew: list[int] = []
    for i in inner[c]:
        if i != drop:
            eu.append(local[f.eu[i]])
            ev.append(local[f.ev[i]])
            ew.append(f.ew[i])
    if len(eu) >= KERNEL_EDGES and _compiled():
        import numpy as np  # noqa: PLC0415 (lazy: numpy)

        from grundy.kernels.hackenbush import decompose_kernel  # noqa: PLC0415 (lazy: numpy)

        out = decompose_kernel(
            len(local),
            np.array(eu, np.int64),
            np.array(ev, np.int64),
            np.array(ew, np.int64),
            local[f.top[c]],
            np.array(vx, np.int64),
        )
        return int(out[8][0])
    return _decompose(len(local), eu, ev, ew, local[f.top[c]], vx).g[0]


def _children(f: _Forest) -> list[list[int]]:
    if f.kids is None:
        kids: list[list[int]] = [[] for _ in f.top]
        for c in range(1, len(f.top)):
            kids[f.parent[c]].append(c)
        f.kids = kids
    return f.kids


def _bridge_cuts(
    analysis: Analysis, target: int, seen: set[Edge]
) -> Generator[Cut, None, tuple[Sequence[int | None], Iterable[int]]]:
    """Yield the winning cuts of bridges; return each part's need and the other edges."""
    f = analysis.forest
    picture = analysis.picture
    nparts = len(f.top)
    need: list[int | None] = [None] * nparts
    need[0] = target
    g, contrib, parent, ew = f.g, f.contrib, f.parent, f.ew
    for c in range(1, nparts):
        p_need = need[parent[c]]
        if p_need is None:
            continue
        y = g[parent[c]] ^ p_need ^ contrib[c]
        i = f.up_edge[c]
        w = ew[i]
        if (y == 0 if w == 1 else stalk(w - 1, g[c]) == y) and picture[i] not in seen:
            seen.add(picture[i])
            yield Cut(i, w > 1)
        need[c] = stalk_inverse(w, y)
    bridge = f.bridge
    return need, (i for i in range(len(f.eu)) if not bridge[i])


def _bridge_cuts_by_kernel(
    analysis: Analysis, target: int, seen: set[Edge]
) -> Generator[Cut, None, tuple[Sequence[int | None], Iterable[int]]]:
    """:func:`_bridge_cuts` by the compiled top-down pass (the same cuts, in the same order)."""
    import numpy as np  # noqa: PLC0415 (lazy: numpy)

    from grundy.kernels.hackenbush import bridge_cuts_kernel  # noqa: PLC0415 (lazy: the kernels)

    a = analysis._arrays
    assert a is not None
    need_a, win = bridge_cuts_kernel(
        a["parent"], a["up_edge"], a["g"], a["contrib"], a["ew"], target
    )
    picture, up_edge, ew = analysis.picture, analysis.forest.up_edge, analysis.forest.ew
    for c in np.flatnonzero(win).tolist():
        i = up_edge[c]
        if picture[i] not in seen:
            seen.add(picture[i])
            yield Cut(i, ew[i] > 1)
    inner = np.flatnonzero(~a["bridge"] & (need_a[a["comp"][a["eu"]]] >= 0)).tolist()
    return _Needs(need_a), inner


class _Needs(Sequence[int | None]):
    """The kernel's ``need`` array read as :func:`_bridge_cuts`'s list (-1 is None)."""

    def __init__(self, need: Any) -> None:
        self._need = need

    def __len__(self) -> int:
        return len(self._need)

    def __getitem__(self, c: Any) -> Any:
        x = int(self._need[c])
        return None if x < 0 else x


def winning_cuts(analysis: Analysis, target: int) -> Iterator[Cut]:
    """Every move to a picture of value ``target``, once per distinct edge.

    Bridges and loops are decided in constant time each from one top-down pass
    (the value each part must take for the whole to be worth ``target``);
    deleting a unit edge inside a 2-edge-connected part is decided from its
    cut-pair class (:mod:`grundy.hackenbush.cutpairs`), or, should a class not
    have the shape of one, by re-solving only that part with the branches
    standing on it kept as their values.
    """
    f = analysis.forest
    picture = analysis.picture
    seen: set[tuple[int, int, int]] = set()
    g, ew = f.g, f.ew
    if analysis._arrays is not None and 0 <= target < 1 << 62:
        need, inner = yield from _bridge_cuts_by_kernel(analysis, target, seen)
    else:
        need, inner = yield from _bridge_cuts(analysis, target, seen)
    # edges inside 2-edge-connected parts
    slow: list[tuple[int, int]] = []
    eu, ev = f.eu, f.ev
    for i in inner:
        c = f.comp[eu[i]]
        n = need[c]
        if n is None or picture[i] in seen:
            continue
        if ew[i] > 1 or eu[i] == ev[i]:
            if g[c] ^ 1 == n:
                seen.add(picture[i])
                yield Cut(i, ew[i] > 1)
        else:
            slow.append((c, i))
    if not slow:
        return
    pairs = CutPairs.of(f)
    classes = pairs.classes(f, [i for _, i in slow])
    # an edge in no cut pair leaves its part 2-edge-connected: the part has one loop fewer
    rest: list[tuple[int, int]] = []
    for c, i in slow:
        if len(classes[pairs.key[i]]) > 1:
            rest.append((c, i))
        elif picture[i] not in seen and g[c] ^ 1 == need[c]:
            seen.add(picture[i])
            yield Cut(i, False)
    # otherwise the part opens into a path of pieces (see grundy.hackenbush.cutpairs)
    values: dict[int, int] = {}
    unsure: list[tuple[int, int]] = []
    for c, i in rest:
        if i not in values:
            found = pairs.values_after_deletion(f, classes[pairs.key[i]])
            if found is None:
                unsure.append((c, i))
                continue
            values.update(found)
        if picture[i] not in seen and values[i] == need[c]:
            seen.add(picture[i])
            yield Cut(i, False)
    for c, i in unsure:
        if picture[i] not in seen and _part_value_without(f, c, i) == need[c]:
            seen.add(picture[i])
            yield Cut(i, False)
