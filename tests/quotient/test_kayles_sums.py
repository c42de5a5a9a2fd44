"""Misère Kayles: the quotient (order 40, P-portion 9) against an independent brute force
over every sum of heaps with a bounded number of pins.

The brute force here is written from the rules alone (a move takes one pin or two
adjacent pins from a heap, leaving up to two heaps; in misère play the player who
cannot move wins), fills outcomes bottom-up by the total number of pins, and shares
no code with grundy. Bounds: every multiset of heaps with at most 24 pins in all
(7,338 sums) in the quick suite; at most 40 (215,308 sums) in the slow suite. An
independent check run while writing this test went to 60 pins (6,639,349 sums)
without a disagreement.
"""

from __future__ import annotations

import pytest

from grundy.quotient import misere_quotient
from tests.quotient.helpers import heap_game


def _partitions(n: int, smallest: int = 1) -> list[tuple[int, ...]]:
    """The partitions of ``n`` as non-decreasing tuples of parts >= ``smallest``."""
    if n == 0:
        return [()]
    return [(p, *rest) for p in range(smallest, n + 1) for rest in _partitions(n - p, p)]


def kayles_misere_outcomes(most: int) -> dict[tuple[int, ...], str]:
    """``P`` or ``N`` for every sum of Kayles heaps with at most ``most`` pins."""
    splits = {
        n: sorted({(a, n - t - a) for t in (1, 2) if n >= t for a in range((n - t) // 2 + 1)})
        for n in range(most + 1)
    }
    outcome: dict[tuple[int, ...], str] = {(): "N"}  # no move: the player to move wins
    for total in range(1, most + 1):
        for heaps in _partitions(total):
            wins = False
            for i, h in enumerate(heaps):
                if i and heaps[i - 1] == h:
                    continue
                rest = heaps[:i] + heaps[i + 1 :]
                for a, b in splits[h]:
                    after = tuple(sorted(rest + tuple(x for x in (a, b) if x)))
                    if outcome[after] == "P":
                        wins = True
                        break
                if wins:
                    break
            outcome[heaps] = "N" if wins else "P"
    return outcome


def _check(most: int, heaps: int) -> None:
    q = misere_quotient(heap_game("kayles"), heaps)
    wrong = [h for h, o in kayles_misere_outcomes(most).items() if q.outcome(h) != o]
    assert wrong == []


def test_the_brute_force_knows_small_sums() -> None:
    """Hand-checked: one pin is lost by the player to move (they must take it); two pins in
    one heap are won (take one, leave one); 1+1 is won (take one)."""
    out = kayles_misere_outcomes(3)
    assert (out[(1,)], out[(2,)], out[(1, 1)], out[(1, 1, 1)], out[(3,)]) == (
        "P",
        "N",
        "N",
        "P",
        "N",
    )


def test_every_sum_up_to_24_pins() -> None:
    _check(24, 24)


@pytest.mark.slow
def test_every_sum_up_to_40_pins_with_the_proved_quotient() -> None:
    """The quotient as ``grundy solve --misere`` uses it: computed to heap 200, past the
    heap (167) where its periodicity is proved, of order 40 with 9 P-positions."""
    q = misere_quotient(heap_game("kayles"), 200)
    assert (q.order, len(q.p_portion), q.computed_to) == (40, 9, 200)
    _check(40, 200)
