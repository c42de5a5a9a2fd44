"""Codes whose rules provably give the same Grundy sequence: the census computes one of them.

A bit of an octal digit is *redundant* when every option it adds, at every heap, has a
value that the other moves of the code already reach; removing it then leaves every
Grundy value as it was (by induction on the heap: the two codes see the same option
values at each heap). Two sufficient conditions are used, each exact:

* **bit 1 of ``d_k``** (take ``k`` when the heap is exactly ``k``) adds the value 0 at
  heap ``k`` only: redundant when the code without it already has an option of value 0
  at heap ``k`` (checked by computing heaps ``0..k`` by the mex rule);
* **bit 2 of ``d_k``** (take ``k`` and leave one heap ``n - k >= 1``) adds ``G(n - k)``:
  redundant when, for some ``1 <= j <= k``, ``d_{k-j}`` has bit 4 (``d_0`` is the digit
  before the point) and ``G(j) = 0``: taking ``k - j`` and splitting the rest into ``j``
  and ``n - k`` reaches ``G(j) XOR G(n - k) = G(n - k)`` (both heaps non-empty, as the
  split needs; ``j < n``, so ``G(j)`` is the same in both codes by the induction).

Bits are removed one at a time, each step checked against the code without the bits
already removed, so the chain of equalities is exact. Nothing is said about bit 4
(leave two heaps): it is never removed. The census stores an equivalent code's row as
a copy of its representative's, naming it (``same_as``).

>>> r = reduce_code("0.63")  # Officers with extra moves that reach nothing new
>>> r.code
'0.6'
>>> for step in r.steps:
...     print(step)
bit 1 of d2 (take 2 from a heap of 2): 0 is already an option of heap 2
bit 2 of d2 (take 2, leave one heap): take 1 and split off a heap of 1, G(1) = 0
>>> reduce_code("0.07").code  # Dawson's Kayles: nothing redundant
'0.07'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.census.family import CensusItem
from grundy.heap.code import OctalCode
from grundy.heap.games import TakeAndBreak
from grundy.heap.values import heap_values

__all__ = ["Reduction", "plan_equivalents", "reduce_code"]


@dataclass(frozen=True)
class Reduction:
    """A code (``original``), the code with every provably redundant bit removed
    (``code``, in normal form; equal to ``original`` when nothing is redundant), and one
    sentence per bit removed, in order (``steps``)."""

    original: str
    code: str
    steps: tuple[str, ...]

    @property
    def reduced(self) -> bool:
        """True when some bit was removed."""
        return self.code != self.original

    def why(self) -> str:
        """One line: the representative and the bits removed."""
        return f"same sequence as {self.code}: " + "; ".join(self.steps)


def _make(first: int, digits: list[int]) -> OctalCode:
    body = list(digits)
    while body and body[-1] == 0:
        body.pop()
    return OctalCode.make(first, tuple(body))


def _values(first: int, digits: list[int], last: int) -> list[int]:
    return heap_values(TakeAndBreak(_make(first, digits)), last)


def _options(first: int, digits: list[int], n: int, g: list[int]) -> set[int]:
    out = set()
    for option in TakeAndBreak(_make(first, digits)).split_moves(n):
        x = 0
        for h in option:
            x ^= g[h]
        out.add(x)
    return out


def _redundant(first: int, digits: list[int], k: int, bit: int) -> str | None:
    """Why bit ``bit`` of ``d_k`` (k >= 1) is redundant in the code, or None."""
    rest = list(digits)
    rest[k - 1] &= ~bit
    g = _values(first, rest, k)
    if bit == 1:
        if 0 in _options(first, rest, k, g):
            return (
                f"bit 1 of d{k} (take {k} from a heap of {k}): 0 is already an option of heap {k}"
            )
        return None
    if bit == 2:
        for j in range(1, k + 1):
            d = first if k - j == 0 else rest[k - j - 1]
            if d & 4 and g[j] == 0:
                how = f"take {k - j} and split" if k - j else "split"
                return (
                    f"bit 2 of d{k} (take {k}, leave one heap): {how} off a heap of {j}, G({j}) = 0"
                )
    return None


def reduce_code(text: str) -> Reduction:
    """Remove, one at a time, the bits of a finite octal code (digits 0-7, first digit 0 or
    4) that are redundant (see the module docstring); other codes come back unchanged.

    >>> reduce_code("4.2").code, reduce_code("0.62").code, reduce_code("0.1").code
    ('4.0', '0.6', '0.1')
    """
    code = OctalCode.parse(text)
    if code.hexadecimal or not code.finite or code.first not in (0, 4):
        return Reduction(code.text, code.text, ())
    first, digits = code.first, list(code.digits)
    steps: list[str] = []
    changed = True
    while changed:
        changed = False
        for k in range(len(digits), 0, -1):
            for bit in (1, 2):
                if digits[k - 1] & bit:
                    why = _redundant(first, digits, k, bit)
                    if why is not None:
                        digits[k - 1] &= ~bit
                        steps.append(why)
                        changed = True
    return Reduction(code.text, _make(first, digits).text, tuple(steps))


def plan_equivalents(
    items: Sequence[CensusItem],
) -> tuple[list[CensusItem], dict[str, list[tuple[CensusItem, str]]]]:
    """Split a census's items into the codes to compute and the copies: ``(compute,
    copies)``, where ``copies[rep]`` lists ``(item, why)`` for each item whose code
    reduces to ``rep`` (:func:`reduce_code`). ``compute`` holds every item that does not
    reduce, then a new item for each representative not among the items. Subtraction
    sets (their own periodicity theorem) are never reduced.

    >>> from grundy.census.family import parse_family
    >>> compute, copies = plan_equivalents(parse_family("list:0.6,0.62,0.63,0.17,0.57").items())
    >>> [i.code for i in compute], {rep: [i.code for i, _ in c] for rep, c in copies.items()}
    (['0.6', '0.17', '0.57'], {'0.6': ['0.62', '0.63']})
    """
    compute: list[CensusItem] = []
    copies: dict[str, list[tuple[CensusItem, str]]] = {}
    for item in items:
        r = None if item.subset else reduce_code(item.code)
        if r is None or not r.reduced:
            compute.append(item)
        else:
            copies.setdefault(r.code, []).append((item, r.why()))
    have = {i.code for i in compute}
    compute.extend(CensusItem(rep, rep) for rep in copies if rep not in have)
    return compute, copies
