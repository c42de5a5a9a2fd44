"""The answers behind the JSON API, as plain functions (no web framework needed).

Each function takes the raw query text, checks it at the door
(:mod:`grundy.web.limits`), computes inside the request's time budget
(:func:`grundy.bounded`) and returns a JSON-ready dict. They run in a worker
thread, off the event loop. :func:`error_for` turns an error into an HTTP
status and one line.

>>> limits = Limits()
>>> solve_json("nim 3 4 5", "0", limits)["winning_moves"]
['nim 1 4 5']
>>> [(m["position"], m["outcome"]) for m in moves_json("nim 1 2", "0", limits)["moves"]]
[('nim 0 2', 'lose'), ('nim 1 0', 'lose'), ('nim 1 1', 'win')]
>>> table_json("kayles", "5", limits)["values"]
[0, 1, 2, 3, 1, 4]
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import grundy
from grundy.play import hint, needs_side
from grundy.web.board import board_of, play_target
from grundy.web.limits import (
    BudgetError,
    CpuTimeLimitError,
    Limits,
    WebError,
    check_playable,
    check_spec,
    parse_flag,
    parse_n,
)

__all__ = [
    "error_for",
    "formula_json",
    "games_json",
    "hint_json",
    "mex_json",
    "mover_result",
    "moves_json",
    "quotient_json",
    "solve_json",
    "table_csv",
    "table_json",
    "thermograph_json",
    "warm_up",
]

#: How the player who made a move fares, from how the player to move after it fares.
_FOR_THE_MOVER = {"win": "lose", "loss": "win", "draw": "draw"}


def _parse(spec: str | None, limits: Limits) -> grundy.Position | grundy.Sum:
    # A request names no file: the language's @FILE form is off here.
    return grundy.parse(check_spec(spec, limits), allow_files=False)


def solve_json(spec: str | None, misere: str | None, limits: Limits) -> dict[str, Any]:
    """``GET /api/solve``: exactly ``grundy solve --json`` (``Result.to_dict()``)."""
    position = _parse(spec, limits)
    result = grundy.solve(
        position,
        misere=parse_flag(misere),
        max_positions=limits.max_positions,
        time_limit=limits.wall_seconds(),
    )
    return result.to_dict()


def mover_result(result: grundy.Result) -> str | None:
    """``result.mover_result()``: ``"win"``, ``"loss"`` or ``"draw"`` for the player to
    move, or None (a partisan outcome class).

    >>> mover_result(grundy.solve("nim 1 1")), mover_result(grundy.solve("tictactoe xx.oo...."))
    ('loss', 'win')
    """
    return result.mover_result()


def hint_json(
    spec: str | None, misere: str | None, limits: Limits, side: str | None = None
) -> dict[str, Any]:
    """``GET /api/hint``: the best move for the player to move, as :func:`grundy.play.hint`
    gives it (``side`` L or R names who moves in a partisan position).

    >>> hint_json("nim 1 2", "0", Limits())["position"]
    'nim 1 1'
    """
    position = _parse(spec, limits)
    play_misere = parse_flag(misere)
    partisan = any(c.game.game_type.solver == "canonical" for c in position.components)
    if partisan and play_misere:
        raise WebError(400, "misère play is not supported for partisan games")
    result = grundy.solve(
        position,
        misere=play_misere,
        max_moves=1,
        max_positions=limits.max_positions,
        time_limit=limits.wall_seconds(),
    )
    sided = needs_side(position)  # Cram and the like: no side, as in Nim
    return hint(position, side=_side(side) if sided else None, result=result).to_dict()


def moves_json(
    spec: str | None, misere: str | None, limits: Limits, side: str | None = None
) -> dict[str, Any]:
    """``GET /api/moves``: every legal move, its resulting spec, words, and how it ends for
    the player who makes it (``win``, ``lose``, ``draw``), with the board to draw.

    When no move is left, ``over`` says how the game ended for the player to move. In a
    partisan position ``side`` (``L`` or ``R``, default ``L``) names who moves; a game
    whose players have the same moves (Cram, Arc Kayles) is played with no side, as Nim.

    >>> answer = moves_json("domineering:1x3", "0", Limits(), "R")
    >>> [(m["position"], m["outcome"]) for m in answer["moves"]]
    [('domineering:1x3 ##.', 'win'), ('domineering:1x3 .##', 'win')]
    """
    text = check_spec(spec, limits)
    check_playable(text, limits)
    position = _parse(text, limits)
    play_misere = parse_flag(misere)
    board = board_of(position)
    if any(c.game.game_type.solver == "canonical" for c in position.components):
        if play_misere:
            raise WebError(400, "misère play is not supported for partisan games")
        if needs_side(position):  # else (Cram, Arc Kayles) no side, as in Nim
            return _partisan_moves(position, _side(side), board, limits)
    start = time.process_time()
    with grundy.bounded(time_limit=limits.wall_seconds()):
        options = grundy.legal_plays(position)
        moves = []
        for play in _within_budget(options, start, limits):
            after, words = play.after, play.words
            r = grundy.solve(
                after, misere=play_misere, max_moves=0, max_positions=limits.max_positions
            )
            them = mover_result(r)
            moves.append(
                {
                    "position": str(after),
                    "words": words,
                    "outcome": _FOR_THE_MOVER.get(them or "", "unknown"),
                    "remoteness": r.remoteness,
                    "target": play_target(board, play, position),
                }
            )
        over = None
        if not options:
            end = grundy.solve(position, misere=play_misere, max_moves=0)
            over = {"result": mover_result(end), "explanation": list(end.explanation)}
    return {
        "position": str(position),
        "play": "misere" if play_misere else "normal",
        "board": board,
        "moves": moves,
        "over": over,
        "table": table_game(position),
    }


def table_game(position: grundy.Position | grundy.Sum) -> str | None:
    """The heap game whose table the page offers for ``position`` (every component one
    heap ruleset with a heap 0), or None.

    >>> table_game(grundy.parse("kayles 3 + kayles 4")), table_game(grundy.parse("wythoff 1 2"))
    ('kayles', None)
    """
    from grundy.heap import require_heap_game  # noqa: PLC0415 (lazy: numpy)

    games = {c.game for c in position.components}
    if len(games) != 1:
        return None
    (game,) = games
    try:
        return require_heap_game(game).spec_name()
    except grundy.GrundyError:
        return None


def thermograph_json(spec: str | None, limits: Limits) -> dict[str, Any]:
    """``GET /api/thermograph``: the thermograph of a partisan position, drawn with its
    axes (:func:`grundy.cgt.thermograph_svg`), with its mean and temperature, and the value
    in readable notation (:func:`grundy.cgt.pretty`) with a short name for it
    (:func:`grundy.cgt.short_name`), and the "Why" lines with their values in that notation
    (``why``: the text ``grundy solve`` writes; ``/api/solve`` keeps them in ASCII).

    >>> t = thermograph_json("domineering:2x3", Limits())
    >>> t["canonical"], t["mean"], t["temperature"], t["svg"].startswith("<svg")
    ('{2|-1/2}', '3/4', '5/4', True)
    >>> t["pretty"], t["short"]
    ('{2 | -1/2}', 'a hot game: mean 3/4, temperature 5/4')
    >>> t["why"][0]
    'The canonical value is {2 | -1/2}: dominated options removed and reversible ones bypassed.'
    """
    from grundy.cgt import pretty, short_name, thermograph, thermograph_svg  # noqa: PLC0415

    position = _parse(spec, limits)
    result = grundy.solve(
        position, max_moves=0, max_positions=limits.max_positions, time_limit=limits.wall_seconds()
    )
    if result.canonical is None:
        raise WebError(400, "a thermograph is drawn for a partisan position (its value is a game)")
    with grundy.bounded(time_limit=limits.wall_seconds()):
        tg = thermograph(result.canonical)
        # Sized for a projector: shown about 600 px wide, its labels stay 16 px or more.
        svg = thermograph_svg(result.canonical, width=640, height=420, font_size=20)
        text = pretty(result.canonical)
        short = short_name(result.canonical)
        why = list(result.explanation_text(value_text=pretty))
    return {
        "canonical": str(result.canonical),
        "pretty": text,
        "short": short,
        "mean": str(tg.mast),
        "temperature": str(tg.temperature),
        "svg": svg,
        "why": why,
    }


def mex_json(spec: str | None, limits: Limits) -> dict[str, Any]:
    """``GET /api/mex``: the mex that decides the Grundy value of one impartial position:
    each option with its value, and the least value no option has.

    >>> m = mex_json("kayles 4", Limits())
    >>> [(o["position"], o["grundy"]) for o in m["options"]], m["mex"]
    ([('kayles 3', 3), ('kayles 1 2', 3), ('kayles 2', 2), ('kayles 1 1', 0)], 1)
    """
    text = check_spec(spec, limits)
    check_playable(text, limits)
    position = _parse(text, limits)
    if len(position.components) != 1 or any(
        c.game.game_type.solver == "canonical" for c in position.components
    ):
        raise WebError(400, "the mex is shown for one impartial position (not a sum)")
    start = time.process_time()
    options = []
    with grundy.bounded(time_limit=limits.wall_seconds()):
        for after, words in _within_budget(grundy.legal_moves(position), start, limits):
            r = grundy.solve(after, max_moves=0, max_positions=limits.max_positions)
            if r.grundy is None:
                raise WebError(400, "the mex is shown for a position whose options have values")
            options.append({"position": str(after), "words": words, "grundy": r.grundy})
    seen = {o["grundy"] for o in options}
    value = next(v for v in range(len(seen) + 1) if v not in seen)
    return {"position": str(position), "options": options, "mex": value}


def formula_json(spec: str | None, limits: Limits) -> dict[str, Any]:
    """``GET /api/formula``: the theorem that gives a heap game's Grundy values, when it
    has one (its name and source), else None: the table panel then says the period was
    proved by that theorem rather than only observed.

    >>> formula_json("nim", Limits())["formula"]
    'Nim heap: G(n) = n (Bouton 1901)'
    >>> formula_json("kayles", Limits())["formula"] is None
    True
    """
    from grundy.heap import require_heap_game  # noqa: PLC0415 (lazy: numpy)

    rules = require_heap_game(grundy.parse_ruleset(check_spec(spec, limits).strip()))
    formula = None
    if rules.grundy_formula(1) is not None:
        name = rules.formula_name()
        # A value read from a table computed here is no theorem.
        if "table" not in name.lower():
            formula = name
    return {"game": rules.spec_name(), "formula": formula}


def quotient_json(spec: str | None, limits: Limits, n: str | None = None) -> dict[str, Any]:
    """``GET /api/quotient``: the misère quotient of the heap game of a position (every
    component one heap game), with the element of the position and whether it lies in
    the P-portion; ``n`` (default and least: the largest heap) is the last heap.

    >>> q = quotient_json("kayles 3 4", Limits())
    >>> q["order"], q["position"]["elements"], q["position"]["element"], q["position"]["in_p"]
    (6, ['ab', 'a'], 'b', False)
    >>> quotient_json("kayles 1 2", Limits(), "30")["order"]
    40
    """
    from grundy.heap import require_heap_game  # noqa: PLC0415 (lazy: numpy)
    from grundy.quotient import misere_quotient  # noqa: PLC0415 (lazy)

    text = check_spec(spec, limits)
    position = _parse(text, limits)
    name = table_game(position)
    if name is None:
        raise WebError(400, "a misère quotient is shown for heaps of one heap game")
    rules = require_heap_game(grundy.parse_ruleset(name))
    heaps = [int(h) for c in position.components for h in _heaps(c.state)]
    # By default the heaps in play (as the solver's own misère answer uses): the panel and
    # the answer's "Why" then name the same quotient.
    last = max([1, *heaps]) if n is None else max([parse_n(n, limits), *heaps])
    if last > QUOTIENT_HEAPS:
        raise WebError(
            422,
            f"a heap of {last:,} is past the {QUOTIENT_HEAPS:,} heaps this server computes a "
            "misère quotient to (run grundy quotient on your own machine)",
        )
    with grundy.bounded(time_limit=limits.wall_seconds()):
        q = misere_quotient(rules, last)
    product = q.product(heaps)
    data = q.to_dict()
    del data["table"]  # the page shows no multiplication table (order**2 numbers)
    data["position"] = {
        "heaps": heaps,
        "elements": [q.name(q.element(h)) for h in heaps],
        "element": q.name(product),
        "in_p": q.is_p(product),
        "outcome": q.outcome(heaps),
    }
    return data


#: The largest heap the page computes a misère quotient to.
QUOTIENT_HEAPS = 200


def _heaps(state: Any) -> tuple[int, ...]:
    return tuple(state) if isinstance(state, tuple) else (state,)


def _within_budget(options: list[Any], start: float, limits: Limits) -> Iterator[Any]:
    """The moves to rate, one by one: refused when there are more than the page plays,
    stopped (:class:`grundy.TimeLimitError`) when the request's CPU time budget runs out
    (``start``: :func:`time.process_time` when the request began)."""
    if len(options) > limits.play_moves:
        raise WebError(
            422,
            f"this position has {len(options):,} moves; positions with at most "
            f"{limits.play_moves:,} moves can be played here (any can be solved)",
        )
    for option in options:
        if time.process_time() - start > limits.time_limit:
            raise CpuTimeLimitError(limits.time_limit)
        yield option


def _side(text: str | None) -> str:
    """``L`` or ``R`` from the ``side`` query parameter (default ``L``)."""
    side = (text or "L").strip().upper()[:5]
    if side in ("L", "LEFT"):
        return "L"
    if side in ("R", "RIGHT"):
        return "R"
    raise WebError(400, f"side must be L or R, got {side!r}")


def _partisan_moves(
    position: grundy.Position | grundy.Sum, side: str, board: Any, limits: Limits
) -> dict[str, Any]:
    """Every move of ``side``, rated for ``side``: after Left's move the value must be
    ``>= 0`` (outcome L or P) for Left to win, after Right's ``<= 0`` (R or P)."""
    good = ("L", "P") if side == "L" else ("R", "P")
    who = "Left" if side == "L" else "Right"
    if board is not None:
        board = {**board, "mover": side}  # the page says whose move the board shows
    start = time.process_time()
    with grundy.bounded(time_limit=limits.wall_seconds()):
        options = grundy.legal_plays(position, side=side)
        moves = []
        for play in _within_budget(options, start, limits):
            after, words = play.after, play.words
            r = grundy.solve(after, max_moves=0, max_positions=limits.max_positions)
            moves.append(
                {
                    "position": str(after),
                    "words": words,
                    "outcome": "win" if r.outcome in good else "lose",
                    "remoteness": None,
                    "target": play_target(board, play, position),
                }
            )
    over = None
    if not options:
        over = {
            "result": "loss",
            "explanation": [f"{who} has no move, so {who} loses (the last mover wins)."],
        }
    return {
        "position": str(position),
        "play": "normal",
        "board": board,
        "moves": moves,
        "over": over,
        "side": side,
        "table": None,
    }


def _table(spec: str | None, n_text: str | None, limits: Limits) -> tuple[Any, Any, Any]:
    """``(ruleset, values, periodicity)`` for heaps ``0..n``, within the time budget."""
    n = parse_n(n_text, limits)
    rules = grundy.parse_ruleset(check_spec(spec, limits).strip())
    with grundy.bounded(time_limit=limits.wall_seconds()):
        values = _grow_table(rules, n, limits.time_limit)
        per = grundy.heap_periodicity(rules, values=values)
    return rules, values, per


def _grow_table(rules: Any, n: int, budget: float) -> Any:
    """The table to heap ``n`` by :func:`grundy.heap.grow_table`: a table that would run far
    past the budget is refused early, with the size that does fit."""
    from grundy.heap import grow_table, require_heap_game  # noqa: PLC0415 (lazy: numpy)

    values, refused = grow_table(require_heap_game(rules), n, budget)
    if refused is not None:
        size, elapsed = refused
        raise BudgetError(
            422,
            f"a table of {rules.spec_name()} to heap {n:,} would take longer than this "
            f"server's {budget:g} s; heaps 0..{size:,} took {elapsed:.1f} s "
            "(run grundy table on your own machine for more)",
        )
    return values


def table_json(spec: str | None, n: str | None, limits: Limits) -> dict[str, Any]:
    """``GET /api/table``: exactly ``grundy table --json``: ``{game, values, periodicity}``."""
    rules, values, per = _table(spec, n, limits)
    return {
        "game": rules.spec_name(),
        "values": [int(v) for v in values],
        "periodicity": per.to_dict(),
    }


def table_csv(spec: str | None, n: str | None, limits: Limits) -> tuple[str, str]:
    """``GET /api/table.csv``: ``(file name, CSV text)``, as ``grundy table --csv`` prints.

    >>> name, text = table_csv("subtraction:1,2", "3", Limits())
    >>> name, text.splitlines()
    ('subtraction_1_2.csv', ['heap,grundy', '0,0', '1,1', '2,2', '3,0'])
    """
    rules, values, _ = _table(spec, n, limits)
    lines = ["heap,grundy\n", *(f"{i},{int(v)}\n" for i, v in enumerate(values))]
    safe = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in rules.spec_name())
    return f"{safe}.csv", "".join(lines)


def games_json() -> dict[str, Any]:
    """``GET /api/games``: exactly ``grundy games --json``."""
    rows = [e.to_dict() for e in grundy.REGISTRY]
    return {"games": rows}


def error_for(exc: BaseException, limits: Limits) -> tuple[int, str] | None:
    """The HTTP status and one line for an error a request may meet, or None for a bug.

    >>> error_for(grundy.InvalidSpecError("bad heap"), Limits())
    (400, 'bad heap')
    >>> error_for(grundy.TimeLimitError(5.0, 10), Limits())[0]
    503
    >>> error_for(KeyError("x"), Limits()) is None
    True
    """
    if isinstance(exc, WebError):
        return exc.status, exc.message
    if isinstance(exc, CpuTimeLimitError) or (
        isinstance(exc, grundy.TimeLimitError) and exc.seconds == limits.time_limit
    ):
        return 503, (
            f"stopped at this server's time limit of {limits.time_limit:g} s of CPU time; "
            "ask about a smaller position, or run grundy on your own machine with no limit"
        )
    if isinstance(exc, grundy.TimeLimitError):
        return 503, (
            f"stopped at this server's time limit of {exc.seconds:g} s of wall-clock time "
            "(the server is busy); try again, ask about a smaller position, or run grundy "
            "on your own machine with no limit"
        )
    if isinstance(exc, grundy.SearchLimitError):
        return 422, (
            f"the search passed this server's limit of {limits.max_positions:,} positions; "
            "ask about a smaller position, or run grundy on your own machine"
        )
    if isinstance(exc, grundy.LoopyGameError):
        return 422, _one_line(exc)
    if isinstance(exc, grundy.GrundyError):
        return 400, _one_line(exc)
    if isinstance(exc, MemoryError):
        return 503, "out of memory; ask about a smaller position or table"
    if isinstance(exc, RecursionError):
        return 422, "the position is nested too deeply to answer here"
    return None


def _one_line(exc: BaseException, longest: int = 500) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= longest else text[: longest - 3] + "..."


def warm_up() -> None:
    """Answer a few small questions so that the first visitor does not wait for the
    compiled kernels to load (tables, Hackenbush, the period finder)."""
    with grundy.bounded(time_limit=60):
        grundy.heap_table(grundy.parse_ruleset("kayles"), 300)
        grundy.solve('hackenbush "0-1 1-2 1-3 2-3 0-4"')
        grundy.solve("tictactoe .........")
