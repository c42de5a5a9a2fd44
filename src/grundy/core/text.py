"""Text helpers shared by every explanation and picture: numbers cut to fit a line,
labelled text grids and the frame of a hand-written SVG picture.

>>> short_number(12345)
'12345'
>>> short_number(10**50)
'100000000000…000000000000 (51 digits)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

__all__ = [
    "LONGEST_NUMBER",
    "html_table",
    "labelled_grid",
    "short_number",
    "short_repr",
    "svg_document",
    "svg_number",
]

#: Numbers with more digits than this are shown by their ends and their length.
LONGEST_NUMBER = 40


def html_table(rows: Iterable[tuple[str, str]], *, top: bool = False) -> str:
    """A notebook's table of ``(heading, value)`` rows (both HTML already), left aligned;
    with ``top`` each heading stands at the top of its row (beside a tall value).

    >>> html_table([("Period", "3")]).replace("style='text-align:left'", "")
    '<table><tr><th >Period</th><td >3</td></tr></table>'
    """
    th = "text-align:left;vertical-align:top" if top else "text-align:left"
    body = "".join(
        f"<tr><th style='{th}'>{k}</th><td style='text-align:left'>{v}</td></tr>" for k, v in rows
    )
    return f"<table>{body}</table>"


def short_number(n: int) -> str:
    """``n`` in decimal, or its first and last 12 digits and its length when it is long."""
    s = str(n)
    if len(s) <= LONGEST_NUMBER:
        return s
    return f"{s[:12]}…{s[-12:]} ({len(s)} digits)"


def short_repr(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, for an error message about any argument:
    never fails (a repr that fails gives the type's name) and never formats a huge int.

    >>> short_repr("x" * 100)[-5:], short_repr(10**1000), short_repr(10**5000)
    ('xx...', 'an int of 1,001 digits', 'an int of over 4,300 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        try:
            digits = f"{len(str(abs(value))):,}"
        except ValueError:  # past Python's limit on converting ints to text
            digits = "over 4,300"
        return f"an int of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails (a position with a broken state)
        return f"<{type(value).__name__}>"
    return text if len(text) <= width else text[: width - 3] + "..."


def labelled_grid(
    cells: Sequence[Sequence[str]], row_labels: Sequence[str], col_labels: Sequence[str]
) -> list[str]:
    """Lines drawing a grid of one-character cells: a header of column labels, then one
    line per row, its label first. Columns are as wide as the widest column label.

    >>> print("\\n".join(labelled_grid(["x.o", ".x.", "..o"], "123", "abc")))
       a b c
    1  x . o
    2  . x .
    3  . . o
    """
    width = max((len(c) for c in col_labels), default=1)
    pad = max((len(r) for r in row_labels), default=1)
    head = " " * pad + "  " + " ".join(c.rjust(width) for c in col_labels)
    lines = [head.rstrip()]
    for label, row in zip(row_labels, cells, strict=True):
        lines.append(f"{label.rjust(pad)}  " + " ".join(ch.rjust(width) for ch in row))
    return lines


def svg_number(x: float) -> str:
    """A coordinate for SVG text: at most one decimal, no trailing zeros.

    >>> svg_number(12.0), svg_number(7.25)
    ('12', '7.2')
    """
    return f"{x:.1f}".rstrip("0").rstrip(".")


def svg_document(width: float, height: float, body: Sequence[str], *, title: str) -> str:
    """A whole SVG picture of ``width`` x ``height`` with these elements and a ``<title>``
    (read aloud by screen readers, shown as a tooltip).

    >>> svg_document(10, 20, ['<rect width="10" height="20"/>'], title="a <box>")[:76]
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 '
    """
    w, h = svg_number(width), svg_number(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" font-family="sans-serif">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )
