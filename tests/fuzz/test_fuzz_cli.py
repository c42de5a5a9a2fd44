"""Fuzz the command line (issue 21): a few hundred generated commands, each in a forked
child under a time and memory cap (see ``cli_fuzz``). Every one ends with exit 0, 1 or 2
and at most two lines on stderr, never a traceback."""

from __future__ import annotations

import os
import random

import pytest

from tests.fuzz.cli_fuzz import Outcome, generate, problems, run_cases

#: Commands per run, and their seed (``GRUNDY_FUZZ_SEED`` picks another).
COUNT = 300
SEED = 2021

#: A child still running after this many seconds (20 times its --time-limit) is killed.
KILL_AFTER = 20.0


def _outcomes(seed: int, files: dict[str, str], scratch: str) -> list[Outcome]:
    rng = random.Random(seed)
    cases = [generate(rng, files, scratch) for _ in range(COUNT)]
    return list(run_cases(cases, jobs=2, kill_after=KILL_AFTER, scratch=scratch))


@pytest.fixture(scope="module")
def outcomes(fuzz_files: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    scratch = str(tmp_path_factory.mktemp("fuzz-scratch"))
    seed = int(os.environ.get("GRUNDY_FUZZ_SEED", SEED))
    return _outcomes(seed, fuzz_files, scratch)


@pytest.mark.slow
def test_no_command_tracebacks_or_says_more_than_two_lines(outcomes: list[Outcome]) -> None:
    assert len(outcomes) == COUNT
    bad = [
        f"{'; '.join(p)}: {o.case.shown()}"
        for o in outcomes
        if (p := [x for x in problems(o) if not x.startswith("killed")])
    ]
    assert not bad, "\n".join(bad)
    assert {o.status for o in outcomes if not o.killed} <= {0, 1, 2}


@pytest.mark.slow
def test_every_command_ends_near_its_time_limit(outcomes: list[Outcome]) -> None:
    hung = [f"{o.wall:.0f} s: {o.case.shown()}" for o in outcomes if o.killed]
    assert not hung, "\n".join(hung)
