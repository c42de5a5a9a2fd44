"""The "Why:" analysis of a partisan position's options against the definitions.

Bounds: option sets drawn from the 22 games born by day 2, each side 0 to 3 values, 600
draws with a fixed seed; every claim is checked against ``<=`` directly, and the
canonical form's options must come from the kept options or the bypass replacements.
"""

from __future__ import annotations

import random

from grundy.cgt.value import CanonicalGame
from grundy.cgt.why import classify, option_lines
from tests.cgt.reference import birthday_games


def test_claims_hold_and_explain_the_canonical_form() -> None:
    day2 = birthday_games(2)
    assert len(day2) == 22
    rng = random.Random(7)
    for _ in range(600):
        lefts = rng.sample(day2, rng.randint(0, 3))
        rights = rng.sample(day2, rng.randint(0, 3))
        g = CanonicalGame.from_options(lefts, rights)
        for side, values, canonical in (
            ("L", lefts, g.left_options),
            ("R", rights, g.right_options),
        ):
            report = classify(g, values, side)
            assert sum(k for _, k in report.counts) == len(values)
            for v, better in report.dominated:
                assert v != better and (v <= better if side == "L" else better <= v)
            for v, back in report.reversible:
                if side == "L":
                    assert back in v.right_options and back <= g
                else:
                    assert back in v.left_options and back >= g
            flagged = {v for v, _ in report.dominated} | {v for v, _ in report.reversible}
            kept = {v for v, _ in report.counts} - flagged
            for _v, back in report.reversible:
                kept |= set(back.left_options if side == "L" else back.right_options)
            if not g.is_number():  # a number's form is the simplest number, not these options
                assert set(canonical) <= kept, (str(g), side)
            # nothing left unflagged is dominated by another value of the same side
            for v in {v for v, _ in report.counts} - flagged:
                assert not any(
                    w != v and (v <= w if side == "L" else w <= v) for w, _ in report.counts
                )


def test_lines_name_counts_and_no_moves() -> None:
    g = CanonicalGame.from_options([CanonicalGame(0)], [])
    assert option_lines(g, [], "R") == ["Right has no move."]
    lines = option_lines(g, [CanonicalGame(0)] * 3, "L")
    assert lines == ["Left's moves lead to 1 value: 0 (3 moves)."]
