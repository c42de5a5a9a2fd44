"""The position language shared by the command line and :func:`grundy.parse`.

::

    SPEC      := COMPONENT ( "+" COMPONENT )*
    COMPONENT := NAME [ ":" PARAMS ] ARG*

Arguments may be quoted (``hackenbush "0-1 1-2"``); ``0`` alone is the empty game.

>>> from grundy import parse
>>> str(parse("subtraction:2..5 17 + bash:3 10"))
'subtraction:2..5 17 + bash:3 10'
>>> parse("nim 3 4 5") == parse("nim 3 + nim 4 + nim 5")
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grundy.core.game import Ruleset
from grundy.core.position import Position, Sum, mark_checked, sum_of
from grundy.errors import InvalidSpecError, digit_limit
from grundy.lang.registry import REGISTRY

__all__ = ["SPEC_SYNTAX", "parse", "parse_ruleset", "parse_tokens", "tokenize"]

SPEC_SYNTAX = 'NAME[:PARAMS] ARG... [+ NAME[:PARAMS] ARG...]..., e.g. "nim 3 4 5"'

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")


def tokenize(text: str) -> list[str]:
    """Split spec text into tokens: whitespace separates, quotes group, ``+`` stands alone.

    >>> tokenize('nim 3 4+bash:3 "1 2"')
    ['nim', '3', '4', '+', 'bash:3', '1 2']
    """
    tokens: list[str] = []
    current: list[str] = []
    quote: str | None = None
    started = False
    for ch in text:
        if quote is not None:
            if ch == quote:
                quote = None
            else:
                current.append(ch)
        elif ch in "\"'":
            quote = ch
            started = True
        elif ch.isspace() or ch == "+":
            if started:
                tokens.append("".join(current))
                current, started = [], False
            if ch == "+":
                tokens.append("+")
        else:
            current.append(ch)
            started = True
    if quote is not None:
        raise InvalidSpecError(f"unterminated quote {quote} in {text!r}", SPEC_SYNTAX)
    if started:
        tokens.append("".join(current))
    return tokens


def parse(text: str, *, allow_files: bool = True) -> Position | Sum:
    """Parse spec text into a position.

    With ``allow_files=False`` (a server) no argument may name a file (``@FILE``): the
    language then never reaches the filesystem, and the refusal does not depend on the
    path (a file that exists and one that does not answer the same).

    >>> str(parse("nim 3 4 5"))
    'nim 3 4 5'
    >>> parse("hackenbush @/etc/passwd", allow_files=False)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidSpecError: files (@FILE) are not read here; write the position \
inline, e.g. hackenbush "0-1 1-2" (expected: NAME[:PARAMS] ARG... [+ NAME[:PARAMS] ARG...]..., \
e.g. "nim 3 4 5")
    """
    if not isinstance(text, str):
        raise InvalidSpecError(f"a spec must be text, got {type(text).__name__}", SPEC_SYNTAX)
    return parse_tokens(tokenize(text), allow_files=allow_files)


def parse_ruleset(text: str) -> Ruleset:
    """The ruleset named by ``NAME[:PARAMS]`` (a component without its arguments).

    >>> parse_ruleset("sub:1,3,4").spec_name()
    'subtraction:1,3,4'
    """
    if not isinstance(text, str):
        raise InvalidSpecError(
            f"a game name must be text, got {type(text).__name__}", "NAME[:PARAMS], e.g. kayles"
        )
    name, colon, params = text.strip().partition(":")
    if not _NAME.match(name):
        raise InvalidSpecError(f"{text!r} is not a game name", "NAME[:PARAMS], e.g. kayles")
    if colon and not params:
        raise InvalidSpecError(f"empty parameters after {name}:", REGISTRY.get(name).syntax)
    return REGISTRY.get(name).build(params if colon else None)


#: The refusal of ``@FILE`` where files are not read (the same words for every path).
NO_FILES = 'files (@FILE) are not read here; write the position inline, e.g. hackenbush "0-1 1-2"'


def parse_tokens(tokens: Sequence[str], *, allow_files: bool = True) -> Position | Sum:
    """Parse already-split tokens (as a shell passes them) into a position.

    ``allow_files=False`` refuses every token holding ``@`` (see :func:`parse`).
    """
    if not tokens:
        raise InvalidSpecError("the position is empty", SPEC_SYNTAX)
    if not allow_files and any("@" in t for t in tokens):
        raise InvalidSpecError(NO_FILES, SPEC_SYNTAX)
    groups: list[list[str]] = [[]]
    for t in tokens:
        if t == "+":
            groups.append([])
        else:
            groups[-1].append(t)
    components: list[Position] = []
    for n, group in enumerate(groups, 1):
        if not group:
            where = "before the first '+'" if n == 1 else f"after '+' number {n - 1}"
            raise InvalidSpecError(f"a component is missing {where}", SPEC_SYNTAX)
        head, args = group[0], group[1:]
        if head == "0" and not args:
            continue
        name, colon, params = head.partition(":")
        if not _NAME.match(name):
            raise InvalidSpecError(
                f"{head!r} is not a game name (a component starts with a name)", SPEC_SYNTAX
            )
        if colon and not params:
            raise InvalidSpecError(f"empty parameters after {name}:", REGISTRY.get(name).syntax)
        entry = REGISTRY.get(name)
        try:
            game = entry.build(params if colon else None)
            states = game.parse_args(args)
        except ValueError as e:  # Python's limit of 4,300 digits on int(text): one line
            too_long = digit_limit(e, f"the component {name!r}", entry.syntax)
            if too_long is None:
                raise
            raise too_long from None
        components.extend(Position(game, s) for s in states)
    return mark_checked(sum_of(components))
