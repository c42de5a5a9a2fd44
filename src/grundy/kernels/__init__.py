"""Compiled inner loops (the C extension :mod:`grundy._core`) and their pure-Python twins.

Kernels take arrays and ints and return arrays or ints. Each is a
:class:`~grundy.kernels._core.Twin`: calling it runs the compiled function when the compiled
core is active, ``.py_func`` is the pure-Python twin. ``GRUNDY_PURE_PYTHON=1`` forces the
twins; :func:`grundy.kernels._core.core_status` says which runs and why.
"""
