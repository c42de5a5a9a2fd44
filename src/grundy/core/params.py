"""Parsing helpers shared by rulesets: natural numbers and sets of them.

>>> parse_int_set("1,3..5", "subtraction set", "subtraction:S N...")
(1, 3, 4, 5)
>>> format_int_set((2, 3, 4, 5))
'2..5'
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.errors import InvalidSpecError

__all__ = ["MAX_DIGITS", "format_int_set", "parse_int_set", "parse_natural"]

#: Numbers in a spec may have at most this many digits: far below Python's 4,300-digit
#: limit on converting ints to text, so that ``n + 1``, ``2 * n`` and even ``n * n``
#: can still be printed (no game here has a use for a heap of 10^2000).
MAX_DIGITS = 2000


def parse_natural(token: str, what: str, expected: str) -> int:
    """Parse a non-negative integer argument or raise :class:`InvalidSpecError`.

    >>> parse_natural("12", "heap size", "nim A...")
    12
    """
    text = token.strip().replace("_", "")
    if not text.isascii() or not text.isdigit():
        shown = token if len(token) <= 60 else f"{token[:60]}... ({len(token):,} characters)"
        raise InvalidSpecError(f"{what} must be a non-negative integer, got {shown!r}", expected)
    if len(text.lstrip("0")) > MAX_DIGITS:  # measured before int(): no digit-limit error
        raise InvalidSpecError(
            f"{what} has {len(text.lstrip('0')):,} digits; at most {MAX_DIGITS:,} are accepted",
            expected,
        )
    return int(text)


def parse_int_set(text: str, what: str, expected: str, *, positive: bool = True) -> tuple[int, ...]:
    """Parse ``1,3,4``, ``2..5`` or a mix (``1,3..5``) into a sorted tuple without repeats."""
    if not text:
        raise InvalidSpecError(f"the {what} is empty", expected)
    out: set[int] = set()
    for item in text.split(","):
        if ".." in item:
            lo_text, _, hi_text = item.partition("..")
            lo = parse_natural(lo_text, f"a bound in the {what}", expected)
            hi = parse_natural(hi_text, f"a bound in the {what}", expected)
            if lo > hi:
                raise InvalidSpecError(f"the range {item!r} in the {what} is empty", expected)
            if hi - lo > 1_000_000:
                raise InvalidSpecError(f"the range {item!r} in the {what} is too long", expected)
            out.update(range(lo, hi + 1))
        else:
            out.add(parse_natural(item, f"each member of the {what}", expected))
    if positive and 0 in out:
        raise InvalidSpecError(f"the {what} may not contain 0", expected)
    return tuple(sorted(out))


def format_int_set(values: Sequence[int]) -> str:
    """Write a sorted set compactly; runs of three or more become ``a..b``."""
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{values[i]}..{values[j]}")
        else:
            parts.extend(str(v) for v in values[i : j + 1])
        i = j + 1
    return ",".join(parts)
