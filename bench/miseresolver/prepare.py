"""Copy MisereSolver's sources from a CGSuite checkout into ``build/src`` and cut them loose
from the rest of CGSuite (Scala rulesets, the CGScript front end, MSV loading).

Run by ``build.sh``; nothing it writes is kept in git (``build/`` is ignored). The solver
itself (monoids, pretensions, verification, recalibration) is compiled unchanged; only
``MisereSolver.heapOptions`` is redirected to ``OctalRules`` (ours, in this folder), and
the MSV-file constructor, which needs CGSuite's parser, is dropped.

Usage: python prepare.py CGSUITE_CHECKOUT BUILD_SRC
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

SOLVER = "lib/core/src/main/scala/org/cgsuite/core/misere/solver"
KEEP = (
    "BipartiteMonoid.java",
    "CommutativeMonoid.java",
    "DirectSumMonoid.java",
    "ExplicitFiniteMonoid.java",
    "MisereSolver.java",
    "Pretension.java",
    "Relation.java",
    "Word.java",
)


def _cut_block(text: str, head: str, replacement: str) -> str:
    """Replace the brace-delimited block starting at ``head`` by ``replacement``."""
    start = text.index(head)
    depth, i = 0, text.index("{", start)
    while True:
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                break
        i += 1
    return text[:start] + replacement + text[i + 1 :]


def main() -> None:
    checkout, out = Path(sys.argv[1]), Path(sys.argv[2])
    pkg = out / "org/cgsuite/core/misere/solver"
    pkg.mkdir(parents=True, exist_ok=True)
    for name in KEEP:
        shutil.copy(checkout / SOLVER / name, pkg / name)
    path = pkg / "MisereSolver.java"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^import (org\.cgsuite\.core\.impartial|scala)\..*\n", "", text, flags=re.M)
    text = text.replace("HeapRuleset", "OctalRules")
    text = _cut_block(text, "public MisereSolver(InputStream msvInputStream)", "")
    text = _cut_block(
        text,
        "public List<int[]> heapOptions(int heapSize)",
        "public List<int[]> heapOptions(int heapSize) { return rules.heapOptions(heapSize); }",
    )
    text += "\nclass TimeoutException extends RuntimeException {}\n"
    path.write_text(text, encoding="utf-8")
    here = Path(__file__).parent
    for name in ("OctalRules.java", "Driver.java"):
        shutil.copy(here / name, pkg / name)


if __name__ == "__main__":
    main()
