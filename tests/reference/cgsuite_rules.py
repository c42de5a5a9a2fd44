"""More of CGSuite's rulesets rewritten from their rules, on states of our own; no grundy code.

The same :class:`~tests.reference.partisan_rules.Rules` as ``partisan_rules``: each gives
every Left and Right option of a whole position (no regions, no symmetry, no closed
forms), read from CGSuite's definitions (github.com/aaron-siegel/cgsuite,
``lib/core/src/main/resources/org/cgsuite/lang/resources/game``):

* Elephants and Rhinos: ``strip/constants.cgs``, ``GenToadsAndFrogs(maxJump => 0)``.
* Anti-Clobber: ``grid/constants.cgs`` and ``grid/GenClobber.cgs``: a stone moves to an
  orthogonally adjacent empty square and leaves an enemy stone behind.

>>> from tests.reference.partisan_rules import value
>>> from tests.reference.cgt_forms import number_of
>>> number_of(value(ELEPHANTS_RHINOS, "tttt..fff"))
Fraction(1, 1)
"""

from __future__ import annotations

import itertools

from tests.reference.partisan_rules import Rules

__all__ = ["ANTI_CLOBBER", "ELEPHANTS_RHINOS", "RULES", "strips"]


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


def _anti_clobbers(grid: tuple[str, ...], me: str, them: str) -> list[tuple[str, ...]]:
    out = []
    rows, cols = len(grid), len(grid[0])
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] != me:
            continue
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == ".":
                cells = [list(row) for row in grid]
                cells[r][c], cells[rr][cc] = them, me
                out.append(tuple("".join(row) for row in cells))
    return out


ANTI_CLOBBER = Rules(
    "anti-clobber",
    lambda g: _anti_clobbers(g, "x", "o"),
    lambda g: _anti_clobbers(g, "o", "x"),
    lambda g: "anti-clobber " + "/".join(g),
)


RULES: dict[str, Rules] = {r.name: r for r in (ELEPHANTS_RHINOS, ANTI_CLOBBER)}
