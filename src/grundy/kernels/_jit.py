"""Lazy numba compilation with a pure-Python fallback.

:func:`kernel` wraps a plain Python function. Calling the wrapper compiles it
with ``numba.njit`` on first use when numba is installed and the environment
variable ``GRUNDY_NO_NUMBA`` is not set; otherwise the plain function runs.
``.py_func`` is always the plain function, so tests can run both ways.

>>> @kernel
... def add(a, b):
...     return a + b
>>> add.py_func(2, 3)
5
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

__all__ = ["JitKernel", "kernel", "numba_available"]

_STATE: dict[str, Any] = {}


def _numba() -> Any:
    """The numba module, or None (imported once, on first need)."""
    if "numba" not in _STATE:
        try:
            import numba  # noqa: PLC0415 (lazy: numba)

            _STATE["numba"] = numba
        except ImportError:  # pragma: no cover - depends on the environment
            _STATE["numba"] = None
    return _STATE["numba"]


def numba_available() -> bool:
    """True when numba can be imported and is not disabled by ``GRUNDY_NO_NUMBA``."""
    if os.environ.get("GRUNDY_NO_NUMBA", "") not in ("", "0"):
        return False
    return _numba() is not None


class JitKernel:
    """A kernel compiled on first call (see the module docstring)."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.py_func = func
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__
        self._compiled: Callable[..., Any] | None = None

    @property
    def compiled(self) -> Callable[..., Any] | None:
        """The numba version, or None when numba is not available."""
        if self._compiled is None and numba_available():
            self._compiled = _numba().njit(cache=True, nogil=True)(self.py_func)
        return self._compiled

    def __call__(self, *args: Any) -> Any:
        fast = self.compiled
        return (fast or self.py_func)(*args)


def kernel(func: Callable[..., Any]) -> JitKernel:
    """Decorate a kernel: numba when available, plain Python otherwise."""
    return JitKernel(func)
