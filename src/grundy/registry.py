"""The registry: every game the position language knows, by name and alias.

Adding a game is one module with an ``ENTRY`` and one line in :data:`_ENTRIES`.

>>> from grundy.registry import REGISTRY
>>> REGISTRY.get("sub").name
'subtraction'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from grundy.catalog import (
    bash,
    divisor_removal,
    divisors,
    ferguson,
    fibonacci,
    halving,
    lasker,
    matrix,
    moore,
    nim,
    subtraction,
    wythoff,
)
from grundy.core.entry import GameEntry
from grundy.errors import InvalidGameError, UnknownGameError
from grundy.games import chomp, connect4, domineering, tictactoe
from grundy.hackenbush import ruleset as hackenbush
from grundy.heap import games as heap_games

__all__ = ["REGISTRY", "Registry"]


class Registry:
    """Names and aliases to :class:`GameEntry`, in registration order."""

    def __init__(self, entries: list[GameEntry]) -> None:
        self._entries: list[GameEntry] = []
        self._by_name: dict[str, GameEntry] = {}
        for e in entries:
            self.add(e)

    def add(self, entry: GameEntry) -> None:
        """Register ``entry``; a name or alias may be used once."""
        for key in (entry.name, *entry.aliases):
            if key in self._by_name:
                raise InvalidGameError(f"the game name {key!r} is registered twice")
            self._by_name[key] = entry
        self._entries.append(entry)

    def get(self, name: str) -> GameEntry:
        """The entry for ``name`` (case-insensitive), or :class:`UnknownGameError`."""
        entry = self._by_name.get(name.lower())
        if entry is None:
            close = difflib.get_close_matches(name.lower(), self._by_name, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownGameError(
                f"unknown game {name!r}{hint}", "a game from 'grundy games', e.g. nim 3 4 5"
            )
        return entry

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._by_name


_ENTRIES: list[GameEntry] = [
    nim.ENTRY,
    subtraction.ENTRY,
    bash.ENTRY,
    heap_games.OCTAL_ENTRY,
    heap_games.KAYLES_ENTRY,
    heap_games.DAWSON_ENTRY,
    heap_games.DAWSONS_CHESS_ENTRY,
    heap_games.GRUNDYS_GAME_ENTRY,
    wythoff.ENTRY,
    fibonacci.ENTRY,
    moore.ENTRY,
    lasker.ENTRY,
    divisors.ENTRY,
    halving.ENTRY,
    matrix.ENTRY,
    ferguson.ENTRY,
    divisor_removal.ENTRY,
    hackenbush.ENTRY,
    tictactoe.ENTRY,
    connect4.ENTRY,
    chomp.ENTRY,
    domineering.ENTRY,
]

#: The registry used by :func:`grundy.parse` and the command line.
REGISTRY = Registry(_ENTRIES)
