"""The registry: every game the position language knows, by name and alias.

The registry is read from the rulesets themselves: every public module of the
game packages (:data:`GAME_PACKAGES`) is imported the first time a name is
asked for, and each ruleset class that declares a :attr:`~grundy.core.game.Ruleset.name`
(and each :class:`~grundy.core.game.NamedRuleset` a module holds, alone or in a
tuple) becomes an entry (:meth:`GameEntry.of`). A class that declares
:attr:`~grundy.core.game.Ruleset.variant_params` is the ruleset of another
entry of its name under those parameters (``hackenbush:colored``). Adding a
game is one module in one of these packages: there is no list to edit.

>>> from grundy.lang.registry import REGISTRY
>>> REGISTRY.get("sub").name
'subtraction'
"""

from __future__ import annotations

import pkgutil
import threading
from collections.abc import Iterator
from dataclasses import replace
from importlib import import_module
from types import ModuleType

from grundy.core.game import NamedRuleset, Ruleset
from grundy.errors import InvalidGameError, InvalidSpecError, UnknownGameError
from grundy.lang.entry import GameEntry

__all__ = ["GAME_PACKAGES", "REGISTRY", "Registry", "rulesets_in"]

#: The packages whose public modules hold the built-in games, in listing order (within a
#: package: modules by name, and in a module the order of definition).
GAME_PACKAGES: tuple[str, ...] = (
    "grundy.heap",
    "grundy.catalog.impartial",
    "grundy.hackenbush",
    "grundy.catalog.boards",
    "grundy.cgt.games",
)

#: Held while game modules are imported (threads load them one at a time).
_LOADING = threading.RLock()


def rulesets_in(module: ModuleType) -> list[type[Ruleset] | NamedRuleset]:
    """The games a module declares, in order of definition: ruleset classes defined there
    with a :attr:`~grundy.core.game.Ruleset.name` of their own, and named rulesets (alone
    or in a tuple).

    >>> import grundy.heap.games as m
    >>> [getattr(g, "name", None) or g.ruleset.spec_name() for g in rulesets_in(m)]
    ['octal', 'kayles', 'dawson', 'dawsons-chess', 'grundys-game']
    """
    found: list[type[Ruleset] | NamedRuleset] = []
    for obj in vars(module).values():
        if isinstance(obj, type) and issubclass(obj, Ruleset):
            if obj.__module__ == module.__name__ and "name" in vars(obj) and obj.name:
                found.append(obj)
        elif isinstance(obj, NamedRuleset):
            found.append(obj)
        elif isinstance(obj, tuple) and obj and all(isinstance(x, NamedRuleset) for x in obj):
            found.extend(obj)
    return found


def _modules(package: str) -> Iterator[ModuleType]:
    """The public modules of ``package`` (names without a leading underscore), by name."""
    pkg = import_module(package)
    names = sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))
    for name in names:
        yield import_module(f"{package}.{name}")


def _with_variants(entry: GameEntry, variants: dict[str, type[Ruleset]]) -> GameEntry:
    """``entry`` whose factory hands the parameters in ``variants`` to another ruleset."""
    base = entry.factory

    def factory(params: str | None) -> Ruleset:
        cls = variants.get((params or "").lower())
        if cls is None:
            return base(params)
        return cls.from_params(params.lower() if params else params)

    return replace(entry, factory=factory)


def _require_name(name: object) -> None:
    if not isinstance(name, str):
        raise InvalidSpecError(
            f"a game name must be text, got {type(name).__name__}", "a name such as 'kayles'"
        )


class Registry:
    """Names and aliases to :class:`GameEntry`, in listing order.

    ``Registry(packages)`` reads the games of those packages (see
    :func:`rulesets_in`) when it is first asked; ``Registry()`` starts empty, for
    games added with :meth:`add`.
    """

    def __init__(self, packages: tuple[str, ...] = ()) -> None:
        if not isinstance(packages, (tuple, list)) or not all(
            isinstance(p, str) and p for p in packages
        ):
            raise InvalidGameError(
                "Registry(packages) takes a tuple of package names, e.g. ('grundy.heap',)"
            )
        self._packages = tuple(packages)
        self._loaded = not self._packages
        self._names: list[str] = []
        self._key_of: dict[str, str] = {}
        self._entries: dict[str, GameEntry] = {}
        self._classes: list[type[Ruleset]] = []

    def _load(self) -> None:
        if self._loaded:
            return
        with _LOADING:
            if self._loaded:
                return
            games: list[type[Ruleset] | NamedRuleset] = []
            for package in self._packages:
                for module in _modules(package):
                    games.extend(rulesets_in(module))
            variants: dict[str, dict[str, type[Ruleset]]] = {}
            self._classes = [g for g in games if not isinstance(g, NamedRuleset)]
            own = [g for g in games if isinstance(g, NamedRuleset) or not g.variant_params]
            for g in games:
                if not isinstance(g, NamedRuleset) and g.variant_params:
                    for p in g.variant_params:
                        variants.setdefault(g.name, {})[p] = g
            for g in own:
                entry = GameEntry.of(g)
                if entry.name in variants:
                    entry = _with_variants(entry, variants.pop(entry.name))
                self._declare(entry)
            if variants:
                raise InvalidGameError(
                    f"variants of unregistered games: {', '.join(sorted(variants))}"
                )
            self._loaded = True

    def _declare(self, entry: GameEntry) -> None:
        names = (entry.name, *entry.aliases)
        for key in names:
            if key in self._key_of:
                raise InvalidGameError(f"the game name {key!r} is registered twice")
        for key in names:
            self._key_of[key] = entry.name
        self._names.append(entry.name)
        self._entries[entry.name] = entry

    def add(self, entry: GameEntry) -> None:
        """Register an already-built entry (for games defined outside grundy)."""
        if not isinstance(entry, GameEntry):
            raise InvalidGameError(
                f"Registry.add takes a GameEntry (GameEntry.of(MyRuleset)), got "
                f"{type(entry).__name__}"
            )
        self._load()
        with _LOADING:
            self._declare(entry)

    def get(self, name: str) -> GameEntry:
        """The entry for ``name`` (case-insensitive), or :class:`UnknownGameError`."""
        _require_name(name)
        self._load()
        key = self._key_of.get(name.lower())
        if key is None:
            import difflib  # noqa: PLC0415 (lazy: needed only for a misspelt name)

            close = difflib.get_close_matches(name.lower(), self._key_of, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownGameError(
                f"unknown game {name!r}{hint}", "a game from 'grundy games', e.g. nim 3 4 5"
            )
        return self._entries[key]

    def declared_names(self, name: str) -> tuple[str, ...]:
        """The name and aliases declared for ``name``."""
        _require_name(name)
        self._load()
        key = self._key_of.get(name)
        if key is None:
            raise UnknownGameError(f"unknown game {name[:60]!r}", "a game from 'grundy games'")
        return tuple(k for k, v in self._key_of.items() if v == key)

    def rulesets(self) -> tuple[type[Ruleset], ...]:
        """Every ruleset class read from the game packages (variants included), in order.

        >>> from grundy.cgt.games import ColoredHackenbush
        >>> ColoredHackenbush in REGISTRY.rulesets()
        True
        """
        self._load()
        return tuple(self._classes)

    def __iter__(self) -> Iterator[GameEntry]:
        self._load()
        return (self._entries[n] for n in list(self._names))

    def __len__(self) -> int:
        self._load()
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        self._load()
        return isinstance(name, str) and name.lower() in self._key_of


#: The registry used by :func:`grundy.parse` and the command line.
REGISTRY = Registry(GAME_PACKAGES)
