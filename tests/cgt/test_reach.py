"""Reach machinery of :func:`grundy.cgt.value_of`: the walk in C (``grid.c``'s
``dom_value``) against the Python walk, the bounded memo (evict and recompute) and the
checkpoint file (stop, resume).

Bounds: the value of every board that is a subset of the cells of a 3x4 board (and, slow,
of a 4x4 board) by both walks, compared as ids of the same table, and of every
Toads-and-Frogs strip of up to 8 squares (and two of 14 and 16) and of every Clobber
position on a 2x3 board (and 2x5, 3x4 boards); Domineering 4x5 and 5x5
for the memo bound and checkpoints; Toads-and-Frogs strips of up to 10 squares for the
Python walk's memo bound.
"""

from __future__ import annotations

import gzip
import itertools
import os
from pathlib import Path
from typing import Any

import pytest

from grundy.cgt import _table as T
from grundy.cgt import value_of
from grundy.cgt._memo_file import RECORD, load_memo
from grundy.cgt.games.clobber import Clobber
from grundy.cgt.games.domineering import Domineering
from grundy.cgt.games.toads_frogs import ToadsAndFrogs
from grundy.cgt.solve import memo_size
from grundy.cgt.value import clear_cache
from grundy.core.limits import now
from grundy.errors import SolvedFileError, TimeLimitError
from grundy.kernels._core import PURE_PYTHON
from tests.kernels.walk_checks import check_checkpoint_resumes

D = Domineering()


def _compiled_walk() -> bool:
    return D.compiled_regions is not None


needs_c = pytest.mark.skipif(not _compiled_walk(), reason="the compiled walk is not active")


def _boards(h: int, w: int) -> list[tuple[int, int, int]]:
    cells = [r * (w + 1) + c for r in range(h) for c in range(w)]
    out = []
    for pick in range(1 << len(cells)):
        mask = sum(1 << b for i, b in enumerate(cells) if pick >> i & 1)
        out.append((h, w, mask))
    return out


def _both_walks(monkeypatch: pytest.MonkeyPatch, g: Any, states: list[Any]) -> None:
    """The compiled walk and the Python walk give every state the same value."""
    clear_cache()
    fast = [value_of(g, s) for s in states]
    monkeypatch.setenv(PURE_PYTHON, "1")  # the Python walk, on the same (compiled) table
    assert g.compiled_regions is None
    slow = [value_of(g, s) for s in states]
    monkeypatch.delenv(PURE_PYTHON)
    for s, x, y in zip(states, fast, slow, strict=True):
        assert x == y, (g.format_state(s), str(x), str(y))


@pytest.mark.slow
@needs_c
def test_compiled_walk_matches_python_walk_3x4(monkeypatch: pytest.MonkeyPatch) -> None:
    _both_walks(monkeypatch, D, _boards(3, 4))


@needs_c
@pytest.mark.slow
def test_compiled_walk_matches_python_walk_4x4_and_5x5(monkeypatch: pytest.MonkeyPatch) -> None:
    _both_walks(monkeypatch, D, [*_boards(4, 4), *D.parse_args(["5x5"])])


@pytest.mark.skipif(
    ToadsAndFrogs().compiled_regions is None, reason="the compiled walk is not active"
)
@pytest.mark.slow
def test_compiled_tf_walk_matches_python_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    g = ToadsAndFrogs()
    strips = ["".join(s) for n in range(1, 9) for s in itertools.product("tf.", repeat=n)]
    strips += ["ttttt....fffff", "tt.tt.t..f.ff"]  # not 16 squares: 27 s in pure Python
    _both_walks(monkeypatch, g, strips)


@pytest.mark.slow
@pytest.mark.skipif(Clobber().compiled_regions is None, reason="the compiled walk is not active")
def test_compiled_clobber_walk_matches_python_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Clobber()
    boards = [
        g.parse_args(["/".join(rows)])[0]
        for rows in itertools.product(
            ["".join(r) for r in itertools.product("xo.", repeat=3)], repeat=2
        )
    ]
    boards += [g.parse_args([t])[0] for t in ("xoxox/oxoxo", "xoxo/oxox/xoxo")]
    _both_walks(monkeypatch, g, boards)


@pytest.mark.slow
def test_bounded_memo_gives_the_same_values() -> None:
    (state,) = D.parse_args(["4x5"])
    clear_cache()
    want = str(value_of(D, state))
    full = memo_size(D)
    for limit in (full // 2, full // 8):
        clear_cache()
        assert str(value_of(D, state, memo_limit=limit)) == want
        assert memo_size(D) <= full


def test_bounded_memo_python_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_PYTHON, "1")
    g = ToadsAndFrogs()
    strips = ["ttt..fff", "tt.t.ff.f", "t.t.t.ffff", "tttt..ffff"]
    clear_cache()
    want = [str(value_of(g, s)) for s in strips]
    for limit in (200, 50):
        clear_cache()
        assert [str(value_of(g, s, memo_limit=limit)) for s in strips] == want


@pytest.mark.slow
@pytest.mark.parametrize("pure", [False, True])
def test_checkpoint_resumes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, pure: bool) -> None:
    if pure:
        monkeypatch.setenv(PURE_PYTHON, "1")
    check_checkpoint_resumes(D, "4x5", tmp_path / "dom.ckpt")


def test_checkpoint_saved_at_the_time_limit(tmp_path: Path) -> None:
    (state,) = D.parse_args(["5x5"])
    clear_cache()
    path = tmp_path / "dom.ckpt"
    with pytest.raises(TimeLimitError):
        value_of(D, state, deadline=now() - 1, checkpoint=path)
    clear_cache()
    assert str(value_of(D, state, checkpoint=path)) == "0"


def test_damaged_or_foreign_checkpoint_is_refused(tmp_path: Path) -> None:
    (state,) = D.parse_args(["3x4"])
    path = tmp_path / "dom.ckpt"
    clear_cache()
    value_of(D, state, checkpoint=path)
    with pytest.raises(SolvedFileError, match="not of"):
        value_of(ToadsAndFrogs(), "tt..ff", checkpoint=path)
    raw = gzip.decompress(path.read_bytes())
    at = raw.index(b"\n") + 9  # a byte of the body: the checksum no longer matches
    path.write_bytes(gzip.compress(raw[:at] + bytes([raw[at] ^ 1]) + raw[at + 1 :]))
    with pytest.raises(SolvedFileError, match="damaged"):
        value_of(D, state, checkpoint=path)
    path.write_bytes(b"not a checkpoint")
    with pytest.raises(SolvedFileError, match="not a grundy checkpoint"):
        value_of(D, state, checkpoint=path)
    os.remove(path)
    assert T.size() > 0


@pytest.mark.slow
def test_a_smaller_limit_never_shrinks_the_checkpoint(tmp_path: Path) -> None:
    (state,) = D.parse_args(["4x5"])
    path = tmp_path / "dom.ckpt"
    clear_cache()
    want = str(value_of(D, state, checkpoint=path))
    saved = _entries(path)
    clear_cache()
    # a resume under a far smaller limit still finds everything
    assert str(value_of(D, state, checkpoint=path, memo_limit=10, max_positions=0)) == want
    clear_cache()
    (other,) = D.parse_args(["3x6"])
    value_of(D, other, checkpoint=path, memo_limit=10)  # evicts: the file is not shrunk
    assert _entries(path) >= saved
    clear_cache()
    assert str(value_of(D, state, checkpoint=path, max_positions=0)) == want


def _entries(path: Path) -> int:
    memo, raw = load_memo(path, "domineering")
    return len(memo) + len(raw) // RECORD
