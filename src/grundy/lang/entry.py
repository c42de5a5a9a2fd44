"""Registry entries, derived from the metadata each ruleset carries.

A game family writes its name, aliases, syntax, rule and example as class
variables of its ruleset (and ``from_params`` for its ``:PARAMS``); a fixed
game under a name of its own is a :class:`~grundy.core.game.NamedRuleset`.
:meth:`GameEntry.of` reads either.

>>> from grundy.heap.nim import Nim
>>> e = GameEntry.of(Nim)
>>> e.name, e.build(None)
('nim', Nim())
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.core.game import NamedRuleset, Ruleset
from grundy.errors import InvalidSpecError

__all__ = ["GameEntry"]


@dataclass(frozen=True)
class GameEntry:
    """One game family in the registry.

    Attributes:
        name: the name in the position language (lower case).
        factory: builds the ruleset from the text after ``name:`` (None when absent);
            raises :class:`~grundy.errors.InvalidSpecError` for bad parameters.
        syntax: how a position is written, e.g. ``subtraction:S N...``.
        rule: one line stating the rule.
        example: a spec that can be solved, e.g. ``subtraction:1,3,4 10``.
        aliases: other accepted names.
        family: ``impartial``, ``partisan``, ... (for grouping in ``grundy games``).
    """

    name: str
    factory: Callable[[str | None], Ruleset]
    syntax: str
    rule: str
    example: str
    aliases: tuple[str, ...] = ()
    family: str = "impartial"

    def build(self, params: str | None) -> Ruleset:
        """The ruleset for ``params``."""
        return self.factory(params)

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON data: a row of ``grundy games --json`` and ``GET /api/games``.

        >>> from grundy.heap.nim import Nim
        >>> row = GameEntry.of(Nim).to_dict()
        >>> row["name"], row["family"], sorted(row)
        ('nim', 'impartial', ['aliases', 'example', 'family', 'name', 'rule', 'syntax'])
        """
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "syntax": self.syntax,
            "rule": self.rule,
            "example": self.example,
            "family": self.family,
        }

    @classmethod
    def of(cls, source: type[Ruleset] | NamedRuleset) -> GameEntry:
        """The entry described by a ruleset class or a named ruleset."""
        if isinstance(source, NamedRuleset):
            game = source.ruleset
            name = game.spec_name()
            syntax = game.expected_syntax()

            def fixed(params: str | None) -> Ruleset:
                if params is not None:
                    raise InvalidSpecError(
                        f"{name} takes no parameters, got {name}:{params}", syntax
                    )
                return game

            return cls(
                name=name,
                factory=fixed,
                syntax=syntax,
                rule=source.rule,
                example=source.example,
                aliases=source.aliases,
                family=game.family,
            )
        return cls(
            name=source.name,
            factory=source.from_params,
            syntax=source.syntax,
            rule=source.rule,
            example=source.example,
            aliases=source.aliases,
            family=source.family,
        )
