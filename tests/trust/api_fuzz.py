"""Fuzzing the public API: every name in ``grundy.__all__``, called with wrong types and
extreme values (issue 25 item 4).

A call may return, or raise one of grundy's errors (:class:`grundy.GrundyError`);
anything else is a *foreign* exception. Each call runs in a worker thread under
``grundy.bounded(time_limit=CALL_LIMIT)`` and must end within :data:`HANG_SECONDS`.

Run as a script to count outcomes over many calls (hangs are survived by running
the calls in child processes)::

    PYTHONPATH=src python -m tests.trust.api_fuzz 5000
"""

from __future__ import annotations

import inspect
import math
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

import grundy

__all__ = [
    "CALL_LIMIT",
    "HANG_SECONDS",
    "TARGETS",
    "Outcome",
    "calls",
    "outcome",
]

#: Every call runs under ``bounded(time_limit=CALL_LIMIT)`` ...
CALL_LIMIT = 2.0
#: ... and counts as a hang if it has not ended after this many seconds.
HANG_SECONDS = 20.0

#: Specs that name real positions, some of them extreme (the report's cases among them).
SPECS = [
    "nim 3",
    "nim 3 4 5",
    "kayles 7",
    "nim 2147483648 13",
    "nim " + "9" * 5000,
    "cutcake 1000000x1000000",
    "cutcake 3x4",
    "domineering:3x3",
    "domineering:12x12",
    "domineering:50x50",
    "tictactoe xx.oo....",
    "chomp:2x999999",
    "wythoff 3 5",
    "wythoff",
    "kayles",
    "nim",
    "octal:0.07",
    "subtraction:1,3,4 10",
    "hackenbush 0-1 1-2",
    "hackenbush @/etc/passwd",
    "cgt 1/0",
    "moore:10000000000 14 99999",
    "toads-frogs tt..ff",
    "clobber xo",
    "",
    " ",
    "+",
    "nim 3 +",
    "\x00",
    "\udcff",
    "é",
    "{" * 300,
]


def _objects() -> list[Any]:
    """Values of grundy's own types: positions, rulesets, results."""
    out: list[Any] = []
    for text in (
        "nim 3 4",
        "kayles 5",
        "tictactoe .........",
        "domineering:2x2",
        "nim 1 + kayles 2",
    ):
        out.append(grundy.parse(text))
    for name in ("nim", "kayles", "wythoff", "domineering:2x2", "tictactoe"):
        out.append(grundy.parse_ruleset(name))
    out.append(grundy.solve("nim 1 2"))
    out.append(grundy.REGISTRY)
    # positions built by hand around states their rulesets do not have
    nim, wythoff = grundy.parse_ruleset("nim"), grundy.parse_ruleset("wythoff")
    domineering, ttt = grundy.parse_ruleset("domineering:2x2"), grundy.parse_ruleset("tictactoe")
    for game, state in [
        (nim, "abc"),
        (nim, -1),
        (nim, 2.5),
        (nim, None),
        (nim, 2147483648),
        (wythoff, 5),
        (wythoff, (1, -2)),
        (wythoff, ("a", "b")),
        (domineering, 7),
        (domineering, (1, 2, 3)),
        (ttt, "xx"),
        (ttt, -5),
        (ttt, 3**20),
    ]:
        out.append(grundy.Position(game, state))
    out.append(grundy.Sum((grundy.Position(nim, 3), grundy.Position(wythoff, 4))))
    return out


_OBJECTS = _objects()

EXTREMES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    10,
    2**31,
    2**63,
    2**64 + 1,
    10**12,
    10**400,
    -(10**400),
    0.0,
    -0.0,
    0.5,
    -0.5,
    1e308,
    math.inf,
    -math.inf,
    math.nan,
    1j,
    Fraction(1, 3),
    Decimal("1e400"),
    b"nim 3",
    bytearray(b"x"),
    [],
    [1, 2, 3],
    [-1],
    [10**400],
    ["nim 3"],
    (),
    (1,),
    {},
    {"a": 1},
    set(),
    frozenset({1}),
    range(5),
    object(),
    print,
    lambda *a: None,
    type,
    int,
    Ellipsis,
    *_OBJECTS,
]

#: Any value: the extremes above, any spec, and hypothesis' own integers, floats and text.
VALUES = st.one_of(
    st.sampled_from(EXTREMES),
    st.sampled_from(SPECS),
    st.integers(),
    st.floats(),
    st.text(max_size=16),
    st.lists(st.integers(min_value=-5, max_value=10**6), max_size=4),
)


def _methods(obj: Any, label: str) -> dict[str, Callable[..., Any]]:
    return {
        f"{label}.{m}": getattr(obj, m)
        for m in dir(obj)
        if not m.startswith("_") and callable(getattr(obj, m, None))
    }


#: Functions of the sub-packages (issue 35 item 5: ``nimber(-1)``, ``number("x")``,
#: ``misere_quotient(game, -1)`` raised ValueError or TypeError); none of them writes a file.
SUBPACKAGE_NAMES = {
    "grundy.cgt": [
        "CanonicalGame",
        "game_of",
        "nimber",
        "number",
        "up",
        "switch",
        "tiny",
        "miny",
        "parse_game",
        "mean",
        "temperature",
        "atomic_weight",
        "cool",
        "heat",
        "overheat",
        "reduced_canonical_form",
        "thermograph",
    ],
    "grundy.quotient": ["misere_quotient"],
}


def _operator(op: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """``op`` between a canonical game and the argument, on either side."""
    import operator  # noqa: PLC0415

    from grundy.cgt import CanonicalGame  # noqa: PLC0415 (the fuzz imports grundy.cgt late)

    game = CanonicalGame("{1|*}")

    def both_sides(other: Any) -> Any:
        op(game, other)
        if op is operator.mul and not isinstance(other, int):
            return None  # list * game: the list's own TypeError, not grundy's to give
        return op(other, game)

    return both_sides


def _targets() -> dict[str, Callable[..., Any]]:
    """Every callable name of ``grundy.__all__`` (classes: their constructors), the
    public methods of ``REGISTRY``, the sub-package functions of :data:`SUBPACKAGE_NAMES`
    and the operators between canonical games; constants have nothing to call."""
    import importlib  # noqa: PLC0415
    import operator  # noqa: PLC0415

    out: dict[str, Callable[..., Any]] = {}
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        if name == "REGISTRY":
            out.update(_methods(obj, name))
        elif callable(obj):
            out[name] = obj
    for package, names in SUBPACKAGE_NAMES.items():
        module = importlib.import_module(package)
        for name in names:
            out[f"{package.removeprefix('grundy.')}.{name}"] = getattr(module, name)
    for op in ("add", "sub", "mul", "or_", "le", "lt", "ge", "gt", "eq"):
        out[f"CanonicalGame {op}"] = _operator(getattr(operator, op))
    return out


TARGETS = _targets()


@dataclass(frozen=True)
class _Shape:
    """How a name is called: required positional parameters, optional ones (passed by
    keyword), keyword-only ones, and whether it takes ``*args``."""

    required: tuple[str, ...]
    optional: tuple[str, ...]
    star: bool


def _shape(fn: Callable[..., Any]) -> _Shape:
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return _Shape((), (), True)
    required = tuple(
        p.name
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    )
    optional = tuple(
        p.name
        for p in params
        if (p.kind == p.POSITIONAL_OR_KEYWORD and p.default is not p.empty)
        or p.kind == p.KEYWORD_ONLY
    )
    return _Shape(required, optional, any(p.kind == p.VAR_POSITIONAL for p in params))


_SHAPES = {name: _shape(fn) for name, fn in TARGETS.items()}


@dataclass(frozen=True)
class Call:
    """One call of a public name."""

    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def __repr__(self) -> str:
        shown = [_short(a) for a in self.args] + [
            f"{k}={_short(v)}" for k, v in self.kwargs.items()
        ]
        return f"{self.name}({', '.join(shown)})"


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is shown by its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _call_for(name: str) -> st.SearchStrategy[Call]:
    """Calls that match the signature (a call that does not bind is Python's error, raised
    before any grundy code runs): every required argument, some optional ones."""
    shape = _SHAPES[name]
    args = st.tuples(*(VALUES for _ in shape.required))
    if shape.star:
        args = st.tuples(args, st.lists(VALUES, max_size=3)).map(lambda a: (*a[0], *a[1]))
    kwargs = (
        st.dictionaries(st.sampled_from(shape.optional), VALUES, max_size=3)
        if shape.optional
        else st.just({})
    )
    return st.builds(Call, st.just(name), args, kwargs)


#: The functions that do the work are called more often than the constructors.
FUNCTIONS = [
    "solve",
    "grundy_value",
    "grundy_table",
    "heap_table",
    "heap_periodicity",
    "legal_moves",
    "parse",
    "parse_ruleset",
    "mex",
    "nim_sum",
    "bounded",
]


def calls(names: list[str] | None = None) -> st.SearchStrategy[Call]:
    """Calls of the given public names (all of :data:`TARGETS` by default, the functions
    that do the work half of the time)."""
    if names is not None:
        return st.sampled_from(sorted(names)).flatmap(_call_for)
    return st.one_of(
        st.sampled_from(FUNCTIONS).flatmap(_call_for),
        st.sampled_from(sorted(TARGETS)).flatmap(_call_for),
    )


@dataclass(frozen=True)
class Outcome:
    """How a call ended: ``"ok"``, ``"grundy"`` (a GrundyError), ``"foreign"`` or ``"hang"``."""

    kind: str
    error: str = ""


def _run(call: Call) -> Outcome:
    fn = TARGETS[call.name]
    try:
        with grundy.bounded(time_limit=CALL_LIMIT):
            result = fn(*call.args, **call.kwargs)
            if hasattr(result, "__enter__") and hasattr(result, "__exit__"):
                with result:  # bounded(...) is a context manager: enter it
                    pass
    except grundy.GrundyError:
        return Outcome("grundy")
    except BaseException as e:
        return Outcome("foreign", f"{type(e).__name__}: {_short(str(e))}")
    return Outcome("ok")


def outcome(call: Call, hang_seconds: float = HANG_SECONDS) -> Outcome:
    """Run ``call`` in a worker thread; a call still running after ``hang_seconds`` is a hang
    (the thread is left behind: a daemon)."""
    box: list[Outcome] = []
    worker = threading.Thread(target=lambda: box.append(_run(call)), daemon=True)
    worker.start()
    worker.join(hang_seconds)
    return box[0] if box else Outcome("hang")


# ----- counting over many calls (a script) ------------------------------------------------


def _child(total: int, seed: int) -> None:  # pragma: no cover - run by hand
    """Make up to ``total`` calls; print one JSON line of counts (early, on a hang)."""
    import collections  # noqa: PLC0415
    import json  # noqa: PLC0415
    import os  # noqa: PLC0415

    from hypothesis import HealthCheck, given, settings  # noqa: PLC0415
    from hypothesis import seed as hseed  # noqa: PLC0415

    counts: collections.Counter[str] = collections.Counter()
    samples: dict[str, str] = {}

    def report() -> None:
        print(json.dumps({"counts": counts, "samples": samples}), flush=True)

    @hseed(seed)
    @settings(
        max_examples=total, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(calls())
    def run_all(call: Call) -> None:
        got = outcome(call)
        key = got.kind if got.kind != "foreign" else "foreign " + got.error.split(":")[0]
        counts[key] += 1
        if got.kind in ("foreign", "hang"):
            samples.setdefault(f"{key} {call.name}", f"{call!r} -> {got.error}")
        if got.kind == "hang":
            report()
            os._exit(3)  # the hung thread cannot be stopped: the driver starts a new child

    run_all()
    report()


def _drive(total: int, seed: int) -> None:  # pragma: no cover - run by hand
    """Make ``total`` calls in children of 500, surviving hangs; print the totals."""
    import collections  # noqa: PLC0415
    import json  # noqa: PLC0415
    import subprocess  # noqa: PLC0415

    counts: collections.Counter[str] = collections.Counter()
    samples: dict[str, str] = {}
    done = 0
    child = 0
    while done < total:
        size = min(500, total - done)
        run = subprocess.run(
            [sys.executable, "-m", "tests.trust.api_fuzz", "--child", str(size), str(seed + child)],
            capture_output=True,
            text=True,
            check=False,
        )
        child += 1
        lines = [ln for ln in run.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            print(run.stderr[-2000:], file=sys.stderr)
            break
        got = json.loads(lines[-1])
        counts.update(got["counts"])
        for k, v in got["samples"].items():
            samples.setdefault(k, v)
        done += sum(got["counts"].values())
    print(f"calls: {done}")
    print(dict(sorted(counts.items())))
    for k, v in sorted(samples.items()):
        print(f"  {k}: {v}")


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1] == "--child":
        _child(int(sys.argv[2]), int(sys.argv[3]))
    else:
        _drive(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0)
