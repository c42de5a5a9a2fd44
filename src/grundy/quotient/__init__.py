"""Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008).

The misère quotient of a heap game is a finite commutative monoid ``Q`` with a
subset ``P`` (the P-portion) and a map from heaps to ``Q`` (the pretending
function) such that a misère sum of heaps is lost by the player to move
exactly when the product of its heaps' elements lies in ``P``. See
``docs/quotient.md``.

>>> from grundy.core.game import HeapGame
>>> class Nim(HeapGame):
...     def moves(self, n):
...         return range(n)
>>> q = misere_quotient(Nim(), 3)
>>> q.presentation(), q.tame
('⟨a, b | a² = 1, b³ = b⟩', 'T2')
"""

from grundy.quotient.api import clear_cache, misere_by_quotient, misere_quotient
from grundy.quotient.bounds import DEFAULT_MAX_WORK
from grundy.quotient.build import (
    DEFAULT_MAX_ORDER,
    QuotientBuilder,
    QuotientLimitError,
    deadline_after,
)
from grundy.quotient.result import MisereQuotient, tame_name
from grundy.quotient.store import load_checkpoint, save_checkpoint, saved_search
from grundy.quotient.verify import DEFAULT_MAX_STATES

__all__ = [
    "DEFAULT_MAX_ORDER",
    "DEFAULT_MAX_STATES",
    "DEFAULT_MAX_WORK",
    "MisereQuotient",
    "QuotientBuilder",
    "QuotientLimitError",
    "clear_cache",
    "deadline_after",
    "load_checkpoint",
    "misere_by_quotient",
    "misere_quotient",
    "save_checkpoint",
    "saved_search",
    "tame_name",
]
