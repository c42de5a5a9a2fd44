"""Deleting an edge inside a 2-edge-connected part, without re-solving the part.

Deleting edge ``e`` from a 2-edge-connected part ``C`` leaves bridges exactly
at the edges ``f`` for which ``{e, f}`` is a 2-edge cut. Such edges form
classes ("cut pairs": ``e ~ f``), and each class ``K`` lies on a cycle through
the pieces of ``C - K``: deleting one edge of ``K`` opens the cycle into a path
of pieces joined by the other edges of ``K``, now bridges. Each piece fuses
(fusion principle) and the path is summed by the colon principle, so every
edge of the class is decided in ``O(|K|)``.

Classes are found with random 128-bit labels: each non-tree edge of the
depth-first search tree gets a label, each tree edge the XOR of the labels of
the non-tree edges passing over it; ``{e, f}`` is a cut pair exactly when the
two labels are equal (Karger's trick). Each class is checked for the shape a
real class must have (tree edges on one root path, at most one non-tree edge
that passes over all of them); a class of any other shape goes back to
re-solving, so only two chance collisions that also fake that shape (odds
below 2^-80 for a million edges) could mislead it.

Pieces are summarised by ``D[x]``: the XOR, over the vertices of the part in
the search subtree of ``x``, of their standing branches and of the parity of
the edges hanging from them.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.hackenbush.stalks import stalk

if TYPE_CHECKING:
    from grundy.hackenbush.values import _Forest

__all__ = ["CutPairs"]


@dataclass
class CutPairs:
    """Cut-pair labels and subtree sums of a decomposed picture."""

    key: list[int]
    tree: list[bool]
    deep: list[int]  # per edge: its endpoint discovered last
    total: list[int]  # D[x]

    @classmethod
    def of(cls, f: _Forest) -> CutPairs:
        """Labels and sums for the forest ``f`` (linear time)."""
        m, n = len(f.eu), f.n
        eu, ev, ew, pe, tin, bridge = f.eu, f.ev, f.ew, f.pe, f.tin, f.bridge
        tree = [False] * m
        for x in range(n):
            if pe[x] >= 0:
                tree[pe[x]] = True
        deep = [eu[i] if tin[eu[i]] >= tin[ev[i]] else ev[i] for i in range(m)]
        rng = random.Random(0x6A7)
        used: set[int] = {0}
        key = [0] * m
        acc = [0] * n
        own = [0] * n
        for i in range(m):
            if bridge[i]:
                continue
            own[deep[i]] ^= ew[i] & 1
            if not tree[i] and eu[i] != ev[i]:
                r = 0
                while r in used:
                    r = rng.getrandbits(128)
                used.add(r)
                key[i] = r
                acc[eu[i]] ^= r
                acc[ev[i]] ^= r
        for d in range(1, len(f.top)):
            i = f.up_edge[d]
            own[eu[i] ^ ev[i] ^ f.top[d]] ^= f.contrib[d]
        order = sorted((x for x in range(n) if tin[x] > 0), key=tin.__getitem__)
        for x in reversed(order):
            i = pe[x]
            p = eu[i] ^ ev[i] ^ x
            key[i] = acc[x]
            acc[p] ^= acc[x]
            if not bridge[i]:
                own[p] ^= own[x]
        return cls(key, tree, deep, own)

    def classes(self, f: _Forest, edges: list[int]) -> dict[int, list[int]]:
        """The cut-pair classes (by label) of ``edges``, each with every member in the picture."""
        wanted = {self.key[i] for i in edges}
        out: dict[int, list[int]] = {k: [] for k in wanted}
        key = self.key
        for i in range(len(key)):
            if not f.bridge[i] and f.eu[i] != f.ev[i] and key[i] in out:
                out[key[i]].append(i)
        return out

    def values_after_deletion(self, f: _Forest, members: list[int]) -> dict[int, int] | None:
        """For each unit edge of one class: the value of its part after deleting it.

        None when the class does not have the shape of a real cut-pair class
        (a label collision); the caller then re-solves instead.
        """
        tin, vsize, ew = f.tin, f.vsize, f.ew
        tree = sorted((i for i in members if self.tree[i]), key=lambda i: tin[self.deep[i]])
        backs = [i for i in members if not self.tree[i]]
        if len(backs) > 1 or not tree or len(tree) + len(backs) < 2:
            return None
        xs = [self.deep[i] for i in tree]

        def inside(y: int, x: int) -> bool:
            return tin[x] <= tin[y] < tin[x] + vsize[x]

        if any(not inside(b, a) for a, b in itertools.pairwise(xs)):
            return None
        if backs:
            b = backs[0]
            lo = self.deep[b]
            hi = f.eu[b] ^ f.ev[b] ^ lo
            if not inside(lo, xs[-1]) or inside(hi, xs[0]):
                return None
        elif len(tree) < 2:
            return None
        c = f.comp[xs[0]]
        total = self.total
        root = f.top[c]
        weights = [total[root] ^ total[xs[0]]]
        for a, (x, y) in enumerate(itertools.pairwise(xs)):
            weights.append(total[x] ^ total[y] ^ (ew[tree[a]] & 1))
        bottom = total[xs[-1]] ^ (ew[tree[-1]] & 1)
        if backs:
            weights.append(bottom ^ (ew[backs[0]] & 1))
            ring = [*tree, backs[0]]
        else:
            weights[0] ^= bottom
            ring = tree
        k = len(ring)
        out: dict[int, int] = {}
        for d, e in enumerate(ring):
            if ew[e] != 1:
                continue
            forward = 0
            if d >= 1:
                v = weights[d]
                for i in range(d - 1, 0, -1):
                    v = weights[i] ^ stalk(ew[ring[i]], v)
                forward = stalk(ew[ring[0]], v)
            backward = 0
            if d <= k - 2:
                u = weights[d + 1]
                for i in range(d + 2, k):
                    u = weights[i] ^ stalk(ew[ring[i - 1]], u)
                backward = stalk(ew[ring[k - 1]], u)
            out[e] = weights[0] ^ forward ^ backward
        return out
