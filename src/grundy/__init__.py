"""grundy: solve combinatorial games exactly, and say why.

>>> import grundy
>>> r = grundy.solve("nim 3 4 5")
>>> r.outcome, r.grundy, [str(m) for m in r.winning_moves]
('N', 2, ['nim 1 4 5'])

Write your own game by subclassing :class:`ImpartialGame`:

>>> class Turn(grundy.ImpartialGame[int]):
...     def moves(self, n):
...         return [n // 2] if n > 1 else []
>>> grundy.solve(Turn(), 8).outcome
'N'
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from grundy._api import (
    DEFAULT_MAX_MOVES,
    clear_cache,
    grundy_table,
    grundy_value,
    legal_moves,
    solve,
)
from grundy._version import __version__
from grundy.core.board import Board, board_json, board_svg, board_text
from grundy.core.game import (
    Answer,
    HeapGame,
    ImpartialGame,
    MisereAnswer,
    Move,
    NamedRuleset,
    PartisanGame,
    Ruleset,
    TheoremAnswer,
)
from grundy.core.limits import bounded
from grundy.core.mex import mex, nim_sum
from grundy.core.position import Position, Sum
from grundy.core.result import Result
from grundy.core.search import DEFAULT_MAX_POSITIONS
from grundy.errors import (
    GrundyError,
    InvalidGameError,
    InvalidSpecError,
    LoopyGameError,
    SearchLimitError,
    SolvedFileError,
    TimeLimitError,
    UnknownGameError,
    UnsupportedError,
)
from grundy.kernels._core import core_status
from grundy.lang.entry import GameEntry
from grundy.lang.registry import REGISTRY, Registry
from grundy.lang.spec import parse, parse_ruleset

if _TYPE_CHECKING:  # loaded on first use at run time (see __getattr__)
    from grundy.heap import HeapFunctionGame, OctalCode, TakeAndBreak
    from grundy.heap.tools import heap_periodicity, heap_table


def __getattr__(name: str) -> _Any:
    # Table functions need numpy: imported on first use so that ``import grundy`` stays light.
    if name in ("heap_table", "heap_periodicity"):
        from grundy.heap import tools  # noqa: PLC0415 (lazy: numpy)

        return getattr(tools, name)
    if name in ("HeapFunctionGame", "OctalCode", "TakeAndBreak"):
        # The heap family loads when it is first used, so ``import grundy`` stays light.
        from grundy import heap  # noqa: PLC0415 (lazy: a game family)

        return getattr(heap, name)
    raise AttributeError(f"module 'grundy' has no attribute {name!r}")


__all__ = [
    "DEFAULT_MAX_MOVES",
    "DEFAULT_MAX_POSITIONS",
    "REGISTRY",
    "Answer",
    "Board",
    "GameEntry",
    "GrundyError",
    "HeapFunctionGame",
    "HeapGame",
    "ImpartialGame",
    "InvalidGameError",
    "InvalidSpecError",
    "LoopyGameError",
    "MisereAnswer",
    "Move",
    "NamedRuleset",
    "OctalCode",
    "PartisanGame",
    "Position",
    "Registry",
    "Result",
    "Ruleset",
    "SearchLimitError",
    "SolvedFileError",
    "Sum",
    "TakeAndBreak",
    "TheoremAnswer",
    "TimeLimitError",
    "UnknownGameError",
    "UnsupportedError",
    "__version__",
    "board_json",
    "board_svg",
    "board_text",
    "bounded",
    "clear_cache",
    "core_status",
    "grundy_table",
    "grundy_value",
    "heap_periodicity",
    "heap_table",
    "legal_moves",
    "mex",
    "nim_sum",
    "parse",
    "parse_ruleset",
    "solve",
]
