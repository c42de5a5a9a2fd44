"""Take-and-break codes (octal and hexadecimal games): parse, validate, normalise.

A code ``d0.d1d2d3...`` says what a move may do: digit ``d_k`` governs
removing ``k`` counters from one heap (``d_0``, before the point, governs
splitting without removing anything). Its bits:

* 1 -- may take a whole heap of exactly ``k``;
* 2 -- may leave one non-empty heap;
* 4 -- may leave two non-empty heaps;
* 8 -- may leave three non-empty heaps (hexadecimal games).

A repeated tail is written in brackets: ``0.[3]`` is Nim, ``4.[3]`` is
Lasker's Nim.

>>> OctalCode.parse("0.77").digit(2)
7
>>> str(OctalCode.parse("0.3333[33]"))
'0.[3]'
>>> OctalCode.parse("0.070").text
'0.07'
>>> OctalCode.parse("0.[3]").digit(10**6)
3
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.errors import InvalidSpecError

__all__ = ["CODE_SYNTAX", "OctalCode"]

CODE_SYNTAX = (
    "a take-and-break code d0.d1d2... in octal or hex digits, e.g. 0.07, 0.137, 4.7, "
    "or with a repeated tail in brackets, e.g. 0.[3] or 4.[3]"
)

_HEX = "0123456789abcdef"


def _primitive(block: str) -> str:
    """The shortest word whose repetition is ``block``."""
    n = len(block)
    for p in range(1, n + 1):
        if n % p == 0 and block[:p] * (n // p) == block:
            return block[:p]
    return block  # pragma: no cover - p = n always matches


@dataclass(frozen=True)
class OctalCode:
    """A normalised take-and-break code.

    ``first`` is the digit before the point; ``digits`` are ``d_1, d_2, ...``
    up to the repeated part; ``repeat`` is the repeated tail (empty for a
    finite code). Build one with :meth:`parse`.

    >>> c = OctalCode.parse("4.[3]")
    >>> (c.first, c.digits, c.repeat, c.finite)
    (4, (), (3,), False)
    >>> OctalCode.parse("0.137").max_removal
    3
    """

    first: int
    digits: tuple[int, ...]
    repeat: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> OctalCode:
        """Parse and normalise ``text``; a malformed code raises :class:`InvalidSpecError`."""
        raw = text.strip().lower()
        head, point, tail = raw.partition(".")
        if not point:
            raise InvalidSpecError(f"the code {text!r} has no point", CODE_SYNTAX)
        head = head or "0"
        if len(head) != 1 or head not in _HEX:
            raise InvalidSpecError(
                f"the code {text!r} needs one digit before the point", CODE_SYNTAX
            )
        first = _HEX.index(head)
        if first & 3:
            raise InvalidSpecError(
                f"the digit before the point in {text!r} may only allow splitting "
                "(0, 4, 8 or c): removing nothing and leaving the heap as it was is no move",
                CODE_SYNTAX,
            )
        body, bracket, rest = tail.partition("[")
        repeat_text = ""
        if bracket:
            if not rest.endswith("]") or "[" in rest or "]" in rest[:-1]:
                raise InvalidSpecError(
                    f"the repeated part of {text!r} must be one bracket at the end", CODE_SYNTAX
                )
            repeat_text = rest[:-1]
            if not repeat_text:
                raise InvalidSpecError(f"the brackets in {text!r} are empty", CODE_SYNTAX)
        for ch in body + repeat_text:
            if ch not in _HEX:
                raise InvalidSpecError(f"{ch!r} in {text!r} is not a hex digit", CODE_SYNTAX)
        if len(body) + len(repeat_text) > 4096:
            raise InvalidSpecError(f"the code {text!r} is too long", CODE_SYNTAX)
        return cls.make(
            first, tuple(_HEX.index(c) for c in body), tuple(_HEX.index(c) for c in repeat_text)
        )

    @classmethod
    def make(cls, first: int, digits: tuple[int, ...], repeat: tuple[int, ...] = ()) -> OctalCode:
        """The normal form: shortest repeated block, absorbed prefix, no trailing zeros."""
        body = "".join(_HEX[d] for d in digits)
        block = _primitive("".join(_HEX[d] for d in repeat)) if repeat else ""
        while block and body and body[-1] == block[-1]:
            body = body[:-1]
            block = block[-1] + block[:-1]
        if block == "0":
            block = ""
        if not block:
            body = body.rstrip("0")
        return cls(first, tuple(_HEX.index(c) for c in body), tuple(_HEX.index(c) for c in block))

    @property
    def finite(self) -> bool:
        """True when only finitely many removal amounts are allowed."""
        return not self.repeat

    @property
    def max_removal(self) -> int | None:
        """The largest number of counters a move removes (``t``), None for an infinite code."""
        return len(self.digits) if self.finite else None

    @property
    def hexadecimal(self) -> bool:
        """True when some digit allows leaving three heaps (bit 8)."""
        return any(d & 8 for d in (self.first, *self.digits, *self.repeat))

    def digit(self, k: int) -> int:
        """The digit ``d_k`` governing the removal of ``k`` counters."""
        if k == 0:
            return self.first
        if k <= len(self.digits):
            return self.digits[k - 1]
        if not self.repeat:
            return 0
        return self.repeat[(k - len(self.digits) - 1) % len(self.repeat)]

    @property
    def text(self) -> str:
        """The normal written form."""
        body = "".join(_HEX[d] for d in self.digits)
        if self.repeat:
            body += "[" + "".join(_HEX[d] for d in self.repeat) + "]"
        return f"{_HEX[self.first]}.{body or '0'}"

    def __str__(self) -> str:
        return self.text
