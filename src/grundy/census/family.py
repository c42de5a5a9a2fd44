"""Families of take-and-break games for a census: what ``grundy census FAMILY`` enumerates.

``FAMILY`` is one of:

* ``octal:D`` -- every octal code ``0.d1...dk`` and ``4.d1...dk`` with ``k <= D`` digits
  (digits 0-7, normal form, so ``0.070`` is ``0.07``; ``0.0``, the game without moves,
  is left out);
* ``hex:D`` -- every *hexadecimal* code with up to ``D`` digits: first digit 0, 4, 8 or c,
  and some digit using the bit 8 (leave three heaps); the octal ones are ``octal:D``;
* ``subtraction:B`` -- every subtraction set ``S`` within ``{1..B}``, as the code whose
  digit ``d_s`` is 3 for ``s`` in ``S`` (remove ``s``, leaving zero or one heap);
* ``list:CODE,CODE,...`` or ``file:PATH`` -- the codes given (one per line in a file,
  ``#`` comments); a ``subtraction:S`` entry is the subtraction set ``S``.

>>> [item.code for item in parse_family("octal:1").items()][:4]
['0.1', '0.2', '0.3', '0.4']
>>> len(parse_family("octal:2").items()), len(parse_family("octal:3").items())
(127, 1023)
>>> parse_family("subtraction:3").items()[1]
CensusItem(code='0.33', label='subtraction:1,2', subset=(1, 2))
>>> [i.code for i in parse_family("list:0.07, 0.137,0.070").items()]
['0.07', '0.137']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from grundy.core.files import read_text
from grundy.core.params import format_int_set, parse_int_set, parse_natural
from grundy.errors import InvalidSpecError
from grundy.heap.code import OctalCode

__all__ = ["FAMILY_SYNTAX", "CensusItem", "Family", "parse_family"]

FAMILY_SYNTAX = (
    "octal:D, hex:D, subtraction:B, list:CODE,CODE,... or file:PATH "
    "(e.g. octal:3, hex:2, subtraction:8, list:0.07,0.137)"
)

#: The largest D of ``octal:D`` (2 x 8^D codes), ``hex:D`` (4 x 16^D) and B of ``subtraction:B``.
MAX_OCTAL_DIGITS = 6
MAX_HEX_DIGITS = 4
MAX_SUBTRACTION = 20

_HEX = "0123456789abcdef"


@dataclass(frozen=True)
class CensusItem:
    """One game of a census: its code in normal form, the name it is listed under, and for a
    subtraction set the set (whose own periodicity theorem then applies)."""

    code: str
    label: str
    subset: tuple[int, ...] = ()

    @classmethod
    def from_text(cls, text: str) -> CensusItem:
        """A code (``0.137``) or a subtraction set (``subtraction:1,3,4``).

        >>> CensusItem.from_text("subtraction:1,3,4")
        CensusItem(code='0.3033', label='subtraction:1,3,4', subset=(1, 3, 4))
        """
        word = text.strip()
        if word.startswith(("subtraction:", "sub:")):
            subset = parse_int_set(word.partition(":")[2], "subtraction set", FAMILY_SYNTAX)
            if subset[-1] > 4096:
                raise InvalidSpecError(f"the subtraction set in {word!r} is too large", "S <= 4096")
            return cls.subtraction(subset)
        code = OctalCode.parse(word)
        if not code.finite:
            raise InvalidSpecError(
                f"{word!r} has a repeated tail: a census takes finite codes "
                "(the periodicity theorem needs one)",
                "a finite code such as 0.137",
            )
        return cls(code.text, code.text)

    @classmethod
    def subtraction(cls, subset: Iterable[int]) -> CensusItem:
        """The subtraction set ``subset`` as an octal code."""
        members = tuple(sorted(set(subset)))
        digits = tuple(3 if k in members else 0 for k in range(1, members[-1] + 1))
        code = OctalCode.make(0, digits)
        return cls(code.text, f"subtraction:{format_int_set(members)}", members)


@dataclass(frozen=True)
class Family:
    """A parsed ``FAMILY``: its text and its items, in a fixed order."""

    text: str
    members: tuple[CensusItem, ...]

    def items(self) -> list[CensusItem]:
        """The games, one per distinct code (the first listed wins)."""
        return list(self.members)


#: The largest ``file:PATH`` read (a million codes of a dozen characters each).
MAX_FILE_BYTES = 16 << 20


def parse_family(text: str) -> Family:
    """Parse ``FAMILY`` (see the module docstring); bad input raises :class:`InvalidSpecError`."""
    kind, colon, arg = text.strip().partition(":")
    kind = kind.lower()
    if not colon or not arg:
        raise InvalidSpecError(f"the family {text!r} needs KIND:ARGUMENT", FAMILY_SYNTAX)
    if kind in ("octal", "hex"):
        top = MAX_OCTAL_DIGITS if kind == "octal" else MAX_HEX_DIGITS
        digits = parse_natural(arg, f"the number of digits in {text!r}", FAMILY_SYNTAX)
        if not 1 <= digits <= top:
            raise InvalidSpecError(
                f"{kind}:D takes 1 <= D <= {top} digits, got {digits}", FAMILY_SYNTAX
            )
        items = _codes(digits, hexadecimal=kind == "hex")
    elif kind in ("subtraction", "sub"):
        bound = parse_natural(arg, f"the bound in {text!r}", FAMILY_SYNTAX)
        if not 1 <= bound <= MAX_SUBTRACTION:
            raise InvalidSpecError(
                f"subtraction:B takes 1 <= B <= {MAX_SUBTRACTION}, got {bound}", FAMILY_SYNTAX
            )
        items = [
            CensusItem.subtraction(s)
            for size in range(1, bound + 1)
            for s in itertools.combinations(range(1, bound + 1), size)
        ]
        items.sort(key=lambda i: (i.subset[-1], i.subset))
    elif kind == "list":
        items = [CensusItem.from_text(w) for w in arg.split(",") if w.strip()]
    elif kind == "file":
        # Through the file layer: a regular file of at most MAX_FILE_BYTES; a device
        # (/dev/zero never ends), a FIFO (would block) or a folder is refused in one line.
        lines = read_text(arg, MAX_FILE_BYTES, "list of codes").splitlines()
        words = [w for ln in lines for w in ln.split("#", 1)[0].split()]
        items = [CensusItem.from_text(w) for w in words]
    else:
        raise InvalidSpecError(f"unknown family kind {kind!r} in {text!r}", FAMILY_SYNTAX)
    first: dict[str, CensusItem] = {}
    for item in items:
        first.setdefault(item.code, item)
    unique = list(first.values())
    if not unique:
        raise InvalidSpecError(f"the family {text!r} has no codes", FAMILY_SYNTAX)
    return Family(text.strip(), tuple(unique))


def _codes(digits: int, *, hexadecimal: bool) -> list[CensusItem]:
    """Every normal-form code with 1..``digits`` digits after the point (see the module doc)."""
    alphabet = _HEX if hexadecimal else _HEX[:8]
    heads = (0, 4, 8, 12) if hexadecimal else (0, 4)
    out: list[CensusItem] = []
    for head in heads:
        if not hexadecimal and head == 4:
            out.append(CensusItem("4.0", "4.0"))
        for length in range(1, digits + 1):
            for body in itertools.product(alphabet, repeat=length):
                if body[-1] == "0":
                    continue  # the same code as a shorter one
                d = tuple(_HEX.index(c) for c in body)
                if hexadecimal and not (head & 8 or any(x & 8 for x in d)):
                    continue
                text = OctalCode.make(head, d).text
                out.append(CensusItem(text, text))
        if hexadecimal and head & 8:
            text = OctalCode.make(head, ()).text
            out.append(CensusItem(text, text))
    return out
