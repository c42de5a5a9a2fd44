"""Lines of text that know which of their parts are values, so that a front end can write
the values in its own notation and leave every other word alone.

A :class:`ValueLine` *is* its ASCII text (a ``str``: it compares, hashes and goes into
JSON exactly as that text), and it also keeps its parts: plain text, and values (any
object, written with ``str`` in the ASCII text). :func:`render_line` writes a line again
with another writer for the values, for example the readable forms ``1±1``, ``⇑``,
``tiny-2`` of :func:`grundy.cgt.pretty`; text that is not a value ("v" in a word, ``^``
in ``2^k``) is never touched, because it is never looked at.

>>> line = ValueLine("Left moves to ", 7, ", then ", Clip("x" * 50, 10), ".")
>>> line
'Left moves to 7, then xxxxxxx....'
>>> render_line(line, lambda v: f"<{v}>")
'Left moves to <7>, then <xxxxxx....'
>>> render_line("plain text, v^2", lambda v: f"<{v}>")
'plain text, v^2'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Clip", "ValueLine", "render_line"]


@dataclass(frozen=True)
class Clip:
    """A value written in at most ``width`` characters: longer text is cut and ends in
    ``...`` (in whatever notation the value is written).

    >>> ValueLine(Clip(12345678, 6))
    '123...'
    """

    value: object
    width: int


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _write(part: object, value_text: Callable[[Any], str]) -> str:
    if isinstance(part, ValueLine):
        return part.render(value_text)
    if isinstance(part, str):
        return part
    if isinstance(part, Clip):
        return _clip(value_text(part.value), part.width)
    return value_text(part)


class ValueLine(str):
    """A line whose parts are text (``str``) and values (anything else, or a :class:`Clip`).

    The string itself is the line with each value written by ``str``; :meth:`render`
    writes it with another writer for the values. A part that is itself a
    :class:`ValueLine` keeps its values.

    >>> ValueLine("The value is ", 3, ".") == "The value is 3."
    True
    """

    parts: tuple[object, ...]

    def __new__(cls, *parts: object) -> ValueLine:
        self = super().__new__(cls, "".join(_write(p, str) for p in parts))
        self.parts = parts
        return self

    def render(self, value_text: Callable[[Any], str]) -> str:
        """The line with each value written by ``value_text`` (a plain ``str``).

        >>> ValueLine("a ", 1, " b").render(lambda v: str(v + 1))
        'a 2 b'
        """
        return "".join(_write(p, value_text) for p in self.parts)


def render_line(line: str, value_text: Callable[[Any], str]) -> str:
    """``line`` with its values written by ``value_text`` when it is a :class:`ValueLine`;
    any other line as it is."""
    if isinstance(line, ValueLine):
        return line.render(value_text)
    return str(line)
