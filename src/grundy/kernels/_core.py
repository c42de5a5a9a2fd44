"""Which core runs the kernels: the compiled extension :mod:`grundy._core`, or the pure-Python
twins.

The extension is built when grundy is installed with a C compiler at hand (setup.py); without
one, or with the environment variable ``GRUNDY_PURE_PYTHON=1`` (read at every call, so a test
may set it), every kernel runs its pure-Python twin: same arguments, same results.

:func:`twin` pairs a compiled function with its twin: calling the pair runs the compiled one
when the core is active, ``.py_func`` is always the twin (tests compare the two).

>>> compiled, why = core_status()
>>> isinstance(compiled, bool) and isinstance(why, str)
True
>>> @twin("no_such_function")
... def add(a, b):
...     return a + b
>>> add(2, 3), add.py_func(2, 3), add.compiled is None
(5, 5, True)
"""

from __future__ import annotations

import importlib
import os

_TYPE_CHECKING = False  # typing is not imported at run time: `grundy --version` is cheap
if _TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any, TypeAlias

    #: How a wrapper calls the compiled function: ``adapt(compiled, *args)`` (input checks
    #: and conversions, output arrays).
    Adapter: TypeAlias = Callable[..., Any]

__all__ = ["Twin", "core_module", "core_status", "twin"]

#: The environment variable that forces the pure-Python twins.
PURE_PYTHON = "GRUNDY_PURE_PYTHON"

_LOADED: dict[str, tuple[ModuleType | None, str]] = {}


def _load() -> tuple[ModuleType | None, str]:
    """The extension module (imported once), or None and why not."""
    if "core" not in _LOADED:
        try:
            module = importlib.import_module("grundy._core")
        except ImportError as exc:
            _LOADED["core"] = (None, f"the compiled core is not installed ({exc})")
        else:
            if hasattr(module, "plain_kernel"):
                _LOADED["core"] = (module, f"compiled core {module.__file__}")
            else:  # the C sources' folder seen as a namespace package: nothing was built
                _LOADED["core"] = (None, "the compiled core was not built (no C compiler?)")
    return _LOADED["core"]


def _forced_pure() -> bool:
    return os.environ.get(PURE_PYTHON, "") not in ("", "0")


def core_module() -> ModuleType | None:
    """The compiled core, or None when the pure-Python twins run."""
    if _forced_pure():
        return None
    return _load()[0]


def core_status() -> tuple[bool, str]:
    """``(True, where)`` when the compiled core runs, else ``(False, why not)``."""
    if _forced_pure():
        return False, f"pure Python: {PURE_PYTHON}=1 is set"
    module, why = _load()
    return (True, why) if module is not None else (False, "pure Python: " + why)


class Twin:
    """A compiled kernel and its pure-Python twin (see the module docstring)."""

    def __init__(self, name: str, func: Callable[..., Any], adapt: Adapter | None = None) -> None:
        self.name = name
        self.py_func = func
        self.adapt = adapt
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__

    @property
    def compiled(self) -> Callable[..., Any] | None:
        """The compiled function, or None when the pure-Python twin runs."""
        module = core_module()
        return None if module is None else getattr(module, self.name, None)

    def __call__(self, *args: Any) -> Any:
        fast = self.compiled
        if fast is None:
            return self.py_func(*args)
        return fast(*args) if self.adapt is None else self.adapt(fast, *args)


def twin(name: str, adapt: Adapter | None = None) -> Callable[[Callable[..., Any]], Twin]:
    """Decorate a pure-Python kernel as the twin of the compiled function ``name``;
    ``adapt(compiled, *args)``, when given, makes the compiled call (checks, conversions)."""

    def wrap(func: Callable[..., Any]) -> Twin:
        return Twin(name, func, adapt)

    return wrap
