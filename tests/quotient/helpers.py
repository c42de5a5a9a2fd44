"""Shared pieces of the quotient tests: heap rules as rulesets, and brute-force checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import grundy
from grundy.core.game import HeapGame, ImpartialGame
from grundy.quotient import MisereQuotient
from tests.quotient.reference import MisereOracle, multisets

Rules = Callable[[int], Iterable[tuple[int, ...]]]


class RulesGame(HeapGame):
    """A heap ruleset from a rules function (compared by identity)."""

    splits = True

    def __init__(self, rules: Rules, label: str = "rules") -> None:
        self.rules = rules
        self.label = label

    def split_moves(self, state: int) -> Iterable[tuple[int, ...]]:
        return self.rules(state)

    def spec_name(self) -> str:
        return self.label


def wrong_sums(
    q: MisereQuotient, oracle: MisereOracle, top: int, most: int
) -> list[tuple[int, ...]]:
    """Sums of at most ``most`` heaps from ``1..top`` whose quotient outcome is wrong."""
    bad = []
    for count in range(most + 1):
        for heaps in multisets(top, count):
            if q.outcome(heaps) != oracle.outcome(heaps):
                bad.append(heaps)
    return bad


def winning_moves(
    rules: Rules, oracle: MisereOracle, heaps: list[int]
) -> set[tuple[int, tuple[int, ...]]]:
    """Every winning move of the misère sum ``heaps`` by brute force: ``(index, option)``
    pairs, one per distinct sum reached: the first of equal heaps, each option's heaps
    sorted."""
    moves = set()
    for i, h in enumerate(heaps):
        if h in heaps[:i]:  # an equal heap moved the same way leaves the same sum
            continue
        rest = heaps[:i] + heaps[i + 1 :]
        for option in {tuple(sorted(o)) for o in rules(h)}:
            if oracle.outcome(rest + list(option)) == "P":
                moves.add((i, option))
    return moves


def representative(q: MisereQuotient, x: int) -> tuple[int, ...]:
    """A sum of heaps whose element is ``x`` (its normal form, with generator heaps)."""
    heaps: list[int] = []
    for g, e in zip(q.generators, q.words[x], strict=True):
        heaps.extend([g] * e)
    assert q.product(heaps) == x
    return tuple(heaps)


def undistinguished(q: MisereQuotient, oracle: MisereOracle) -> list[tuple[int, int]]:
    """Pairs of distinct elements that no element tells apart by brute force (empty when the
    quotient is reduced: every element is a distinct class of sums)."""
    reps = [representative(q, x) for x in range(q.order)]
    bad = []
    for x in range(q.order):
        for y in range(x + 1, q.order):
            if all(
                oracle.outcome(reps[x] + reps[z]) == oracle.outcome(reps[y] + reps[z])
                for z in range(q.order)
            ):
                bad.append((x, y))
    return bad


def heap_game(spec: str) -> ImpartialGame[int]:
    """The heap ruleset named by ``spec`` (e.g. ``kayles`` or ``octal:0.75``)."""
    game = grundy.parse_ruleset(spec)
    assert isinstance(game, ImpartialGame)
    return game
