"""Positions: a ruleset applied to a state, and disjunctive sums of them.

>>> from grundy import parse
>>> p = parse("nim 3 4 5")
>>> str(p)
'nim 3 4 5'
>>> str(parse("nim 3") + parse("bash:3 10"))
'nim 3 + bash:3 10'
"""

from __future__ import annotations

import threading
import weakref
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

from grundy.core.board import Board, Heaps, board_svg, board_text, combine
from grundy.core.game import HeapGame, Ruleset

__all__ = ["MOST_DRAWN", "Position", "Sum", "is_checked", "mark_checked", "sum_of"]

#: Positions known to be well formed (made by the parser), by identity: checking one
#: again (a round trip through its text) is skipped. Weak: they are not kept alive.
_CHECKED: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
_CHECKED_LOCK = threading.Lock()


def mark_checked(pos: Position | Sum) -> Position | Sum:
    """Remember that ``pos`` is well formed (the parser made it); returns it."""
    with _CHECKED_LOCK:
        _CHECKED[id(pos)] = pos
    return pos


def is_checked(pos: object) -> bool:
    """True when ``pos`` itself (this object) was marked by :func:`mark_checked`."""
    with _CHECKED_LOCK:
        return _CHECKED.get(id(pos)) is pos


#: A picture of a sum shows at most this many components (the rest are counted).
MOST_DRAWN = 24


@dataclass(frozen=True)
class Position:
    """One component: ``game`` applied to ``state``. Immutable and hashable."""

    game: Ruleset
    state: Any

    @property
    def components(self) -> tuple[Position, ...]:
        """The components of this position (itself alone)."""
        return (self,)

    def __add__(self, other: Position | Sum) -> Position | Sum:
        if not isinstance(other, (Position, Sum)):
            return NotImplemented
        return sum_of(self.components + other.components)

    def canonical(self) -> frozenset[tuple[Position, int]]:
        """The position as a multiset of components (see :meth:`Sum.canonical`).

        >>> from grundy import parse
        >>> parse("moore:1 2 0 2").canonical() == parse("moore:1 2 2 0").canonical()
        True
        """
        return frozenset({(self.keyed(), 1)})

    def keyed(self) -> Position:
        """This position with its state as :meth:`~grundy.core.game.Ruleset.position_key`
        gives it (interchangeable heaps sorted): equal for positions that are the same game."""
        if not self.game.interchangeable_heaps:
            return self
        return Position(self.game, self.game.position_key(self.state))

    def __str__(self) -> str:
        return _format((self,))

    def text_board(self) -> list[str] | None:
        """The position drawn as lines of text (a board's grid, a heap's counters), or None
        when its ruleset draws none.

        >>> from grundy import parse
        >>> parse("nim 3").text_board()
        ['heap 1: ●●● (3)']
        >>> parse("matrix:1x2 3 5").text_board() is None
        True
        """
        return _text_board(self.components)

    def board(self) -> Board | None:
        """The structured board of this position (:mod:`grundy.core.board`), or None.

        >>> from grundy import parse
        >>> parse("nim 3").board()
        Heaps(heaps=(3,), last=())
        """
        return self.game.board(self.state)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a position as a picture when its ruleset can draw one."""
        return _svg(self)

    def _repr_html_(self) -> str:
        """Jupyter shows a position as its spec and its picture when there is one.

        >>> from grundy import parse
        >>> parse("chomp:2x2")._repr_html_().count("<svg")
        1
        """
        return _html(self.components)

    def __repr__(self) -> str:
        return f"grundy.parse({str(self)!r})" if self.game.name else _raw_repr(self)


@dataclass(frozen=True)
class Sum:
    """A disjunctive sum: a move is made in exactly one component.

    Order is kept for display; :meth:`canonical` ignores it.
    """

    components: tuple[Position, ...]

    def __add__(self, other: Position | Sum) -> Position | Sum:
        if not isinstance(other, (Position, Sum)):
            return NotImplemented
        return sum_of(self.components + other.components)

    def __iter__(self) -> Iterator[Position]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def canonical(self) -> frozenset[tuple[Position, int]]:
        """The sum as a multiset (order-free), for memoising sums."""
        return frozenset(Counter(c.keyed() for c in self.components).items())

    def __str__(self) -> str:
        return _format(self.components)

    def text_board(self) -> list[str] | None:
        """The sum drawn as lines of text, component by component (numbered from 1, as
        ``grundy play`` counts them), or None when no component can be drawn.

        >>> from grundy import parse
        >>> print("\\n".join(parse("nim 3 0 + matrix:1x2 1 2").text_board()))
        heap 1: ●●● (3)
        heap 2: (0)
        3: matrix:1x2 1 2
        """
        return _text_board(self.components)

    def board(self) -> Board | None:
        """One board for the whole sum (:func:`~grundy.core.board.combine`), or None.

        >>> from grundy import parse
        >>> parse("nim 3 4").board()
        Heaps(heaps=(3, 4), last=())
        """
        return combine([c.board() for c in self.components[:MOST_DRAWN]])

    def _repr_html_(self) -> str:
        """Jupyter shows a sum as its spec and the pictures of its components side by side.

        >>> from grundy import parse
        >>> parse("nim 3 4 5")._repr_html_().count("<svg")
        3
        """
        return _html(self.components)

    def __repr__(self) -> str:
        if all(c.game.name for c in self.components):
            return f"grundy.parse({str(self)!r})"
        return " + ".join(_raw_repr(c) for c in self.components)


def sum_of(components: tuple[Position, ...] | list[Position]) -> Position | Sum:
    """The sum of ``components``; a single component is returned as itself.

    >>> from grundy import parse
    >>> sum_of(list(parse("nim 1 2").components)) == parse("nim 1 2")
    True
    """
    comps = tuple(components)
    if len(comps) == 1:
        return comps[0]
    return Sum(comps)


def _raw_repr(p: Position) -> str:
    return f"Position({p.game!r}, {p.state!r})"


def _format(components: tuple[Position, ...]) -> str:
    """Format components, merging neighbours of one heap ruleset (``nim 1 4 5``)."""
    if not components:
        return "0"
    parts: list[str] = []
    i = 0
    while i < len(components):
        game = components[i].game
        args = [game.format_state(components[i].state)]
        j = i + 1
        if game.merges_components:
            while j < len(components) and components[j].game == game:
                args.append(game.format_state(components[j].state))
                j += 1
        parts.append(f"{game.spec_name()} {' '.join(args)}")
        i = j
    return " + ".join(parts)


def _cut(text: str, most: int = 60) -> str:
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _text_board(components: tuple[Position, ...]) -> list[str] | None:
    """Lines drawing ``components``: a heap a row (``heap 2: ●● (2)``); a board as its
    grid, under a line naming it when the sum has several components; a component
    without a picture as its spec."""
    shown = components[:MOST_DRAWN]
    pictures = [_lines(c) for c in shown]
    if all(p is None for p in pictures):
        return None
    lines: list[str] = []
    for i, (c, picture) in enumerate(zip(shown, pictures, strict=True), 1):
        if picture is not None and isinstance(c.game, HeapGame) and len(picture) == 1:
            lines.append(f"heap {i}: {picture[0]}")
        elif picture is not None and len(components) == 1:
            lines.extend(picture)
        elif picture is not None:
            lines.append(f"{i}: {_cut(_format((c,)))}")
            lines.extend(f"   {line}" for line in picture)
        else:
            lines.append(f"{i}: {_cut(_format((c,)))}")
    if len(components) > len(shown):
        lines.append(f"... and {len(components) - len(shown):,} more components")
    return lines


def _lines(c: Position) -> list[str] | None:
    """The ruleset's own text picture of ``c`` if it draws one, else its board as text."""
    if type(c.game).text_board is not Ruleset.text_board:  # the ruleset draws its own
        return c.game.text_board(c.state)
    board = c.board()
    if isinstance(board, Heaps) and len(board.heaps) == 1:
        return [board_text(board)[0].partition(": ")[2]]
    return None if board is None else board_text(board)


def _svg(c: Position) -> str | None:
    """The ruleset's own SVG picture of ``c`` if it draws one, else its board as SVG."""
    if type(c.game).svg is not Ruleset.svg:  # the ruleset draws its own (or decides not to)
        return c.game.svg(c.state)
    board = c.board()
    return None if board is None else board_svg(board, title=_cut(_format((c,)), 200))


def _html(components: tuple[Position, ...]) -> str:
    """The spec of ``components`` in ``<code>``, then the pictures their rulesets draw."""
    spec = f"<code>{escape(_cut(_format(components), 300))}</code>"
    pictures = [_svg(c) for c in components[:MOST_DRAWN]]
    drawn = "".join(
        f"<span style='display:inline-block;margin:4px 8px 0 0;vertical-align:bottom'>{p}</span>"
        for p in pictures
        if p
    )
    return f"<div>{spec}<div>{drawn}</div></div>" if drawn else f"<div>{spec}</div>"
