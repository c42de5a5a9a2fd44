"""The misère quotient as a frozen value: table, presentation, P-portion, pretending
function, periodicity and tameness.

>>> from grundy.core.game import HeapGame
>>> from grundy.quotient import misere_quotient
>>> class Nim(HeapGame):
...     def moves(self, n):
...         return range(n)
>>> q = misere_quotient(Nim(), 3)
>>> q.order, q.tame, [q.name(x) for x in q.pretending]
(6, 'T2', ['1', 'a', 'b', 'ab'])
>>> [q.name(x) for x in q.p_portion], q.outcome([1, 2, 3])
(['a', 'b²'], 'P')
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grundy.core.game import HeapGame, ImpartialGame
from grundy.core.limits import CHECK_EVERY, checkpoint
from grundy.errors import UnsupportedError
from grundy.quotient.build import QuotientBuilder
from grundy.quotient.present import generator_name, normal_forms, word_name

__all__ = ["MisereQuotient", "proof_shape", "tame_name"]


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of the heaps ``0..computed_to`` of a heap game.

    Elements are numbered ``0..order-1`` (0 is the identity); ``table[x][y]`` is
    their product; ``words[x]`` the normal form of ``x`` as exponents of the
    generators. ``pretending[h]`` is heap ``h``'s element. When ``proved`` is
    true, the pretending function has period ``period`` from heap ``preperiod``
    on and this is the quotient of the whole game (``reason`` says why);
    otherwise it is the quotient of the heaps up to ``computed_to`` only.
    """

    game: str
    computed_to: int
    table: tuple[tuple[int, ...], ...]
    p_portion: tuple[int, ...]
    pretending: tuple[int, ...]
    words: tuple[tuple[int, ...], ...]
    generators: tuple[int, ...]
    relations: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    changed_at: tuple[int, ...]
    period: int | None
    preperiod: int | None
    proved: bool
    reason: str
    tame: str | None

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.table)

    @property
    def identity(self) -> int:
        """The identity element (the empty sum)."""
        return 0

    @property
    def elements(self) -> tuple[str, ...]:
        """Each element's normal form, e.g. ``('1', 'a', 'b', 'ab', 'b²', 'ab²')``."""
        return tuple(word_name(w) for w in self.words)

    def name(self, x: int) -> str:
        """The normal form of element ``x``."""
        return word_name(self.words[x])

    def is_p(self, x: int) -> bool:
        """True when sums pretending to be ``x`` are lost by the player to move."""
        return x in self.p_portion

    def covers(self, heap: int) -> bool:
        """True when :meth:`element` knows ``heap`` (computed, or within a proved period)."""
        return 0 <= heap <= self.computed_to or (self.proved and heap >= 0)

    def element(self, heap: int) -> int:
        """The element heap ``heap`` pretends to be (UnsupportedError where not covered)."""
        if 0 <= heap <= self.computed_to:
            return self.pretending[heap]
        if heap >= 0 and self.proved and self.period and self.preperiod is not None:
            return self.pretending[self.preperiod + (heap - self.preperiod) % self.period]
        raise UnsupportedError(
            f"the misère quotient of {self.game} was computed to heap {self.computed_to}, "
            f"not {heap}"
        )

    def multiply(self, *elements: int) -> int:
        """The product of ``elements``."""
        x = 0
        for y in elements:
            x = self.table[x][y]
        return x

    def product(self, heaps: Sequence[int]) -> int:
        """The element of a sum of heaps."""
        return self.multiply(*(self.element(h) for h in heaps))

    def outcome(self, heaps: Sequence[int]) -> str:
        """``"P"`` when the player to move loses the misère sum of ``heaps``, else ``"N"``."""
        return "P" if self.is_p(self.product(heaps)) else "N"

    def presentation(self) -> str:
        """``⟨a, b | a² = 1, b³ = b⟩``."""
        gens = ", ".join(generator_name(i) for i in range(len(self.generators)))
        rels = ", ".join(f"{word_name(a)} = {word_name(b)}" for a, b in self.relations)
        return f"⟨{gens} | {rels}⟩" if rels else f"⟨{gens}⟩"

    def text(self, *, table: bool = False) -> str:
        """The command line's text (``grundy quotient``; ``table=True`` adds the
        multiplication table, as ``--table`` does). ``str(q)`` is ``q.text()``."""
        tame = f", tame: misère Nim's {self.tame}" if self.tame else ""
        lines = [
            f"Misère quotient of {self.game}, heaps 0..{self.computed_to}: order {self.order}{tame}"
        ]
        gens = ", ".join(f"{self.name(self.pretending[h])} = heap {h}" for h in self.generators)
        lines.append(f"Generators: {gens or 'none'}")
        lines.append(f"Presentation: {self.presentation()}")
        lines.append(f"Elements: {', '.join(self.elements)}")
        lines.append(f"P-portion: {{{', '.join(self.name(x) for x in self.p_portion)}}}")
        if table:
            width = max(len(e) for e in self.elements)
            lines.append("Multiplication table:")
            lines.append(" " * (width + 2) + " ".join(f"{e:>{width}}" for e in self.elements))
            for x, row in enumerate(self.table):
                cells = " ".join(f"{self.name(y):>{width}}" for y in row)
                lines.append(f"{self.name(x):>{width}}: {cells}")
        lines.append("Pretending function (heap: element):")
        names = [self.name(x) for x in self.pretending]
        for start in range(0, len(names), 10):
            line = "  ".join(f"{h}:{names[h]}" for h in range(start, min(start + 10, len(names))))
            lines.append(f"  {line}")
        lines.append(f"Checked: {self.reason}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        """One line: the game, the heaps covered, the order and the presentation.

        >>> from grundy.heap.games import KAYLES
        >>> from grundy.quotient import misere_quotient
        >>> repr(misere_quotient(KAYLES, 3))[:67]
        "MisereQuotient(game='kayles', computed_to=3, order=6, presentation="
        """
        return (
            f"MisereQuotient(game={self.game!r}, computed_to={self.computed_to}, "
            f"order={self.order}, presentation={self.presentation()!r})"
        )

    def _repr_html_(self) -> str:
        """Jupyter shows the text and the multiplication table in a ``<pre>`` block."""
        return f"<pre>{html.escape(self.text(table=self.order <= 24))}</pre>"

    def to_dict(self) -> dict[str, Any]:
        """Every field, plus names, as plain JSON-ready data."""
        return {
            "game": self.game,
            "computed_to": self.computed_to,
            "order": self.order,
            "elements": list(self.elements),
            "identity": 0,
            "generators": [
                {"name": generator_name(i), "heap": h} for i, h in enumerate(self.generators)
            ],
            "relations": [[word_name(a), word_name(b)] for a, b in self.relations],
            "presentation": self.presentation(),
            "table": [list(row) for row in self.table],
            "p_portion": [self.name(x) for x in self.p_portion],
            "pretending": [self.name(x) for x in self.pretending],
            "changed_at": list(self.changed_at),
            "period": self.period,
            "preperiod": self.preperiod,
            "proved": self.proved,
            "reason": self.reason,
            "tame": self.tame,
        }

    @classmethod
    def from_builder(cls, game: ImpartialGame[int], builder: QuotientBuilder) -> MisereQuotient:
        """Name, present and analyse the quotient a builder holds."""
        mul, phi = builder.mul, builder.phi
        gens: list[int] = []
        reach = {0}
        for h, x in enumerate(phi):
            if x not in reach:
                gens.append(h)
                reach = _closure(mul, reach, [phi[g] for g in gens])
        words, relations = normal_forms(mul, [phi[h] for h in gens])
        period, preperiod, proved, reason = _periodicity(game, phi, builder.changed_at)
        return cls(
            game=game.spec_name(),
            computed_to=builder.done,
            table=tuple(tuple(row) for row in mul),
            p_portion=tuple(x for x in range(len(mul)) if builder.is_p[x]),
            pretending=tuple(phi),
            words=tuple(words),
            generators=tuple(gens),
            relations=tuple(relations),
            changed_at=tuple(builder.changed_at),
            period=period,
            preperiod=preperiod,
            proved=proved,
            reason=reason,
            tame=tame_name(mul, builder.is_p),
        )


def _closure(mul: list[list[int]], start: set[int], gens: list[int]) -> set[int]:
    seen = set(start) | {0}
    todo = list(seen)
    while todo:
        x = todo.pop()
        for g in gens:
            y = mul[x][g]
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def tame_name(table: Sequence[Sequence[int]], is_p: Sequence[bool]) -> str | None:
    """``"Tn"`` when the quotient is isomorphic to misère Nim's quotient ``T_n`` (Nim heaps of
    sizes below ``2^n``: orders 1, 2, 6, 10, 18, ...), else None.

    >>> tame_name([[0, 1], [1, 0]], [False, True])
    'T1'
    """
    n = len(table)
    ps = [x for x in range(n) if is_p[x]]
    if n == 1:
        return "T0" if not ps else None
    if n == 2:
        return "T1" if ps == [1] and table[1][1] == 0 else None
    k = (n - 2).bit_length() - 1
    if k < 2 or n != (1 << k) + 2 or len(ps) != 2:
        return None
    small = [x for x in ps if table[x][x] == 0]
    big = [x for x in ps if x != 0 and table[x][x] == x]
    if len(small) != 1 or len(big) != 1:
        return None
    a, z = small[0], big[0]
    ideal = {table[z][x] for x in range(n)}
    if len(ideal) != 1 << k or 0 in ideal or a in ideal:
        return None
    za = table[z][a]
    if za == z:
        return None
    for x in ideal:
        if table[x][x] != z or table[x][z] != x or table[a][x] != table[za][x]:
            return None
    return f"T{k}"


def proof_shape(game: Any) -> tuple[int, int] | None:
    """``(parts, t)`` when ``game`` is a finite take-and-break code (a move removes at most
    ``t`` counters and leaves at most ``parts`` heaps) or a finite subtraction game, read from
    its ``code`` (``max_removal``, ``hexadecimal``; not with Grundy's unequal rule) or
    ``subset``; None for other rules (no periodicity theorem is known to this module)."""
    return game.move_shape() if isinstance(game, HeapGame) else None


def _periodicity(
    game: Any, phi: Sequence[int], changed_at: Sequence[int]
) -> tuple[int | None, int | None, bool, str]:
    """``(period, preperiod, proved, reason)`` for the pretending function."""
    n = len(phi) - 1
    shape = proof_shape(game)
    observed: tuple[int, int] | None = None
    steps, check_at = 0, CHECK_EVERY
    for p in range(1, n // 2 + 1):
        if shape is None and observed is not None:
            break  # nothing left to prove: the least observed period is reported
        m = n - p
        while m >= 1 and phi[m] == phi[m + p]:
            m -= 1
        steps += n - p - m + 1
        if steps >= check_at:
            check_at = checkpoint(steps, None, "comparisons")
        n0 = m + 1
        if shape is not None:
            parts, t = shape
            need = parts * (n0 + p) + t - 1
            if need <= n:
                return (
                    p,
                    n0,
                    True,
                    f"proved: the pretending function has period {p} from heap {n0}, checked "
                    f"to heap {need} = {parts}(e+p)+t-1 with t={t} (periodicity theorem for "
                    "misère quotients), so this is the quotient of the whole game",
                )
        if observed is None and n - n0 + 1 >= 3 * p and n0 + p <= n:
            observed = (p, n0)
    last = max(changed_at, default=0)
    stable = f"the quotient last grew at heap {last}" if changed_at else "it never grew"
    if observed is not None:
        p, n0 = observed
        return (
            p,
            n0,
            False,
            f"observed up to heap {n}: period {p} from heap {n0} (not proved); {stable}",
        )
    return None, None, False, f"observed up to heap {n}: no period yet; {stable}"
