"""Nim: the binary-table explanation, and misère Nim (empty heaps included) against search."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import solve
from grundy.core.game import MisereAnswer
from grundy.core.position import Position, sum_of
from grundy.heap.nim import Nim, nim_sum_table
from tests.cli.helpers import run
from tests.reference.heap_rules import heap_sum_moves, misere_outcomes


def _misere_table(heaps: int, size: int) -> dict[tuple[int, ...], bool]:
    states = sorted(combinations_with_replacement(range(size), heaps), key=lambda s: (sum(s), s))
    return misere_outcomes(states, heap_sum_moves(lambda h: list(range(h))))


def test_misere_nim_matches_brute_force_up_to_4_heaps_below_7() -> None:
    # All multisets of 1..4 heaps of sizes 0..6 (empty heaps included).
    for heaps in range(1, 5):
        win = _misere_table(heaps, 7)
        for state, w in win.items():
            answer = Nim().misere_solve(list(state), 100)
            assert answer is not None
            assert (answer.outcome == "N") == w, state
            moves = heap_sum_moves(lambda h: list(range(h)))(state)
            brute = sorted({m for m in moves if not win[m]})
            got = sorted(
                {
                    tuple(sorted((*state[:i], *opt, *state[i + 1 :])))
                    for i, opt in (answer.winning or ())
                }
            )
            assert got == brute, state
            assert answer.winning_total == len(brute), state


def test_misere_nim_through_solve_agrees_with_generic_misere_search() -> None:
    for state in [(0, 1), (1, 1), (1, 1, 1), (0, 0), (2, 2), (1, 2, 3), (0, 1, 1, 4)]:
        pos = sum_of([Position(Nim(), h) for h in state])
        fast = solve(pos, misere=True)
        # the generic search of the whole sum, through a ruleset without the theorem
        slow = solve(sum_of([Position(_PlainNim(), h) for h in state]), misere=True)
        assert fast.outcome == slow.outcome, state
        assert {str(m) for m in slow.winning_moves} == {str(m) for m in fast.winning_moves}


class _PlainNim(Nim):
    """Nim without the misère theorem: the generic search plays the whole sum."""

    def misere_solve(self, states: Sequence[int], max_moves: int) -> MisereAnswer | None:
        return None


def test_the_notes_misere_code_is_wrong_with_empty_heaps() -> None:
    # Notes (C++): if every pile is 1 ... else play like normal nim. For piles
    # 0 and 1 not every pile is 1, so it says "xor = 1: first player wins";
    # but the mover must take the last counter and lose.
    assert solve("nim 0 1", misere=True).outcome == "P"


def test_binary_table_explanation() -> None:
    lines = nim_sum_table([3, 4, 5])
    assert "011" in lines[1] and "XOR" in lines[4] and lines[4].endswith("= 2")
    assert "take 2" in lines[5]
    big = nim_sum_table([3**2000, 5**1500])
    assert len(big) == 2 and "digits" in big[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10**40), min_size=1, max_size=6))
def test_misere_large_heaps_winning_moves(heaps: list[int]) -> None:
    answer = Nim().misere_solve(heaps, 100)
    assert answer is not None
    total = 0
    for h in heaps:
        total ^= h
    big = any(h > 1 for h in heaps)
    assert (answer.outcome == "N") == ((total != 0) == big)
    for i, (after,) in answer.winning or ():
        new = [*heaps[:i], after, *heaps[i + 1 :]]
        again = Nim().misere_solve(new, 0)
        assert again is not None and again.outcome == "P"


def test_thousand_digit_misere_and_normal() -> None:
    a, b = 3**2000, 5**1500  # 955 and 1,049 digits
    r = solve(f"nim {a} {b} {a ^ b ^ 1}", misere=True)
    assert r.outcome == "N" and len(r.winning_moves) >= 1
    n = solve(f"nim {a} {b}")
    assert n.outcome == "N" and n.winning_moves


def test_cli_prints_the_table() -> None:
    status, out, err = run("solve", "nim", "3", "4", "5")
    assert status == 0, err
    assert "XOR  010  = 2" in out and "nim 1 4 5" in out
    status, out, err = run("solve", "--misere", "nim", "1", "1", "1")
    assert status == 0, err
    assert "loses" in out and "misère Nim theorem" in out
