"""Misère play of sums by theorem: the misère Nim theorem and the SJ theorem (Anti-SG).

In misère play the player who makes the last move LOSES (equivalently, the
player who cannot move wins). Sums are then not solved by XOR in general; the
generic search plays the whole sum. For rulesets where it is proven, this
module answers from the components' Grundy values instead.

**SJ theorem** (Jia Zhihao 2009, "Anti-SG"). Let every component be a
position of one ruleset satisfying

    (H) every position with Grundy value 0 that still has a move has a move
        to a position of Grundy value 1.

Then the misère sum is won by the player to move exactly when

    (the nim-sum is not 0 and some component has Grundy value > 1) or
    (the nim-sum is 0 and no component has Grundy value > 1).

Proof sketch: call A the positions described; they include the final
position (every value 0), which is a win in misère play. From every other
position of A there is a move out of A (with two or more components above 1,
the normal-play move to nim-sum 0, which leaves one above 1; with exactly one,
move it to 0 or 1 so that an odd number of 1s remains; with all values at most
1, move a 1 to 0, or use (H) to turn a 0 into a 1); every move from a
position outside A enters A (a position outside A with nim-sum 0 has at least
two components above 1, so one stays above 1). (H) holds
whenever Grundy value 0 means "no move" (Nim: the misère Nim theorem, Bouton
1901), and is proven below for Bash's game; it is checked by search in the
tests. Without (H) the rule can fail, and the generic search is used.

A popular statement of this theorem says "every component > 1" in the first
case; that is wrong: misère ``nim 1 2`` has nim-sum 3 and only one component
above 1, yet the player to move wins (take the 2).

>>> from grundy.heap.nim import Nim
>>> a = sj_answer(Nim(), [1, 2], [1, 2], 10, "misère Nim theorem")
>>> a.outcome, a.winning
('N', ((1, (0,)),))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from grundy.core.game import Answer, ImpartialGame, MisereAnswer
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.core.text import short_number as _short

__all__ = [
    "sj_answer",
    "sj_answer_mixed",
    "sj_condition_counterexample",
    "sj_outcome",
    "sj_target",
]


def sj_outcome(values: Sequence[int]) -> str:
    """``"N"`` or ``"P"`` for the misère sum of components with these Grundy values (SJ rule).

    >>> sj_outcome([1, 1]), sj_outcome([1]), sj_outcome([2, 3]), sj_outcome([2, 2]), sj_outcome([])
    ('N', 'P', 'N', 'P', 'N')
    """
    total = 0
    for v in values:
        total ^= v
    big = any(v > 1 for v in values)
    return "N" if (total != 0) == big else "P"


def sj_target(values: Sequence[int], i: int) -> int:
    """The value component ``i`` must move to for the sum to become a misère P-position.

    If another component is above 1, the nim-sum must become 0; otherwise all
    components must end at 0 or 1 with an odd number of 1s.

    >>> sj_target([1, 2], 1), sj_target([2, 3], 0), sj_target([1, 1, 0], 2)
    (0, 3, 1)
    """
    others = 0
    big = False
    for j, v in enumerate(values):
        if j != i:
            others ^= v
            big = big or v > 1
    return others if big else others ^ 1


def _options_with(
    game: ImpartialGame[Any], state: Any, value: int
) -> Iterable[tuple[Any, ...]] | None:
    options = game.options_with_value(state, value)
    if options is not None:
        return options
    out = []
    for option in game.split_moves(state):
        x = 0
        for s in option:
            g = game.grundy_formula(s)
            if g is None:
                return None
            x ^= g
        if x == value and option not in out:
            out.append(option)
    return out


def sj_answer(
    game: ImpartialGame[Any],
    states: Sequence[Any],
    values: Sequence[int],
    max_moves: int,
    theorem: str,
) -> Answer | None:
    """The misère answer for a sum of ``states`` of ``game`` with Grundy ``values``, by SJ.

    The caller vouches for hypothesis (H) on every position of ``game``.
    Winning moves are every option, of each distinct component, with the value
    given by :func:`sj_target`; equal components give equal sums, so only the
    first of them is used. Returns None when an option's value is not
    available by formula (the caller then falls back to search).
    """
    return sj_answer_mixed([(game, s) for s in states], values, max_moves, theorem)


def sj_answer_mixed(
    components: Sequence[tuple[ImpartialGame[Any], Any]],
    values: Sequence[int],
    max_moves: int,
    theorem: str,
) -> Answer | None:
    """:func:`sj_answer` for components of several rulesets, ``(ruleset, state)`` each.

    The SJ theorem needs (H) of every component, not one ruleset: each ruleset
    here must declare ``sj_hypothesis``.

    >>> from grundy.heap.nim import Nim
    >>> from grundy.heap.bash import Bash
    >>> a = sj_answer_mixed([(Nim(), 2), (Bash(3), 6)], [2, 2], 5, "SJ theorem")
    >>> a.outcome
    'P'
    """
    outcome = sj_outcome(values)
    total = 0
    for v in values:
        total ^= v
    big = [v for v in values if v > 1]
    explanation = [
        "Misère play (the last mover loses): " + theorem + ".",
        "Component values: "
        + ", ".join(_short(v) for v in values[:20])
        + (", ..." if len(values) > 20 else "")
        + f"; nim-sum {_short(total)}.",
    ]
    if big:
        explanation.append(
            f"{len(big)} component(s) have value above 1, so the player to move wins iff the "
            f"nim-sum is not 0, exactly as in normal play (here it is {_short(total)})."
        )
    else:
        ones = sum(1 for v in values if v == 1)
        explanation.append(
            "No component has value above 1, so the player to move wins iff the nim-sum is "
            f"0, i.e. iff the number of components of value 1 (here {ones}) is even."
        )
    if outcome == "P":
        explanation.append("Every move leads to a position the opponent wins.")
        return MisereAnswer("P", theorem, tuple(explanation), (), 0)
    winning: list[tuple[int, tuple[Any, ...]]] = []
    count = 0
    seen: set[Any] = set()
    for i, (game, state) in enumerate(components):
        if (game, state) in seen:
            continue
        seen.add((game, state))
        options: Iterable[tuple[Any, ...]]
        known: int | None
        if game.splits:
            # A split changes how many components lie above 1, so the option's nim
            # value alone does not decide: apply the SJ rule to what the move leaves.
            rest = [v for j, v in enumerate(values) if j != i]
            split_options = _winning_splits(game, state, rest)
            if split_options is None:
                return None
            options, known = split_options, None
        else:
            target = sj_target(values, i)
            plain = _options_with(game, state, target)
            if plain is None:
                return None
            options, known = plain, game.count_options_with_value(state, target)
        found = 0
        for option in options:
            found += 1
            if len(winning) < max_moves:
                winning.append((i, option))
            elif known is not None:
                break
        count += found if known is None else known
    explanation.append(
        "A winning move leaves a nim-sum of 0 with a component above 1, or only "
        "components of value 0 and 1 with an odd number of 1s."
    )
    return MisereAnswer("N", theorem, tuple(explanation), tuple(winning), count)


def _winning_splits(
    game: ImpartialGame[Any], state: Any, rest: list[int]
) -> list[tuple[Any, ...]] | None:
    """Options of ``state`` after which the SJ rule says the player to move loses."""
    out: list[tuple[Any, ...]] = []
    for option in game.split_moves(state):
        parts: list[int] = []
        for s in option:
            g = game.grundy_formula(s)
            if g is None:
                return None
            parts.append(g)
        if sj_outcome([*rest, *parts]) == "P" and option not in out:
            out.append(option)
    return out


def sj_condition_counterexample(
    game: ImpartialGame[Any], states: Iterable[Any], *, max_positions: int = 1_000_000
) -> Any | None:
    """The first of ``states`` that breaks hypothesis (H), by search; None if all satisfy it.

    (H): a position of Grundy value 0 that has a move has a move to value 1.

    >>> from grundy.heap.nim import Nim
    >>> sj_condition_counterexample(Nim(), range(20)) is None
    True
    """
    memo = SearchMemo()

    def value(option: tuple[Any, ...]) -> int:
        x = 0
        for s in option:
            x ^= grundy_by_search(game, s, memo, max_positions=max_positions)[0]
        return x

    for state in states:
        if grundy_by_search(game, state, memo, max_positions=max_positions)[0] != 0:
            continue
        options = list(game.split_moves(state))
        if options and all(value(o) != 1 for o in options):
            return state
    return None
