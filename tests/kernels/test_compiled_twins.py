"""Every function of the compiled core against its pure-Python twin, on random inputs, and the
compiled core's input checks (bad input is an exception, never a crash).

Bounds: tables of up to 300 heaps (random rules of up to 4 amounts per kind, values below 64),
sequences of up to 200 values for the period kernels, graphs of up to 40 vertices and 80 edges.
Skipped where the compiled core is not active (``GRUNDY_PURE_PYTHON=1``, or no compiler at
install time); ``tests/kernels`` also runs the twins alone in CI.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.kernels._core import core_module, core_status
from grundy.kernels.hackenbush import decompose_kernel, reach_kernel
from grundy.kernels.heap import plain_kernel, rare_kernel
from grundy.kernels.period import period_candidates, period_kernel

pytestmark = pytest.mark.skipif(core_module() is None, reason="the compiled core is not active")

DTYPES = [np.uint16, np.uint32, np.int64]


@st.composite
def heap_rules(draw: st.DrawFn, triples: bool = True) -> dict[str, Any]:
    """Random rules in the kernels' form (not necessarily a valid octal code)."""
    amounts = st.lists(st.integers(0, 12), max_size=4, unique=True).map(sorted)
    single = [k for k in draw(amounts) if k >= 1]
    return {
        "whole": draw(st.lists(st.integers(0, 1), max_size=14)),
        "single": single,
        "split": draw(amounts),
        "triple": draw(amounts) if triples and draw(st.booleans()) else [],
        "unequal": int(draw(st.booleans())),
    }


def _plain_both(rules: dict[str, Any], n: int, space: int, dtype: Any) -> tuple[Any, ...]:
    """Run both plain kernels from heap 1 to n, growing the value space as the caller does."""
    results = []
    for compiled in (True, False):
        g = np.zeros(n, dtype)
        start, size, calls = 1, space, []
        while start < n:
            mark = np.full(size, -1, np.int64)
            args = (rules["whole"], rules["single"], rules["split"], rules["triple"])
            if compiled:
                done = plain_kernel(g, start, n, *args, rules["unequal"], mark)
            else:
                gl, ml = g.tolist(), mark.tolist()
                done = plain_kernel.py_func(gl, start, n, *args, rules["unequal"], ml)
                g[:] = gl
                mark[:] = ml
            calls.append((start, done, mark.tolist()))
            if int(g[done - 1]) >= size // 2:
                size *= 2
            start = done
        results.append((g.tolist(), calls))
    return tuple(results)


@settings(max_examples=60, deadline=None)
@given(heap_rules(), st.integers(2, 300), st.sampled_from([2, 4, 64]), st.sampled_from(DTYPES))
def test_plain_kernel_equals_its_twin(
    rules: dict[str, Any], n: int, space: int, dtype: Any
) -> None:
    compiled, python = _plain_both(rules, n, space, dtype)
    assert compiled == python


def _rare_state(g: list[int], upto: int, mask: int, size: int) -> tuple[Any, Any, int]:
    common = np.array([bin(v & mask).count("1") % 2 for v in range(size)], np.uint8)
    rare = [n for n in range(1, upto) if common[g[n]] == 0]
    arr = np.zeros(len(rare) + 64, np.int64)
    arr[: len(rare)] = rare
    return common, arr, len(rare)


@settings(max_examples=60, deadline=None)
@given(
    heap_rules(triples=False),
    st.integers(2, 300),
    st.integers(1, 150),
    st.integers(1, 63),
    st.sampled_from(DTYPES),
)
def test_rare_kernel_equals_its_twin(
    rules: dict[str, Any], n: int, start: int, mask: int, dtype: Any
) -> None:
    # a correct table up to `start` (by the plain twin), then both rare kernels onwards
    start = min(start, n - 1)
    size = 128
    g = [0] * n
    args = (rules["whole"], rules["single"], rules["split"])
    plain_kernel.py_func(g, 1, start, *args, [], rules["unequal"], [-1] * size)
    if max(g[:start]) >= size // 2:
        return  # the value space would have grown: not the state this test sets up
    common, rare, nrare = _rare_state(g, start, mask, size)
    out = []
    for compiled in (True, False):
        table = np.array(g, dtype)
        mark, want, rare_c = np.full(size, -1, np.int64), np.zeros(size, np.uint8), rare.copy()
        call = (*args, rules["unequal"], common, rare_c, nrare, mark, want)
        if compiled:
            done, nr = rare_kernel(table, start, n, *call)
        else:
            gl, ml, rl = table.tolist(), mark.tolist(), rare_c.tolist()
            pcall = (*args, rules["unequal"], common.tolist(), rl, nrare, ml, [0] * size)
            done, nr = rare_kernel.py_func(gl, start, n, *pcall)
            table[:], mark[:], rare_c[:] = gl, ml, rl
        out.append((done, nr, table.tolist(), mark.tolist(), rare_c.tolist(), want.tolist()))
    assert out[0] == out[1]


sequences = st.one_of(
    st.lists(st.integers(0, 9), min_size=0, max_size=200),
    st.builds(
        lambda pre, cycle, reps, saltus: pre + [c + saltus * k for k in range(reps) for c in cycle],
        st.lists(st.integers(0, 9), max_size=20),
        st.lists(st.integers(0, 9), min_size=1, max_size=12),
        st.integers(1, 12),
        st.integers(0, 3),
    ),
)


@settings(max_examples=200, deadline=None)
@given(
    sequences,
    st.integers(1, 5),
    st.integers(0, 4),
    st.integers(0, 50),
    st.sampled_from([np.uint8, np.uint16, np.uint32, np.int64]),
)
def test_period_kernel_equals_its_twin(
    values: list[int], first: int, repeats: int, tail: int, dtype: Any
) -> None:
    arr = np.array(values, dtype)
    maxp = len(values) // max(repeats, 1)
    assert period_kernel(arr, first, maxp, repeats, tail) == period_kernel.py_func(
        values, first, maxp, repeats, tail
    )


@settings(max_examples=200, deadline=None)
@given(
    sequences,
    st.integers(1, 5),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(-5, 5), st.integers(0, 200)),
    st.integers(0, 20),
)
def test_period_candidates_equal_their_twin(
    values: list[int], first: int, test: tuple[int, int, int, int], rows: int
) -> None:
    a = np.zeros(3 * rows, np.int64)
    b = np.zeros(3 * rows, np.int64)
    last = len(values) - 1
    found = period_candidates(np.array(values, np.int64), first, last, test, a)
    assert found == period_candidates.py_func(values, first, last, test, b)
    assert a.tolist() == b.tolist()


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, Any, Any, Any, int, Any]:
    n = draw(st.integers(1, 40))
    m = draw(st.integers(0, 80))
    ends = st.integers(0, n - 1)
    eu = np.array(draw(st.lists(ends, min_size=m, max_size=m)), np.int64)
    ev = np.array(draw(st.lists(ends, min_size=m, max_size=m)), np.int64)
    ew = np.array(draw(st.lists(st.integers(1, 6), min_size=m, max_size=m)), np.int64)
    vx = np.array(draw(st.lists(st.integers(0, 7), min_size=n, max_size=n)), np.int64)
    return n, eu, ev, ew, draw(ends), vx


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_hackenbush_kernels_equal_their_twins(graph: tuple[int, Any, Any, Any, int, Any]) -> None:
    n, eu, ev, ew, root, vx = graph
    fast = decompose_kernel(n, eu, ev, ew, root, vx)
    slow = decompose_kernel.py_func(n, eu, ev, ew, root, vx)
    assert [a.tolist() for a in fast] == [a.tolist() for a in slow]
    assert reach_kernel(n, eu, ev, root).tolist() == reach_kernel.py_func(n, eu, ev, root).tolist()


# ----- input checks ---------------------------------------------------------------------------


def _plain_args() -> list[Any]:
    return [
        np.zeros(10, np.uint16), 1, 10, np.zeros(3, np.uint8), np.array([1, 2]),
        np.array([1]), np.zeros(0, np.int64), 0, np.full(64, -1, np.int64),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("index", "bad", "error"),
    [
        (0, np.zeros(10, np.float64), TypeError),  # a float table
        (0, np.zeros(10, np.int16), TypeError),  # a signed 16-bit table
        (0, np.zeros(20, np.uint16)[::2], TypeError),  # not contiguous
        (2, 11, ValueError),  # stop beyond the table
        (1, -1, ValueError),  # negative start
        (4, np.array([0, 1]), ValueError),  # a single amount of 0
        (5, np.array([-1]), ValueError),  # a negative split amount
        (8, np.full(1, -1, np.int64), ValueError),  # mark too short
        (8, np.full(1 << 17, -1, np.int64), ValueError),  # values could overflow uint16
        (8, np.full(64, -1, np.int32), TypeError),  # mark of the wrong width
    ],
)
def test_plain_kernel_rejects_bad_input(index: int, bad: Any, error: type[Exception]) -> None:
    core = core_module()
    assert core is not None
    args = _plain_args()
    args[index] = bad
    with pytest.raises(error):
        core.plain_kernel(*args)


def test_plain_kernel_rejects_values_outside_the_value_space() -> None:
    core = core_module()
    assert core is not None
    args = _plain_args()
    args[0][1], args[1] = 40, 2  # a prefix value >= len(mark) // 2 that heap 2's options read
    with pytest.raises(ValueError, match="len\\(mark\\) // 2"):
        core.plain_kernel(*args)
    args = _plain_args()
    args[8] = np.full(48, -1, np.int64)  # the rare kernel masks value indices by len(mark) - 1
    with pytest.raises(ValueError, match="power of two"):
        core.plain_kernel(*args)


@pytest.mark.parametrize("dtype", [np.uint16, np.uint32, np.int64])
@pytest.mark.parametrize("bad", [32, 40, 1 << 15, -1])
def test_kernels_report_a_value_outside_the_value_space_met_in_an_option(
    dtype: Any, bad: int
) -> None:
    # The plain kernel scans g[:start] before it starts. The rare kernel does not (on each
    # call, that made a table of N heaps cost N^2): it masks every value index to stay
    # inside mark and want, and refuses a heap whose options show a value outside
    # [0, len(mark) // 2) before its mex is taken.
    core = core_module()
    assert core is not None
    if bad < 0 and dtype is not np.int64:
        return
    for where in (3, 4):  # in a split (3 + 4 = 8 - 1), then as a single move's heap
        plain = _plain_args()
        g = np.zeros(20, dtype)
        g[where] = bad
        plain[0], plain[1], plain[2], plain[5] = g, 8, 20, np.array([1])
        with pytest.raises(ValueError, match="len\\(mark\\) // 2"):
            core.plain_kernel(*plain)
        assert g[8:].tolist() == [0] * 12  # nothing written for the heap that met it
    common = np.array([bin(v).count("1") % 2 for v in range(64)], np.uint8)
    g = np.zeros(20, dtype)
    g[3] = bad  # a rare heap: every heap's rare loop pairs it
    rare = np.array([3, 0, 0, 0], np.int64)
    with pytest.raises(ValueError, match="len\\(mark\\) // 2"):
        core.rare_kernel(
            g, 8, 20, np.zeros(3, np.uint8), np.array([1]), np.array([1]), 0, common,
            rare, 1, np.full(64, -1, np.int64), np.zeros(64, np.uint8),
        )  # fmt: skip


def test_kernels_refuse_aliased_arrays() -> None:
    core = core_module()
    assert core is not None
    shared = np.full(64, -1, np.int64)
    shared[:10] = 0
    args = _plain_args()
    args[0], args[8] = shared[:10], shared  # the table inside mark
    with pytest.raises(ValueError, match="overlaps"):
        core.plain_kernel(*args)
    eu = np.array([0, 1], np.int64)
    with pytest.raises(ValueError, match="overlaps"):
        core.reach(2, eu, eu, 0, eu.view(np.bool_)[:2])


def test_rare_kernel_rejects_bad_rare_lists() -> None:
    core = core_module()
    assert core is not None
    g = np.zeros(10, np.uint16)
    common = np.array([bin(v).count("1") % 2 for v in range(64)], np.uint8)
    base = [g, 1, 10, np.zeros(3, np.uint8), np.array([1]), np.array([1]), 0, common]
    mark, want = np.full(64, -1, np.int64), np.zeros(64, np.uint8)
    with pytest.raises(ValueError, match="nrare"):
        core.rare_kernel(*base, np.zeros(4, np.int64), 5, mark, want)  # nrare > len(rare)
    with pytest.raises(ValueError, match="nrare"):
        core.rare_kernel(*base, np.zeros(4, np.int64), 2, mark, want)  # heap 0 listed
    with pytest.raises(ValueError, match="same length"):
        core.rare_kernel(*base, np.ones(4, np.int64), 0, mark, np.zeros(8, np.uint8))


@pytest.mark.parametrize(
    "args",
    [
        (3, [0, 5], [1, 2], [1, 1], 0),  # an edge end past n
        (3, [0, -1], [1, 2], [1, 1], 0),  # a negative end
        (3, [0, 1], [1, 2], [1, 1], 3),  # root past n
        (3, [0, 1], [1], [1, 1], 0),  # ends of different lengths
        (0, [], [], [], 0),  # no vertex
    ],
)
def test_hackenbush_kernels_reject_bad_graphs(args: tuple[Any, ...]) -> None:
    n, eu, ev, ew, root = args
    a = [np.array(x, np.int64) for x in (eu, ev, ew)]
    with pytest.raises(ValueError):
        decompose_kernel(n, *a, root, np.zeros(max(n, 0), np.int64))
    with pytest.raises(ValueError):
        reach_kernel(n, a[0], a[1], root)


def test_core_status_names_the_module() -> None:
    compiled, why = core_status()
    assert compiled and why.startswith("compiled core ")


_LONG_CALL = """
import signal, sys, numpy as np
# Ctrl-C raises KeyboardInterrupt even when this process was started with SIGINT ignored
# (a shell's background job, and every child of it, starts so).
signal.signal(signal.SIGINT, signal.default_int_handler)
from grundy.kernels.heap import plain_kernel
n = 400_000  # one call, quadratic: minutes of work without an interruption
g = np.zeros(n, np.uint32)
print("go", flush=True)
plain_kernel(g, 1, n, [0, 1, 1], [1, 2], [0, 1, 2], [], 0, np.full(1 << 20, -1, np.int64))
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_interrupts_a_long_compiled_call() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", _LONG_CALL],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    assert proc.stdout is not None
    assert proc.stdout.readline() == "go\n"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:  # the loop looks at signals every 2**26 steps of work (well under a second)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert "KeyboardInterrupt" in err and "finished" not in out
