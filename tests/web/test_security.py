"""The server touches no file a request names, says nothing about any file, and sends its
security headers with every response; ``grundy serve`` refuses a bad host in one line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, quote_plus

import pytest

from tests.web.helpers import client

if TYPE_CHECKING:
    from starlette.testclient import TestClient

import grundy  # isort: skip
from grundy.web import Limits, service  # isort: skip
from grundy.web.app import SECURITY_HEADERS  # isort: skip

ROOT = Path(__file__).resolve().parents[2]

#: A Hackenbush picture the command line would read from a file (so the forms below do name a
#: file that the language could read: refusing them is the server's doing, not luck).
CANARY = "0-1 1-2 1-3 2-3 0-4\n# canary-e6d1c2 secret line\n"

#: How a request may name a file: PATH is replaced by each path below.
FORMS = (
    "hackenbush @PATH",
    'hackenbush "@PATH"',
    "hackenbush:weighted @PATH",
    "nim 1 + hackenbush @PATH",
    'hackenbush "0-1 @PATH"',
    "hackenbush    @PATH   ",
    "@PATH",
)

#: How the spec is written into the query string.
ENCODINGS: dict[str, Callable[[str], str]] = {
    "plain": lambda spec: spec.replace(" ", "+"),
    "url-encoded": quote_plus,
    "double-encoded": lambda spec: quote(quote(spec, safe=""), safe=""),
}

ENDPOINTS = ("/api/solve?spec=", "/api/moves?spec=", "/api/table?n=5&spec=")


@pytest.fixture(scope="module")
def canary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("files") / "picture.txt"
    path.write_text(CANARY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with client(Limits(quick_workers=2, workers=1)) as c:
        yield c


def _paths(canary: Path) -> list[str]:
    """Files that exist, absolute and relative to the server's directory (the tests run
    from the project root)."""
    relative = os.path.relpath(canary, os.getcwd())
    return [
        str(canary),
        relative,
        "/etc/passwd",
        "/proc/self/environ",
        "pyproject.toml",
        "./README.md",
        "../" * 12 + "etc/passwd",
        "~/.bashrc",
    ]


def _secret_lines(path: str) -> list[str]:
    """The lines of a file that must never show in an answer (short ones are too common
    to test: every line of at least 8 characters that holds a letter or a digit)."""
    try:
        raw = Path(os.path.expanduser(path)).read_bytes()
    except OSError:
        return []
    lines = re.split(rb"[\n\0]", raw)
    return [
        text
        for text in (line.decode("utf-8", "replace").strip() for line in lines)
        if len(text) >= 8 and any(ch.isalnum() for ch in text)
    ]


def test_the_command_line_does_read_these_files(canary: Path) -> None:
    # The same forms read the file where files are allowed: the refusal below is real.
    assert str(grundy.parse(f"hackenbush @{canary}")) == 'hackenbush "0-1 0-4 1-2 1-3 2-3"'
    with pytest.raises(grundy.InvalidSpecError, match="not read here"):
        grundy.parse(f"hackenbush @{canary}", allow_files=False)
    assert _secret_lines(str(canary)) == ["0-1 1-2 1-3 2-3 0-4", "# canary-e6d1c2 secret line"]


def test_no_request_reads_a_file_or_quotes_one(api: TestClient, canary: Path) -> None:
    secrets = {p: _secret_lines(p) for p in _paths(canary)}
    assert secrets["/etc/passwd"] and secrets[str(canary)]  # the check below has teeth
    every_secret = [line for lines in secrets.values() for line in lines]
    seen = 0
    for form in FORMS:
        for path in secrets:
            spec = form.replace("PATH", path)
            for encode in ENCODINGS.values():
                for endpoint in ENDPOINTS:
                    r = api.get(endpoint + encode(spec))
                    seen += 1
                    assert r.status_code == 400, (spec, r.text)
                    text = r.text + "".join(f"{k}: {v}" for k, v in r.headers.items())
                    leaked = [line for line in every_secret if line in text]
                    assert not leaked, (spec, leaked)
    assert seen == len(FORMS) * len(secrets) * len(ENCODINGS) * len(ENDPOINTS)


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("form", FORMS)
def test_a_file_that_exists_and_one_that_does_not_answer_the_same(
    api: TestClient, canary: Path, form: str, encoding: str
) -> None:
    encode = ENCODINGS[encoding]
    for there, missing in [
        (str(canary), str(canary.with_name("nothing.txt"))),
        ("/etc/passwd", "/etc/pa55wd"),
        ("pyproject.toml", "pyproject.tom1"),
    ]:
        assert os.path.exists(there) and not os.path.exists(missing)
        for endpoint in ENDPOINTS:
            a = api.get(endpoint + encode(form.replace("PATH", there)))
            b = api.get(endpoint + encode(form.replace("PATH", missing)))
            # Where the answer quotes the spec, it quotes the path as written: the same
            # answer up to the path itself.
            same_a = a.text.replace(quote(there, safe=""), "P").replace(there, "P")
            same_b = b.text.replace(quote(missing, safe=""), "P").replace(missing, "P")
            assert (a.status_code, same_a) == (b.status_code, same_b)


def test_the_service_opens_no_file_a_spec_names(canary: Path) -> None:
    # In this process (as in a solver process), watched by an audit hook: no open() of it.
    opened: list[str] = []
    name = canary.name

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event == "open" and args and name in str(args[0]):
            opened.append(str(args[0]))

    sys.addaudithook(hook)  # hooks cannot be removed; this one only records
    for spec in (f"hackenbush @{canary}", f'hackenbush "@{canary}"'):
        with pytest.raises(grundy.InvalidSpecError, match="not read here"):
            service.solve_json(spec, None, Limits())
        with pytest.raises(grundy.InvalidSpecError, match="not read here"):
            service.moves_json(spec, None, Limits())
    assert opened == []
    grundy.parse(f"hackenbush @{canary}")  # the hook does see a read where files are allowed
    assert opened


RESPONSES = [
    "/",
    "/static/app.js",
    "/static/style.css",
    "/static/icon.svg",
    "/static/nothing.js",
    "/static/../limits.py",
    "/api/health",
    "/api/games",
    "/api/solve?spec=nim+3+4+5",
    "/api/solve?spec=nim+x",
    "/api/solve?spec=" + "nim+1+" * 1000,
    "/api/table.csv?spec=kayles&n=10",
    "/api/nothing",
]


@pytest.mark.parametrize("path", RESPONSES)
def test_every_response_has_the_security_headers(api: TestClient, path: str) -> None:
    r = api.get(path)
    for name, value in SECURITY_HEADERS.items():
        assert r.headers.get_list(name) == [value], (path, name)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert r.headers["referrer-policy"] == "no-referrer"


def test_a_wrong_method_has_them_too(api: TestClient) -> None:
    r = api.post("/api/solve", params={"spec": "nim 3"})
    assert r.status_code == 405 and r.headers["x-content-type-options"] == "nosniff"


def test_the_page_fits_its_content_security_policy(api: TestClient) -> None:
    # Everything the page runs or styles comes from /static (script-src and style-src
    # 'self'): no inline script or style, no event-handler attribute, no eval.
    html = api.get("/").text
    for script in re.findall(r"<script\b[^>]*>", html):
        assert 'src="/static/' in script, script
    assert "<style" not in html
    assert not re.search(r"\sstyle\s*=", html)
    assert not re.search(r"\son[a-z]+\s*=", html)
    assert not re.search(r"javascript:", html, re.IGNORECASE)
    for link in re.findall(r"<link\b[^>]*>", html):
        assert 'href="/static/' in link, link
    js = (ROOT / "src/grundy/web/static/app.js").read_text(encoding="utf-8")
    assert not re.search(r"\beval\(|new Function\(|setTimeout\(\s*['\"]", js)
    assert not re.search(r"https?://", js.replace("http://www.w3.org/2000/svg", ""))


def test_grundy_serve_with_a_host_that_is_not_text_is_one_line_and_status_2() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for host in (b"\xff", b"\xc3(", b"exa\x7fmple", b"[::1"):
        done = subprocess.run(
            [sys.executable, "-m", "grundy", "serve", "--port", "0", "--host", host],
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        err = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2, err
        assert err.count("\n") == 1 and err.startswith("grundy: error: ") and "Traceback" not in err
