"""Every legal move from a position, with words: what ``grundy play`` offers.

>>> from grundy import parse
>>> for p, w in legal_moves(parse("nim 1 2")):
...     print(p, "|", w)
nim 0 2 | take 1 from the heap of 1
nim 1 0 | take 2 from the heap of 2
nim 1 1 | take 1 from the heap of 2

In a position with a partisan component Left and Right have different moves,
so the side must be named:

>>> for p, w in legal_moves(parse("domineering:2x2 + nim 1"), side="R"):
...     print(p, "|", w)  # doctest: +ELLIPSIS
domineering:2x2 ##/.. + nim 1 | Right places a horizontal domino in row 1, columns 1-2 in ...
domineering:2x2 ../## + nim 1 | Right places a horizontal domino in row 2, columns 1-2 in ...
domineering:2x2 ../.. + nim 0 | Right: take 1 from the heap of 1

Where both players have the same moves in every component (Cram, Arc Kayles, the
``impartial:`` variants, heaps), no side is needed: the moves are named without one.

>>> for p, w in legal_moves(parse('arc-kayles "1-2 2-3 3-4"')):
...     print(p, "|", w)
arc-kayles "3-4" | picks the edge 1-2 (vertices 1 and 2 go)
arc-kayles "" | picks the edge 2-3 (vertices 2 and 3 go)
arc-kayles "1-2" | picks the edge 3-4 (vertices 3 and 4 go)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grundy.core.game import ImpartialGame, PartisanGame, Play, Player
from grundy.core.limits import CHECK_EVERY, checkpoint
from grundy.core.position import Position, Sum, mark_checked, sum_of
from grundy.core.text import short_repr
from grundy.errors import InvalidGameError, InvalidSpecError, SearchLimitError, UnsupportedError

__all__ = ["legal_moves", "legal_plays", "same_moves", "without_side"]


#: At most this many moves are listed by default (``nim 2147483648`` has over 2 billion;
#: a list this long is of no use to a player, and takes about a second to build).
MAX_LEGAL_MOVES = 20_000


def legal_moves(
    pos: Position | Sum, side: str | None = None, *, max_moves: int = MAX_LEGAL_MOVES
) -> list[tuple[Position | Sum, str]]:
    """Distinct positions reachable in one move, each with a description.

    Positions are distinct as multisets of components, so moving in either of
    two equal heaps is listed once. ``side`` (``"L"`` or ``"R"``) is required
    when Left and Right have different moves in a component, and then names whose
    moves are listed; without it, a game with the same moves for both (Cram, see
    :func:`same_moves`) lists them with no side named.
    Moves are generated lazily: past ``max_moves`` of them the listing stops with
    :class:`~grundy.errors.SearchLimitError`, and the time limit in force
    (:func:`~grundy.core.limits.bounded`) is checked as it goes.
    """
    return [(p.after, p.words) for p in legal_plays(pos, side, max_moves=max_moves)]


def legal_plays(
    pos: Position | Sum, side: str | None = None, *, max_moves: int = MAX_LEGAL_MOVES
) -> list[Play]:
    """:func:`legal_moves` as :class:`~grundy.core.game.Play` values: the position after
    each move, who makes it, the cells of its component's board it plays on (when the
    ruleset says), its words, and ``part``, the index of the component it is made in.
    The positions are made by the rules, so :func:`grundy.solve` takes them as they are
    (even one that does not print as itself: a Cutcake table of several pieces).

    >>> from grundy import parse
    >>> p = legal_plays(parse("domineering:2x2 + nim 1"), side="L")[0]
    >>> str(p.after), p.cells, p.part
    ('domineering:2x2 #./#. + nim 1', (0, 2), 0)
    """
    if not isinstance(pos, (Position, Sum)):
        raise InvalidGameError(
            f"legal_moves takes a position (grundy.parse('nim 3 4')), got {type(pos).__name__}"
        )
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0:
        raise InvalidSpecError(
            f"max_moves must be an integer >= 0, got {short_repr(max_moves)}",
            "max_moves=N with N >= 0",
        )
    comps = pos.components
    if side is not None and not (isinstance(side, str) and side in ("L", "R")):
        raise UnsupportedError(f"side must be 'L' or 'R', not {short_repr(side)}")
    partisan = any(c.game.kind == "partisan" and not same_moves(c.game) for c in comps)
    if partisan and side is None:
        raise UnsupportedError(
            "Left and Right have different moves in a partisan position: name the side (L or R)"
        )
    if not partisan and len(comps) == 1 and comps[0].game.kind not in ("impartial", "partisan"):
        game = comps[0].game
        alone = game.plays(comps[0].state)
        return [replace(p, after=mark_checked(Position(game, *p.after))) for p in alone]
    who = "Left" if side == "L" else "Right"
    player: Player | None = "L" if side == "L" else "R" if side == "R" else None
    every = max(1, CHECK_EVERY // max(1, len(comps)))
    out: list[Play] = []
    seen: set[Any] = set()
    count = 0
    for i, c in enumerate(comps):
        game = c.game
        if isinstance(game, PartisanGame) and player is None:  # the same moves for both
            where = f" in {c}" if len(comps) > 1 else ""
            plays: Any = (
                replace(p, player=None, words=without_side(p.words) + where)
                for p in game.plays(c.state, "L")
            )
        elif isinstance(game, PartisanGame):
            where = f" in {c}" if len(comps) > 1 else ""
            plays = (replace(p, words=p.words + where) for p in game.plays(c.state, player))
        elif isinstance(game, ImpartialGame):
            prefix = f"{who}: " if side is not None else ""
            plays = (replace(p, words=prefix + p.words) for p in game.plays(c.state, player))
        else:
            raise UnsupportedError(f"{game.spec_name()} cannot be played inside a sum")
        for play in plays:
            count += 1
            if count > max_moves:
                raise SearchLimitError(
                    max_moves,
                    f"{_shown(pos)} has more than {max_moves:,} legal moves; ask about a "
                    "smaller position, or raise max_moves",
                )
            if count % every == 0:  # each move of a sum of n components costs about n
                checkpoint(count, None, "moves listed")
            option = play.after
            after = sum_of([*comps[:i], *(Position(game, s) for s in option), *comps[i + 1 :]])
            key = after.canonical()
            if key in seen:
                continue
            seen.add(key)
            out.append(replace(play, after=mark_checked(after), part=i))
    return out


def same_moves(game: object) -> bool:
    """Whether both players always have the same moves in ``game``: an impartial ruleset,
    or a partisan-solved one that declares ``impartial = True`` (Cram, Arc Kayles, the
    ``impartial:`` variants). Such a game is played with no side: ``grundy play`` plays it
    as an impartial game. (:func:`grundy.cgt.sums.impartial_rule` asks the same.)

    >>> from grundy import parse
    >>> [same_moves(parse(s).components[0].game) for s in ("nim 1", "cram:2x2", "domineering:2x2")]
    [True, True, False]
    """
    return isinstance(game, ImpartialGame) or getattr(game, "impartial", False) is True


def without_side(words: str) -> str:
    """A move's words without the side's name they start with (a partisan ruleset names
    the mover; in a game with the same moves for both either player may make the move).

    >>> without_side("Left places a vertical domino"), without_side("Leftmost first")
    ('places a vertical domino', 'Leftmost first')
    >>> without_side("Right: the frog on 4 steps to 3")
    'the frog on 4 steps to 3'
    """
    for who in ("Left: ", "Right: ", "Left ", "Right "):
        if words.startswith(who):
            return words[len(who) :]
    return words


def _shown(pos: Position | Sum) -> str:
    text = str(pos)
    return text if len(text) <= 60 else text[:57] + "..."
