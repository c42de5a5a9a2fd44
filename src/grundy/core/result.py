"""The answer to "who wins this position, and how?".

A :class:`Result` is frozen; :meth:`Result.to_dict` gives the JSON form used by
``grundy solve --json`` (field by field, positions as spec strings).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, fields
from typing import Any

from grundy.core.position import Position, Sum

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """The solved position.

    Attributes:
        position: the position asked about.
        play: ``"normal"`` (the last mover wins) or ``"misere"`` (the last mover loses).
        outcome: ``"N"`` (the player to move wins) or ``"P"`` (the player to move
            loses); two-player games may also answer ``"D"`` (draw), and partisan
            games ``"L"`` or ``"R"``.
        grundy: the Grundy value, or None where it is not defined (misère play,
            partisan games).
        winning_moves: positions reached by the winning moves, no duplicates,
            at most ``max_moves`` of them.
        move_descriptions: words for each winning move, aligned with ``winning_moves``.
        method: how the answer was obtained (formula name, theorem, or search
            with the number of positions).
        explanation: lines saying why the answer is true.
        positions_searched: positions newly searched for this answer (0 when a
            formula or the memo answered).
        winning_moves_total: how many winning moves there are, when known.
        winning_moves_truncated: True when ``winning_moves`` was cut at the limit.
        value: ``"win"``, ``"loss"`` or ``"draw"`` for the player to move.
        remoteness: moves to the end under perfect play (two-player solvers).
        canonical: the canonical value of a partisan position, in CGSuite's readable
            notation (``{2|-1/2}``, ``^*``, ``+-1``); ``canonical_braces`` writes it out
            as nested ``{L|R}`` with only numbers, ``*`` and ``*n`` as leaves.
        temperature, mean, left_stop, right_stop: of the canonical value, exact
            (fractions written as text, e.g. ``"5/4"``).
        right_winning_moves, right_move_descriptions, right_winning_moves_total: for a
            partisan position, Right's winning moves moving first (``winning_moves``
            then holds Left's).
    """

    position: Position | Sum
    play: str
    outcome: str
    grundy: int | None
    winning_moves: tuple[Position | Sum, ...]
    move_descriptions: tuple[str, ...]
    method: str
    explanation: tuple[str, ...] = ()
    positions_searched: int = 0
    winning_moves_total: int | None = None
    winning_moves_truncated: bool = False
    value: str | None = None
    remoteness: int | None = None
    canonical: str | None = None
    canonical_braces: str | None = None
    temperature: str | None = None
    mean: str | None = None
    left_stop: str | None = None
    right_stop: str | None = None
    right_winning_moves: tuple[Position | Sum, ...] = ()
    right_move_descriptions: tuple[str, ...] = ()
    right_winning_moves_total: int | None = None

    @property
    def first_player_wins(self) -> bool:
        """True when the player to move wins."""
        return self.mover_result() == "win"

    def mover_result(self) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move, or None when the
        answer does not say (a partisan outcome class, L or R, names no player to move).
        The one rule every front end reads.

        >>> from grundy import solve
        >>> solve("nim 1 1").mover_result(), solve("tictactoe xx.oo....").mover_result()
        ('loss', 'win')
        """
        if self.value in ("win", "loss", "draw"):
            return self.value
        return {"N": "win", "P": "loss", "D": "draw"}.get(self.outcome)

    def _repr_html_(self) -> str:
        """Jupyter shows a result as a small table, the position's picture when it has one.

        >>> from grundy import solve
        >>> "<b>N</b>" in solve("nim 3 4 5")._repr_html_()
        True
        """
        e = html.escape
        comps = self.position.components
        picture = comps[0].game.svg(comps[0].state) if len(comps) == 1 else None
        rows = [("Position", f"<code>{e(str(self.position))}</code>")]
        rows.append(
            ("Play", "misère (the last mover loses)" if self.play == "misere" else "normal")
        )
        rows.append(("Outcome", f"<b>{e(self.outcome)}</b>"))
        if self.grundy is not None:
            rows.append(("Grundy value", str(self.grundy)))
        for key in ("canonical", "value"):
            v = getattr(self, key, None)
            if v is not None:
                rows.append((key.capitalize(), e(str(v))))
        if self.winning_moves:
            shown = "".join(
                f"<li><code>{e(str(p))}</code> — {e(w)}</li>"
                for p, w in zip(self.winning_moves, self.move_descriptions, strict=False)
            )
            more = ""
            if self.winning_moves_truncated:
                total = self.winning_moves_total
                more = f" (first {len(self.winning_moves)} of {total:,})" if total else " (cut)"
            rows.append((f"Winning moves{more}", f"<ul>{shown}</ul>"))
        rows.append(("Method", e(self.method)))
        if self.explanation:
            rows.append(("Why", "<br>".join(e(x) for x in self.explanation)))
        body = "".join(
            f"<tr><th style='text-align:left;vertical-align:top'>{k}</th><td>{v}</td></tr>"
            for k, v in rows
        )
        return f"<div>{picture or ''}<table>{body}</table></div>"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every field, positions as spec strings.

        >>> from grundy import solve
        >>> solve("nim 3 4 5").to_dict()["winning_moves"]
        ['nim 1 4 5']
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "position":
                v = str(v)
            elif f.name in ("winning_moves", "right_winning_moves"):
                v = [str(p) for p in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out
