"""The registry: every game the position language knows, by name and alias.

Entries are derived from the rulesets themselves (:meth:`GameEntry.of`), and a
family's module is imported only when one of its games is asked for, so that
``grundy solve nim 3`` loads no other family. Adding a game is its ruleset
(with its metadata) and one line in :data:`_SOURCES`; a test checks that the
names below agree with the metadata.

>>> from grundy.lang.registry import REGISTRY
>>> REGISTRY.get("sub").name
'subtraction'
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from importlib import import_module

from grundy.core.game import NamedRuleset, Ruleset
from grundy.errors import InvalidGameError, InvalidSpecError, UnknownGameError
from grundy.lang.entry import GameEntry

__all__ = ["REGISTRY", "Registry"]

#: Name and aliases -> where the ruleset lives (``module:attribute``), in listing order.
#: The attribute is a ruleset class, or a :class:`NamedRuleset` as ``module:NAMED[i]``.
_SOURCES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("nim",), "grundy.heap.nim:Nim"),
    (("subtraction", "sub"), "grundy.heap.subtraction:Subtraction"),
    (("bash",), "grundy.heap.bash:Bash"),
    (("octal", "take-and-break"), "grundy.heap.games:TakeAndBreak"),
    (("kayles",), "grundy.heap.games:NAMED[0]"),
    (("dawson", "dawsons-kayles"), "grundy.heap.games:NAMED[1]"),
    (("dawsons-chess",), "grundy.heap.games:NAMED[2]"),
    (("grundys-game",), "grundy.heap.games:NAMED[3]"),
    (("wythoff",), "grundy.catalog.impartial.wythoff:Wythoff"),
    (("fibonacci",), "grundy.catalog.impartial.fibonacci:FibonacciNim"),
    (("moore",), "grundy.catalog.impartial.moore:MooreNim"),
    (("lasker",), "grundy.catalog.impartial.lasker:LaskersNim"),
    (("divisors",), "grundy.catalog.impartial.divisors:Divisors"),
    (("halving",), "grundy.catalog.impartial.halving:Halving"),
    (("matrix",), "grundy.catalog.impartial.matrix:MatrixGame"),
    (("ferguson",), "grundy.catalog.impartial.ferguson:Ferguson"),
    (("divisor-removal",), "grundy.catalog.impartial.divisor_removal:DivisorRemoval"),
    (("hackenbush", "green-hackenbush"), "grundy.hackenbush.ruleset:Hackenbush"),
    (("tictactoe", "ttt", "noughts-and-crosses"), "grundy.catalog.boards.tictactoe:TicTacToe"),
    (("connect4", "connect-four"), "grundy.catalog.boards.connect4:ConnectFour"),
    (("chomp",), "grundy.catalog.boards.chomp:Chomp"),
    (("domineering-search",), "grundy.catalog.boards.domineering:Domineering"),
    (("domineering", "dom", "partisan-domineering"), "grundy.cgt.games.domineering:Domineering"),
    (("clobber",), "grundy.cgt.games.clobber:Clobber"),
    (("cutcake",), "grundy.cgt.games.cutcake:Cutcake"),
    (
        ("toads-frogs", "toads-and-frogs", "toadsfrogs"),
        "grundy.cgt.games.toads_frogs:ToadsAndFrogs",
    ),
    (("toppling-dominoes", "toppling"), "grundy.cgt.games.toppling:TopplingDominoes"),
    (("col",), "grundy.cgt.games.col:Col"),
    (("snort",), "grundy.cgt.games.snort:Snort"),
    (("konane",), "grundy.cgt.games.konane:Konane"),
    (("treblecross",), "grundy.catalog.impartial.treblecross:Treblecross"),
    (("cgt", "game"), "grundy.cgt.games.literal:GameLiteral"),
)

#: ``name:PARAMS`` written with these parameters builds another family's ruleset
#: (``hackenbush:colored`` is Blue-Red-Green Hackenbush, a partisan game).
_VARIANTS: dict[tuple[str, str], str] = {
    ("hackenbush", "colored"): "grundy.cgt.games.hackenbush:ColoredHackenbush",
    ("hackenbush", "coloured"): "grundy.cgt.games.hackenbush:ColoredHackenbush",
    ("hackenbush", "brg"): "grundy.cgt.games.hackenbush:ColoredHackenbush",
}


#: Held while a game's module is imported (threads load games one at a time).
_LOADING = threading.RLock()


def load_source(where: str) -> type[Ruleset] | NamedRuleset:
    """The ruleset class or named ruleset at ``module:attribute`` (``NAMED[i]`` allowed)."""
    module, _, attr = where.partition(":")
    name, _, index = attr.partition("[")
    with _LOADING:
        # Packages first, top down: a thread that took a module's import lock and then
        # waited for its package, which imports that module, would deadlock with the
        # thread importing the package (first-time solves of two games in two threads).
        parts = module.split(".")
        for i in range(1, len(parts)):
            import_module(".".join(parts[:i]))
        obj = getattr(import_module(module), name)
    if index:
        obj = obj[int(index.rstrip("]"))]
    if not (isinstance(obj, NamedRuleset) or (isinstance(obj, type) and issubclass(obj, Ruleset))):
        raise InvalidGameError(f"{where} is not a ruleset")
    return obj


def _with_variants(entry: GameEntry, variants: dict[str, str]) -> GameEntry:
    """``entry`` whose factory hands the parameters in ``variants`` to another ruleset."""
    base = entry.factory

    def factory(params: str | None) -> Ruleset:
        where = variants.get((params or "").lower())
        if where is None:
            return base(params)
        source = load_source(where)
        assert not isinstance(source, NamedRuleset)
        return source.from_params(params.lower() if params else params)

    return replace(entry, factory=factory)


def _require_name(name: object) -> None:
    if not isinstance(name, str):
        raise InvalidSpecError(
            f"a game name must be text, got {type(name).__name__}", "a name such as 'kayles'"
        )


class Registry:
    """Names and aliases to :class:`GameEntry`, in registration order, loaded on demand."""

    def __init__(self, sources: tuple[tuple[tuple[str, ...], str], ...] = ()) -> None:
        self._names: list[str] = []
        self._where: dict[str, str] = {}
        self._key_of: dict[str, str] = {}
        self._loaded: dict[str, GameEntry] = {}
        if not isinstance(sources, (tuple, list)) or not all(
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], tuple)
            and item[0]
            and all(isinstance(n, str) for n in item[0])
            and isinstance(item[1], str)
            for item in sources
        ):
            raise InvalidGameError(
                "Registry(sources) takes a tuple of ((name, alias, ...), 'module:attribute') pairs"
            )
        for names, where in sources:
            self._declare(names, where)

    def _declare(self, names: tuple[str, ...], where: str) -> None:
        for key in names:
            if key in self._key_of:
                raise InvalidGameError(f"the game name {key!r} is registered twice")
            self._key_of[key] = names[0]
        self._names.append(names[0])
        self._where[names[0]] = where

    def add(self, entry: GameEntry) -> None:
        """Register an already-built entry (for games defined outside grundy)."""
        if not isinstance(entry, GameEntry):
            raise InvalidGameError(
                f"Registry.add takes a GameEntry (GameEntry.of(MyRuleset)), got "
                f"{type(entry).__name__}"
            )
        self._declare((entry.name, *entry.aliases), "")
        self._loaded[entry.name] = entry

    def _entry(self, name: str) -> GameEntry:
        entry = self._loaded.get(name)
        if entry is None:
            with _LOADING:  # one entry per name, loaded by one thread
                entry = self._loaded.get(name)
                if entry is None:
                    entry = GameEntry.of(load_source(self._where[name]))
                    variants = {p: w for (n, p), w in _VARIANTS.items() if n == name}
                    if variants:
                        entry = _with_variants(entry, variants)
                    self._loaded[name] = entry
        return entry

    def get(self, name: str) -> GameEntry:
        """The entry for ``name`` (case-insensitive), or :class:`UnknownGameError`."""
        _require_name(name)
        key = self._key_of.get(name.lower())
        if key is None:
            import difflib  # noqa: PLC0415 (lazy: needed only for a misspelt name)

            close = difflib.get_close_matches(name.lower(), self._key_of, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownGameError(
                f"unknown game {name!r}{hint}", "a game from 'grundy games', e.g. nim 3 4 5"
            )
        return self._entry(key)

    def declared_names(self, name: str) -> tuple[str, ...]:
        """The name and aliases declared for ``name`` (without loading its module)."""
        _require_name(name)
        key = self._key_of.get(name)
        if key is None:
            raise UnknownGameError(f"unknown game {name[:60]!r}", "a game from 'grundy games'")
        return tuple(k for k, v in self._key_of.items() if v == key)

    def __iter__(self) -> Iterator[GameEntry]:
        return (self._entry(n) for n in self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._key_of


#: The registry used by :func:`grundy.parse` and the command line.
REGISTRY = Registry(_SOURCES)
