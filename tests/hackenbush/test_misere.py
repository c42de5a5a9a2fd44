"""Misère play is searched; check it against the independent reference."""

from __future__ import annotations

from grundy import solve
from grundy.core.position import Position
from grundy.hackenbush.graph import make_picture
from grundy.hackenbush.ruleset import Hackenbush
from tests.hackenbush.enumerate import pictures
from tests.reference.hackenbush import reference_misere_win, reference_moves


def test_misere_outcomes_and_moves_up_to_5_edges() -> None:
    game = Hackenbush()
    for g in pictures(5):
        p = make_picture((u, v, 1) for u, v in g)
        r = solve(Position(game, p), misere=True)
        assert (r.outcome == "N") == reference_misere_win(p)
        winning = {m.components[0].state if m.components else () for m in r.winning_moves}
        assert winning == {q for q in reference_moves(p) if not reference_misere_win(q)}
