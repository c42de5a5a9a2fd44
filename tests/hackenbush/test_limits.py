"""Hackenbush hardening (issue 10): moves listed without building pictures, and one-line
errors for huge numbers, devices, FIFOs, oversized files and deeply nested JSON."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import grundy
from grundy.errors import InvalidSpecError
from grundy.hackenbush import graph
from grundy.hackenbush.after import PictureAfterCut
from grundy.hackenbush.graph import format_edges, make_picture
from grundy.hackenbush.ruleset import Hackenbush, apply_cut
from grundy.hackenbush.values import analyse, winning_cuts
from tests.cli.helpers import run

BIG = "9" * 5000


def _random_picture(rng: random.Random, m: int, weighted: bool) -> tuple[tuple[int, int, int], ...]:
    n = max(1, m * 3 // 4)
    edges = [(rng.randrange(i), i, rng.randint(1, 3) if weighted else 1) for i in range(1, n + 1)]
    edges += [
        (rng.randrange(n + 1), rng.randrange(n + 1), rng.randint(1, 3) if weighted else 1)
        for _ in range(m - n)
    ]
    return make_picture(edges)


@pytest.mark.parametrize("weighted", [False, True])
def test_lazy_pictures_equal_built_ones(weighted: bool) -> None:
    rng = random.Random(10)
    game = Hackenbush(weighted)
    for _ in range(40):
        picture = _random_picture(rng, rng.randint(1, 30), weighted)
        value = game.grundy_formula(picture)
        for target in range(value + 2):
            for move in game.options_with_value(picture, target):
                after = move[0]
                assert isinstance(after, PictureAfterCut)
                built = apply_cut(analyse(picture, weighted), after.move)
                assert len(after) == len(built)
                assert game.format_state(after) == format_edges(built, weighted)
                assert after == built and built == after and hash(after) == hash(built)
                assert game.grundy_formula(after) == target


def test_winning_moves_stay_unbuilt_until_asked() -> None:
    picture = make_picture((i // 2, i + 1, 1) for i in range(3000))
    r = grundy.solve(grundy.Position(Hackenbush(), picture), max_moves=5)
    states = [p.components[0].state for p in r.winning_moves]
    assert all(isinstance(s, PictureAfterCut) and s._edges is None for s in states)
    text = [str(p) for p in r.winning_moves]  # formatting splices text, builds nothing
    assert all(s._edges is None for s in states)
    a = analyse(picture)
    cuts = list(winning_cuts(a, 0))[:5]
    assert text == [f"hackenbush {format_edges(apply_cut(a, c), False)}" for c in cuts]


@pytest.mark.parametrize(
    "spec",
    [f"0-{BIG}", f"{BIG}-0", f"0-1:{BIG}", f"0-1 1-2 2-{BIG}"],
)
def test_huge_vertex_numbers_inline(spec: str) -> None:
    weighted = ":" in spec
    with pytest.raises(InvalidSpecError, match="digits") as info:
        graph.parse_edges([spec], weighted)
    assert len(str(info.value)) < 600


def test_huge_numbers_in_files(tmp_path: Path) -> None:
    text = tmp_path / "big.txt"
    text.write_text(f"0-1 1-{BIG}\n")
    data = tmp_path / "big.json"
    data.write_text('{"ground": 0, "edges": [[0, ' + BIG + "]]}")
    for path in (text, data):
        r = run("solve", f"hackenbush @{path}")
        assert r.status == 2 and r.err.count("\n") == 1 and BIG not in r.err


def test_deep_json_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"ground": 0, "edges": ' + "[" * 100_000 + "]" * 100_000 + "}")
    r = run("solve", f"hackenbush @{path}")
    assert r.status == 2 and "too deeply" in r.err and r.err.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_devices_fifos_and_directories_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        r = run("solve", f"hackenbush @{path}")
        assert r.status == 2 and "not a regular file" in r.err


def test_oversized_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "sparse.txt"
    with open(path, "wb") as f:
        f.truncate(graph.MAX_FILE_BYTES + 1)
    r = run("solve", f"hackenbush @{path}")
    assert r.status == 2 and "at most 67,108,864 bytes" in r.err


def test_malformed_text_is_trimmed_in_errors() -> None:
    r = run("solve", "hackenbush", "0-1 " + "x" * 10_000)
    assert r.status == 2 and len(r.err) < 600
