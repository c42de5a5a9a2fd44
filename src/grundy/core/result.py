"""The answer to "who wins this position, and how?".

A :class:`Result` is frozen; :meth:`Result.to_dict` gives the JSON form used by
``grundy solve --json`` (field by field, positions as spec strings).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, fields
from typing import Any

from grundy.core.position import Position, Sum

__all__ = ["Result", "format_result", "short_spec", "shorten"]


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
        cgsuite, onside, offside, degree, variety: for a loopy partisan position
            (:mod:`grundy.cgt.loopy`), the value in CGSuite's notation (a stopper, or
            ``onside & offside``), its two sides, and a stopper's ``Degree`` and ``Variety``
            (None where not defined or not found); ``outcome`` is then one of CGSuite's
            loopy classes (``D``, ``NHat``, ``NCheck``, ``PHat``, ``PCheck`` besides L R N P).
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
    cgsuite: str | None = None
    onside: str | None = None
    offside: str | None = None
    degree: str | None = None
    variety: str | None = None

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

    def __str__(self) -> str:
        """The command line's text for this answer (``grundy solve`` prints exactly this).

        >>> from grundy import solve
        >>> print(solve("nim 3"))
        nim 3  (normal play: the last mover wins)
        Outcome: the player to move wins (N-position)
        Grundy value: 3
        Winning move:
          take 3 from the heap of 3 -> nim 0
        Why:
          Nim-sum in binary (Bouton 1901: the player to move loses iff it is 0):
              3  11
            XOR  11  = 3
          To zero it: 3 has a 1 in the top column of 3, and 3 XOR 3 = 0, so take 3 from 3.
          The value 3 is not 0, so the player to move wins by moving to a position of value 0.
        Method: formula: Nim heap: G(n) = n (Bouton 1901)
        """
        return format_result(self)

    def __repr__(self) -> str:
        """One line: the spec, the outcome and the values that matter (``str`` has the rest).

        >>> from grundy import solve
        >>> solve("nim 3 4 5")
        Result(spec='nim 3 4 5', outcome='N', grundy=2, winning_moves=1)
        >>> solve("nim 3 4 5", misere=True)
        Result(spec='nim 3 4 5', play='misere', outcome='N', winning_moves=1)
        """
        parts = [f"spec={shorten(str(self.position))!r}"]
        if self.play != "normal":
            parts.append(f"play={self.play!r}")
        parts.append(f"outcome={self.outcome!r}")
        for key in ("grundy", "value", "remoteness", "canonical"):
            v = getattr(self, key)
            if v is not None:
                parts.append(f"{key}={v!r}")
        total = self.winning_moves_total
        count = total if total is not None else len(self.winning_moves)
        if self.canonical is None:
            parts.append(f"winning_moves={count}")
        return f"Result({', '.join(parts)})"

    def _repr_html_(self) -> str:
        """Jupyter shows a result as a small table, the position's picture when it has one;
        the "Why" lines keep their layout (``<pre>``).

        >>> from grundy import solve
        >>> "<b>N</b>" in solve("nim 3 4 5")._repr_html_()
        True
        """
        e = html.escape
        comps = self.position.components
        picture = comps[0]._repr_svg_() if len(comps) == 1 else None
        rows = [("Position", f"<code>{e(short_spec(self.position))}</code>")]
        rows.append(
            ("Play", "misère (the last mover loses)" if self.play == "misere" else "normal")
        )
        rows.append(("Outcome", f"<b>{e(self.outcome)}</b> — {e(_outcome_words(self))}"))
        if self.grundy is not None:
            rows.append(("Grundy value", str(self.grundy)))
        if self.value is not None:
            r = self.remoteness
            rows.append(("Value", e(self.value if r is None else f"{self.value} in {r}")))
        if self.canonical is not None:
            rows.append(("Canonical value", f"<code>{e(self.canonical)}</code>"))
            rows.append(
                (
                    "Mean, temperature",
                    e(
                        f"{self.mean}, {self.temperature} (stops: Left {self.left_stop}, "
                        f"Right {self.right_stop})"
                    ),
                )
            )
        sides: list[tuple[str, tuple[Position | Sum, ...], tuple[str, ...], int | None]] = []
        if self.canonical is not None:
            sides.append(
                (
                    "Left wins moving first",
                    self.winning_moves,
                    self.move_descriptions,
                    self.winning_moves_total,
                )
            )
            sides.append(
                (
                    "Right wins moving first",
                    self.right_winning_moves,
                    self.right_move_descriptions,
                    self.right_winning_moves_total,
                )
            )
        elif self.winning_moves:
            kind = "Best moves" if self.value in ("draw", "loss") else "Winning moves"
            sides.append(
                (kind, self.winning_moves, self.move_descriptions, self.winning_moves_total)
            )
        for label, moves, words, total in sides:
            shown = "".join(
                f"<li>{e(w)} → <code>{e(short_spec(p))}</code></li>"
                for p, w in zip(moves, words, strict=False)
            )
            n = len(moves)
            count = f" ({n:,} of {total:,})" if total is not None and total > n else f" ({n:,})"
            rows.append((label + count, f"<ul>{shown}</ul>" if moves else "none"))
        rows.append(("Method", e(self.method)))
        if self.explanation:
            why = "\n".join(e(x) for x in self.explanation)
            rows.append(("Why", f"<pre style='margin:0'>{why}</pre>"))
        body = "".join(
            f"<tr><th style='text-align:left;vertical-align:top'>{k}</th>"
            f"<td style='text-align:left'>{v}</td></tr>"
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


_OUTCOME_WORDS = {
    "N": "the player to move wins (N-position)",
    "P": "the player to move loses (P-position)",
    "D": "a draw with perfect play",
    "L": "Left wins whoever starts (L-position)",
    "R": "Right wins whoever starts (R-position)",
    "NHat": "Left wins moving first; a draw when Right moves first",
    "NCheck": "Right wins moving first; a draw when Left moves first",
    "PHat": "a draw when Left moves first; Left wins when Right moves first",
    "PCheck": "Right wins when Left moves first; a draw when Right moves first",
}


_LONGEST = 200


def shorten(spec: str) -> str:
    """A spec cut to fit a line (``--json`` always has it whole).

    >>> shorten("nim " + "1 " * 200)[-30:]
    '1 1 1 1 1 ... (404 characters)'
    """
    if len(spec) <= _LONGEST:
        return spec
    return f"{spec[: _LONGEST - 40].rstrip()} ... ({len(spec):,} characters)"


def short_spec(position: Any) -> str:
    """``shorten(str(position))``, without writing the whole text of a big position when
    its ruleset can give the head of it (``format_state_head``: a million-edge picture)."""
    comps = position.components
    if len(comps) == 1:
        game = comps[0].game
        found = game.format_state_head(comps[0].state, _LONGEST)
        if found is not None:
            text: str = found[0]
            length: int = found[1]
            name = f"{game.spec_name()} "
            if len(name) + length <= _LONGEST:
                return name + text
            cut = (name + text)[: _LONGEST - 40].rstrip()
            return f"{cut} ... ({len(name) + length:,} characters)"
    return shorten(str(position))


def _move_lines(
    who: str, moves: tuple[Any, ...], words: tuple[str, ...], total: int | None
) -> list[str]:
    """``Left wins moving first with 2 moves:`` and the moves, or that it has none."""
    if not moves:
        return [f"{who} moving first has no winning move (moving first loses)"]
    n = len(moves)
    count = total if total is not None and total > n else n
    listed = f" ({n:,} listed)" if count > n else ""
    out = [f"{who} wins moving first with {count:,} move{'s' if count != 1 else ''}{listed}:"]
    out.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, words, strict=True))
    return out


def _partisan_lines(result: Result) -> list[str]:
    """Canonical value, temperature and stops, and each side's winning moves moving first."""
    if result.onside is not None:  # a loopy value (grundy.cgt.loopy)
        lines = [f"Value: {result.canonical}"]
        if result.left_stop is not None:
            lines.append(f"Stops: Left {result.left_stop}, Right {result.right_stop}")
        if result.degree is not None:
            lines.append(f"Degree {result.degree}, variety {result.variety or 'not found'}")
        for who, moves, descs in (
            ("Left", result.winning_moves, result.move_descriptions),
            ("Right", result.right_winning_moves, result.right_move_descriptions),
        ):
            lines.append(f"{who} moving first: " + ("best moves:" if moves else "every move loses"))
            lines.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, descs, strict=True))
        return lines
    lines = [
        f"Canonical value: {result.canonical}",
        f"Mean {result.mean}, temperature {result.temperature}; "
        f"stops: Left {result.left_stop}, Right {result.right_stop}",
    ]
    lines += _move_lines(
        "Left",
        result.winning_moves,
        result.move_descriptions,
        result.winning_moves_total,
    )
    lines += _move_lines(
        "Right",
        result.right_winning_moves,
        result.right_move_descriptions,
        result.right_winning_moves_total,
    )
    return lines


def _outcome_words(result: Result) -> str:
    return _OUTCOME_WORDS.get(result.outcome, result.outcome)


def format_result(result: Result) -> str:
    """The human form of a result: who wins, the value, the winning moves, why, and how."""
    if result.value is not None:  # a two-player search game: its own rules say who wins
        lines = [short_spec(result.position)]
    elif result.play == "misere":
        lines = [f"{short_spec(result.position)}  (misère play: the last mover loses)"]
    else:
        lines = [f"{short_spec(result.position)}  (normal play: the last mover wins)"]
    lines.append("Outcome: " + _outcome_words(result))
    if result.value is not None:
        r = result.remoteness
        extra = "" if r is None else f" in {r} move" if r == 1 else f" in {r} moves"
        lines.append(f"Value: {result.value}{extra}")
    if result.grundy is not None:
        lines.append(f"Grundy value: {result.grundy}")
    if result.canonical is not None:
        lines.extend(_partisan_lines(result))
    elif result.onside is None and result.method.startswith("retrograde analysis of the sum"):
        # a loopy partisan sum whose value was not found: the outcome and best moves stand
        lines.append("Value: not found (see Why)")
        for who, moves, descs in (
            ("Left", result.winning_moves, result.move_descriptions),
            ("Right", result.right_winning_moves, result.right_move_descriptions),
        ):
            lines.append(f"{who} moving first: " + ("best moves:" if moves else "every move loses"))
            lines.extend(f"  {w} -> {short_spec(p)}" for p, w in zip(moves, descs, strict=True))
    elif any(c.game.kind == "partisan" for c in result.position.components):
        # The value ran out of time: the outcome and each side's winning move by search.
        lines.append("Canonical value: not finished (the outcome class is by search)")
        lines += _move_lines("Left", result.winning_moves, result.move_descriptions, None)
        lines += _move_lines(
            "Right", result.right_winning_moves, result.right_move_descriptions, None
        )
    elif result.winning_moves:
        n = len(result.winning_moves)
        # Two-player solvers list the best moves of a draw or a loss (drawing, slowest-losing).
        kind = "Best move" if result.value in ("draw", "loss") else "Winning move"
        total = result.winning_moves_total
        if result.winning_moves_truncated and total is not None and total > n:
            lines.append(f"{kind}s ({n:,} of {total:,}):")
        else:
            lines.append(f"{kind}:" if n == 1 else f"{kind}s ({n:,}):")
        for pos, words in zip(result.winning_moves, result.move_descriptions, strict=True):
            lines.append(f"  {words} -> {short_spec(pos)}")
        if result.winning_moves_truncated:
            more = f"{total:,} in all" if total is not None else "the total is not known"
            lines.append(f"  ... list cut at {n} ({more}); raise --max-moves to see more")
    elif result.outcome == "P":
        lines.append("No winning move: every move leads to a position the opponent wins.")
    if result.explanation:
        lines.append("Why:")
        lines.extend(f"  {line}" for line in result.explanation)
    lines.append(f"Method: {result.method}")
    return "\n".join(lines)
