"""Presentations of a finite commutative monoid given by its table and generators.

Elements get normal forms: the least word over the generators in graded
lexicographic order (fewest letters, then more of earlier generators). Those
words are closed under division, so the *relations* "minimal non-normal word =
its normal form" are a complete rewriting system: a presentation.

>>> table = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 2, 3], [3, 2, 3, 2]]
>>> forms, relations = normal_forms(table, [1, 2])
>>> [word_name(w) for w in forms]
['1', 'a', 'b', 'ab']
>>> [(word_name(a), word_name(b)) for a, b in relations]
[('a²', '1'), ('b²', 'b')]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["generator_name", "normal_forms", "word_name"]

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

Word = tuple[int, ...]


def generator_name(i: int) -> str:
    """``a``, ``b``, ... ``z``, then ``g26``, ``g27``, ..."""
    return chr(ord("a") + i) if i < 26 else f"g{i}"


def word_name(word: Sequence[int]) -> str:
    """``a²bc`` for the exponent vector ``(2, 1, 1)``; ``1`` for the empty word."""
    parts = []
    for i, e in enumerate(word):
        if e:
            parts.append(generator_name(i) + (str(e).translate(_SUPERSCRIPT) if e > 1 else ""))
    return "".join(parts) or "1"


def normal_forms(
    table: Sequence[Sequence[int]], gens: Sequence[int]
) -> tuple[list[Word], list[tuple[Word, Word]]]:
    """``(forms, relations)``: the normal form of each element (exponent vectors over
    ``gens``) and the relations of the presentation. ``gens`` must generate the monoid."""
    k = len(gens)
    forms: dict[int, Word] = {0: (0,) * k}
    normal = {(0,) * k}
    relations: list[tuple[Word, Word]] = []
    layer: list[tuple[Word, int]] = [((0,) * k, 0)]
    while layer:
        candidates: dict[Word, int] = {}
        for word, x in layer:
            for i, g in enumerate(gens):
                w = tuple(e + (j == i) for j, e in enumerate(word))
                candidates.setdefault(w, table[x][g])
        nxt = []
        for w in sorted(candidates, key=lambda w: tuple(-e for e in w)):
            x = candidates[w]
            if x not in forms:
                forms[x] = w
                normal.add(w)
                nxt.append((w, x))
            elif all(_divided(w, i) in normal for i in range(k) if w[i]):
                relations.append((w, forms[x]))
        layer = nxt
    if len(forms) != len(table):
        raise ValueError("the generators do not generate the monoid")
    return [forms[x] for x in range(len(table))], relations


def _divided(word: Word, i: int) -> Word:
    return tuple(e - (j == i) for j, e in enumerate(word))
