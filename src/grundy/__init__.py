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

from grundy._version import __version__

#: ``typing`` is not imported at run time: it costs as much as an empty interpreter's
#: start, and ``import grundy`` (``grundy --version``) costs little more than that.
_TYPE_CHECKING = False

if _TYPE_CHECKING:  # loaded on first use at run time (see __getattr__)
    from typing import Any as _Any

    from grundy._api import (
        DEFAULT_MAX_MOVES,
        clear_cache,
        grundy_table,
        grundy_value,
        heap_periodicity,
        heap_table,
        legal_moves,
        legal_plays,
        solve,
    )
    from grundy.cgt.result import PartisanResult
    from grundy.core.board import Board, board_json, board_svg, board_text
    from grundy.core.game import (
        Answer,
        GameType,
        HeapGame,
        ImpartialGame,
        MisereAnswer,
        Move,
        NamedRuleset,
        PartisanGame,
        Play,
        Ruleset,
    )
    from grundy.core.limits import bounded
    from grundy.core.mex import mex, nim_sum
    from grundy.core.position import Position, Sum
    from grundy.core.result import ImpartialResult, Outcome, Result
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
    from grundy.heap import HeapFunctionGame, OctalCode, TakeAndBreak
    from grundy.kernels._core import core_status
    from grundy.lang.entry import GameEntry
    from grundy.lang.registry import REGISTRY, Registry
    from grundy.lang.spec import parse, parse_ruleset
    from grundy.search.result import SearchResult

#: Where each public name lives, but for the two homes found by rule (:func:`_home`): the
#: exceptions (``...Error``) in :mod:`grundy.errors`, the one error hierarchy, and the
#: other names of ``__all__`` in :mod:`grundy._api`, the library's front. ``import grundy``
#: loads none of these modules: a name's module is imported the first time the name is
#: used (PEP 562), so the command line and a script that needs one game do not pay for the
#: rest (``import grundy`` costs about as much as an empty interpreter's start;
#: ``tests/test_import_time.py``).
_WHERE = {
    **dict.fromkeys(("Board", "board_json", "board_svg", "board_text"), "grundy.core.board"),
    **dict.fromkeys(
        (
            "Answer",
            "GameType",
            "HeapGame",
            "ImpartialGame",
            "MisereAnswer",
            "Move",
            "NamedRuleset",
            "PartisanGame",
            "Play",
            "Ruleset",
        ),
        "grundy.core.game",
    ),
    "bounded": "grundy.core.limits",
    "mex": "grundy.core.mex",
    "nim_sum": "grundy.core.mex",
    "Position": "grundy.core.position",
    "Sum": "grundy.core.position",
    **dict.fromkeys(("ImpartialResult", "Outcome", "Result"), "grundy.core.result"),
    "PartisanResult": "grundy.cgt.result",
    "SearchResult": "grundy.search.result",
    "DEFAULT_MAX_POSITIONS": "grundy.core.search",
    **dict.fromkeys(("HeapFunctionGame", "OctalCode", "TakeAndBreak"), "grundy.heap"),
    "core_status": "grundy.kernels._core",
    "GameEntry": "grundy.lang.entry",
    "REGISTRY": "grundy.lang.registry",
    "Registry": "grundy.lang.registry",
    "parse": "grundy.lang.spec",
    "parse_ruleset": "grundy.lang.spec",
}


#: Deprecated names, kept for one release (see CHANGELOG.md): not in ``__all__``, and
#: looked up at each use (never cached here, so the curated namespace stays as it is).
_DEPRECATED = {"TheoremAnswer": "grundy.core.game"}


def _home(name: str) -> str | None:
    """The module of the public ``name`` (None for a name that is not public)."""
    where = _WHERE.get(name)
    if where is None and name in __all__:
        where = "grundy.errors" if name.endswith("Error") else "grundy._api"
    return where


def __getattr__(name: str) -> "_Any":
    where = _home(name)
    if where is None and name in _DEPRECATED:
        from importlib import import_module  # noqa: PLC0415 (lazy: see _WHERE)

        return getattr(import_module(_DEPRECATED[name]), name)
    if where is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    from importlib import import_module  # noqa: PLC0415 (lazy: see _WHERE)

    value = getattr(import_module(where), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "DEFAULT_MAX_MOVES",
    "DEFAULT_MAX_POSITIONS",
    "REGISTRY",
    "Answer",
    "Board",
    "GameEntry",
    "GameType",
    "GrundyError",
    "HeapFunctionGame",
    "HeapGame",
    "ImpartialGame",
    "ImpartialResult",
    "InvalidGameError",
    "InvalidSpecError",
    "LoopyGameError",
    "MisereAnswer",
    "Move",
    "NamedRuleset",
    "OctalCode",
    "Outcome",
    "PartisanGame",
    "PartisanResult",
    "Play",
    "Position",
    "Registry",
    "Result",
    "Ruleset",
    "SearchLimitError",
    "SearchResult",
    "SolvedFileError",
    "Sum",
    "TakeAndBreak",
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
    "legal_plays",
    "mex",
    "nim_sum",
    "parse",
    "parse_ruleset",
    "solve",
]
