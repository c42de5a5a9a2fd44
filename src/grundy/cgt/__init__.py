"""Partisan combinatorial game theory: exact canonical values, fast.

Values are hash-consed canonical forms (:class:`CanonicalGame`); numbers,
nimbers and ``x + n.^ + *m`` are compared and added arithmetically, and
``<=`` and sums are memoised. :func:`value_of` evaluates positions of any
:class:`~grundy.core.game.PartisanGame` region by region.

>>> from grundy.cgt import CanonicalGame, value_of, temperature
>>> from grundy.cgt.games import Domineering
>>> d = Domineering.from_params("3x4")
>>> g = value_of(d, d.parse_args([])[0])
>>> g, g.outcome
(CanonicalGame('-3/2'), 'R')
>>> CanonicalGame("{3|1/2}") + CanonicalGame("*"), temperature("{3|1/2}")
(CanonicalGame('{3*|1/2*}'), Fraction(5, 4))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grundy._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use at run time (see __getattr__)
    from grundy.cgt._table import set_table_limit, table_limit
    from grundy.cgt.compound import (
        conjunctive,
        continued_conjunctive,
        norton_product,
        ordinal_sum,
        selective,
    )
    from grundy.cgt.misere import MisereGame
    from grundy.cgt.nimfield import nim_inverse, nim_product
    from grundy.cgt.notation import format_braces, format_game, parse_game
    from grundy.cgt.readable import pretty, short_name
    from grundy.cgt.reduced import atomic_weight, reduced_canonical_form
    from grundy.cgt.result import PartisanResult
    from grundy.cgt.solve import (
        MoveValue,
        checkpointing,
        memo_size,
        moves_with_values,
        value_of,
        winning_moves,
    )
    from grundy.cgt.special import DOWN, STAR, UP, ZERO, miny, nimber, number, switch, tiny, up
    from grundy.cgt.svg import thermograph_svg
    from grundy.cgt.thermo import (
        Thermograph,
        cool,
        heat,
        mean,
        overheat,
        temperature,
        thermograph,
    )
    from grundy.cgt.value import CanonicalGame, clear_cache, game_of

#: Where each public name lives: a name's module is imported the first time the name is
#: used (PEP 562), so that solving one position does not load thermographs, pictures or
#: reduced forms (``tests/test_import_time.py``).
_WHERE = {
    **dict.fromkeys(("format_braces", "format_game", "parse_game"), "grundy.cgt.notation"),
    **dict.fromkeys(("pretty", "short_name"), "grundy.cgt.readable"),
    **dict.fromkeys(("atomic_weight", "reduced_canonical_form"), "grundy.cgt.reduced"),
    "PartisanResult": "grundy.cgt.result",
    **dict.fromkeys(
        (
            "MoveValue",
            "checkpointing",
            "memo_size",
            "moves_with_values",
            "value_of",
            "winning_moves",
        ),
        "grundy.cgt.solve",
    ),
    **dict.fromkeys(
        ("DOWN", "STAR", "UP", "ZERO", "miny", "nimber", "number", "switch", "tiny", "up"),
        "grundy.cgt.special",
    ),
    "thermograph_svg": "grundy.cgt.svg",
    **dict.fromkeys(
        ("Thermograph", "cool", "heat", "mean", "overheat", "temperature", "thermograph"),
        "grundy.cgt.thermo",
    ),
    **dict.fromkeys(("CanonicalGame", "clear_cache", "game_of"), "grundy.cgt.value"),
    **dict.fromkeys(("set_table_limit", "table_limit"), "grundy.cgt._table"),
    **dict.fromkeys(
        ("conjunctive", "continued_conjunctive", "norton_product", "ordinal_sum", "selective"),
        "grundy.cgt.compound",
    ),
    "MisereGame": "grundy.cgt.misere",
    **dict.fromkeys(("nim_inverse", "nim_product"), "grundy.cgt.nimfield"),
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())


__all__ = [
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "CanonicalGame",
    "MisereGame",
    "MoveValue",
    "PartisanResult",
    "Thermograph",
    "atomic_weight",
    "checkpointing",
    "clear_cache",
    "conjunctive",
    "continued_conjunctive",
    "cool",
    "format_braces",
    "format_game",
    "game_of",
    "heat",
    "mean",
    "memo_size",
    "miny",
    "moves_with_values",
    "nim_inverse",
    "nim_product",
    "nimber",
    "norton_product",
    "number",
    "ordinal_sum",
    "overheat",
    "parse_game",
    "pretty",
    "reduced_canonical_form",
    "selective",
    "set_table_limit",
    "short_name",
    "switch",
    "table_limit",
    "table_size",
    "temperature",
    "thermograph",
    "thermograph_svg",
    "tiny",
    "up",
    "value_of",
    "winning_moves",
]


def table_size() -> int:
    """How many distinct canonical games are in the table now."""
    from grundy.cgt import _table  # noqa: PLC0415 (lazy: see _WHERE)

    return _table.size()
