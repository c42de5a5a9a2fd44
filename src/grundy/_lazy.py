"""Public names of a package loaded on first use (PEP 562), for the subpackages' ``__init__``
(``grundy`` itself keeps its own copy: ``import grundy`` loads nothing but its version).

A package lists where each of its public names lives; :func:`lazy_names` gives it the
module ``__getattr__`` and ``__dir__`` that import a name's module the first time the name
is used, so that importing the package loads none of them.

>>> space: dict[str, object] = {}
>>> get, names = lazy_names("demo", {"Fraction": "fractions"}, space)
>>> get("Fraction").__name__, "Fraction" in space  # the next use is a plain attribute
('Fraction', True)
>>> names()
['Fraction']
>>> get("nothing")
Traceback (most recent call last):
  ...
AttributeError: module 'demo' has no attribute 'nothing'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, where: Mapping[str, str], space: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose namespace is ``space``
    (its ``globals()``) and whose public names live in the modules ``where`` names."""

    def get(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        space[name] = value
        return value

    def names() -> list[str]:
        return sorted({*space, *where})

    return get, names
