"""Slow, obvious references that share no code with grundy.hackenbush.

Pictures are tuples of ``(u, v, w)`` edges as in the library, but moves are
recomputed here from the rule as stated: lower one edge by one (delete it at
0), then drop every edge that cannot reach vertex 0.
"""

from __future__ import annotations

from functools import cache

from tests.reference.mex import mex

Pic = tuple[tuple[int, int, int], ...]


def reference_moves(picture: Pic) -> set[Pic]:
    out = set()
    for i, (u, v, w) in enumerate(picture):
        rest = list(picture[:i] + picture[i + 1 :])
        if w > 1:
            rest.append((u, v, w - 1))
        reach = {0}
        grew = True
        while grew:
            grew = False
            for a, b, _ in rest:
                if (a in reach) != (b in reach):
                    reach |= {a, b}
                    grew = True
        out.add(tuple(sorted(e for e in rest if e[0] in reach)))
    return out


@cache
def reference_value(picture: Pic) -> int:
    values = {reference_value(p) for p in reference_moves(picture)}
    return mex(values)


@cache
def reference_misere_win(picture: Pic) -> bool:
    options = reference_moves(picture)
    return not options or any(not reference_misere_win(p) for p in options)
