"""A loopy game written in CGSuite's notation, as a state of ``cgt "..."``.

:class:`LoopyState` is a vertex of a game graph; its Left and Right options are the
vertices its edges reach, so any ruleset that reads ``state.left_options`` plays it.

>>> s = LoopyState.parse("{0|pass}")
>>> str(s), [str(o) for o in s.left_options], [str(o) for o in s.right_options]
('over', ['0'], ['over'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grundy.cgt.loopy.graph import Graph
from grundy.cgt.loopy.notation import format_stopper, parse_loopy
from grundy.errors import SearchLimitError

__all__ = ["LoopyState"]


@dataclass(frozen=True)
class LoopyState:
    """Vertex ``vertex`` of ``graph``: a loopy game."""

    graph: Graph
    vertex: int
    #: The text it was read from (None for a state reached by a move): a way to write it
    #: when the graph's own form is too long (:meth:`text`). Not part of its identity.
    source: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> LoopyState:
        """Read a loopy game (see :func:`~grundy.cgt.loopy.notation.parse_loopy`)."""
        g, s = parse_loopy(text)
        return cls(g, s, text.strip())

    def text(self, max_length: int) -> str | None:
        """The game in CGSuite's notation in at most about ``max_length`` characters: its
        graph's form, else the text it was read from, else None.

        >>> s = LoopyState.parse("{a{0|b{a|-1}}+^|0}")
        >>> len(s.text(1000)), s.text(20), s.left_options[0].text(20) is None
        (152, '{a{0|b{a|-1}}+^|0}', True)
        """
        try:
            return format_stopper(self.graph, self.vertex, max_length=max_length)
        except SearchLimitError:
            return (
                self.source if self.source is not None and len(self.source) <= max_length else None
            )

    @property
    def left_options(self) -> tuple[LoopyState, ...]:
        """Left's options."""
        return tuple(LoopyState(self.graph, w) for w in self.graph.left[self.vertex])

    @property
    def right_options(self) -> tuple[LoopyState, ...]:
        """Right's options."""
        return tuple(LoopyState(self.graph, w) for w in self.graph.right[self.vertex])

    def __str__(self) -> str:
        return format_stopper(self.graph, self.vertex)
