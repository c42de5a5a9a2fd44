"""Winning moves are listed and counted once per distinct resulting position, in normal and
misère play alike (issue 24).

Two moves that leave the same multiset of heaps are one move: moving in either of two
equal heaps of a sum (``kayles 12 12 12``), or lowering either of two equal heaps of a
state whose heaps the rules treat alike (``moore:1 2 2 2``, ``wythoff 5 5``). The truth
here is brute force: every option of every component, keyed as a multiset of heaps by
this test, each solved on its own.

Bounds: the positions in ``CASES`` (every heap ruleset of the registry with repeated heaps,
and Moore's Nim, Wythoff and Ferguson), in both plays, with ``max_moves`` 100 and 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

import pytest

import grundy
from grundy.core.game import ImpartialGame
from grundy.core.position import Position, Sum, sum_of

#: Rulesets whose one state is an ordered tuple of heaps that the rules treat alike.
INTERCHANGEABLE = {"moore", "wythoff", "ferguson"}

CASES = [
    "kayles 12 12 12",
    "kayles 3 3 5",
    "kayles 4 4 1 1",
    "dawson 6 6 9",
    "grundys-game 7 7 8",
    "dawsons-chess 5 5 7",
    "octal:0.137 4 4 6",
    "nim 3 3 5",
    "nim 2 2 2",
    "subtraction:1,3,4 5 5 7",
    "bash:3 4 4 6",
    "lasker 2 2 5",
    "halving 6 6 5",
    "divisors 12 12 5",
    "moore:1 2 2 2",
    "moore:1 1 2 3 3",
    "moore:2 1 2 2 3",
    "moore:2 3 3 5 6",
    "moore:3 2 2 2 2 1",
    "wythoff 5 5",
    "wythoff 4 6",
    "wythoff 2 2",
    "ferguson 4 4",
    "ferguson 5 6",
]


def _key(pos: Position | Sum) -> Hashable:
    """The position as a multiset of components, heaps sorted where they are alike."""
    out: Counter[tuple[str, Hashable]] = Counter()
    for c in pos.components:
        name = c.game.spec_name()
        state = tuple(sorted(c.state)) if c.game.name in INTERCHANGEABLE else c.state
        out[(name, state)] += 1
    return frozenset(out.items())


def _winning_by_brute_force(pos: Position | Sum, misere: bool) -> set[Hashable]:
    comps = pos.components
    winning = set()
    for i, c in enumerate(comps):
        game = c.game
        assert isinstance(game, ImpartialGame)
        for option in game.split_moves(c.state):
            after = sum_of([*comps[:i], *(Position(game, s) for s in option), *comps[i + 1 :]])
            if grundy.solve(after, misere=misere).outcome == "P":
                winning.add(_key(after))
    return winning


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("spec", CASES)
def test_winning_moves_are_distinct_positions(spec: str, misere: bool) -> None:
    pos = grundy.parse(spec)
    truth = _winning_by_brute_force(pos, misere)
    r = grundy.solve(pos, misere=misere, max_moves=100)
    listed = [_key(m) for m in r.winning_moves]
    assert len(listed) == len(set(listed)), [str(m) for m in r.winning_moves]
    assert set(listed) == truth
    assert r.winning_moves_total == len(truth)
    assert not r.winning_moves_truncated
    one = grundy.solve(pos, misere=misere, max_moves=1)
    assert len(one.winning_moves) == min(1, len(truth))
    assert one.winning_moves_truncated == (len(truth) > 1)
    assert one.winning_moves_total in (len(truth), None)


def test_misere_kayles_three_equal_heaps() -> None:
    """The case of the issue: one winning move, not 'list cut at 1 (3 in all)'."""
    r = grundy.solve("kayles 12 12 12", misere=True, max_moves=100)
    assert (r.winning_moves_total, r.winning_moves_truncated) == (1, False)
    assert [str(m) for m in r.winning_moves] == ["kayles 5 5 12 12"]


def test_moore_lists_one_move_per_multiset() -> None:
    r = grundy.solve("moore:1 2 2 2")
    assert r.winning_moves_total == 1
    assert len(r.winning_moves) == 1


def test_play_accepts_the_heaps_in_any_order() -> None:
    """A move typed with the heaps in another order is the listed move."""
    pos = grundy.parse("moore:1 2 2 2")
    listed = {m.canonical() for m, _ in grundy.legal_moves(pos)}
    assert grundy.parse("moore:1 2 2 0").canonical() in listed
    assert grundy.parse("moore:1 0 2 2").canonical() in listed
    assert len(listed) == len(grundy.legal_moves(pos))
    assert len(grundy.legal_moves(pos)) == 2  # a heap of 2 -> 0 or 1
