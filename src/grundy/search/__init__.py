"""Two-player search: retrograde analysis, negamax alpha-beta, loopy values, saved tables.

* :mod:`~grundy.search.protocol`: the two-player protocol and packed scores;
* :func:`retrograde`: every reachable position, with draws and cycles;
* :func:`negamax`: one position of a large game, exactly;
* :func:`loopy_values`: generalised Sprague–Grundy values of loopy impartial games;
* :func:`save_table` / :func:`load_table`: SQLite files of solved tables;
* :class:`TwoPlayerRuleset`: the base of the built-in search games;
* :class:`SearchResult`: the answer of :func:`solve_two_player` (``value``, ``remoteness``);
* :class:`PartisanSearch`: the two-player search view of any partisan ruleset (a state is
  a position and the side to move), :func:`outcome_of_partisan` its outcome class.

>>> from grundy.catalog.boards.connect4 import ConnectFour
>>> table = retrograde(ConnectFour(4, 4), 0, max_positions=1_000_000)
>>> len(table), table.value(0)
(161029, 'draw')
"""

from typing import Any

from grundy.core.loopy import LoopyValue, loopy_values, solve_loopy
from grundy.search.negamax import NegamaxAnswer, NegamaxTable, negamax
from grundy.search.partisan import PartisanSearch, SumRules, outcome_class, outcome_of_partisan
from grundy.search.protocol import (
    DRAW,
    LOSS,
    WIN,
    MisereImpartial,
    TwoPlayerGame,
    backup,
    pack,
    unpack,
)
from grundy.search.result import SearchResult
from grundy.search.retrograde import SolvedTable, outcome_of, retrograde
from grundy.search.ruleset import (
    TwoPlayerRuleset,
    clear_tables,
    kept_table,
    position_score,
    remember_table,
    solve_two_player,
)

__all__ = [
    "DRAW",
    "LOSS",
    "WIN",
    "LoopyValue",
    "MisereImpartial",
    "NegamaxAnswer",
    "NegamaxTable",
    "PartisanSearch",
    "SearchResult",
    "SolvedTable",
    "SumRules",
    "TwoPlayerGame",
    "TwoPlayerRuleset",
    "backup",
    "check_save_path",
    "clear_tables",
    "kept_table",
    "load_table",
    "loopy_values",
    "negamax",
    "outcome_class",
    "outcome_of",
    "outcome_of_partisan",
    "pack",
    "position_score",
    "remember_table",
    "retrograde",
    "save_table",
    "solve_loopy",
    "solve_two_player",
    "unpack",
]


def __getattr__(name: str) -> Any:
    # Saved tables need sqlite3 and pathlib: loaded on first use (cheap start).
    if name in ("check_save_path", "load_table", "save_table"):
        from grundy.search import store  # noqa: PLC0415 (lazy: sqlite3)

        return getattr(store, name)
    raise AttributeError(f"module 'grundy.search' has no attribute {name!r}")
