"""More of CGSuite's rulesets rewritten from their rules, on states of our own; no grundy code.

The same :class:`~tests.reference.partisan_rules.Rules` as ``partisan_rules``: each gives
every Left and Right option of a whole position (no regions, no symmetry, no closed
forms), read from CGSuite's definitions (github.com/aaron-siegel/cgsuite,
``lib/core/src/main/resources/org/cgsuite/lang/resources/game``):

* Elephants and Rhinos: ``strip/constants.cgs``, ``GenToadsAndFrogs(maxJump => 0)``.
* Anti-Clobber: ``grid/constants.cgs`` and ``grid/GenClobber.cgs``: a stone moves to an
  orthogonally adjacent empty square and leaves an enemy stone behind.
* Partizan Splittles: ``heap/constants.cgs`` (``PartizanHeapRuleset(Splittles(L),
  Splittles(R))``, ``Splittles(S)`` the take-and-break code with digit 7 at each place of
  ``S``) and ``heap/TakeAndBreak.cgs`` (digit 7 = 1 + 2 + 4: remove ``s`` and leave no
  heap, one heap, or two non-empty heaps).
* Partizan Euclid: ``heap/constants.cgs`` and the tutorial ``cgsuite-in-action.cgsh``: from
  ``(p, q)``, unless ``q`` is 0 or ``p % q == 0``, Left goes to ``(q, p % q)`` and Right to
  ``(q, q - p % q)``.

>>> from tests.reference.partisan_rules import value
>>> from tests.reference.cgt_forms import number_of
>>> number_of(value(ELEPHANTS_RHINOS, "tttt..fff"))
Fraction(1, 1)
"""

from __future__ import annotations

import itertools

from tests.reference.partisan_rules import (
    Grid,
    Rules,
    changed,
    grid_rules,
    heap_rules,
    holding,
    neighbours,
)

__all__ = [
    "ANTI_CLOBBER",
    "ELEPHANTS_RHINOS",
    "PARTIZAN_EUCLID",
    "PARTIZAN_SPLITTLES",
    "RULES",
    "partizan_splittles",
    "strips",
]


# --- Elephants and Rhinos ---------------------------------------------------------------------
# A state is the strip: t (Left's elephant), f (Right's rhino), . (empty).


def _steps(strip: str, me: str, step: int) -> list[str]:
    """Every strip after one piece ``me`` moves one square by ``step`` onto an empty square."""
    out = []
    for i in range(len(strip)):
        j = i + step
        if strip[i] == me and j in range(len(strip)) and strip[j] == ".":
            cells = list(strip)
            cells[i], cells[j] = cells[j], cells[i]
            out.append("".join(cells))
    return out


ELEPHANTS_RHINOS = Rules(
    "elephants-rhinos",
    lambda s: _steps(s, "t", 1),
    lambda s: _steps(s, "f", -1),
    lambda s: f"elephants-rhinos {s}",
)


def strips(max_len: int, symbols: str = "tf.") -> list[str]:
    """Every strip of ``symbols`` of length 1 to ``max_len``."""
    return ["".join(p) for n in range(1, max_len + 1) for p in itertools.product(symbols, repeat=n)]


# --- Anti-Clobber ------------------------------------------------------------------------------
# A state is a tuple of equal-length rows of x (Left), o (Right), . (empty), # (no square).


def _anti_clobbers(grid: Grid, me: str, them: str) -> list[Grid]:
    return [
        changed(grid, {(r, c): them, (rr, cc): me})
        for r, c in holding(grid, me)
        for rr, cc in neighbours(grid, r, c)
        if grid[rr][cc] == "."
    ]


ANTI_CLOBBER = grid_rules("anti-clobber", _anti_clobbers, ("x", "o"), ("o", "x"))


# --- Partizan Splittles -----------------------------------------------------------------------
# A state is a sorted tuple of non-empty heaps; the sets are those of the spec.


def _take_and_break_7(n: int, s: int) -> list[tuple[int, ...]]:
    """What digit 7 at place ``s`` lets a heap of ``n`` become: each bit ``2**k`` of the
    digit allows exactly ``k`` non-empty heaps of ``n - s`` counters in all."""
    out: list[tuple[int, ...]] = []
    r = n - s
    if r < 0:
        return out
    for k, bit in enumerate((1, 2, 4)):
        if not 7 & bit:
            continue
        # every way to write r as k positive parts (parts sorted)
        out += [
            p for p in itertools.combinations_with_replacement(range(1, r + 1), k) if sum(p) == r
        ]
    return out


def partizan_splittles(left: tuple[int, ...], right: tuple[int, ...]) -> Rules:
    """The rules of ``partizan-splittles:L|R`` for Left's set ``left`` and Right's ``right``."""

    def moves(heaps: tuple[int, ...], subset: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for s in subset:
                out += [tuple(sorted(rest + p)) for p in _take_and_break_7(n, s)]
        return out

    return heap_rules("partizan-splittles", left, right, moves)


PARTIZAN_SPLITTLES = partizan_splittles((1, 3), (2, 3))


# --- Partizan Euclid --------------------------------------------------------------------------
# A state is a sorted tuple of pairs (p, q): the whole sum, one game.


def _euclid(pairs: tuple[tuple[int, int], ...], left: bool) -> list[tuple[tuple[int, int], ...]]:
    out = []
    for i, (p, q) in enumerate(pairs):
        if q == 0 or p % q == 0:
            continue
        after = (q, p % q) if left else (q, q - p % q)
        out.append(tuple(sorted((*pairs[:i], after, *pairs[i + 1 :]))))
    return out


PARTIZAN_EUCLID = Rules(
    "partizan-euclid",
    lambda s: _euclid(s, True),
    lambda s: _euclid(s, False),
    lambda s: "partizan-euclid " + " ".join(f"{p},{q}" for p, q in s),
)


RULES: dict[str, Rules] = {r.name: r for r in (ELEPHANTS_RHINOS, ANTI_CLOBBER, PARTIZAN_EUCLID)}
RULES["partizan-splittles"] = PARTIZAN_SPLITTLES
