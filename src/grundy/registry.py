"""The registry: every game the position language knows, by name and alias.

Adding a game is one module with an ``ENTRY`` and one line in :data:`_ENTRIES`.

>>> from grundy.registry import REGISTRY
>>> REGISTRY.get("sub").name
'subtraction'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from grundy.catalog import bash, nim, subtraction
from grundy.core.entry import GameEntry
from grundy.errors import InvalidGameError, UnknownGameError

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
]

#: The registry used by :func:`grundy.parse` and the command line.
REGISTRY = Registry(_ENTRIES)
