"""Why a partisan position has its canonical form: the values its moves lead to, which of
them are dominated and which reverse (the "Why:" lines of ``grundy solve``).

A Left option ``A`` of ``G`` is *dominated* when another Left option ``B``
has ``B >= A`` (Left never needs ``A``); it is *reversible* when ``A`` has a
Right option ``A^R <= G`` (Right would answer at once, so Left's move to ``A``
is as good as a move to a Left option of ``A^R``). Right's options mirror this.

>>> from grundy.cgt.value import CanonicalGame
>>> g = CanonicalGame.from_options([0, 1], [-1])
>>> for line in option_lines(g, [CanonicalGame(0), CanonicalGame(1), CanonicalGame(1)], "L"):
...     print(line)
Left's moves lead to 2 values: 0 (1 move), 1 (2 moves).
  0 is dominated by 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.cgt import _table as T
from grundy.cgt.value import CanonicalGame
from grundy.core.valueline import Clip, ValueLine

__all__ = ["OptionReport", "classify", "option_lines"]

#: Values shown per side, and characters per value, in the lines.
MAX_SHOWN = 8
MAX_CHARS = 40


def _short(v: CanonicalGame) -> Clip:
    """The value, cut to :data:`MAX_CHARS` characters in whatever notation it is written."""
    return Clip(v, MAX_CHARS)


def _listed(values: Sequence[CanonicalGame]) -> list[object]:
    """Parts of ``a, b, c`` (each value cut short), for a :class:`ValueLine`."""
    parts: list[object] = []
    for i, v in enumerate(values):
        parts += [", ", _short(v)] if i else [_short(v)]
    return parts


@dataclass(frozen=True)
class OptionReport:
    """The values one side's moves lead to, classified as the canonical form sees them.

    ``counts``: each distinct value with its number of moves (first-seen order);
    ``dominated``: ``(value, a better one)``; ``reversible``: ``(value, the answer that
    reverses it)``. A value is reported once, dominated first.
    """

    counts: tuple[tuple[CanonicalGame, int], ...]
    dominated: tuple[tuple[CanonicalGame, CanonicalGame], ...]
    reversible: tuple[tuple[CanonicalGame, CanonicalGame], ...]


@T.guarded
def classify(g: CanonicalGame, values: Sequence[CanonicalGame], side: str) -> OptionReport:
    """Classify ``side``'s option values (one per move) of a game whose value is ``g``."""
    counts: dict[CanonicalGame, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    distinct = list(counts)
    dominated = []
    reversible = []
    for v in distinct:
        better = next((w for w in distinct if w != v and (v <= w if side == "L" else w <= v)), None)
        if better is not None:
            dominated.append((v, better))
            continue
        answers = v.right_options if side == "L" else v.left_options
        back = next((a for a in answers if (a <= g if side == "L" else a >= g)), None)
        if back is not None:
            reversible.append((v, back))
    return OptionReport(tuple(counts.items()), tuple(dominated), tuple(reversible))


@T.guarded
def option_lines(g: CanonicalGame, values: Sequence[CanonicalGame], side: str) -> list[str]:
    """Lines naming the values ``side``'s moves from ``g`` lead to (one value per move), the
    dominated ones and the reversible ones."""
    who = "Left" if side == "L" else "Right"
    other = "Right" if side == "L" else "Left"
    if not values:
        return [f"{who} has no move."]
    report = classify(g, values, side)
    n = len(report.counts)
    shown: list[object] = []
    for i, (v, k) in enumerate(report.counts[:MAX_SHOWN]):
        shown += [", "] if i else []
        shown += [_short(v), f" ({k} move{'s' if k != 1 else ''})"]
    more = f", and {n - MAX_SHOWN} more" if n > MAX_SHOWN else ""
    lines: list[str] = [
        ValueLine(f"{who}'s moves lead to {n} value{'s' if n != 1 else ''}: ", *shown, f"{more}.")
    ]
    notes: list[str] = [
        ValueLine("  ", _short(v), " is dominated by ", _short(w), ".") for v, w in report.dominated
    ]
    sign = "<=" if side == "L" else ">="
    for v, back in report.reversible:
        through = back.left_options if side == "L" else back.right_options
        replaced = _listed(through[:MAX_SHOWN]) or ["nothing"]
        notes.append(
            ValueLine(
                "  ",
                _short(v),
                f" is reversible: {other} answers with ",
                _short(back),
                f" {sign} the whole, so it is replaced by ",
                _short(back),
                f"'s {who} options (",
                *replaced,
                ").",
            )
        )
    if len(notes) > MAX_SHOWN:
        notes = [*notes[:MAX_SHOWN], f"  ({len(notes) - MAX_SHOWN} more not listed)"]
    return lines + notes
