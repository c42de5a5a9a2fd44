"""Bash's game: a move removes between 1 and M counters from one heap.

>>> from grundy import solve
>>> solve("bash:3 8").outcome
'P'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from grundy.core.entry import GameEntry
from grundy.core.game import HeapGame
from grundy.core.params import parse_natural
from grundy.errors import InvalidSpecError

__all__ = ["ENTRY", "Bash"]

_SYNTAX = "bash:M N...  (remove 1..M counters)"


@dataclass(frozen=True)
class Bash(HeapGame):
    """Bash's game with maximum ``m``: remove 1 to ``m`` counters from one heap.

    G(n) = n mod (m + 1): from n the options are n-1, ..., n-m, whose values
    are every residue except n's own.

    >>> Bash(3).grundy_formula(10)
    2
    """

    m: int
    name: ClassVar[str] = "bash"
    syntax: ClassVar[str] = _SYNTAX

    def __post_init__(self) -> None:
        if self.m < 1:
            raise InvalidSpecError("bash needs M >= 1", _SYNTAX)

    def params_text(self) -> str:
        return str(self.m)

    def moves(self, state: int) -> Iterator[int]:
        return iter(range(max(state - self.m, 0), state))

    def grundy_formula(self, state: int) -> int:
        return state % (self.m + 1)

    def formula_name(self) -> str:
        return f"Bash's game: G(n) = n mod (M+1) = n mod {self.m + 1}"

    def options_with_value(self, state: int, value: int) -> Iterable[tuple[int, ...]]:
        k = (state % (self.m + 1) - value) % (self.m + 1)
        if value <= self.m and 1 <= k <= min(self.m, state):
            return [(state - k,)]
        return []

    def count_options_with_value(self, state: int, value: int) -> int:
        return len(list(self.options_with_value(state, value)))


def _factory(params: str | None) -> Bash:
    if params is None:
        raise InvalidSpecError("bash needs its maximum M", _SYNTAX)
    return Bash(parse_natural(params, "bash's maximum M", _SYNTAX))


ENTRY = GameEntry(
    name="bash",
    factory=_factory,
    syntax=_SYNTAX,
    rule="remove between 1 and M counters from one heap",
    example="bash:3 10",
)
