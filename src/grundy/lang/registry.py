"""The registry: every game the position language knows, by name and alias.

The registry is read from the rulesets themselves: the public modules of the
game packages (:data:`GAME_PACKAGES`) are imported as names are asked for (the
module :data:`GAME_INDEX` gives, else the module named after the game first, so that
one game loads no other family), and
each ruleset class that declares a :attr:`~grundy.core.game.Ruleset.name`
(and each :class:`~grundy.core.game.NamedRuleset` a module holds, alone or in a
tuple) becomes an entry (:meth:`GameEntry.of`). A class that declares
:attr:`~grundy.core.game.Ruleset.variant_params` is the ruleset of another
entry of its name under those parameters (``hackenbush:colored``). Adding a
game is one module in one of these packages, and a line in :data:`GAME_INDEX` (the
module of each built-in name, so that a spec imports its game's module and nothing
else to find it; ``tests/lang/test_registry_index.py`` fails, printing the lines, when
the index and the modules disagree).

>>> from grundy.lang.registry import REGISTRY
>>> REGISTRY.get("sub").name
'subtraction'
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from grundy.cgt.games.variants import set_resolver
from grundy.core.game import NamedRuleset, Ruleset
from grundy.errors import InvalidGameError, InvalidSpecError, UnknownGameError
from grundy.lang.entry import GameEntry

if TYPE_CHECKING:
    import pkgutil

__all__ = ["GAME_INDEX", "GAME_PACKAGES", "REGISTRY", "Registry", "rulesets_in"]

#: The packages whose public modules hold the built-in games, in listing order (within a
#: package: modules by name, and in a module the order of definition).
GAME_PACKAGES: tuple[str, ...] = (
    "grundy.heap",
    "grundy.catalog.impartial",
    "grundy.hackenbush",
    "grundy.catalog.boards",
    "grundy.cgt.games",
)

#: The module of each name and alias of the games of :data:`GAME_PACKAGES`: a name found
#: here is read from its module alone; a name not found here (a misspelling) reads every
#: module. The test named above keeps it equal to what the modules declare.
GAME_INDEX: dict[str, str] = {
    "bash": "grundy.heap.bash",
    "octal": "grundy.heap.games",
    "take-and-break": "grundy.heap.games",
    "kayles": "grundy.heap.games",
    "dawson": "grundy.heap.games",
    "dawsons-kayles": "grundy.heap.games",
    "dawsons-chess": "grundy.heap.games",
    "grundys-game": "grundy.heap.games",
    "nim": "grundy.heap.nim",
    "subtraction": "grundy.heap.subtraction",
    "sub": "grundy.heap.subtraction",
    "divisor-removal": "grundy.catalog.impartial.divisor_removal",
    "divisors": "grundy.catalog.impartial.divisors",
    "ferguson": "grundy.catalog.impartial.ferguson",
    "fibonacci": "grundy.catalog.impartial.fibonacci",
    "halving": "grundy.catalog.impartial.halving",
    "lasker": "grundy.catalog.impartial.lasker",
    "matrix": "grundy.catalog.impartial.matrix",
    "moore": "grundy.catalog.impartial.moore",
    "treblecross": "grundy.catalog.impartial.treblecross",
    "ruler": "grundy.catalog.impartial.coins",
    "mock-turtles": "grundy.catalog.impartial.coins",
    "turning-turtles": "grundy.catalog.impartial.coins",
    "turning": "grundy.catalog.impartial.coins",
    "tartan": "grundy.catalog.impartial.coins",
    "turning-code": "grundy.catalog.impartial.turning_codes",
    "spawning": "grundy.catalog.impartial.turning_codes",
    "wythoff": "grundy.catalog.impartial.wythoff",
    "hackenbush": "grundy.hackenbush.ruleset",
    "green-hackenbush": "grundy.hackenbush.ruleset",
    "chomp": "grundy.catalog.boards.chomp",
    "connect4": "grundy.catalog.boards.connect4",
    "connect-four": "grundy.catalog.boards.connect4",
    "cram": "grundy.cgt.games.cram",
    "domineering-search": "grundy.catalog.boards.domineering",
    "tictactoe": "grundy.catalog.boards.tictactoe",
    "ttt": "grundy.catalog.boards.tictactoe",
    "noughts-and-crosses": "grundy.catalog.boards.tictactoe",
    "clobber": "grundy.cgt.games.clobber",
    "col": "grundy.cgt.games.col",
    "cutcake": "grundy.cgt.games.cutcake",
    "fission": "grundy.cgt.games.fission",
    "amazons": "grundy.cgt.games.amazons",
    "eatcake": "grundy.cgt.games.cakes",
    "maundy-cake": "grundy.cgt.games.cakes",
    "turn-and-eatcake": "grundy.cgt.games.cakes",
    "partizan-subtraction": "grundy.cgt.games.partizan_subtraction",
    "childish-hackenbush": "grundy.cgt.games.childish_hackenbush",
    "arc-kayles": "grundy.cgt.games.arc_kayles",
    "partizan-arc-kayles": "grundy.cgt.games.partizan_arc_kayles",
    "partisan-arc-kayles": "grundy.cgt.games.partizan_arc_kayles",
    "weighted-arc-kayles": "grundy.cgt.games.weighted_arc_kayles",
    "elephants-rhinos": "grundy.cgt.games.elephants_rhinos",
    "elephants-and-rhinos": "grundy.cgt.games.elephants_rhinos",
    "anti-clobber": "grundy.cgt.games.anti_clobber",
    "anticlobber": "grundy.cgt.games.anti_clobber",
    "partizan-splittles": "grundy.cgt.games.partizan_splittles",
    "partisan-splittles": "grundy.cgt.games.partizan_splittles",
    "partizan-euclid": "grundy.cgt.games.partizan_euclid",
    "partisan-euclid": "grundy.cgt.games.partizan_euclid",
    "impartial": "grundy.cgt.games.variants",
    "dicotic": "grundy.cgt.games.variants",
    "twisted": "grundy.cgt.games.variants",
    "partisan-subtraction": "grundy.cgt.games.partizan_subtraction",
    "domineering": "grundy.cgt.games.domineering",
    "dom": "grundy.cgt.games.domineering",
    "partisan-domineering": "grundy.cgt.games.domineering",
    "konane": "grundy.cgt.games.konane",
    "backsliding-toads-frogs": "grundy.cgt.games.backsliding_toads_frogs",
    "backsliding-toads-and-frogs": "grundy.cgt.games.backsliding_toads_frogs",
    "backsliding-tf": "grundy.cgt.games.backsliding_toads_frogs",
    "fox-and-geese": "grundy.cgt.games.fox_and_geese",
    "fox-geese": "grundy.cgt.games.fox_and_geese",
    "ceylonese-fox-and-geese": "grundy.cgt.games.ceylonese_fox_and_geese",
    "ceylonese-fox-geese": "grundy.cgt.games.ceylonese_fox_and_geese",
    "cgt": "grundy.cgt.games.literal",
    "game": "grundy.cgt.games.literal",
    "snort": "grundy.cgt.games.snort",
    "toads-frogs": "grundy.cgt.games.toads_frogs",
    "toads-and-frogs": "grundy.cgt.games.toads_frogs",
    "toadsfrogs": "grundy.cgt.games.toads_frogs",
    "toppling-dominoes": "grundy.cgt.games.toppling",
    "cherries": "grundy.cgt.games.cherries",
    "toppling": "grundy.cgt.games.toppling",
}

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


def _module_names(package: str) -> list[tuple[str, str]]:
    """``(module, file)`` for the public modules of ``package`` (names without a leading
    underscore), by name, found without importing the package."""
    import pkgutil  # noqa: PLC0415 (lazy: only when every module is listed)
    from importlib.util import find_spec  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    head, _, rest = package.partition(".")
    if head == "grundy":  # grundy's own packages: their __init__ may import every game
        folders = [str(Path(__file__).parents[1].joinpath(*rest.split(".")))]
    else:
        spec = find_spec(package)
        if spec is None or spec.submodule_search_locations is None:
            raise InvalidGameError(f"{package!r} is not a package")
        folders = list(spec.submodule_search_locations)
    found = sorted(
        (m.name, _file_of(m))
        for m in pkgutil.iter_modules(folders)
        if not m.name.startswith("_") and not m.ispkg
    )
    return [(f"{package}.{name}", file) for name, file in found]


def _file_of(info: pkgutil.ModuleInfo) -> str:
    """The source file of a module found by :func:`pkgutil.iter_modules` ("" if unknown)."""
    from importlib.machinery import FileFinder  # noqa: PLC0415 (lazy: see _module_names)
    from pathlib import Path  # noqa: PLC0415

    finder = info.module_finder
    return str(Path(finder.path) / f"{info.name}.py") if isinstance(finder, FileFinder) else ""


def _mentions(file: str, name: str) -> bool:
    """True when the source of ``file`` holds the text ``"name"`` (a game's name or alias is
    written there as a string), or when it cannot be read (then it is imported to see)."""
    from pathlib import Path  # noqa: PLC0415 (lazy: see _module_names)

    try:
        return f'"{name}"' in Path(file).read_text(encoding="utf-8")
    except OSError:
        return True


def _import(module: str) -> ModuleType:
    """``module``, its packages imported first, top down: a thread that took a module's
    import lock and then waited for its package, which imports that module, would deadlock
    with the thread importing the package (first-time solves of two games in two threads)."""
    parts = module.split(".")
    for i in range(1, len(parts)):
        import_module(".".join(parts[:i]))
    return import_module(module)


def _require_name(name: object) -> None:
    if not isinstance(name, str):
        raise InvalidSpecError(
            f"a game name must be text, got {type(name).__name__}", "a name such as 'kayles'"
        )


class Registry:
    """Names and aliases to :class:`GameEntry`, in listing order.

    ``Registry(packages)`` reads the games of those packages (see :func:`rulesets_in`)
    as they are asked for: a name is looked up first in the module named after it
    (``toads-frogs`` in ``toads_frogs.py``), so that ``grundy solve nim 3`` loads no
    other family, and else in every module. ``Registry()`` starts empty, for games added
    with :meth:`add`. A variant (``hackenbush:colored``) is consulted when the game's own
    ruleset refuses the parameters.
    """

    def __init__(self, packages: tuple[str, ...] = ()) -> None:
        if not isinstance(packages, (tuple, list)) or not all(
            isinstance(p, str) and p for p in packages
        ):
            raise InvalidGameError(
                "Registry(packages) takes a tuple of package names, e.g. ('grundy.heap',)"
            )
        self._packages = tuple(packages)
        self._modules: list[tuple[str, str]] | None = None  # (module, file), listing order
        self._read: dict[str, list[type[Ruleset] | NamedRuleset]] = {}  # module -> its games
        self._added: list[GameEntry] = []
        self._key_of: dict[str, str] = {}
        self._entries: dict[str, GameEntry] = {}
        self._variants: dict[str, dict[str, type[Ruleset]]] = {}
        self._complete = not self._packages

    def _all_modules(self) -> list[tuple[str, str]]:
        if self._modules is None:
            self._modules = [m for p in self._packages for m in _module_names(p)]
        return self._modules

    def _read_module(self, module: str) -> None:
        """Register the games of ``module`` (held: ``_LOADING``)."""
        if module in self._read:
            return
        games = rulesets_in(_import(module))
        self._read[module] = games
        for g in games:
            if isinstance(g, NamedRuleset) or not g.variant_params:
                self._declare(self._entry_of(g))
            else:
                for p in g.variant_params:
                    self._variants.setdefault(g.name, {})[p] = g

    def _entry_of(self, game: type[Ruleset] | NamedRuleset) -> GameEntry:
        entry = GameEntry.of(game)
        base, name = entry.factory, entry.name

        def factory(params: str | None) -> Ruleset:
            try:
                return base(params)
            except InvalidSpecError:
                variant = self._variant(name, params)
                if variant is None:
                    raise
                return variant.from_params(params.lower() if params else params)

        return replace(entry, factory=factory)

    def _variant(self, name: str, params: str | None) -> type[Ruleset] | None:
        if params is None:
            return None
        self._load()
        return self._variants.get(name, {}).get(params.lower())

    def _load(self, name: str | None = None) -> None:
        """Read the modules named after ``name`` (when given), or else every game module."""
        if self._complete:
            return
        with _LOADING:
            if name is not None and self._packages == GAME_PACKAGES and name in GAME_INDEX:
                self._read_module(GAME_INDEX[name])
                if name in self._key_of:
                    return
            modules = self._all_modules()
            if name is not None:
                stem = name.replace("-", "_")
                for m, file in modules:
                    if m.rpartition(".")[2] == stem or _mentions(file, name):
                        self._read_module(m)
                        if name in self._key_of:
                            return
            for m, _ in modules:
                self._read_module(m)
            unknown = set(self._variants) - set(self._entries)
            if unknown:
                raise InvalidGameError(f"variants of unregistered games: {sorted(unknown)}")
            self._complete = True

    def _declare(self, entry: GameEntry) -> None:
        names = (entry.name, *entry.aliases)
        for key in names:
            if key in self._key_of:
                raise InvalidGameError(f"the game name {key!r} is registered twice")
        for key in names:
            self._key_of[key] = entry.name
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
            self._added.append(entry)

    def get(self, name: str) -> GameEntry:
        """The entry for ``name`` (case-insensitive), or :class:`UnknownGameError`."""
        _require_name(name)
        key = self._key_of.get(name.lower())
        if key is None:
            self._load(name.lower())
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
        if name not in self._key_of:
            self._load(name)
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
        return tuple(
            g
            for m, _ in self._all_modules()
            for g in self._read[m]
            if not isinstance(g, NamedRuleset)
        )

    def _names(self) -> list[str]:
        self._load()
        names = [
            g.ruleset.spec_name() if isinstance(g, NamedRuleset) else g.name
            for m, _ in self._all_modules()
            for g in self._read[m]
            if isinstance(g, NamedRuleset) or not g.variant_params
        ]
        return [*names, *(e.name for e in self._added)]

    def __iter__(self) -> Iterator[GameEntry]:
        return (self._entries[n] for n in self._names())

    def __len__(self) -> int:
        self._load()
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name.lower() not in self._key_of:
            self._load(name.lower())
        return name.lower() in self._key_of


#: The registry used by :func:`grundy.parse` and the command line.
REGISTRY = Registry(GAME_PACKAGES)


def _variant_base(spec: str) -> Ruleset:
    """The base ruleset of a variant (``impartial:domineering:3x3``), from ``NAME[:PARAMS]``."""
    name, colon, params = spec.partition(":")
    return REGISTRY.get(name).build(params if colon else None)


set_resolver(_variant_base)
