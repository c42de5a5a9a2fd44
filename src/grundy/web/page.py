"""The playground page, rendered on the server from ``templates/index.html``.

The page is plain HTML; ``static/app.js`` brings it to life through the JSON
API. The server fills in the catalog (a dropdown of every game's example,
grouped by family), the version and the limits.

>>> html = render_page(Limits())
>>> "<option" in html and "nim 3 4 5" in html and "{{" not in html
True
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path

import grundy
from grundy.web.limits import Limits

__all__ = ["FEATURED", "render_page"]

_TEMPLATE = Path(__file__).parent / "templates" / "index.html"

#: Positions offered first: one for each board the page draws, and a sum.
FEATURED = (
    ("Nim: three heaps", "nim 3 4 5"),
    ("Tic-tac-toe", "tictactoe ........."),
    ("Connect Four on 4x4", "connect4:4x4"),
    ("Chomp on a 3x4 bar", "chomp:3x4"),
    ("Domineering on 3x3", "domineering-search:3x3"),
    ("Domineering 3x4, canonical value", "domineering:3x4"),
    ("Domineering 2x3: a hot game and its thermograph", "domineering:2x3"),
    ("Green Hackenbush", 'hackenbush "0-1 1-2 1-3 2-3 0-4"'),
    ("A sum: Kayles + Nim", "kayles 7 + nim 3"),
)

_FAMILIES = {
    "impartial": "Impartial games",
    "two-player": "Two-player games (search)",
    "partisan": "Partisan games",
}


def _option(label: str, spec: str) -> str:
    return f'<option value="{escape(spec)}">{escape(label)}</option>'


def _examples() -> str:
    groups = ['<optgroup label="Try these">']
    groups += [_option(f"{label} — {spec}", spec) for label, spec in FEATURED]
    groups.append("</optgroup>")
    by_family: dict[str, list[str]] = {}
    for e in grundy.REGISTRY:
        by_family.setdefault(e.family, []).append(_option(f"{e.name} — {e.example}", e.example))
    for family, options in by_family.items():
        label = _FAMILIES.get(family, family.capitalize())
        groups.append(f'<optgroup label="{escape(label)}">{"".join(options)}</optgroup>')
    return "\n".join(groups)


@lru_cache(maxsize=4)
def render_page(limits: Limits) -> str:
    """The whole page as HTML text."""
    values = {
        "examples": _examples(),
        "version": escape(grundy.__version__),
        "table_n": str(limits.table_n),
        "spec_chars": str(limits.spec_chars),
        "first": escape(FEATURED[0][1]),
    }
    text = _TEMPLATE.read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text
