"""Misère play of one heap: a quick quotient, a short search, then each in full (today) versus
the quotient in full first (before issue 24).

Run: ``python bench/misere_single_heap.py [--repeat N]``

For each single heap below, times ``grundy.solve(spec, misere=True)`` from empty caches
with :data:`grundy.core.solve.MISERE_SEARCH_FIRST` at its default and at 0 (the quotient
in full first, as before), in CPU seconds (``time.process_time``: the machine is shared).
The quotient attempts stop at wall-clock limits, so on a busy machine both columns get
less CPU before giving up: the baseline's waste is understated, and the quick attempt
(``MISERE_QUICK_SECONDS``) may miss a quotient that an idle machine finds in time.
Prints the best of ``--repeat`` runs and the ratio.
"""

from __future__ import annotations

import argparse
import time

import grundy
from grundy.core import solve as core_solve

SPECS = ("dawson 40", "grundys-game 30", "dawsons-chess 30", "kayles 25", "kayles 40")


def _cpu(spec: str, first: int) -> tuple[float, str]:
    saved = core_solve.MISERE_SEARCH_FIRST
    core_solve.MISERE_SEARCH_FIRST = first
    try:
        grundy.clear_cache()
        start = time.process_time()
        result = grundy.solve(spec, misere=True)
        return time.process_time() - start, result.method
    finally:
        core_solve.MISERE_SEARCH_FIRST = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, best kept")
    args = parser.parse_args()
    default = core_solve.MISERE_SEARCH_FIRST
    print(f"{'position':<18} {'now':>12} {'quotient first':>15} {'ratio':>7}  method now")
    for spec in SPECS:
        now = min(_cpu(spec, default)[0] for _ in range(args.repeat))
        before = min(_cpu(spec, 0)[0] for _ in range(args.repeat))
        method = _cpu(spec, default)[1]
        print(f"{spec:<18} {now:>11.2f}s {before:>14.2f}s {before / now:>6.1f}x  {method}")


if __name__ == "__main__":
    main()
