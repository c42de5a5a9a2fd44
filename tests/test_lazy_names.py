"""The packages that import their public names lazily (PEP 562) keep two lists of them.

A package's ``_WHERE`` map says where each name is imported from at run time; its
``if TYPE_CHECKING:`` imports say the same for mypy and the readers. Nothing ties the two
together but this test: a name moved in one and not the other would type-check against one
module and run against another. Each package's ``__all__`` must also be importable, every
name of it resolving to the object its module defines.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: Every package with a ``_WHERE`` map (the test below fails on a new one not listed here).
LAZY_PACKAGES = ("grundy", "grundy.cgt", "grundy.cgt.games", "grundy.cgt.loopy")


def _source(package: str) -> ast.Module:
    path = SRC.joinpath(*package.split("."), "__init__.py")
    return ast.parse(path.read_text(encoding="utf-8"))


def _type_checking_imports(tree: ast.Module) -> dict[str, str]:
    """``{name: module}`` of the ``from M import name`` lines under ``if TYPE_CHECKING``."""
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.If) or not isinstance(node.test, ast.Name):
            continue
        if node.test.id.lstrip("_") != "TYPE_CHECKING":
            continue
        for stmt in node.body:
            if isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.module != "typing":
                for alias in stmt.names:
                    found[alias.asname or alias.name] = stmt.module
    return found


def _where(package: str) -> dict[str, str]:
    module = importlib.import_module(package)
    where = module._WHERE
    assert isinstance(where, dict)
    return dict(where)


def test_every_lazy_package_is_listed() -> None:
    listed = set()
    for init in (SRC / "grundy").rglob("__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id == "_WHERE" for t in targets):
                listed.add(".".join(init.relative_to(SRC).parent.parts))
    assert listed == set(LAZY_PACKAGES)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_the_run_time_map_and_the_type_checking_imports_agree(package: str) -> None:
    typed = _type_checking_imports(_source(package))
    where = _where(package)
    wrong = {
        name: (module, typed[name])
        for name, module in where.items()
        if name in typed and typed[name] != module
    }
    assert wrong == {}, "name: (run time, type checking)"
    assert sorted(set(where) - set(typed)) == [], "names mypy does not see"


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_public_name_resolves_to_its_module_s_object(package: str) -> None:
    module = importlib.import_module(package)
    where = _where(package)
    for name in module.__all__:
        value = getattr(module, name)
        home = where.get(name)
        if home is not None:
            assert value is getattr(importlib.import_module(home), name), name
    assert set(where) <= set(module.__all__) | {"__version__"}


def test_the_front_re_exports_exactly_the_api_s_names() -> None:
    import grundy  # noqa: PLC0415
    import grundy._api  # noqa: PLC0415

    from_api = {
        n for n in grundy.__all__ if n != "__version__" and grundy._home(n) == "grundy._api"
    }
    assert from_api == set(grundy._api.__all__)
