"""The period search's shortcut for multiples of a period already scanned (period.c and its
twin start such a scan below the known preperiod) gives what full scans give."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.kernels.period import period_candidates, period_kernel


def _full_tail(g: list[int], p: int) -> tuple[int, int]:
    last = len(g) - 1
    s = g[last] - g[last - p]
    n = last - p
    while n >= 0 and g[n + p] - g[n] == s:
        n -= 1
    return n + 1, s


def _naive_kernel(g: list[int], max_period: int, repeats: int, tail: int) -> tuple[int, int, int]:
    last = len(g) - 1
    for p in range(1, min(max_period, last) + 1):
        e, s = _full_tail(g, p)
        if s >= 0 and last + 1 - e >= repeats * p and last + 1 - e >= tail:
            return e, p, s
    return 0, 0, 0


def _naive_rows(g: list[int], test: tuple[int, int, int, int]) -> list[list[int]]:
    a, b, c, slack = test
    rows = []
    for p in range(1, len(g)):
        if b * p + c > slack:
            break
        e, s = _full_tail(g, p)
        if s >= 0 and a * e + b * p + c <= slack:
            rows.append([e, p, s])
    return rows


tables = st.builds(
    lambda pre, period, repeats, saltus: (
        pre + [v + saltus * k for k in range(repeats) for v in period]
    ),
    st.lists(st.integers(0, 9), max_size=40),
    st.lists(st.integers(0, 9), min_size=1, max_size=6),
    st.integers(1, 40),
    st.sampled_from([0, 0, 1, 4]),
).filter(lambda g: len(g) >= 2)


@settings(max_examples=300, deadline=None)
@given(tables, st.integers(0, 3), st.integers(0, 60))
def test_multiples_shortcut_matches_full_scans(g: list[int], repeats: int, tail: int) -> None:
    want = _naive_kernel(g, len(g) // max(repeats, 1), repeats, tail)
    arr = np.array(g, dtype=np.int64)
    assert period_kernel(arr, 1, len(g) // max(repeats, 1), repeats, tail) == want
    assert period_kernel.py_func(g, 1, len(g) // max(repeats, 1), repeats, tail) == want
    test = (2, 1, 1, len(g) - 1)
    want_rows = _naive_rows(g, test)
    for fn in (period_candidates, period_candidates.py_func):
        out = np.zeros(3 * (len(want_rows) + 1), dtype=np.int64)
        count, _ = fn(arr if fn is period_candidates else g, 1, len(g) - 1, test, out)
        assert out[: 3 * count].reshape(-1, 3).tolist() == want_rows
