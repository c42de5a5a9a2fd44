"""Every example in README.md and docs/ runs as written and shows what grundy prints.

The convention (also in docs/architecture.md, "Examples in the docs"):

- A ```console block is a transcript: ``$ grundy ...`` lines, each followed by the output
  it prints (stdout and stderr together), compared exactly, except that a line holding only
  ``...`` stands for any number of lines and ``...`` inside a line for any text.
- A block without a language (or ``sh``, ``shell``, ``bash``) holds shell commands, one per
  line, with optional ``# comments``: ``grundy`` commands are run and must exit with status
  0; installation and development commands (``pip``, ``pytest``, ``python bench/``, ...)
  are recognised and not run; any other line fails the test (tag it ```text).
- A ```python block is run; one with ``>>>`` lines is a doctest. The Python blocks of one
  document share their names, in order.
- ```text (and other languages) are not run.
- ``<!-- doc-test: skip (reason) -->`` on the line before a block skips it (it needs a
  server, a cluster or hours); ``<!-- doc-test: slow -->`` runs it in the slow suite only.

Commands run in a scratch folder holding a link to docs/, so ``@docs/examples/...`` works
and written files land there. The quick suite runs the transcripts and the Python blocks;
the slow suite (``pytest -m slow``) runs the shell blocks and the blocks marked slow.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
SHELL = {"", "sh", "shell", "bash"}
NOT_RUN = ("pip ", "pytest", "python bench/", "python tools/", "apt-get ", "ruff ", "mypy")
MARK = re.compile(r"<!--\s*doc-test:\s*(skip|slow)\b\s*(.*?)\s*-->")
TIMEOUT = 300


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, its text and its mark."""

    doc: Path
    line: int
    lang: str
    text: str
    mark: str  # "", "skip" or "slow"

    @property
    def name(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    """The fenced blocks of ``doc``, with the doc-test mark on the line before each."""
    out: list[Block] = []
    lines = doc.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)```(\w*)\s*$", lines[i])
        if fence is None:
            i += 1
            continue
        start = i
        indent = fence.group(1)
        i += 1
        body: list[str] = []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i].removeprefix(indent))
            i += 1
        before = lines[start - 1] if start > 0 else ""
        mark = MARK.search(before)
        text = "\n".join(body) + "\n"
        out.append(Block(doc, start + 1, fence.group(2), text, mark.group(1) if mark else ""))
        i += 1
    return out


ALL = [b for d in DOCS for b in blocks(d)]


def _is_slow(block: Block) -> bool:
    """Shell blocks (several commands, seconds each) and marked blocks run in the slow
    suite; transcripts and Python blocks in the quick one."""
    return block.mark == "slow" or block.lang in SHELL


def _params(slow: bool) -> list[object]:
    chosen = [b for b in ALL if b.mark != "skip" and _is_slow(b) == slow]
    marks = [pytest.mark.slow] if slow else []
    return [pytest.param(b, id=b.name, marks=marks) for b in chosen]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``docs`` linked and a ``grundy`` on the PATH that runs this tree."""
    where = tmp_path_factory.mktemp("docs")
    (where / "docs").symlink_to(ROOT / "docs")
    bin_dir = where / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "grundy"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m grundy "$@"\n')
    shim.chmod(0o755)
    return where


def _env(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{scratch / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    env["COLUMNS"] = "100"
    return env


def shell(command: str, scratch: Path) -> tuple[int, str]:
    """Run one command line in ``scratch``: exit status and stdout+stderr."""
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=scratch,
        env=_env(scratch),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    return done.returncode, done.stdout


def expected_pattern(expected: str) -> re.Pattern[str]:
    """A regex for the output a transcript shows: ``...`` alone on a line is any number
    of lines, ``...`` inside a line any text; everything else is literal.

    >>> bool(expected_pattern("a\\n...\\nd ... f\\n").fullmatch("a\\nb\\nc\\nd e f\\n"))
    True
    """
    parts = []
    for line in expected.splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = [re.escape(p) for p in line.split("...")]
            parts.append(r"[^\n]*".join(pieces) + r"\n")
    return re.compile("".join(parts))


def transcript(text: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"output before the first '$ ' command: {line!r}")
    return [(c, "".join(x + "\n" for x in out)) for c, out in pairs]


def _command_lines(text: str) -> list[str]:
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        out.append(line)
    return out


def _strip_comment(line: str) -> str:
    """The command without its trailing ``# comment`` (a ``#`` inside quotes is kept).

    >>> _strip_comment("grundy solve 'a # b'   # a comment")
    "grundy solve 'a # b'"
    """
    words = shlex.split(line, comments=True)
    cut = line.find("#")
    while cut >= 0:
        head = line[:cut]
        try:
            if shlex.split(head) == words:
                return head.rstrip()
        except ValueError:  # the cut fell inside quotes
            pass
        cut = line.find("#", cut + 1)
    return line


def run_block(block: Block, scratch: Path) -> None:
    if block.lang == "console":
        for command, expected in transcript(block.text):
            status, output = shell(command, scratch)
            if not expected_pattern(expected).fullmatch(output):
                raise AssertionError(
                    f"{block.name}: $ {command}\n(exit status {status})\n"
                    f"--- the docs show:\n{expected}--- grundy printed:\n{output}"
                )
    elif block.lang in SHELL:
        for line in _command_lines(block.text):
            if line.startswith(NOT_RUN):
                continue
            assert line.startswith("grundy "), (
                f"{block.name}: {line!r} is not a grundy command; tag the block ```text"
            )
            command = _strip_comment(line)
            status, output = shell(command, scratch)
            assert status == 0, f"{block.name}: $ {command}\n(exit status {status})\n{output}"
    elif block.lang == "python":
        namespace = _namespaces.setdefault(block.doc, {"__name__": "__docs__"})
        old = Path.cwd()
        os.chdir(scratch)
        try:
            if ">>>" in block.text:
                test = doctest.DocTestParser().get_doctest(
                    block.text, namespace, block.name, str(block.doc), block.line
                )
                runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
                runner.run(test, clear_globs=False)
                assert runner.failures == 0, f"{block.name}: doctest failed (see output above)"
            else:
                exec(compile(block.text, block.name, "exec"), namespace)
        finally:
            os.chdir(old)


_namespaces: dict[Path, dict[str, object]] = {}


@pytest.mark.parametrize("block", _params(slow=False))
def test_doc_block(block: Block, scratch: Path) -> None:
    run_block(block, scratch)


@pytest.mark.parametrize("block", _params(slow=True))
def test_doc_block_slow(block: Block, scratch: Path) -> None:
    run_block(block, scratch)


def test_every_skip_says_why() -> None:
    for doc in DOCS:
        for m in MARK.finditer(doc.read_text(encoding="utf-8")):
            if m.group(1) == "skip":
                assert m.group(2).startswith("(") and len(m.group(2)) > 4, (
                    f"{doc}: a skip needs a reason: {m.group(0)}"
                )


def test_readme_lists_every_command_and_doc() -> None:
    from grundy.cli.main import build_parser  # noqa: PLC0415 (the commands the parser knows)

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    action = next(a for a in build_parser()._actions if a.dest == "command")
    assert isinstance(action.choices, dict) and len(action.choices) >= 9
    for command in action.choices:
        assert f"grundy {command}" in readme, f"README never shows 'grundy {command}'"
    for doc in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{doc.name})" in readme, f"README does not link docs/{doc.name}"


def test_the_convention_finds_blocks() -> None:
    kinds = {b.lang for b in ALL}
    assert {"console", "python"} <= kinds
    assert any(b.mark == "skip" for b in ALL)
