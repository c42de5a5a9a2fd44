"""``import grundy`` loads nothing but the version: every public name is imported on first
use (PEP 562). Timing never decides a test: this checks which modules load, and that every
name of ``grundy.__all__`` resolves (the start-up time itself is in bench/compiled_core.py).
"""

from __future__ import annotations

import subprocess
import sys

import grundy


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_import_grundy_loads_only_the_version() -> None:
    loaded = {m for m in _modules_after("import grundy") if m.startswith("grundy")}
    assert loaded == {"grundy", "grundy._version"}
    assert "numpy" not in _modules_after("import grundy")


def test_first_use_loads_what_it_needs() -> None:
    loaded = _modules_after("import grundy\nassert grundy.solve('nim 3 4 5').outcome == 'N'")
    assert "grundy._api" in loaded


def test_every_public_name_resolves() -> None:
    for name in grundy.__all__:
        assert getattr(grundy, name) is not None, name
    assert set(grundy.__all__) <= set(dir(grundy))


def test_unknown_names_are_attribute_errors() -> None:
    try:
        grundy.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("no AttributeError")
