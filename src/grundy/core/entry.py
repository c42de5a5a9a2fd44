"""Registry entries: how a game family is named, built from its parameters, and described."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grundy.core.game import Ruleset
from grundy.errors import InvalidSpecError

__all__ = ["GameEntry", "no_params"]


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


def no_params(
    name: str, syntax: str, make: Callable[[], Ruleset]
) -> Callable[[str | None], Ruleset]:
    """A factory for a game that takes no ``:PARAMS``.

    >>> from grundy.catalog.nim import Nim
    >>> no_params("nim", "nim A...", Nim)(None)
    Nim()
    """

    def factory(params: str | None) -> Ruleset:
        if params is not None:
            raise InvalidSpecError(f"{name} takes no parameters, got {name}:{params}", syntax)
        return make()

    return factory
