"""Partisan rulesets whose positions :func:`grundy.cgt.value_of` evaluates exactly.

Each class carries its registry metadata (``name``, ``aliases``, ``syntax``,
``rule``, ``example``, ``family = "partisan"``) as class variables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded on first use at run time (see __getattr__)
    from grundy.cgt.games.clobber import Clobber
    from grundy.cgt.games.cutcake import Cutcake
    from grundy.cgt.games.domineering import Domineering
    from grundy.cgt.games.hackenbush import ColoredHackenbush
    from grundy.cgt.games.toads_frogs import ToadsAndFrogs
    from grundy.cgt.games.toppling import TopplingDominoes

#: Where each public name lives: a game's module is imported the first time its class is
#: used (PEP 562), so that the registry, reading one game's module, loads no other.
_WHERE = {
    "Clobber": "grundy.cgt.games.clobber",
    "ColoredHackenbush": "grundy.cgt.games.hackenbush",
    "Cutcake": "grundy.cgt.games.cutcake",
    "Domineering": "grundy.cgt.games.domineering",
    "ToadsAndFrogs": "grundy.cgt.games.toads_frogs",
    "TopplingDominoes": "grundy.cgt.games.toppling",
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module  # noqa: PLC0415 (lazy: see _WHERE)

    value = getattr(import_module(where), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


__all__ = [
    "Clobber",
    "ColoredHackenbush",
    "Cutcake",
    "Domineering",
    "ToadsAndFrogs",
    "TopplingDominoes",
]
