"""The public workflow runs what ``.ci/run`` runs (issue 35 item 9): a pull request meets
the same checks (the suite, the slow suite, sanitizers, ruff, mypy, the layer check).
(Read as text: the test needs no YAML parser.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _runs_ci_on_every_pull_request(text: str) -> bool:
    """A bare ``pull_request:`` trigger (no ``paths`` filter under it) and a step whose
    command is ``.ci/run``."""
    trigger = re.search(r"^  pull_request:[ \t]*\n((?:    .*\n)*)", text, re.M)
    return (
        trigger is not None
        and "paths" not in trigger.group(1)
        and re.search(r"^\s+(?:-\s+)?run: \.ci/run\s*$", text, re.M) is not None
    )


def test_a_workflow_runs_ci_run_on_every_pull_request() -> None:
    flows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert any(_runs_ci_on_every_pull_request(f.read_text(encoding="utf-8")) for f in flows)


def test_the_check_reads_workflows_right() -> None:
    good = "on:\n  pull_request:\n  push:\njobs:\n  a:\n    steps:\n      - run: .ci/run\n"
    filtered = good.replace("  pull_request:\n", '  pull_request:\n    paths: ["x"]\n')
    assert _runs_ci_on_every_pull_request(good)
    assert not _runs_ci_on_every_pull_request(filtered)
    assert not _runs_ci_on_every_pull_request(good.replace(".ci/run", "pytest tests/x.py"))


def test_ci_run_holds_every_check() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for check in (
        "pytest -m slow",
        "fsanitize=address,undefined",
        "tools/check_layers.py",
        "ruff check",
        "ruff format --check",
        "mypy",
        "GRUNDY_PURE_PYTHON=1",
    ):
        assert check in script, check
