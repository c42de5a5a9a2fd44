"""Compiled inner loops (numba, imported lazily) with a pure-Python fallback.

Kernels take arrays and ints and return arrays or ints; each has ``.py_func``,
the plain Python version. Set ``GRUNDY_NO_NUMBA=1`` to run without numba.
"""
