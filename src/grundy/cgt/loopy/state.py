"""A loopy game written in CGSuite's notation, as a state of ``cgt "..."``.

:class:`LoopyState` is a vertex of a game graph; its Left and Right options are the
vertices its edges reach, so any ruleset that reads ``state.left_options`` plays it.

>>> s = LoopyState.parse("{0|pass}")
>>> str(s), [str(o) for o in s.left_options], [str(o) for o in s.right_options]
('over', ['0'], ['over'])
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.cgt.loopy.graph import Graph
from grundy.cgt.loopy.notation import format_stopper, parse_loopy

__all__ = ["LoopyState"]


@dataclass(frozen=True)
class LoopyState:
    """Vertex ``vertex`` of ``graph``: a loopy game."""

    graph: Graph
    vertex: int

    @classmethod
    def parse(cls, text: str) -> LoopyState:
        """Read a loopy game (see :func:`~grundy.cgt.loopy.notation.parse_loopy`)."""
        g, s = parse_loopy(text)
        return cls(g, s)

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
