"""Project-level checks: README and CI agree, the public API is curated."""

from __future__ import annotations

import re
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[1]


def _quickstart_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.+?)\n```", section)


def test_quickstart_has_exactly_two_commands() -> None:
    commands = _quickstart_commands()
    assert len(commands) == 2
    assert "grundy solve" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _quickstart_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()


def test_all_is_complete_and_sorted() -> None:
    public = {
        name
        for name, value in vars(grundy).items()
        if not name.startswith("_") and not isinstance(value, type(grundy))
    }
    assert public <= set(grundy.__all__)
    for name in grundy.__all__:
        assert hasattr(grundy, name), name
    assert len(set(grundy.__all__)) == len(grundy.__all__)


def test_plain_pytest_uses_every_core() -> None:
    import tomllib  # noqa: PLC0415

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = config["tool"]["pytest"]["ini_options"]["addopts"]
    assert " ".join(addopts).endswith("-n auto --dist loadfile")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-n auto" not in "".join(x for x in ci.splitlines() if "PYTEST_ADDOPTS=" in x)


def test_every_package_all_name_can_be_imported() -> None:
    """Each name a package lists in ``__all__`` is there, including those it loads on first
    use (``grundy.cgt.games`` loads each game's module lazily): ``from P import *`` works."""
    import importlib  # noqa: PLC0415
    import pkgutil  # noqa: PLC0415

    for info in pkgutil.walk_packages(grundy.__path__, "grundy."):
        if not info.ispkg or info.name.startswith("grundy.web"):  # (an optional extra)
            continue
        package = importlib.import_module(info.name)
        for name in getattr(package, "__all__", ()):
            assert hasattr(package, name), (info.name, name)
