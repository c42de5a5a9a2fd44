"""Genus, tame, restive and restless games (Winning Ways ch. 13; Conway ONAG ch. 12).

The **genus** of an impartial game ``G`` is ``g^(γ0 γ1 γ2 ...)`` where ``g`` is its
normal-play Grundy value and ``γn`` the misère Grundy value of ``G + *2 + ... + *2``
(``n`` copies of ``*2``). It follows from the options' genera: ``g`` and ``γ0`` are
mexes of the options' (``γ0 = 1`` for a game with no options), and ``γn`` (n >= 1) is
the mex of the options' ``γn`` together with ``γ(n-1)`` and ``γ(n-1) xor 1``. The
sequence ends alternating with period 2, so it is written up to where it starts
repeating (at least two digits).

* A game is **tame** when every position of its canonical form has a tame genus:
  ``0^1`` or ``1^0`` (like the heaps 0 and 1), ``0^0`` or ``1^1``, or ``a^a`` for ``a >= 2``,
  each continued as a nim heap's (``γn = g`` for even n >= 2, ``g xor 2`` for odd n).
  Tame games add like nim heaps in misère Nim: the genus of a sum is ``g^γ`` with
  ``g`` the nim-sum and ``γ = g`` when some part has ``γ = g`` (a "big heap" or ``0^0``,
  ``1^1``), else ``γ = g xor 1``; the sum is a misère P-position exactly when ``γ = 0``.
* A game that is not tame but all of whose options are tame is **restive** when its
  genus continues like a tame one of a different size (``γn`` for n >= 1 alternates
  ``r xor 2, r`` with ``r = γ0`` when ``γ0 < 4``, else ``r = g``; CGSuite's rule), and
  **restless** otherwise.

>>> from grundy.cgt.misere.form import MisereGame
>>> str(genus(MisereGame("*[2]"))), genus(MisereGame("*[0]")).full
('2', '0^120')
>>> str(genus(MisereGame("*[2#]"))), is_tame(MisereGame("*[2#]"))
('0^0', True)
>>> str(genus(MisereGame("*[2[2]321]"))), phylum(MisereGame("*[2[2]321]"))
('4^146', 'restless')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grundy.cgt.misere.form import MisereGame
from grundy.core.mex import least_missing

__all__ = [
    "Genus",
    "genus",
    "is_restive",
    "is_restless",
    "is_tame",
    "phylum",
    "tame_sum_genus",
    "tame_sum_outcome",
]


@dataclass(frozen=True)
class Genus:
    """``base^(sequence)``: G+ and the misère Grundy values of ``G + k.*2`` for k = 0, 1, ...

    ``sequence`` is cut where it starts alternating (at least two terms); ``digit(n)``
    continues it. ``str`` is CGSuite's form (a nim heap's genus is its size alone; a
    tame or restive game's is ``g^γ0``); ``full`` writes every digit up to the cut.
    """

    base: int
    sequence: tuple[int, ...]
    kind: str = "wild"  # "nim heap", "tame", "restive", "restless" or "wild"

    def digit(self, n: int) -> int:
        """γn, for any n >= 0."""
        s = self.sequence
        if n < len(s):
            return s[n]
        return s[len(s) - 2 + ((len(s) ^ n) & 1)]

    @property
    def misere_value(self) -> int:
        """γ0: the misère Grundy value (0 exactly at misère P-positions)."""
        return self.sequence[0]

    @property
    def full(self) -> str:
        """Every digit up to the cut: ``0^120``."""
        return _symbol(self.base, self.sequence)

    def __str__(self) -> str:
        if self.kind == "nim heap":
            return str(self.base)
        if self.kind in ("tame", "restive"):
            return _symbol(self.base, self.sequence[:1])
        return self.full


def _symbol(base: int, digits: Sequence[int]) -> str:
    if any(d >= 10 for d in digits):
        return f"{base}^({','.join(str(d) for d in digits)})"
    return f"{base}^{''.join(str(d) for d in digits)}"


def _trim(seq: list[int]) -> tuple[int, ...]:
    while len(seq) > 2 and seq[-1] == seq[-3]:
        seq.pop()
    return tuple(seq)


_RAW: dict[MisereGame, tuple[int, tuple[int, ...]]] = {}


def _raw(g: MisereGame) -> tuple[int, tuple[int, ...]]:
    """(G+, trimmed γ sequence), from the options (an explicit stack, no recursion)."""
    found = _RAW.get(g)
    if found is not None:
        return found
    stack = [g]
    while stack:
        top = stack[-1]
        if top in _RAW:
            stack.pop()
            continue
        missing = [o for o in top._any_order() if o not in _RAW]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        opts = [_RAW[o] for o in top._any_order()]
        base = least_missing(b for b, _ in opts)
        if not opts:
            _RAW[top] = (0, (1, 2, 0))
            continue
        length = 2 + max(len(s) for _, s in opts)
        genera = [Genus(b, s) for b, s in opts]
        seq = [least_missing(x.digit(0) for x in genera)]
        for n in range(1, length + 1):
            prev = seq[-1]
            seq.append(least_missing([prev, prev ^ 1, *(x.digit(n) for x in genera)]))
        _RAW[top] = (base, _trim(seq))
    return _RAW[g]


def _tame_sequence(base: int, first: int) -> tuple[int, ...]:
    return _trim([first, base ^ 2, base, base ^ 2, base])


def _tame_genus(base: int, seq: tuple[int, ...]) -> bool:
    first = seq[0]
    ok_first = first == base or (base < 2 and first == base ^ 1)
    return ok_first and seq == _tame_sequence(base, first)


_TAME: dict[MisereGame, bool] = {}


def is_tame(g: MisereGame) -> bool:
    """Every position of the canonical form has a tame genus (see the module docstring).

    >>> is_tame(MisereGame("*[2]") + MisereGame("*[3]")), is_tame(MisereGame("*[2#1]"))
    (True, False)
    """
    found = _TAME.get(g)
    if found is None:
        base, seq = _raw(g)
        found = _tame_genus(base, seq) and all(is_tame(o) for o in g._any_order())
        _TAME[g] = found
    return found


def _restive_genus(base: int, seq: tuple[int, ...]) -> bool:
    r = seq[0] if seq[0] < 4 else base
    return seq == _trim([seq[0], r ^ 2, r, r ^ 2, r])


def phylum(g: MisereGame) -> str:
    """``"nim heap"``, ``"tame"``, ``"restive"``, ``"restless"`` or ``"wild"`` (a game
    with an option that is not tame)."""
    if g.is_nim_heap():
        return "nim heap"
    if is_tame(g):
        return "tame"
    if not all(is_tame(o) for o in g._any_order()):
        return "wild"
    base, seq = _raw(g)
    return "restive" if _restive_genus(base, seq) else "restless"


def is_restive(g: MisereGame) -> bool:
    """Not tame, every option tame, and a restive genus (see the module docstring).

    >>> is_restive(MisereGame("*[2#0]")), str(genus(MisereGame("*[2#0]")))
    (True, '1^2')
    >>> is_restless(MisereGame("*[2#1]")), str(genus(MisereGame("*[2#1]")))
    (True, '2^1420')
    """
    return phylum(g) == "restive"


def is_restless(g: MisereGame) -> bool:
    """Not tame, every option tame, and a genus that is neither tame nor restive."""
    return phylum(g) == "restless"


def genus(g: MisereGame) -> Genus:
    """The genus of ``g``, printed as CGSuite prints it.

    >>> str(genus(MisereGame("*[2[2]]"))), genus(MisereGame("*[2[2]]")).full
    ('0^0', '0^02')
    """
    base, seq = _raw(g)
    return Genus(base, seq, phylum(g))


def tame_sum_genus(genera: Iterable[Genus]) -> Genus:
    """The genus of a sum of tame games from their genera (misère Nim's rule).

    >>> from grundy.cgt.misere.form import nim_heap
    >>> str(tame_sum_genus([genus(nim_heap(1)), genus(nim_heap(1))]))
    '0^1'
    """
    base = 0
    big = False
    for x in genera:
        base ^= x.base
        big = big or x.misere_value == x.base
    first = base if big else base ^ 1
    return Genus(base, _tame_sequence(base, first), "tame")


def tame_sum_outcome(genera: Iterable[Genus]) -> str:
    """``"P"`` or ``"N"``: the misère outcome of a sum of tame games, from their genera.

    >>> from grundy.cgt.misere.form import nim_heap
    >>> tame_sum_outcome([genus(nim_heap(2)), genus(nim_heap(2))])
    'P'
    """
    return "P" if tame_sum_genus(genera).misere_value == 0 else "N"
