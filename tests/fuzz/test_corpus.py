"""Past failures of the command-line fuzzer, replayed: each ends with its exit status and at
most two lines on stderr, never a traceback (issue 21)."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run
from tests.fuzz.cli_fuzz import corpus_lines, load_corpus_line


@pytest.mark.parametrize("line", corpus_lines(), ids=lambda line: line[:60])
def test_a_past_failure_gives_one_clean_answer(
    line: str, fuzz_files: dict[str, str], scratch: str
) -> None:
    case, status = load_corpus_line(line, fuzz_files, scratch)
    r = run(*case.argv, stdin=case.stdin)
    assert "Traceback" not in r.err + r.out, r.err[-2000:]
    assert r.status in (0, 1, 2), (r.status, r.err[-500:])
    if status is not None:
        assert r.status == status, (r.status, r.err[-500:])
    assert len([x for x in r.err.splitlines() if x.strip()]) <= 2, r.err[-500:]
    if r.status == 2:
        assert r.err.startswith("grundy"), r.err[-500:]


def test_the_corpus_is_read_whole() -> None:
    # every entry is JSON with argv; a typo in the file must not drop cases silently
    lines = corpus_lines()
    assert len(lines) >= 20
    for line in lines:
        case, _ = load_corpus_line(line, {"text": "/x/edges.txt"}, "/s")
        assert case.argv and all(isinstance(a, str) for a in case.argv)
