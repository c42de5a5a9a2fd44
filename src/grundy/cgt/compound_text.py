"""The compound forms of ``cgt "..."``: ``G : H``, ``norton(G, U)``, ``conjunctive(G, H)``,
``continued(G, H)``, ``selective(G, H)``, ``nim_product(*a, *b)``, ``nim_inverse(*a)``
and misère forms ``*[...]`` inside an expression (which stand for their normal-play
nimber there).

:func:`grundy.cgt.notation.parse_game` hands a text here when it holds ``:``, ``[`` or a
function call; the parts between are read by ``parse_game`` itself (each compound's
value is put back in parentheses), so ``G : H`` binds looser than ``+``:
``1 + * : 1`` is ``(1 + *) : 1``. Compounds inside braces are not read.

>>> from grundy.cgt.notation import parse_game
>>> str(parse_game("* : 1")), str(parse_game("norton(3, ^)")), str(parse_game("1 : -1"))
('^*', '^3', '1/2')
>>> str(parse_game("nim_product(*2, *3)")), str(parse_game("nim_inverse(*2) + *"))
('*', '*2')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from grundy.cgt.value import CanonicalGame
from grundy.errors import InvalidSpecError

__all__ = ["FUNCTIONS", "has_compound", "parse_compound"]

_CALL = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z_0-9]*)\s*\(")


def _nimber(g: CanonicalGame, name: str) -> int:
    if not g.is_nimber():
        raise InvalidSpecError(f"{name} takes nimbers (*a), not {g}", _SYNTAX)
    found = g.uptimal()
    assert found is not None
    return found[2]


def _nim_product(a: CanonicalGame, b: CanonicalGame) -> CanonicalGame:
    from grundy.cgt.nimfield import nim_product  # noqa: PLC0415 (lazy)

    return CanonicalGame(f"*{nim_product(_nimber(a, 'nim_product'), _nimber(b, 'nim_product'))}")


def _nim_inverse(a: CanonicalGame) -> CanonicalGame:
    from grundy.cgt.nimfield import nim_inverse  # noqa: PLC0415 (lazy)

    return CanonicalGame(f"*{nim_inverse(_nimber(a, 'nim_inverse'))}")


def _compound(name: str) -> Callable[..., CanonicalGame]:
    def run(*args: CanonicalGame) -> CanonicalGame:
        from grundy.cgt import compound  # noqa: PLC0415 (lazy)

        fn: Callable[..., CanonicalGame] = getattr(compound, name)
        return fn(*args)

    return run


#: name -> (number of arguments, function)
FUNCTIONS: dict[str, tuple[int, Callable[..., CanonicalGame]]] = {
    "norton": (2, _compound("norton_product")),
    "ordinal": (2, _compound("ordinal_sum")),
    "conjunctive": (2, _compound("conjunctive")),
    "continued": (2, _compound("continued_conjunctive")),
    "selective": (2, _compound("selective")),
    "nim_product": (2, _nim_product),
    "nim_inverse": (1, _nim_inverse),
}

_SYNTAX = (
    "G : H (ordinal sum), norton(G, U), conjunctive(G, H), continued(G, H), "
    "selective(G, H), nim_product(*a, *b), nim_inverse(*a), *[...] (a misère form)"
)


#: Names followed by ``(`` that the plain notation reads itself (CGSuite's ``Tiny(x)``).
_NOTATION_NAMES = frozenset({"Tiny", "Miny"})


def has_compound(text: str) -> bool:
    """True when ``text`` uses a form only this module reads (``^[3]`` and ``Tiny(2)``
    are the plain notation's)."""
    return (
        ":" in text
        or "*[" in text
        or any(m.group(1) not in _NOTATION_NAMES for m in _CALL.finditer(text))
    )


def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _close(text: str, at: int, open_ch: str, close_ch: str) -> int:
    depth = 0
    for i in range(at, len(text)):
        if text[i] == open_ch:
            depth += 1
        elif text[i] == close_ch:
            depth -= 1
            if depth == 0:
                return i
    raise InvalidSpecError(
        f"no {close_ch!r} closes the {open_ch!r} at {at + 1} in {text!r}", _SYNTAX
    )


def _text(g: CanonicalGame) -> str:
    from grundy.cgt.notation import format_game  # noqa: PLC0415 (lazy: a cycle)

    return "(" + format_game(g) + ")"


def parse_compound(text: str, depth: int = 0) -> CanonicalGame:
    """Read ``text`` with its compounds (see the module docstring)."""
    from grundy.cgt.notation import parse_game  # noqa: PLC0415 (lazy: a cycle)

    if depth > 100:
        raise InvalidSpecError("compounds nested more than 100 deep", _SYNTAX)
    parts = _split_top(text, ":")
    if len(parts) > 1:
        if any(not p.strip() for p in parts):
            raise InvalidSpecError(f"':' needs a game on each side in {text!r}", _SYNTAX)
        g = parse_compound(parts[0], depth + 1)
        for p in parts[1:]:
            from grundy.cgt.compound import ordinal_sum  # noqa: PLC0415 (lazy)

            g = ordinal_sum(g, parse_compound(p, depth + 1))
        return g
    out: list[str] = []
    i = 0
    while i < len(text):
        m = _CALL.match(text, i)
        if m and m.group(1) in _NOTATION_NAMES:
            out.append(text[i : m.end()])  # Tiny(, Miny(: the plain notation's
            i = m.end()
        elif m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            name = m.group(1)
            if name not in FUNCTIONS:
                raise InvalidSpecError(f"unknown function {name!r} in {text!r}", _SYNTAX)
            end = _close(text, m.end() - 1, "(", ")")
            args = _split_top(text[m.end() : end], ",")
            arity, fn = FUNCTIONS[name]
            if len(args) != arity or any(not a.strip() for a in args):
                raise InvalidSpecError(
                    f"{name} takes {arity} game{'s' if arity > 1 else ''}, separated by ','",
                    _SYNTAX,
                )
            out.append(_text(fn(*(parse_compound(a, depth + 1) for a in args))))
            i = end + 1
        elif text.startswith("*[", i):
            from grundy.cgt.misere.form import MisereGame  # noqa: PLC0415 (lazy)

            end = _close(text, i + 1, "[", "]")
            form = MisereGame.parse(text[i : end + 1])
            out.append(f"(*{form.normal_value})")
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    joined = "".join(out)
    if ":" in joined:
        raise InvalidSpecError(f"unexpected ':' in {text!r}", _SYNTAX)
    return parse_game(joined)
