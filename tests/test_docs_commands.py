"""Every ``grundy ...`` command shown in README.md and docs/ runs as written.

Commands are read from the fenced code blocks (a leading ``$ `` is dropped and
a trailing ``# comment`` cut), run in-process through ``main(argv)`` in a
temporary folder per document, in order (so files they write land there and a
later command can extend them; ``@docs/...`` paths are made absolute), and must
exit 0 (or 1 for an example of ``--time-limit`` or ``--max-positions``, which may stop). Tables of a
million heaps or more are built to heap 65,536 instead (the table machinery is
tested at scale in tests/heap). ``play`` and ``serve`` are interactive and are
checked elsewhere. Searches that take seconds are marked slow.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from grundy.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RUNNABLE = {"solve", "table", "period", "quotient", "draw", "games"}
PLACEHOLDER = re.compile(r"^\[|^[A-Z]{2,}$")
SLOW = re.compile(r"connect4:5x4|connect4:7x6 |1\.\.60|domineering:4x5|5x5|--reach")
FOLDERS: dict[str, Path] = {}


def _commands() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
            for raw in block.splitlines():
                line = raw.strip().removeprefix("$ ")
                if not line.startswith("grundy "):
                    continue
                words = shlex.split(line, comments=True)
                if len(words) < 2 or words[1] not in RUNNABLE:
                    continue
                if any(PLACEHOLDER.match(w) for w in words[2:]):
                    continue  # a syntax line (``grundy quotient SPEC [-n N]``), not an example
                found.append((f"{doc.relative_to(ROOT)}: {line}", shlex.join(words)))
    return found


COMMANDS = _commands()


def test_the_docs_have_commands() -> None:
    assert len(COMMANDS) > 40


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(c, id=where, marks=[pytest.mark.slow] if SLOW.search(c) else [])
        for where, c in COMMANDS
    ],
)
def test_documented_command_runs(
    command: str,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = request.node.callspec.id.split(": ")[0]
    folder = FOLDERS.setdefault(doc, tmp_path_factory.mktemp("docs"))
    argv = shlex.split(command)[1:]
    argv = [f"@{ROOT / a[1:]}" if a.startswith("@docs/") else a for a in argv]
    argv = [
        "65536" if i and argv[i - 1] == "-n" and int(a) >= 10**6 else a for i, a in enumerate(argv)
    ]
    monkeypatch.chdir(folder)
    status = main(argv)
    out, err = capsys.readouterr()
    allowed = (0, 1) if {"--time-limit", "--max-positions"} & set(argv) else (0,)
    assert status in allowed, f"{command}\n{err}"
    assert out or err or os.listdir(folder), command
