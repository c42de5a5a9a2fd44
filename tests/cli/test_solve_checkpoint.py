"""``grundy solve SPEC --checkpoint FILE``: a partisan value stopped (here by a position
limit, never by the clock) resumes from its file and gives the uninterrupted answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy
from tests.cli.helpers import GRUNDY_MODULE, run, run_process


# (big enough that the compiled walks, which look at the limits every 4,096 regions, stop)
@pytest.mark.parametrize(
    "spec", ["domineering:4x6", "toads-frogs tttt....ffff", "clobber xoxox/oxoxo/xoxox"]
)
def test_a_stopped_value_resumes_from_its_checkpoint(spec: str, tmp_path: Path) -> None:
    grundy.clear_cache()
    whole = run("solve", spec, "--json")
    assert whole.status == 0, whole.err
    path = tmp_path / "memo.gz"
    grundy.clear_cache()
    stopped = run("solve", spec, "--checkpoint", str(path), "--max-positions", "5000")
    assert stopped.status == 1
    assert stopped.out == ""
    lines = stopped.err.splitlines()
    assert lines[0] == (
        f"grundy: note: the finished regions are saved in {path}: "
        "run the same command again to go on"
    )
    assert len(lines) == 2 and "limit of 5,000 positions" in lines[1]
    assert path.stat().st_size > 0
    # a new process: nothing but the file carries the work over
    resumed = run_process([*GRUNDY_MODULE, "solve", spec, "--checkpoint", str(path), "--json"])
    assert resumed.status == 0, resumed.err
    assert json.loads(resumed.out) == json.loads(whole.out)


@pytest.mark.slow
def test_each_resumed_run_goes_further(tmp_path: Path) -> None:
    # 5,000 new regions a run: never enough from scratch, enough within a few resumed runs
    path = tmp_path / "memo.gz"
    grundy.clear_cache()
    assert run("solve", "domineering:4x6", "--max-positions", "5000").status == 1
    runs = []
    for _ in range(40):
        grundy.clear_cache()
        r = run("solve", "domineering:4x6", "--checkpoint", str(path), "--max-positions", "5000")
        runs.append(r.status)
        if r.status == 0:
            break
    assert runs[-1] == 0 and set(runs[:-1]) <= {1} and len(runs) > 1, runs
    assert "Outcome: the player to move wins (N-position)" in r.out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nim 3"], "nim 3 has no partisan component (drop --checkpoint)"),
        (["domineering:2x2 + clobber ox"], "mixes 2 (solve each alone with its own file)"),
        (["domineering:2x2", "--misere"], "--checkpoint cannot be used with --misere"),
        (["chomp:2x2", "--save", "x.db"], "--checkpoint cannot be used with --save"),
    ],
)
def test_checkpoint_refusals(args: list[str], said: str, tmp_path: Path) -> None:
    r = run("solve", *args, "--checkpoint", str(tmp_path / "memo.gz"))
    assert r.status == 2
    assert r.out == ""
    assert len(r.err.splitlines()) == 1 and said in r.err


def test_a_damaged_checkpoint_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "memo.gz"
    path.write_bytes(b"not a checkpoint at all")
    grundy.clear_cache()
    r = run("solve", "domineering:3x3", "--checkpoint", str(path))
    assert r.status == 2
    assert len(r.err.splitlines()) == 1 and str(path) in r.err, r.err
